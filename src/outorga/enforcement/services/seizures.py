"""Seizures (apreensões, mototaxi art. 35; removals, taxi art. 42 II): recorded on their auto, the
removal charged at once — with the fine where the law makes it a condition of the release
(mototaxi art. 35 §1) —, storage billed by the day, released when the auto's law says the charges
it names are paid (mototaxi art. 35 §1–2; taxi art. 42 §2)."""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import answers, ask
from outorga.enforcement.models import Case, InfractionNotice, Seizure
from outorga.enforcement.services.autos import offender_of
from outorga.enforcement.services.common import (
    InvalidStep,
    auto_defence,
    case_contested,
    case_pending,
    debt_charge,
)
from outorga.finance.models import Debt
from outorga.finance.payments import future_date
from outorga.law import interfaces
from outorga.law.decisions import Decision
from outorga.registry.models import Person
from outorga.registry.validation import FieldError

# --- seizures (art. 35) ------------------------------------------------------------------------------


def seizure_create(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person | None,
    plate: str,
    depot: str,
    entered_on: dt.date,
    removal_cents: int,
    storage_daily_cents: int,
    auto: InfractionNotice,
) -> Seizure:
    """Apreensão (mototaxi art. 35), recorded on its auto de infração (art. 29–30): for service
    without permission, or for an infraction whose article seizes the vehicle (§2 of art. 38–41).
    The fine is charged at once with the removal — release requires paying them even while an
    appeal runs (art. 35 §1–2) — so they are due on the day of the seizure; but the offender still
    has the defence of art. 42 and the appeals of art. 43–44, so the charges await the case's
    finality: until then they never become final by their due date nor block a renewal (D-1,
    D-11). Under the taxi law (art. 42 II, §2) the removal and storage are the infractor's and
    the fine follows the auto's process (art. 41 §5): the law's answer charges no fine here.
    Where the law tells the removal at the act from the seizure as a penalty (its
    ``seizure_grounds``: taxi art. 42 II and art. 41 III), a vehicle the auto did not remove at
    the act is seized only once the law finds the notice and the defence it requires (art. 41
    §5, caput; ADR 0068). Without a permit the charges go to the offender found by the auto's CPF or CNPJ
    (:func:`offender_of`), who must be registered first."""
    law = auto.law
    if not answers(law, "seizure_release"):
        raise FieldError("lei", "a lei deste auto não regula a apreensão nem a liberação")
    authorize(actor=actor, municipality=municipality, action="penalty.seizure", law=law)
    if not depot.strip():
        raise FieldError("pátio", "informe o pátio")
    if not auto.seizure:
        raise FieldError(
            "auto", "esta infração não acarreta apreensão", interfaces.cited(law, "seizure")
        )
    if auto.status == InfractionNotice.Status.CANCELLED:
        raise FieldError("auto", f"o auto {auto.number} está cancelado")
    if removal_cents < 0 or storage_daily_cents < 0:
        raise FieldError("remoção", "valores de remoção e estadia não podem ser negativos")
    grounded = _seizure_grounded(actor, municipality, auto, entered_on)
    if person is None:
        with tenant(municipality):
            person = offender_of(auto)
    if person is None:
        raise FieldError(
            "infrator",
            f"cadastre o infrator (CPF/CNPJ {auto.offender_registration or 'não informado'}) "
            "antes da apreensão: os custos são dele",
            interfaces.cited(law, "seizure"),
        )
    grounds = Seizure.Grounds.UNLICENSED if auto.permit_id is None else Seizure.Grounds.INFRACTION
    facts: dict[str, Any] = {
        "grounds": grounds,
        "seized_on": entered_on.isoformat(),
        "fine_paid": False,
        "charges": [],
        **_committed_on(auto),
    }
    if grounds == Seizure.Grounds.INFRACTION:
        facts["codes"] = [auto.infraction_code]
    d = ask(municipality, law, "seizure_release", facts, entered_on)
    fine_cents = int(d.to_json()["outcome"]["fine_cents"])
    with transaction.atomic(), tenant(municipality):
        permit = auto.permit
        case = Case.objects.filter(auto=auto).first()
        s = Seizure.objects.create(
            law=law,
            auto=auto,
            person=person,
            plate=plate.upper().replace("-", ""),
            grounds=grounds,
            depot=depot.strip(),
            entered_on=entered_on,
            storage_days=1,
            storage_daily_cents=storage_daily_cents,
            removal_cents=removal_cents,
        )
        if case is not None and case.person_id is None:
            # The offender registered after the auto: the case and its fine are theirs.
            case.person = person
            case.save(update_fields=["person"])
        label = auto.number
        # The fine and the removal are charged alike: to the owner, due on entry, awaiting the
        # case as it stands.
        charge = partial(
            debt_charge,
            actor=actor,
            municipality=municipality,
            person=person,
            permit=permit,
            due_on=entered_on,
            **_awaiting_the_case(case),
        )
        if fine_cents > 0:
            s.fine_debt = charge(
                origin=Debt.Origin.FINE,
                description=f"Multa — apreensão {label} ({interfaces.cited(law, 'seizure')})",
                amount_cents=fine_cents,
                basis=basis_of(d),
            )
        if removal_cents > 0:
            s.removal_debt = charge(
                origin=Debt.Origin.REMOVAL,
                description=f"Remoção — apreensão {label}",
                amount_cents=removal_cents,
                basis=_seizure_basis(s),
            )
        s.save(update_fields=["fine_debt", "removal_debt"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="seizure.create",
            obj=s,
            new={
                "plate": s.plate,
                "grounds": grounds,
                "depot": s.depot,
                "entered_on": entered_on,
                "auto": auto.number,
                "fine_cents": fine_cents,
                "removal_cents": removal_cents,
                "person": person.document,
                **({"as": grounded.outcome["grounds"]} if grounded is not None else {}),
            },
            basis=basis_of(d, more=[grounded] if grounded is not None else []),
        )
    return s


def _seizure_grounded(
    actor: Actor, municipality: Municipality, auto: InfractionNotice, entered_on: dt.date
) -> Decision | None:
    """Where the auto's law tells them apart (``seizure_grounds``; taxi art. 42 II and 41 III):
    the vehicle enters the depot by the removal the auto recorded at the act, or as the penalty
    of apreensão — only after the notice to the permissionário and the defence (art. 41 §5 and
    caput). A refusal is kept in the acts log and names the field and the article; None where
    the law has no such question (its seizure is the auto's own, mototaxi art. 35)."""
    if not answers(auto.law, "seizure_grounds"):
        return None
    with tenant(municipality):
        due = auto_defence(Case.objects.filter(auto=auto).first())
    facts: dict[str, Any] = {
        **_committed_on(auto),
        "seized_on": entered_on.isoformat(),
        "measures": list(auto.measures),
        **{k: v.isoformat() if isinstance(v, dt.date) else v for k, v in due.items()},
    }
    d = ask(municipality, auto.law, "seizure_grounds", facts, entered_on)
    if not (d.outcome or {}).get("allowed"):
        raise law_refused(
            actor=actor,
            municipality=municipality,
            action="seizure.create",
            d=d,
            obj=auto,
            new={"auto": auto.number, "entered_on": entered_on},
            field="apreensão",
        )
    return d


def _committed_on(auto: InfractionNotice) -> dict[str, str]:
    """The date of the fact the auto records: a fine charged at the seizure is the one of the
    law in force that day (D-15), not on the day of the seizure."""
    return {"committed_on": auto.committed_on.isoformat()}


def storage_days(s: Seizure, on: dt.date) -> int:
    """Days in the depot, the day of entry included (a vehicle released on its entry day pays
    one day)."""
    end = s.released_on or on
    return max(1, (end - s.entered_on).days + 1)


def _locked_held(seizure: Seizure) -> Seizure:
    """The seizure's row locked for the transaction, refused once the vehicle is released."""
    s = Seizure.objects.select_for_update().get(pk=seizure.pk)
    if s.status != Seizure.Status.HELD:
        raise InvalidStep("veículo já liberado")
    return s


def seizure_bill_storage(
    *, actor: Actor, municipality: Municipality, seizure: Seizure, through: dt.date
) -> Debt | None:
    """Charge the storage days not yet charged, up to ``through`` (mototaxi art. 35 §1: estadia;
    taxi art. 42 §2). Never through a day after the municipality's today: estadia is the days
    the vehicle was held, and one released before would have paid for days it never stayed."""
    authorize(actor=actor, municipality=municipality, action="seizure.release", law=seizure.law)
    if through > today_of(municipality):
        raise future_date("data da estadia cobrada", through, municipality)
    with transaction.atomic(), tenant(municipality):
        s = _locked_held(seizure)
        start = (
            (s.storage_billed_until + dt.timedelta(days=1))
            if s.storage_billed_until
            else s.entered_on
        )
        days = (through - start).days + 1
        if days <= 0 or s.person is None:
            return None
        debt = debt_charge(
            actor=actor,
            municipality=municipality,
            person=s.person,
            permit=s.auto.permit if s.auto else None,
            **_awaiting_the_case(_auto_case(s)),
            origin=Debt.Origin.STORAGE,
            description=f"Estadia de {days} dia(s) ({start:%d/%m/%Y} a {through:%d/%m/%Y}) — {s.plate}",
            amount_cents=days * s.storage_daily_cents,
            due_on=through,
            basis=_seizure_basis(s),
        )
        s.storage_debts.add(debt)
        s.storage_billed_until = through
        s.storage_days = storage_days(s, through)
        s.save(update_fields=["storage_billed_until", "storage_days"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="seizure.storage.bill",
            obj=s,
            new={"days": days, "through": through, "debt": debt.reference},
            basis=_seizure_basis(s),
        )
    return debt


def release_facts(s: Seizure, on: dt.date) -> dict[str, Any]:
    storage = list(s.storage_debts.all())
    billed = bool(s.storage_billed_until and s.storage_billed_until >= on)
    facts: dict[str, Any] = {
        "grounds": s.grounds,
        "seized_on": s.entered_on.isoformat(),
        "fine_paid": bool(s.fine_debt and s.fine_debt.status == Debt.Status.PAID),
        "charges": [
            {
                "kind": "remocao",
                "amount_cents": s.removal_cents,
                "paid": s.removal_debt is None or s.removal_debt.status == Debt.Status.PAID,
            },
            {
                "kind": "estadia",
                "amount_cents": storage_days(s, on) * s.storage_daily_cents,
                "paid": billed and all(d.status == Debt.Status.PAID for d in storage),
            },
        ],
    }
    if s.auto is not None:
        facts.update(_committed_on(s.auto))
    if s.grounds == Seizure.Grounds.INFRACTION and s.auto:
        facts["codes"] = [s.auto.infraction_code]
    if case_pending(_auto_case(s)):
        facts["appeal_pending"] = True
    return facts


def _auto_case(s: Seizure) -> Case | None:
    """The case of the auto ``s`` was recorded on, if it has one."""
    return Case.objects.filter(auto_id=s.auto_id).first() if s.auto_id else None


def _awaiting_the_case(case: Case | None) -> dict[str, Any]:
    """How a seizure's charge stands with the auto's ``case`` (D-1, D-11): under appeal while a
    defence or appeal contests it, awaiting its finality while it is in its defence or appeals —
    though due at once, as a release requires it paid (mototaxi art. 35 §1–2)."""
    return {
        "status": Debt.Status.UNDER_APPEAL if case_contested(case) else Debt.Status.OPEN,
        "awaiting_finality": case_pending(case),
    }


def _seizure_basis(s: Seizure) -> dict[str, Any]:
    """What a charge or an act of ``s`` rests on: the article of its law on the seizure."""
    return {"citations": [interfaces.cited(s.law, "seizure")]}


def seizure_release_in_transaction(
    actor: Actor, municipality: Municipality, s: Seizure, on: dt.date, decision: dict[str, Any]
) -> None:
    s.status, s.released_on, s.release_decision = Seizure.Status.RELEASED, on, decision
    s.storage_days = storage_days(s, on)
    s.save(update_fields=["status", "released_on", "release_decision", "storage_days"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="seizure.release",
        obj=s,
        new={"released_on": on, "plate": s.plate},
        basis={"citations": decision.get("citations", []), "decision": decision},
    )


def seizure_release(
    *, actor: Actor, municipality: Municipality, seizure: Seizure, on: dt.date
) -> Seizure:
    """Release once the auto's law finds its charges paid — mototaxi: fine, fees, removal and
    storage (art. 35 §1), an appeal pending does not release (§2); taxi: transport and storage
    (art. 42 §2). The law core decides from the debts' statuses."""
    authorize(actor=actor, municipality=municipality, action="seizure.release", law=seizure.law)
    with tenant(municipality):
        facts = release_facts(seizure, on)
    d = ask(municipality, seizure.law, "seizure_release", facts, on)
    if not d.to_json()["outcome"]["may_release"]:
        raise Refused(d, d.summary)
    with transaction.atomic(), tenant(municipality):
        s = _locked_held(seizure)
        seizure_release_in_transaction(actor, municipality, s, on, d.to_json())
    return s

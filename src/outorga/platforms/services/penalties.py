"""Penalties of a platform or of one of its drivers (art. 26 I–II, D-5): imposing a warning or
fine and the fine's debt. What follows — notice and finality — is ``penalty_process``; the
appeal, ``penalty_appeals``."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.law.money import number_br

from ..models import Platform, PlatformDriver, PlatformPenalty
from .common import (
    PlatformRefused,
    apps_law,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    decision_day,
    driver_occurrences,
    fact_before_notice,
    field_error,
    occurrences,
)

# --- penalties (art. 26 I–II, D-5) ----------------------------------------------------------------


def _debtor(*, actor: Actor, municipality: Municipality, penalty: PlatformPenalty) -> Any:
    """The offender as the person the finance ledger charges: the platform as the legal person of
    its CNPJ, or the driver as the natural person of the CPF (art. 26 caput: "plataformas e
    motoristas"). The registry's row for that document is reused; when there is none, it is
    created from the platform's credential or the driver's registration, as an act."""
    from outorga.registry.models import Person

    p, d = penalty.platform, penalty.driver
    document = d.cpf if d is not None else p.cnpj
    person = Person.objects.filter(document=document).first()
    if person is not None:
        return person
    if d is not None:
        person = Person.objects.create(kind=Person.Kind.NATURAL, document=d.cpf, name=d.name)
        origin = f"motorista {d.pk} da plataforma credenciada {p.pk}"
    else:
        person = Person.objects.create(
            kind=Person.Kind.LEGAL,
            document=p.cnpj,
            name=p.name,
            address=p.address,
            phone=p.contact_phone,
            email=p.contact_email,
        )
        origin = f"plataforma credenciada {p.pk}"
    record_act(
        municipality=municipality,
        actor=actor,
        action="person.create",
        obj=person,
        new={"kind": person.kind, "document": person.document, "name": person.name},
        extra={"origem": origin},
    )
    return person


def _fine_debt(
    *, actor: Actor, municipality: Municipality, penalty: PlatformPenalty, on: dt.date
) -> Any:
    """The fine as a debt of the platform in the finance ledger, inside the penalty's transaction
    (whose competence was checked): the amount the law core converted at the UPFBG in force on
    the day the fine is imposed (art. 26, II; decision D-5). It awaits the penalty's finality
    (D-1): :func:`.penalty_process.penalty_make_final` clears
    the flag, an upheld appeal cancels or refunds it."""
    from outorga.finance import services as ledger
    from outorga.finance.models import Debt

    p = penalty.platform
    units = format(Decimal(penalty.fine_upfbg or 0).normalize(), "f")
    decision = penalty.decision
    # The law sets no payment term: the municipality's, moved off a non-business day (D-4).
    due_on, due = ledger.fine_due_on(municipality=municipality, imposed_on=on)
    basis = {
        "law": apps_law(municipality),
        "citations": sorted(
            set(decision.get("citations", []))
            | {c.render() for c in due.citations}
            | {"decisão D-1", "decisão D-11"}
        ),
        "decision": decision,
        "due_date": due.to_json(),
        "platform_penalty": penalty.pk,
        "fine_upfbg": units,
    }
    whom = f"ao motorista {penalty.driver.name}" if penalty.driver else f"à plataforma {p.name}"
    description = f"Multa de {number_br(units)} UPFBG {whom} ({cited(municipality, 'fine', on=on)})"
    return ledger.debt_create_in_transaction(
        actor=actor,
        municipality=municipality,
        person=_debtor(actor=actor, municipality=municipality, penalty=penalty),
        origin=Debt.Origin.FINE,
        description=description[:200],
        amount_cents=int(penalty.amount_cents or 0),
        due_on=due_on,
        basis=basis,
        # Payable at once, but final only with the penalty: not while the appeal period is open
        # or an appeal pending (D-1), so it neither turns final by its due date nor blocks (D-11).
        awaiting_finality=True,
    )


def driver_of(platform: Platform, cpf: str) -> PlatformDriver | None:
    """The platform's driver of a typed CPF (any punctuation), the newest registration; ``None``
    for an empty CPF — the platform itself is the offender; a refusal naming the field for a CPF
    the platform never registered (art. 26 caput: "plataformas e motoristas")."""
    digits = "".join(c for c in cpf if c.isdigit())
    if not digits:
        return None
    driver = PlatformDriver.objects.filter(platform=platform, cpf=digits).order_by("-pk").first()
    if driver is None:
        raise field_error(
            "driver_cpf",
            f"CPF {digits} não consta dos motoristas cadastrados pela plataforma {platform.name} "
            f"({cited(platform.municipality, 'penalties')}).",
        )
    return driver


def platform_penalty_impose(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    infraction_on: dt.date,
    description: str,
    reasoning: str,
    defence_notice_on: dt.date,
    defence_judged: bool,
    fine_upfbg: Decimal | None = None,
    driver: PlatformDriver | None = None,
    on: dt.date | None = None,
) -> tuple[PlatformPenalty, Decision]:
    """Warning or fine on a platform or, with ``driver``, on one of its drivers (art. 26 caput):
    the law core checks the first-occurrence warning against the offender's own record (art. 26
    I), the fine's maximum and converts it to reais at the UPFBG in force (art. 26 II, D-5), and
    due process (sole paragraph). A driver's fine is the driver's debt."""
    if kind not in PlatformPenalty.Kind.values:
        raise field_error("kind", "Penalidade deve ser advertência ou multa.")
    action = "penalty.warning" if kind == PlatformPenalty.Kind.WARNING else "penalty.fine"
    authorize_apps(actor=actor, municipality=municipality, action=action)
    if not reasoning.strip():
        raise field_error("reasoning", "Fundamente a penalidade.")
    on = decision_day(actor=actor, municipality=municipality, action=action, obj=platform, on=on)
    if defence_notice_on > on:
        # D-4: the defence runs from the day the notice reached the offender, never a day to come.
        raise field_error(
            "defence_notice_on", "A data da notificação para defesa não pode estar no futuro."
        )
    # Art. 26 I counts the earlier occurrences up to the notice's day.
    fact_before_notice(infraction_on, defence_notice_on, "para defesa")
    if driver is not None and driver.platform_id != platform.pk:
        raise field_error("driver", "Motorista não cadastrado nesta plataforma.")
    facts: dict[str, Any] = {
        "offender": "driver" if driver is not None else "platform",
        "penalty": kind,
        "infraction_on": infraction_on.isoformat(),
        "defence_notice_on": defence_notice_on.isoformat(),
        "defence_judged": defence_judged,
    }
    if kind == PlatformPenalty.Kind.FINE:
        if fine_upfbg is None:
            raise field_error("fine_upfbg", "Informe o valor da multa em UPFBG.")
        facts["fine_upfbg"] = format(Decimal(fine_upfbg).normalize(), "f")
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        facts["occurrences"] = (
            driver_occurrences(driver, infraction_on, on)
            if driver is not None
            else occurrences(p, infraction_on, on)
        )
        decision = bound_law(municipality, on).ask("penalty", facts)
        if not decision.outcome["allowed"]:
            refused = law_refused(
                actor=actor,
                municipality=municipality,
                action=action,
                d=decision,
                obj=p,
                new={
                    "kind": kind,
                    "fine_upfbg": facts.get("fine_upfbg"),
                    "driver": driver.pk if driver else None,
                },
                error=partial(PlatformRefused, "Penalidade não aplicada"),
            )
        else:
            penalty = PlatformPenalty.objects.create(
                platform=p,
                driver=driver,
                kind=kind,
                infraction_on=infraction_on,
                description=description.strip(),
                reasoning=reasoning.strip(),
                fine_upfbg=decision.outcome["fine_upfbg"],
                amount_cents=decision.outcome["amount_cents"],
                defence_notice_on=defence_notice_on,
                defence_judged=defence_judged,
                imposed_on=on,
                imposed_by=actor.user,
                decision=decision.to_json(),
            )
            if penalty.amount_cents:
                penalty.debt = _fine_debt(
                    actor=actor, municipality=municipality, penalty=penalty, on=on
                )
                penalty.save(update_fields=["debt"])
            record_act(
                municipality=municipality,
                actor=actor,
                action=action,
                obj=penalty,
                new={
                    "platform": p.pk,
                    "driver": driver.pk if driver else None,
                    "kind": kind,
                    "fine_upfbg": penalty.fine_upfbg,
                    "amount_cents": penalty.amount_cents,
                    "debt": penalty.debt.reference if penalty.debt else None,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise refused
    return penalty, decision

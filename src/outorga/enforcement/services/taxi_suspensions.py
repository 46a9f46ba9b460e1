"""The taxi law's suspensions: of the permission (art. 42 V) and of the taxista's inscription in
the Cadastro (art. 42 IV), never over 90 days (D-10), each on the fact of a final auto; and the
suspensions an annulled auto no longer backs, annulled with it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.errors import Refused
from outorga.core.lawseam import cited_aside
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import ask
from outorga.enforcement.models import Case, InfractionNotice, Penalty
from outorga.enforcement.services.autos import taxi_auto_checked
from outorga.enforcement.services.suspensions import decision_day
from outorga.law import interfaces
from outorga.law.citations import lei_9784
from outorga.law.decisions import Decision
from outorga.registry.models import Auxiliary, Permit, Person
from outorga.registry.services.common import (
    governed,
    penalty_law,
)
from outorga.registry.services.eligibility import register_bar
from outorga.registry.services.permit_status import (
    permit_suspend,
    permit_suspension_annulled,
    suspension_grounded,
)
from outorga.registry.validation import FieldError


def _auto_facts(auto: InfractionNotice) -> dict[str, Any]:
    return {"auto_id": auto.pk, "auto": auto.number, "infraction": auto.infraction_code}


#: Each taxi suspension of art. 42 by what it suspends: the law's question on its grounds, the
#: action its refusal is logged under, and what it is in a person's words.
TAXI_SUSPENSIONS = {
    "cadastro": (
        "register_suspension",
        "penalty.suspension.register",
        "a suspensão do cadastro de taxista",
    ),
    "permissao": ("permit_suspension", "permit.suspended", "a suspensão da permissão"),
}


def auto_suspensions_annul(
    *, actor: Actor, municipality: Municipality, case: Case, on: dt.date, basis: dict[str, Any]
) -> str:
    """The taxi suspensions (art. 42 IV–V) the auto of ``case`` backs, annulled with it when the
    authority annuls the case of its own motion or cancels the auto (Lei 9.784/1999 art. 53,
    D-17; competence ``case.annul``): the act annulled takes with it the penalties that rest on it
    (art. 41 caput). Each is marked annulled — an inscription's no longer bars the taxista
    (``register_bar``) —, and a permission's suspension still in force is lifted at once
    (``permit_suspension_annulled``). A suspension is imposed only on a final auto (D-1), so no
    defence or appeal upheld reaches one: only the annulment. Inside the annulling transaction;
    returns what the case's outcome says of them ("" when the auto backs none)."""
    auto = case.auto
    if auto is None:
        return ""
    if auto.permit_id is not None:
        # A suspension imposed on the auto serialises on the permit's row (``_TaxiSuspension``):
        # locked first, none can be committed between this reading and the annulment.
        Permit.objects.select_for_update().filter(pk=auto.permit_id).first()
    penalties = list(
        Penalty.objects.select_for_update().filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__auto_id=auto.pk,
            decision__target__in=list(TAXI_SUSPENSIONS),
            annulled_on__isnull=True,
        )
    )
    said = []
    for p in penalties:
        p.annulled_on = on
        p.save(update_fields=["annulled_on"])
        target = p.decision["target"]
        lifted = False
        if target == "permissao" and p.permit_id is not None and p.days:
            permit = Permit.objects.select_for_update().get(pk=p.permit_id)
            until = p.imposed_on + dt.timedelta(days=p.days - 1)
            lifted = permit.status == Permit.Status.SUSPENDED and permit.suspended_until == until
            if lifted:
                permit_suspension_annulled(
                    actor=actor,
                    municipality=municipality,
                    permit=permit,
                    competence="case.annul",
                    suspended_until=until,
                    case_number=case.number,
                    on=on,
                    reason=f"auto {auto.number} anulado no processo {case.number} "
                    f"({lei_9784(53)}): a suspensão que nele se apoiava cai com ele",
                    basis=basis,
                )
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.suspension.annul",
            obj=p,
            old={"annulled_on": None},
            new={
                "target": target,
                "case": case.number,
                "annulled_on": on,
                "lifted_on": on if lifted else None,
            },
            basis=basis,
        )
        what = TAXI_SUSPENSIONS[target][2]
        said.append(f"{what} anulada" + (", permissão restabelecida" if lifted else ""))
    return "; ".join(said)


def _committed_by(auto: InfractionNotice, auxiliary: Auxiliary | None) -> bool:
    """Whether the auto records as its offender the taxista whose inscription is suspended: the
    ``auxiliary``, or the holder when there is none."""
    by = InfractionNotice.CommittedBy
    if auxiliary is not None:
        return auto.committed_by == by.AUXILIARY and auto.auxiliary_id == auxiliary.pk
    return auto.committed_by == by.HOLDER


def _suspensions_backed(auto: InfractionNotice) -> list[dict[str, Any]]:
    """The suspensions ``auto`` already backs, from the penalties recorded on it: what each
    suspended (the permission, or an offender's inscription) and its first day."""
    rows = (
        Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__auto_id=auto.pk,
            decision__target__in=list(TAXI_SUSPENSIONS),
            annulled_on__isnull=True,
        )
        .order_by("imposed_on", "id")
        .values_list("decision__target", "imposed_on", "decision__offender__person_id")
    )
    backed: list[dict[str, Any]] = []
    for target, imposed_on, person_id in rows:
        one = {"target": target, "start": imposed_on.isoformat()}
        if person_id:
            one["offender"] = str(person_id)
        backed.append(one)
    return backed


@dataclass(frozen=True)
class _TaxiSuspension:
    """One taxi suspension asked for (art. 42 IV or V): of the permission, or of the
    inscription of its holder or of its ``auxiliary``, for ``days`` from ``start``."""

    actor: Actor
    municipality: Municipality
    permit: Permit
    target: str
    days: int
    start: dt.date
    reason: str
    auxiliary: Auxiliary | None = None
    #: The day the authority decides (the act's day): the suspension starts on it at the
    #: earliest (art. 42 IV–V, ADR 0067).
    decided_on: dt.date | None = None

    def grounds(self, auto: InfractionNotice) -> dict[str, Any]:
        """What the suspension rests on, from the records, as the law's ``permit_suspension``
        or ``register_suspension`` reads it: the auto and whether it is final, since when
        (art. 41 caput, D-1); for the inscription, whether the taxista suspended committed it
        and who they are (art. 42 IV); and the suspensions the auto already backs (art. 42
        caput)."""
        final_on = auto.case.final_on
        grounds: dict[str, Any] = {
            "kind": "auto",
            "auto": auto.number,
            "final": auto.case.stage == Case.Stage.FINAL,
            "final_on": final_on.isoformat() if final_on else None,
        }
        if self.target == "cadastro":
            aux = self.auxiliary
            grounds["committed_by_the_suspended"] = _committed_by(auto, aux)
            grounds["suspended_role"] = "auxiliar" if aux is not None else "titular"
            person_id = aux.person_id if aux is not None else self.permit.holder_id
            grounds["offender"] = str(person_id)
        grounds["suspensions_backed"] = _suspensions_backed(auto)
        if self.decided_on is not None:
            grounds["decided_on"] = self.decided_on.isoformat()
        return grounds

    def ask(self, grounds: dict[str, Any], fact_on: dt.date) -> None:
        """The law's word on ``grounds`` (the law of the start, or of ``fact_on`` once the
        binding ended: ``penalty_law``); a refusal is logged and raised naming the field and
        the articles (``suspension_grounded``)."""
        question, action, _what = TAXI_SUSPENSIONS[self.target]
        suspension_grounded(
            actor=self.actor,
            municipality=self.municipality,
            permit=self.permit,
            law=penalty_law(self.municipality, self.permit.service, self.start, fact_on),
            days=self.days,
            start=self.start,
            reason=self.reason,
            grounds=grounds,
            question=question,
            action=action,
            obj=self.auxiliary,
        )

    def grounded(
        self, auto: InfractionNotice | None, cite: str
    ) -> tuple[InfractionNotice, dict[str, Any]]:
        """The auto the suspension punishes, read from this municipality's records
        (``taxi_auto_checked``), and the law asked on the grounds — before the change's
        transaction, so that a refusal stays in the acts log."""
        found, _final = taxi_auto_checked(
            self.municipality, self.permit, auto, TAXI_SUSPENSIONS[self.target][2], cite
        )
        with tenant(self.municipality):
            grounds = self.grounds(found)
        self.ask(grounds, found.committed_on)
        return found, grounds

    @contextmanager
    def locked(self, auto: InfractionNotice, grounds: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """The change's transaction, with the permit's row locked — two impositions on one auto
        at once, or one and the auto's annulment, are serialised by it — and the grounds read
        again under the lock. Where another
        suspension on the auto was committed since the law's answer, the law is asked again:
        its refusal is logged in this transaction and raised once it is committed, so the body
        does not run. Yields the grounds the law allowed."""
        with transaction.atomic(), tenant(self.municipality):
            Permit.objects.select_for_update().filter(pk=self.permit.pk).first()
            # The auto and its case read again under the lock: an annulment or a cancellation
            # committed meanwhile (which locks the permit too) leaves the case no longer final.
            now = self.grounds(InfractionNotice.objects.select_related("case").get(pk=auto.pk))
            refused: FieldError | None = None
            if now != grounds:
                try:
                    self.ask(now, auto.committed_on)
                except FieldError as exc:
                    refused = exc
            if refused is None:
                yield now
                return
        raise refused


def _later_bar_within(person: Person, start: dt.date, ends_on: dt.date) -> Decision | None:
    """Art. 42 IV: a suspension of ``person``'s inscription already imposed to start after
    ``start`` and on or before ``ends_on`` — the new one would run into its days —, as the law's
    ``register_bar`` reads it on that suspension's first day; None when there is none."""
    later = (
        Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__target="cadastro",
            decision__offender__person_id=person.pk,
            annulled_on__isnull=True,
            imposed_on__gt=start,
            imposed_on__lte=ends_on,
        )
        .order_by("imposed_on")
        .values_list("imposed_on", flat=True)
        .first()
    )
    return register_bar(person, later) if later is not None else None


def _suspension_allowed(
    municipality: Municipality,
    auto: InfractionNotice,
    target: str,
    days: int,
    start: dt.date,
    decided_on: dt.date,
) -> Decision:
    """The law's ``suspension`` of the ``target`` (the permission, or the register) for ``days``
    from ``start`` (taxi art. 42 IV–V: at most 90 days, D-10); refused with its reasons. The
    infraction it punishes is judged by the law and the limit in force on the day it was
    committed (D-15), not by an amendment made since; who decides is the authority competent on
    ``decided_on``, the day of the act (ADR 0067)."""
    d = ask(
        municipality,
        auto.law,
        "suspension",
        {
            "target": target,
            "days": days,
            "start": start.isoformat(),
            "decided_on": decided_on.isoformat(),
        },
        auto.committed_on,
    )
    if not (d.outcome or {}).get("allowed"):
        raise Refused(d)
    return d


def taxi_suspension_impose(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    days: int,
    start: dt.date,
    reason: str = "",
    on: dt.date | None = None,
) -> Permit:
    """Taxi art. 42 V: suspension of the permission, never over 90 days (D-10), on one final
    auto of this permission (D-1; art. 41 caput: contraditório e ampla defesa), decided ``on``
    (the municipality's today when not given) by the authority competent that day and starting
    on it at the earliest (ADR 0067). Only a taxi permission: a mototaxi suspension follows art.
    32 I (``suspension_impose``). Under no law today, only for the fact of an auto of while the
    permit's law was in force (ADR 0071)."""
    governed(permit, auto.committed_on if auto is not None else None)
    cite42 = interfaces.cited(permit.law, "suspension")
    if not cite42:
        raise FieldError(
            "permissão",
            "a lei desta permissão não prevê a suspensão por prazo fixado pela autoridade: nela a "
            "suspensão decorre da própria lei",
            interfaces.cited(permit.law, "suspension_accumulation"),
        )
    decided_on = decision_day(actor, municipality, permit, on)
    asked = _TaxiSuspension(
        actor, municipality, permit, "permissao", days, start, reason, decided_on=decided_on
    )
    auto, grounds = asked.grounded(auto, cite42)
    d = _suspension_allowed(municipality, auto, "permissao", days, start, decided_on)
    why = f"auto {auto.number}{cited_aside(permit, 'suspension')}" + (
        f": {reason.strip()}" if reason.strip() else ""
    )
    with asked.locked(auto, grounds) as grounds:
        permit_suspend(
            actor=actor,
            municipality=municipality,
            permit=permit,
            days=days,
            start=start,
            reason=why,
            basis=basis_of(d) | _auto_facts(auto),
            grounds=grounds,
            fact_on=auto.committed_on,
        )
        Penalty.objects.create(
            kind=Penalty.Kind.SUSPENSION,
            permit=permit,
            days=days,
            imposed_on=start,
            decision={**d.to_json(), "target": "permissao", **_auto_facts(auto)},
        )
        return Permit.objects.get(pk=permit.pk)


def taxi_register_suspension_impose(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    infraction: InfractionNotice | None,
    days: int,
    start: dt.date,
    reason: str = "",
    auxiliary: Auxiliary | None = None,
    on: dt.date | None = None,
) -> Penalty:
    """Taxi art. 42 IV: suspension of the taxista's inscription in the Cadastro (art. 20), never
    over 90 calendar days (D-10) — the holder's, or the ``auxiliary``'s of this permission — on
    one final ``infraction`` of this permission (D-1; art. 41 caput) committed by that person
    (``committed_by``). Kept as a suspension penalty naming the offender and the auto
    (``decision.target`` "cadastro"), which the registry reads as a bar on the person while it
    runs (``registry.taxi.register_bar``). Decided ``on`` (the municipality's today when not
    given) by the authority competent that day, starting on it at the earliest (ADR 0067).
    Under no law today, only for the fact of an auto of while the permit's law was in force
    (ADR 0071)."""
    governed(permit, infraction.committed_on if infraction is not None else None)
    cite42 = interfaces.cited(permit.law, "cadastro_suspenso")
    if not cite42:
        raise FieldError("permissão", "a suspensão do cadastro de taxista é da lei do táxi", cite42)
    decided_on = decision_day(actor, municipality, permit, on)
    if auxiliary is not None and (
        auxiliary.permit_id != permit.pk or auxiliary.status != Auxiliary.Status.ACTIVE
    ):
        raise FieldError(
            "auxiliar", "o auxiliar não está ativo no cadastro desta permissão", cite42
        )
    asked = _TaxiSuspension(
        actor, municipality, permit, "cadastro", days, start, reason, auxiliary, decided_on
    )
    auto, grounds = asked.grounded(infraction, cite42)
    d = _suspension_allowed(municipality, auto, "cadastro", days, start, decided_on)
    person = auxiliary.person if auxiliary is not None else permit.holder
    offender: dict[str, Any] = (
        {"kind": "auxiliary", "auxiliary_id": auxiliary.pk, "person_id": person.pk}
        if auxiliary is not None
        else {"kind": "holder", "person_id": person.pk}
    )
    offender["name"] = person.name
    ends_on = start + dt.timedelta(days=days - 1)
    with asked.locked(auto, grounds):
        running = register_bar(person, start) or _later_bar_within(person, start, ends_on)
        if running is not None:
            raise Refused(running)
        penalty = Penalty.objects.create(
            kind=Penalty.Kind.SUSPENSION,
            permit=permit,
            days=days,
            imposed_on=start,
            decision={
                **d.to_json(),
                "target": "cadastro",
                "offender": offender,
                **_auto_facts(auto),
            },
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.suspension.register",
            obj=auxiliary if auxiliary is not None else permit,
            new={
                "target": "cadastro",
                "offender": offender,
                "permit": permit.number,
                "days": days,
                "start": start,
                "ends_on": ends_on,
                "auto": auto.number,
            },
            basis=basis_of(d) | _auto_facts(auto),
            extra={"reason": reason.strip()} if reason.strip() else None,
        )
    return penalty

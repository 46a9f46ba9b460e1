"""Suspensions: the mototaxi one found by escalation and imposed by the authority (art. 32 I,
art. 34) — of the permission, or of the auxiliary's credential for his own count (ADR 0088) —,
its appeal and annulment (art. 34 §3), and the day any suspension is decided. The taxi law's
suspensions are in :mod:`taxi_suspensions`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import cited_aside
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import ask
from outorga.enforcement.models import Case, Escalation, Filing, InfractionNotice, Notice, Penalty
from outorga.enforcement.services.common import InvalidStep, competence_cited
from outorga.law import interfaces
from outorga.law.citations import lei_9784
from outorga.registry.facts import cassations
from outorga.registry.locking import lock_person
from outorga.registry.models import Auxiliary, Notification, Permit, Person
from outorga.registry.notifications import notification_send
from outorga.registry.services.common import (
    InvalidTransition,
    governed,
)
from outorga.registry.services.permit_status import (
    permit_suspend,
    permit_suspension_annulled,
)
from outorga.registry.validation import FieldError

#: Who annuls a suspension on appeal (mototaxi art. 34 §3): the JARI's judgment (art. 43) or the
#: Chief Executive's (art. 44), each its own competence.
SUSPENSION_ANNULLED_BY = {"jari": "appeal.jari.judge", "executive": "appeal.executive.judge"}


def not_annulled(permit: Permit) -> str:
    """Why no other act annuls the permit's suspension, citing the law in force for it."""
    return (
        "só o recurso julgado procedente contra a suspensão desta permissão a anula e restabelece "
        f"a permissão{cited_aside(permit, 'suspension_annulled_on_appeal')}"
    )


def permit_suspension_lift(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    appeal: Filing,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    """A suspension annulled on appeal (art. 34 §3) is lifted at once. ``appeal`` must be exactly
    that: an appeal to the JARI or the Chief Executive, judged upheld, in the case against this
    permit's suspension, whose suspension (first day and days) is the one in force — the registry
    then applies it (``permit_suspension_annulled``). The competence checked is that judgment's.
    Usually called inside that judgment's transaction."""
    with tenant(municipality):
        filing = Filing.objects.select_related("case").filter(pk=appeal.pk).first()
    competence = SUSPENSION_ANNULLED_BY.get(filing.stage) if filing is not None else None
    if filing is None or competence is None:
        raise InvalidTransition(not_annulled(permit))
    authorize(actor=actor, municipality=municipality, action=competence, law=permit.law)
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo do ato")
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().select_related("case").get(pk=filing.pk)
        case = filing.case
        if (
            filing.result != Filing.Result.UPHELD
            or case.kind != Case.Kind.SUSPENSION
            or case.permit_id != permit.pk
        ):
            raise InvalidTransition(not_annulled(permit))
        suspension = Penalty.objects.filter(case=case, kind=Penalty.Kind.SUSPENSION).first()
        return permit_suspension_annulled(
            actor=actor,
            municipality=municipality,
            permit=permit,
            competence=competence,
            suspended_until=(
                suspension.imposed_on + dt.timedelta(days=suspension.days - 1)
                if suspension is not None and suspension.days
                else None
            ),
            case_number=case.number,
            on=on,
            reason=reason,
            basis=basis,
        )


def suspension_annul(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    filing: Filing | None,
    on: dt.date,
    basis: dict[str, Any],
) -> str:
    """The appeal ``filing`` against the suspension of ``case`` was upheld (art. 34 §3; JARI art.
    43, Chief Executive art. 44) — or, without a filing, the authority annulled it of its own
    motion (Lei 9.784/1999 art. 53, D-17; competence ``case.annul``): the suspension is annulled
    and, if it is still the one in force, lifted at once — the permission is active again without
    the proof of art. 32 §2. Inside the deciding transaction; returns the outcome for the case."""
    penalty = Penalty.objects.filter(case=case, kind=Penalty.Kind.SUSPENSION).first()
    esc = (
        Escalation.objects.select_for_update()
        .filter(
            permit_id=case.permit_id,
            status=Escalation.Status.IMPOSED,
            starts_on=penalty.imposed_on,
            days=penalty.days,
        )
        .first()
        if penalty is not None
        else None
    )
    if esc is None or esc.ends_on is None:
        return "suspensão anulada"
    esc.status = Escalation.Status.ANNULLED
    esc.save(update_fields=["status"])
    if penalty is not None and penalty.decision.get("target") == "credenciamento":
        # The auxiliary's credential (ADR 0088): the penalty falls, the permission was never
        # suspended by it; his badge's check no longer reads it.
        penalty.annulled_on = on
        penalty.save(update_fields=["annulled_on"])
        _tell_of_credential_suspension_annulled(municipality, case, filing, penalty, esc, on)
        _annulment_recorded(
            actor, municipality, esc, case, basis, target="credenciamento", annulled_on=on
        )
        return "suspensão do credenciamento do condutor auxiliar anulada"
    permit = Permit.objects.select_for_update().get(pk=esc.permit_id)
    lifted = permit.status == Permit.Status.SUSPENDED and permit.suspended_until == esc.ends_on
    if lifted and filing is not None:
        permit_suspension_lift(
            actor=actor,
            municipality=municipality,
            permit=permit,
            appeal=filing,
            on=on,
            reason=f"suspensão anulada em recurso no processo {case.number}"
            f"{cited_aside(permit, 'suspension_appeal')}",
            basis=basis,
        )
    elif lifted:
        permit_suspension_annulled(
            actor=actor,
            municipality=municipality,
            permit=permit,
            competence="case.annul",
            suspended_until=esc.ends_on,
            case_number=case.number,
            on=on,
            reason=f"suspensão anulada de ofício no processo {case.number} ({lei_9784(53)})",
            basis=basis,
        )
    _annulment_recorded(
        actor,
        municipality,
        esc,
        case,
        basis,
        permit=permit.number,
        lifted_on=on if lifted else None,
    )
    if lifted:
        return "suspensão anulada, permissão restabelecida"
    return f"suspensão anulada (a permissão já não estava suspensa por ela: {permit.get_status_display()})"


def _annulment_recorded(
    actor: Actor,
    municipality: Municipality,
    esc: Escalation,
    case: Case,
    basis: dict[str, Any],
    **more: Any,
) -> None:
    """The act of a suspension annulled (``penalty.suspension.annul``): the escalation's status
    and the case, with ``more`` of what fell (the auxiliary's credential, or the permission)."""
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.suspension.annul",
        obj=esc,
        old={"status": Escalation.Status.IMPOSED},
        new={"status": esc.status, "case": case.number, **more},
        basis=basis,
    )


def _open_suspension_appeal(
    permit: Permit, decision: dict[str, Any], decided_on: dt.date, person: Person | None = None
) -> Case:
    """Art. 34 §3: a suspension may be appealed to the JARI and then to the Chief Executive; the
    decision of ``decided_on`` is notified (D-4: never before it) and the appeal's deadline runs
    from that notice (art. 43)."""
    case = Case.objects.create(
        number=f"PA-{next_number('processo'):06d}",
        kind=Case.Kind.SUSPENSION,
        law=permit.law,
        permit=permit,
        person=person or permit.holder,
        stage=Case.Stage.JARI,
        waiting=Case.Waiting.NOTICE,
        proposal=decision,
    )
    Notice.objects.create(case=case, purpose=Notice.Purpose.DEFENCE_DECISION, act_on=decided_on)
    return case


def suspension_impose(
    *,
    actor: Actor,
    municipality: Municipality,
    escalation: Escalation,
    start: dt.date,
    on: dt.date | None = None,
) -> Escalation:
    """The authority's one click: the suspension the law core found (art. 32 I, D-2), applied by
    the SESUMA (art. 34). The counted infractions no longer count toward another suspension (D-2).
    Decided ``on`` (the municipality's today when not given — the screen and the API give none;
    never a day to come) by the authority competent that day; the law refuses a start before it
    (art. 2 XXIV with art. 34 and 43, ADR 0085), and the notice that opens the appeal is of that
    day. Under no law today, only for infractions of while the permit's law was in force (ADR
    0071)."""
    with tenant(municipality):
        newest = escalation.counted.order_by("-committed_at").first()
        governed(escalation.permit, newest.committed_on if newest is not None else None)
    decided_on = decision_day(actor, municipality, escalation.permit, on)
    with transaction.atomic(), tenant(municipality):
        esc = Escalation.objects.select_for_update().get(pk=escalation.pk)
        if esc.status != Escalation.Status.PENDING:
            raise InvalidStep("esta suspensão já foi decidida")
        autos = list(esc.counted.select_related("case"))
        numbers = [a.number for a in autos]
        counted = ", ".join(numbers)
        # D-1: the count is reached the day its last auto became final (art. 32 I).
        finals = [a.case.final_on for a in autos if getattr(a, "case", None) and a.case.final_on]
        grounds: dict[str, Any] = {
            "kind": "escalation",
            "days": esc.days,
            "infractions": numbers,
            "decided_on": decided_on.isoformat(),
        }
        if finals:
            grounds["final_on"] = max(finals).isoformat()
        if (esc.decision.get("outcome", {}).get("suspension") or {}).get("target") == (
            "credenciamento"
        ):
            return _credential_suspension_impose(
                actor, municipality, esc, autos, grounds, start, decided_on
            )
        permit_suspend(
            actor=actor,
            municipality=municipality,
            permit=esc.permit,
            days=esc.days,
            start=start,
            reason=f"suspensão de {esc.days} dias"
            f"{cited_aside(esc.permit, 'suspension_accumulation')}: autos {counted}",
            basis=basis_of(None)
            | {"decision": esc.decision, "citations": esc.decision.get("citations", [])},
            grounds=grounds,
            fact_on=newest.committed_on if newest is not None else None,
        )
        esc.status, esc.decided_by = Escalation.Status.IMPOSED, actor.user
        esc.starts_on, esc.ends_on = start, start + dt.timedelta(days=esc.days - 1)
        esc.save(update_fields=["status", "decided_by", "starts_on", "ends_on"])
        # Its notice, which opens the appeal (art. 34 §3, art. 43), is of the day of the decision.
        appeal = _open_suspension_appeal(esc.permit, esc.decision, decided_on)
        Penalty.objects.create(
            kind=Penalty.Kind.SUSPENSION,
            case=appeal,
            permit=esc.permit,
            days=esc.days,
            imposed_on=start,
            decision=esc.decision,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.suspension.impose",
            obj=esc,
            new={"permit": esc.permit.number, "days": esc.days, "start": start, "autos": counted},
            basis={"citations": esc.decision.get("citations", []), "decision": esc.decision},
        )
    return esc


#: The refusals of ``auxiliary_suspension`` that are about the auxiliary, not the first day.
AUXILIARY_REFUSALS = frozenset(
    {
        "art_32_i_auxiliary_suspension_follows_his_count",
        "art_32_iv_par3_auxiliary_credential_cassado",
    }
)


def credential_cassado_on(aux: Auxiliary) -> dt.date | None:
    """The day the credential ``aux`` holds was cassado (mototaxi art. 32, IV; §3), from the
    registry: the credential is the person's (art. 2, III), so a cassação on any of his links
    under this law, on or after this link began, took it; one before it (his bar served, a new
    credential granted) did not."""
    days = [
        dt.date.fromisoformat(c["effective_on"])
        for c in cassations(aux.person, aux.permit.service)
        if c["kind"] == "credenciamento_auxiliar"
    ]
    return min((d for d in days if d >= aux.added_on), default=None)


def _credential_suspension_impose(
    actor: Actor,
    municipality: Municipality,
    esc: Escalation,
    autos: list[InfractionNotice],
    grounds: dict[str, Any],
    start: dt.date,
    decided_on: dt.date,
) -> Escalation:
    """Inside ``suspension_impose``'s transaction, the escalation locked: the count reached is an
    auxiliary's own (art. 32 caput and I, art. 34, art. 2 XXV; ADR 0088) — his credential is
    suspended, not the permission. The auxiliary is the one the counted autos name; the law's
    ``auxiliary_suspension`` checks the grounds (his count, its days, not before the count nor
    the decision, not inside his earlier suspension), its refusal raised on "início" (on
    "auxiliar" when the count is not his). Kept as a suspension penalty naming him (``decision.target`` "credenciamento"),
    read by his badge's check; the appeal (art. 34 §3) is his, its notice of the decision's
    day."""
    people = {a.auxiliary.person_id if a.auxiliary is not None else None for a in autos}
    named = next(iter(people)) if len(people) == 1 else None
    if named is not None:
        # His credential is the person's (art. 2 III): two escalations of his on two permits
        # wait for one another here, so the second reads the first's suspension as earlier (the
        # order of registry.locking: the person, then his auxiliary links).
        lock_person(named)
    aux = (
        Auxiliary.objects.select_for_update(of=("self",))
        .select_related("person", "permit")
        .filter(pk=autos[-1].auxiliary_id)
        .first()
        if named is not None
        else None
    )
    if aux is None:
        raise FieldError(
            "auxiliar",
            "os autos contados não identificam um único condutor auxiliar: a suspensão do "
            "credenciamento é aplicada a quem atingiu a contagem",
            interfaces.cited(esc.law, "auxiliary_suspension"),
        )
    # His credential is the person's (art. 2 III): an earlier suspension on any permit counts.
    earlier = (
        Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__target="credenciamento",
            decision__offender__person_id=aux.person_id,
            annulled_on__isnull=True,
        )
        .order_by("-imposed_on")
        .first()
    )
    grounds |= {"target": "credenciamento", "auxiliary": str(aux.person_id)}
    if earlier is not None and earlier.days:
        end = earlier.imposed_on + dt.timedelta(days=earlier.days - 1)
        grounds["previous_end"] = end.isoformat()
    newest = max(a.committed_on for a in autos)
    facts: dict[str, Any] = {
        "auxiliary": str(aux.person_id),
        "days": esc.days,
        "start": start.isoformat(),
        "grounds": grounds,
    }
    cassado_on = credential_cassado_on(aux)
    if cassado_on is not None:
        facts["credential_cassado_on"] = cassado_on.isoformat()
    d = ask(municipality, esc.law, "auxiliary_suspension", facts, newest)
    if not (d.outcome or {}).get("allowed"):
        first = d.refusals[0].rule
        raise FieldError(
            "auxiliar" if first in AUXILIARY_REFUSALS else "início",
            " ".join(r.message for r in d.refusals),
            "; ".join(c.render() for r in d.refusals for c in r.citations),
        )
    ends_on = start + dt.timedelta(days=esc.days - 1)
    offender = {
        "kind": "auxiliary",
        "auxiliary_id": aux.pk,
        "person_id": aux.person_id,
        "name": aux.person.name,
    }
    esc.status, esc.decided_by = Escalation.Status.IMPOSED, actor.user
    esc.starts_on, esc.ends_on = start, ends_on
    esc.save(update_fields=["status", "decided_by", "starts_on", "ends_on"])
    appeal = _open_suspension_appeal(esc.permit, esc.decision, decided_on, person=aux.person)
    penalty = Penalty.objects.create(
        kind=Penalty.Kind.SUSPENSION,
        case=appeal,
        permit=esc.permit,
        days=esc.days,
        imposed_on=start,
        decision={**esc.decision, "target": "credenciamento", "offender": offender},
    )
    _tell_holder_of_credential_suspension(municipality, esc.permit, penalty, aux, ends_on)
    numbers = ", ".join(a.number for a in autos)
    citations = sorted(set(esc.decision.get("citations", [])) | set(d.to_json()["citations"]))
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.suspension.impose",
        obj=esc,
        new={
            "target": "credenciamento",
            "auxiliary": aux.pk,
            "permit": esc.permit.number,
            "days": esc.days,
            "start": start,
            "ends_on": ends_on,
            "autos": numbers,
        },
        basis={"citations": citations, "decision": d.to_json()},
    )
    return esc


def _tell_holder_of_credential_suspension(
    municipality: Municipality, permit: Permit, penalty: Penalty, aux: Auxiliary, ends_on: dt.date
) -> None:
    """An aviso in the holder's portal (a courtesy; the auxiliary is notified by the case's
    notice): his auxiliary may not drive in service from the first to the last day (art. 2, XXV),
    and the holder answers for his auxiliary's infractions "no que concorrer" (art. 31, §2)."""
    notification_send(
        municipality=municipality,
        key=f"auxiliary-credential-suspension-{penalty.pk}",
        kind=Notification.Kind.AUXILIARY_CREDENTIAL_SUSPENDED,
        message=(
            f"Credencial do condutor auxiliar {aux.person.name} suspensa de "
            f"{penalty.imposed_on:%d/%m/%Y} a {ends_on:%d/%m/%Y}"
            f"{cited_aside(permit, 'auxiliary_suspension')}: nesse período ele não pode conduzir "
            "o veículo em serviço. O permissionário responde pelas infrações do seu condutor "
            f"auxiliar no que concorrer{cited_aside(permit, 'auxiliary_answered_by')}."
        ),
        person=permit.holder,
        permit=permit,
        due_on=ends_on,
    )


def _tell_of_credential_suspension_annulled(
    municipality: Municipality,
    case: Case,
    filing: Filing | None,
    penalty: Penalty,
    esc: Escalation,
    on: dt.date,
) -> None:
    """The aviso that the suspension of the auxiliary's credential was annulled on ``on``: to the
    holder, who was told of it (:func:`_tell_holder_of_credential_suspension`), and to the
    auxiliary himself when he has a portal login of his own. It says by which decision and the
    article that gives it: the appeal upheld (``filing``; art. 34 §3 with the JARI's art. 43 or
    the Chief Executive's art. 44), the decision reconsidered (Lei 9.784/1999 art. 56 §1), or the
    annulment of the authority's own motion (no filing; Lei 9.784/1999 art. 53). Once each."""
    permit = esc.permit
    if filing is None:
        how, action = "anulação de ofício por vício de legalidade", "case.annul"
    elif filing.reconsideration.get("result") == "annul":
        how, action = "decisão reconsiderada pela autoridade que a proferiu", "appeal.reconsider"
    else:
        how = f"{filing.get_stage_display()} julgado procedente"
        action = SUSPENSION_ANNULLED_BY.get(filing.stage, "")
    cites = competence_cited(case.law, action, on)
    period = f"de {penalty.imposed_on:%d/%m/%Y} a {esc.ends_on:%d/%m/%Y}"
    decided = (
        f"anulada em {on:%d/%m/%Y} ({how}, processo {case.number}"
        f"{'; ' + cites if cites else ''}): a proibição de conduzir o veículo em serviço nesse "
        "período deixa de valer."
    )
    aux = Person.objects.get(pk=penalty.decision["offender"]["person_id"])
    key = f"auxiliary-credential-suspension-annulled-{penalty.pk}"
    notification_send(
        municipality=municipality,
        key=key,
        kind=Notification.Kind.AUXILIARY_CREDENTIAL_SUSPENSION_ANNULLED,
        message=f"Suspensão da credencial do condutor auxiliar {aux.name} {period} {decided}",
        person=permit.holder,
        permit=permit,
    )
    if aux.user_id is not None and aux.pk != permit.holder_id:
        notification_send(
            municipality=municipality,
            key=f"{key}-auxiliary",
            kind=Notification.Kind.AUXILIARY_CREDENTIAL_SUSPENSION_ANNULLED,
            message=(
                f"Suspensão da sua credencial de condutor auxiliar da permissão {permit.number} "
                f"{period} {decided}"
            ),
            person=aux,
            permit=permit,
        )


def decision_day(
    actor: Actor, municipality: Municipality, permit: Permit, on: dt.date | None
) -> dt.date:
    """The day a suspension is decided (taxi art. 42 IV–V, ADR 0067; mototaxi art. 2 XXIV with
    art. 34, ADR 0085): ``on`` as recorded, the municipality's today when not given (the screens
    and the API); never a day to come — and ``actor`` competent for it on that day, the act's."""
    day = on or today_of(municipality)
    future = in_the_future(municipality, day, "a data da decisão")
    if future:
        raise FieldError("data da decisão", future)
    authorize(
        actor=actor, municipality=municipality, action="penalty.suspension", law=permit.law, on=day
    )
    return day

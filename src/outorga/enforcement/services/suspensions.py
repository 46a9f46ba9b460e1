"""Suspensions: the mototaxi one found by escalation and imposed by the authority (art. 32 I,
art. 34), its appeal and annulment (art. 34 §3); the taxi suspension of the permission (art. 42 V)
and of the taxista's inscription in the Cadastro (art. 42 IV), never over 90 days (D-10)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import cited_aside
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import ask
from outorga.enforcement.models import Case, Escalation, Filing, InfractionNotice, Notice, Penalty
from outorga.enforcement.services.autos import taxi_auto_checked
from outorga.enforcement.services.common import InvalidStep, competence_cited
from outorga.law import interfaces
from outorga.law.decisions import Decision
from outorga.registry.facts import cassations
from outorga.registry.models import Auxiliary, Notification, Permit, Person
from outorga.registry.notifications import notification_send
from outorga.registry.services.common import (
    InvalidTransition,
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
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.suspension.annul",
            obj=esc,
            old={"status": Escalation.Status.IMPOSED},
            new={
                "status": esc.status,
                "case": case.number,
                "target": "credenciamento",
                "annulled_on": on,
            },
            basis=basis,
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
            reason=f"suspensão anulada de ofício no processo {case.number} (Lei 9.784/1999, "
            "art. 53)",
            basis=basis,
        )
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.suspension.annul",
        obj=esc,
        old={"status": Escalation.Status.IMPOSED},
        new={
            "status": esc.status,
            "case": case.number,
            "permit": permit.number,
            "lifted_on": on if lifted else None,
        },
        basis=basis,
    )
    if lifted:
        return "suspensão anulada, permissão restabelecida"
    return f"suspensão anulada (a permissão já não estava suspensa por ela: {permit.get_status_display()})"


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
                    "(Lei 9.784/1999, art. 53): a suspensão que nele se apoiava cai com ele",
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

"""Enforcement writes: one service per step of the processo administrativo.

Each service checks competence (``authorize``, before the transaction so a refusal's act is kept),
asks the law core (``lawbridge``), changes state and records the act with the decision trace in the
same transaction. The daily sweep (``sweep``) applies what the calendar decides: revelia, finality,
storage days; it never revokes, cassates or suspends anything by itself (D-3).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Conflict, DomainError, Refused
from outorga.core.models import Municipality, User
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.finance.payments import refund_for_upheld_defence
from outorga.law import interfaces
from outorga.law.competence import NotCompetent, Role, competence
from outorga.law.decisions import Decision
from outorga.registry.facts_taxi import other_outorgas
from outorga.registry.models import Auxiliary, Permit, Person, Vehicle
from outorga.registry.services.auxiliaries import auxiliary_cassar
from outorga.registry.services.documents import sniff
from outorga.registry.services.eligibility import register_bar
from outorga.registry.services.permit_status import (
    permit_cassar,
    permit_revoke,
    permit_suspend,
    permit_suspension_lift,
)
from outorga.registry.validation import FieldError

from . import lawbridge as L
from .models import (
    Case,
    Escalation,
    Filing,
    FilingAttachment,
    InfractionNotice,
    InfractionPhoto,
    Notice,
    Penalty,
    Seizure,
)
from .selectors import taxi_items

MAX_UPLOAD_BYTES = 5 * 1024 * 1024

SYSTEM = Actor.system("varredura diária")
PROPOSALS = (Case.Kind.REVOCATION, Case.Kind.CASSACAO)


class InvalidStep(Conflict, ValueError):
    """The case is not at the step the request assumes (e.g. judging a defence not filed)."""


class NotOwner(DomainError, PermissionError):
    """A holder acting on a case that is not theirs: to them it does not exist."""

    status = 404
    code = "nao_encontrado"

    def body(self) -> dict[str, Any]:
        return {"detail": "Não encontrado."}


# --- helpers -------------------------------------------------------------------------------------


def _basis(d: Decision | None, *more: Decision) -> dict[str, Any]:
    out = basis_of(d)
    if more:
        out["decisions"] = [x.to_json() for x in more]
        out["citations"] = sorted(
            set(out["citations"]) | {c for x in more for c in x.to_json()["citations"]}
        )
    return out


def _cites(law: str, action: str) -> list[str]:
    comp = competence(law, action)
    return [c.render() for c in comp.citations] if comp else []


def _file(content: bytes, *, images_only: bool) -> tuple[str, str]:
    if len(content) > MAX_UPLOAD_BYTES:
        raise FieldError("arquivo", "arquivo maior que 5 MB")
    ctype = sniff(content)  # magic bytes: PDF, PNG, JPEG only
    if images_only and not ctype.startswith("image/"):
        raise FieldError("fotos", "envie fotos em JPEG ou PNG")
    return ctype, hashlib.sha256(content).hexdigest()


def _debt(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    permit: Permit | None,
    origin: str,
    description: str,
    amount_cents: int,
    due_on: dt.date,
    basis: dict[str, Any],
    status: str = Debt.Status.OPEN,
    awaiting_finality: bool = False,
) -> Debt:
    """A debt in the finance ledger, inside the caller's transaction (whose competence — penalty,
    seizure — was already checked); the reference and the ``debt.create`` act are the ledger's."""
    return ledger.debt_create_in_transaction(
        actor=actor,
        municipality=municipality,
        person=person,
        permit=permit,
        origin=origin,
        description=description,
        amount_cents=amount_cents,
        due_on=due_on,
        status=status,
        basis=basis,
        awaiting_finality=awaiting_finality,
    )


def _pending(case: Case | None) -> bool:
    """The case is still in its defence or appeals (art. 42–44): nothing it charges is final yet
    (D-1). Its charges wait for :func:`_finalize`, which clears them."""
    return case is not None and case.stage in (
        Case.Stage.DEFENCE,
        Case.Stage.JARI,
        Case.Stage.EXECUTIVE,
    )


def _contested(case: Case | None) -> bool:
    """A defence or appeal was filed and the case is not over: its debts are under appeal (D-11)."""
    return (
        case is not None
        and case.stage in (Case.Stage.DEFENCE, Case.Stage.JARI, Case.Stage.EXECUTIVE)
        and case.filings.exists()
    )


def _debt_cancel(
    *, actor: Actor, municipality: Municipality, debt: Debt, reason: str, basis: dict[str, Any]
) -> None:
    """Cancel an unpaid debt whose penalty fell (defence upheld, auto cancelled; art. 42 §1–2).
    Paid debts are left to the finance app's refund (art. 42 §1–2: refund on request)."""
    ledger.debt_cancel_in_transaction(
        actor=actor, municipality=municipality, debt=debt, reason=reason, basis=basis
    )


def case_debts(case: Case) -> list[Debt]:
    ids: set[int] = set()
    for p in case.penalties.all():
        if p.debt_id:
            ids.add(p.debt_id)
    if case.auto_id:
        for s in Seizure.objects.filter(auto_id=case.auto_id):
            ids |= {i for i in (s.fine_debt_id, s.removal_debt_id) if i}
            ids |= set(s.storage_debts.values_list("id", flat=True))
    return list(Debt.objects.filter(pk__in=ids))


def _law_of_permit(permit: Permit | None, law: str | None) -> str:
    if permit is not None:
        return permit.law
    if not law:
        raise FieldError("lei", "informe a lei (veículo sem permissão)")
    return law


# --- autos de infração (art. 29–30) --------------------------------------------------------------


def infraction_issue(
    *,
    actor: Actor,
    municipality: Municipality,
    code: str,
    committed_at: dt.datetime,
    place: str,
    description: str,
    agent_registration: str,
    plate: str = "",
    permit: Permit | None = None,
    law: str | None = None,
    committed_by: str = InfractionNotice.CommittedBy.HOLDER,
    auxiliary: Auxiliary | None = None,
    offender_name: str = "",
    offender_registration: str = "",
    offender_signed: bool = False,
    refusal_certified: bool = False,
    witnesses: Sequence[str] = (),
    gps: tuple[float, float] | None = None,
    photos: Iterable[tuple[str, bytes]] = (),
    warning: bool = False,
    warning_fixable: bool = False,
    warning_harmless: bool = False,
) -> InfractionNotice:
    """Lavrar o auto de infração (mototaxi art. 29–30; taxi art. 41 §5, D-17): every field of art.
    30 I–X, the offender's signature (which is itself the notice, art. 30 X) or the agent's
    certification of refusal with two witnesses (art. 29 §3). The holder answers for the
    auxiliary (art. 31 §2): the auto counts on the permit either way. A written ``warning`` instead
    of the fine only where the law allows it (mototaxi art. 31 §3: ``warning_fixable`` and
    ``warning_harmless`` to safety and continuity; taxi art. 41 §1: a primary conduct,
    ``warning_harmless`` to the passengers' comfort and safety)."""
    law = _law_of_permit(permit, law)
    authorize(actor=actor, municipality=municipality, action="infraction.issue", law=law)
    assert actor.user is not None
    with tenant(municipality):
        committed_day = timezone.localtime(committed_at).date()
        kinds = {k.code: k for k in L.catalog(law, taxi_items(committed_day), committed_day)}
    unlicensed = L.procedure(law).unlicensed
    if code not in kinds and not (unlicensed and code == unlicensed.code):
        raise FieldError("infração", f"infração {code} não consta do catálogo da lei")
    if not place.strip():
        raise FieldError("local", "informe o local (art. 30 VII)")
    if not description.strip():
        raise FieldError("descrição", "descreva a ocorrência (art. 30 VIII)")
    if permit is None and committed_by != InfractionNotice.CommittedBy.UNLICENSED:
        committed_by = InfractionNotice.CommittedBy.UNLICENSED
    if committed_by == InfractionNotice.CommittedBy.AUXILIARY:
        if auxiliary is None or permit is None or auxiliary.permit_id != permit.pk:
            raise FieldError("condutor", "escolha o condutor auxiliar desta permissão")
    photo_rows = [(name, c, *_file(c, images_only=True)) for name, c in photos]
    plate = (plate or (permit.vehicle.plate if permit and permit.vehicle else "")).upper()
    plate = plate.replace("-", "").replace(" ", "")
    if not plate:
        raise FieldError("placa", "informe a placa (art. 30 III)")
    committed_on = timezone.localtime(committed_at).date()
    holder = permit.holder if permit else None
    if committed_by == InfractionNotice.CommittedBy.AUXILIARY and auxiliary is not None:
        offender_name = offender_name or auxiliary.person.name
        offender_registration = offender_registration or str(auxiliary.registration_number or "")
    elif committed_by == InfractionNotice.CommittedBy.HOLDER and holder is not None:
        offender_name = offender_name or holder.name
        offender_registration = offender_registration or str(permit.registration_number)  # type: ignore[union-attr]
    witnesses = [w.strip() for w in witnesses if w and w.strip()]
    warned = (
        _warning_check(
            municipality=municipality,
            law=law,
            code=code,
            committed_at=committed_at,
            permit=permit,
            plate=plate,
            committed_by=committed_by,
            auxiliary=auxiliary,
            fixable=warning_fixable,
            harmless=warning_harmless,
        )
        if warning
        else None
    )
    kind = kinds.get(code)
    facts: dict[str, Any] = {
        "holder_name": holder.name if holder else "",
        "permit_number": permit.number if permit else "",
        "plate": plate,
        "offender_identification": offender_name,
        "offender_registration": offender_registration,
        "provision": code,
        "place": place,
        "date": committed_on.isoformat(),
        "time": timezone.localtime(committed_at).strftime("%H:%M"),
        "description": description,
        "agent_signature": True,
        "agent_registration": agent_registration,
        "offender_signature": bool(offender_signed),
    }
    if permit is None:
        facts["unlicensed"] = True
    if refusal_certified or (witnesses and not offender_signed):
        facts["refusal"] = {"certified_by_agent": bool(refusal_certified), "witnesses": witnesses}
    check: Decision | None = None
    if L.answers(law, "infraction_notice"):
        check = L.ask(municipality, law, "infraction_notice", facts, committed_on)
        if not check.outcome["valid"]:
            raise Refused(check)
    elif not agent_registration.strip():
        raise FieldError("matrícula", "informe a matrícula do agente")
    fine_preview: Decision | None = None
    seizure = False
    if kind is not None:
        _, fine_preview = (
            L.fine(municipality, law, code, committed_on, committed_on)
            if L.answers(law, "fine")
            else (0, None)
        )
        seizure = kind.seizure
    elif unlicensed is not None:
        kind, seizure = unlicensed, unlicensed.seizure
    with transaction.atomic(), tenant(municipality):
        auto = InfractionNotice.objects.create(
            number=f"AI-{next_number('auto'):06d}",
            law=law,
            infraction_code=code,
            infraction_description=kind.description if kind else "",
            severity=kind.severity if kind else "",
            provision=kind.citation if kind else "",
            penalty=InfractionNotice.Penalty.WARNING if warning else InfractionNotice.Penalty.FINE,
            permit=permit,
            vehicle=permit.vehicle if permit else Vehicle.objects.filter(plate=plate).first(),
            auxiliary=auxiliary if committed_by == InfractionNotice.CommittedBy.AUXILIARY else None,
            committed_by=committed_by,
            holder_name=holder.name if holder else "",
            permit_number=permit.number if permit else "",
            plate=plate,
            offender_name=offender_name,
            offender_registration=offender_registration,
            place=place.strip(),
            committed_at=committed_at,
            description=description.strip(),
            agent=actor.user,
            agent_name=actor.user.get_full_name() or actor.user.username,
            agent_registration=agent_registration.strip(),
            offender_signed=offender_signed,
            refusal_certified=refusal_certified,
            witness_1=witnesses[0] if witnesses else "",
            witness_2=witnesses[1] if len(witnesses) > 1 else "",
            gps_lat=round(gps[0], 6) if gps else None,
            gps_lon=round(gps[1], 6) if gps else None,
            seizure=seizure,
            decision=check.to_json() if check else {},
            fine_decision=fine_preview.to_json() if fine_preview else {},
        )
        for name, content, ctype, digest in photo_rows:
            photo = InfractionPhoto(auto=auto, content_type=ctype, sha256=digest, size=len(content))
            photo.file.save(
                f"{auto.number}-{digest[:12]}-{name[-40:]}", ContentFile(content), save=False
            )
            photo.save()
        case = Case.objects.create(
            number=f"PA-{next_number('processo'):06d}",
            law=law,
            auto=auto,
            permit=permit,
            person=holder,
        )
        notice = Notice.objects.create(case=case, purpose=Notice.Purpose.AUTO)
        record_act(
            municipality=municipality,
            actor=actor,
            action="infraction.issue",
            obj=auto,
            new={
                "number": auto.number,
                "code": code,
                "permit": permit.number if permit else None,
                "plate": plate,
                "committed_by": committed_by,
                "committed_at": committed_at.isoformat(),
                "photos": [d for *_, d in photo_rows],
                "case": case.number,
            },
            basis=_basis(check, *[x for x in (fine_preview, warned) if x is not None]),
        )
        if offender_signed:
            # Art. 30 X: the offender's signature on the auto is the personal notice (D-4).
            _deliver(actor, municipality, notice, "pessoal", committed_on, "assinatura no auto")
    return auto


def _prior_infractions(
    *,
    permit: Permit | None,
    plate: str,
    committed_by: str,
    auxiliary: Auxiliary | None,
    before: dt.datetime,
) -> list[dict[str, Any]]:
    """The offender's earlier autos, each with whether its penalty is final — the holder's own
    record on the permit, or the auxiliary's; without a permit, the plate's. The law reads from
    them whether the conduct is "primária" (taxi art. 41 §1, D-1)."""
    qs = InfractionNotice.objects.filter(
        status=InfractionNotice.Status.ISSUED, committed_at__lt=before
    ).select_related("case")
    if permit is None:
        qs = qs.filter(plate=plate)
    else:
        qs = qs.filter(permit=permit, committed_by=committed_by)
        if committed_by == InfractionNotice.CommittedBy.AUXILIARY:
            qs = qs.filter(auxiliary=auxiliary)
    out = []
    for a in qs.order_by("committed_at", "pk"):
        case = getattr(a, "case", None)
        out.append(
            {
                "id": a.number or str(a.pk),
                "committed_on": timezone.localtime(a.committed_at).date().isoformat(),
                "final": case is not None and case.stage == Case.Stage.FINAL,
            }
        )
    return out


def _warning_check(
    *,
    municipality: Municipality,
    law: str,
    code: str,
    committed_at: dt.datetime,
    permit: Permit | None,
    plate: str,
    committed_by: str,
    auxiliary: Auxiliary | None,
    fixable: bool,
    harmless: bool,
) -> Decision:
    """The law core says whether a written warning may replace the fine; refused otherwise, with
    the article (mototaxi art. 31 §3; taxi art. 41 §1)."""
    on = timezone.localtime(committed_at).date()
    unlicensed = L.procedure(law).unlicensed
    if unlicensed is not None and code == unlicensed.code:
        raise FieldError(
            "advertência",
            "serviço sem permissão não admite advertência: multa gravíssima e apreensão",
            interfaces.cited(law, "unlicensed"),
        )
    if L.answers(law, "warning"):
        d = L.ask(
            municipality,
            law,
            "warning",
            {"code": code, "fixable": fixable, "endangers_safety_or_continuity": not harmless},
            on,
        )
        allowed = bool(d.outcome["allowed"])
    else:
        with tenant(municipality):
            rows = list(taxi_items(on))
            priors = _prior_infractions(
                permit=permit,
                plate=plate,
                committed_by=committed_by,
                auxiliary=auxiliary,
                before=committed_at,
            )
        d = L.ask(
            municipality,
            law,
            "penalty",
            {
                "infraction": code,
                "regulation_items": L.taxi_regulation_items(rows),
                "committed_on": on.isoformat(),
                "prior_infractions": priors,
                "affects_comfort_or_safety": not harmless,
                "requested": "advertencia",
            },
            on,
        )
        allowed = bool((d.outcome or {}).get("may_impose"))
    if not allowed:
        raise Refused(d)
    return d


def infraction_cancel(
    *, actor: Actor, municipality: Municipality, auto: InfractionNotice, reason: str
) -> InfractionNotice:
    """Only the authority cancels an auto, with a reason; nothing is deleted."""
    authorize(actor=actor, municipality=municipality, action="infraction.cancel", law=auto.law)
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo do cancelamento")
    with transaction.atomic(), tenant(municipality):
        auto = InfractionNotice.objects.select_for_update().get(pk=auto.pk)
        if auto.status == InfractionNotice.Status.CANCELLED:
            raise InvalidStep("o auto já está cancelado")
        auto.status = InfractionNotice.Status.CANCELLED
        auto.cancel_reason = reason.strip()
        auto.cancelled_by = actor.user
        auto.save(update_fields=["status", "cancel_reason", "cancelled_by"])
        basis = {"citations": _cites(auto.law, "infraction.cancel")}
        case = Case.objects.filter(auto=auto).first()
        if case is not None and case.stage not in (Case.Stage.ANNULLED,):
            old = case.stage
            case.stage, case.waiting, case.deadline = Case.Stage.ANNULLED, Case.Waiting.NONE, None
            case.outcome = f"auto cancelado: {reason.strip()}"
            case.save(update_fields=["stage", "waiting", "deadline", "outcome"])
            for debt in case_debts(case):
                _debt_cancel(
                    actor=actor, municipality=municipality, debt=debt, reason=reason, basis=basis
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="case.annul",
                obj=case,
                old={"stage": old},
                new={"stage": case.stage},
                basis=basis,
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="infraction.cancel",
            obj=auto,
            old={"status": InfractionNotice.Status.ISSUED},
            new={"status": auto.status},
            basis=basis,
            extra={"reason": reason.strip()},
        )
        if auto.permit is not None and L.escalates_by_accumulation(auto.law):
            # D-1: re-evaluate without the cancelled auto.
            escalate(
                actor=actor, municipality=municipality, permit=auto.permit, on=timezone.localdate()
            )
    return auto


# --- notices (D-4) ---------------------------------------------------------------------------------

#: Which stage a delivered notice opens.
OPENS = {
    Notice.Purpose.AUTO: "defence",
    Notice.Purpose.PROPOSAL: "defence",
    Notice.Purpose.DEFENCE_DECISION: "next",
    Notice.Purpose.JARI_DECISION: "executive",
}


def _deliver(
    actor: Actor, municipality: Municipality, notice: Notice, form: str, on: dt.date, reference: str
) -> Notice:
    """Inside a transaction: record the date of notice and start the deadline it opens."""
    case = Case.objects.select_for_update().get(pk=notice.case_id)
    decision: Decision | None = None
    stage = OPENS.get(Notice.Purpose(notice.purpose))
    if stage == "next":
        stage = L.next_stage(case.law, "defence")
    if stage is not None:
        deadline, decision = L.deadline(municipality, case.law, stage, form, on)
        notice.deadline = deadline
    notice.form, notice.notified_on, notice.reference = form, on, reference.strip()
    notice.decision = decision.to_json() if decision else {}
    notice.save(update_fields=["form", "notified_on", "reference", "deadline", "decision"])
    if stage is not None and case.waiting == Case.Waiting.NOTICE and case.stage == stage:
        case.waiting, case.deadline = Case.Waiting.DEADLINE, notice.deadline
        case.save(update_fields=["waiting", "deadline"])
    if case.person is not None:
        _tell_holder(municipality, case, notice)
    record_act(
        municipality=municipality,
        actor=actor,
        action="notice.deliver",
        obj=notice,
        new={
            "case": case.number,
            "purpose": notice.purpose,
            "form": form,
            "notified_on": on,
            "deadline": notice.deadline,
            "reference": notice.reference,
        },
        basis=_basis(decision),
    )
    return notice


def _tell_holder(municipality: Municipality, case: Case, notice: Notice) -> None:
    """An aviso in the holder's portal (the notice itself is the legal act; this is a courtesy)."""
    from outorga.portal.models import Notification
    from outorga.portal.services import notification_send

    deadline = f" — prazo até {notice.deadline:%d/%m/%Y}" if notice.deadline else ""
    notification_send(
        municipality=municipality,
        key=f"enforcement-notice-{notice.pk}",
        kind=Notification.Kind.OTHER,
        message=(
            f"Processo {case.number}: {notice.get_purpose_display()}{deadline}. "
            "Defesa e recursos em “Minhas infrações”."
        ),
        person=case.person,
        permit=case.permit,
        due_on=notice.deadline,
    )


def notice_deliver(
    *,
    actor: Actor,
    municipality: Municipality,
    notice: Notice,
    form: str,
    on: dt.date,
    reference: str = "",
) -> Notice:
    """Record how and when a notice reached the person (D-4: signature date, date on the AR,
    publication date); the deadline of the stage it opens runs from that date."""
    if form not in Notice.Form.values:
        raise FieldError("forma", "forma de notificação desconhecida (art. 29)")
    authorize(actor=actor, municipality=municipality, action="notice.record", law=notice.case.law)
    with transaction.atomic(), tenant(municipality):
        notice = Notice.objects.select_for_update().get(pk=notice.pk)
        if notice.delivered:
            raise InvalidStep("notificação já registrada")
        return _deliver(actor, municipality, notice, form, on, reference)


def edital_publish(
    *,
    actor: Actor,
    municipality: Municipality,
    notices: Sequence[Notice],
    published_on: dt.date,
    edition: str,
) -> list[Notice]:
    """Publication of a batch of notices in the Diário Oficial (art. 29; art. 43 when the person
    is not found): each one is notified on the publication date (D-4)."""
    if not edition.strip():
        raise FieldError("edição", "informe a edição do Diário Oficial")
    laws = {n.case.law for n in notices}
    for law in laws:
        authorize(actor=actor, municipality=municipality, action="notice.record", law=law)
    out = []
    with transaction.atomic(), tenant(municipality):
        for n in notices:
            n = Notice.objects.select_for_update().get(pk=n.pk)
            if not n.delivered:
                out.append(_deliver(actor, municipality, n, "edital", published_on, edition))
    return out


# --- defence and appeals (art. 42–44; taxi D-17) --------------------------------------------------

FILING_STAGE = {
    Case.Stage.DEFENCE: Filing.Stage.DEFENCE,
    Case.Stage.JARI: Filing.Stage.JARI,
    Case.Stage.EXECUTIVE: Filing.Stage.EXECUTIVE,
}
JUDGE_ACTION = {
    Filing.Stage.DEFENCE: "defence.judge",
    Filing.Stage.JARI: "appeal.jari.judge",
    Filing.Stage.EXECUTIVE: "appeal.executive.judge",
}
DECISION_NOTICE = {
    Filing.Stage.DEFENCE: Notice.Purpose.DEFENCE_DECISION,
    Filing.Stage.JARI: Notice.Purpose.JARI_DECISION,
    Filing.Stage.EXECUTIVE: Notice.Purpose.EXECUTIVE_DECISION,
}


def holder_user_of(case: Case) -> User | None:
    return case.person.user if case.person_id and case.person else None


def filing_file(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    text: str,
    filed_on: dt.date,
    attachments: Iterable[tuple[str, bytes]] = (),
    channel: str = Filing.Channel.PORTAL,
) -> Filing:
    """Defence (art. 42) or appeal (art. 43–44) within its deadline from the notice (D-4); online
    by the holder or on paper through the clerk."""
    authorize(actor=actor, municipality=municipality, action="defence.file", law=case.law)
    if actor.role == Role.PERMISSIONARIO and (
        actor.user is None or holder_user_of(case) is None or holder_user_of(case) != actor.user
    ):
        raise NotOwner("processo de outra pessoa")
    if not text.strip():
        raise FieldError("razões", "escreva as razões da defesa ou do recurso")
    files = [(name, c, *_file(c, images_only=False)) for name, c in attachments]
    assert actor.user is not None
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case.pk)
        stage = FILING_STAGE.get(Case.Stage(case.stage))
        if stage is None or case.waiting != Case.Waiting.DEADLINE:
            raise InvalidStep(
                "não há prazo aberto neste processo"
                + (" (aguardando a notificação)" if case.waiting == Case.Waiting.NOTICE else "")
            )
        notice = (
            case.notices.filter(notified_on__isnull=False, deadline=case.deadline)
            .order_by("-notified_on")
            .first()
        )
        assert notice is not None and notice.notified_on is not None
        deadline, decision = L.deadline(
            municipality, case.law, stage, notice.form, notice.notified_on, filed_on=filed_on
        )
        if filed_on > deadline:
            raise Refused(
                decision,
                f"Intempestivo: o prazo terminou em {deadline:%d/%m/%Y} "
                f"({', '.join(decision.to_json()['citations'][:3])}).",
            )
        filing = Filing.objects.create(
            case=case,
            stage=stage,
            channel=channel,
            text=text.strip(),
            filed_on=filed_on,
            deadline=deadline,
            filed_by=actor.user,
            decision=decision.to_json(),
        )
        for name, content, ctype, digest in files:
            a = FilingAttachment(
                filing=filing,
                name=name[:200],
                content_type=ctype,
                sha256=digest,
                size=len(content),
            )
            a.file.save(f"{case.number}-{digest[:12]}", ContentFile(content), save=False)
            a.save()
        case.waiting = Case.Waiting.JUDGMENT
        case.save(update_fields=["waiting"])
        for debt in case_debts(case):
            # D-11: what the filing contests (a seizure's fine, removal, storage) blocks nothing
            # until the case is final.
            ledger.debt_contest_in_transaction(
                actor=actor,
                municipality=municipality,
                debt=debt,
                reason=f"{filing.get_stage_display()} no processo {case.number}",
                basis=_basis(decision),
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="defence.file" if stage == Filing.Stage.DEFENCE else f"appeal.{stage}.file",
            obj=filing,
            new={
                "case": case.number,
                "stage": stage,
                "channel": channel,
                "filed_on": filed_on,
                "deadline": deadline,
                "attachments": [d for *_, d in files],
            },
            basis=_basis(decision),
        )
    return filing


def filing_judge(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    upheld: bool,
    reasoning: str,
    on: dt.date,
) -> Filing:
    """Judge a defence (the authority, art. 42), a JARI appeal (the JARI, art. 43) or an appeal to
    the Chief Executive (art. 44; taxi D-17). Upheld: the case is closed and the fine refunded /
    removal and storage waived (art. 42 §1–2). Dismissed: the decision is notified and the next
    appeal's deadline runs from that notice; after the last instance the penalty is final (D-1)."""
    case = filing.case
    if case.kind in PROPOSALS:
        raise InvalidStep(
            "propostas de revogação ou cassação são decididas pelo Chefe do Executivo"
        )
    authorize(
        actor=actor,
        municipality=municipality,
        action=JUDGE_ACTION[Filing.Stage(filing.stage)],
        law=case.law,
    )
    if not reasoning.strip():
        raise FieldError("fundamentação", "a decisão deve ser fundamentada")
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().get(pk=filing.pk)
        case = Case.objects.select_for_update().get(pk=filing.case_id)
        if filing.result != Filing.Result.PENDING or case.waiting != Case.Waiting.JUDGMENT:
            raise InvalidStep("esta defesa ou recurso já foi julgado")
        debts = case_debts(case)
        decision: Decision | None = None
        if L.answers(case.law, "defence_result") and case.auto is not None:
            paid = {
                f"{k}_cents": sum(
                    d.amount_cents for d in debts if d.status == Debt.Status.PAID and d.origin == o
                )
                for k, o in (
                    ("fine", Debt.Origin.FINE),
                    ("removal", Debt.Origin.REMOVAL),
                    ("storage", Debt.Origin.STORAGE),
                )
            }
            auto = case.auto
            decision = L.ask(
                municipality,
                case.law,
                "defence_result",
                {
                    "upheld": upheld,
                    "unlicensed": bool(auto and auto.permit_id is None),
                    "vehicle_seized": Seizure.objects.filter(
                        auto=auto, status=Seizure.Status.HELD
                    ).exists(),
                    "paid": paid,
                },
                on,
            )
        filing.result = Filing.Result.UPHELD if upheld else Filing.Result.DISMISSED
        filing.judged_by, filing.judged_on = actor.user, on
        filing.reasoning = reasoning.strip()
        filing.judgment = decision.to_json() if decision else {}
        filing.save(update_fields=["result", "judged_by", "judged_on", "reasoning", "judgment"])
        basis = _basis(decision)
        basis["citations"] = sorted(
            set(basis["citations"])
            | set(_cites(case.law, JUDGE_ACTION[Filing.Stage(filing.stage)]))
        )
        old = {"stage": case.stage, "waiting": case.waiting}
        Notice.objects.create(case=case, purpose=DECISION_NOTICE[Filing.Stage(filing.stage)])
        if upheld:
            case.stage, case.waiting, case.deadline = Case.Stage.ANNULLED, Case.Waiting.NONE, None
            case.outcome = f"{filing.get_stage_display()} procedente"
            if case.kind == Case.Kind.SUSPENSION:
                case.outcome += ": " + _suspension_annul(
                    actor=actor,
                    municipality=municipality,
                    filing=filing,
                    on=on,
                    basis=basis,
                )
            for fine in [d for d in debts if d.origin == Debt.Origin.FINE]:
                if fine.status == Debt.Status.PAID:
                    # Art. 42 §1–2: the paid fine is refunded (the finance app's Refund).
                    refund_for_upheld_defence(
                        actor=actor,
                        municipality=municipality,
                        debt=fine,
                        decision=decision,
                        related=[d for d in debts if d.pk != fine.pk],
                        unlicensed=bool(case.auto and case.auto.permit_id is None),
                        on=on,
                    )
            for debt in case_debts(case):  # re-read: the refund may have settled some
                _debt_cancel(
                    actor=actor,
                    municipality=municipality,
                    debt=debt,
                    reason=case.outcome,
                    basis=basis,
                )
            for s in Seizure.objects.filter(auto=case.auto, status=Seizure.Status.HELD):
                _release(actor, municipality, s, on, {"waived": True, **basis})
            case.save(update_fields=["stage", "waiting", "deadline", "outcome"])
        else:
            nxt = L.next_stage(case.law, filing.stage)
            if nxt is None:
                case.save()
                _finalize(
                    actor, municipality, case, on, f"{filing.get_stage_display()} improcedente"
                )
            else:
                case.stage, case.waiting, case.deadline = nxt, Case.Waiting.NOTICE, None
                case.save(update_fields=["stage", "waiting", "deadline"])
        record_act(
            municipality=municipality,
            actor=actor,
            action=f"{JUDGE_ACTION[Filing.Stage(filing.stage)]}",
            obj=filing,
            old=old,
            new={
                "case": case.number,
                "result": filing.result,
                "stage": case.stage,
                "reasoning": filing.reasoning,
            },
            basis=basis,
        )
    return filing


# --- finality, penalties, escalation (D-1, D-2, D-3, D-5) ------------------------------------------


def _finalize(actor: Actor, municipality: Municipality, case: Case, on: dt.date, why: str) -> None:
    """D-1: no step pending and no deadline open → the penalty applies and escalation is
    evaluated; the charges the case made while it ran (a seizure's fine, removal and storage) no
    longer await it and become final like any other debt (D-11). Inside the caller's
    transaction."""
    case.stage, case.waiting, case.deadline, case.final_on = (
        Case.Stage.FINAL,
        Case.Waiting.NONE,
        None,
        on,
    )
    case.outcome = why
    case.save(update_fields=["stage", "waiting", "deadline", "final_on", "outcome"])
    for contested in case_debts(case):
        ledger.debt_make_final_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=contested,
            reason=f"processo {case.number} definitivo: {why}",
            basis={"citations": ["decisão D-1", "decisão D-11"]},
        )
    auto = case.auto
    record_act(
        municipality=municipality,
        actor=actor,
        action="case.final",
        obj=case,
        new={
            "stage": case.stage,
            "final_on": on,
            "why": why,
            "auto": auto.number if auto else None,
        },
        basis={"citations": ["decisão D-1"]},
    )
    if auto is None:
        # A suspension confirmed on appeal (art. 34 §3): it was applied when imposed.
        return
    person = case.person
    if auto.penalty == InfractionNotice.Penalty.WARNING:
        Penalty.objects.create(
            kind=Penalty.Kind.WARNING, case=case, permit=auto.permit, imposed_on=on, decision={}
        )
    else:
        seizure_fine = Seizure.objects.filter(auto=auto, fine_debt__isnull=False).first()
        if seizure_fine is not None:
            # The fine was already charged at the seizure (art. 35 §1–2): no second debt.
            debt = seizure_fine.fine_debt
            cents, decision = (debt.amount_cents if debt else 0), None
        else:
            notice = case.notices.filter(purpose=Notice.Purpose.AUTO).first()
            judged = case.filings.filter(stage=Filing.Stage.DEFENCE).exclude(judged_on=None).first()
            cents, decision = L.fine(
                municipality,
                case.law,
                auto.infraction_code,
                timezone.localtime(auto.committed_at).date(),
                on,
                taxi_rows=taxi_items(timezone.localtime(auto.committed_at).date()),
                notified_on=notice.notified_on if notice else None,
                judged_on=judged.judged_on if judged else None,
            )
            debt = None
            if cents > 0 and person is not None:
                due_on, due = ledger.fine_due_on(municipality=municipality, imposed_on=on)
                debt = _debt(
                    actor=actor,
                    municipality=municipality,
                    person=person,
                    permit=auto.permit,
                    origin=Debt.Origin.FINE,
                    description=f"Multa do auto {auto.number} ({auto.provision})",
                    amount_cents=cents,
                    due_on=due_on,
                    basis=_basis(decision, due),
                )
        Penalty.objects.create(
            kind=Penalty.Kind.FINE,
            case=case,
            permit=auto.permit,
            debt=debt,
            amount_cents=cents,
            imposed_on=on,
            decision=decision.to_json() if decision else {},
        )
    if auto.permit is not None:
        escalate(actor=actor, municipality=municipality, permit=auto.permit, on=on)


#: Escalations whose infractions no longer count toward another suspension (D-2). One annulled on
#: appeal stays here: the appeal judged that suspension, and the same infractions must not bring
#: it back the next time one becomes final (they still count toward revocation, art. 32 II).
#: The reading and its alternative: docs/decisions/0011-annulled-suspension-counting.md.
COUNTED_FOR_SUSPENSION = (Escalation.Status.IMPOSED, Escalation.Status.ANNULLED)


def _history(permit: Permit) -> list[InfractionNotice]:
    return list(
        InfractionNotice.objects.filter(permit=permit, status=InfractionNotice.Status.ISSUED)
        .select_related("case")
        .order_by("committed_at", "id")
    )


def escalation_facts(permit: Permit) -> dict[str, Any]:
    """Every auto of the permit — the holder's and the auxiliaries' (art. 31 §2) — as facts for
    mototaxi.penalty: final or not (D-1), already counted for a suspension (D-2)."""
    used = set(
        InfractionNotice.objects.filter(
            escalations__permit=permit, escalations__status__in=COUNTED_FOR_SUSPENSION
        ).values_list("id", flat=True)
    )
    rows = []
    codes = {k.code for k in L.catalog(permit.law)}
    for a in _history(permit):
        if a.infraction_code not in codes:
            continue
        case = getattr(a, "case", None)
        rows.append(
            {
                "id": a.number,
                "committed_on": timezone.localtime(a.committed_at).date().isoformat(),
                "code": a.infraction_code,
                "final": bool(case and case.stage == Case.Stage.FINAL),
                "caused_suspension": a.pk in used,
                "by_auxiliary": a.committed_by == InfractionNotice.CommittedBy.AUXILIARY,
            }
        )
    return {"infractions": rows}


def escalate(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date
) -> dict[str, Any]:
    """Evaluate escalation when an infraction becomes final (D-1): a suspension waits for the
    authority's one click (art. 34); revocation opens a proposal case decided by the Chief
    Executive after the defence (art. 34 §1–2, D-3). Nothing is applied here."""
    if L.taxi_like(permit.law):
        rows = [
            {
                "id": a.number,
                "committed_on": timezone.localtime(a.committed_at).date().isoformat(),
                "nature": a.severity,
                "final": bool(getattr(a, "case", None) and a.case.stage == Case.Stage.FINAL),
            }
            for a in _history(permit)
        ]
        d = L.ask(municipality, permit.law, "points", {"infractions": rows}, on)
        record_act(
            municipality=municipality,
            actor=actor,
            action="penalty.evaluate",
            obj=permit,
            new={"summary": d.summary},
            basis=_basis(d),
        )
        return {"points": d.to_json()["outcome"]}
    facts = escalation_facts(permit)
    d = L.ask(municipality, permit.law, "penalty", facts, on)
    out = d.to_json()["outcome"]
    by_number = {a.number: a for a in _history(permit)}
    made: dict[str, Any] = {}
    if out.get("suspension"):
        counted = [by_number[i] for i in out["suspension"]["infractions"]]
        esc = Escalation.objects.filter(permit=permit, status=Escalation.Status.PENDING).first()
        if esc is None:
            esc = Escalation.objects.create(
                permit=permit,
                law=permit.law,
                days=out["suspension"]["days"],
                decision=d.to_json(),
                evaluated_on=on,
            )
        else:
            esc.days, esc.decision, esc.evaluated_on = out["suspension"]["days"], d.to_json(), on
            esc.save(update_fields=["days", "decision", "evaluated_on"])
        esc.counted.set(counted)
        made["suspension"] = esc.pk
    else:
        # The count fell below the threshold (an auto cancelled or annulled): the suspension
        # waiting for the authority no longer has a basis.
        for esc in Escalation.objects.filter(permit=permit, status=Escalation.Status.PENDING):
            esc.status = Escalation.Status.DISMISSED
            esc.save(update_fields=["status"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="penalty.suspension.withdraw",
                obj=esc,
                old={"status": Escalation.Status.PENDING},
                new={"status": esc.status},
                basis=_basis(d),
            )
            made["withdrawn"] = esc.pk
    if out.get("revocation"):
        open_case = Case.objects.filter(permit=permit, kind=Case.Kind.REVOCATION).exclude(
            stage__in=(Case.Stage.DECIDED, Case.Stage.ANNULLED)
        )
        if not open_case.exists():
            made["revocation"] = _open_proposal(
                actor, municipality, permit, Case.Kind.REVOCATION, d
            ).pk
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.evaluate",
        obj=permit,
        new={"summary": d.summary, **made},
        basis=_basis(d),
    )
    return made


def _open_proposal(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    kind: str,
    d: Decision,
    extra: dict[str, Any] | None = None,
) -> Case:
    case = Case.objects.create(
        number=f"PA-{next_number('processo'):06d}",
        kind=kind,
        law=permit.law,
        permit=permit,
        person=permit.holder,
        proposal={**d.to_json(), **(extra or {})},
    )
    Notice.objects.create(case=case, purpose=Notice.Purpose.PROPOSAL)
    record_act(
        municipality=municipality,
        actor=actor,
        action="case.proposal.open",
        obj=case,
        new={"kind": kind, "permit": permit.number, "summary": d.summary, **(extra or {})},
        basis=_basis(d),
    )
    return case


#: Taxi art. 41: what a cassação takes away — the taxista's inscription in the Cadastro (IV, §3:
#: grave or gravíssima; the punished may no longer drive a taxi in the municipality) or the
#: permission (V, §4: gravíssima).
TAXI_CASSACAO = {
    "cadastro": "cassação da inscrição no Cadastro Municipal de Taxistas (art. 41, IV, §3)",
    "permissao": "cassação da permissão (art. 41, V, §4)",
}


def _offender(auto: InfractionNotice) -> dict[str, Any] | None:
    """Whose inscription a register cassação takes (taxi art. 41 §3: "o infrator punido")."""
    if auto.committed_by == InfractionNotice.CommittedBy.AUXILIARY and auto.auxiliary:
        aux = auto.auxiliary
        return {"kind": "auxiliary", "auxiliary_id": aux.pk, "name": aux.person.name}
    if auto.committed_by == InfractionNotice.CommittedBy.HOLDER and auto.permit:
        holder = auto.permit.holder
        return {"kind": "holder", "person_id": holder.pk, "name": holder.name}
    return None


def _taxi_cassacao_facts(auto: InfractionNotice, target: str, on: dt.date) -> dict[str, Any]:
    return {
        "infraction": auto.infraction_code,
        "regulation_items": L.taxi_regulation_items(
            taxi_items(timezone.localtime(auto.committed_at).date())
        ),
        "committed_on": timezone.localtime(auto.committed_at).date().isoformat(),
        "imposed_on": on.isoformat(),
        "requested": f"cassacao_{target}",
    }


def _taxi_auto_checked(
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    what: str,
    cite: str,
) -> tuple[InfractionNotice, bool]:
    """The auto a taxi penalty punishes, read again from this municipality's records: one of this
    permission's, under the taxi law, not cancelled; with whether its case is final (D-1: no
    defence or appeal pending and no deadline open). A penalty punishes one infraction, after the
    contraditório e a ampla defesa (art. 41 caput)."""
    with tenant(municipality):
        found = (
            InfractionNotice.objects.filter(pk=auto.pk).select_related("case").first()
            if auto is not None
            else None
        )
    if found is None or found.permit_id != permit.pk or not L.taxi_like(found.law):
        raise FieldError(
            "auto", f"indique o auto de infração desta permissão que fundamenta {what}", cite
        )
    if found.status == InfractionNotice.Status.CANCELLED:
        raise FieldError("auto", f"o auto {found.number} está cancelado", cite)
    case = getattr(found, "case", None)
    return found, bool(case and case.stage == Case.Stage.FINAL)


def _taxi_final_auto(
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    what: str,
    cite: str,
) -> InfractionNotice:
    """A suspension (art. 42 IV–V) applies only on a final infraction (D-1), "observados o
    contraditório e a ampla defesa" (art. 41 caput)."""
    found, final = _taxi_auto_checked(municipality, permit, auto, what, cite)
    if not final:
        raise FieldError(
            "auto",
            f"o auto {found.number} ainda não é definitivo (defesa ou recurso pendente, ou prazo "
            f"em curso): {what} só se aplica depois, observados o contraditório e a ampla defesa",
            f"{cite}; art. 41, caput; decisão D-1",
        )
    return found


def _taxi_cassacao_open(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auto: InfractionNotice | None,
    target: str,
    on: dt.date,
) -> Case:
    """Taxi art. 41 §3–4: a cassação is opened on one final infraction of the permit (D-1) whose
    nature allows it — the register for grave or gravíssima, the permission for gravíssima — as a
    process whose notice (§5) opens the defence (D-17); the Chief Executive decides (D-3, D-17)."""
    if target not in TAXI_CASSACAO:
        raise FieldError(
            "cassação",
            "escolha a cassação da inscrição no Cadastro (art. 41, IV, §3) ou da permissão "
            "(art. 41, V, §4)",
        )
    auto, infraction_final = _taxi_auto_checked(
        municipality,
        permit,
        auto,
        "a cassação",
        interfaces.cited(permit.law, "cassacao"),
    )
    offender = _offender(auto)
    if target == "cadastro" and offender is None:
        raise FieldError(
            "infrator",
            "a cassação do cadastro pune o taxista infrator, que o auto não identifica",
            interfaces.cited(permit.law, "cadastro_cassado"),
        )
    with tenant(municipality):
        facts = {
            **_taxi_cassacao_facts(auto, target, on),
            "proposal": True,
            "infraction_final": infraction_final,
        }
        duplicate = (
            Case.objects.filter(
                permit=permit,
                kind=Case.Kind.CASSACAO,
                proposal__auto_id=auto.pk,
                proposal__target=target,
            )
            .exclude(stage__in=(Case.Stage.DECIDED, Case.Stage.ANNULLED))
            .first()
        )
    d = L.ask(municipality, permit.law, "penalty", facts, on)
    if not (d.outcome or {}).get("may_propose"):
        raise Refused(d)
    if duplicate is not None:
        raise InvalidStep(f"já há proposta igual em curso: processo {duplicate.number}")
    with transaction.atomic(), tenant(municipality):
        return _open_proposal(
            actor,
            municipality,
            permit,
            Case.Kind.CASSACAO,
            d,
            extra={
                "target": target,
                "target_label": TAXI_CASSACAO[target],
                "auto_id": auto.pk,
                "auto": auto.number,
                "offender": offender if target == "cadastro" else None,
            },
        )


def other_commercial_permissions(permit: Permit) -> list[str]:
    """The holder's other live permissions in the municipality, from the registry (D-13)."""
    return [f"permissão {o['reference']}" for o in other_outorgas(permit.holder, exclude=permit)]


def proposal_open_cassacao(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    causes: dict[str, Any] | None = None,
    auto: InfractionNotice | None = None,
    target: str = "",
) -> Case:
    """Open a cassação proposal under the permit's own law; only the Chief Executive decides it,
    after the defence (D-3). Mototaxi: the ``causes`` of art. 32 III / art. 47 (the law core
    checks them; art. 34 §1–2). Taxi: the final infraction ``auto`` and the ``target`` — the
    register (art. 41 IV, §3) or the permission (art. 41 V, §4) — asked of taxi.penalty."""
    authorize(actor=actor, municipality=municipality, action="penalty.propose", law=permit.law)
    if L.taxi_like(permit.law):
        return _taxi_cassacao_open(
            actor=actor,
            municipality=municipality,
            permit=permit,
            auto=auto,
            target=target,
            on=on,
        )
    if not L.escalates_by_accumulation(permit.law):
        raise FieldError("lei", "esta lei não prevê proposta de cassação por este caminho")
    with tenant(municipality):
        causes = {**(causes or {})}
        # Art. 32 III f (D-13): the holder's other permissions the registry knows count by
        # themselves; the clerk adds only those outside it (another commercial licence).
        held = [
            *other_commercial_permissions(permit),
            *causes.get("other_commercial_permissions", []),
        ]
        if held:
            causes["other_commercial_permissions"] = list(dict.fromkeys(held))
        facts = {**escalation_facts(permit), "cassation": causes}
    d = L.ask(municipality, permit.law, "penalty", facts, on)
    if not d.to_json()["outcome"].get("cassation"):
        raise Refused(d, "Nenhuma causa de cassação reconhecida pela lei (art. 32 III, art. 47).")
    with transaction.atomic(), tenant(municipality):
        return _open_proposal(actor, municipality, permit, Case.Kind.CASSACAO, d)


def proposal_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    accept: bool,
    reasoning: str,
    on: dt.date,
) -> Case:
    """Only the Chief Executive decides a revocation or cassação, after the holder's defence or
    after its deadline lapsed (art. 34 §1–2, D-3); the act records who decided. A taxi cassação is
    asked of taxi.penalty again on the day of the decision — notified (art. 41 §5), defence judged
    or its period over (D-17) — and takes the permission (§4) or the offender's inscription in the
    Cadastro (§3): the auxiliary's credential is cassado; the holder's bar is this penalty."""
    action = "penalty.revocation" if case.kind == Case.Kind.REVOCATION else "penalty.cassacao"
    if case.kind not in PROPOSALS:
        raise InvalidStep("não é uma proposta de revogação ou cassação")
    authorize(actor=actor, municipality=municipality, action=action, law=case.law)
    if not reasoning.strip():
        raise FieldError("fundamentação", "a decisão deve ser fundamentada")
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case.pk)
        if case.stage != Case.Stage.DEFENCE or case.waiting != Case.Waiting.JUDGMENT:
            raise InvalidStep(
                "a proposta só é decidida após a defesa do permissionário ou o fim do prazo "
                "de defesa (art. 34 §2, decisão D-3)"
            )
        judged: Decision | None = None
        if accept and L.taxi_like(case.law) and case.kind == Case.Kind.CASSACAO:
            judged = _taxi_cassacao_judgment(case, on)
        basis = {
            "citations": sorted(
                set(_cites(case.law, action))
                | set(case.proposal.get("citations", []))
                | set(judged.to_json()["citations"] if judged else [])
            ),
            "decision": judged.to_json() if judged else case.proposal,
        }
        for f in case.filings.filter(result=Filing.Result.PENDING):
            f.result = Filing.Result.DISMISSED if accept else Filing.Result.UPHELD
            f.judged_by, f.judged_on, f.reasoning = actor.user, on, reasoning.strip()
            f.save(update_fields=["result", "judged_by", "judged_on", "reasoning"])
        permit = case.permit
        assert permit is not None
        target = case.proposal.get("target", "permissao")
        if accept:
            why = f"{case.get_kind_display()} {case.number}: {reasoning.strip()}"
            offender = case.proposal.get("offender") or {}
            if judged is not None and target == "cadastro":
                if offender.get("kind") == "auxiliary":
                    auxiliary_cassar(
                        actor=actor,
                        municipality=municipality,
                        auxiliary=Auxiliary.objects.get(pk=offender["auxiliary_id"]),
                        on=on,
                        reason=why,
                        basis=basis,
                    )
                # The holder's inscription is the permit's number in the Cadastro; the permission
                # itself stays (its cassação is §4's, for gravíssima only): the holder's bar from
                # driving a taxi is this penalty, on record with the act.
            else:
                fn = permit_revoke if case.kind == Case.Kind.REVOCATION else permit_cassar
                fn(
                    actor=actor,
                    municipality=municipality,
                    permit=permit,
                    on=on,
                    reason=why,
                    basis=basis,
                )
            Penalty.objects.create(
                kind=Penalty.Kind.REVOCATION
                if case.kind == Case.Kind.REVOCATION
                else Penalty.Kind.CASSACAO,
                case=case,
                permit=permit,
                imposed_on=on,
                decision={**judged.to_json(), "target": target, "offender": offender or None}
                if judged is not None
                else case.proposal,
            )
        case.stage, case.waiting, case.final_on = Case.Stage.DECIDED, Case.Waiting.NONE, on
        case.outcome = ("acolhida: " if accept else "rejeitada: ") + reasoning.strip()
        case.save(update_fields=["stage", "waiting", "final_on", "outcome"])
        Notice.objects.create(case=case, purpose=Notice.Purpose.EXECUTIVE_DECISION)
        record_act(
            municipality=municipality,
            actor=actor,
            action=f"{action}.decide",
            obj=case,
            new={
                "accept": accept,
                "permit": permit.number,
                "reasoning": reasoning.strip(),
                **(
                    {"target": target, "offender": case.proposal.get("offender")}
                    if L.taxi_like(case.law) and case.kind == Case.Kind.CASSACAO
                    else {}
                ),
            },
            basis=basis,
        )
    return case


def _taxi_cassacao_judgment(case: Case, on: dt.date) -> Decision:
    """Inside the decision's transaction: may the taxi cassação be imposed on ``on``? Its basis
    still stands (the auto not cancelled), the proposal was notified (art. 41 §5) and its defence
    judged now or its period over (art. 41 caput, D-17)."""
    auto = InfractionNotice.objects.filter(pk=case.proposal.get("auto_id")).first()
    if auto is None or auto.status == InfractionNotice.Status.CANCELLED:
        raise InvalidStep(
            "o auto de infração que fundamenta a proposta foi cancelado: a cassação perdeu a base "
            "(art. 41, §3 e §4)"
        )
    notice = (
        case.notices.filter(purpose=Notice.Purpose.PROPOSAL, notified_on__isnull=False)
        .order_by("notified_on")
        .first()
    )
    facts = _taxi_cassacao_facts(auto, case.proposal.get("target", "permissao"), on)
    if notice is not None and notice.notified_on is not None:
        facts["notified_on"] = notice.notified_on.isoformat()
    if case.filings.exists():
        facts["defence_judged_on"] = on.isoformat()  # judged in this very decision
    d = L.ask(case.municipality, case.law, "penalty", facts, on)
    if not (d.outcome or {}).get("may_impose"):
        raise Refused(d)
    return d


def _suspension_annul(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    on: dt.date,
    basis: dict[str, Any],
) -> str:
    """The appeal ``filing`` against a suspension was upheld (art. 34 §3; JARI art. 43, Chief
    Executive art. 44): the suspension is annulled and, if it is still the one in force, lifted at
    once — the permission is active again without the proof of art. 32 §2. Inside the judgment's
    transaction; returns the outcome for the case."""
    case = filing.case
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
    permit = Permit.objects.select_for_update().get(pk=esc.permit_id)
    lifted = permit.status == Permit.Status.SUSPENDED and permit.suspended_until == esc.ends_on
    if lifted:
        permit_suspension_lift(
            actor=actor,
            municipality=municipality,
            permit=permit,
            appeal=filing,
            on=on,
            reason=f"suspensão anulada em recurso no processo {case.number} (art. 34, §3)",
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


def _open_suspension_appeal(permit: Permit, decision: dict[str, Any]) -> Case:
    """Art. 34 §3: a suspension may be appealed to the JARI and then to the Chief Executive; the
    decision is notified (D-4) and the appeal's deadline runs from that notice (art. 43)."""
    case = Case.objects.create(
        number=f"PA-{next_number('processo'):06d}",
        kind=Case.Kind.SUSPENSION,
        law=permit.law,
        permit=permit,
        person=permit.holder,
        stage=Case.Stage.JARI,
        waiting=Case.Waiting.NOTICE,
        proposal=decision,
    )
    Notice.objects.create(case=case, purpose=Notice.Purpose.DEFENCE_DECISION)
    return case


def suspension_impose(
    *, actor: Actor, municipality: Municipality, escalation: Escalation, start: dt.date
) -> Escalation:
    """The authority's one click: the suspension the law core found (art. 32 I, D-2), applied by
    the SESUMA (art. 34). The counted infractions no longer count toward another suspension (D-2)."""
    authorize(
        actor=actor, municipality=municipality, action="penalty.suspension", law=escalation.law
    )
    with transaction.atomic(), tenant(municipality):
        esc = Escalation.objects.select_for_update().get(pk=escalation.pk)
        if esc.status != Escalation.Status.PENDING:
            raise InvalidStep("esta suspensão já foi decidida")
        counted = ", ".join(a.number for a in esc.counted.all())
        permit_suspend(
            actor=actor,
            municipality=municipality,
            permit=esc.permit,
            days=esc.days,
            start=start,
            reason=f"suspensão de {esc.days} dias (art. 32 I): autos {counted}",
            basis=basis_of(None)
            | {"decision": esc.decision, "citations": esc.decision.get("citations", [])},
        )
        esc.status, esc.decided_by = Escalation.Status.IMPOSED, actor.user
        esc.starts_on, esc.ends_on = start, start + dt.timedelta(days=esc.days - 1)
        esc.save(update_fields=["status", "decided_by", "starts_on", "ends_on"])
        appeal = _open_suspension_appeal(esc.permit, esc.decision)
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


def _auto_facts(auto: InfractionNotice) -> dict[str, Any]:
    return {"auto_id": auto.pk, "auto": auto.number, "infraction": auto.infraction_code}


def _refuse_a_second_suspension(
    permit: Permit, auto: InfractionNotice, target: str, what: str, cite: str, person_id: int = 0
) -> None:
    """One final auto backs one suspension of each kind — of the permission (taxi art. 42, V), of
    each offender's inscription (IV): the article lets the measures be applied "individual ou
    cumulativamente", different measures together, not the same one twice for one infraction.
    Call inside the transaction: the permit's row serialises two impositions at once."""
    Permit.objects.select_for_update().filter(pk=permit.pk).first()
    same = Penalty.objects.filter(
        kind=Penalty.Kind.SUSPENSION, decision__auto_id=auto.pk, decision__target=target
    )
    if person_id:
        same = same.filter(decision__offender__person_id=person_id)
    first = same.order_by("imposed_on", "id").first()
    if first is not None:
        raise FieldError(
            "auto",
            f"o auto {auto.number} já fundamenta {what} iniciada em {first.imposed_on:%d/%m/%Y}: "
            "a mesma infração não sustenta a mesma medida duas vezes",
            cite,
        )


def _suspension_allowed(
    municipality: Municipality, permit: Permit, target: str, days: int, start: dt.date
) -> Decision:
    """The law's ``suspension`` of the ``target`` (the permission, or the register) for ``days``
    from ``start`` (taxi art. 42 IV–V: at most 90 days, D-10); refused with its reasons."""
    d = L.ask(
        municipality,
        permit.law,
        "suspension",
        {"target": target, "days": days, "start": start.isoformat()},
        start,
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
) -> Permit:
    """Taxi art. 42 V: suspension of the permission, never over 90 days (D-10), on one final
    auto of this permission (D-1; art. 41 caput: contraditório e ampla defesa). Only a taxi
    permission: a mototaxi suspension follows art. 32 I (``suspension_impose``)."""
    cite42 = interfaces.cited(permit.law, "suspension")
    if not cite42:
        raise FieldError(
            "permissão",
            "a lei desta permissão não prevê a suspensão por prazo fixado pela autoridade: nela a "
            "suspensão decorre da própria lei",
            interfaces.cited(permit.law, "suspension_accumulation"),
        )
    authorize(actor=actor, municipality=municipality, action="penalty.suspension", law=permit.law)
    auto = _taxi_final_auto(municipality, permit, auto, "a suspensão da permissão", cite42)
    d = _suspension_allowed(municipality, permit, "permissao", days, start)
    why = f"auto {auto.number} (art. 42, V)" + (f": {reason.strip()}" if reason.strip() else "")
    with transaction.atomic(), tenant(municipality):
        _refuse_a_second_suspension(permit, auto, "permissao", "a suspensão da permissão", cite42)
        permit_suspend(
            actor=actor,
            municipality=municipality,
            permit=permit,
            days=days,
            start=start,
            reason=why,
            basis=_basis(d) | _auto_facts(auto),
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
) -> Penalty:
    """Taxi art. 42 IV: suspension of the taxista's inscription in the Cadastro (art. 20), never
    over 90 calendar days (D-10) — the holder's, or the ``auxiliary``'s of this permission — on
    one final ``infraction`` of this permission (D-1; art. 41 caput) committed by that person
    (``committed_by``). Kept as a suspension penalty naming the offender and the auto
    (``decision.target`` "cadastro"), which the registry reads as a bar on the person while it
    runs (``registry.services.eligibility.register_bar``)."""
    cite42 = interfaces.cited(permit.law, "cadastro_suspenso")
    if not cite42:
        raise FieldError("permissão", "a suspensão do cadastro de taxista é da lei do táxi", cite42)
    authorize(actor=actor, municipality=municipality, action="penalty.suspension", law=permit.law)
    if auxiliary is not None and (
        auxiliary.permit_id != permit.pk or auxiliary.status != Auxiliary.Status.ACTIVE
    ):
        raise FieldError(
            "auxiliar", "o auxiliar não está ativo no cadastro desta permissão", cite42
        )
    auto = _taxi_final_auto(
        municipality, permit, infraction, "a suspensão do cadastro de taxista", cite42
    )
    by = InfractionNotice.CommittedBy
    if auxiliary is not None and (
        auto.committed_by != by.AUXILIARY or auto.auxiliary_id != auxiliary.pk
    ):
        raise FieldError(
            "auto",
            f"o auto {auto.number} não foi cometido por este auxiliar: a suspensão do cadastro "
            "pune o taxista infrator",
            cite42,
        )
    if auxiliary is None and auto.committed_by != by.HOLDER:
        raise FieldError(
            "auto",
            f"o auto {auto.number} não foi cometido pelo titular: a suspensão do cadastro pune "
            "o taxista infrator",
            cite42,
        )
    d = _suspension_allowed(municipality, permit, "cadastro", days, start)
    person = auxiliary.person if auxiliary is not None else permit.holder
    offender: dict[str, Any] = (
        {"kind": "auxiliary", "auxiliary_id": auxiliary.pk, "person_id": person.pk}
        if auxiliary is not None
        else {"kind": "holder", "person_id": person.pk}
    )
    offender["name"] = person.name
    ends_on = start + dt.timedelta(days=days - 1)
    with transaction.atomic(), tenant(municipality):
        _refuse_a_second_suspension(
            permit, auto, "cadastro", "a suspensão do cadastro deste taxista", cite42, person.pk
        )
        running = register_bar(person, start)
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
            basis=_basis(d) | _auto_facts(auto),
            extra={"reason": reason.strip()} if reason.strip() else None,
        )
    return penalty


# --- seizures (art. 35) ------------------------------------------------------------------------------


def seizure_create(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
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
    D-11)."""
    law = auto.law
    if not L.answers(law, "seizure_release"):
        raise FieldError("lei", "apreensão com liberação regulada só na lei do mototáxi (art. 35)")
    authorize(actor=actor, municipality=municipality, action="penalty.seizure", law=law)
    if not depot.strip():
        raise FieldError("pátio", "informe o pátio")
    if not auto.seizure:
        raise FieldError("auto", "esta infração não acarreta apreensão (§2 dos art. 38 a 41)")
    if auto.status == InfractionNotice.Status.CANCELLED:
        raise FieldError("auto", f"o auto {auto.number} está cancelado")
    grounds = Seizure.Grounds.UNLICENSED if auto.permit_id is None else Seizure.Grounds.INFRACTION
    facts: dict[str, Any] = {
        "grounds": grounds,
        "seized_on": entered_on.isoformat(),
        "fine_paid": False,
        "charges": [],
    }
    if grounds == Seizure.Grounds.INFRACTION:
        facts["codes"] = [auto.infraction_code]
    d = L.ask(municipality, law, "seizure_release", facts, entered_on)
    fine_cents = int(d.to_json()["outcome"]["fine_cents"])
    with transaction.atomic(), tenant(municipality):
        permit = auto.permit
        case = Case.objects.filter(auto=auto).first()
        status = Debt.Status.UNDER_APPEAL if _contested(case) else Debt.Status.OPEN
        awaiting = _pending(case)
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
        label = auto.number
        s.fine_debt = _debt(
            actor=actor,
            municipality=municipality,
            person=person,
            permit=permit,
            origin=Debt.Origin.FINE,
            description=f"Multa — apreensão {label} (art. 35)",
            amount_cents=fine_cents,
            due_on=entered_on,
            basis=_basis(d),
            status=status,
            awaiting_finality=awaiting,
        )
        if removal_cents > 0:
            s.removal_debt = _debt(
                actor=actor,
                municipality=municipality,
                person=person,
                permit=permit,
                origin=Debt.Origin.REMOVAL,
                description=f"Remoção — apreensão {label}",
                amount_cents=removal_cents,
                due_on=entered_on,
                basis={"citations": [interfaces.cited(s.law, "seizure")]},
                status=status,
                awaiting_finality=awaiting,
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
            },
            basis=_basis(d),
        )
    return s


def storage_days(s: Seizure, on: dt.date) -> int:
    """Days in the depot, the day of entry included (a vehicle released on its entry day pays
    one day)."""
    end = s.released_on or on
    return max(1, (end - s.entered_on).days + 1)


def seizure_bill_storage(
    *, actor: Actor, municipality: Municipality, seizure: Seizure, through: dt.date
) -> Debt | None:
    """Charge the storage days not yet charged, up to ``through`` (art. 35 §1: estadia)."""
    authorize(actor=actor, municipality=municipality, action="seizure.release", law=seizure.law)
    with transaction.atomic(), tenant(municipality):
        s = Seizure.objects.select_for_update().get(pk=seizure.pk)
        if s.status != Seizure.Status.HELD:
            raise InvalidStep("veículo já liberado")
        start = (
            (s.storage_billed_until + dt.timedelta(days=1))
            if s.storage_billed_until
            else s.entered_on
        )
        days = (through - start).days + 1
        if days <= 0 or s.person is None:
            return None
        case = Case.objects.filter(auto_id=s.auto_id).first() if s.auto_id else None
        debt = _debt(
            actor=actor,
            municipality=municipality,
            person=s.person,
            permit=s.auto.permit if s.auto else None,
            status=Debt.Status.UNDER_APPEAL if _contested(case) else Debt.Status.OPEN,
            awaiting_finality=_pending(case),
            origin=Debt.Origin.STORAGE,
            description=f"Estadia de {days} dia(s) ({start:%d/%m/%Y} a {through:%d/%m/%Y}) — {s.plate}",
            amount_cents=days * s.storage_daily_cents,
            due_on=through,
            basis={"citations": [interfaces.cited(s.law, "seizure")]},
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
            basis={"citations": [interfaces.cited(s.law, "seizure")]},
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
    if s.grounds == Seizure.Grounds.INFRACTION and s.auto:
        facts["codes"] = [s.auto.infraction_code]
    case = Case.objects.filter(auto_id=s.auto_id).first() if s.auto_id else None
    if case is not None and case.stage in (
        Case.Stage.DEFENCE,
        Case.Stage.JARI,
        Case.Stage.EXECUTIVE,
    ):
        facts["appeal_pending"] = True
    return facts


def _release(
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
    """Release only after paying fine, fees, removal and storage (art. 35 §1); an appeal pending
    does not release (§2). The law core decides from the debts' statuses."""
    authorize(actor=actor, municipality=municipality, action="seizure.release", law=seizure.law)
    with tenant(municipality):
        facts = release_facts(seizure, on)
    d = L.ask(municipality, seizure.law, "seizure_release", facts, on)
    if not d.to_json()["outcome"]["may_release"]:
        raise Refused(d, d.summary)
    with transaction.atomic(), tenant(municipality):
        s = Seizure.objects.select_for_update().get(pk=seizure.pk)
        if s.status != Seizure.Status.HELD:
            raise InvalidStep("veículo já liberado")
        _release(actor, municipality, s, on, d.to_json())
    return s


# --- the daily sweep -----------------------------------------------------------------------------


def sweep(municipality: Municipality, on: dt.date) -> dict[str, list[str]]:
    """What the calendar decides on ``on``: revelia after a lapsed defence deadline (art. 42 §3),
    finality after a lapsed appeal deadline (D-1), proposals ready for the Chief Executive after the
    defence deadline (D-3), storage days of seized vehicles; suspensions that ended are listed for
    the clerk (return needs the proof of art. 32 §2). Running it twice changes nothing."""
    report: dict[str, list[str]] = {
        "revelia": [],
        "final": [],
        "proposals_ready": [],
        "storage": [],
        "suspensions_ended": [],
    }
    with tenant(municipality):
        lapsed = list(
            Case.objects.filter(waiting=Case.Waiting.DEADLINE, deadline__lt=on).order_by(
                "deadline", "id"
            )
        )
    for case in lapsed:
        with transaction.atomic(), tenant(municipality):
            case = Case.objects.select_for_update().get(pk=case.pk)
            if (
                case.waiting != Case.Waiting.DEADLINE
                or case.deadline is None
                or case.deadline >= on
            ):
                continue
            if case.kind in PROPOSALS:
                case.waiting = Case.Waiting.JUDGMENT
                case.save(update_fields=["waiting"])
                record_act(
                    municipality=municipality,
                    actor=SYSTEM,
                    action="case.proposal.ready",
                    obj=case,
                    new={"deadline": case.deadline, "defence": False},
                    basis={"citations": _cites(case.law, "penalty.revocation") + ["decisão D-3"]},
                )
                report["proposals_ready"].append(case.number)
            elif case.stage == Case.Stage.DEFENCE:
                notice = case.notices.filter(purpose=Notice.Purpose.AUTO).first()
                assert notice is not None and notice.notified_on is not None
                _, d = L.deadline(
                    municipality, case.law, "defence", notice.form, notice.notified_on, as_of=on
                )
                nxt = L.next_stage(case.law, "defence")
                case.revelia, case.stage = True, nxt or Case.Stage.FINAL
                case.waiting, case.deadline = Case.Waiting.NOTICE, None
                case.outcome = "julgado à revelia (sem defesa no prazo)"
                case.save(update_fields=["revelia", "stage", "waiting", "deadline", "outcome"])
                # The judgment by default is a first-instance decision: notified like any other,
                # it opens the appeal (art. 43).
                Notice.objects.create(case=case, purpose=Notice.Purpose.DEFENCE_DECISION)
                record_act(
                    municipality=municipality,
                    actor=SYSTEM,
                    action="case.revelia",
                    obj=case,
                    new={"stage": case.stage, "revelia": True},
                    basis=_basis(d),
                )
                report["revelia"].append(case.number)
            else:
                _finalize(SYSTEM, municipality, case, on, "prazo de recurso encerrado sem recurso")
                report["final"].append(case.number)
    with tenant(municipality):
        for s in Seizure.objects.filter(status=Seizure.Status.HELD):
            days = storage_days(s, on)
            if days != s.storage_days:
                with transaction.atomic():
                    Seizure.objects.filter(pk=s.pk).update(storage_days=days)
                    record_act(
                        municipality=municipality,
                        actor=SYSTEM,
                        action="seizure.storage.count",
                        obj=s,
                        old={"storage_days": s.storage_days},
                        new={"storage_days": days},
                    )
                report["storage"].append(f"{s.plate}: {days} dia(s)")
        for p in Permit.objects.filter(status=Permit.Status.SUSPENDED, suspended_until__lt=on):
            report["suspensions_ended"].append(p.number)
    return report


def not_competent_message(exc: NotCompetent) -> str:
    return str(exc)

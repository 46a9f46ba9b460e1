"""Notices (D-4): how and when a notice reached the person — signature, AR, the Diário Oficial's
edital — and the deadline of the stage it opens."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import FieldRefused, Refused
from outorga.core.lawseam import cited_aside
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import answers, ask, deadline_citations, next_stage
from outorga.enforcement.lawbridge import deadline as stage_deadline
from outorga.enforcement.models import Case, Notice
from outorga.enforcement.services.common import InvalidStep
from outorga.law.citations import lei_9784
from outorga.law.decisions import Decision
from outorga.registry.validation import FieldError

# --- notices (D-4) ---------------------------------------------------------------------------------

#: Which stage a delivered notice opens.
OPENS = {
    Notice.Purpose.AUTO: "defence",
    Notice.Purpose.PROPOSAL: "defence",
    Notice.Purpose.DEFENCE_DECISION: "next",
    Notice.Purpose.JARI_DECISION: "executive",
}

#: What each notice notifies, as its refusal names it ("anterior …").
NOTIFIES = {
    Notice.Purpose.AUTO: "ao auto de infração",
    Notice.Purpose.PROPOSAL: "à abertura da proposta",
    Notice.Purpose.DEFENCE_DECISION: "à decisão de 1ª instância",
    Notice.Purpose.JARI_DECISION: "ao julgamento da JARI",
    Notice.Purpose.EXECUTIVE_DECISION: "à decisão do Chefe do Executivo",
    Notice.Purpose.RECONSIDERATION: "à reconsideração da decisão recorrida",
}

#: The field a refused date is shown under (the screens' and the API's name for it).
DATE_FIELD = "data da notificação"


def notice_date_refusal(municipality: Municipality, notice: Notice, on: dt.date) -> str | None:
    """Why ``on`` cannot be the date of ``notice``, or None (D-4): the defence and appeal periods
    run from the date of notice (Lei 9.784/1999 art. 26 and 66), so a notice dated before the act
    it notifies, or after the municipality's today, would shorten, end or stretch them."""
    future = in_the_future(municipality, on, "a data da notificação")
    if future:
        return future
    if notice.act_on is not None and on < notice.act_on:
        what = NOTIFIES.get(Notice.Purpose(notice.purpose), "ao ato que notifica")
        if notice.case.kind == Case.Kind.SUSPENSION and notice.purpose == (
            Notice.Purpose.DEFENCE_DECISION
        ):
            what = (
                f"à decisão que aplicou a suspensão{cited_aside(notice.case, 'suspension_appeal')}"
            )
        return (
            f"a notificação ({on:%d/%m/%Y}) não pode ser anterior {what}, de "
            f"{notice.act_on:%d/%m/%Y}: o prazo corre da ciência"
        )
    return None


def notice_dates_checked(
    actor: Actor, municipality: Municipality, notices: Sequence[Notice], on: dt.date
) -> None:
    """Refuse, before anything is written, a date of notice that one of ``notices`` cannot have
    (:func:`notice_date_refusal`); the refusal is an act, like a refusal of competence."""
    for n in notices:
        why = notice_date_refusal(municipality, n, on)
        if why is None:
            continue
        exc = FieldError(DATE_FIELD, f"processo {n.case.number}: {why}", "decisão D-4")
        record_act(
            municipality=municipality,
            actor=actor,
            action="notice.deliver",
            obj=n,
            outcome="refused",
            new={"case": n.case.number, "purpose": n.purpose, "notified_on": on},
            basis={"citations": ["decisão D-4"]},
            extra={"motivo": str(exc)},
        )
        raise exc


#: The field an edital refused for want of the attempt to find the person is shown under.
UNLOCATED_FIELD = "infrator não localizado"


def edital_checked(
    actor: Actor, municipality: Municipality, notices: Sequence[Notice], on: dt.date
) -> None:
    """Refuse, before anything is written, an edital of ``notices`` published on ``on`` that
    their law refuses — the mototaxi law's notice of a decision by edital only "quando o infrator
    não for localizado" (art. 43–44), on or before the publication —, each refusal an act; a batch
    is refused whole, naming every notice refused."""
    refused: list[tuple[Notice, FieldRefused]] = []
    for n in notices:
        stage = stage_opened(n.case.law, n)
        if stage is None:
            continue
        _, d = stage_deadline(
            municipality, n.case.law, stage, "edital", on, unlocated_on=n.unlocated_on
        )
        if not d.refusals:
            continue
        exc = law_refused(
            actor=actor,
            municipality=municipality,
            action="notice.deliver",
            d=d,
            obj=n,
            new={"case": n.case.number, "purpose": n.purpose, "form": "edital", "notified_on": on},
            field=UNLOCATED_FIELD,
        )
        assert isinstance(exc, FieldRefused)
        refused.append((n, exc))
    if len(refused) == 1 and len(notices) == 1:
        raise refused[0][1]
    if refused:
        raise FieldError(
            UNLOCATED_FIELD,
            "; ".join(f"processo {n.case.number}: {e.message}" for n, e in refused),
            refused[0][1].citation,
        )


def stage_opened(law: str, notice: Notice) -> str | None:
    """The stage whose deadline ``notice`` opens under ``law`` once delivered, or None."""
    stage = OPENS.get(Notice.Purpose(notice.purpose))
    return next_stage(law, "defence") if stage == "next" else stage


#: The law's question: does the person's appearance supply a notice still pending?
APPEARANCE = "notice_by_appearance"


def pending_notice_of_stage(case: Case) -> Notice | None:
    """The notice still pending whose delivery opens the case's current stage, if any."""
    for n in case.notices.filter(notified_on__isnull=True).order_by("-id"):
        if stage_opened(case.law, n) == case.stage:
            return n
    return None


def appearance_supplies(
    municipality: Municipality, case: Case, on: dt.date
) -> tuple[Notice, Decision] | None:
    """Where ``case`` waits for the notice of its current stage and its law says that the
    person's appearance on ``on`` supplies it — the taxi and apps laws, by Lei 9.784/1999 art. 26
    §5 (D-17) —: the notice and the law's answer; else None. The mototaxi law has its own notice
    (art. 29, 42–44) and does not answer the question: its cases wait for the notice."""
    if case.waiting != Case.Waiting.NOTICE or not answers(case.law, APPEARANCE):
        return None
    notice = pending_notice_of_stage(case)
    if notice is None:
        return None
    d = ask(municipality, case.law, APPEARANCE, {"appeared_on": on.isoformat()}, on)
    if not (d.outcome or {}).get("supplied"):
        return None
    return notice, d


def notice_deliver_in_transaction(
    actor: Actor,
    municipality: Municipality,
    notice: Notice,
    form: str,
    on: dt.date,
    reference: str,
    *,
    supplied: Decision | None = None,
) -> Notice:
    """Inside a transaction: record the date of notice and start the deadline it opens.
    ``supplied``: the law's answer that the person's appearance supplies the notice (Lei
    9.784/1999 art. 26 §5, D-17), recorded with the act."""
    case = Case.objects.select_for_update().get(pk=notice.case_id)
    decision: Decision | None = None
    stage = stage_opened(case.law, notice)
    if stage is not None:
        deadline, decision = stage_deadline(
            municipality, case.law, stage, form, on, unlocated_on=notice.unlocated_on
        )
        if decision.refusals:  # checked before the transaction (``edital_checked``)
            raise Refused(decision)
        notice.deadline = deadline
    notice.form, notice.notified_on, notice.reference = form, on, reference.strip()
    notice.decision = decision.to_json() if decision else {}
    notice.save(update_fields=["form", "notified_on", "reference", "deadline", "decision"])
    if stage is not None and case.waiting == Case.Waiting.NOTICE and case.stage == stage:
        case.waiting, case.deadline = Case.Waiting.DEADLINE, notice.deadline
        case.save(update_fields=["waiting", "deadline"])
    # The person who appeared has just filed: an aviso of the notice they supplied tells nothing.
    if case.person is not None and supplied is None:
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
        basis=basis_of(decision, more=[supplied] if supplied else []),
    )
    return notice


def _tell_holder(municipality: Municipality, case: Case, notice: Notice) -> None:
    """An aviso in the holder's portal (the notice itself is the legal act; this is a courtesy)."""
    from outorga.registry.models import Notification
    from outorga.registry.notifications import notification_send

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
    if form not in Notice.DELIVERED_FORMS:
        raise FieldError(
            "forma",
            f"forma de notificação desconhecida{cited_aside(notice.case, 'auto_notice')}",
        )
    authorize(actor=actor, municipality=municipality, action="notice.record", law=notice.case.law)
    with tenant(municipality):
        # The act a notice notifies is dated when the notice is created and never changes.
        current = Notice.objects.select_related("case").get(pk=notice.pk)
        if not current.delivered:
            notice_dates_checked(actor, municipality, [current], on)
            if form == Notice.Form.EDITAL:
                edital_checked(actor, municipality, [current], on)
    with transaction.atomic(), tenant(municipality):
        notice = Notice.objects.select_for_update().get(pk=notice.pk)
        if notice.delivered:
            raise InvalidStep(already_delivered(notice))
        return notice_deliver_in_transaction(actor, municipality, notice, form, on, reference)


def already_delivered(notice: Notice) -> str:
    """Why a delivered notice is not recorded again: the AR or edital of a notice the person's
    appearance already supplied (Lei 9.784/1999 art. 26 §5) changes neither its date nor the
    deadline running from it."""
    assert notice.notified_on is not None
    if notice.form == Notice.Form.COMPARECIMENTO:
        return (
            f"notificação já suprida pelo comparecimento do interessado em "
            f"{notice.notified_on:%d/%m/%Y} ({lei_9784(26, 5)}): o prazo corre "
            "desse dia"
        )
    return "notificação já registrada"


def edital_publish(
    *,
    actor: Actor,
    municipality: Municipality,
    notices: Sequence[Notice],
    published_on: dt.date,
    edition: str,
) -> list[Notice]:
    """Publication of a batch of notices in the Diário Oficial (art. 29; art. 43–44 when the person
    is not found, ``notice_unlocated``): each one is notified on the publication date (D-4). A
    batch with a notice its law refuses by edital is refused whole (``edital_checked``)."""
    if not edition.strip():
        raise FieldError("edição", "informe a edição do Diário Oficial")
    laws = {n.case.law for n in notices}
    for law in laws:
        authorize(actor=actor, municipality=municipality, action="notice.record", law=law)
    with tenant(municipality):
        pending = list(
            Notice.objects.filter(
                pk__in=[n.pk for n in notices], notified_on__isnull=True
            ).select_related("case")
        )
        notice_dates_checked(actor, municipality, pending, published_on)
        edital_checked(actor, municipality, pending, published_on)
    out = []
    with transaction.atomic(), tenant(municipality):
        for n in notices:
            n = Notice.objects.select_for_update().get(pk=n.pk)
            if not n.delivered:
                out.append(
                    notice_deliver_in_transaction(
                        actor, municipality, n, "edital", published_on, edition
                    )
                )
    return out


# --- the person not found (mototaxi art. 43–44) -----------------------------------------------------

#: The fields of the attempt to find the person, as the screens and the API name them.
UNLOCATED_DAY = "data da tentativa"
UNLOCATED_HOW = "ocorrência"
UNLOCATED_NOTE = "detalhes"


def notice_unlocated(
    *,
    actor: Actor,
    municipality: Municipality,
    notice: Notice,
    on: dt.date,
    how: str,
    note: str = "",
) -> Notice:
    """Record the failed attempt to find the person a notice is for — the AR returned (moved,
    unknown, absent), not found at the address —: under the mototaxi law the notice of a
    decision may go by edital only "quando o infrator não for localizado" (art. 43–44), which
    the law then checks against the publication day. A later attempt replaces an earlier one;
    none once the notice is delivered."""
    if how not in Notice.Unlocated.values:
        raise FieldError(UNLOCATED_HOW, "informe o que aconteceu na tentativa de localizar")
    note = note.strip()
    if how == Notice.Unlocated.OUTRO and not note:
        raise FieldError(UNLOCATED_NOTE, "descreva o que aconteceu na tentativa de localizar")
    if len(note) > 300:
        raise FieldError(UNLOCATED_NOTE, "no máximo 300 caracteres")
    authorize(actor=actor, municipality=municipality, action="notice.record", law=notice.case.law)
    with transaction.atomic(), tenant(municipality):
        notice = Notice.objects.select_for_update().select_related("case").get(pk=notice.pk)
        if notice.delivered:
            raise InvalidStep(
                f"{already_delivered(notice)}: a tentativa de localizar o infrator não muda a "
                "notificação"
            )
        today = today_of(municipality)
        if on > today:
            raise FieldError(
                UNLOCATED_DAY, f"{on:%d/%m/%Y} está no futuro: hoje é {today:%d/%m/%Y}"
            )
        if notice.act_on is not None and on < notice.act_on:
            what = NOTIFIES.get(Notice.Purpose(notice.purpose), "ao ato que notifica")
            raise FieldError(
                UNLOCATED_DAY,
                f"a tentativa ({on:%d/%m/%Y}) não pode ser anterior {what}, de "
                f"{notice.act_on:%d/%m/%Y}",
            )
        old = {
            "unlocated_on": notice.unlocated_on,
            "how": notice.unlocated_how,
            "note": notice.unlocated_note,
        }
        notice.unlocated_on, notice.unlocated_how, notice.unlocated_note = on, how, note
        notice.save(update_fields=["unlocated_on", "unlocated_how", "unlocated_note"])
        stage = stage_opened(notice.case.law, notice)
        record_act(
            municipality=municipality,
            actor=actor,
            action="notice.unlocated",
            obj=notice,
            old=old if old["unlocated_on"] else None,
            new={
                "case": notice.case.number,
                "purpose": notice.purpose,
                "unlocated_on": on,
                "how": how,
                "note": note,
            },
            basis={
                "citations": [
                    c.render()
                    for c in (deadline_citations(notice.case.law, stage) if stage else ())
                ]
            },
        )
    return notice

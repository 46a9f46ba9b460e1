"""The case page with each step for the competent role — notices, paper filings, judgments, the
Chief Executive's decision — the work queue, and the Diário Oficial batch of notices."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.confirm import confirmed
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of, user_of
from outorga.enforcement import pdf, selectors
from outorga.enforcement.lawbridge import (
    edital_attempt_cite,
    judgment_basis,
    judgment_extension_cited,
    taxi_like,
)
from outorga.enforcement.models import (
    Case,
    Filing,
    InfractionNotice,
    Notice,
)
from outorga.enforcement.services import judgment
from outorga.enforcement.services.annulment import case_annul_ex_officio
from outorga.enforcement.services.autos import auto_warning_apply
from outorga.enforcement.services.common import PROPOSALS, case_debts, proposal_action
from outorga.enforcement.services.filings import (
    JUDGE_ACTION,
    filing_file,
    filing_open,
    no_open_period,
)
from outorga.enforcement.services.filings import filing_judge as filing_judge_service
from outorga.enforcement.services.notices import edital_publish, stage_opened
from outorga.enforcement.services.notices import notice_deliver as notice_deliver_service
from outorga.enforcement.services.notices import notice_unlocated as notice_unlocated_service
from outorga.enforcement.services.permission_annulment import annulment_quota_warning
from outorga.enforcement.services.proposals import proposal_decide as proposal_decide_service
from outorga.enforcement.services.reconsideration import appeal_reconsider, appeal_with
from outorga.enforcement.views import confirmations
from outorga.enforcement.views.common import (
    ERRORS,
    acting,
    back,
    case_confirmation,
    case_step,
    date_from,
    posted_day,
    staff_only,
    today,
    uploaded_files,
)
from outorga.law import interfaces
from outorga.law.citations import lei_9784
from outorga.law.competence import Role, deciders, is_allowed, role_names
from outorga.law.money import brl

# --- the case -----------------------------------------------------------------------------------------


@staff_only
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.select_related("auto", "permit", "person"), pk=case_id)
    role = user_of(request).role
    ctx = selectors.case_detail(case, role)
    pending = ctx["pending_filing"]
    # Lei 9.784/1999 art. 56 §1 (where the law has it): the appeal is first with the authority
    # that decided, which may reconsider; the superior authority judges it only afterwards.
    day = today()
    stands = appeal_with(pending, day) if pending is not None else ""
    superior, _ = deciders(case.law, "appeal.executive.judge", day)
    period = judgment.pending_period(case, pending)
    may_file = filing_open(case.municipality, case, day)
    ctx.update(
        {
            "appeal_with": stands,
            "superior": role_names(superior),
            # Lei 9.784/1999 art. 59 §1 (where the law sets it; ADR 0084): what the superior
            # authority's last day to judge the pending appeal (``pending_filing.judge_until``)
            # rests on, as the case's law answers it — with its extension (§2), if it had one.
            "judgment_basis": judgment_basis(period, case.law) if period is not None else "",
            # Art. 59 §2: the authority that judges the appeal may extend that period once, with
            # a justification, where the law's answer says it may (the §1 default), while the
            # period runs (received, not past its last day).
            "can_extend": judgment.extendable(period, day)
            and is_allowed(role, judgment.EXTEND_ACTION, case.law, day),
            "can_reconsider": stands == "reconsideration"
            and is_allowed(role, "appeal.reconsider", case.law, day),
            # Forms only for who may use them (the services check again and log refusals).
            "can_judge": pending is not None
            and stands != "reconsideration"
            and case.kind in (Case.Kind.INFRACTION, Case.Kind.SUSPENSION)
            and is_allowed(role, JUDGE_ACTION[Filing.Stage(pending.stage)], case.law, day),
            "can_notify": is_allowed(role, "notice.record", case.law, day),
            # Lei 9.784/1999 art. 53 (D-17): the authority that imposes the penalty annuls an
            # illegal auto or penalty of its own motion, even once final.
            # The revocation or cassação of the permission: the Chief Executive who decided it
            # (D-3), restoring the permission (ADR 0066).
            "can_annul": confirmations.case_annulable(case, role, day),
            # Taxi art. 41, I and §1; art. 46 (ADR 0067): the authority applies the warning in
            # place of the fine while the case is open; the fiscal only lavra the auto.
            "can_warn": case.auto is not None
            and case.auto.penalty == InfractionNotice.Penalty.FINE
            and case.auto.status == InfractionNotice.Status.ISSUED
            and case.stage not in (Case.Stage.FINAL, Case.Stage.ANNULLED, Case.Stage.DECIDED)
            and taxi_like(case.law)
            and is_allowed(role, "penalty.warning", case.law, day),
            "warning_cite": interfaces.cited(case.law, "warning"),
            "can_decide": case.kind in (Case.Kind.REVOCATION, Case.Kind.CASSACAO)
            and is_allowed(role, proposal_action(case), case.law, day),
            "role": role,
            "taxi_like": taxi_like(case.law),
            "cassacao_cite": interfaces.cited(case.law, "cassacao"),
            "today": day,
            "forms": [(f.value, f.label) for f in Notice.DELIVERED_FORMS],
            "unlocated_choices": Notice.Unlocated.choices,
            # Mototaxi art. 43–44: the edital of a decision's notice only for a person not found
            # (the law refuses it otherwise; this only tells the clerk beforehand, with the
            # article its procedure names).
            "edital_attempt_cite": edital_attempt_cite(
                case.law, stage_opened(case.law, ctx["pending_notice"])
            )
            if ctx["pending_notice"] is not None
            else None,
            # The paper defence or appeal, also before the notice where the appearance supplies
            # it (Lei 9.784/1999 art. 26 §5, D-17).
            "can_file_paper": role == Role.ATENDENTE and may_file,
            # Why no defence or appeal may be filed while the notice is pending, with the
            # articles by which its period runs (mototaxi art. 29, 42–44).
            "why_not_yet": no_open_period(case)
            if case.waiting == Case.Waiting.NOTICE and not may_file
            else "",
            "debts": [(d, brl(d.amount_cents)) for d in case_debts(case)],
        }
    )
    return render(request, "enforcement/case.html", ctx)


@staff_only
@require_POST
def notice_deliver(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = get_object_or_404(Notice.objects.select_related("case"), pk=notice_id)
    return case_step(
        request,
        notice.case_id,
        lambda: notice_deliver_service(
            **acting(request, notice),
            notice=notice,
            form=request.POST.get("form", ""),
            on=posted_day(request, "on"),
            reference=request.POST.get("reference", ""),
        ),
        "Notificação registrada.",
    )


@staff_only
@require_POST
def notice_unlocated(request: HttpRequest, notice_id: int) -> HttpResponse:
    """The clerk records that the person was not found (mototaxi art. 43–44: the edital of a
    decision's notice needs it)."""
    notice = get_object_or_404(Notice.objects.select_related("case"), pk=notice_id)
    return case_step(
        request,
        notice.case_id,
        lambda: notice_unlocated_service(
            **acting(request, notice),
            notice=notice,
            on=posted_day(request, "unlocated_on"),
            how=request.POST.get("how", ""),
            note=request.POST.get("note", ""),
        ),
        "Tentativa de localizar o infrator registrada.",
    )


@staff_only
def notice_pdf(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = get_object_or_404(Notice.objects.select_related("case"), pk=notice_id)
    url = request.build_absolute_uri(reverse("enforcement:portal"))
    return pdf_response(pdf.notice_pdf(notice, url), f"notificacao-{notice.case.number}.pdf")


@staff_only
@require_POST
def filing_paper(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.all(), pk=case_id)
    return case_step(
        request,
        case.pk,
        lambda: filing_file(
            **acting(request, case),
            case=case,
            text=request.POST.get("text", ""),
            filed_on=posted_day(request, "filed_on"),
            attachments=uploaded_files(request, "attachments"),
            channel=Filing.Channel.PAPER,
        ),
        "Peça protocolada.",
    )


@staff_only
@require_POST
def filing_judge(request: HttpRequest, filing_id: int) -> HttpResponse:
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    return case_step(
        request,
        filing.case_id,
        lambda: filing_judge_service(
            **acting(request, filing),
            filing=filing,
            upheld=request.POST.get("result") == "upheld",
            reasoning=request.POST.get("reasoning", ""),
            on=posted_day(request, "on"),
        ),
        "Decisão registrada.",
    )


@staff_only
@require_POST
def filing_reconsider(request: HttpRequest, filing_id: int) -> HttpResponse:
    """The authority that decided reconsiders its decision, or keeps it and sends the appeal up
    (Lei 9.784/1999 art. 56 §1)."""
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    return case_step(
        request,
        filing.case_id,
        lambda: appeal_reconsider(
            **acting(request, filing),
            filing=filing,
            result=request.POST.get("result", ""),
            reasoning=request.POST.get("reasoning", ""),
            on=posted_day(request, "on"),
        ),
        "Reconsideração registrada.",
    )


@staff_only
@require_POST
def filing_extend(request: HttpRequest, filing_id: int) -> HttpResponse:
    """The authority that judges the appeal extends its period to judge, once, by as many days,
    with an explicit justification (Lei 9.784/1999 art. 59 §2)."""
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    to = reverse("enforcement:case", args=[filing.case_id])
    try:
        done = judgment.judgment_extend(
            **acting(request, filing),
            filing=filing,
            justification=request.POST.get("justification", ""),
            on=posted_day(request, "on"),
        )
    except ERRORS as exc:
        return back(request, exc, to)
    messages.success(
        request,
        f"Prazo para julgar prorrogado até {done.judge_until:%d/%m/%Y} ({judgment_extension_cited()}).",
    )
    return HttpResponseRedirect(to)


@staff_only
@require_POST
def case_warning(request: HttpRequest, case_id: int) -> HttpResponse:
    """The authority applies the written warning in place of the auto's fine (taxi art. 41, I and
    §1; art. 46, D-17: ADR 0067); the law refuses it for a conduct not primary or harmful."""
    case = get_object_or_404(Case.objects.select_related("auto"), pk=case_id)
    if case.auto is None:
        raise Http404
    auto = case.auto
    return case_step(
        request,
        case.pk,
        lambda: auto_warning_apply(
            **acting(request, case),
            auto=auto,
            on=posted_day(request, "on"),
            harmless=request.POST.get("warning_harmless") == "1",
        ),
        f"Advertência aplicada em lugar da multa ({interfaces.cited(case.law, 'warning')}).",
    )


@staff_only
@require_POST
def case_annul(request: HttpRequest, case_id: int) -> HttpResponse:
    """The authority annuls the case's auto or penalty of its own motion for a vício de
    legalidade, with its grounds (Lei 9.784/1999 art. 50 and 53, D-17)."""
    case = get_object_or_404(Case.objects.all(), pk=case_id)
    grounds = request.POST.get("grounds", "")
    # Blank grounds, or an act this person or this case does not allow: the service says why.
    if grounds.strip() and not confirmed(request) and confirmations.annulable_by(case, request):
        return case_confirmation(
            request, case.pk, lambda on: confirmations.case_annul(case, grounds, on)
        )
    done: list[Case] = []
    response = case_step(
        request,
        case.pk,
        lambda: done.append(
            case_annul_ex_officio(
                **acting(request, case),
                case=case,
                on=posted_day(request, "on"),
                grounds=request.POST.get("grounds", ""),
            )
        ),
        f"Processo anulado de ofício ({lei_9784(53)}).",
    )
    # A permission restored above its quota: the authority is told, with the article (ADR 0066).
    warning = annulment_quota_warning(done[0]) if done else ""
    if warning:
        messages.warning(request, warning)
    return response


@staff_only
def decision_pdf(request: HttpRequest, filing_id: int) -> HttpResponse:
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    return pdf_response(pdf.decision_pdf(filing), f"decisao-{filing.case.number}.pdf")


@staff_only
@require_POST
def proposal_decide(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.all(), pk=case_id)
    accept = request.POST.get("accept") == "1"
    # Only accepting ends the permission; rejecting a proposal leaves everything as it was.
    if accept and case.kind in PROPOSALS and case.permit is not None and not confirmed(request):
        reasoning = request.POST.get("reasoning", "")
        return case_confirmation(
            request, case.pk, lambda on: confirmations.proposal_accept(case, reasoning, on)
        )
    return case_step(
        request,
        case.pk,
        lambda: proposal_decide_service(
            **acting(request, case),
            case=case,
            accept=accept,
            reasoning=request.POST.get("reasoning", ""),
            on=posted_day(request, "on"),
        ),
        "Proposta decidida.",
    )


# --- the work queue, the Diário Oficial -----------------------------------------------------------


@staff_only
def queue(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    q = selectors.queue(user)
    # What each day to judge rests on, asked of the law once per distinct question on the page.
    asker = judgment.page_asker(user.municipality)  # type: ignore[arg-type]
    for c in q.get("appeals", ()):
        c.judgment_basis = judgment.awaiting_basis(c, asker)
    return render(
        request,
        "enforcement/queue.html",
        {
            "q": q,
            "role": user_of(request).role,
            "today": today(),
        },
    )


def _pending_notices(request: HttpRequest) -> list[Notice]:
    ids = request.GET.getlist("n") or request.POST.getlist("n")
    qs = Notice.objects.filter(notified_on__isnull=True).select_related(
        "case", "case__auto", "case__person", "case__permit"
    )
    if ids:
        qs = qs.filter(pk__in=[int(i) for i in ids if i.isdigit()])
    return list(qs.order_by("created_at", "id"))


@staff_only
def edital(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            done = edital_publish(
                actor=actor_of(request),
                municipality=user_of(request).municipality,  # type: ignore[arg-type]
                notices=_pending_notices(request),
                published_on=date_from(request.POST.get("published_on")),
                edition=request.POST.get("edition", ""),
            )
        except ERRORS as exc:
            return back(request, exc, reverse("enforcement:edital"))
        messages.success(request, f"{len(done)} notificação(ões) publicada(s).")
        return HttpResponseRedirect(reverse("enforcement:edital"))
    return render(request, "enforcement/edital.html", {"notices": _pending_notices(request)})


@staff_only
def edital_batch(request: HttpRequest, fmt: str) -> HttpResponse:
    notices = _pending_notices(request)
    m = user_of(request).municipality
    if fmt == "pdf":
        resp = HttpResponse(pdf.batch_pdf(str(m), notices), content_type="application/pdf")
    elif fmt == "csv":
        resp = HttpResponse(pdf.batch_csv(notices), content_type="text/csv; charset=utf-8")
    else:
        raise Http404
    resp["Content-Disposition"] = f'attachment; filename="edital-notificacoes.{fmt}"'
    return resp

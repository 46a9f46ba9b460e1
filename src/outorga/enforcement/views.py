"""Web screens: the inspector's phone flow, the case page with each step for the competent role,
work queues, the Diário Oficial batch, seizures, and the holder's portal. Thin: parse → one
service → render or redirect."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.errors import Refused
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.requests import actor_of, user_of
from outorga.law import interfaces
from outorga.law.competence import NotCompetent, Role, is_allowed
from outorga.law.money import brl
from outorga.registry.models import Auxiliary, Permit, Service
from outorga.registry.services import permit_status as registry_permit_status
from outorga.registry.services.common import InvalidTransition
from outorga.registry.validation import FieldError

from . import lawbridge as L
from . import pdf, regulation, selectors, services
from .models import (
    Case,
    Escalation,
    Filing,
    InfractionNotice,
    Notice,
    Seizure,
    Severity,
    TaxiInfractionItem,
)

STAFF = frozenset(r for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))
ERRORS = (FieldError, Refused, services.InvalidStep, InvalidTransition)


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": message}, status=403)


def staff_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = user_of(request)
        if user.municipality_id is None:
            return render(request, "core/no_municipality.html", status=403)
        if Role(user.role) not in STAFF:
            return _forbidden(request, "Área dos servidores municipais.")
        try:
            return view(request, *args, **kwargs)
        except NotCompetent as exc:
            return _forbidden(request, str(exc))

    return wrapped


def _back(request: HttpRequest, exc: Exception, to: str) -> HttpResponse:
    messages.error(request, str(exc))
    return HttpResponseRedirect(to)


def _today() -> dt.date:
    return timezone.localdate()


def _date(value: str | None, default: dt.date | None = None) -> dt.date:
    if not value:
        if default is None:
            raise FieldError("data", "informe a data")
        return default
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        try:
            return dt.datetime.strptime(value, "%d/%m/%Y").date()
        except ValueError as exc:
            raise FieldError("data", "data inválida (dd/mm/aaaa)") from exc


def _files(request: HttpRequest, name: str) -> list[tuple[str, bytes]]:
    return [(f.name or "arquivo", f.read()) for f in request.FILES.getlist(name)]


# --- inspector ---------------------------------------------------------------------------------------


@staff_only
def index(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")
    results = selectors.search(q) if q else []
    return render(
        request,
        "enforcement/index.html",
        {
            "q": q,
            "results": results,
            "autos": selectors.autos_recent(20),
            "role": user_of(request).role,
            "regulation_law": regulation.delegating_law(user_of(request).municipality),  # type: ignore[arg-type]
        },
    )


def _catalog(law: str) -> list[L.InfractionKind]:
    return L.catalog(law, selectors.taxi_items(_today()), _today())


def _unlicensed_law(m: Any, request: HttpRequest) -> str:
    """The law an auto without a permit applies: the one named (``law``), or the one bound on the
    day to the service named (``servico``, mototáxi by default) — service without a permit is an
    infraction of the law of the service performed (mototaxi art. 35)."""
    named = request.POST.get("law") or request.GET.get("law")
    if named:
        return named
    service = request.POST.get("servico") or request.GET.get("servico") or Service.MOTOTAXI
    try:
        return law_of(m, service, _today())
    except LawNotBound:
        raise Http404 from None


@staff_only
def taxi_items(request: HttpRequest) -> HttpResponse:
    """The taxi regulation's infraction items (art. 43, D-10) with their versions: every servant
    sees them; the administrator records a new item or version, or closes one (D-15)."""
    m = user_of(request).municipality
    assert m is not None
    law = regulation.delegating_law(m)
    if law is None:
        raise Http404
    can = is_allowed(user_of(request).role, regulation.ACTION)
    if request.method == "POST":
        to = reverse("enforcement:taxi_items")
        try:
            if "close" in request.POST:
                item = get_object_or_404(TaxiInfractionItem.objects.all(), pk=request.POST["close"])
                regulation.taxi_item_close(
                    actor=actor_of(request),
                    municipality=m,
                    item=item,
                    valid_until=_date(request.POST.get("valid_until")),
                    reference=request.POST.get("reference", ""),
                )
                messages.success(request, f"Item {item.code} encerrado.")
            else:
                item = regulation.taxi_item_record(
                    actor=actor_of(request),
                    municipality=m,
                    code=request.POST.get("code", ""),
                    description=request.POST.get("description", ""),
                    nature=request.POST.get("nature", ""),
                    reference=request.POST.get("reference", ""),
                    valid_from=_date(request.POST.get("valid_from")),
                    example=bool(request.POST.get("example")),
                )
                messages.success(
                    request, f"Item {item.code} em vigor desde {item.valid_from:%d/%m/%Y}."
                )
        except FieldError as exc:
            return _back(request, exc, to)
        return HttpResponseRedirect(to)
    return render(
        request,
        "enforcement/taxi_items.html",
        {
            "regulation_cite": L.procedure(law).regulation.render(),  # type: ignore[union-attr]
            "items": TaxiInfractionItem.objects.order_by("code", "valid_from"),
            "natures": Severity.choices,
            "can": can,
            "today": _today(),
        },
    )


@staff_only
def auto_new(request: HttpRequest) -> HttpResponse:
    permit = None
    if request.GET.get("permit") or request.POST.get("permit"):
        permit = get_object_or_404(
            Permit.objects.select_related("holder", "vehicle"),
            pk=request.GET.get("permit") or request.POST.get("permit"),
        )
    m = user_of(request).municipality
    assert m is not None
    law = permit.law if permit else _unlicensed_law(m, request)
    if law not in m.laws:
        raise Http404
    ctx: dict[str, Any] = {
        "permit": permit,
        "law": law,
        "taxi_like": L.taxi_like(law),
        "warning_cite": interfaces.cited(law, "warning"),
        "catalog": _catalog(law),
        "auxiliaries": list(Auxiliary.objects.filter(permit=permit, status="active"))
        if permit
        else [],
        "now": timezone.localtime(),
        "data": request.POST,
    }
    if request.method != "POST":
        return render(request, "enforcement/auto_form.html", ctx)
    p = request.POST
    try:
        when = dt.datetime.combine(
            _date(p.get("date"), _today()),
            dt.time.fromisoformat(p.get("time") or timezone.localtime().strftime("%H:%M")),
        )
        gps = None
        if p.get("lat") and p.get("lon"):
            gps = (float(p["lat"]), float(p["lon"]))
        aux = None
        if p.get("committed_by") == "auxiliary" and p.get("auxiliary"):
            aux = get_object_or_404(Auxiliary.objects.all(), pk=p["auxiliary"])
        auto = services.infraction_issue(
            actor=actor_of(request),
            municipality=user_of(request).municipality,  # type: ignore[arg-type]
            code=p.get("code", ""),
            committed_at=timezone.make_aware(when),
            place=p.get("place", ""),
            description=p.get("description", ""),
            agent_registration=p.get("agent_registration", ""),
            plate=p.get("plate", ""),
            permit=permit,
            law=law,
            committed_by=p.get("committed_by", "holder"),
            auxiliary=aux,
            offender_name=p.get("offender_name", ""),
            offender_signed=p.get("signature") == "signed",
            refusal_certified=p.get("signature") == "refused",
            witnesses=[p.get("witness_1", ""), p.get("witness_2", "")],
            gps=gps,
            photos=_files(request, "photos"),
            warning=p.get("warning") == "1",
            warning_fixable=p.get("warning_fixable") == "1",
            warning_harmless=p.get("warning_harmless") == "1",
        )
    except (*ERRORS, ValueError) as exc:
        messages.error(request, str(exc))
        return render(request, "enforcement/auto_form.html", ctx, status=422)
    messages.success(request, f"Auto {auto.number} lavrado.")
    return HttpResponseRedirect(reverse("enforcement:case", args=[auto.case.pk]))


@staff_only
def auto_pdf(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.all(), pk=auto_id)
    resp = HttpResponse(pdf.auto_pdf(auto), content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="{auto.number}.pdf"'
    return resp


@staff_only
@require_POST
def auto_cancel(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.all(), pk=auto_id)
    to = reverse("enforcement:case", args=[auto.case.pk])
    try:
        services.infraction_cancel(
            actor=actor_of(request),
            municipality=auto.municipality,
            auto=auto,
            reason=request.POST.get("reason", ""),
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Auto cancelado.")
    return HttpResponseRedirect(to)


# --- the case -----------------------------------------------------------------------------------------


@staff_only
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.select_related("auto", "permit", "person"), pk=case_id)
    ctx = selectors.case_detail(case)
    role = user_of(request).role
    pending = ctx["pending_filing"]
    proposal_action = (
        "penalty.revocation" if case.kind == Case.Kind.REVOCATION else "penalty.cassacao"
    )
    ctx.update(
        {
            # Forms only for who may use them (the services check again and log refusals).
            "can_judge": pending is not None
            and case.kind in (Case.Kind.INFRACTION, Case.Kind.SUSPENSION)
            and is_allowed(role, services.JUDGE_ACTION[Filing.Stage(pending.stage)], case.law),
            "can_notify": is_allowed(role, "notice.record", case.law),
            "can_decide": case.kind in (Case.Kind.REVOCATION, Case.Kind.CASSACAO)
            and is_allowed(role, proposal_action, case.law),
            "role": role,
            "taxi_like": L.taxi_like(case.law),
            "cassacao_cite": interfaces.cited(case.law, "cassacao"),
            "today": _today(),
            "forms": Notice.Form.choices,
            "debts": [(d, brl(d.amount_cents)) for d in services.case_debts(case)],
        }
    )
    return render(request, "enforcement/case.html", ctx)


@staff_only
@require_POST
def notice_deliver(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = get_object_or_404(Notice.objects.select_related("case"), pk=notice_id)
    to = reverse("enforcement:case", args=[notice.case_id])
    try:
        services.notice_deliver(
            actor=actor_of(request),
            municipality=notice.municipality,
            notice=notice,
            form=request.POST.get("form", ""),
            on=_date(request.POST.get("on"), _today()),
            reference=request.POST.get("reference", ""),
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Notificação registrada.")
    return HttpResponseRedirect(to)


@staff_only
def notice_pdf(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = get_object_or_404(Notice.objects.select_related("case"), pk=notice_id)
    url = request.build_absolute_uri(reverse("enforcement:portal"))
    resp = HttpResponse(pdf.notice_pdf(notice, url), content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="notificacao-{notice.case.number}.pdf"'
    return resp


@staff_only
@require_POST
def filing_paper(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.all(), pk=case_id)
    to = reverse("enforcement:case", args=[case.pk])
    try:
        services.filing_file(
            actor=actor_of(request),
            municipality=case.municipality,
            case=case,
            text=request.POST.get("text", ""),
            filed_on=_date(request.POST.get("filed_on"), _today()),
            attachments=_files(request, "attachments"),
            channel=Filing.Channel.PAPER,
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Peça protocolada.")
    return HttpResponseRedirect(to)


@staff_only
@require_POST
def filing_judge(request: HttpRequest, filing_id: int) -> HttpResponse:
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    to = reverse("enforcement:case", args=[filing.case_id])
    try:
        services.filing_judge(
            actor=actor_of(request),
            municipality=filing.municipality,
            filing=filing,
            upheld=request.POST.get("result") == "upheld",
            reasoning=request.POST.get("reasoning", ""),
            on=_date(request.POST.get("on"), _today()),
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Decisão registrada.")
    return HttpResponseRedirect(to)


@staff_only
def decision_pdf(request: HttpRequest, filing_id: int) -> HttpResponse:
    filing = get_object_or_404(Filing.objects.select_related("case"), pk=filing_id)
    resp = HttpResponse(pdf.decision_pdf(filing), content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="decisao-{filing.case.number}.pdf"'
    return resp


@staff_only
@require_POST
def proposal_decide(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(Case.objects.all(), pk=case_id)
    to = reverse("enforcement:case", args=[case.pk])
    try:
        services.proposal_decide(
            actor=actor_of(request),
            municipality=case.municipality,
            case=case,
            accept=request.POST.get("accept") == "1",
            reasoning=request.POST.get("reasoning", ""),
            on=_date(request.POST.get("on"), _today()),
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Proposta decidida.")
    return HttpResponseRedirect(to)


# --- queues, suspensions, Diário Oficial ---------------------------------------------------------


@staff_only
def queue(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "enforcement/queue.html",
        {"q": selectors.queue(user_of(request)), "role": user_of(request).role, "today": _today()},
    )


@staff_only
@require_POST
def suspension_impose(request: HttpRequest, escalation_id: int) -> HttpResponse:
    esc = get_object_or_404(Escalation.objects.all(), pk=escalation_id)
    to = reverse("enforcement:queue")
    try:
        services.suspension_impose(
            actor=actor_of(request),
            municipality=esc.municipality,
            escalation=esc,
            start=_date(request.POST.get("start"), _today()),
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(
        request, f"Suspensão de {esc.days} dias aplicada à permissão {esc.permit.number}."
    )
    return HttpResponseRedirect(to)


@staff_only
@require_POST
def permit_reinstate(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = get_object_or_404(Permit.objects.all(), pk=permit_id)
    to = reverse("enforcement:queue")
    document = request.POST.get("document", "")
    try:
        registry_permit_status.permit_reinstate(
            actor=actor_of(request),
            municipality=permit.municipality,
            permit=permit,
            on=_date(request.POST.get("on"), _today()),
            proof=request.POST.get("proof", ""),
            document=int(document) if document.isdigit() else None,
        )
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, f"Permissão {permit.number} reativada.")
    return HttpResponseRedirect(to)


#: Mototaxi art. 32 III a–h and art. 47: the causes a cassação proposal may rest on (the law core
#: checks each one); the form's field → the fact's kind.
MOTO_CAUSES_FLAGS = (
    "repeat_drunk_driving_proven",
    "transfer_attempt",
    "suspension_breached",
    "sealed_vehicle_operated",
    "term_not_renewed",
    "drug_trafficking_conviction_final",
)
MOTO_CAUSES_NUMBERS = ("criminal_sentence_months", "service_interrupted_days", "ctb_points")


def _moto_causes(post: Any) -> dict[str, Any]:
    causes: dict[str, Any] = {k: True for k in MOTO_CAUSES_FLAGS if post.get(k) == "1"}
    for k in MOTO_CAUSES_NUMBERS:
        raw = (post.get(k) or "").strip()
        if raw:
            if not raw.isdigit():
                raise FieldError(k, "informe um número inteiro")
            causes[k] = int(raw)
    others = [x.strip() for x in (post.get("other_commercial_permissions") or "").split(",")]
    if any(others):
        causes["other_commercial_permissions"] = [x for x in others if x]
    return causes


@staff_only
def cassacao_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Open a cassação proposal under the permit's own law (mototaxi art. 32 III / 47; taxi art.
    41 §3–4); the Chief Executive decides it after the defence (D-3). Competence: the service."""
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    autos = (
        list(
            InfractionNotice.objects.filter(permit=permit, status=InfractionNotice.Status.ISSUED)
            .select_related("case")
            .order_by("-committed_at", "-id")
        )
        if L.taxi_like(permit.law)
        else []
    )
    ctx: dict[str, Any] = {
        "permit": permit,
        "taxi": L.taxi_like(permit.law),
        "cassacao_cite": interfaces.cited(permit.law, "cassacao"),
        "autos": autos,
        "targets": services.TAXI_CASSACAO,
        "today": _today(),
        "data": request.POST or request.GET,
        "can_propose": is_allowed(user_of(request).role, "penalty.propose", permit.law),
        "recorded_permissions": services.other_commercial_permissions(permit),
    }
    if request.method != "POST":
        return render(request, "enforcement/cassacao_form.html", ctx)
    p = request.POST
    try:
        auto = None
        if p.get("auto", "").isdigit():
            auto = get_object_or_404(InfractionNotice.objects.all(), pk=int(p["auto"]))
        case = services.proposal_open_cassacao(
            actor=actor_of(request),
            municipality=permit.municipality,
            permit=permit,
            on=_date(p.get("on"), _today()),
            causes=None if L.taxi_like(permit.law) else _moto_causes(p),
            auto=auto,
            target=p.get("target", ""),
        )
    except ERRORS as exc:
        messages.error(request, str(exc))
        return render(request, "enforcement/cassacao_form.html", ctx, status=422)
    messages.success(request, f"Proposta de cassação aberta: processo {case.number}.")
    return HttpResponseRedirect(reverse("enforcement:case", args=[case.pk]))


@staff_only
def taxi_suspension_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Taxi art. 42 IV–V: the authority suspends, for at most 90 days (D-10), the permission (V)
    or the inscription in the Cadastro (IV) of the holder or of one of its auxiliaries."""
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    if not interfaces.cited(permit.law, "cadastro_suspenso"):
        raise Http404
    auxiliaries = list(
        permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).select_related("person")
    )
    # Only a final infraction is punished (D-1; art. 41 caput); the service checks it again.
    autos = list(
        InfractionNotice.objects.filter(
            permit=permit, status=InfractionNotice.Status.ISSUED, case__stage=Case.Stage.FINAL
        )
        .select_related("case", "auxiliary__person")
        .order_by("-committed_at", "-id")
    )
    ctx: dict[str, Any] = {
        "permit": permit,
        "auxiliaries": auxiliaries,
        "autos": autos,
        "today": _today(),
        "data": request.POST,
        "measures_cite": "; ".join(
            interfaces.cited(permit.law, k) for k in ("cadastro_suspenso", "suspension")
        ),
        "can_suspend": is_allowed(user_of(request).role, "penalty.suspension", permit.law),
    }
    if request.method != "POST":
        return render(request, "enforcement/taxi_suspension_form.html", ctx)
    p = request.POST
    target = p.get("target") or "permissao"
    try:
        days = (p.get("days") or "").strip()
        if not days.isdigit() or int(days) < 1:
            raise FieldError("dias", "informe os dias de suspensão (art. 42, IV e V: até 90)")
        start = _date(p.get("start"), _today())
        # Any auto of the municipality (scoped manager): the service refuses another permit's,
        # a cancelled one or one not yet final, citing the article.
        auto = (
            InfractionNotice.objects.filter(pk=int(p["auto"])).first()
            if p.get("auto", "").isdigit()
            else None
        )
        if target == "permissao":
            permit = services.taxi_suspension_impose(
                actor=actor_of(request),
                municipality=permit.municipality,
                permit=permit,
                auto=auto,
                days=int(days),
                start=start,
                reason=p.get("reason", ""),
            )
            done = (
                f"Permissão {permit.number} suspensa até "
                f"{permit.suspended_until:%d/%m/%Y} (art. 42, V)."
            )
        elif target in ("cadastro_titular", "cadastro_auxiliar"):
            aux = None
            if target == "cadastro_auxiliar":
                aux = next((a for a in auxiliaries if str(a.pk) == p.get("auxiliary")), None)
                if aux is None:
                    raise FieldError("auxiliar", "escolha o auxiliar ativo desta permissão")
            penalty = services.taxi_register_suspension_impose(
                actor=actor_of(request),
                municipality=permit.municipality,
                permit=permit,
                infraction=auto,
                days=int(days),
                start=start,
                reason=p.get("reason", ""),
                auxiliary=aux,
            )
            ends = penalty.imposed_on + dt.timedelta(days=int(days) - 1)
            who = aux.person.name if aux is not None else permit.holder.name
            done = f"Cadastro de taxista de {who} suspenso até {ends:%d/%m/%Y} (art. 42, IV)."
        else:
            raise FieldError("alvo", "escolha a permissão ou o cadastro do titular ou do auxiliar")
    except ERRORS as exc:
        messages.error(request, str(exc))
        return render(request, "enforcement/taxi_suspension_form.html", ctx, status=422)
    messages.success(request, done)
    return HttpResponseRedirect(reverse("enforcement:queue"))


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
            done = services.edital_publish(
                actor=actor_of(request),
                municipality=user_of(request).municipality,  # type: ignore[arg-type]
                notices=_pending_notices(request),
                published_on=_date(request.POST.get("published_on")),
                edition=request.POST.get("edition", ""),
            )
        except ERRORS as exc:
            return _back(request, exc, reverse("enforcement:edital"))
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


# --- seizures ------------------------------------------------------------------------------------


@staff_only
def seizure_detail(request: HttpRequest, seizure_id: int) -> HttpResponse:
    s = get_object_or_404(
        Seizure.objects.select_related("auto", "fine_debt", "removal_debt"), pk=seizure_id
    )
    debts = [d for d in (s.fine_debt, s.removal_debt) if d] + list(s.storage_debts.all())
    return render(
        request,
        "enforcement/seizure.html",
        {
            "s": s,
            "debts": [(d, brl(d.amount_cents)) for d in debts],
            "days": services.storage_days(s, _today()),
            "daily": brl(s.storage_daily_cents),
            "today": _today(),
        },
    )


@staff_only
@require_POST
def seizure_new(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.select_related("permit"), pk=auto_id)
    to = reverse("enforcement:case", args=[auto.case.pk])
    try:
        person = auto.permit.holder if auto.permit else None
        if person is None:
            raise FieldError("proprietário", "identifique o proprietário no cadastro antes")
        s = services.seizure_create(
            actor=actor_of(request),
            municipality=auto.municipality,
            person=person,
            plate=auto.plate,
            depot=request.POST.get("depot", ""),
            entered_on=_date(request.POST.get("entered_on"), _today()),
            removal_cents=int(
                round(float(request.POST.get("removal", "0").replace(",", ".")) * 100)
            ),
            storage_daily_cents=int(
                round(float(request.POST.get("daily", "0").replace(",", ".")) * 100)
            ),
            auto=auto,
        )
    except (*ERRORS, ValueError) as exc:
        return _back(request, exc, to)
    return HttpResponseRedirect(reverse("enforcement:seizure", args=[s.pk]))


@staff_only
@require_POST
def seizure_action(request: HttpRequest, seizure_id: int, action: str) -> HttpResponse:
    s = get_object_or_404(Seizure.objects.all(), pk=seizure_id)
    to = reverse("enforcement:seizure", args=[s.pk])
    on = _today()
    try:
        if action == "estadia":
            services.seizure_bill_storage(
                actor=actor_of(request), municipality=s.municipality, seizure=s, through=on
            )
        elif action == "liberar":
            services.seizure_release(
                actor=actor_of(request), municipality=s.municipality, seizure=s, on=on
            )
        else:
            raise Http404
    except ERRORS as exc:
        return _back(request, exc, to)
    messages.success(request, "Feito.")
    return HttpResponseRedirect(to)


# --- the holder's portal -----------------------------------------------------------------------------


def _holder(request: HttpRequest) -> Any:
    user = user_of(request)
    if user.municipality_id is None or user.role != Role.PERMISSIONARIO:
        return None
    return selectors.person_of(user)


@login_required
def portal(request: HttpRequest) -> HttpResponse:
    person = _holder(request)
    if person is None:
        return _forbidden(request, "Área do permissionário: acesso com o login do titular.")
    return render(
        request,
        "enforcement/portal.html",
        {"person": person, "cases": list(selectors.holder_cases(person))},
    )


@login_required
def portal_case(request: HttpRequest, case_id: int) -> HttpResponse:
    person = _holder(request)
    if person is None:
        return _forbidden(request, "Área do permissionário: acesso com o login do titular.")
    case = get_object_or_404(selectors.holder_cases(person), pk=case_id)
    to = reverse("enforcement:portal_case", args=[case.pk])
    if request.method == "POST":
        try:
            services.filing_file(
                actor=actor_of(request),
                municipality=case.municipality,
                case=case,
                text=request.POST.get("text", ""),
                filed_on=_today(),
                attachments=_files(request, "attachments"),
                channel=Filing.Channel.PORTAL,
            )
        except (*ERRORS, services.NotOwner) as exc:
            return _back(request, exc, to)
        except NotCompetent as exc:
            return _forbidden(request, str(exc))
        messages.success(request, "Peça enviada. Acompanhe o julgamento nesta página.")
        return HttpResponseRedirect(to)
    ctx = selectors.case_detail(case)
    ctx["can_file"] = case.waiting == Case.Waiting.DEADLINE and case.stage in (
        Case.Stage.DEFENCE,
        Case.Stage.JARI,
        Case.Stage.EXECUTIVE,
    )
    ctx["debts"] = [(d, brl(d.amount_cents)) for d in services.case_debts(case)]
    return render(request, "enforcement/portal_case.html", ctx)


@login_required
def portal_notice_pdf(request: HttpRequest, notice_id: int) -> HttpResponse:
    """The holder's copy of a notice, with the deadline and how to file online."""
    person = _holder(request)
    if person is None:
        return _forbidden(request, "Área do permissionário: acesso com o login do titular.")
    notice = get_object_or_404(
        Notice.objects.select_related("case").filter(case__in=selectors.holder_cases(person)),
        pk=notice_id,
    )
    url = request.build_absolute_uri(reverse("enforcement:portal"))
    resp = HttpResponse(pdf.notice_pdf(notice, url), content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="notificacao-{notice.case.number}.pdf"'
    return resp

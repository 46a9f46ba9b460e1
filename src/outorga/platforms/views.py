"""Screens of the platforms area (authority, finance, inspectors, Chief Executive) and the public
complaint form. Thin: parse → one service or selector → render."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from outorga.core import services as core_services
from outorga.core.lawseam import governs, law_of
from outorga.core.middleware import client_ip
from outorga.core.models import ApiToken, Municipality, RuleSuspension, User
from outorga.core.requests import actor_of, user_of
from outorga.core.tenancy import current_municipality, current_municipality_or_none, tenant
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent, Role, is_allowed
from outorga.law.money import brl
from outorga.platforms.services import common as services_common
from outorga.platforms.services.cases import platform_case_decide, platform_case_open
from outorga.platforms.services.common import PlatformError, apps_law, bound_law, reasons_json
from outorga.platforms.services.complaints import complaint_file_public
from outorga.platforms.services.credentialing import (
    PlatformData,
    platform_credential,
    platform_update_contacts,
)
from outorga.platforms.services.drivers import enabled_roster
from outorga.platforms.services.penalties import (
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
    platform_penalty_impose,
    platform_penalty_notice_record,
)
from outorga.platforms.services.rule_suspensions import rule_suspension_record, suspendable_rules

from . import charts, pdf, selectors
from .models import (
    Complaint,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)

# --- helpers --------------------------------------------------------------------------------------


def _forbidden(request: HttpRequest, exc: NotCompetent | PlatformError) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)


def _viewer(request: HttpRequest, *, object_page: bool = False) -> User | HttpResponse:
    user = user_of(request)
    try:
        selectors.require_viewer(user.role, user.municipality)
    except NotCompetent as exc:
        return _forbidden(request, exc)
    if user.municipality is None or not governs(user.municipality, Service.APLICATIVO):
        if object_page:
            raise Http404
        return render(request, "platforms/not_applicable.html", status=200)
    return user


def _error_messages(request: HttpRequest, exc: PlatformError) -> None:
    messages.error(request, exc.message)
    for e in exc.errors:
        messages.error(request, f"{e['campo']}: {e['erro']}")
    for r in reasons_json(exc.decisions):
        if r["resultado"] in ("refused", "pending"):
            messages.error(request, f"{r['mensagem']} ({'; '.join(r['citacoes'])})")


class DriverRow:
    """A roster row with the CPF as the viewer may see it (personal data)."""

    def __init__(self, driver: PlatformDriver, cpf: str) -> None:
        self.d = driver
        self.cpf = cpf


def _rows(drivers: Any, role: str) -> list[DriverRow]:
    return [DriverRow(d, selectors.cpf_for(role, d.cpf)) for d in drivers]


# --- forms (parsing only) -------------------------------------------------------------------------


class CredentialForm(forms.Form):
    cnpj = forms.CharField(label="CNPJ", max_length=18)
    name = forms.CharField(label="Nome da plataforma", max_length=120)
    cadastro_mobiliario = forms.CharField(
        label="Inscrição no cadastro mobiliário (art. 19, §2)", max_length=30, required=False
    )
    complaint_channel = forms.CharField(
        label="Canal de reclamações (art. 11, III)", max_length=200, required=False
    )
    contact_name = forms.CharField(label="Responsável", max_length=120, required=False)
    contact_email = forms.EmailField(label="E-mail", required=False)
    contact_phone = forms.CharField(label="Telefone", max_length=30, required=False)
    address = forms.CharField(label="Endereço", max_length=250, required=False)


class ContactsForm(forms.Form):
    cadastro_mobiliario = forms.CharField(
        label="Inscrição no cadastro mobiliário", max_length=30, required=False
    )
    complaint_channel = forms.CharField(
        label="Canal de reclamações", max_length=200, required=False
    )
    contact_name = forms.CharField(label="Responsável", max_length=120, required=False)
    contact_email = forms.EmailField(label="E-mail", required=False)
    contact_phone = forms.CharField(label="Telefone", max_length=30, required=False)
    address = forms.CharField(label="Endereço", max_length=250, required=False)


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(label="Penalidade", choices=PlatformPenalty.Kind.choices)
    infraction_on = forms.DateField(label="Data do fato", widget=forms.DateInput({"type": "date"}))
    description = forms.CharField(label="Fato", widget=forms.Textarea({"rows": 2}))
    reasoning = forms.CharField(label="Fundamentação", widget=forms.Textarea({"rows": 3}))
    fine_upfbg = forms.DecimalField(
        label="Multa em UPFBG (até 500, art. 26, II)",
        required=False,
        max_digits=10,
        decimal_places=4,
    )
    defence_notice_on = forms.DateField(
        label="Notificação para defesa", widget=forms.DateInput({"type": "date"})
    )
    defence_judged = forms.BooleanField(label="Defesa apresentada e julgada", required=False)


class CaseForm(forms.Form):
    kind = forms.ChoiceField(label="Proposta", choices=PlatformCase.Kind.choices)
    infraction_on = forms.DateField(label="Data do fato", widget=forms.DateInput({"type": "date"}))
    grounds = forms.CharField(label="Fundamentos", widget=forms.Textarea({"rows": 3}))
    suspension_days = forms.IntegerField(label="Dias de suspensão", required=False, min_value=1)


class DecideForm(forms.Form):
    uphold = forms.TypedChoiceField(
        label="Decisão",
        choices=[("1", "Acolher a proposta"), ("0", "Rejeitar a proposta")],
        coerce=lambda v: v == "1",
    )
    text = forms.CharField(label="Fundamentação da decisão", widget=forms.Textarea({"rows": 3}))


class NoticeForm(forms.Form):
    notice_on = forms.DateField(
        label="Data da notificação (assinatura, AR ou publicação — decisão D-4)",
        widget=forms.DateInput({"type": "date"}),
    )
    channel = forms.ChoiceField(label="Meio", choices=PlatformPenalty.NoticeChannel.choices)


class PaperAppealForm(forms.Form):
    filed_on = forms.DateField(
        label="Apresentado em (data do protocolo)", widget=forms.DateInput({"type": "date"})
    )
    text = forms.CharField(label="Razões do recurso", widget=forms.Textarea({"rows": 4}))


class JudgeForm(forms.Form):
    upheld = forms.TypedChoiceField(
        label="Julgamento",
        choices=[
            ("0", "Negar provimento: penalidade confirmada, definitiva"),
            ("1", "Dar provimento: penalidade anulada, multa cancelada ou restituída"),
        ],
        coerce=lambda v: v == "1",
    )
    reasoning = forms.CharField(
        label="Fundamentação (fatos e fundamentos jurídicos — Lei 9.784/1999, art. 50, V)",
        widget=forms.Textarea({"rows": 4}),
    )


class ComplaintForm(forms.Form):
    platform = forms.ModelChoiceField(
        label="Plataforma",
        queryset=Platform._base_manager.none(),
        empty_label="Escolha a plataforma",
    )
    description = forms.CharField(
        label="O que aconteceu?", widget=forms.Textarea({"rows": 5}), max_length=4000
    )
    occurred_on = forms.DateField(
        label="Data do fato", required=False, widget=forms.DateInput({"type": "date"})
    )
    complainant_name = forms.CharField(label="Seu nome (opcional)", required=False, max_length=120)
    complainant_contact = forms.CharField(
        label="E-mail ou telefone para retorno (opcional)", required=False, max_length=120
    )
    website = forms.CharField(required=False, widget=forms.HiddenInput)  # honeypot


# --- authority and finance screens ----------------------------------------------------------------


@login_required
def index(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    platforms = list(selectors.platforms_with_counts())
    labels, drivers_series = selectors.monthly_series("active_drivers")
    _, trips_series = selectors.monthly_series("trips")
    context = {
        "platforms": platforms,
        "roster_total": selectors.municipality_roster(),
        "credentialed": sum(1 for p in platforms if p.status == Platform.Status.CREDENTIALED),
        "chart_drivers": mark_safe(  # noqa: S308 - built by charts.line_chart, every text escaped
            charts.line_chart(
                labels,
                drivers_series,
                title="Motoristas ativos informados por mês",
                chart_id="chart-drivers",
            )
        ),
        "chart_trips": mark_safe(  # noqa: S308 - built by charts.line_chart, every text escaped
            charts.line_chart(
                labels, trips_series, title="Corridas informadas por mês", chart_id="chart-trips"
            )
        ),
        "labels": labels,
        "drivers_series": drivers_series,
        "trips_series": trips_series,
        "can_credential": user.role == Role.AUTORIDADE,
    }
    return render(request, "platforms/index.html", context)


@login_required
def credential(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    form = CredentialForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            p, _ = platform_credential(
                actor=actor_of(request),
                municipality=current_municipality_or_none() or user.municipality,  # type: ignore[arg-type]
                data=PlatformData(**form.cleaned_data),
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            messages.success(request, f"Plataforma {p.name} credenciada.")
            return HttpResponseRedirect(reverse("platforms:detail", args=[p.pk]))
    try:
        law = apps_law(current_municipality_or_none() or user.municipality)  # type: ignore[arg-type]
    except PlatformError as exc:
        return _forbidden(request, exc)
    cites = interfaces.cited_once(
        law, "platform_cap", "municipal_tax_registration", "complaint_channel"
    )
    return render(request, "platforms/credential.html", {"form": form, "cites": cites})


@login_required
def detail(request: HttpRequest, platform_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    drivers = PlatformDriver.objects.filter(platform=p).order_by("status", "name")
    today = services_common.today()
    context = {
        "p": p,
        "drivers": _rows(drivers, user.role),
        "enabled": enabled_roster(p),
        "documents": p.documents.all(),
        "history": p.status_changes.select_related("changed_by"),
        "fares": p.fare_tables.all()[:20],
        "reports": MonthlyReport.objects.filter(platform=p),
        "complaints": Complaint.objects.filter(platform=p)[:50],
        "penalties": PlatformPenalty.objects.filter(platform=p).select_related("debt"),
        "cases": PlatformCase.objects.filter(platform=p),
        "penalty_form": PenaltyForm(initial={"infraction_on": today, "defence_notice_on": today}),
        "case_form": CaseForm(initial={"infraction_on": today}),
        "contacts_form": ContactsForm(initial={k: getattr(p, k) for k in ContactsForm.base_fields}),
        "is_authority": user.role == Role.AUTORIDADE,
        "tokens": ApiToken.objects.filter(platform=p).order_by("-created_at"),
    }
    return render(request, "platforms/detail.html", context)


@login_required
@require_POST
def token_issue(request: HttpRequest, platform_id: int) -> HttpResponse:
    """Issue an API token; the secret is shown on this page only (it is stored as a digest)."""
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    name = (request.POST.get("name") or "").strip()[:80] or "token"
    try:
        token, secret = core_services.api_token_issue(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            platform=p,
            name=name,
        )
    except NotCompetent as exc:
        return _forbidden(request, exc)
    return render(
        request, "platforms/token_issued.html", {"p": p, "token": token, "secret": secret}
    )


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    token = get_object_or_404(ApiToken.objects.select_related("platform"), pk=token_id)
    try:
        core_services.api_token_revoke(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            token=token,
        )
    except NotCompetent as exc:
        return _forbidden(request, exc)
    messages.success(request, f"Token {token.prefix} revogado.")
    return HttpResponseRedirect(reverse("platforms:detail", args=[token.platform_id]))


@login_required
@require_POST
def contacts_update(request: HttpRequest, platform_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    form = ContactsForm(request.POST)
    if not form.is_valid():
        for fld, errs in form.errors.items():
            messages.error(request, f"{fld}: {' '.join(str(e) for e in errs)}")
    else:
        try:
            platform_update_contacts(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                platform=p,
                changes=form.cleaned_data,
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        messages.success(request, "Dados da plataforma atualizados.")
    return HttpResponseRedirect(reverse("platforms:detail", args=[p.pk]))


@login_required
@require_POST
def penalty_impose(request: HttpRequest, platform_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    form = PenaltyForm(request.POST)
    if not form.is_valid():
        for fld, errs in form.errors.items():
            messages.error(request, f"{fld}: {' '.join(str(e) for e in errs)}")
    else:
        data = form.cleaned_data
        try:
            penalty, _ = platform_penalty_impose(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                platform=p,
                kind=data["kind"],
                infraction_on=data["infraction_on"],
                description=data["description"],
                reasoning=data["reasoning"],
                defence_notice_on=data["defence_notice_on"],
                defence_judged=data["defence_judged"],
                fine_upfbg=data["fine_upfbg"],
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            amount = f" de {brl(penalty.amount_cents)}" if penalty.amount_cents else ""
            debt = (
                f" Débito {penalty.debt.reference} lançado na Secretaria de Finanças, vencimento "
                f"em {penalty.debt.due_on:%d/%m/%Y}."
                if penalty.debt
                else ""
            )
            messages.success(
                request,
                f"{penalty.get_kind_display().capitalize()}{amount} aplicada.{debt} Registre a "
                "notificação da decisão à plataforma: dela corre o prazo de recurso (art. 26, "
                "parágrafo único; decisão D-17).",
            )
            return HttpResponseRedirect(reverse("platforms:penalty_detail", args=[penalty.pk]))
    return HttpResponseRedirect(reverse("platforms:detail", args=[p.pk]))


@login_required
@require_POST
def case_open(request: HttpRequest, platform_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    form = CaseForm(request.POST)
    if not form.is_valid():
        for fld, errs in form.errors.items():
            messages.error(request, f"{fld}: {' '.join(str(e) for e in errs)}")
        return HttpResponseRedirect(reverse("platforms:detail", args=[p.pk]))
    data = form.cleaned_data
    try:
        case = platform_case_open(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            platform=p,
            kind=data["kind"],
            infraction_on=data["infraction_on"],
            grounds=data["grounds"],
            suspension_days=data["suspension_days"],
        )
    except NotCompetent as exc:
        return _forbidden(request, exc)
    except PlatformError as exc:
        _error_messages(request, exc)
        return HttpResponseRedirect(reverse("platforms:detail", args=[p.pk]))
    messages.success(
        request, f"Processo aberto; prazo de defesa até {case.defence_until:%d/%m/%Y}."
    )
    return HttpResponseRedirect(reverse("platforms:case", args=[case.pk]))


@login_required
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    case = get_object_or_404(PlatformCase.objects.select_related("platform"), pk=case_id)
    form = DecideForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            platform_case_decide(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                case=case,
                uphold=form.cleaned_data["uphold"],
                text=form.cleaned_data["text"],
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            messages.success(request, "Decisão registrada.")
            return HttpResponseRedirect(reverse("platforms:case", args=[case.pk]))
    decision = case.decision.get("penalty") or case.decision.get("deadlines") or {}
    return render(
        request,
        "platforms/case.html",
        {
            "case": case,
            "form": form,
            "decision": decision,
            "can_decide": user.role == Role.CHEFE_EXECUTIVO and case.status == "open",
        },
    )


@login_required
def shared_cpfs(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    rows = [
        {**row, "cpf_shown": selectors.cpf_for(user.role, row["cpf"])}
        for row in selectors.shared_cpfs()
    ]
    bound = bound_law(current_municipality_or_none() or user.municipality)  # type: ignore[arg-type]
    cap = bound.limit("drivers_per_platform")
    return render(
        request,
        "platforms/shared_cpfs.html",
        {
            "rows": rows,
            "cap": cap.value if cap else None,
            "cap_cite": interfaces.cited_once(bound.law, "concurrent_drivers_cap"),
        },
    )


def _on(request: HttpRequest) -> dt.date:
    try:
        return dt.date.fromisoformat(request.GET.get("em", ""))
    except ValueError:
        return services_common.today()


@login_required
def reports(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    on = _on(request)
    m = user.municipality
    assert m is not None
    return render(
        request,
        "platforms/reports.html",
        {
            "on": on,
            "candidates": selectors.report_candidates(m, on),
            "reports": MonthlyReport.objects.select_related("platform"),
        },
    )


@login_required
def report_detail(request: HttpRequest, report_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    r = get_object_or_404(MonthlyReport.objects.select_related("platform"), pk=report_id)
    drivers = [
        {**d, "cpf_shown": selectors.cpf_for(user.role, str(d.get("cpf", "")))}
        for d in r.payload.get("drivers", [])
    ]
    versions = MonthlyReport.objects.filter(platform=r.platform, year=r.year, month=r.month)
    return render(
        request,
        "platforms/report.html",
        {"r": r, "drivers": drivers, "versions": versions, "response": r.response},
    )


@login_required
def complaints(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    on = _on(request)
    m = user.municipality
    assert m is not None
    statuses = selectors.complaint_statuses(m, on)
    return render(
        request,
        "platforms/complaints.html",
        {
            "on": on,
            "term": selectors.complaint_term(m, on) if governs(m, Service.APLICATIVO) else None,
            "overdue": [s for s in statuses if s.status == "overdue"],
            "statuses": statuses,
        },
    )


@login_required
def penalties(request: HttpRequest) -> HttpResponse:
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    return render(
        request,
        "platforms/penalties.html",
        {
            "appeals": selectors.appeal_queue(),
            "not_final": selectors.penalties_not_final(),
            "penalties": PlatformPenalty.objects.select_related("platform", "imposed_by", "debt"),
            "cases": PlatformCase.objects.select_related("platform"),
            "candidates": InfractionCandidate.objects.select_related("platform")[:200],
            "today": services_common.today(),
        },
    )


def _penalty(platform_penalty_id: int) -> PlatformPenalty:
    return get_object_or_404(
        PlatformPenalty.objects.select_related("platform", "debt", "imposed_by"),
        pk=platform_penalty_id,
    )


def _form_errors(request: HttpRequest, form: forms.Form) -> None:
    for fld, errs in form.errors.items():
        messages.error(request, f"{fld}: {' '.join(str(e) for e in errs)}")


@login_required
def penalty_detail(request: HttpRequest, penalty_id: int) -> HttpResponse:
    """A warning or fine with its notice, appeal and judgment (art. 26 sole paragraph; D-1, D-17):
    the screen of the decision, with the acts that made it."""
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    x = _penalty(penalty_id)
    appeal = PlatformPenaltyAppeal.objects.filter(penalty=x).select_related("judged_by").first()
    today = services_common.today()
    role = user.role
    return render(
        request,
        "platforms/penalty.html",
        {
            "x": x,
            "appeal": appeal,
            "acts": selectors.penalty_acts(x),
            "decision": x.decision,
            # The law that governed the fact names the penalty imposed (a warning, a fine).
            "penalty_cites": interfaces.cited_once(
                law_of(x.municipality, Service.APLICATIVO, x.infraction_on, nearest=True),
                "fine" if x.kind == PlatformPenalty.Kind.FINE else "warning",
            ),
            "finality": x.procedure.get("finality") or x.procedure.get("notice") or {},
            "notice_form": NoticeForm(initial={"notice_on": today}),
            "appeal_form": PaperAppealForm(initial={"filed_on": today}),
            "judge_form": JudgeForm(),
            "can_notice": x.status == PlatformPenalty.Status.AWAITING_NOTICE
            and is_allowed(role, "notice.record", apps_law(current_municipality())),
            "can_file": appeal is None
            and x.status != PlatformPenalty.Status.ANNULLED
            and is_allowed(role, "defence.file", apps_law(current_municipality())),
            "can_judge": appeal is not None
            and appeal.result == PlatformPenaltyAppeal.Result.PENDING
            and is_allowed(role, "appeal.executive.judge", apps_law(current_municipality())),
        },
    )


@login_required
@require_POST
def penalty_notice(request: HttpRequest, penalty_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    x = _penalty(penalty_id)
    form = NoticeForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
    else:
        try:
            x = platform_penalty_notice_record(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                penalty=x,
                notice_on=form.cleaned_data["notice_on"],
                channel=form.cleaned_data["channel"],
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            if x.status == PlatformPenalty.Status.FINAL:
                messages.success(
                    request,
                    f"Notificação registrada; o prazo de recurso terminou em "
                    f"{x.appeal_until:%d/%m/%Y} e a penalidade já é definitiva.",
                )
            else:
                messages.success(
                    request,
                    f"Notificação registrada; prazo de recurso até {x.appeal_until:%d/%m/%Y}.",
                )
    return HttpResponseRedirect(reverse("platforms:penalty_detail", args=[x.pk]))


@login_required
@require_POST
def penalty_appeal(request: HttpRequest, penalty_id: int) -> HttpResponse:
    """A paper appeal delivered to the authority, recorded with its protocol date."""
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    x = _penalty(penalty_id)
    form = PaperAppealForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
    else:
        try:
            appeal = platform_penalty_appeal_file(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                penalty=x,
                text=form.cleaned_data["text"],
                channel=PlatformPenaltyAppeal.Channel.PAPER,
                filed_on=form.cleaned_data["filed_on"],
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            messages.success(
                request,
                f"Recurso registrado; julgamento até {appeal.judge_until:%d/%m/%Y}.",
            )
    return HttpResponseRedirect(reverse("platforms:penalty_detail", args=[x.pk]))


@login_required
@require_POST
def penalty_judge(request: HttpRequest, penalty_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    x = _penalty(penalty_id)
    appeal = get_object_or_404(PlatformPenaltyAppeal.objects.all(), penalty=x)
    form = JudgeForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
    else:
        try:
            appeal = platform_penalty_appeal_judge(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                appeal=appeal,
                upheld=form.cleaned_data["upheld"],
                reasoning=form.cleaned_data["reasoning"],
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            messages.success(request, f"Recurso julgado: {appeal.get_result_display()}.")
    return HttpResponseRedirect(reverse("platforms:penalty_detail", args=[x.pk]))


@login_required
def penalty_pdf(request: HttpRequest, penalty_id: int) -> HttpResponse:
    user = _viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    x = _penalty(penalty_id)
    resp = HttpResponse(pdf.penalty_decision_pdf(x), content_type="application/pdf")
    resp["Content-Disposition"] = f'inline; filename="penalidade-{x.pk}.pdf"'
    return resp


class SuspensionForm(forms.Form):
    rule = forms.ChoiceField(label="Regra suspensa", choices=())
    start = forms.DateField(label="Suspensa a partir de", widget=forms.DateInput({"type": "date"}))
    end = forms.DateField(
        label="Até (em branco: sem prazo)", required=False, widget=forms.DateInput({"type": "date"})
    )
    reference = forms.CharField(label="Decisão judicial (tribunal, processo, data)", max_length=300)


@login_required
def suspensions(request: HttpRequest) -> HttpResponse:
    """Court suspensions of the law's rules (decision D-16): listed for every viewer, recorded by
    the authority."""
    user = _viewer(request)
    if isinstance(user, HttpResponse):
        return user
    m = user.municipality
    assert m is not None
    rules = suspendable_rules(m)
    form = SuspensionForm(request.POST or None)
    form.fields["rule"].choices = list(rules.items())  # type: ignore[attr-defined]
    if request.method == "POST" and form.is_valid():
        try:
            rule_suspension_record(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except NotCompetent as exc:
            return _forbidden(request, exc)
        except PlatformError as exc:
            _error_messages(request, exc)
        else:
            messages.success(request, "Suspensão registrada.")
            return HttpResponseRedirect(reverse("platforms:suspensions"))
    rows = [
        {"s": s, "label": rules.get(s.rule, s.rule)}
        for s in RuleSuspension.objects.filter(rule__in=list(rules))
    ]
    return render(
        request,
        "platforms/suspensions.html",
        {"rows": rows, "form": form, "is_authority": user.role == Role.AUTORIDADE},
    )


# --- public complaint form (no login) -------------------------------------------------------------

RATE_LIMIT = 5  # complaints per address per hour


def _public_municipality(request: HttpRequest) -> Municipality | None:
    """A logged-in user files for their own municipality; a visitor chooses one that applies the
    apps law (``?municipio=slug``)."""
    m = current_municipality_or_none()
    if m is not None:
        return m if governs(m, Service.APLICATIVO) else None
    slug = request.POST.get("municipio") or request.GET.get("municipio")
    if not slug:
        return None
    found = Municipality.objects.filter(slug=slug).first()
    return found if found is not None and governs(found, Service.APLICATIVO) else None


def public_complaint(request: HttpRequest) -> HttpResponse:
    m = _public_municipality(request)
    if m is None:
        if current_municipality_or_none() is not None:
            return render(request, "platforms/public_complaint.html", {"not_applicable": True})
        choices = [
            x for x in Municipality.objects.order_by("name") if governs(x, Service.APLICATIVO)
        ]
        return render(request, "platforms/public_complaint.html", {"choices": choices})
    with tenant(m):
        form = ComplaintForm(request.POST or None)
        form.fields["platform"].queryset = Platform.objects.filter(  # type: ignore[attr-defined]
            status=Platform.Status.CREDENTIALED
        ).order_by("name")
        if request.method == "POST" and form.is_valid():
            if form.cleaned_data["website"]:
                return render(request, "platforms/public_complaint.html", {"m": m, "done": None})
            ip = client_ip(request) or "desconhecido"
            key = f"outorga:complaint-rate:{ip}"
            count = cache.get_or_set(key, 0, 3600) or 0
            if count >= RATE_LIMIT:
                return render(
                    request,
                    "platforms/public_complaint.html",
                    {
                        "m": m,
                        "form": form,
                        "rate_limited": True,
                        "term": selectors.complaint_term(m, services_common.today()),
                    },
                    status=429,
                )
            cache.set(key, count + 1, 3600)
            try:
                done = complaint_file_public(
                    municipality=m,
                    platform=form.cleaned_data["platform"],
                    description=form.cleaned_data["description"],
                    complainant_name=form.cleaned_data["complainant_name"],
                    complainant_contact=form.cleaned_data["complainant_contact"],
                    occurred_on=form.cleaned_data["occurred_on"],
                    ip=client_ip(request),
                )
            except PlatformError as exc:
                form.add_error(None, exc.message)
            else:
                term = selectors.complaint_term(m, done.filed_on)
                return render(
                    request,
                    "platforms/public_complaint.html",
                    {"m": m, "done": done, "term": term},
                )
        return render(
            request,
            "platforms/public_complaint.html",
            {"m": m, "form": form, "term": selectors.complaint_term(m, services_common.today())},
        )

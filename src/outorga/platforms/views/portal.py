"""The platform portal: what a platform's API token does, as pages for the platform's staff — its
roster (art. 3 §2, art. 4, art. 17), monthly reports (art. 16), fare tables (art. 5–10),
complaints to answer (art. 11 III, art. 15) and its API tokens. Each page calls the same service
as the API route (one rule, two doors) and reads only the records of the login's platform. The
trip files and the ISSQN statements are tripdata's (``tripdata.views_portal``)."""

from __future__ import annotations

import datetime as dt
import uuid
from functools import partial
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.formcites import cites
from outorga.core.formfields import MoneyField, date_input
from outorga.core.lawseam import law_for
from outorga.core.listing import page_of
from outorga.core.localtime import today_of
from outorga.core.models import ApiToken
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent
from outorga.platforms.services import drivers as driver_services
from outorga.platforms.services.common import (
    PlatformError,
    cited,
    refusal_lines,
    refusing_reasons,
)
from outorga.platforms.services.complaints import complaint_answer, complaint_forward
from outorga.platforms.services.drivers import DriverData, enabled_roster
from outorga.platforms.services.fares import fare_table_publish
from outorga.platforms.services.reports import monthly_report_submit

from .. import selectors
from ..models import (
    Complaint,
    FareTable,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformNotice,
    PlatformPenalty,
)
from ..validators import format_cpf
from .common import (
    AppsForm,
    as_platform,
    forbidden,
    month_choices,
    page_step,
    platform_screen,
    run_step,
)


def _ticked(label: str, concept: str) -> forms.BooleanField:
    """A box the platform ticks when the driver meets an item of the checklist (art. 4), its
    label citing the law's article for ``concept``."""
    return cites(forms.BooleanField(label=label, required=False), concept)


def _optional_date(label: str) -> forms.DateField:
    """A date the platform may leave blank, picked on the browser's calendar."""
    return forms.DateField(label=label, required=False, widget=date_input())


def _add_refusal(form: forms.BaseForm, exc: PlatformError) -> None:
    """The service's refusal on the form: each error under the field it names, the rest (and the
    law's reasons, with their articles) above it."""
    placed = False
    for e in exc.errors:
        if e["campo"] in form.fields:
            form.add_error(e["campo"], e["erro"])
            placed = True
        else:
            form.add_error(None, f"{e['campo']}: {e['erro']}")
    if not placed or exc.decisions:
        form.add_error(None, exc.message)
    for line in refusal_lines(exc.decisions):
        form.add_error(None, line)


def _cap(platform: Platform) -> Any:
    """The law's cap of drivers per platform in force today (a page shows it, never writes it)."""
    return law_for(platform.municipality, Service.APLICATIVO).limit("drivers_per_platform")


# --- home -------------------------------------------------------------------------------------


#: Before the notice the appeal is received (the platform's appearance supplies the notice, Lei
#: 9.784/1999 art. 26 §5); once final, the period has run out and the law would refuse it.
OPEN_TO_APPEAL = (PlatformPenalty.Status.AWAITING_NOTICE, PlatformPenalty.Status.APPEAL_PERIOD)


def _open_processes(platform: Platform) -> int:
    """The cases still open to a defence and the platform's penalties still open to an appeal
    (``views.portal_cases`` lists them)."""
    cases = PlatformCase.objects.filter(platform=platform, status=PlatformCase.Status.OPEN)
    penalties = PlatformPenalty.objects.filter(
        platform=platform,
        driver__isnull=True,
        status__in=OPEN_TO_APPEAL,
        appeal__isnull=True,
    )
    return cases.count() + penalties.count()


@platform_screen()
def home(request: HttpRequest, platform: Platform) -> HttpResponse:
    today = today_of(platform.municipality)
    open_complaints = Complaint.objects.filter(
        platform=platform, status=Complaint.Status.OPEN
    ).order_by("deadline")
    return render(
        request,
        "platforms/portal/home.html",
        {
            "p": platform,
            "dues": selectors.platform_dues(platform, today),
            "enabled": enabled_roster(platform),
            "cap": _cap(platform),
            "open_complaints": open_complaints[:10],
            "late_complaints": sum(1 for c in open_complaints if c.deadline < today),
            "reports": MonthlyReport.objects.filter(platform=platform)[:3],
            "notices": PlatformNotice.objects.filter(platform=platform)[:10],
            "open_processes": _open_processes(platform),
            "not_returned": selectors.roster_not_returned(platform),
            "to_update": [
                (d, format_cpf(d.cpf))
                for d in selectors.drivers_with_documents_to_update(platform)[:100]
            ],
            "today": today,
        },
    )


# --- roster (art. 3 §2, art. 4, art. 17) -----------------------------------------------------


class DriverForm(AppsForm):
    UP_TO = {"vehicle_manufacture_year": ("vehicle_age", "anos")}  # art. 4, I: the law's years

    cpf = forms.CharField(label="CPF do motorista", max_length=14)
    name = forms.CharField(label="Nome", max_length=120)
    cnh_number = forms.CharField(label="Número da CNH", max_length=20)
    cnh_category = cites(
        forms.CharField(label="Categoria da CNH", max_length=3),
        "driver_cnh",
        lead="B ou superior",
    )
    cnh_ear = _ticked("A CNH tem a observação EAR — exerce atividade remunerada", "driver_cnh")
    cnh_valid_until = _optional_date("CNH válida até")
    vehicle_plate = forms.CharField(label="Placa do veículo", max_length=8)
    vehicle_kind = cites(
        forms.ChoiceField(label="Tipo de veículo", choices=PlatformDriver.VehicleKind.choices),
        "two_wheeler_ban",
        lead="duas rodas vedado",
    )
    vehicle_manufacture_year = cites(
        forms.IntegerField(label="Ano de fabricação", min_value=1900, max_value=2100),
        "vehicle_age",
    )
    tax_regime = cites(
        forms.ChoiceField(
            label="Regime do motorista para o ISSQN retido",
            choices=PlatformDriver.TaxRegime.choices,
        ),
        "driver_tax_regime",
    )
    crlv = _ticked("CRLV em dia", "driver_crlv")
    crlv_valid_until = _optional_date("CRLV válido até")
    criminal_certificate = _ticked(
        "Certidão negativa de antecedentes criminais", "driver_criminal_certificate"
    )
    criminal_certificate_date = _optional_date("Data da certidão criminal")
    app_insurance = _ticked("Seguro de Acidentes Pessoais a Passageiros — APP", "driver_insurance")
    app_insurance_policy = forms.CharField(
        label="Apólice do seguro APP", max_length=60, required=False
    )
    app_insurance_valid_until = _optional_date("Seguro APP válido até")
    dpvat = _ticked("Seguro obrigatório DPVAT/SPVAT", "driver_insurance")
    debt_clearance = _ticked(
        "Certidão negativa de débitos com o município", "driver_debt_clearance"
    )
    debt_clearance_date = _optional_date("Data da certidão de débitos")
    inss = _ticked("Inscrito no INSS como contribuinte individual", "driver_inss")
    inss_number = forms.CharField(
        label="Número de inscrição no INSS", max_length=20, required=False
    )


@platform_screen()
def drivers(request: HttpRequest, platform: Platform) -> HttpResponse:
    status = request.GET.get("situacao", "")
    qs = PlatformDriver.objects.filter(platform=platform).order_by("status", "name", "pk")
    if status in PlatformDriver.Status.values:
        qs = qs.filter(status=status)
    listing = page_of(request, qs)
    return render(
        request,
        "platforms/portal/drivers.html",
        {
            "p": platform,
            "listing": listing,
            "drivers": [(d, format_cpf(d.cpf)) for d in listing.page],
            "enabled": enabled_roster(platform),
            "cap": _cap(platform),
            "status": status,
            "statuses": PlatformDriver.Status.choices,
        },
    )


@platform_screen()
def driver_new(request: HttpRequest, platform: Platform) -> HttpResponse:
    """Register a driver: the law's checks of art. 4 and 17 and the caps of art. 3 §2, as the
    API's; a refusal is kept on the roster with its reasons and shown here with its articles."""
    form = DriverForm(request.POST or None, initial={"cnh_category": "B", "tax_regime": "autonomo"})
    # A regime the law does not name for a driver (art. 20) is refused with its article, as the
    # API refuses it.
    form.fields["tax_regime"].error_messages["invalid_choice"] = driver_services.tax_regime_refusal(
        cited(platform.municipality, "driver_tax_regime")
    )
    refused: list[dict[str, Any]] = []
    refused_driver = None

    def register(data: dict[str, Any]) -> tuple[str, str] | None:
        nonlocal refused, refused_driver
        driver, decisions = driver_services.platform_driver_register(
            **as_platform(request, platform), platform=platform, data=DriverData(**data)
        )
        if driver.status == PlatformDriver.Status.ENABLED:
            return (
                f"Motorista {driver.name} habilitado.",
                reverse("platforms:portal_driver", args=[driver.pk]),
            )
        refused_driver, refused = driver, refusing_reasons(decisions)
        return None

    if done := page_step(request, form, register, partial(_add_refusal, form)):
        return done
    return render(
        request,
        "platforms/portal/driver_new.html",
        {
            "p": platform,
            "form": form,
            "refused": refused,
            "refused_driver": refused_driver,
            "enabled": enabled_roster(platform),
            "cap": _cap(platform),
        },
    )


def _own(platform: Platform, model: Any, pk: int) -> Any:
    """One of the platform's own records; 404 for another platform's (or municipality's)."""
    return get_object_or_404(model.objects.filter(platform=platform), pk=pk)


@platform_screen(object_page=True)
def driver_detail(request: HttpRequest, platform: Platform, driver_id: int) -> HttpResponse:
    d = _own(platform, PlatformDriver, driver_id)
    decisions = d.decision.get("decisions", [])
    return render(
        request,
        "platforms/portal/driver.html",
        {"p": platform, "d": d, "cpf": format_cpf(d.cpf), "decisions": decisions},
    )


@platform_screen(object_page=True, post=True)
def driver_disable(request: HttpRequest, platform: Platform, driver_id: int) -> HttpResponse:
    """Take a driver off the roster (frees the place, D-9 a), after the confirmation."""
    d = _own(platform, PlatformDriver, driver_id)
    back = reverse("platforms:portal_driver", args=[d.pk])
    if not confirmed(request):
        return ask_confirmation(
            request,
            Confirmation(
                title=f"Desativar o motorista {d.name}",
                consequence=(
                    f"{d.name} (placa {d.vehicle_plate}) deixa de estar habilitado nesta "
                    "plataforma a partir de agora e sai da contagem de motoristas ativos. "
                    "Para voltar a dirigir, precisa de um novo cadastro, conferido de novo."
                ),
                back=back,
                details=[("Motivo", request.POST.get("motivo", "") or "—")],
                button="Confirmar a desativação",
            ),
        )
    try:
        driver_services.platform_driver_disable(
            **as_platform(request, platform),
            driver=d,
            reason=request.POST.get("motivo", "")[:200],
        )
    except NotCompetent as exc:
        return forbidden(request, exc)
    except PlatformError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(back)
    messages.success(request, f"Motorista {d.name} desativado; a vaga está livre.")
    return HttpResponseRedirect(reverse("platforms:portal_drivers"))


# --- monthly reports (art. 16, D-8) ----------------------------------------------------------


class ReportForm(AppsForm):
    # Chosen above the form (``?mes=``): the lines are that month's drivers (art. 16, I).
    month = forms.ChoiceField(label="Mês do relatório (encerrado)", widget=forms.HiddenInput)
    intermediation_revenue = cites(
        MoneyField(label="Faturamento da intermediação no mês, em R$"),
        "report_intermediation_revenue",
    )
    key = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, months: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["month"].choices = months  # type: ignore[attr-defined]


class ReportDriverForm(AppsForm):
    cpf = forms.CharField(widget=forms.HiddenInput)
    trips = forms.IntegerField(label="Corridas", min_value=0, initial=0)
    trip_revenue = cites(MoneyField(label="Faturamento das corridas, R$"), "report_trip_revenue")
    platform_retention = cites(
        MoneyField(label="Retido pela plataforma, R$", required=False), "platform_retention"
    )


ReportDrivers = forms.formset_factory(ReportDriverForm, extra=0)


@platform_screen()
def reports(request: HttpRequest, platform: Platform) -> HttpResponse:
    """The reports sent (every version) and a new one for the month chosen (``?mes=``, the
    newest closed month by default): one line per driver on the roster at some moment of that
    month — "os motoristas ativos no período" (art. 16, I) — each with its trips and revenue
    (III)."""
    today = today_of(platform.municipality)
    # The twelve months before this one: only a month that has ended is reported.
    months = month_choices(today.replace(day=1) - dt.timedelta(days=1))
    offered = [value for value, _ in months]
    chosen = request.POST.get("month") or request.GET.get("mes", "")
    chosen = chosen if chosen in offered else offered[0]
    first = dt.date.fromisoformat(f"{chosen}-01")
    roster = sorted(
        selectors.roster_in_month(platform, first.year, first.month).values(),
        key=lambda d: (d.name, d.pk),
    )
    names = {d.cpf: d.name for d in roster}
    form = ReportForm(
        request.POST or None,
        months=months,
        initial={"key": f"web-{uuid.uuid4()}", "month": chosen},
    )
    lines = ReportDrivers(
        request.POST or None, initial=[{"cpf": d.cpf} for d in roster], prefix="motoristas"
    )
    if request.method == "POST" and form.is_valid() and lines.is_valid():
        year, month = (int(x) for x in form.cleaned_data["month"].split("-"))
        body = {
            "year": year,
            "month": month,
            "intermediation_revenue_cents": form.cleaned_data["intermediation_revenue"],
            "drivers": [
                {
                    "cpf": f.cleaned_data["cpf"],
                    "trips": f.cleaned_data["trips"],
                    "trip_revenue_cents": f.cleaned_data["trip_revenue"],
                    "platform_retention_cents": f.cleaned_data["platform_retention"] or 0,
                }
                for f in lines
            ],
        }

        def submit(data: dict[str, Any]) -> tuple[str, str]:
            report, created = monthly_report_submit(
                **as_platform(request, platform),
                platform=platform,
                idempotency_key=data["key"],
                body=body,
            )
            return (
                f"Relatório de {month:02d}/{year} recebido (versão {report.version})."
                if created
                else "Este relatório já tinha sido recebido; nada mudou.",
                reverse("platforms:portal_report", args=[report.pk]),
            )

        if done := run_step(request, submit, form.cleaned_data, partial(_add_refusal, form)):
            return done
    return render(
        request,
        "platforms/portal/reports.html",
        {
            "p": platform,
            "form": form,
            "months": months,
            "chosen": chosen,
            "chosen_label": dict(months)[chosen],
            "lines": [(f, names.get(str(f["cpf"].value()), "")) for f in lines],
            "formset": lines,
            "reports": MonthlyReport.objects.filter(platform=platform).order_by(
                "-year", "-month", "-version"
            ),
        },
    )


@platform_screen(object_page=True)
def report_detail(request: HttpRequest, platform: Platform, report_id: int) -> HttpResponse:
    r = _own(platform, MonthlyReport, report_id)
    return render(request, "platforms/portal/report.html", {"p": platform, "r": r})


# --- fare tables (art. 5–10) ------------------------------------------------------------------


class FareForm(AppsForm):
    base_fare = cites(MoneyField(label="Tarifa base, R$"), "fare_base")
    per_km = cites(MoneyField(label="Custo por quilômetro, R$"), "fare_per_km")
    per_minute = cites(MoneyField(label="Custo por minuto, R$"), "fare_per_minute")
    extra_1_name = cites(forms.CharField(label="Taxa adicional 1", required=False), "fare_extras")
    extra_1_amount = MoneyField(label="Valor da taxa adicional 1, R$", required=False)
    extra_2_name = forms.CharField(label="Taxa adicional 2", required=False)
    extra_2_amount = MoneyField(label="Valor da taxa adicional 2, R$", required=False)
    dynamic_max_percent = cites(
        forms.DecimalField(
            label="Acréscimo máximo da tarifa dinâmica, %",
            required=False,
            min_value=0,
            max_digits=6,
            decimal_places=2,
            localize=True,
        ),
        "dynamic_pricing",
        note="vazio: sem tarifa dinâmica",
    )
    valid_from = _optional_date("Vigente a partir de")

    def extras(self) -> list[dict[str, Any]]:
        out = []
        for i in (1, 2):
            name = (self.cleaned_data.get(f"extra_{i}_name") or "").strip()
            amount = self.cleaned_data.get(f"extra_{i}_amount")
            if name or amount is not None:
                out.append({"name": name, "amount_cents": amount or 0})
        return out


def _add_fare_refusal(form: FareForm, exc: PlatformError) -> None:
    """The service names an additional fee by its place (``extras.0.name``); the form, by its
    field (``extra_1_name``)."""
    for e in exc.errors:
        place, dot, rest = e["campo"].removeprefix("extras.").partition(".")
        if e["campo"].startswith("extras.") and dot and place.isdigit():
            e["campo"] = f"extra_{int(place) + 1}_{rest}"
    _add_refusal(form, exc)


@platform_screen()
def fares(request: HttpRequest, platform: Platform) -> HttpResponse:
    form = FareForm(request.POST or None, initial={"valid_from": today_of(platform.municipality)})
    refused: list[dict[str, Any]] = []

    def publish(data: dict[str, Any]) -> tuple[str, str] | None:
        nonlocal refused
        table, dec = fare_table_publish(
            **as_platform(request, platform),
            platform=platform,
            base_fare_cents=data["base_fare"],
            per_km_cents=data["per_km"],
            per_minute_cents=data["per_minute"],
            extras=form.extras(),
            dynamic_max_percent=data["dynamic_max_percent"],
            valid_from=data["valid_from"],
        )
        if table.status != FareTable.Status.REFUSED:
            return f"Tabela publicada: {dec.summary}", reverse("platforms:portal_fares")
        refused = refusing_reasons([dec])
        return None

    if done := page_step(request, form, publish, partial(_add_fare_refusal, form)):
        return done
    return render(
        request,
        "platforms/portal/fares.html",
        {
            "p": platform,
            "form": form,
            "refused": refused,
            "tables": FareTable.objects.filter(platform=platform)[:50],
        },
    )


# --- complaints (art. 11 III, art. 15) --------------------------------------------------------


class ForwardForm(forms.Form):
    description = forms.CharField(label="Reclamação", widget=forms.Textarea(attrs={"rows": 3}))
    filed_on = forms.DateField(
        label="Dia em que o usuário reclamou na plataforma", widget=date_input()
    )
    platform_reference = forms.CharField(
        label="Referência no seu atendimento (protocolo, chamado)", max_length=60, required=False
    )
    occurred_on = _optional_date("Data do fato")


class AnswerForm(forms.Form):
    answer = forms.CharField(label="Resposta", widget=forms.Textarea(attrs={"rows": 3}))


@platform_screen()
def complaints(request: HttpRequest, platform: Platform) -> HttpResponse:
    """The complaints against the platform with the law's term to answer (art. 15), the open
    ones first by their term; and one received by the platform's own channel, forwarded."""
    today = today_of(platform.municipality)
    form = ForwardForm(request.POST or None, initial={"filed_on": today})

    def forward(data: dict[str, Any]) -> tuple[str, str]:
        c = complaint_forward(**as_platform(request, platform), platform=platform, **data)
        return (
            f"Reclamação {c.protocol} registrada; responder até {c.deadline:%d/%m/%Y}.",
            reverse("platforms:portal_complaints"),
        )

    if done := page_step(request, form, forward, partial(_add_refusal, form)):
        return done
    rows = Complaint.objects.filter(platform=platform).order_by("status", "deadline", "-pk")
    return render(
        request,
        "platforms/portal/complaints.html",
        {
            "p": platform,
            "form": form,
            "complaints": rows[:200],
            "today": today,
            "answer_form": AnswerForm(),
            "term": selectors.complaint_term(platform.municipality, today),
        },
    )


@platform_screen(object_page=True, post=True)
def complaint_reply(request: HttpRequest, platform: Platform, complaint_id: int) -> HttpResponse:
    c = _own(platform, Complaint, complaint_id)
    form = AnswerForm(request.POST)
    back = reverse("platforms:portal_complaints") + f"#reclamacao-{c.pk}"
    if not form.is_valid():
        messages.error(request, f"Reclamação {c.protocol}: escreva a resposta.")
        return HttpResponseRedirect(back)
    try:
        c, _ = complaint_answer(
            **as_platform(request, platform),
            complaint=c,
            answer=form.cleaned_data["answer"],
        )
    except NotCompetent as exc:
        return forbidden(request, exc)
    except PlatformError as exc:
        messages.error(request, f"Reclamação {c.protocol}: {exc.message}")
        return HttpResponseRedirect(back)
    messages.success(request, f"Reclamação {c.protocol} respondida.")
    return HttpResponseRedirect(back)


# --- API tokens -------------------------------------------------------------------------------


@platform_screen()
def tokens(request: HttpRequest, platform: Platform) -> HttpResponse:
    """The platform's API tokens, read-only: the secretariat issues and revokes them as part of
    the credential (art. 3)."""
    return render(
        request,
        "platforms/portal/tokens.html",
        {
            "p": platform,
            "tokens": ApiToken.objects.filter(platform=platform).order_by("-created_at"),
        },
    )

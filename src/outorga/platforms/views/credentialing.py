"""Screens of the platforms themselves (authority, finance, inspectors): the list, credentialing
(art. 3 §1, art. 19 §2), a platform's page with its roster, its contacts and API tokens.
Thin: parse → one service or selector → render."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.charts import Chart, Series, keyed
from outorga.core.formcites import cites, labelled
from outorga.core.listing import page_of
from outorga.core.localtime import today_of
from outorga.core.models import ApiToken, User
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality_or_none
from outorga.law import interfaces
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.services.common import PlatformError, apps_law, bound_law, cited_here
from outorga.platforms.services.credentialing import (
    PlatformData,
    platform_credential,
    platform_update_contacts,
)
from outorga.platforms.services.drivers import enabled_roster
from outorga.platforms.tokens import api_token_issue, api_token_revoke

from .. import selectors
from ..models import (
    Complaint,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformNotice,
    PlatformPenalty,
)
from .cases import CaseForm
from .common import AppsForm, as_servant, forbidden, form_step, page_step, screen, up_to_here
from .penalties import PenaltyForm


class DriverRow:
    """A roster row with the CPF as the viewer may see it (personal data)."""

    def __init__(self, driver: PlatformDriver, cpf: str) -> None:
        self.d = driver
        self.cpf = cpf


def _rows(drivers: Any, role: str) -> list[DriverRow]:
    return [DriverRow(d, selectors.cpf_for(role, d.cpf)) for d in drivers]


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


class CredentialForm(ContactsForm, AppsForm):
    """The platform's identity, then its contacts; on credentialing, the labels cite the law."""

    field_order = ["cnpj", "name"]

    cnpj = forms.CharField(label="CNPJ", max_length=18)
    name = forms.CharField(label="Nome da plataforma", max_length=120)
    cadastro_mobiliario = cites(
        forms.CharField(label="Inscrição no cadastro mobiliário", max_length=30, required=False),
        "municipal_tax_registration",
    )
    complaint_channel = cites(
        forms.CharField(label="Canal de reclamações", max_length=200, required=False),
        "complaint_channel",
    )


def _monthly(key: str, title: str, labels: list[str], series: dict[str, Any]) -> Chart:
    """One line per platform: what its monthly reports (art. 16) told, month by month."""
    return Chart(
        key=key,
        title=title,
        description=labelled(
            f"{title}, por plataforma, segundo os relatórios mensais", cited_here("monthly_report")
        )
        + ".",
        labels=tuple(labels),
        series=tuple(Series(name, tuple(values)) for name, values in series.items()),
        kind="line",
        label_header="Mês",
    )


def caps(user: User) -> dict[str, Any]:
    """The caps of art. 3 §1–2 in force today, as the bound law's dated parameters give them
    (a page shows them, never writes them); None where the law sets none."""
    bound = bound_law(current_municipality_or_none() or user.municipality)  # type: ignore[arg-type]
    out = {}
    for concept in ("platform_cap", "drivers_per_platform", "drivers_in_municipality"):
        found = bound.limit(concept)
        out[concept] = found.value if found else None
    return out


@screen()
def index(request: HttpRequest, user: User) -> HttpResponse:
    platforms = list(selectors.platforms_with_counts())
    labels, drivers = selectors.monthly_series("active_drivers")
    _, trips = selectors.monthly_series("trips")
    context = {
        "platforms": platforms,
        "roster_total": selectors.municipality_roster(),
        "credentialed": sum(1 for p in platforms if p.status == Platform.Status.CREDENTIALED),
        "charts": keyed(
            [
                _monthly("motoristas", "Motoristas ativos informados por mês", labels, drivers),
                _monthly("corridas", "Corridas informadas por mês", labels, trips),
            ]
        ),
        "can_credential": user.role == Role.AUTORIDADE,
        "caps": caps(user),
    }
    return render(request, "platforms/index.html", context)


@screen()
def credential(request: HttpRequest, user: User) -> HttpResponse:
    form = CredentialForm(request.POST or None)

    def credential_platform(data: dict[str, Any]) -> tuple[str, str]:
        p, _ = platform_credential(
            actor=actor_of(request),
            municipality=current_municipality_or_none() or user.municipality,  # type: ignore[arg-type]
            data=PlatformData(**data),
        )
        return f"Plataforma {p.name} credenciada.", reverse("platforms:detail", args=[p.pk])

    if done := page_step(request, form, credential_platform):
        return done
    try:
        law = apps_law(current_municipality_or_none() or user.municipality)  # type: ignore[arg-type]
    except PlatformError as exc:
        return forbidden(request, exc)
    cites = interfaces.cited_once(
        law, "platform_cap", "municipal_tax_registration", "complaint_channel"
    )
    return render(request, "platforms/credential.html", {"form": form, "cites": cites})


@screen(object_page=True)
def detail(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    # A platform's roster runs to thousands: one page of it, on its own parameter.
    drivers = page_of(
        request,
        PlatformDriver.objects.filter(platform=p).order_by("status", "name", "pk"),
        param="pagina_motoristas",
    )
    today = today_of(p.municipality)
    context = {
        "p": p,
        "drivers": _rows(drivers.page, user.role),
        "drivers_listing": drivers,
        "enabled": enabled_roster(p),
        "caps": caps(user),
        "to_update": _rows(selectors.drivers_with_documents_to_update(p)[:100], user.role),
        "not_returned": selectors.roster_not_returned(p),
        "documents": p.documents.all(),
        "history": p.status_changes.select_related("changed_by"),
        "fares": p.fare_tables.all()[:20],
        "reports": MonthlyReport.objects.filter(platform=p),
        "complaints": Complaint.objects.filter(platform=p)[:50],
        "notices": PlatformNotice.objects.filter(platform=p)[:20],
        "penalties": PlatformPenalty.objects.filter(platform=p).select_related("debt"),
        "cases": PlatformCase.objects.filter(platform=p),
        "candidates": InfractionCandidate.objects.filter(platform=p).order_by("-detected_on")[:50],
        "penalty_form": PenaltyForm(initial={"infraction_on": today, "defence_notice_on": today}),
        "fine_up_to": up_to_here("fine_max"),
        "case_form": CaseForm(initial={"infraction_on": today}),
        "contacts_form": ContactsForm(initial={k: getattr(p, k) for k in ContactsForm.base_fields}),
        "is_authority": user.role == Role.AUTORIDADE,
        "tokens": ApiToken.objects.filter(platform=p).order_by("-created_at"),
    }
    return render(request, "platforms/detail.html", context)


@screen(object_page=True, post=True)
def token_issue(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    """Issue an API token; the secret is shown on this page only (it is stored as a digest)."""
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    name = (request.POST.get("name") or "").strip()[:80] or "token"
    try:
        token, secret = api_token_issue(
            **as_servant(request, user),
            platform=p,
            name=name,
        )
    except NotCompetent as exc:
        return forbidden(request, exc)
    return render(
        request, "platforms/token_issued.html", {"p": p, "token": token, "secret": secret}
    )


@screen(object_page=True, post=True)
def token_revoke(request: HttpRequest, user: User, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken.objects.select_related("platform"), pk=token_id)
    try:
        api_token_revoke(
            **as_servant(request, user),
            token=token,
        )
    except NotCompetent as exc:
        return forbidden(request, exc)
    messages.success(request, f"Token {token.prefix} revogado.")
    return HttpResponseRedirect(reverse("platforms:detail", args=[token.platform_id]))


@screen(object_page=True, post=True)
def contacts_update(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    back = reverse("platforms:detail", args=[p.pk])

    def update(data: dict[str, Any]) -> tuple[str, str]:
        platform_update_contacts(
            **as_servant(request, user),
            platform=p,
            changes=data,
        )
        return "Dados da plataforma atualizados.", back

    return form_step(request, ContactsForm(request.POST), update, back)

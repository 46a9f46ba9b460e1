"""Complaints about the platforms (art. 11 III, art. 15): the clerks' list and the public form
(no login)."""

from __future__ import annotations

from django import forms
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from outorga.core.formerrors import form_add
from outorga.core.formfields import date_input
from outorga.core.lawseam import governs
from outorga.core.listing import page_of
from outorga.core.localtime import today_of
from outorga.core.middleware import client_ip, unshared
from outorga.core.models import Municipality, User
from outorga.core.tenancy import current_municipality_or_none, tenant
from outorga.law.bindings import Service
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.complaints import COMPLAINABLE, complaint_file_public

from .. import selectors
from ..models import Platform
from .common import on_date, screen


@screen()
def complaints(request: HttpRequest, user: User) -> HttpResponse:
    m = user.municipality
    assert m is not None
    on = on_date(request, m)
    statuses = selectors.complaint_statuses(m, on)
    return render(
        request,
        "platforms/complaints.html",
        {
            "on": on,
            "term": selectors.complaint_term(m, on) if governs(m, Service.APLICATIVO) else None,
            "overdue": page_of(
                request, [s for s in statuses if s.status == "overdue"], param="pagina_vencidas"
            ),
            "statuses": page_of(request, statuses),
        },
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
    occurred_on = forms.DateField(label="Data do fato", required=False, widget=date_input())
    complainant_name = forms.CharField(label="Seu nome (opcional)", required=False, max_length=120)
    complainant_contact = forms.CharField(
        label="E-mail ou telefone para retorno (opcional)", required=False, max_length=120
    )
    website = forms.CharField(required=False, widget=forms.HiddenInput)  # honeypot


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
            status__in=COMPLAINABLE
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
                        "term": selectors.complaint_term(m, today_of(m)),
                    },
                    status=429,
                )
            cache.set(key, count + 1, 3600)
            try:
                done, secret = complaint_file_public(
                    municipality=m,
                    platform=form.cleaned_data["platform"],
                    description=form.cleaned_data["description"],
                    complainant_name=form.cleaned_data["complainant_name"],
                    complainant_contact=form.cleaned_data["complainant_contact"],
                    occurred_on=form.cleaned_data["occurred_on"],
                    ip=client_ip(request),
                )
            except PlatformError as exc:
                form_add(form, exc)
            else:
                term = selectors.complaint_term(m, done.filed_on)
                # The tracking code is on this page only.
                return unshared(
                    render(
                        request,
                        "platforms/public_complaint.html",
                        {"m": m, "done": done, "secret": secret, "term": term},
                    )
                )
        return render(
            request,
            "platforms/public_complaint.html",
            {"m": m, "form": form, "term": selectors.complaint_term(m, today_of(m))},
        )

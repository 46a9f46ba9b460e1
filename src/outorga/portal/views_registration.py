"""The holder keeps the registration up to date or asks its cancellation (mototaxi art. 4 §2): the
request, and the list of the holder's own requests with their situation."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone

from outorga.core.access import forbidden
from outorga.core.errors import DomainError
from outorga.core.formerrors import form_add
from outorga.core.lawseam import cited_for
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent
from outorga.registry.models import Permit, Person, RegistrationRequest
from outorga.registry.services.registration_requests import (
    LIVE,
    registration_request_file,
)

from .views import holder_required


class RequestForm(forms.Form):
    kind = forms.ChoiceField(label="Pedido", choices=RegistrationRequest.Kind.choices)
    address = forms.CharField(label="Novo endereço", required=False, max_length=200)
    city = forms.CharField(label="Novo município de residência", required=False, max_length=100)
    phone = forms.CharField(label="Novo telefone", required=False, max_length=30)
    email = forms.EmailField(label="Novo e-mail", required=False)
    permit = forms.ChoiceField(
        label="Permissão (no cancelamento)", required=False, choices=[("", "—")]
    )
    text = forms.CharField(
        label="Pedido escrito (o que mudou, ou por que pede o cancelamento)",
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, permits: list[Permit], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.permits = {str(p.pk): p for p in permits}
        field = self.fields["permit"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—")] + [
            (k, f"{p.number} ({p.get_service_display()})") for k, p in self.permits.items()
        ]


@login_required
@holder_required
def registration(request: HttpRequest, person: Person) -> HttpResponse:
    live = list(Permit.objects.filter(holder=person, status__in=LIVE).order_by("number"))
    form = RequestForm(request.POST or None, permits=live)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            registration_request_file(
                actor=actor_of(request),
                municipality=current_municipality(),
                person=person,
                kind=d["kind"],
                text=d["text"],
                on=timezone.localdate(),
                changes={k: d[k] for k in ("address", "city", "phone", "email")},
                permit=form.permits.get(d["permit"] or ""),
            )
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(
                request,
                "Pedido enviado. Compareça pessoalmente à Secretaria para que seja aplicado "
                f"({cited_for(Service.MOTOTAXI, 'in_person', m=current_municipality())}).",
            )
            return HttpResponseRedirect(request.path)
    return render(
        request,
        "portal/registration.html",
        {
            "person": person,
            "form": form,
            "requests": RegistrationRequest.objects.filter(person=person).order_by("-id")[:20],
        },
        status=422 if form.is_bound and form.errors else 200,
    )

"""Screens for stands (pontos), fixed by executive act."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from outorga.core.errors import Refused
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality

from ..models import Service, Stand, TaxiCategory
from ..services.stands import stand_set
from ..validation import FieldError
from .common import DATE, competent, problem_of

NEAR = [
    ("onibus", "ponto de ônibus"),
    ("taxi", "ponto de táxi"),
    ("emergencia", "parada de emergência"),
    ("carro_forte", "parada de carro-forte"),
    ("particulares", "estacionamento de particulares"),
]


class StandForm(forms.Form):
    service = forms.ChoiceField(label="Serviço", choices=Service.choices)
    name = forms.CharField(label="Nome do ponto", max_length=120)
    place = forms.CharField(label="Local", max_length=300)
    taxi_category = forms.ChoiceField(
        label="Categoria (táxi)", choices=[("", "—"), *TaxiCategory.choices], required=False
    )
    capacity = forms.IntegerField(label="Quantidade máxima de veículos", min_value=1)
    act_reference = forms.CharField(label="Ato do Executivo (decreto)", max_length=120)
    at = forms.MultipleChoiceField(
        label="No local há (mototáxi)",
        choices=NEAR,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    on = forms.DateField(label="Data do ato", widget=DATE)


@competent
def stands(request: HttpRequest) -> HttpResponse:
    form = StandForm(request.POST or None, initial={"on": timezone.localdate()})
    problem = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            stand_set(
                actor=actor_of(request),
                municipality=current_municipality(),
                service=data["service"],
                name=data["name"],
                place=data["place"],
                capacity=data["capacity"],
                act_reference=data["act_reference"],
                on=data["on"],
                taxi_category=data["taxi_category"],
                at=data["at"],
            )
        except (Refused, FieldError) as exc:
            problem = problem_of(exc)
        else:
            messages.success(request, "Ponto registrado.")
            return redirect("taxi:stands")
    rows = Stand.objects.order_by("service", "name")
    return render(
        request, "registry/taxi/stands.html", {"stands": rows, "form": form, "problem": problem}
    )

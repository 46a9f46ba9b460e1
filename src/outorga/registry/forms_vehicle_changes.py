"""Forms of the vehicle changes: substitution (emergency or for good), the reserve vehicle and
the permuta between two taxi holders."""

from __future__ import annotations

from typing import Any

from django import forms

from .forms import (
    DATE,
    TAXIMETER_CHOICES,
    DatedForm,
    TaxiChecks,
    VehicleByPlate,
    equipment_field,
    today_initial,
)
from .forms_citing import cites
from .models import Permit, Service


class SubstituteForm(TaxiChecks):
    """Substituição (taxi art. 4 X, 29; mototaxi art. 2 XXII) or, for mototaxi, substituição
    emergencial for a set period on proven force majeure (art. 2 XXIII)."""

    vehicle = VehicleByPlate(label="Placa do novo veículo", max_length=8)
    on = forms.DateField(label="Data da substituição", widget=DATE)
    emergency_until = cites(
        forms.DateField(label="Substituição emergencial até", required=False, widget=DATE),
        "emergency_substitution",
        note="vazio = definitiva",
    )
    cause = forms.CharField(
        label="Força maior comprovada (substituição emergencial)", required=False, max_length=300
    )
    equipment = equipment_field("Equipamentos verificados no novo veículo")

    def __init__(self, *args: Any, service: str, law: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, law=(service,) if law is None else law, **kwargs)
        today_initial(self, "on")
        drop = (
            ("emergency_until", "cause", "equipment")
            if service == Service.TAXI
            else self.CHECK_FIELDS
        )
        for name in drop:
            del self.fields[name]


RESERVE_CAUSE_CHOICES = [
    ("sinistro", "sinistro"),
    ("roubo", "roubo"),
    ("furto", "furto"),
    ("outro", "outro motivo"),
]


class ReserveVehicleForm(DatedForm):
    """Veículo reserva after an accident, robbery or theft, for a set period (taxi art. 30)."""

    SERVICES = (Service.TAXI,)

    vehicle = VehicleByPlate(label="Placa do veículo reserva", max_length=8)
    cause = cites(
        forms.ChoiceField(label="Causa", choices=RESERVE_CAUSE_CHOICES), "reserve_vehicle"
    )
    on = forms.DateField(label="Início", widget=DATE)
    until = cites(
        forms.DateField(label="Até", widget=DATE), "reserve_vehicle", lead="prazo determinado"
    )


class SwapForm(TaxiChecks):
    """Permuta of vehicles between two taxi holders (art. 32): each vehicle is inspected for the
    permit it joins (art. 29)."""

    other = forms.CharField(label="Número da outra permissão de táxi (ex.: TX-0002)", max_length=40)
    on = forms.DateField(label="Data da permuta", widget=DATE)
    other_inspection_approved = cites(
        forms.BooleanField(
            label="Outra permissão: vistoria do veículo que recebe aprovada", required=False
        ),
        "vehicle_inspection",
    )
    other_inspection_accredited_inmetro = cites(
        forms.BooleanField(
            label="Outra permissão: vistoria por empresa credenciada ao INMETRO", required=False
        ),
        "inspection_inmetro",
    )
    other_taximeter_approved_by = cites(
        forms.ChoiceField(
            label="Outra permissão: taxímetro aferido por",
            choices=TAXIMETER_CHOICES,
            required=False,
        ),
        "taximeter",
    )
    other_roof_sign_taxi = cites(
        forms.BooleanField(label='Outra permissão: luminoso "TÁXI" no teto', required=False),
        "roof_sign",
    )
    other_ctb_equipment_ok = cites(
        forms.BooleanField(label="Outra permissão: equipamentos do CTB", required=False),
        "ctb_equipment",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "on")
        for name in self.CHECK_FIELDS:
            label = str(self.fields[name].label)
            self.fields[name].label = f"Esta permissão: {label[0].lower()}{label[1:]}"

    def clean_other(self) -> Permit:
        number = self.cleaned_data["other"].strip().upper()
        found = Permit.objects.filter(service=Service.TAXI, number=number).first()
        if found is None:
            raise forms.ValidationError("permissão de táxi não encontrada neste município.")
        return found

    def other_checks(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {k: d[f"other_{k}"] for k in self.CHECK_FIELDS if d.get(f"other_{k}") not in ("",)}

"""The municipality's dated data on the web (/municipio/dados/): population (D-7), fiscal unit
values (D-5), the municipal calendar (D-4) and the municipality's values of declared parameters
(D-15), and which law governs each service from when. Every viewer of the municipality sees the history; the administrator records new dated
values. Thin: parse the form, call one service, render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from outorga.core.errors import FieldError
from outorga.core.formerrors import form_add
from outorga.core.formfields import date_input
from outorga.law import parameter_input
from outorga.law.bindings import RULEBOOKS, SERVICE_LABELS
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import NotCompetent, is_allowed

from . import selectors, services
from .access import forbidden, staff_required
from .acts import Actor
from .authz import authorize
from .middleware import client_ip
from .models import CalendarDay, Municipality, User

DATE_FORMATS = ["%Y-%m-%d", "%d/%m/%Y"]


def _date(label: str, *, required: bool = True) -> forms.DateField:
    """A date typed as the browser's date picker sends it, or as dd/mm/aaaa."""
    return forms.DateField(
        label=label,
        required=required,
        input_formats=DATE_FORMATS,
        widget=date_input(),
    )


def _br_number(text: str, places: int, label: str) -> Any:
    try:
        return parameter_input.parse_br_decimal(text, places)
    except parameter_input.ValueInvalid as exc:
        raise forms.ValidationError(f"{label}: {exc}") from None


class PopulationForm(forms.Form):
    value = forms.CharField(label="População (habitantes)", max_length=20, help_text="ex.: 227.731")
    reference_year = forms.IntegerField(label="Ano de referência (do censo ou estimativa)")
    effective = _date("Em vigor desde (data de publicação)")
    source = forms.CharField(label="Fonte", max_length=200, help_text="ex.: IBGE, Censo 2022")

    def clean_value(self) -> int:
        return int(_br_number(self.cleaned_data["value"], 0, "População"))


class FiscalUnitForm(forms.Form):
    name = forms.ChoiceField(label="Unidade fiscal")
    value = forms.CharField(label="Valor (R$)", max_length=20, help_text="ex.: 4,8513")
    valid_from = _date("Válido a partir de")
    legal_reference = forms.CharField(
        label="Ato legal", max_length=300, help_text="ex.: Decreto 1.234/2025"
    )
    example = forms.BooleanField(label="Valor de exemplo (demonstração)", required=False)

    def __init__(self, *args: Any, units: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = [(u, u) for u in units]  # type: ignore[attr-defined]

    def clean_value(self) -> Any:
        return _br_number(self.cleaned_data["value"], 4, "Valor (R$)")


class CalendarForm(forms.Form):
    date = _date("Data")
    kind = forms.ChoiceField(label="Tipo", choices=CalendarDay.Kind.choices)
    description = forms.CharField(
        label="Descrição", max_length=200, help_text="ex.: aniversário da cidade"
    )
    legal_reference = forms.CharField(
        label="Ato legal", max_length=200, help_text="ex.: Lei Municipal 528/1975; Decreto 10/2026"
    )


class LawBindingForm(forms.Form):
    service = forms.ChoiceField(
        label="Serviço", choices=[(str(k), v) for k, v in SERVICE_LABELS.items()]
    )
    law = forms.ChoiceField(
        label="Lei (regras)",
        choices=[
            (
                law,
                f"{LAW_TITLES.get(law, law)} — {', '.join(SERVICE_LABELS[s] for s in b.services)}",
            )
            for law, b in RULEBOOKS.items()
        ],
        help_text="A lei do próprio município ou a de outro, adotada por referência: as regras "
        "são as da lei escolhida; população, calendário e valores fixados por decreto são os "
        "deste município.",
    )
    valid_from = _date("Em vigor desde")
    valid_until = _date("Em vigor até (opcional)", required=False)
    reference = forms.CharField(
        label="Ato", max_length=300, help_text="ex.: Lei Municipal 1.234/2026, art. 1º (adoção)"
    )


class ParameterForm(forms.Form):
    name = forms.ChoiceField(label="Parâmetro")
    value = forms.CharField(
        label="Valor",
        max_length=300,
        help_text="Dinheiro em reais (7,25); dias, anos e pontos inteiros (30); frações com "
        "vírgula (0,05); datas dd/mm/aaaa; listas separadas por vírgula.",
    )
    effective = _date("Em vigor desde")
    legal_reference = forms.CharField(
        label="Ato legal", max_length=300, help_text="ex.: Decreto 123/2026, art. 1º"
    )
    example = forms.BooleanField(label="Valor de exemplo (demonstração)", required=False)

    def __init__(self, *args: Any, laws: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = parameter_choices(laws)  # type: ignore[attr-defined]


def parameter_choices(laws: list[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The declared parameters of ``laws``, grouped by law, as a select offers them (each with
    the hint of how its value is typed)."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for p in parameter_input.parameters_for(laws):
        law = parameter_input.law_of(p.name)
        group = LAW_TITLES.get(law, law) if law else "Comuns a todas as leis"
        origin = "" if p.editable else " — fixado na lei (só muda por lei que a altere)"
        label = f"{p.label_pt or p.description} [{parameter_input.HINTS[parameter_input.kind_of(p)]}]{origin}"
        groups.setdefault(group, []).append((p.name, label))
    return list(groups.items())


def _parameter_record(*, actor: Actor, municipality: Municipality, **d: Any) -> object:
    """The parameter's value as typed in Brazilian format, converted by its kind first."""
    declared = {p.name: p for p in parameter_input.parameters_for(municipality.laws)}
    try:
        value = parameter_input.from_text(declared[d["name"]], d["value"])
    except parameter_input.ValueInvalid as exc:
        p = declared[d["name"]]
        raise FieldError("value", f"Valor de '{p.label_pt or p.description}': {exc}") from None
    return services.parameter_override_record(
        actor=actor, municipality=municipality, **{**d, "value": value}
    )


@dataclass(frozen=True)
class _Kind:
    """One kind of dated data the page records: its form, the act (competence), the message
    once saved and the service that records it."""

    form: type[forms.Form]
    action: str
    saved: str
    record: Callable[..., object]


KINDS = {
    "population": _Kind(
        PopulationForm,
        "municipality.population.record",
        "População registrada.",
        services.population_record,
    ),
    "fiscal_unit": _Kind(
        FiscalUnitForm,
        "municipality.fiscal_unit.record",
        "Valor da unidade fiscal registrado.",
        services.fiscal_unit_value_record,
    ),
    "calendar": _Kind(
        CalendarForm,
        "municipality.calendar.record",
        "Dia registrado no calendário do município.",
        services.calendar_day_record,
    ),
    "parameter": _Kind(
        ParameterForm,
        "municipality.parameter.record",
        "Valor do parâmetro registrado.",
        _parameter_record,
    ),
    "law_binding": _Kind(
        LawBindingForm,
        "municipality.law_binding.record",
        "Lei do serviço registrada.",
        services.law_binding_record,
    ),
}


def _forms(m: Municipality, data: Any, posted: str | None) -> dict[str, forms.Form]:
    """Each kind's form, only the posted one bound; the fiscal unit's and the parameter's offer
    what the municipality's laws declare."""
    more: dict[str, dict[str, Any]] = {
        "fiscal_unit": {"units": parameter_input.fiscal_units_for(m.laws)},
        "parameter": {"laws": list(m.laws)},
    }
    return {
        kind: k.form(data if kind == posted else None, prefix=kind, **more.get(kind, {}))
        for kind, k in KINDS.items()
    }


@staff_required
def municipal_data(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User) and user.municipality is not None
    m = user.municipality
    posted = request.POST.get("kind") if request.method == "POST" else None
    if posted is not None and posted not in KINDS:
        posted = None
    bound = _forms(m, request.POST, posted)
    if posted is not None:
        actor = Actor.of(user, client_ip(request))
        form = bound[posted]
        try:
            # Competence first, whatever was typed: the refusal is an act of its own.
            authorize(actor=actor, municipality=m, action=KINDS[posted].action)
            if form.is_valid():
                KINDS[posted].record(actor=actor, municipality=m, **form.cleaned_data)
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        except FieldError as exc:
            form_add(form, exc)
        else:
            if form.is_valid():
                messages.success(request, KINDS[posted].saved)
                return HttpResponseRedirect(reverse("core:municipal_data") + f"#{posted}")
    today = timezone.localdate()
    data = selectors.municipal_data(m, today)
    return render(
        request,
        "core/municipal_data.html",
        {
            "data": data,
            "older_days": [r for r in data["calendar"] if r["older"]],
            "declared": selectors.declared_parameters(m, today),
            "forms": bound,
            "can": {
                kind: is_allowed(user.role, k.action, None, timezone.localdate())
                for kind, k in KINDS.items()
            },
            "posted": posted,
            "law_titles": LAW_TITLES,
            "today": today,
        },
        status=422 if posted is not None else 200,
    )

"""The administrator's page to simulate a proposed amendment over the registry
(``/cadastro/simulacao/``): the same proposal as ``POST /api/v1/registry/simulations``, typed in
Brazilian format; the result with its chart, and every permit that changes as CSV. Nothing is
written."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone

from outorga.core import selectors
from outorga.core.access import staff_required
from outorga.core.listing import csv_response
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.views_municipal_data import LawBindingForm, parameter_choices
from outorga.law import parameter_input
from outorga.law.bindings import SERVICE_LABELS
from outorga.law.competence import NotCompetent
from outorga.law.simulation import ProposalInvalid, from_json

from ..simulation import CHANGE_COLUMNS, simulate
from .common import DATE, deny

#: Parameter values one page proposes (the API takes up to 100).
ROWS = 3


class SimulationForm(forms.Form):
    title = forms.CharField(
        label="Proposta", max_length=200, help_text="ex.: Projeto de Lei 12/2026 (minuta)"
    )
    on = forms.DateField(label="Avaliar o cadastro em", widget=DATE)
    population = forms.IntegerField(
        label="Nova população (habitantes)", min_value=1, required=False
    )
    population_year = forms.IntegerField(label="Ano de referência", min_value=1900, required=False)
    population_effective = forms.DateField(
        label="População em vigor desde", widget=DATE, required=False
    )
    binding_service = forms.ChoiceField(
        label="Serviço regido por outra lei",
        choices=[("", "—"), *((str(k), v) for k, v in SERVICE_LABELS.items())],
        required=False,
    )
    binding_law = forms.ChoiceField(label="Lei (regras)", required=False)
    binding_from = forms.DateField(label="Lei em vigor desde", widget=DATE, required=False)

    def __init__(self, *args: Any, laws: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.laws = laws
        choices = [("", "—"), *parameter_choices(laws)]
        for i in range(1, ROWS + 1):
            self.fields[f"name_{i}"] = forms.ChoiceField(
                label=f"Parâmetro {i}", choices=choices, required=False
            )
            self.fields[f"value_{i}"] = forms.CharField(
                label=f"Valor proposto {i}", max_length=300, required=False
            )
            self.fields[f"effective_{i}"] = forms.DateField(
                label=f"Em vigor desde {i}", widget=DATE, required=False
            )
        law_field = LawBindingForm.base_fields["law"]
        self.fields["binding_law"].choices = [("", "—"), *law_field.choices]  # type: ignore[attr-defined]

    def proposal(self) -> dict[str, Any]:
        """The proposal as the API takes it, each value read in Brazilian format."""
        d = self.cleaned_data
        declared = {p.name: p for p in parameter_input.parameters_for(self.laws)}
        parameters = []
        for i in range(1, ROWS + 1):
            name = d.get(f"name_{i}")
            if not name:
                continue
            try:
                value = parameter_input.from_text(declared[name], d.get(f"value_{i}") or "")
            except parameter_input.ValueInvalid as exc:
                raise ProposalInvalid(f"value_{i}", str(exc)) from None
            parameters.append({"name": name, "value": value, "effective": d.get(f"effective_{i}")})
        populations = []
        if d.get("population"):
            populations.append(
                {
                    "value": d["population"],
                    "reference_year": d.get("population_year"),
                    "effective": d.get("population_effective"),
                }
            )
        bindings = []
        if d.get("binding_service") or d.get("binding_law"):
            bindings.append(
                {
                    "service": d.get("binding_service"),
                    "law": d.get("binding_law"),
                    "valid_from": d.get("binding_from"),
                }
            )
        return {
            "title": d["title"],
            "parameters": parameters,
            "populations": populations,
            "bindings": bindings,
        }


#: The proposal's fields (``law.simulation``) → the page's.
FIELDS = {
    "populations[0].value": "population",
    "populations[0].reference_year": "population_year",
    "populations[0].effective": "population_effective",
    "bindings[0].service": "binding_service",
    "bindings[0].law": "binding_law",
    "bindings[0].valid_from": "binding_from",
}


def _field(form: SimulationForm, where: str) -> str | None:
    if where in FIELDS:
        return FIELDS[where]
    if where.startswith("parameters["):
        # parameters[k] counts the rows filled in; find the page's row it came from.
        k = int(where[len("parameters[") : where.index("]")])
        filled = [i for i in range(1, ROWS + 1) if form.cleaned_data.get(f"name_{i}")]
        part = where.rsplit(".", 1)[-1]
        return f"{part}_{filled[k]}" if part in ("name", "value", "effective") else None
    return where if where in form.fields else None


@staff_required
def simulation(request: HttpRequest) -> HttpResponse | StreamingHttpResponse:
    try:
        selectors.require(actor_of(request), "system.law.simulate")
    except NotCompetent as exc:
        return deny(request, exc)
    m = current_municipality()
    form = SimulationForm(
        request.POST or None, initial={"on": timezone.localdate()}, laws=list(m.laws)
    )
    result = None
    if request.method == "POST" and form.is_valid():
        try:
            proposal = from_json(form.proposal(), m.laws)
        except ProposalInvalid as exc:
            form.add_error(_field(form, exc.field), exc.message)
        else:
            result = simulate(m, proposal, form.cleaned_data["on"])
            if "csv" in request.POST:
                return csv_response(result.changes, CHANGE_COLUMNS, "simulacao")
    return render(
        request,
        "registry/simulation.html",
        {"form": form, "result": result, "chart": result.chart() if result else None},
    )

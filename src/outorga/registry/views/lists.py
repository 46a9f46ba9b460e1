"""The registry's lists (issue "back office", item 5): people, vehicles and permits, filtered at
a URL, sorted, paged and exported as CSV with the shared listing (``core.listing``). A person's
CPF is shown, and exported, as :func:`~outorga.registry.selectors.shown_document` shows it to the
role; the people search posts, so a CPF typed never lands in a URL."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase

from outorga.core.access import staff_required
from outorga.core.listing import (
    Column,
    any_of,
    date_filter,
    filtered,
    list_page,
    searched_page,
)
from outorga.core.requests import actor_of
from outorga.law.competence import Role

from ..models import Permit, Person, Service, Vehicle
from ..selectors import (
    SEES_DOCUMENT,
    people_search,
    permits_search,
    shown_document,
    vehicles_search,
)
from ..validation import format_plate

# --- people ----------------------------------------------------------------------------------------


class PeopleFilter(forms.Form):
    q = forms.CharField(label="Nome ou CPF/CNPJ", required=False, max_length=200)
    tipo = forms.ChoiceField(label="Tipo", required=False, choices=any_of(Person.Kind.choices))
    servico = forms.ChoiceField(
        label="Permissão de", required=False, choices=any_of(Service.choices, "qualquer serviço")
    )
    situacao = forms.ChoiceField(
        label="Situação da permissão",
        required=False,
        choices=any_of(Permit.Status.choices, "qualquer situação"),
    )
    de = date_filter("Cadastrada de")
    ate = date_filter("até")

    def __init__(self, *args: Any, role: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if Role(role) not in SEES_DOCUMENT:
            self.fields["q"].label = "Nome"


def people_columns(role: str) -> list[Column]:
    return [
        Column("nome", "Nome", lambda p: p.name, "name"),
        Column("documento", "CPF/CNPJ", lambda p: shown_document(p, role)),
        Column("tipo", "Tipo", lambda p: p.get_kind_display(), "kind"),
        Column("cidade", "Município de residência", lambda p: p.city, "city"),
        Column("cadastro", "Cadastrada em", lambda p: p.created_at, "created_at"),
    ]


def filter_people(qs: QuerySet[Person], f: dict[str, Any], role: str) -> QuerySet[Person]:
    qs = people_search(qs, f.get("q") or "", role)
    if f.get("servico") or f.get("situacao"):
        held = Permit.objects.filter(holder=OuterRef("pk"))
        if f.get("servico"):
            held = held.filter(service=f["servico"])
        if f.get("situacao"):
            held = held.filter(status=f["situacao"])
        qs = qs.filter(Exists(held))
    return filtered(
        qs,
        f,
        {"tipo": "kind", "de": "created_at__date__gte", "ate": "created_at__date__lte"},
    )


@staff_required
def people(request: HttpRequest) -> HttpResponseBase:
    role = actor_of(request).role
    return searched_page(
        request,
        form_of=lambda data: PeopleFilter(data, role=role),
        qs=Person.objects.all(),
        narrow=lambda qs, f: filter_people(qs, f, role),
        columns=people_columns(role),
        default_order="name",
        filename="pessoas",
        template="registry/people.html",
        context={"role": role, "sees_document": Role(role) in SEES_DOCUMENT},
    )


# --- vehicles --------------------------------------------------------------------------------------


class VehicleFilter(forms.Form):
    q = forms.CharField(label="Placa, marca/modelo ou proprietário", required=False, max_length=120)
    especie = forms.ChoiceField(
        label="Espécie", required=False, choices=any_of(Vehicle.Kind.choices)
    )
    servico = forms.ChoiceField(
        label="Em permissão de",
        required=False,
        choices=any_of(Service.choices, "qualquer serviço ou nenhum"),
    )
    ano_de = forms.IntegerField(label="Fabricado de (ano)", required=False, min_value=1900)
    ano_ate = forms.IntegerField(label="até (ano)", required=False, min_value=1900)


VEHICLE_COLUMNS = [
    Column("placa", "Placa", lambda v: format_plate(v.plate), "plate"),
    Column("especie", "Espécie", lambda v: v.get_kind_display(), "kind"),
    Column("modelo", "Marca/modelo", lambda v: v.make_model, "make_model"),
    Column("ano", "Ano de fabricação", lambda v: v.manufacture_year, "manufacture_year"),
    Column("cor", "Cor", lambda v: v.colour, "colour"),
    Column("proprietario", "Proprietário", lambda v: v.owner.name, "owner__name"),
    Column("cadastro", "Nº no Cadastro", lambda v: v.cadastro_number, "cadastro_number"),
]


def filter_vehicles(qs: QuerySet[Vehicle], f: dict[str, Any]) -> QuerySet[Vehicle]:
    qs = vehicles_search(qs, f.get("q") or "")
    if f.get("servico"):
        qs = qs.filter(Exists(Permit.objects.filter(vehicle=OuterRef("pk"), service=f["servico"])))
    return filtered(
        qs,
        f,
        {"especie": "kind", "ano_de": "manufacture_year__gte", "ano_ate": "manufacture_year__lte"},
    )


@staff_required
def vehicles(request: HttpRequest) -> HttpResponseBase:
    return list_page(
        request,
        form=VehicleFilter(request.GET or None),
        qs=Vehicle.objects.select_related("owner"),
        narrow=filter_vehicles,
        columns=VEHICLE_COLUMNS,
        default_order="plate",
        filename="veiculos",
        template="registry/vehicles.html",
    )


# --- permits ---------------------------------------------------------------------------------------


class PermitFilter(forms.Form):
    q = forms.CharField(label="Número, permissionário ou placa", required=False, max_length=120)
    servico = forms.ChoiceField(label="Serviço", required=False, choices=any_of(Service.choices))
    situacao = forms.ChoiceField(
        label="Situação", required=False, choices=any_of(Permit.Status.choices, "todas")
    )
    irregular = forms.BooleanField(label="Só as irregulares", required=False)
    outorga_de = date_filter("Outorgada de")
    outorga_ate = date_filter("até")
    vence_ate = date_filter("Prazo termina até")


def _status(p: Permit) -> str:
    return p.get_status_display() + (" (irregular)" if p.irregular else "")


PERMIT_COLUMNS = [
    Column("numero", "Número", lambda p: p.number, "number"),
    Column("servico", "Serviço", lambda p: p.get_service_display(), "service"),
    Column("permissionario", "Permissionário", lambda p: p.holder.name, "holder__name"),
    Column(
        "placa",
        "Placa",
        lambda p: format_plate(p.vehicle.plate) if p.vehicle else "",
        "vehicle__plate",
    ),
    Column("situacao", "Situação", _status, "status"),
    Column("outorga", "Outorgada em", lambda p: p.granted_on, "granted_on"),
    Column("prazo", "Prazo até", lambda p: p.term_end, "term_end"),
    Column(
        "certificado",
        "Certificado até",
        lambda p: p.certificate_valid_until,
        "certificate_valid_until",
    ),
]


def filter_permits(qs: QuerySet[Permit], f: dict[str, Any]) -> QuerySet[Permit]:
    qs = permits_search(qs, f.get("q") or "")
    return filtered(
        qs,
        f,
        {
            "servico": "service",
            "situacao": "status",
            "irregular": "irregular",
            "outorga_de": "granted_on__gte",
            "outorga_ate": "granted_on__lte",
            "vence_ate": "term_end__lte",
        },
    )


@staff_required
def permits(request: HttpRequest) -> HttpResponse | HttpResponseBase:
    return list_page(
        request,
        form=PermitFilter(request.GET or None),
        qs=Permit.objects.select_related("holder", "vehicle"),
        narrow=filter_permits,
        columns=PERMIT_COLUMNS,
        default_order="number",
        filename="permissoes",
        template="registry/permits.html",
    )

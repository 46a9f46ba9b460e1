"""API of the municipality's dated data, under ``/api/v1/municipality/…``: population (D-7), fiscal
unit values (D-5), calendar days (D-4), the municipality's values of declared parameters (D-15) and
the law bound to each service from a date (D-15).

Every municipal servant reads; the administrator records (``municipality.*.record``). History is
append-only: there is no PUT nor DELETE, a correction is a new dated value. Refusals: 403 (no
competence), 422 with ``erros`` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Literal, TypeVar

from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Router, Schema, Status

from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import LAW_TITLES

from . import selectors, services
from .apikit import INT_MAX, SMALLINT_MAX, Error, IsoDate, staff
from .apipages import paged
from .models import (
    CalendarDay,
    FiscalUnitValue,
    LawBinding,
    ParameterOverride,
    PopulationFigure,
)
from .requests import actor_of
from .tenancy import TenantModel

T = TypeVar("T")

router = Router(tags=["município: dados datados"], auth=staff)


def _record(request: HttpRequest, record: Callable[..., T], payload: Schema) -> T:
    """A new dated value: the service ``record`` writes the payload for the caller's municipality."""
    return record(
        actor=actor_of(request),
        municipality=selectors.require_municipality(),
        **payload.dict(),
    )


def _history(
    path: str,
    name: str,
    model: type[TenantModel],
    ordering: tuple[str, ...],
    body: type[Schema],
    out: type[Schema],
    record: Callable[..., Any],
    *,
    listed: str,
    recorded: str,
) -> None:
    """The two routes of a kind of dated value: ``GET path``, its history (``<name>_list``), and
    ``POST path``, a new value the service ``record`` writes (``<name>_create``)."""

    @paged(*ordering)
    def history(request: HttpRequest) -> Any:
        return model.objects.all()

    def create(request: HttpRequest, payload: Any) -> Any:
        return Status(201, _record(request, record, payload))

    history.__name__ = history.__qualname__ = f"{name}_list"
    create.__name__ = create.__qualname__ = f"{name}_create"
    create.__annotations__ = {"request": HttpRequest, "payload": body, "return": Any}
    listing: Any = list[out]  # type: ignore[valid-type]  # the schema is an argument here
    router.get(path, response=listing, summary=listed)(history)
    router.post(path, response={201: out, 403: Error, 422: Error}, summary=recorded)(create)


# --- population (D-7) -------------------------------------------------------------------------------


class PopulationIn(Schema):
    value: int = Field(..., ge=0, le=INT_MAX, description="habitantes", examples=[227731])
    reference_year: int = Field(
        ..., ge=0, le=SMALLINT_MAX, description="ano do censo ou da estimativa", examples=[2022]
    )
    effective: IsoDate = Field(
        ..., description="em vigor desde (data de publicação)", examples=["2023-06-28"]
    )
    source: str = Field(..., max_length=200, examples=["IBGE, Censo Demográfico 2022"])


class PopulationOut(Schema):
    id: int
    value: int
    reference_year: int
    effective: IsoDate
    source: str


_history(
    "/population",
    "population",
    PopulationFigure,
    ("-effective", "-reference_year", "-pk"),
    PopulationIn,
    PopulationOut,
    services.population_record,
    listed="Histórico da população (mais recente primeiro)",
    recorded="Registrar população (decisão D-7)",
)


# --- fiscal unit values (D-5) -----------------------------------------------------------------------


class FiscalUnitIn(Schema):
    name: str = Field(..., description="unidade fiscal das leis do município", examples=["UFPI"])
    value: Decimal = Field(
        ..., description="valor em reais, até 4 casas decimais", examples=["4.8513"]
    )
    valid_from: IsoDate = Field(..., examples=["2026-01-01"])
    legal_reference: str = Field(..., max_length=300, examples=["Decreto 1.234/2025"])
    example: bool = Field(False, description="valor de exemplo (demonstração)")


class FiscalUnitOut(Schema):
    id: int
    name: str
    value: Decimal = Field(..., description="valor em reais")
    valid_from: IsoDate
    legal_reference: str
    example: bool


_history(
    "/fiscal-units",
    "fiscal_unit",
    FiscalUnitValue,
    ("-valid_from", "name", "-pk"),
    FiscalUnitIn,
    FiscalUnitOut,
    services.fiscal_unit_value_record,
    listed="Histórico dos valores da unidade fiscal (mais recente primeiro)",
    recorded="Registrar valor da unidade fiscal (decisão D-5)",
)


# --- calendar (D-4) ---------------------------------------------------------------------------------


class CalendarDayIn(Schema):
    date: IsoDate = Field(..., examples=["2026-08-15"])
    kind: Literal["holiday", "optional", "closed"] = Field(
        ...,
        description="holiday = feriado municipal; optional = ponto facultativo; closed = "
        "expediente suspenso",
    )
    description: str = Field(..., max_length=200, examples=["Aniversário da cidade"])
    legal_reference: str = Field(..., max_length=200, examples=["Lei Municipal 528/1975"])


class CalendarDayOut(Schema):
    id: int
    date: IsoDate
    kind: str
    kind_label: str
    description: str
    legal_reference: str

    @staticmethod
    def resolve_kind_label(obj: CalendarDay) -> str:
        return str(obj.get_kind_display())


_history(
    "/calendar",
    "calendar",
    CalendarDay,
    ("-date",),
    CalendarDayIn,
    CalendarDayOut,
    services.calendar_day_record,
    listed="Feriados municipais, pontos facultativos e dias sem expediente (mais recente primeiro)",
    recorded="Registrar dia sem expediente no município (decisão D-4)",
)


# --- parameters (D-15) ------------------------------------------------------------------------------


class DeclaredParameterOut(Schema):
    name: str
    label: str
    law: str | None = Field(None, description="lei do parâmetro; vazio = comum a todas")
    unit: str
    kind: str = Field(
        ...,
        description="money (centavos, inteiro), integer, fiscal_units, fraction, percent, date, "
        "text, text_list",
    )
    hint: str
    editable: bool = Field(..., description="deixado pela lei a decreto ou regulamento")
    references: list[str]
    since: IsoDate
    value: Any = Field(None, description="valor em vigor hoje")
    value_display: str
    effective: IsoDate | None
    example: bool
    source: str | None = Field(None, description="law (texto da lei) ou municipality")


class ParameterIn(Schema):
    name: str = Field(..., examples=["mototaxi_2013.tariff.mototaxi.urbana"])
    value: Any = Field(
        ...,
        description="no tipo do parâmetro: dinheiro em centavos (inteiro), frações e percentuais "
        'como texto decimal ("0.05"), datas AAAA-MM-DD, listas de textos',
        examples=[725],
    )
    effective: IsoDate = Field(..., examples=["2026-02-01"])
    legal_reference: str = Field(..., max_length=300, examples=["Decreto 123/2026"])
    example: bool = Field(False, description="valor de exemplo (demonstração)")


class ParameterOut(Schema):
    id: int
    name: str
    label: str
    law: str | None
    unit: str
    value: Any
    value_display: str
    effective: IsoDate
    legal_reference: str
    example: bool
    in_force: bool = Field(..., description="é o valor do município em vigor hoje")


@router.get(
    "/parameters/declared",
    response=list[DeclaredParameterOut],
    summary="Parâmetros declarados pelas leis do município, com o valor em vigor hoje",
)
@paged(as_listed="name")
def parameters_declared(request: HttpRequest) -> Any:
    return selectors.declared_parameters(selectors.require_municipality(), timezone.localdate())


@router.get(
    "/parameters",
    response=list[ParameterOut],
    summary="Valores de parâmetros fixados pelo município (mais recente primeiro)",
)
@paged("-effective", "name", "-id")
def parameter_list(request: HttpRequest) -> Any:
    m = selectors.require_municipality()
    return selectors.municipal_data(m, timezone.localdate())["parameters"]


@router.post(
    "/parameters",
    response={201: ParameterOut, 403: Error, 422: Error},
    summary="Registrar valor de parâmetro (decreto, regulamento, lei que altera; decisão D-15)",
)
def parameter_create(request: HttpRequest, payload: ParameterIn) -> Any:
    m = selectors.require_municipality()
    row: ParameterOverride = services.parameter_override_record(
        actor=actor_of(request), municipality=m, **payload.dict()
    )
    out = next(
        r
        for r in selectors.municipal_data(m, timezone.localdate())["parameters"]
        if r["id"] == row.pk
    )
    return Status(201, out)


# --- law bindings (D-15) ----------------------------------------------------------------------------


class LawBindingIn(Schema):
    service: Literal["mototaxi", "motofrete", "taxi", "aplicativo"] = Field(
        ..., description="serviço regulado", examples=["mototaxi"]
    )
    law: str = Field(
        ...,
        description="identificador da lei (as leis conhecidas estão em GET /api/v1/law/laws)",
        examples=[next(iter(RULEBOOKS))],
    )
    valid_from: IsoDate = Field(..., description="em vigor desde", examples=["2027-01-01"])
    valid_until: IsoDate | None = Field(None, description="em vigor até (inclusive), se houver")
    reference: str = Field(
        ..., max_length=300, examples=["Lei Municipal 1.234/2026, art. 1º (adoção por referência)"]
    )


class LawBindingOut(Schema):
    id: int
    service: str
    law: str
    law_title: str
    valid_from: IsoDate
    valid_until: IsoDate | None
    reference: str
    in_force: bool

    @staticmethod
    def resolve_law_title(row: LawBinding) -> str:
        return LAW_TITLES.get(row.law, row.law)

    @staticmethod
    def resolve_in_force(row: LawBinding) -> bool:
        return row.as_binding().covers(timezone.localdate())


@router.get(
    "/law-bindings",
    response=list[LawBindingOut],
    summary="Leis que regem cada serviço do município, com a vigência (decisão D-15)",
)
@paged("service", "-valid_from")
def law_binding_list(request: HttpRequest) -> QuerySet[LawBinding]:
    return LawBinding.objects.all()


@router.post(
    "/law-bindings",
    response={201: LawBindingOut, 403: Error, 422: Error},
    summary="Registrar a lei de um serviço a partir de uma data (a anterior termina na véspera)",
)
def law_binding_create(request: HttpRequest, payload: LawBindingIn) -> Any:
    row = _record(request, services.law_binding_record, payload)
    return Status(201, row)

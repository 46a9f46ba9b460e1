"""The simulation of a proposed amendment over the registry (``POST /registry/simulations``):
counts and the permits that change, under the law in force and under the proposal; nothing is
written (``registry.simulation``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Schema

from outorga.core import selectors
from outorga.core.apikit import IsoDate
from outorga.core.errors import FieldError
from outorga.core.requests import actor_of
from outorga.law.simulation import ProposalInvalid, from_json

from ..simulation import simulate, summary
from .common import READ_ERRORS
from .router import router


class ParameterIn(Schema):
    name: str = Field(..., examples=["mototaxi_2013.vehicle.max_age_years"])
    effective: IsoDate
    value: Any = Field(..., description="no formato do parâmetro: centavos, anos, fração…")


class PopulationIn(Schema):
    value: int
    reference_year: int
    effective: IsoDate
    source: str = ""


class BindingIn(Schema):
    service: str
    law: str
    valid_from: IsoDate


class SimulationIn(Schema):
    title: str = Field(..., description="o projeto de lei ou a minuta que a proposta representa")
    on: IsoDate = Field(..., description="data em que o cadastro é avaliado")
    parameters: list[ParameterIn] = Field(default=[], max_length=100)
    populations: list[PopulationIn] = Field(default=[], max_length=100)
    bindings: list[BindingIn] = Field(default=[], max_length=100)


class ReadingOut(Schema):
    holds: bool
    text: str
    citations: str


class ChangeOut(Schema):
    permit_id: int
    number: str
    service: str
    holder: str
    plate: str
    manufacture_year: int
    becomes: str = Field(..., description="irregular | regular")
    in_force: ReadingOut
    proposal: ReadingOut


class QuotaSideOut(ReadingOut):
    limit: int | None
    free: int | None


class QuotaOut(Schema):
    service: str
    active: int
    in_force: QuotaSideOut
    proposal: QuotaSideOut


class FineSideOut(ReadingOut):
    cents: int


class FineOut(Schema):
    service: str = Field(..., description="o serviço cuja lei fixa a multa (mototaxi, taxi…)")
    severity: str = Field(..., description="natureza da infração")
    code: str = Field(..., description="a infração de exemplo dessa natureza")
    in_force: FineSideOut
    proposal: FineSideOut


class EligibilitySideOut(ReadingOut):
    eligibility: str = Field(..., description="ok | refused | pending")


class ApplicantOut(Schema):
    applicant_id: int
    tender: str
    person: str
    service: str
    becomes: str = Field(..., description="elegível | não elegível")
    in_force: EligibilitySideOut
    proposal: EligibilitySideOut


class IssqnSideOut(ReadingOut):
    cents: int | None = Field(..., description="ISSQN total; null: falta alíquota do município")


class IssqnOut(Schema):
    platform: str
    month: str = Field(..., description="mês da declaração (AAAA-MM), base do cálculo")
    in_force: IssqnSideOut
    proposal: IssqnSideOut


class IssqnTotalOut(Schema):
    in_force: int
    proposal: int


class OverAgeOut(Schema):
    in_force: int
    proposal: int


class SimulationOut(Schema):
    on: IsoDate
    title: str
    permits_checked: int
    over_age: OverAgeOut
    became_irregular: int
    became_regular: int
    changes_total: int = Field(
        ..., description="todas as permissões que mudam (as primeiras 500 em changes)"
    )
    changes: list[ChangeOut]
    quotas: list[QuotaOut]
    applicants_checked: int
    applicants: list[ApplicantOut]
    fines: list[FineOut]
    issqn: list[IssqnOut] = Field(
        ...,
        description=(
            "as declarações de ISSQN dos 12 meses anteriores ao mês de `on`, recalculadas com as "
            "alíquotas do mês de `on` pela lei em vigor e pela proposta (art. 18–20, D-14)"
        ),
    )
    issqn_total: IssqnTotalOut = Field(..., description="soma das declarações completas, centavos")
    not_simulated: list[str]


@router.post(
    "/simulations",
    response={200: SimulationOut, **READ_ERRORS},
    summary="Simula uma alteração da lei sobre o cadastro (nada é gravado)",
)
def simulation_run(request: HttpRequest, payload: SimulationIn) -> Any:
    """The registry on ``on`` under the law in force and under the proposal — dated parameter
    values, IBGE figures, a law bound from a date — without writing anything."""
    selectors.require(actor_of(request), "system.law.simulate")
    m = selectors.require_municipality()
    try:
        proposal = from_json(payload.dict(), m.laws)
    except ProposalInvalid as exc:
        raise FieldError(exc.field, exc.message) from None
    return summary(simulate(m, proposal, payload.on))

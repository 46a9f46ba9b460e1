"""What the registry's route modules share: the answers every route may give (the law's refusal
with its reasons), the small bodies several routes take, and the lookups they all make."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar, get_type_hints

from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate, acting
from outorga.core.errors import FieldError
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.requests import actor_of
from outorga.core.tenancy import TenantModel, current_municipality
from outorga.law import interfaces
from outorga.law.money import brl

from ..models import Permit, PermitTerm, Person
from ..selectors import registry_law, shown_document
from ..services.common import governed, service_law
from .router import router


def law_of_service(service: str | None) -> str:
    """The law bound here to the service a payload names, or the registry's when it names none."""
    m = current_municipality()
    return service_law(m, service) if service else registry_law(m)


# Answers ---------------------------------------------------------------------------------------
# The bodies each route answers, for the OpenAPI at /api/v1/docs. Errors reuse the project's
# ``Error`` (core.apikit); a refusal adds the law's decision (``outorga.config.api`` answers it).


class ReasonOut(Schema):
    rule: str = Field(..., description="regra aplicada")
    verdict: str = Field(..., description="resultado da regra", examples=["ok", "refused"])
    message: str = Field(..., description="a razão, em português, para quem lê")
    citations: list[dict[str, str]] = Field(
        ...,
        description="artigos: law, article, paragraph, inciso, alinea, note e text (os nulos omitidos)",
    )
    facts: dict[str, Any] = Field(..., description="fatos considerados")
    parameters: list[dict[str, Any]] = Field(..., description="parâmetros municipais aplicados")


class DecisionOut(Schema):
    question: str = Field(..., description="pergunta feita à lei")
    as_of: IsoDate = Field(..., description="data de referência")
    municipality: str
    outcome: Any = Field(..., description="resposta da lei")
    summary: str = Field(..., description="resumo em português")
    reasons: list[ReasonOut] = Field(..., description="fundamentos, cada um com seus artigos")
    citations: list[str] = Field(
        ...,
        description="artigos aplicados, como se leem: título da lei, art., §, inciso e alínea",
    )


class RefusalOut(Error):
    """422: dados inválidos (``erros``) ou recusa da lei (``decisao``, com os fundamentos)."""

    decisao: DecisionOut | None = Field(None, description="decisão da lei que recusou o ato")


READ_ERRORS: dict[int, Any] = {403: Error, 404: Error}
WRITE_ERRORS: dict[int, Any] = {**READ_ERRORS, 409: Error, 422: RefusalOut}
#: Mototaxi and motofrete art. 5 IV (with art. 14 §2 for the auxiliary), as a grant or a
#: credential's request says it.
SAFETY_GEAR = (
    "mototáxi e motofrete: colete e capacete com dispositivos retrorrefletivos verificados "
    "(art. 5, IV; do condutor auxiliar, com o art. 14, §2); obrigatório: false recusa, e ausente "
    "ou null é recusado (422) nomeando o campo e o artigo, sem nada registrar; táxi: não se aplica"
)


def safety_gear_said(
    *,
    service: str,
    on: dt.date,
    said: bool | None,
    auxiliary: bool = False,
    applicant: int | None = None,
) -> None:
    """Mototaxi and motofrete art. 5 IV (art. 14 §2 for the auxiliary): the screens always say
    whether the desk saw the vest and helmet (a box, unticked: not seen), so a body that leaves
    ``safety_gear`` out is refused here as bad input, before the act writes anything — where the
    law bound to ``service`` on ``on`` asks it (its ``safety_gear`` concept); the other laws (taxi)
    do not, and the field is left as it was. ``applicant``: the tender's applicant it is about."""
    if said is not None:
        return
    m = current_municipality()
    try:
        law = law_of(m, service, on)
    except LawNotBound:
        return  # no law governs the service then: the act itself refuses it
    if not interfaces.citations(law, "safety_gear"):
        return
    whose = "do condutor auxiliar " if auxiliary else ""
    who = "" if applicant is None else f"candidato {applicant}: "
    # The auxiliary meets the holder's requirements (art. 14 §2, its credential's article).
    concepts = ("safety_gear", "auxiliary_credential") if auxiliary else ("safety_gear",)
    raise FieldError(
        "safety_gear",
        f"{who}informe se o colete e o capacete {whose}com dispositivos retrorrefletivos foram "
        "verificados",
        interfaces.cited_once(law, *concepts),
    )


class DatedText(Schema):
    on: IsoDate
    text: str


class OnIn(Schema):
    on: IsoDate


def with_records(payload: Schema, **models: type[TenantModel]) -> dict[str, Any]:
    """The body's fields as the service takes them, each ``<name>_id`` the body names read as the
    record ``<name>`` of this municipality (404 if there is none)."""
    fields = payload.dict()
    for name, model in models.items():
        fields[name] = get_object_or_404(model.objects.all(), pk=fields.pop(f"{name}_id"))
    return fields


M = TypeVar("M", bound=Model)


def filtered(records: QuerySet[M], **asked: str) -> QuerySet[M]:
    """The ``records`` a list route was asked for: each field the query gave a value equal to it;
    one it left out (empty) does not filter."""
    return records.filter(**{name: value for name, value in asked.items() if value})


def created(request: HttpRequest, body: Any) -> Any:
    return Status(201, body)


def taxi_permit(permit_id: int) -> Permit:
    return get_object_or_404(Permit.objects.filter(service="taxi"), pk=permit_id)


def acted_permit(permit_id: int, **filters: Any) -> Permit:
    """The permit an act acts on: this municipality's (404 otherwise, whatever its id), whose
    service a law governs here — else no act under a law can be proposed for it, a refusal
    naming the service (422, :class:`Ungoverned`)."""
    return governed(get_object_or_404(Permit.objects.filter(**filters), pk=permit_id))


class HolderOut(Schema):
    id: int
    name: str
    document: str = Field(..., description="CPF/CNPJ mascarado conforme o papel de quem consulta")

    @staticmethod
    def resolve_document(holder: Person, context: dict[str, Any]) -> str:
        return shown_document(holder, actor_of(context["request"]).role)


class PermitOut(Schema):
    id: int
    number: str = Field(..., description="número da permissão", examples=["MT-0001"])
    registration_number: int = Field(..., description="número de registro")
    service: str = Field(..., examples=["mototaxi"])
    status: str = Field(..., description="situação da permissão", examples=["active"])
    status_label: str = Field(
        ...,
        validation_alias="get_status_display",
        description="situação, em português",
        examples=["ativa"],
    )
    holder: HolderOut = Field(..., description="permissionário")
    plate: str | None = Field(..., description="placa do veículo vinculado")
    term_start: IsoDate = Field(..., description="início do prazo")
    term_end: IsoDate = Field(..., description="fim do prazo")
    extensions: int = Field(..., description="prorrogações concedidas (mototáxi art. 6)")
    certificate_valid_until: IsoDate | None = Field(
        ..., description="certificado anual válido até (art. 4 §1)"
    )
    suspended_until: IsoDate | None = Field(..., description="suspensa até")
    irregular: bool
    irregular_reason: str = Field(..., description="motivo da irregularidade")

    @staticmethod
    def resolve_plate(p: Permit) -> str | None:
        return p.vehicle.plate if p.vehicle else None


#: What a body must say of the permit it acts on, refused (a :class:`FieldError`) before the act.
PermitCheck = Callable[[Permit, Any], None]


def permit_act(
    request: HttpRequest,
    permit_id: int,
    act: Callable[..., Permit],
    check: Callable[[Permit], None] | None = None,
    /,
    **fields: Any,
) -> Permit:
    """The act on the permit (any service's), by the servant asking here, answered with the
    permit as it stands after it; ``check`` refuses first what the body left out for this
    permit."""
    p = acted_permit(permit_id)
    if check is not None:
        check(p)
    return act(**acting(request), permit=p, **fields)


PermitRoute = Callable[[HttpRequest, int, Any], Permit]
#: A route function, as a router's decorator returns it.
Route = TypeVar("Route", bound=Callable[..., Any])


def act_route(
    api_router: Router,
    path: str,
    out: Any,
    summary: str,
    name: str,
    *,
    status: int = 200,
    **more: Any,
) -> Callable[[Route], Route]:
    """``POST <path>`` on ``api_router``: an act answered ``status`` with ``out`` (or the write
    errors), its operation id ``outorga_registry_api_<name>``; ``more``: the router's other
    options (``by_alias``)."""
    return api_router.post(
        path,
        response={status: out, **WRITE_ERRORS},
        summary=summary,
        operation_id=f"outorga_registry_api_{name}",
        **more,
    )


def permit_act_route(
    path: str, act: Callable[..., Permit], summary: str, *, check: PermitCheck | None = None
) -> Callable[[Callable[[Any], dict[str, Any]]], PermitRoute]:
    """``POST /registry/permits/{permit_id}/<path>``: ``act`` on the permit (:func:`permit_act`),
    answered with the permit. The decorated function names the route (its operation id is
    ``outorga_registry_api_<name>``) and reads the act's fields from the body it annotates;
    ``check(permit, body)`` refuses before the act what the body must say of that permit."""

    def register(fields: Callable[[Any], dict[str, Any]]) -> PermitRoute:
        def route(request: HttpRequest, permit_id: int, payload: Any) -> Permit:
            checked = None if check is None else (lambda p: check(p, payload))
            return permit_act(request, permit_id, act, checked, **fields(payload))

        route.__name__ = route.__qualname__ = fields.__name__
        route.__annotations__ = {
            "request": HttpRequest,
            "permit_id": int,
            "payload": get_type_hints(fields)["payload"],
            "return": Permit,
        }
        return act_route(
            router, f"/permits/{{permit_id}}/{path}", PermitOut, summary, fields.__name__
        )(route)

    return register


class TermRenewalOut(Schema):
    renewed_on: IsoDate = Field(..., description="renovado em")
    valid_until: IsoDate = Field(..., description="vigente até")


class TermOut(Schema):
    """Termo de Permissão (táxi art. 10) e suas renovações (art. 13, 21)."""

    permit: int = Field(..., validation_alias="permit_id", description="id da permissão")
    option: str = Field(..., description="opção de prazo", examples=["I"])
    mode: str = Field(..., description="contrapartida", examples=["pagamento"])
    instalments: int | None = Field(..., description="parcelas")
    total: str = Field(..., description="valor da contrapartida", examples=["R$ 1.234,56"])
    total_cents: int = Field(..., description="valor da contrapartida em centavos")
    signed_on: IsoDate = Field(..., description="assinatura do Termo")
    term_ends_on: IsoDate = Field(..., description="termo final")
    valid_until: IsoDate = Field(..., description="Termo vigente até")
    renewals: list[TermRenewalOut]

    @staticmethod
    def resolve_total(term: PermitTerm) -> str:
        return brl(term.total_cents)


def correction(
    request: HttpRequest, record: Any, fields: list[str], payload: Schema, **law_of: int
) -> dict[str, Any]:
    """The keywords of a correction service (``person_update``, ``vehicle_update``): who acts and
    where, the law the entry is kept under, the record's fields with those the body sent
    replacing them (the others stay as they are) and the reason."""
    here = acting(request)
    sent = payload.dict(exclude_unset=True)
    reason = sent.pop("reason")
    return {
        **here,
        "law": registry_law(here["municipality"], **law_of),
        "data": {**{f: getattr(record, f) for f in fields}, **sent},
        "reason": reason,
    }

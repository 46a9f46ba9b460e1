"""Routes for a permit's status (/registry/permits/{id}/…): suspension, reinstatement, renúncia,
reserve and its end. Each is an act on the permit answered with the permit (``permit_act_route``);
each function here reads the act's fields from its body."""

from __future__ import annotations

from typing import Any

from ninja import Schema

from outorga.core.apikit import IsoDate

from ..services import permit_status as permit_status_services
from .common import DatedText, permit_act_route


class SuspendIn(Schema):
    days: int
    start: IsoDate
    reason: str


@permit_act_route(
    "suspend", permit_status_services.permit_suspend, "Suspender (autoridade, art. 34)"
)
def permit_suspend(payload: SuspendIn) -> dict[str, Any]:
    return payload.dict()


class ReinstateIn(DatedText):
    #: Mototaxi art. 32 §2: the recorded document that proves the irregularities were remedied.
    document_id: int | None = None


@permit_act_route(
    "reinstate",
    permit_status_services.permit_reinstate,
    "Reativar após suspensão (art. 32 §2)",
)
def permit_reinstate(payload: ReinstateIn) -> dict[str, Any]:
    return {"on": payload.on, "proof": payload.text, "document": payload.document_id}


@permit_act_route(
    "renounce",
    permit_status_services.permit_renounce,
    "Renúncia a pedido escrito (mototáxi art. 6 §6, art. 2 XX; táxi art. 15 V)",
)
def permit_renounce(payload: DatedText) -> dict[str, Any]:
    return {"on": payload.on, "request": payload.text}


@permit_act_route(
    "reserve",
    permit_status_services.permit_reserve,
    "Colocar em reserva (mototáxi e motofrete, art. 2 XXI)",
)
def permit_reserve(payload: DatedText) -> dict[str, Any]:
    return {"on": payload.on, "reason": payload.text}


@permit_act_route(
    "reserve/end", permit_status_services.permit_reserve_end, "Encerrar a reserva (art. 2 XXI)"
)
def permit_reserve_end(payload: DatedText) -> dict[str, Any]:
    return {"on": payload.on, "reason": payload.text}


class PublicPostIn(Schema):
    #: ``eletivo`` or ``confianca`` (mototaxi art. 2 XXIV).
    post: str
    took_office_on: IsoDate


@permit_act_route(
    "public-post-suspension",
    permit_status_services.permit_public_post_suspend,
    "Suspender enquanto o permissionário exerce cargo eletivo ou de confiança (mototáxi art. 2 XXIV)",
)
def permit_public_post_suspend(payload: PublicPostIn) -> dict[str, Any]:
    return {"post": payload.post, "took_office_on": payload.took_office_on}


class PublicPostEndIn(PublicPostIn):
    left_office_on: IsoDate
    on: IsoDate


@permit_act_route(
    "public-post-suspension/end",
    permit_status_services.permit_public_post_end,
    "Encerrar a suspensão por cargo público após a saída do cargo (mototáxi art. 2 XXIV)",
)
def permit_public_post_end(payload: PublicPostEndIn) -> dict[str, Any]:
    return payload.dict()


class ContractorIn(Schema):
    #: CPF or CNPJ of the employer or contractor, already in the registry.
    document: str
    #: ``employment``, ``continued`` (a contract of continued service) or ``occasional`` (art. 25).
    relation: str
    started_on: IsoDate
    ended_on: IsoDate | None = None


@permit_act_route(
    "contractors",
    permit_status_services.permit_contractor_record,
    "Registrar empregador ou contratante do motofretista (responsável solidário, art. 25)",
)
def permit_contractor_record(payload: ContractorIn) -> dict[str, Any]:
    return payload.dict()

"""The law's catalog of infractions and the autos: lavrar (mototaxi art. 29–30; taxi art. 41
§5) and cancel (Lei 9.784/1999 art. 53)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja import Router, Schema, Status

from outorga.core.apikit import IsoDate
from outorga.core.apipages import paged
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.localtime import day_of
from outorga.law.citations import lei_9784
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.validation import FieldError

from .. import selectors
from ..lawbridge import catalog
from ..models import InfractionNotice
from ..services.annulment import infraction_cancel
from ..services.autos import infraction_issue
from .common import (
    CaseOut,
    FileIn,
    act,
    acting,
    case_now,
    decoded,
    municipality_of,
    named,
    one,
)

router = Router()


class InfractionTypeOut(Schema):
    code: str
    description: str
    severity: str
    citation: str
    seizure: bool


class AutoIn(Schema):
    code: str
    committed_at: dt.datetime
    place: str
    description: str
    agent_registration: str
    permit_id: int | None = None
    law: str | None = None
    #: Without a permit: the service performed (mototaxi, motofrete, taxi…); its law bound on the
    #: day of the fact is the auto's (mototaxi art. 35, taxi art. 16). ``law`` names it instead.
    service: str | None = None
    plate: str = ""
    committed_by: str = "holder"
    auxiliary_id: int | None = None
    offender_name: str = ""
    #: Without a permit: the offender's CPF or CNPJ, found in the registry when registered.
    offender_document: str = ""
    offender_signed: bool = False
    refusal_certified: bool = False
    witnesses: list[str] = []
    lat: float | None = None
    lon: float | None = None
    photos: list[FileIn] = []
    warning: bool = False
    #: Mototaxi art. 31 §3: the irregularity can be remedied.
    warning_fixable: bool = False
    #: Mototaxi art. 31 §3: no risk to safety or continuity; taxi art. 41 §1: no harm to the
    #: passengers' comfort or safety.
    warning_harmless: bool = False
    #: Taxi art. 42: measures applied with the auto — retencao, remocao, afastamento_veiculo,
    #: afastamento_taxista; retention only when fixable on the spot and safe (§1).
    measures: list[str] = []
    measure_fixable_on_site: bool = False
    measure_safe: bool = False


class CancelIn(Schema):
    reason: str


@router.get(
    "/infraction-types",
    summary="Catálogo de infrações da lei (mototáxi art. 38–41; táxi art. 41 §2 e itens do regulamento, art. 43)",
    response=list[InfractionTypeOut],
    operation_id="outorga_enforcement_api_infraction_types",
)
@paged(as_listed="code")  # the law's order of articles
def infraction_types(
    request: HttpRequest,
    law: str | None = None,
    servico: str = "mototaxi",
    on: IsoDate | None = None,
) -> Any:
    """The catalog in force on ``on`` (the date of the fact; today by default) of ``law``, or of
    the law bound that day to ``servico`` (mototáxi by default): mototaxi art. 38–41; taxi art. 41
    §2 plus the regulation's items (art. 43)."""
    day = on or timezone.localdate()
    if law is None:
        try:
            law = law_of(municipality_of(request), servico, day)
        except LawNotBound:
            return []
    if law not in municipality_of(request).laws:
        return []
    return catalog(law, selectors.taxi_items(day), day)


@router.post(
    "/autos",
    summary="Lavrar auto de infração (mototáxi art. 29–30; táxi art. 41 §5)",
    response={201: CaseOut},
    operation_id="outorga_enforcement_api_auto_issue",
)
def auto_issue(request: HttpRequest, payload: AutoIn) -> Any:
    permit = named(Permit, payload.permit_id)
    aux = named(Auxiliary, payload.auxiliary_id)
    auto = infraction_issue(
        **acting(request),
        code=payload.code,
        committed_at=payload.committed_at,
        place=payload.place,
        description=payload.description,
        agent_registration=payload.agent_registration,
        plate=payload.plate,
        permit=permit,
        law=payload.law or _service_law(request, payload.service, payload.committed_at),
        committed_by=payload.committed_by,
        auxiliary=aux,
        offender_name=payload.offender_name,
        offender_document=payload.offender_document,
        offender_signed=payload.offender_signed,
        refusal_certified=payload.refusal_certified,
        witnesses=payload.witnesses,
        gps=(payload.lat, payload.lon)
        if payload.lat is not None and payload.lon is not None
        else None,
        photos=decoded(payload.photos),
        warning=payload.warning,
        warning_fixable=payload.warning_fixable,
        warning_harmless=payload.warning_harmless,
        measures=payload.measures,
        measure_fixable_on_site=payload.measure_fixable_on_site,
        measure_safe=payload.measure_safe,
    )
    return Status(201, case_now(auto=auto))


def _service_law(request: HttpRequest, service: str | None, at: dt.datetime) -> str | None:
    """The law bound to ``service`` on the day of the fact; None when no service is named."""
    if not service:
        return None
    try:
        m = municipality_of(request)
        return law_of(m, service, day_of(m, at))
    except LawNotBound:
        raise FieldError(
            "service", f"nenhuma lei rege o serviço {service} neste município"
        ) from None


@router.post(
    "/autos/{auto_id}/cancel",
    summary="Cancelar auto de infração (autoridade, com motivo; nada é apagado)",
    description=(
        f"Cancelar o auto é anulá-lo de ofício ({lei_9784(53)}; decisão D-17), com o "
        "motivo como fundamento: o processo é anulado, a multa paga é devolvida, os débitos em "
        "aberto são cancelados, o veículo apreendido é liberado sem custos e a defesa ou o "
        f"recurso pendente fica prejudicado ({lei_9784(52)})."
    ),
    response=CaseOut,
    operation_id="outorga_enforcement_api_auto_cancel",
)
def auto_cancel(request: HttpRequest, auto_id: int, payload: CancelIn) -> Any:
    auto = one(InfractionNotice, auto_id)
    act(request, infraction_cancel, payload, auto=auto)
    return case_now(auto=auto)

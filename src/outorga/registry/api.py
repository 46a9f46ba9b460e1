"""Registry API: people, licences, vehicles, documents, permits (django-ninja router)."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Form, Router, Schema, Status
from ninja.files import UploadedFile

from outorga.core.apikit import Error, staff
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality

from .models import Auxiliary, Document, Permit, Person, Service, Tender, Vehicle
from .selectors import document_law, registry_law, shown_document
from .services import auxiliaries as auxiliary_services
from .services import permit_status as permit_status_services
from .services import termos as termo_services
from .services.common import service_law
from .services.documents import MAGIC, MAX_UPLOAD_BYTES, document_read, document_record
from .services.eligibility import person_eligibility
from .services.people import licence_record, person_photo_set, person_register
from .services.permits import permit_grant
from .services.vehicles import vehicle_register
from .validation import FieldError

router = Router(tags=["cadastro"], auth=staff)


def _law_of(service: str | None) -> str:
    m = current_municipality()
    return service_law(m, service) if service else registry_law(m)


# Answers ---------------------------------------------------------------------------------------
# The bodies each route answers, for the OpenAPI at /api/v1/docs. Errors reuse the project's
# ``Error`` (core.apikit); a refusal adds the law's decision (``HANDLERS`` below maps ``Refused``).


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
    as_of: dt.date = Field(..., description="data de referência")
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


class PersonIn(Schema):
    kind: str = "natural"
    document: str
    name: str
    birth_date: dt.date | None = None
    blood_type: str = ""
    address: str = ""
    city: str = ""
    phone: str = ""
    email: str = ""
    is_public_servant: bool = False
    #: Legal person: the CPFs of its titulares and sócios, each already in the registry (taxi
    #: art. 11; art. 23, VIII). Omitted (null) leaves them as they are; [] clears them.
    partners: list[str] | None = None
    service: str = "mototaxi"


class PartnerOut(Schema):
    id: int
    name: str
    document: str = Field(..., description="CPF mascarado conforme o papel de quem consulta")


class PersonOut(Schema):
    id: int
    kind: str = Field(..., description="natural (pessoa física) ou legal (jurídica)")
    document: str = Field(
        ...,
        description="CPF/CNPJ, mascarado conforme o papel de quem consulta (LGPD)",
        examples=["***.982.247-**"],
    )
    name: str = Field(..., examples=["Maria da Silva"])
    birth_date: dt.date | None
    blood_type: str = Field(..., description="tipo sanguíneo (crachá)")
    city: str = Field(..., description="município de residência")
    photo: bool = Field(..., description="tem foto do crachá")
    partners: list[PartnerOut] | None = Field(
        None, description="só pessoa jurídica: titulares e sócios (táxi art. 11; art. 23, VIII)"
    )


class PersonPhotoOut(PersonOut):
    sha256: str = Field(..., description="SHA-256 do arquivo recebido")


def person_out(p: Person, role: str) -> dict[str, Any]:
    out = {
        "id": p.pk,
        "kind": p.kind,
        "document": shown_document(p, role),
        "name": p.name,
        "birth_date": p.birth_date,
        "blood_type": p.blood_type,
        "city": p.city,
        "photo": bool(p.photo),
    }
    if p.kind == Person.Kind.LEGAL:
        out["partners"] = [
            {"id": q.pk, "name": q.name, "document": shown_document(q, role)}
            for q in p.partners.all()
        ]
    return out


@router.get(
    "/people",
    response={200: list[PersonOut], **READ_ERRORS},
    exclude_unset=True,
    summary="Pessoas cadastradas",
)
def people(request: HttpRequest, q: str = "") -> list[dict[str, Any]]:
    role = actor_of(request).role
    qs = Person.objects.all()
    if q:
        qs = qs.filter(name__icontains=q) | qs.filter(document__startswith=q)
    return [person_out(p, role) for p in qs[:200]]


@router.post(
    "/people",
    response={201: PersonOut, **WRITE_ERRORS},
    exclude_unset=True,
    summary="Cadastrar ou atualizar pessoa (CPF/CNPJ validados)",
)
def person_create(request: HttpRequest, payload: PersonIn) -> Any:
    data = payload.dict()
    person = person_register(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=_law_of(data.pop("service")),
        data=data,
    )
    return Status(201, person_out(person, actor_of(request).role))


@router.get(
    "/people/{person_id}",
    response={200: PersonOut, **READ_ERRORS},
    exclude_unset=True,
    summary="Uma pessoa",
)
def person_detail(request: HttpRequest, person_id: int) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    return person_out(person, actor_of(request).role)


@router.post(
    "/people/{person_id}/photo",
    response={200: PersonPhotoOut, **WRITE_ERRORS},
    exclude_unset=True,
    summary="Enviar a foto do crachá (JPEG ou PNG; envio idempotente; mototáxi art. 2, VIII)",
)
def person_photo(
    request: HttpRequest,
    person_id: int,
    file: File[UploadedFile],
    service: Form[str] = "mototaxi",
) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    content = file.read(MAX_UPLOAD_BYTES + 1)
    person = person_photo_set(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=_law_of(service),
        person=person,
        content=content,
    )
    return {
        **person_out(person, actor_of(request).role),
        "sha256": hashlib.sha256(content).hexdigest(),
    }


class LicenceIn(Schema):
    number: str
    categories: str
    first_licence_on: dt.date
    category_a_since: dt.date | None = None
    expires_on: dt.date
    ear: bool = False
    points: int = 0
    points_reported_on: dt.date | None = None
    service: str = "mototaxi"


class LicenceOut(Schema):
    id: int
    categories: str = Field(..., description="categorias da CNH", examples=["AB"])
    expires_on: dt.date = Field(..., description="validade da CNH")
    points: int = Field(..., description="pontos no CTB")
    points_reported_on: dt.date | None = Field(..., description="pontos informados em")


@router.post(
    "/people/{person_id}/licence",
    response={200: LicenceOut, **WRITE_ERRORS},
    summary="Registrar a CNH",
)
def licence(request: HttpRequest, person_id: int, payload: LicenceIn) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    data = payload.dict()
    lic = licence_record(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=_law_of(data.pop("service")),
        person=person,
        data=data,
    )
    return {
        "id": lic.pk,
        "categories": lic.categories,
        "expires_on": lic.expires_on,
        "points": lic.points,
        "points_reported_on": lic.points_reported_on,
    }


@router.get(
    "/people/{person_id}/eligibility",
    response={200: DecisionOut, 403: Error, 404: Error, 422: RefusalOut},
    summary="Elegibilidade, com fundamentos",
)
def eligibility(
    request: HttpRequest, person_id: int, service: str = "mototaxi", on: dt.date | None = None
) -> Any:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    if service not in (Service.MOTOTAXI, Service.MOTOFRETE):
        raise FieldError("service", "use mototaxi ou motofrete")
    return person_eligibility(person, service, on or dt.date.today()).to_json()


class VehicleIn(Schema):
    owner_id: int
    plate: str
    renavam: str
    chassis: str = ""
    kind: str
    make_model: str
    manufacture_year: int
    model_year: int | None = None
    engine_cc: int | None = None
    colour: str
    doors: int | None = None
    seats: int | None = None
    fuel: str = ""
    cng: bool = False
    rental_category: bool = False
    registration_uf: str
    registration_city: str = ""
    invoice_date: dt.date | None = None
    # Motofrete cargo equipment (mototaxi law art. 24 §1, §2, §4, §5).
    cargo_device: str = ""
    cargo_within_contran_limits: bool = False
    cargo_mirrors_unobstructed: bool = False
    sidecar: bool = False
    semi_trailer: bool = False
    retroreflective_strips: bool = False
    service: str = "mototaxi"


class CargoOut(Schema):
    """Equipamento de carga do motofrete (mototáxi art. 24 §1, §2, §4, §5)."""

    device: str | None = Field(..., description="baú, grelha ou alforje; null se não há")
    within_contran_limits: bool
    mirrors_unobstructed: bool
    sidecar: bool
    semi_trailer: bool
    retroreflective_strips: bool


class VehicleOut(Schema):
    id: int
    plate: str = Field(..., description="placa, maiúsculas e sem hífen", examples=["QBG1A23"])
    kind: str = Field(..., description="espécie")
    make_model: str = Field(..., description="marca/modelo")
    manufacture_year: int = Field(..., description="ano de fabricação")
    engine_cc: int | None = Field(..., description="cilindrada (cc)")
    colour: str
    model_year: int | None
    doors: int | None
    seats: int | None
    fuel: str
    cng: bool = Field(..., description="kit GNV")
    invoice_date: dt.date | None = Field(..., description="data da nota fiscal (0 km)")
    cargo: CargoOut
    owner_id: int
    cadastro_number: int | None = Field(
        ..., description="nº no Cadastro Municipal de Taxistas (táxi art. 4, I; art. 20)"
    )


def vehicle_out(v: Vehicle) -> dict[str, Any]:
    return {
        "id": v.pk,
        "plate": v.plate,
        "kind": v.kind,
        "make_model": v.make_model,
        "manufacture_year": v.manufacture_year,
        "engine_cc": v.engine_cc,
        "colour": v.colour,
        "model_year": v.model_year,
        "doors": v.doors,
        "seats": v.seats,
        "fuel": v.fuel,
        "cng": v.cng,
        "invoice_date": v.invoice_date,
        "cargo": {
            "device": v.cargo_device or None,
            "within_contran_limits": v.cargo_within_contran_limits,
            "mirrors_unobstructed": v.cargo_mirrors_unobstructed,
            "sidecar": v.sidecar,
            "semi_trailer": v.semi_trailer,
            "retroreflective_strips": v.retroreflective_strips,
        },
        "owner_id": v.owner_id,
        # Nº no Cadastro Municipal de Taxistas (taxi art. 4 I, 20); null until inscribed.
        "cadastro_number": v.cadastro_number,
    }


@router.get("/vehicles", response={200: list[VehicleOut], **READ_ERRORS}, summary="Veículos")
def vehicles(request: HttpRequest, plate: str = "") -> list[dict[str, Any]]:
    qs = Vehicle.objects.all()
    if plate:
        qs = qs.filter(plate__startswith=plate.upper().replace("-", ""))
    return [vehicle_out(v) for v in qs[:200]]


@router.post(
    "/vehicles",
    response={201: VehicleOut, **WRITE_ERRORS},
    summary="Cadastrar veículo (placa e RENAVAM validados)",
)
def vehicle_create(request: HttpRequest, payload: VehicleIn) -> Any:
    data = payload.dict()
    owner = get_object_or_404(Person.objects.all(), pk=data.pop("owner_id"))
    v = vehicle_register(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=_law_of(data.pop("service")),
        owner=owner,
        data=data,
    )
    return Status(201, vehicle_out(v))


@router.get(
    "/vehicles/{vehicle_id}", response={200: VehicleOut, **READ_ERRORS}, summary="Um veículo"
)
def vehicle_detail(request: HttpRequest, vehicle_id: int) -> dict[str, Any]:
    return vehicle_out(get_object_or_404(Vehicle.objects.all(), pk=vehicle_id))


class DocumentOut(Schema):
    id: int
    type: str = Field(..., description="tipo do documento", examples=["crlv"])
    category: str
    valid_until: dt.date | None = Field(..., description="válido até, conforme a lei")
    sha256: str = Field(..., description="SHA-256 do arquivo; vazio sem arquivo")


@router.post(
    "/documents",
    response={201: DocumentOut, **WRITE_ERRORS},
    summary="Registrar documento (PDF, JPEG ou PNG; envio idempotente)",
)
def document_create(
    request: HttpRequest,
    doc_type: Form[str],
    issued_on: Form[dt.date],
    person_id: Form[int | None] = None,
    vehicle_id: Form[int | None] = None,
    number: Form[str] = "",
    service: Form[str] = "mototaxi",
    category: Form[str] = "",
    file: File[UploadedFile | None] = None,
) -> Any:
    person = get_object_or_404(Person.objects.all(), pk=person_id) if person_id else None
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=vehicle_id) if vehicle_id else None
    content = file.read(MAX_UPLOAD_BYTES + 1) if file is not None else None
    doc = document_record(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=_law_of(service),
        doc_type=doc_type,
        issued_on=issued_on,
        person=person,
        vehicle=vehicle,
        number=number,
        content=content,
        category=category,
    )
    return Status(
        201,
        {
            "id": doc.pk,
            "type": doc.doc_type,
            "category": doc.category,
            "valid_until": doc.valid_until,
            "sha256": doc.sha256,
        },
    )


_FILE = {"type": "string", "format": "binary"}


@router.get(
    "/documents/{doc_id}/file",
    response=READ_ERRORS,
    openapi_extra={
        "responses": {
            200: {
                "description": "O arquivo (PDF, JPEG ou PNG), servido inline",
                "content": {t: {"schema": _FILE} for t in sorted(set(MAGIC.values()))},
            }
        }
    },
    summary="Arquivo do documento (leitura registrada)",
)
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    m = current_municipality()
    data = document_read(actor=actor_of(request), municipality=m, law=document_law(doc, m), doc=doc)
    response = HttpResponse(data, content_type=doc.content_type)
    response["Content-Disposition"] = f'inline; filename="documento-{doc.pk}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


class GrantIn(Schema):
    holder_id: int
    vehicle_id: int
    service: str
    tender_id: int | None = None
    granted_on: dt.date
    term_years: int = 10
    decree: str = ""
    equipment: list[str] = []


class HolderOut(Schema):
    id: int
    name: str
    document: str = Field(..., description="CPF/CNPJ mascarado conforme o papel de quem consulta")


class PermitOut(Schema):
    id: int
    number: str = Field(..., description="número da permissão", examples=["MT-0001"])
    registration_number: int = Field(..., description="número de registro")
    service: str = Field(..., examples=["mototaxi"])
    status: str = Field(..., description="situação da permissão", examples=["active"])
    status_label: str = Field(..., description="situação, em português", examples=["ativa"])
    holder: HolderOut = Field(..., description="permissionário")
    plate: str | None = Field(..., description="placa do veículo vinculado")
    term_start: dt.date = Field(..., description="início do prazo")
    term_end: dt.date = Field(..., description="fim do prazo")
    extensions: int = Field(..., description="prorrogações concedidas (mototáxi art. 6)")
    certificate_valid_until: dt.date | None = Field(
        ..., description="certificado anual válido até (art. 4 §1)"
    )
    suspended_until: dt.date | None = Field(..., description="suspensa até")
    irregular: bool
    irregular_reason: str = Field(..., description="motivo da irregularidade")


class PermitHistoryOut(Schema):
    from_: str = Field(..., alias="from", description="situação anterior")
    to: str = Field(..., description="nova situação")
    effective_on: dt.date = Field(..., description="a partir de")
    reason: str = Field(..., description="motivo")


class PermitDetailOut(PermitOut):
    history: list[PermitHistoryOut] = Field(..., description="histórico de situações")


def permit_out(p: Permit, role: str) -> dict[str, Any]:
    return {
        "id": p.pk,
        "number": p.number,
        "registration_number": p.registration_number,
        "service": p.service,
        "status": p.status,
        "status_label": p.get_status_display(),
        "holder": {
            "id": p.holder_id,
            "name": p.holder.name,
            "document": shown_document(p.holder, role),
        },
        "plate": p.vehicle.plate if p.vehicle else None,
        "term_start": p.term_start,
        "term_end": p.term_end,
        "extensions": p.extensions,
        "certificate_valid_until": p.certificate_valid_until,
        "suspended_until": p.suspended_until,
        "irregular": p.irregular,
        "irregular_reason": p.irregular_reason,
    }


@router.get("/permits", response={200: list[PermitOut], **READ_ERRORS}, summary="Permissões")
def permits(request: HttpRequest, service: str = "", status: str = "") -> list[dict[str, Any]]:
    role = actor_of(request).role
    qs = Permit.objects.select_related("holder", "vehicle")
    if service:
        qs = qs.filter(service=service)
    if status:
        qs = qs.filter(status=status)
    return [permit_out(p, role) for p in qs[:500]]


@router.post(
    "/permits",
    response={201: PermitOut, **WRITE_ERRORS},
    summary="Outorgar permissão (cota, elegibilidade e numeração)",
)
def permit_create(request: HttpRequest, payload: GrantIn) -> Any:
    holder = get_object_or_404(Person.objects.all(), pk=payload.holder_id)
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=payload.vehicle_id)
    tender = (
        get_object_or_404(Tender.objects.all(), pk=payload.tender_id) if payload.tender_id else None
    )
    permit = permit_grant(
        actor=actor_of(request),
        municipality=current_municipality(),
        holder=holder,
        service=payload.service,
        vehicle=vehicle,
        granted_on=payload.granted_on,
        term_years=payload.term_years,
        decree=payload.decree,
        equipment=payload.equipment,
        tender=tender,
    )
    return Status(201, permit_out(permit, actor_of(request).role))


@router.get(
    "/permits/{permit_id}",
    response={200: PermitDetailOut, **READ_ERRORS},
    by_alias=True,
    summary="Uma permissão, com o histórico",
)
def permit_detail(request: HttpRequest, permit_id: int) -> dict[str, Any]:
    p = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    out = permit_out(p, actor_of(request).role)
    out["history"] = [
        {
            "from": h.from_status,
            "to": h.to_status,
            "effective_on": h.effective_on,
            "reason": h.reason,
        }
        for h in p.history.all()
    ]
    return out


class SuspendIn(Schema):
    days: int
    start: dt.date
    reason: str


@router.post(
    "/permits/{permit_id}/suspend",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Suspender (autoridade, art. 34)",
)
def permit_suspend(request: HttpRequest, permit_id: int, payload: SuspendIn) -> dict[str, Any]:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = permit_status_services.permit_suspend(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        days=payload.days,
        start=payload.start,
        reason=payload.reason,
    )
    return permit_out(p, actor_of(request).role)


class DatedText(Schema):
    on: dt.date
    text: str


class ReinstateIn(DatedText):
    #: Mototaxi art. 32 §2: the recorded document that proves the irregularities were remedied.
    document_id: int | None = None


@router.post(
    "/permits/{permit_id}/reinstate",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Reativar após suspensão (art. 32 §2)",
)
def permit_reinstate(request: HttpRequest, permit_id: int, payload: ReinstateIn) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = permit_status_services.permit_reinstate(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        on=payload.on,
        proof=payload.text,
        document=payload.document_id,
    )
    return permit_out(p, actor_of(request).role)


@router.post(
    "/permits/{permit_id}/renounce",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Renúncia a pedido escrito (mototáxi art. 6 §6, art. 2 XX; táxi art. 15 V)",
)
def permit_renounce(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = permit_status_services.permit_renounce(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        on=payload.on,
        request=payload.text,
    )
    return permit_out(p, actor_of(request).role)


@router.post(
    "/permits/{permit_id}/reserve",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Colocar em reserva (mototáxi e motofrete, art. 2 XXI)",
)
def permit_reserve(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = permit_status_services.permit_reserve(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        on=payload.on,
        reason=payload.text,
    )
    return permit_out(p, actor_of(request).role)


@router.post(
    "/permits/{permit_id}/reserve/end",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Encerrar a reserva (art. 2 XXI)",
)
def permit_reserve_end(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = permit_status_services.permit_reserve_end(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        on=payload.on,
        reason=payload.text,
    )
    return permit_out(p, actor_of(request).role)


class OnIn(Schema):
    on: dt.date


@router.post(
    "/permits/{permit_id}/renew",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Renovar o certificado anual (art. 4 §1)",
)
def permit_renew(request: HttpRequest, permit_id: int, payload: OnIn) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = termo_services.permit_renew(
        actor=actor_of(request), municipality=current_municipality(), permit=p, on=payload.on
    )
    return permit_out(p, actor_of(request).role)


class ExtendIn(Schema):
    on: dt.date
    act_reference: str = ""


@router.post(
    "/permits/{permit_id}/extend",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Prorrogar o prazo por um período, a critério do Executivo (mototáxi art. 6)",
)
def permit_extend(request: HttpRequest, permit_id: int, payload: ExtendIn) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    p = termo_services.permit_extend(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        on=payload.on,
        act_reference=payload.act_reference,
    )
    return permit_out(p, actor_of(request).role)


class AuxIn(Schema):
    person_id: int
    on: dt.date
    work_schedule: str = ""
    indication: str = Field(
        "",
        description="mototáxi e motofrete: protocolo ou documento da indicação por escrito do "
        "permissionário (art. 14, §1); sem ela, a lei recusa",
    )


class AuxiliaryOut(Schema):
    id: int
    credential_valid_until: dt.date | None = Field(
        ..., description="credencial válida até (mototáxi art. 14 §2; táxi art. 21)"
    )


class AuxiliaryStatusOut(Schema):
    id: int
    status: str = Field(..., description="situação do auxiliar", examples=["removed"])


@router.post(
    "/permits/{permit_id}/auxiliaries",
    response={201: AuxiliaryOut, **WRITE_ERRORS},
    summary="Indicar condutor auxiliar (art. 14)",
)
def auxiliary_add(request: HttpRequest, permit_id: int, payload: AuxIn) -> Any:
    p = get_object_or_404(Permit.objects.all(), pk=permit_id)
    person = get_object_or_404(Person.objects.all(), pk=payload.person_id)
    aux = auxiliary_services.auxiliary_add(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=p,
        person=person,
        on=payload.on,
        work_schedule=payload.work_schedule,
        indication=payload.indication,
    )
    return Status(201, {"id": aux.pk, "credential_valid_until": aux.credential_valid_until})


class AuxRenewIn(Schema):
    on: dt.date
    work_schedule: str = ""
    #: Taxi only: declarations shown at the counter and the inspection's findings (art. 22).
    declarations: list[str] = []
    checks: dict[str, Any] = {}


@router.post(
    "/auxiliaries/{aux_id}/renew",
    response={200: AuxiliaryOut, **WRITE_ERRORS},
    summary="Renovar a credencial do auxiliar (mototáxi art. 14 §2; táxi art. 21)",
)
def auxiliary_renew(request: HttpRequest, aux_id: int, payload: AuxRenewIn) -> Any:
    aux = get_object_or_404(Auxiliary.objects.all(), pk=aux_id)
    aux = auxiliary_services.auxiliary_renew(
        actor=actor_of(request),
        municipality=current_municipality(),
        auxiliary=aux,
        on=payload.on,
        declarations=payload.declarations,
        checks=payload.checks,
        work_schedule=payload.work_schedule,
    )
    return {"id": aux.pk, "credential_valid_until": aux.credential_valid_until}


@router.post(
    "/auxiliaries/{aux_id}/remove",
    response={200: AuxiliaryStatusOut, **WRITE_ERRORS},
    summary="Desligar condutor auxiliar",
)
def auxiliary_remove(request: HttpRequest, aux_id: int, payload: DatedText) -> Any:
    aux = get_object_or_404(Auxiliary.objects.all(), pk=aux_id)
    aux = auxiliary_services.auxiliary_remove(
        actor=actor_of(request),
        municipality=current_municipality(),
        auxiliary=aux,
        on=payload.on,
        reason=payload.text,
    )
    return {"id": aux.pk, "status": aux.status}

"""Routes for persons (natural and legal, with their partners), their driving licence, the badge
photo and their eligibility (/registry/people)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Field, File, Form, Query, Schema, Status
from ninja.files import UploadedFile

from outorga.core.apikit import Error, IsoDate, acting
from outorga.core.apipages import Rows, paged
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import read_upload
from outorga.law.citations import lgpd

from ..models import Person, Service
from ..selectors import people_search, sees_private_data, shown_document
from ..services.eligibility import person_eligibility
from ..services.people import (
    PERSON_FIELDS,
    licence_record,
    person_photo_set,
    person_register,
    person_update,
)
from ..validation import FieldError
from .common import (
    READ_ERRORS,
    WRITE_ERRORS,
    DecisionOut,
    RefusalOut,
    correction,
    law_of_service,
)
from .router import router


class PersonIn(Schema):
    kind: str = "natural"
    document: str
    name: str
    birth_date: IsoDate | None = None
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
    birth_date: IsoDate | None
    blood_type: str | None = Field(
        ...,
        description="tipo sanguíneo e Rh (crachá, mototáxi art. 2, VIII); dado de saúde "
        f"({lgpd(11)}): null para quem não cadastra a pessoa",
    )
    city: str = Field(..., description="município de residência")
    photo: bool = Field(..., description="tem foto do crachá")
    partners: list[PartnerOut] | None = Field(
        None, description="só pessoa jurídica: titulares e sócios (táxi art. 11; art. 23, VIII)"
    )


class PersonPhotoOut(PersonOut):
    sha256: str = Field(..., description="SHA-256 do arquivo recebido")


def person_out(p: Person, role: str, *, health: bool) -> dict[str, Any]:
    """The person as ``role`` may read it: the CPF/CNPJ masked or whole, the blood type only with
    ``health`` (:func:`~outorga.registry.selectors.sees_private_data`)."""
    out = {
        "id": p.pk,
        "kind": p.kind,
        "document": shown_document(p, role),
        "name": p.name,
        "birth_date": p.birth_date,
        "blood_type": p.blood_type if health else None,
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
    operation_id="outorga_registry_api_people",
)
@paged("name")
def people(
    request: HttpRequest,
    q: str = Query(
        "",
        description="nome, ou CPF/CNPJ com ou sem pontuação; para buscar por CPF, prefira POST "
        "/people/search: um endereço fica nos registros de acesso dos proxies (LGPD)",
    ),
) -> Rows:
    return _people_found(request, q)


class PeopleSearchIn(Schema):
    q: str = Field(
        "",
        max_length=200,
        description="nome, ou CPF/CNPJ com ou sem pontuação (o mesmo `q` de GET /people, no "
        "corpo: fora do endereço e dos registros de acesso dos proxies — LGPD)",
        examples=["529.982.247-25"],
    )


@router.post(
    "/people/search",
    response={200: list[PersonOut], **READ_ERRORS, 422: RefusalOut},
    exclude_unset=True,
    summary="Pessoas cadastradas: busca com o CPF no corpo",
    operation_id="outorga_registry_api_people_search",
)
@paged("name")
def people_search_posted(request: HttpRequest, search: PeopleSearchIn) -> Rows:
    """The rows of ``GET /people?q=``, for a search sent in the body: a CPF in an address is
    written by every proxy on the way, whose logs the product cannot redact (ADR 0052)."""
    return _people_found(request, search.q)


def _people_found(request: HttpRequest, q: str) -> Rows:
    role = actor_of(request).role
    # The screens' search: a CPF typed finds no one for a role that sees it masked.
    qs = people_search(Person.objects.all(), q, role)
    health = sees_private_data(role, current_municipality())
    return Rows(qs, lambda p: person_out(p, role, health=health))


def _person_seen(request: HttpRequest, person: Person) -> dict[str, Any]:
    role = actor_of(request).role
    health = sees_private_data(role, current_municipality(), person_id=person.pk)
    return person_out(person, role, health=health)


@router.post(
    "/people",
    response={201: PersonOut, **WRITE_ERRORS},
    exclude_unset=True,
    summary="Cadastrar pessoa (CPF/CNPJ validados; já cadastrado: 409 com o id do cadastro)",
    operation_id="outorga_registry_api_person_create",
)
def person_create(request: HttpRequest, payload: PersonIn) -> Any:
    data = payload.dict()
    person = person_register(
        **acting(request),
        law=law_of_service(data.pop("service")),
        data=data,
    )
    return Status(201, _person_seen(request, person))


class PersonPatch(Schema):
    """A correction of the entry: only the fields sent change; ``reason`` is kept in the act."""

    reason: str = Field(..., description="motivo da alteração (fica no ato)", max_length=300)
    document: str | None = None
    name: str | None = None
    birth_date: IsoDate | None = None
    blood_type: str | None = None
    address: str | None = None
    city: str | None = None
    phone: str | None = None
    email: str | None = None
    is_public_servant: bool | None = None
    partners: list[str] | None = None


@router.patch(
    "/people/{person_id}",
    response={200: PersonOut, **WRITE_ERRORS},
    exclude_unset=True,
    summary="Corrigir o cadastro de uma pessoa (ato com antes, depois e motivo)",
    operation_id="outorga_registry_api_person_update",
)
def person_update_route(request: HttpRequest, person_id: int, payload: PersonPatch) -> Any:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    person = person_update(
        person=person,
        **correction(request, person, PERSON_FIELDS, payload, person_id=person.pk),
    )
    return _person_seen(request, person)


@router.get(
    "/people/{person_id}",
    response={200: PersonOut, **READ_ERRORS},
    exclude_unset=True,
    summary="Uma pessoa",
    operation_id="outorga_registry_api_person_detail",
)
def person_detail(request: HttpRequest, person_id: int) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    return _person_seen(request, person)


@router.post(
    "/people/{person_id}/photo",
    response={200: PersonPhotoOut, **WRITE_ERRORS},
    exclude_unset=True,
    summary="Enviar a foto do crachá (JPEG ou PNG; envio idempotente; mototáxi art. 2, VIII)",
    operation_id="outorga_registry_api_person_photo",
)
def person_photo(
    request: HttpRequest,
    person_id: int,
    file: File[UploadedFile],
    service: Form[str] = "mototaxi",
) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    content = read_upload(file, "photo")
    person = person_photo_set(
        **acting(request),
        law=law_of_service(service),
        person=person,
        content=content,
    )
    return {
        **_person_seen(request, person),
        "sha256": hashlib.sha256(content).hexdigest(),
    }


class LicenceIn(Schema):
    number: str
    categories: str
    first_licence_on: IsoDate
    category_a_since: IsoDate | None = None
    expires_on: IsoDate
    ear: bool = False
    points: int = 0
    points_reported_on: IsoDate | None = None
    service: str = "mototaxi"


class LicenceOut(Schema):
    id: int
    categories: str = Field(..., description="categorias da CNH", examples=["AB"])
    expires_on: IsoDate = Field(..., description="validade da CNH")
    points: int = Field(..., description="pontos no CTB")
    points_reported_on: IsoDate | None = Field(..., description="pontos informados em")


@router.post(
    "/people/{person_id}/licence",
    response={200: LicenceOut, **WRITE_ERRORS},
    summary="Registrar a CNH",
    operation_id="outorga_registry_api_licence",
)
def licence(request: HttpRequest, person_id: int, payload: LicenceIn) -> dict[str, Any]:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    data = payload.dict()
    lic = licence_record(
        **acting(request),
        law=law_of_service(data.pop("service")),
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
    operation_id="outorga_registry_api_eligibility",
)
def eligibility(
    request: HttpRequest, person_id: int, service: str = "mototaxi", on: IsoDate | None = None
) -> Any:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    if service not in (Service.MOTOTAXI, Service.MOTOFRETE):
        raise FieldError("service", "use mototaxi ou motofrete")
    # The municipality's day (its clock is the request's, ``TenantMiddleware``), not the system's.
    return person_eligibility(person, service, on or timezone.localdate()).to_json()

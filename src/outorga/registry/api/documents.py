"""Routes for documents (/registry/documents): recording one with its file, and serving the file
(the read is itself an act)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Form, Schema, Status
from ninja.files import UploadedFile

from outorga.core.apikit import IsoDate, acting
from outorga.core.apipages import paged
from outorga.core.uploads import download_response, read_upload
from outorga.law.citations import lgpd_many

from ..models import Document, Person, Vehicle
from ..selectors import document_law, note_as_seen
from ..services.documents import (
    MAGIC,
    document_correct,
    document_filename,
    document_read,
    document_record,
    document_versions,
)
from .common import READ_ERRORS, WRITE_ERRORS, law_of_service
from .router import router


class DocumentOut(Schema):
    id: int
    type: str = Field(
        ..., validation_alias="doc_type", description="tipo do documento", examples=["crlv"]
    )
    category: str
    valid_until: IsoDate | None = Field(
        ...,
        description="válido até, conforme a lei (a apólice de seguro: o fim da vigência; o CRLV "
        "do táxi e do mototáxi/motofrete: a validade do licenciamento)",
    )
    coverage_cents: int | None = Field(
        None,
        description="apólice de seguro: valor da cobertura, em centavos (mototáxi art. 13, XXI)",
    )
    sha256: str = Field(..., description="SHA-256 do arquivo; vazio sem arquivo")


@router.post(
    "/documents",
    response={201: DocumentOut, **WRITE_ERRORS},
    summary="Registrar documento (PDF, JPEG ou PNG; envio idempotente)",
    description=(
        "A apólice de seguro do mototáxi exige `valid_until`, o fim da vigência impresso nela "
        "(art. 13, XXI e art. 19, §1º), e aceita `coverage_cents`, o valor da cobertura; sem o "
        "fim da vigência, **422** no campo. O CRLV exige `valid_until`, a validade do "
        "licenciamento impressa nele (táxi: art. 24, I e art. 28, I; mototáxi e motofrete: "
        "art. 5, §1º, I), e não aceita `coverage_cents`. "
        "Nenhum outro documento aceita os dois campos."
    ),
    operation_id="outorga_registry_api_document_create",
)
def document_create(
    request: HttpRequest,
    doc_type: Form[str],
    issued_on: Form[IsoDate],
    person_id: Form[int | None] = None,
    vehicle_id: Form[int | None] = None,
    number: Form[str] = "",
    service: Form[str] = "mototaxi",
    category: Form[str] = "",
    valid_until: Form[IsoDate | None] = None,
    coverage_cents: Form[int | None] = None,
    file: File[UploadedFile | None] = None,
) -> Any:
    person = get_object_or_404(Person.objects.all(), pk=person_id) if person_id else None
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=vehicle_id) if vehicle_id else None
    content = read_upload(file, "document") if file is not None else None
    doc = document_record(
        **acting(request),
        law=law_of_service(service),
        doc_type=doc_type,
        issued_on=issued_on,
        person=person,
        vehicle=vehicle,
        number=number,
        content=content,
        category=category,
        valid_until=valid_until,
        coverage_cents=coverage_cents,
    )
    return Status(201, doc)


class DocumentVersionOut(DocumentOut):
    number: str
    issued_on: IsoDate
    current: bool = Field(..., description="a versão em vigor (a lei só lê esta)")
    supersedes: int | None = Field(
        ..., validation_alias="supersedes_id", description="id da versão que esta corrigiu"
    )
    superseded_at: dt.datetime | None
    correction_reason: str = Field(
        ...,
        description="motivo da correção; vazio na 1ª versão. De atestado médico ou certidão "
        "criminal, só quem mantém o cadastro o lê; os demais recebem 'Motivo reservado…' "
        f"({lgpd_many((6, None, 'III'), 11)})",
    )

    @staticmethod
    def resolve_current(doc: Document) -> bool:
        return doc.superseded_at is None

    @staticmethod
    def resolve_correction_reason(doc: Document, context: dict[str, Any]) -> str:
        """The correction's reason as the caller reads it (``note_as_seen``); the law the document
        is kept under is looked up only for a reason it may reserve."""
        if not doc.correction_reason or doc.doc_type not in Document.SENSITIVE:
            return doc.correction_reason
        here = acting(context["request"])
        m = here["municipality"]
        return note_as_seen(
            doc.correction_reason,
            role=here["actor"].role,
            doc_type=doc.doc_type,
            law=document_law(doc, m),
            municipality=m,
        )


@router.post(
    "/documents/{doc_id}/corrections",
    response={201: DocumentVersionOut, **WRITE_ERRORS},
    summary="Corrigir um documento: nova versão (o arquivo é opcional; sem ele, mantém o atual)",
    operation_id="outorga_registry_api_document_correct",
)
def document_correct_route(
    request: HttpRequest,
    doc_id: int,
    reason: Form[str],
    issued_on: Form[IsoDate],
    number: Form[str] = "",
    category: Form[str] = "",
    valid_until: Form[IsoDate | None] = None,
    coverage_cents: Form[int | None] = None,
    file: File[UploadedFile | None] = None,
) -> Any:
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    here = acting(request)
    m = here["municipality"]
    new = document_correct(
        **here,
        law=document_law(doc, m),
        doc=doc,
        reason=reason,
        issued_on=issued_on,
        number=number,
        category=category,
        content=read_upload(file, "document") if file is not None else None,
        valid_until=valid_until,
        coverage_cents=coverage_cents,
    )
    return Status(201, new)


@router.get(
    "/documents/{doc_id}/versions",
    response={200: list[DocumentVersionOut], **READ_ERRORS},
    summary="Versões de um documento, a atual primeiro",
    operation_id="outorga_registry_api_document_versions",
)
@paged(as_listed="id")  # the chain of corrections, the current version first
def document_versions_route(request: HttpRequest, doc_id: int) -> list[Document]:
    return document_versions(get_object_or_404(Document.objects.all(), pk=doc_id))


_FILE = {"type": "string", "format": "binary"}


@router.get(
    "/documents/{doc_id}/file",
    response=READ_ERRORS,
    openapi_extra={
        "responses": {
            200: {
                "description": "O arquivo (PDF, JPEG ou PNG), para baixar (attachment)",
                "content": {t: {"schema": _FILE} for t in sorted(set(MAGIC.values()))},
            }
        }
    },
    summary="Arquivo do documento (leitura registrada)",
    operation_id="outorga_registry_api_document_file",
)
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    here = acting(request)
    m = here["municipality"]
    data = document_read(**here, law=document_law(doc, m), doc=doc)
    return download_response(data, doc.content_type, document_filename(doc))

"""Routes for documents (/registry/documents): recording one with its file, and serving the file
(the read is itself an act)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Form, Schema, Status
from ninja.files import UploadedFile

from outorga.core.apikit import acting
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality

from ..models import Document, Person, Vehicle
from ..selectors import document_law
from ..services.documents import MAGIC, MAX_UPLOAD_BYTES, document_read, document_record
from .common import READ_ERRORS, WRITE_ERRORS, law_of_service
from .router import router


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
    operation_id="outorga_registry_api_document_create",
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
        **acting(request),
        law=law_of_service(service),
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
    operation_id="outorga_registry_api_document_file",
)
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    m = current_municipality()
    data = document_read(actor=actor_of(request), municipality=m, law=document_law(doc, m), doc=doc)
    response = HttpResponse(data, content_type=doc.content_type)
    response["Content-Disposition"] = f'inline; filename="documento-{doc.pk}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response

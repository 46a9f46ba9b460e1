"""Files joined to the platform's defence and appeals through the API (ADR 0043): the same
service as the portal's page (``platform_attachment_add``). A file sent again to the same filing
answers 200 with the one already there (an upload retried after a lost answer adds nothing)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Router, Schema, Status
from ninja.files import UploadedFile

from outorga.core.apikit import Error
from outorga.core.uploads import MAGIC, max_bytes
from outorga.platforms.services.attachments import (
    case_filing,
    platform_attachment_add,
)
from outorga.platforms.services.common import field_error
from outorga.platforms.tokens import platform_token

from ..models import Platform, PlatformAttachment, PlatformCase
from .common import own, own_one, penalties_of_the_platform, platform_actor, token_of

router = Router()

_FILE = {"type": "string", "format": "binary"}


class AttachmentOut(Schema):
    id: int
    filing: str = Field(..., description="defence, case_appeal ou penalty_appeal")
    name: str
    content_type: str
    size: int
    sha256: str
    uploaded_at: dt.datetime


_UPLOAD_ANSWERS: dict[int | str, Any] = {
    200: AttachmentOut,
    201: AttachmentOut,
    409: Error,
    413: Error,
    422: Error,
}
_UPLOAD_NOTE = (
    "Multipart com o arquivo em `file`: PDF, JPEG ou PNG, julgado pelo conteúdo, até o limite de "
    "documentos. **201**: juntado; **200**: o mesmo arquivo já estava juntado (nada se repete); "
    "**409**: a peça já foi decidida (ou o recurso ainda não foi apresentado); **413**: arquivo "
    "grande demais; **422**: tipo não aceito."
)


def _content(file: UploadedFile | None) -> tuple[str, bytes]:
    if file is None:
        raise field_error("file", "Envie o arquivo no campo file.")
    # One byte past the limit is enough to refuse it by its size.
    return file.name or "arquivo", file.read(max_bytes("document") + 1)


def _added(request: HttpRequest, filing: str, file: UploadedFile | None, **target: Any) -> Any:
    token = token_of(request)
    platform: Platform = token.platform
    name, content = _content(file)
    a, new = platform_attachment_add(
        actor=platform_actor(request),
        municipality=token.municipality,
        platform=platform,
        filing=filing,
        name=name,
        content=content,
        **target,
    )
    return Status(201 if new else 200, a)


@router.post(
    "/platform/cases/{case_id}/attachments",
    auth=platform_token("defence"),
    response=_UPLOAD_ANSWERS,
    summary="Juntar arquivo à defesa ou ao recurso do processo (art. 26, parágrafo único)",
    description="Processo aberto: junta à defesa; decidido, com recurso pendente: ao recurso. "
    + _UPLOAD_NOTE,
    operation_id="outorga_platforms_api_platform_case_attachment",
)
def platform_case_attachment(
    request: HttpRequest, case_id: int, file: File[UploadedFile | None] = None
) -> Any:
    case = own_one(request, PlatformCase.objects.all(), case_id)
    filing = case_filing(case)
    return _added(request, filing, file, case=case)


@router.post(
    "/platform/penalties/{penalty_id}/attachments",
    auth=platform_token("defence"),
    response=_UPLOAD_ANSWERS,
    summary="Juntar arquivo ao recurso contra advertência ou multa (art. 26, parágrafo único)",
    description="Com o recurso apresentado e ainda não julgado. " + _UPLOAD_NOTE,
    operation_id="outorga_platforms_api_platform_penalty_attachment",
)
def platform_penalty_attachment(
    request: HttpRequest, penalty_id: int, file: File[UploadedFile | None] = None
) -> Any:
    x = own_one(request, penalties_of_the_platform(), penalty_id)
    return _added(request, PlatformAttachment.Filing.PENALTY_APPEAL, file, penalty=x)


@router.get(
    "/platform/attachments/{attachment_id}",
    auth=platform_token("read"),
    openapi_extra={
        "responses": {
            200: {
                "description": "O arquivo juntado (PDF, JPEG ou PNG), para baixar (attachment)",
                "content": {t: {"schema": _FILE} for t in sorted(set(MAGIC.values()))},
            }
        }
    },
    summary="Arquivo juntado pela própria plataforma",
    operation_id="outorga_platforms_api_platform_attachment_file",
)
def platform_attachment_file(request: HttpRequest, attachment_id: int) -> HttpResponse:
    a = get_object_or_404(own(request, PlatformAttachment.objects.all()), pk=attachment_id)
    return a.download()

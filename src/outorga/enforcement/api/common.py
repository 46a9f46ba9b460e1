"""What every enforcement route shares: who acts and where, the case as the caller's role may
read it, the rows of this municipality the path or the body names, a step called with the body's
fields, and a defence or appeal filed."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Field, Schema, Status
from pydantic import field_validator

from outorga.core.access import NOT_STAFF
from outorga.core.apikit import IsoDate
from outorga.core.requests import actor_of, user_of
from outorga.law.competence import is_allowed
from outorga.registry.selectors import document_as_seen

from .. import selectors
from ..lawbridge import judgment_extension_cited
from ..models import Case, Filing
from ..services.filings import filing_file
from ..services.reconsideration import appeal_with as appeal_stage


def municipality_of(request: HttpRequest) -> Any:
    m = user_of(request).municipality
    assert m is not None
    return m


def acting(request: HttpRequest) -> dict[str, Any]:
    """Who acts and where: the ``actor`` and ``municipality`` every service is called with."""
    return {"actor": actor_of(request), "municipality": municipality_of(request)}


class FileIn(Schema):
    name: str
    content_base64: str = Field(..., description="o conteúdo do arquivo em base64 (RFC 4648)")

    @field_validator("content_base64")
    @classmethod
    def _is_base64(cls, value: str) -> str:
        try:
            base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("base64 inválido (RFC 4648: A–Z, a–z, 0–9, + e /, com =)") from None
        return value


class NoticeOut(Schema):
    id: int
    purpose: str
    form: str
    notified_on: IsoDate | None
    deadline: IsoDate | None
    unlocated_on: IsoDate | None = None
    unlocated_how: str = ""


class FilingOut(Schema):
    id: int
    stage: str
    channel: str
    filed_on: IsoDate
    deadline: IsoDate
    result: str
    reasoning: str
    #: Lei 9.784/1999 art. 56 §1 (where the case's law has it): the last day the authority that
    #: decided may reconsider, the day it sent the appeal up, and where the appeal now stands —
    #: ``reconsideration`` (with that authority), ``superior`` (to be judged by the superior one).
    reconsider_until: IsoDate | None = None
    forwarded_on: IsoDate | None = None
    appeal_with: str = ""
    #: Lei 9.784/1999 art. 59 §1 (where the case's law sets the superior authority a period to
    #: judge the appeal; D-17, ADR 0084): its last day, counted from the receipt. Null where the
    #: law sets none (mototaxi art. 42–44).
    judge_until: IsoDate | None = None
    #: Lei 9.784/1999 art. 59 §2: the day the authority that judges the appeal extended that
    #: period (``judge_until`` is then the extended day), null where it was not; and the explicit
    #: justification of the extension, the staff's: null to the holder (as on the portal's page).
    judgment_extended_on: IsoDate | None = Field(
        None, description=f"prazo para julgar prorrogado em ({judgment_extension_cited()})"
    )
    judgment_extension_justification: str | None = Field(
        None,
        description=(
            "justificativa da prorrogação do prazo para julgar, só aos servidores "
            f"({judgment_extension_cited()})"
        ),
    )

    @staticmethod
    def resolve_appeal_with(obj: Filing) -> str:
        return appeal_stage(obj, timezone.localdate())

    @staticmethod
    def resolve_judgment_extension_justification(obj: Filing, context: Any) -> str | None:
        if user_of(context["request"]).role in NOT_STAFF:
            return None
        return (obj.judgment_extension or {}).get("justification")


# The case as the caller's role may read it: the person's CPF/CNPJ, and the one written on an auto
# without a permit, as the registry shows a document to that role (``document_as_seen``).
class CaseOut(Schema):
    id: int
    number: str
    kind: str
    law: str
    stage: str
    waiting: str
    deadline: IsoDate | None
    revelia: bool
    final_on: IsoDate | None
    outcome: str
    auto: dict[str, Any] | None
    #: The CPF or CNPJ of whom the case is against: the holder, or the offender without a permit.
    person: str | None
    notices: list[NoticeOut]
    filings: list[FilingOut]
    #: Whether the caller's role may reconsider the appeal now (Lei 9.784/1999 art. 56 §1).
    can_reconsider: bool = False

    @staticmethod
    def resolve_auto(case: Case, context: dict[str, Any]) -> dict[str, Any] | None:
        auto = case.auto
        if auto is None:
            return None
        role = actor_of(context["request"]).role
        return {
            "id": auto.pk,
            "number": auto.number,
            "code": auto.infraction_code,
            "provision": auto.provision,
            "severity": auto.severity,
            "plate": auto.plate,
            "permit": auto.permit_number,
            "committed_at": auto.committed_at,
            "committed_by": auto.committed_by,
            "status": auto.status,
            "decision": auto.decision,
            "penalty": auto.penalty,
            "offender": auto.offender_name,
            "offender_registration": selectors.offender_registration_as_seen(auto, role),
            "measures": auto.measures,
            "seizure": auto.seizure,
        }

    @staticmethod
    def resolve_person(case: Case, context: dict[str, Any]) -> str | None:
        person = case.person
        if person is None:
            return None
        return document_as_seen(person.document, actor_of(context["request"]).role)

    @staticmethod
    def resolve_notices(case: Case) -> list[Any]:
        return list(case.notices.order_by("id"))

    @staticmethod
    def resolve_filings(case: Case) -> list[Any]:
        return list(case.filings.order_by("id"))

    @staticmethod
    def resolve_can_reconsider(case: Case, context: dict[str, Any]) -> bool:
        role = actor_of(context["request"]).role
        return any(
            appeal_stage(f, timezone.localdate()) == "reconsideration"
            for f in case.filings.filter(result=Filing.Result.PENDING)
        ) and is_allowed(role, "appeal.reconsider", case.law, timezone.localdate())


class FilingIn(Schema):
    text: str
    filed_on: IsoDate | None = None
    attachments: list[FileIn] = []


def decoded(files: list[FileIn]) -> list[tuple[str, bytes]]:
    return [(f.name, base64.b64decode(f.content_base64, validate=True)) for f in files]


def today() -> dt.date:
    return timezone.localdate()


def fields_of(payload: Schema) -> dict[str, Any]:
    """The body's fields as the service's keywords, named alike; a day left out (``on``) is
    today."""
    fields = payload.model_dump()
    if "on" in fields:
        fields["on"] = fields["on"] or today()
    return fields


def one(model: Any, pk: int) -> Any:
    """The row of ``model`` with this id, of this municipality (404 otherwise, whatever its id)."""
    return get_object_or_404(model.objects.all(), pk=pk)


def named(model: Any, pk: int | None) -> Any:
    """The row of ``model`` an optional id of the body names (404 when it is not this
    municipality's), or None when none is named."""
    return one(model, pk) if pk else None


def case_now(**which: Any) -> Case:
    """The case as the step left it, answered as the caller's role may read it (:class:`CaseOut`)."""
    return Case.objects.get(**which)


def act(request: HttpRequest, service: Callable[..., Any], payload: Schema, **row: Any) -> Any:
    """``service`` called by the servant asking here on the ``row`` it acts on (its keyword), with
    the body's fields (:func:`fields_of`); its answer is the route's."""
    return service(**acting(request), **row, **fields_of(payload))


def case_step(
    request: HttpRequest, case_id: int, service: Callable[..., Any], payload: Schema
) -> Case:
    """A step on the case (this municipality's; 404 otherwise) by the servant asking here, with
    the body's fields (:func:`fields_of`), answered with the case as the step left it."""
    case = one(Case, case_id)
    act(request, service, payload, case=case)
    return case_now(pk=case.pk)


def filed(
    request: HttpRequest, case: Case, payload: FilingIn, filed_on: dt.date, channel: str
) -> Any:
    """File a defence or appeal (on paper or through the portal) and answer 201 with it."""
    return Status(
        201,
        filing_file(
            **acting(request),
            case=case,
            text=payload.text,
            filed_on=filed_on,
            attachments=decoded(payload.attachments),
            channel=channel,
        ),
    )

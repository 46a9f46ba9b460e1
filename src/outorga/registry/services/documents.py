"""Documents: recording a document (its file checked and de-duplicated, its validity asked to the
law, the permits it counts for refreshed) and serving its file.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law import questions
from outorga.law.interfaces import answers
from outorga.law.questions import find

from ..facts import ACTIVE_STATUSES
from ..models import Document, Permit, Person, Vehicle
from ..sweep import permit_regularity_refresh
from ..validation import FieldError

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


MAGIC = {
    b"%PDF-": "application/pdf",
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
}


#: Documents whose validity the mototaxi law fixes (document_validity question).
MOTOTAXI_VALIDITY = {
    Document.Type.MEDICAL: "atestado_medico",
    Document.Type.INSPECTION: "laudo_inspecao",
}


def sniff(content: bytes) -> str:
    """Content type by magic bytes; refuses anything but PDF, PNG and JPEG."""
    for magic, ctype in MAGIC.items():
        if content.startswith(magic):
            return ctype
    raise FieldError("arquivo", "tipo de arquivo não aceito: envie PDF, JPEG ou PNG")


def document_record(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    doc_type: str,
    issued_on: dt.date,
    person: Person | None = None,
    vehicle: Vehicle | None = None,
    number: str = "",
    content: bytes | None = None,
    filename: str = "",
    presented_on: dt.date | None = None,
    category: str = "",
) -> Document:
    """Record a document; an uploaded file is checked and de-duplicated by its SHA-256, so sending
    the same file twice for the same person or vehicle and the same type returns the same document
    (idempotent upload). ``category`` is the one printed on it (the mandatory insurance's, taxi
    art. 22 XI).

    In the same transaction, every live permit of the person (as holder) or of the vehicle has its
    regularity refreshed on the presentation date: a permit the daily sweep marked irregular for
    an expired document is regular again at once, with its act (``registry.sweep``)."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if doc_type not in Document.Type.values:
        raise FieldError("tipo", "tipo de documento desconhecido")
    if person is None and vehicle is None:
        raise FieldError("titular", "informe a pessoa ou o veículo do documento")
    category = category.strip().upper()
    if len(category) > 10:
        raise FieldError("categoria", "categoria com no máximo 10 caracteres")
    digest, ctype = "", ""
    if content is not None:
        if len(content) > MAX_UPLOAD_BYTES:
            raise FieldError("arquivo", "arquivo maior que 5 MB")
        ctype = sniff(content)
        digest = hashlib.sha256(content).hexdigest()
    with transaction.atomic(), tenant(municipality):
        if digest:
            # Idempotent for this owner and this document only: the same file sent for another
            # person, vehicle or type is that one's own record, never this document handed back.
            existing = Document.objects.filter(
                sha256=digest, doc_type=doc_type, person=person, vehicle=vehicle
            ).first()
            if existing is not None:
                return existing
        valid_until, basis = None, {}
        # A law that fixes the validity of these documents says when they expire (mototaxi
        # art. 5 V, art. 5 §1 III); the document is kept under ``law``, asked directly.
        if doc_type in MOTOTAXI_VALIDITY and answers(law, "document_validity"):
            d = questions.ask(
                find(law, "document_validity").id,
                context(municipality, issued_on),
                {
                    "document": MOTOTAXI_VALIDITY[Document.Type(doc_type)],
                    "issued_on": issued_on.isoformat(),
                },
            )
            expires = d.outcome["expires_on"]
            valid_until = (
                expires if isinstance(expires, dt.date) else dt.date.fromisoformat(expires)
            )
            basis = d.to_json()
        doc = Document(
            doc_type=doc_type,
            person=person,
            vehicle=vehicle,
            number=number,
            category=category,
            issued_on=issued_on,
            presented_on=presented_on or timezone.localdate(),
            valid_until=valid_until,
            validity_basis=basis,
            content_type=ctype,
            sha256=digest,
            size=len(content or b""),
            checked_by=actor.user,
        )
        if content is not None:
            ext = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg"}[ctype]
            doc.file.save(f"{digest[:16]}.{ext}", ContentFile(content), save=False)
        doc.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="document.record",
            obj=doc,
            new={
                "type": doc_type,
                "number": number,
                "category": category,
                "issued_on": issued_on,
                "valid_until": valid_until,
                "sha256": digest,
            },
            basis={"citations": basis.get("citations", [])},
        )
        _refresh_regularity(municipality, doc)
    return doc


def _refresh_regularity(municipality: Municipality, doc: Document) -> None:
    """The permits the document counts for: the holder's own and the vehicle's."""
    owners = Q(holder=doc.person_id) if doc.person_id else Q()
    if doc.vehicle_id:
        owners |= Q(vehicle=doc.vehicle_id)
    live = Permit.objects.filter(owners, status__in=ACTIVE_STATUSES).order_by("pk")
    for permit in live.select_related("holder", "vehicle"):
        permit_regularity_refresh(municipality=municipality, permit=permit, on=doc.presented_on)


def document_read(*, actor: Actor, municipality: Municipality, law: str, doc: Document) -> bytes:
    """Serve a document's file to an entitled user; sensitive ones (health, criminal) are acts."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if not doc.file:
        raise FieldError("arquivo", "documento sem arquivo")
    with transaction.atomic(), tenant(municipality):
        if doc.doc_type in Document.SENSITIVE:
            record_act(
                municipality=municipality,
                actor=actor,
                action="document.read",
                obj=doc,
                new={"type": doc.doc_type},
            )
        with doc.file.open("rb") as fh:
            return bytes(fh.read())

"""Documents: recording a document (its file checked and de-duplicated, its validity asked to the
law, the permits it counts for refreshed) and serving its file.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from outorga.core import lawseam, uploads
from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.filestore import save_in_transaction
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import render_many
from outorga.law.interfaces import answers, citations

from ..facts import ACTIVE_STATUSES
from ..models import Document, Permit, Person, Vehicle
from ..sweep import permit_regularity_refresh
from ..validation import FieldError
from .common import InvalidTransition, reason_required, service_law

#: Content types by the file's first bytes (PDF, PNG, JPEG), as ``core.uploads`` reads them.
MAGIC = uploads.MAGIC


#: Documents whose validity the mototaxi law fixes (document_validity question).
MOTOTAXI_VALIDITY = {
    Document.Type.MEDICAL: "atestado_medico",
    Document.Type.INSPECTION: "laudo_inspecao",
}
#: Documents valid until the end printed on them, which the desk types: an insurance policy's
#: cover (mototaxi art. 13 XXI, art. 19 §1: the policy kept "atualizada"), a CRLV's licensing
#: (taxi art. 24 I, "CRLV vigente"; art. 28 I, "licenciado"). No law fixes either: the issuer
#: does (the insurer, the DETRAN's licensing of the year).
DATED_BY_ISSUER = frozenset({Document.Type.INSURANCE, Document.Type.CRLV})
#: Of those, the ones with an amount of cover printed on them: the policy.
COVERED = frozenset({Document.Type.INSURANCE})
#: How the end printed on each is asked of the desk.
END_ASKED = {
    Document.Type.INSURANCE: "informe o fim da vigência impresso na apólice",
    Document.Type.CRLV: "informe a validade do licenciamento (válido até) impressa no CRLV",
}


#: The largest amount of cover typed for a policy: a bound on input, not a legal value.
MAX_COVER_CENTS = 100_000_000_000


def takes_cover_end(law: str, doc_type: str) -> bool:
    """Whether the desk types the end printed on a ``doc_type`` kept under ``law``: a policy or a
    CRLV (:data:`DATED_BY_ISSUER`) whose validity the law asks for (the articles it names for
    it)."""
    return doc_type in DATED_BY_ISSUER and bool(citations(law, doc_type))


def takes_cover_amount(law: str, doc_type: str) -> bool:
    """Whether the desk also types the amount of cover: a policy (:data:`COVERED`) the law asks
    for."""
    return doc_type in COVERED and takes_cover_end(law, doc_type)


def service_takes_cover_end(municipality: Municipality, service: str, doc_type: str) -> bool:
    """:func:`takes_cover_end` under the law bound to ``service`` today; False where no law
    governs the service any more (a page about an old record still opens)."""
    try:
        law = service_law(municipality, service)
    except FieldError:
        return False
    return takes_cover_end(law, doc_type)


def owner_fits(doc_type: str, *, vehicle_only: bool) -> None:
    """A vehicle's document (CRLV, laudos, apólice…) is recorded on the vehicle, a person's on the
    person: the law reads each where it belongs, so one filed on the other owner would count for
    nothing and show in the wrong list."""
    if doc_type in Document.types_for(vehicle=vehicle_only):
        return
    label = Document.Type(doc_type).label
    raise FieldError(
        "tipo",
        f"{label} é documento do veículo: registre-o na página do veículo"
        if doc_type in Document.VEHICLE_TYPES
        else f"{label} é documento da pessoa, não do veículo: registre-o na página da pessoa",
    )


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
    valid_until: dt.date | None = None,
    coverage_cents: int | None = None,
    end_unknown: bool = False,
) -> Document:
    """Record a document; an uploaded file is checked and de-duplicated by its SHA-256, so sending
    the same file twice for the same person or vehicle and the same type returns the same document
    (idempotent upload). ``category`` is the one printed on it (the mandatory insurance's, taxi
    art. 22 XI); ``valid_until`` and ``coverage_cents`` the end of cover and the amount printed
    on an insurance policy the law asks for (:func:`takes_cover_end`). ``end_unknown``: a record
    carried over from a spreadsheet that does not give that end (the import's CRLV without its
    ``crlv_valido_ate``) is kept without it; the law then counts it in force for nothing
    (``facts.crlv_in_force_on``) until the desk corrects it.

    In the same transaction, every live permit of the person (as holder) or of the vehicle has its
    regularity refreshed on the presentation date: a permit the daily sweep marked irregular for
    an expired document is regular again at once, with its act (``registry.sweep``)."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if doc_type not in Document.Type.values:
        raise FieldError("tipo", "tipo de documento desconhecido")
    if person is None and vehicle is None:
        raise FieldError("titular", "informe a pessoa ou o veículo do documento")
    if person is None or vehicle is None:
        owner_fits(doc_type, vehicle_only=person is None)
    category = _category(category)
    cover_terms(law, doc_type, issued_on, valid_until, coverage_cents, end_required=not end_unknown)
    digest, ctype = _checked_file(content)
    with transaction.atomic(), tenant(municipality):
        if digest:
            # Idempotent for this owner and this document only: the same file sent for another
            # person, vehicle or type is that one's own record, never this document handed back.
            existing = (
                Document.objects.current()
                .filter(sha256=digest, doc_type=doc_type, person=person, vehicle=vehicle)
                .first()
            )
            if existing is not None:
                return existing
        doc = Document(
            doc_type=doc_type,
            person=person,
            vehicle=vehicle,
            number=number,
            category=category,
            issued_on=issued_on,
            presented_on=presented_on or today_of(municipality),
            content_type=ctype,
            sha256=digest,
            size=len(content or b""),
            checked_by=actor.user,
        )
        doc.coverage_cents = coverage_cents
        _validity(municipality, law, doc, valid_until)
        _store(doc, content)
        record_act(
            municipality=municipality,
            actor=actor,
            action="document.record",
            obj=doc,
            new=_document_snapshot(doc),
            basis={"citations": doc.validity_basis.get("citations", [])},
        )
        _refresh_regularity(municipality, doc)
    return doc


def documents_record(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    rows: list[dict[str, Any]],
    person: Person | None = None,
    vehicle: Vehicle | None = None,
) -> list[Document]:
    """Several documents of one person or vehicle at once (the guided grant's checklist): all or
    none — a refused row names its document and nothing of the others is kept. Each row holds
    ``doc_type``, ``issued_on`` and optionally ``number``, ``category``, ``valid_until``,
    ``coverage_cents`` and ``content``."""
    done: list[Document] = []
    with transaction.atomic():
        for row in rows:
            label = Document.Type(row["doc_type"]).label
            try:
                done.append(
                    document_record(
                        actor=actor,
                        municipality=municipality,
                        law=law,
                        person=person,
                        vehicle=vehicle,
                        **row,
                    )
                )
            except uploads.BadFile as exc:  # keeps its status (400, 413) under the row's name
                raise type(exc)(f"{label} — {exc.field}", exc.message, exc.citation) from exc
            except FieldError as exc:
                raise FieldError(f"{label} — {exc.field}", exc.message, exc.citation) from exc
    return done


def document_correct(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    doc: Document,
    reason: str,
    issued_on: dt.date,
    number: str = "",
    category: str = "",
    content: bytes | None = None,
    valid_until: dt.date | None = None,
    coverage_cents: int | None = None,
) -> Document:
    """Correct a recorded document (a mistyped number or date, a better scan): a new version that
    supersedes the old one, which stays in the history; without a new file the version keeps the
    old one. The validity is asked to the law again for the corrected date (a policy's printed end
    of cover and amount, ``valid_until`` and ``coverage_cents``, kept when not given), the permits it counts for are refreshed, and
    the act keeps the values before and after with the reason. Only the current version can be
    corrected; a correction that changes nothing is refused."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    reason = reason_required(reason, "informe o motivo da correção")
    category = _category(category)
    digest, ctype = _checked_file(content)
    with transaction.atomic(), tenant(municipality):
        old = Document.objects.select_for_update().get(pk=doc.pk)
        if old.superseded_at is not None:
            raise InvalidTransition(
                "esta versão do documento já foi corrigida; corrija a versão atual"
            )
        new = Document(
            doc_type=old.doc_type,
            person_id=old.person_id,
            vehicle_id=old.vehicle_id,
            number=number.strip(),
            category=category,
            issued_on=issued_on,
            presented_on=old.presented_on,
            content_type=ctype or old.content_type,
            sha256=digest or old.sha256,
            size=len(content) if content is not None else old.size,
            checked_by=actor.user,
            supersedes=old,
            correction_reason=reason,
        )
        printed, amount = valid_until, coverage_cents
        if takes_cover_end(law, old.doc_type):  # kept when the correction is elsewhere
            printed = old.valid_until if printed is None else printed
            amount = old.coverage_cents if amount is None else amount
        cover_terms(law, old.doc_type, issued_on, printed, amount)
        new.coverage_cents = amount
        _validity(municipality, law, new, printed)
        before = _document_snapshot(old)
        if _document_snapshot(new) == before:  # the law's validity follows the date of issue
            raise FieldError("documento", "nada a corrigir: os dados e o arquivo são os mesmos")
        old.superseded_at = timezone.now()
        old.save(update_fields=["superseded_at"])
        if content is not None:
            _store(new, content)
        else:
            new.file.name = old.file.name
        new.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="document.correct",
            obj=new,
            old={"version": old.pk, **before},
            new={"version": new.pk, **_document_snapshot(new)},
            extra={"reason": reason},
            basis={"citations": new.validity_basis.get("citations", [])},
        )
        _refresh_regularity(municipality, new)
    return new


def document_versions(doc: Document) -> list[Document]:
    """Every version of the document, the current one first (a chain by ``supersedes``)."""
    current = doc
    while True:
        try:
            current = current.superseded_by
        except Document.DoesNotExist:
            break
    out: list[Document] = []
    step: Document | None = current
    while step is not None:
        out.append(step)
        step = step.supersedes
    return out


def _category(category: str) -> str:
    category = category.strip().upper()
    if len(category) > 10:
        raise FieldError("categoria", "categoria com no máximo 10 caracteres")
    return category


def _checked_file(content: bytes | None) -> tuple[str, str]:
    """The file's SHA-256 and content type, judged by its bytes within the documents' limit
    (``core.uploads``: a PDF/HTML polyglot or an image that does not decode is refused)."""
    if content is None:
        return "", ""
    return hashlib.sha256(content).hexdigest(), uploads.checked(content, kind="document")


def cover_terms(
    law: str,
    doc_type: str,
    issued_on: dt.date,
    valid_until: dt.date | None,
    coverage_cents: int | None,
    *,
    end_required: bool = True,
) -> None:
    """Check the end and the amount of cover typed for a document kept under ``law``: a policy
    or a CRLV the law asks for (:func:`takes_cover_end`) is in force only until the end printed
    on it (mototaxi art. 19 §1, "atualizada"; taxi art. 24 I, "CRLV vigente": without it the
    law would count it in force for ever), so the end is required (unless ``end_required`` is
    False: a record imported without it, which then counts for nothing) and not before the
    issue; only a policy takes an amount of cover; no other document takes either."""
    dated = takes_cover_end(law, doc_type)
    if not dated and valid_until is not None:
        raise FieldError(
            "fim da vigência",
            "informe o fim da vigência apenas para a apólice de seguro ou o CRLV cuja "
            "vigência a lei da permissão exige",
        )
    # Only a dated document can take an amount (takes_cover_amount implies takes_cover_end).
    if coverage_cents is not None and not takes_cover_amount(law, doc_type):
        raise FieldError(
            "valor da cobertura",
            "informe o valor da cobertura apenas para a apólice de seguro que a lei da "
            "permissão exige",
        )
    if not dated:
        return
    if coverage_cents is not None and not 0 <= coverage_cents <= MAX_COVER_CENTS:
        raise FieldError(
            "valor da cobertura", "valor da cobertura inválido (de R$ 0,00 a R$ 1.000.000.000,00)"
        )
    if valid_until is None:
        if not end_required:
            return
        raise FieldError(
            "fim da vigência",
            END_ASKED[Document.Type(doc_type)],
            render_many(citations(law, doc_type)),
        )
    if valid_until < issued_on:
        raise FieldError(
            "fim da vigência", "o fim da vigência não pode ser anterior à data de emissão"
        )


def _validity(
    municipality: Municipality, law: str, doc: Document, printed: dt.date | None = None
) -> None:
    """A law that fixes the validity of these documents says when they expire (mototaxi art. 5 V,
    art. 5 §1 III); the document is kept under ``law``, asked directly. A policy is valid until
    the end of cover ``printed`` on it (checked by :func:`cover_terms`), cited by the articles
    ``law`` names for it."""
    doc.valid_until, doc.validity_basis = None, {}
    if printed is not None:
        doc.valid_until = printed
        doc.validity_basis = {"citations": [c.render() for c in citations(law, doc.doc_type)]}
        return
    if doc.doc_type not in MOTOTAXI_VALIDITY or not answers(law, "document_validity"):
        return
    d = lawseam.ask(
        municipality,
        law,
        "document_validity",
        {
            "document": MOTOTAXI_VALIDITY[Document.Type(doc.doc_type)],
            "issued_on": doc.issued_on.isoformat(),
        },
        doc.issued_on,
    )
    expires = d.outcome["expires_on"]
    doc.valid_until = expires if isinstance(expires, dt.date) else dt.date.fromisoformat(expires)
    doc.validity_basis = d.to_json()


def _store(doc: Document, content: bytes | None) -> None:
    if content is not None:
        ext = uploads.EXTENSIONS[doc.content_type]
        save_in_transaction(doc.file, f"{doc.sha256[:16]}.{ext}", content)
    doc.save()


def _document_snapshot(doc: Document) -> dict[str, Any]:
    return {
        "type": doc.doc_type,
        "number": doc.number,
        "category": doc.category,
        "issued_on": doc.issued_on,
        "valid_until": doc.valid_until,
        "coverage_cents": doc.coverage_cents,
        "sha256": doc.sha256,
    }


def _refresh_regularity(municipality: Municipality, doc: Document) -> None:
    """The permits the document counts for: the holder's own and the vehicle's."""
    owners = Q(holder=doc.person_id) if doc.person_id else Q()
    if doc.vehicle_id:
        owners |= Q(vehicle=doc.vehicle_id)
    live = Permit.objects.filter(owners, status__in=ACTIVE_STATUSES).order_by("pk")
    for permit in live.select_related("holder", "vehicle"):
        permit_regularity_refresh(municipality=municipality, permit=permit, on=doc.presented_on)


def document_filename(doc: Document) -> str:
    """The name a downloaded document's file is saved under (its type's extension)."""
    return f"documento-{doc.pk}.{uploads.EXTENSIONS.get(doc.content_type, 'bin')}"


def document_read(*, actor: Actor, municipality: Municipality, law: str, doc: Document) -> bytes:
    """Serve a document's file to an entitled user; sensitive ones (health, criminal) are acts."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if not doc.file:
        raise FieldError("arquivo", "documento sem arquivo")
    return file_read(actor=actor, municipality=municipality, obj=doc, action="document.read")


def file_read(*, actor: Actor, municipality: Municipality, obj: Any, action: str) -> bytes:
    """The file of a document (or of one sent for review); reading a health or criminal record is
    an act named ``action`` (LGPD: sensitive personal data)."""
    with transaction.atomic(), tenant(municipality):
        if obj.doc_type in Document.SENSITIVE:
            record_act(
                municipality=municipality,
                actor=actor,
                action=action,
                obj=obj,
                new={"type": obj.doc_type},
            )
        with obj.file.open("rb") as fh:
            return bytes(fh.read())

"""Registry writes. Each service checks competence, asks the law core, changes state in one
transaction and records the act (with the decision trace) in that same transaction."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from PIL import Image

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Conflict, Refused
from outorga.core.lawctx import context
from outorga.core.lawseam import BoundLaw, LawNotBound, law_for, service_citations
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law import questions
from outorga.law.citations import LAW_TITLES, Citation, render_many
from outorga.law.decisions import Decision
from outorga.law.interfaces import (
    MOTO_SERVICES,
    answers,
    citation,
    citations,
    cited,
    cited_once,
    interface_of,
)
from outorga.law.questions import find
from outorga.law.windows import add_years

from . import facts as F
from . import validation as V
from .models import (
    Auxiliary,
    Document,
    DrivingLicence,
    Permit,
    PermitStatusChange,
    Person,
    RegisterCounter,
    Service,
    Vehicle,
)
from .sweep import permit_regularity_refresh

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAGIC = {
    b"%PDF-": "application/pdf",
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
}


def bound_law(municipality: Municipality, service: str, on: dt.date | None = None) -> BoundLaw:
    """The law bound to ``service`` in the municipality on ``on`` (today); a service no law
    governs there does not exist there (a refusal naming the field)."""
    try:
        return law_for(municipality, service, on)
    except LawNotBound as exc:
        raise V.FieldError("serviço", str(exc)) from None


def service_law(municipality: Municipality, service: str, on: dt.date | None = None) -> str:
    """The id of :func:`bound_law` — what competence is checked under."""
    return bound_law(municipality, service, on).law


def _snapshot(obj: Any, fields: list[str]) -> dict[str, Any]:
    return {f: getattr(obj, f) for f in fields}


# People, licences, vehicles ---------------------------------------------------------------


PERSON_FIELDS = [
    "kind",
    "document",
    "name",
    "birth_date",
    "blood_type",
    "address",
    "city",
    "phone",
    "email",
    "is_public_servant",
]


def person_register(
    *, actor: Actor, municipality: Municipality, law: str, data: Mapping[str, Any]
) -> Person:
    """Create or update a natural or legal person (CPF/CNPJ validated)."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    kind = data.get("kind", Person.Kind.NATURAL)
    raw = data.get("document", "")
    document = V.cpf(raw, "cpf") if kind == Person.Kind.NATURAL else V.cnpj(raw, "cnpj")
    if not (data.get("name") or "").strip():
        raise V.FieldError("nome", "informe o nome completo")
    if kind == Person.Kind.NATURAL and not data.get("birth_date"):
        raise V.FieldError(
            "data de nascimento",
            "obrigatória para pessoa física",
            cited(law, "birth_date"),
        )
    # A company's titulares and sócios, as the law bound to the taxi service names them.
    partners_cite = render_many(service_citations(municipality, Service.TAXI, "partners"))
    partner_cpfs = _partner_cpfs(kind, data.get("partners"), partners_cite)
    values = {f: data.get(f) for f in PERSON_FIELDS if f in data}
    values.update(kind=kind, document=document, name=data["name"].strip())
    for f in ("blood_type", "address", "city", "phone", "email"):
        values[f] = values.get(f) or ""
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update(no_key=True).filter(document=document).first()
        old = _person_snapshot(person) if person else {}
        if person is None:
            person = Person(**values)
        else:
            for k, v in values.items():
                setattr(person, k, v)
        person.full_clean(exclude=["partners", "photo", "user"])
        person.save()
        if partner_cpfs is not None:
            person.partners.set(_partners(partner_cpfs, partners_cite))
        record_act(
            municipality=municipality,
            actor=actor,
            action="person.update" if old else "person.create",
            obj=person,
            old=old,
            new=_person_snapshot(person),
            basis=basis_of(None, service_citations(municipality, Service.TAXI, "partners"))
            if partner_cpfs is not None
            else None,
        )
    return person


def _person_snapshot(person: Person) -> dict[str, Any]:
    out = _snapshot(person, PERSON_FIELDS)
    if person.kind == Person.Kind.LEGAL:
        # Partners by id: their CPFs stay out of the acts log.
        out["partners"] = sorted(person.partners.values_list("pk", flat=True))
    return out


def _partner_cpfs(kind: str, raw: Any, cites: str = "") -> list[str] | None:
    """The partners' CPFs, validated (taxi art. 11 and 23 VIII name the company's titulares,
    sócios and acionistas; ``cites``: those articles); ``None`` leaves the partners on record
    untouched."""
    if raw is None:
        return None
    items = [str(x).strip() for x in raw if str(x).strip()]
    if kind != Person.Kind.LEGAL:
        if items:
            raise V.FieldError("sócios", "só a pessoa jurídica tem sócios", cites)
        return None
    cpfs: list[str] = []
    for n, item in enumerate(items, 1):
        try:
            cpfs.append(V.cpf(item, "sócios"))
        except V.FieldError:
            raise V.FieldError("sócios", f"o {n}º CPF de sócio é inválido") from None
    return list(dict.fromkeys(cpfs))


def _partners(cpfs: list[str], cites: str = "") -> list[Person]:
    """The partners must be in the registry (inside the tenant): their other outorgas and public
    employment are judged from their own records (taxi art. 11, 23 VIII)."""
    found = {p.document: p for p in Person.objects.filter(document__in=cpfs)}
    for n, doc in enumerate(cpfs, 1):
        if doc not in found or found[doc].kind != Person.Kind.NATURAL:
            raise V.FieldError(
                "sócios",
                f"o {n}º sócio (CPF ***.{doc[3:6]}.{doc[6:9]}-**) não está no cadastro; "
                "cadastre-o antes como pessoa física",
                cites,
            )
    return [found[d] for d in cpfs]


def licence_record(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    person: Person,
    data: Mapping[str, Any],
) -> DrivingLicence:
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    number = V.cnh(data.get("number", ""), "número da CNH")
    categories = "".join(sorted(set(str(data.get("categories", "")).upper())))
    if not categories or set(categories) - set("ABCDE"):
        raise V.FieldError("categorias", "use as letras A, B, C, D ou E")
    fields = [
        "number",
        "categories",
        "first_licence_on",
        "category_a_since",
        "expires_on",
        "ear",
        "points",
        "points_reported_on",
    ]
    with transaction.atomic(), tenant(municipality):
        lic = DrivingLicence.objects.filter(person=person).first()
        old = _snapshot(lic, fields) if lic else {}
        lic = lic or DrivingLicence(person=person)
        lic.number, lic.categories = number, categories
        for f in fields[2:]:
            if f in data:
                setattr(lic, f, data[f])
        lic.full_clean(exclude=["person"])
        lic.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="licence.record",
            obj=lic,
            old=old,
            new=_snapshot(lic, fields),
        )
    return lic


VEHICLE_FIELDS = [
    "plate",
    "renavam",
    "chassis",
    "kind",
    "make_model",
    "manufacture_year",
    "model_year",
    "engine_cc",
    "colour",
    "doors",
    "seats",
    "fuel",
    "cng",
    "rental_category",
    "registration_uf",
    "registration_city",
    "invoice_date",
    "cargo_device",
    "cargo_within_contran_limits",
    "cargo_mirrors_unobstructed",
    "sidecar",
    "semi_trailer",
    "retroreflective_strips",
]


def vehicle_register(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    owner: Person,
    data: Mapping[str, Any],
) -> Vehicle:
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    values = {f: data[f] for f in VEHICLE_FIELDS if f in data}
    values["plate"] = V.plate(data.get("plate", ""))
    values["renavam"] = V.renavam(data.get("renavam", ""))
    values["registration_uf"] = str(data.get("registration_uf", "")).upper()
    if values.get("cargo_device") and values["cargo_device"] not in Vehicle.CargoDevice.values:
        raise V.FieldError(
            "dispositivo de carga",
            "use baú, grelha, alforje, bolsa ou caixa lateral",
            cited(law, "cargo_device"),
        )
    with transaction.atomic(), tenant(municipality):
        vehicle = (
            Vehicle.objects.select_for_update(no_key=True).filter(plate=values["plate"]).first()
        )
        old = _snapshot(vehicle, VEHICLE_FIELDS) if vehicle else {}
        vehicle = vehicle or Vehicle(owner=owner)
        vehicle.owner = owner
        for k, v in values.items():
            setattr(vehicle, k, v)
        vehicle.full_clean(exclude=["owner"])
        vehicle.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.update" if old else "vehicle.create",
            obj=vehicle,
            old=old,
            new=_snapshot(vehicle, VEHICLE_FIELDS),
        )
    return vehicle


# Documents ----------------------------------------------------------------------------------

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
    raise V.FieldError("arquivo", "tipo de arquivo não aceito: envie PDF, JPEG ou PNG")


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
        raise V.FieldError("tipo", "tipo de documento desconhecido")
    if person is None and vehicle is None:
        raise V.FieldError("titular", "informe a pessoa ou o veículo do documento")
    category = category.strip().upper()
    if len(category) > 10:
        raise V.FieldError("categoria", "categoria com no máximo 10 caracteres")
    digest, ctype = "", ""
    if content is not None:
        if len(content) > MAX_UPLOAD_BYTES:
            raise V.FieldError("arquivo", "arquivo maior que 5 MB")
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
    live = Permit.objects.filter(owners, status__in=F.ACTIVE_STATUSES).order_by("pk")
    for permit in live.select_related("holder", "vehicle"):
        permit_regularity_refresh(municipality=municipality, permit=permit, on=doc.presented_on)


def document_read(*, actor: Actor, municipality: Municipality, law: str, doc: Document) -> bytes:
    """Serve a document's file to an entitled user; sensitive ones (health, criminal) are acts."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if not doc.file:
        raise V.FieldError("arquivo", "documento sem arquivo")
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


PHOTO_TYPES = {"image/jpeg": "jpg", "image/png": "png"}


def _photo_digest(person: Person) -> str:
    if not person.photo:
        return ""
    try:
        with person.photo.open("rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except FileNotFoundError:
        return ""


def person_photo_set(
    *, actor: Actor, municipality: Municipality, law: str, person: Person, content: bytes
) -> Person:
    """Record the photo the badge prints (mototaxi art. 2 VIII; taxi art. 4 III): JPEG or PNG by
    its magic bytes, within the upload limit, an image that opens. Idempotent as the document
    uploads are: sending the person's current photo again (same SHA-256) changes nothing and
    records no act."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    # The photo the badge prints (mototaxi art. 2 VIII; taxi art. 4 III), by the law acted under.
    cites = citations(law, "photo")
    shown = cites[0].render() if cites else ""
    if person.kind != Person.Kind.NATURAL:
        raise V.FieldError("foto", "só pessoa física tem foto no crachá", shown)
    if len(content) > MAX_UPLOAD_BYTES:
        raise V.FieldError("foto", "arquivo maior que 5 MB")
    ctype = sniff(content) if content else ""
    if ctype not in PHOTO_TYPES:
        raise V.FieldError("foto", "envie a foto em JPEG ou PNG", shown)
    try:
        with Image.open(io.BytesIO(content)) as image:
            image.verify()
    except Exception as exc:  # Pillow raises many kinds for a broken file
        raise V.FieldError("foto", "a imagem não pôde ser lida; envie outro arquivo") from exc
    digest = hashlib.sha256(content).hexdigest()
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update(no_key=True).get(pk=person.pk)
        old = _photo_digest(person)
        if old == digest:
            return person
        person.photo.save(f"{digest[:16]}.{PHOTO_TYPES[ctype]}", ContentFile(content), save=False)
        person.save(update_fields=["photo"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="person.photo",
            obj=person,
            old={"sha256": old},
            new={"sha256": digest, "content_type": ctype, "size": len(content)},
            basis=basis_of(None, cites),
        )
    return person


def _valid_until(
    municipality: Municipality, service: str, document: str, issued_on: dt.date
) -> dt.date:
    """Validity the law bound to the service gives a certificate or credential (mototaxi art. 4
    §1, art. 14 §2), asked to the law core so the period stays a dated parameter."""
    d = bound_law(municipality, service, issued_on).ask(
        "document_validity", {"document": document, "issued_on": issued_on.isoformat()}
    )
    expires = d.outcome["expires_on"]
    return expires if isinstance(expires, dt.date) else dt.date.fromisoformat(expires)


#: The Cadastro Municipal de Taxistas is one numeric, sequential register of holders, auxiliaries
#: and vehicles (taxi art. 4 I, 20): one series for the three.
TAXI_CADASTRO = "register:taxi"


def taxi_vehicle_inscribe(
    *, actor: Actor, municipality: Municipality, vehicle: Vehicle, on: dt.date
) -> Vehicle:
    """Inscribe a vehicle put in taxi service in the Cadastro Municipal de Taxistas (taxi art. 4 I,
    20, 25): the next number of the register, once — a vehicle already inscribed keeps its number.

    Runs inside the transaction of the service that puts the vehicle in service (grant,
    substitution, reserve vehicle, swap, yearly renewal, import), which checked competence: the
    vehicle row is locked before the counter, so the number is sequential, gapless and unique,
    and both before the caller's first act (the lock order of ``registry/locking.py``)."""
    with transaction.atomic(), tenant(municipality):
        vehicle = Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        if vehicle.cadastro_number is not None:
            return vehicle
        vehicle.cadastro_number = next_number(TAXI_CADASTRO)
        vehicle.cadastro_inscribed_on = on
        vehicle.save(update_fields=["cadastro_number", "cadastro_inscribed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.cadastro",
            obj=vehicle,
            new={
                "plate": vehicle.plate,
                "cadastro_number": vehicle.cadastro_number,
                "inscribed_on": on,
            },
            basis=basis_of(None, service_citations(municipality, Service.TAXI, "cadastro")),
        )
    return vehicle


# Permits ------------------------------------------------------------------------------------


def person_eligibility(
    person: Person,
    service: str,
    as_of: dt.date,
    role: str = "permissionario",
    tender: Any = None,
    auxiliary: dict[str, Any] | None = None,
    exclude: Permit | None = None,
) -> Decision:
    law = bound_law(person.municipality, service, as_of)
    if interface_of(service) is MOTO_SERVICES:
        facts = F.mototaxi_person(
            person,
            service=service,
            role=role,
            tender_homologated_on=getattr(tender, "homologated_on", None),
            exclude=exclude,
        )
        if auxiliary is not None:
            facts["auxiliary"] = auxiliary
        return law.ask("person_eligibility", facts)
    raise NotImplementedError("elegibilidade de táxi: use taxi.person_eligibility")


def vehicle_eligibility(
    vehicle: Vehicle,
    service: str,
    as_of: dt.date,
    equipment: list[str],
    *,
    holder: Person,
    permit: Permit | None = None,
) -> Decision:
    """The vehicle for ``holder``'s permit (``permit`` when it exists: a substitution)."""
    return bound_law(vehicle.municipality, service, as_of).ask(
        "vehicle_eligibility",
        F.mototaxi_vehicle(
            vehicle, service=service, equipment=equipment, holder=holder, permit=permit
        ),
    )


def permit_grant_decisions(
    *,
    municipality: Municipality,
    holder: Person,
    service: str,
    vehicle: Vehicle,
    granted_on: dt.date,
    term_years: int,
    decree: str,
    equipment: list[str],
    tender: Any,
) -> list[Decision]:
    """Every question a grant asks of the law bound to the service on the grant date — the quota,
    the person, the vehicle and the term — on the facts in the records. The grant and its
    pre-check both ask exactly these, so a check that shows no refusal is a grant that will not be
    refused for the law's reasons."""
    law = bound_law(municipality, service, granted_on)
    with tenant(municipality):
        quota = law.ask(
            "quota",
            {
                "service": service,
                "grant_on": granted_on.isoformat(),
                "active_permits": F.active_permits(service),
            },
        )
        person = person_eligibility(holder, service, granted_on, tender=tender)
        veh = vehicle_eligibility(vehicle, service, granted_on, equipment, holder=holder)
        term = law.ask(
            "permit_term",
            {
                "granted_on": granted_on.isoformat(),
                "by_decree": bool(decree.strip()),
                "after_tender": tender is not None,
                "term_years": term_years,
            },
        )
    return [quota, person, veh, term]


def permit_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    service: str,
    vehicle: Vehicle,
    granted_on: dt.date,
    term_years: int,
    decree: str = "",
    equipment: list[str] | None = None,
    taxi_category: str = "",
    tender: Any = None,
) -> Permit:
    """Grant a permit within the quota (art. 10, D-7), after the person's and the vehicle's
    eligibility; numbered in the register. Concurrent grants for the last places never exceed
    the quota: the quota counter row is locked for the whole transaction."""
    law = bound_law(municipality, service, granted_on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law.law)
    if service == Service.TAXI:
        raise NotImplementedError("outorga de táxi: fluxo próprio (art. 3, 10)")
    with transaction.atomic(), tenant(municipality):
        # Lock first: every grant of this service waits here, then counts.
        quota_lock, _ = RegisterCounter.objects.get_or_create(series=f"quota:{service}")
        RegisterCounter.objects.select_for_update().get(pk=quota_lock.pk)
        decisions = permit_grant_decisions(
            municipality=municipality,
            holder=holder,
            service=service,
            vehicle=vehicle,
            granted_on=granted_on,
            term_years=term_years,
            decree=decree,
            equipment=equipment or [],
            tender=tender,
        )
        refusals = [d for d in decisions if d.refusals]
        if refusals:
            # Whoever asked for it sees every reason; the refused grant is recorded as an act.
            raise Refused(_merge(refusals, granted_on, municipality.slug))
        if tender is not None and Permit.objects.filter(tender=tender).count() >= tender.places:
            # The tender offered so many places (art. 6: delegation preceded by the tender).
            raise V.FieldError(
                "licitação",
                "todas as vagas da licitação já foram outorgadas",
                cited(law.law, "tender"),
            )
        number = next_number(f"register:{service}")
        prefix = {"mototaxi": "MT", "motofrete": "MF"}[service]
        permit = Permit.objects.create(
            service=service,
            holder=holder,
            number=f"{prefix}-{number:04d}",
            registration_number=number,
            decree=decree,
            granted_on=granted_on,
            term_start=granted_on,
            term_end=add_years(granted_on, term_years),
            certificate_valid_until=_valid_until(
                municipality, service, "registro_cadastral", granted_on
            ),
            vehicle=vehicle,
            taxi_category=taxi_category,
            tender=tender,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.grant",
            obj=permit,
            new={
                "number": permit.number,
                "holder": holder.pk,
                "vehicle": vehicle.plate,
                "service": service,
                "term_end": permit.term_end,
            },
            basis=basis_of(None, [c for d in decisions for c in d.citations]),
            extra={"decisions": [d.to_json() for d in decisions]},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            to_status=Permit.Status.ACTIVE,
            effective_on=granted_on,
            reason="outorga",
            act=act,
        )
    return permit


def _merge(decisions: list[Decision], on: dt.date, slug: str) -> Decision:
    return Decision(
        "registry.permit_grant",
        on,
        slug,
        False,
        tuple(r for d in decisions for r in d.reasons),
        "outorga recusada",
    )


#: Which competence each status transition needs, by the law's text.
TRANSITIONS: dict[tuple[str, str], str] = {
    (Permit.Status.ACTIVE, Permit.Status.SUSPENDED): "penalty.suspension",
    (Permit.Status.SUSPENDED, Permit.Status.ACTIVE): "permit.renew",
    (Permit.Status.ACTIVE, Permit.Status.RESERVE): "registry.record",
    (Permit.Status.RESERVE, Permit.Status.ACTIVE): "registry.record",
    (Permit.Status.ACTIVE, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.SUSPENDED, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.RESERVE, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.ACTIVE, Permit.Status.REVOKED): "penalty.revocation",
    (Permit.Status.SUSPENDED, Permit.Status.REVOKED): "penalty.revocation",
    (Permit.Status.ACTIVE, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.SUSPENDED, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.RESERVE, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.ACTIVE, Permit.Status.EXTINCT): "penalty.revocation",
}


class InvalidTransition(Conflict, ValueError):
    """A permit, document or application not in the state the step needs."""


def _transition(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    to: str,
    reason: str,
    effective_on: dt.date,
    until: dt.date | None = None,
    basis: dict[str, Any] | None = None,
) -> Permit:
    action = TRANSITIONS.get((permit.status, to))
    if action is None:
        raise InvalidTransition(
            f"a permissão está {permit.get_status_display()}; não pode passar a "
            f"{Permit.Status(to).label}"
        )
    authorize(actor=actor, municipality=municipality, action=action, law=permit.law)
    if not reason.strip():
        raise V.FieldError("motivo", "informe o motivo do ato")
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if (permit.status, to) not in TRANSITIONS:
            raise InvalidTransition("a situação mudou; recarregue a página")
        old = {"status": permit.status, "suspended_until": permit.suspended_until}
        permit.status = to
        permit.suspended_until = until if to == Permit.Status.SUSPENDED else None
        permit.save(update_fields=["status", "suspended_until"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action=f"permit.{to}",
            obj=permit,
            old=old,
            new={"status": to, "suspended_until": permit.suspended_until},
            basis=basis,
            extra={"reason": reason, "effective_on": effective_on},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            from_status=old["status"],
            to_status=to,
            effective_on=effective_on,
            reason=reason[:300],
            act=act,
        )
    return permit


def permit_suspend(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    days: int,
    start: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.SUSPENDED,
        reason=reason,
        effective_on=start,
        until=start + dt.timedelta(days=days - 1),
        basis=basis,
    )


def _suspension_started_on(permit: Permit) -> dt.date | None:
    return (
        permit.history.filter(to_status=Permit.Status.SUSPENDED)
        .order_by("-effective_on", "-id")
        .values_list("effective_on", flat=True)
        .first()
    )


def _proof_document(permit: Permit, document: Document | int | None, law: str) -> Document | None:
    """The proof must be a document recorded in this municipality's registry for the permit's
    holder, its vehicle or one of its auxiliaries (never an id taken from a URL alone); ``law``:
    the law the return is judged under, whose article on the return's proof a refusal cites."""
    if document is None:
        return None
    pk = document if isinstance(document, int) else document.pk
    owners = Q(person=permit.holder_id) | Q(person__auxiliary_of__permit=permit)
    if permit.vehicle_id:
        owners |= Q(vehicle=permit.vehicle_id)
    found = Document.objects.filter(owners, pk=pk).first()
    if found is None:
        raise V.FieldError(
            "documento",
            "o documento comprobatório deve estar registrado no cadastro do permissionário, do "
            "veículo ou de um auxiliar desta permissão",
            cited(law, "suspension_return"),
        )
    return found


def permit_reinstate(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    proof: str,
    document: Document | int | None = None,
) -> Permit:
    """Back to active after a suspension served. Mototaxi art. 32 §2: only when the holder proves
    the irregularities that caused it were remedied — what was remedied (``proof``) and a document
    recorded in the registry that shows it (``document``), presented from the suspension's first
    day; the law core (``mototaxi.suspension_return``) decides and its trace goes with the act.
    The taxi law (art. 42 V) asks nothing for the return but the end of the period."""
    if permit.status != Permit.Status.SUSPENDED:
        raise InvalidTransition(
            f"a permissão está {permit.get_status_display()}; só uma permissão suspensa volta a "
            "ativa"
        )
    if permit.suspended_until and on <= permit.suspended_until:
        raise InvalidTransition(f"a suspensão vai até {permit.suspended_until:%d/%m/%Y}")
    # Competence first: a role the law does not give the return to is refused (and the refusal
    # logged) before any proof is weighed.
    authorize(
        actor=actor,
        municipality=municipality,
        action=TRANSITIONS[(Permit.Status.SUSPENDED, Permit.Status.ACTIVE)],
        law=permit.law,
    )
    law = bound_law(municipality, permit.service, on)
    if not law.answers("suspension_return"):
        # A law that sets no condition for the return (taxi art. 42 V): the suspension ends.
        cites = citations(law.law, "suspension")
        return _transition(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=Permit.Status.ACTIVE,
            reason=f"fim da suspensão ({'; '.join(c.render() for c in cites)})"
            + (f": {proof.strip()}" if proof.strip() else ""),
            effective_on=on,
            basis=basis_of(None, cites),
        )
    with tenant(municipality):
        doc = _proof_document(permit, document, law.law)
        started = _suspension_started_on(permit) or on
    until = permit.suspended_until or on - dt.timedelta(days=1)
    proof_facts: dict[str, Any] = {"description": proof}
    if doc is not None:
        proof_facts["document"] = {
            "id": doc.pk,
            "kind": doc.doc_type,
            "presented_on": doc.presented_on.isoformat(),
        }
    decision = law.ask(
        "suspension_return",
        {
            "suspension_started_on": started.isoformat(),
            "suspended_until": until.isoformat(),
            "returned_on": on.isoformat(),
            "proof": proof_facts,
        },
    )
    if decision.refusals:
        raise Refused(decision)
    label = f"{doc.get_doc_type_display()} nº {doc.number or doc.pk}" if doc else ""
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.ACTIVE,
        reason=f"comprovação (art. 32, §2): {proof.strip()} — {label}",
        effective_on=on,
        basis=basis_of(decision),
    )


#: The appeals that may annul a suspension (mototaxi art. 34 §3), by the stage of the filing: to
#: the JARI (art. 43) and to the Chief Executive (art. 44), each with its judgment's competence.
SUSPENSION_ANNULLED_BY = {"jari": "appeal.jari.judge", "executive": "appeal.executive.judge"}
NOT_ANNULLED = (
    "só o recurso julgado procedente contra a suspensão desta permissão a anula e restabelece a "
    "permissão (lei do mototáxi, art. 34, §3; art. 43 e 44)"
)


def permit_suspension_lift(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    appeal: Any,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    """A suspension annulled on appeal (mototaxi art. 34 §3: the JARI, art. 43, or the Chief
    Executive, art. 44) ends at once: the permission is active again from ``on``, without the
    proof of art. 32 §2, which follows a suspension served ("cumprida"), not one annulled.
    ``appeal`` is the enforcement filing that annulled it, and it must be exactly that: an appeal
    to the JARI or the Chief Executive, judged upheld, in the case against this permit's
    suspension, whose suspension (first day and days) is the one in force — so a later suspension
    is never lifted by an old appeal. The competence checked is that judgment's. Usually called
    inside that judgment's transaction."""
    # Enforcement judges the appeal; the registry only applies it, after reading it again.
    from outorga.enforcement.models import Case, Filing, Penalty

    with tenant(municipality):
        filing = Filing.objects.select_related("case").filter(pk=appeal.pk).first()
    competence = SUSPENSION_ANNULLED_BY.get(filing.stage) if filing is not None else None
    if filing is None or competence is None:
        raise InvalidTransition(NOT_ANNULLED)
    authorize(actor=actor, municipality=municipality, action=competence, law=permit.law)
    if not reason.strip():
        raise V.FieldError("motivo", "informe o motivo do ato")
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().select_related("case").get(pk=filing.pk)
        case = filing.case
        if (
            filing.result != Filing.Result.UPHELD
            or case.kind != Case.Kind.SUSPENSION
            or case.permit_id != permit.pk
        ):
            raise InvalidTransition(NOT_ANNULLED)
        suspension = Penalty.objects.filter(case=case, kind=Penalty.Kind.SUSPENSION).first()
        suspended_until = (
            suspension.imposed_on + dt.timedelta(days=suspension.days - 1)
            if suspension is not None and suspension.days
            else None
        )
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if (
            permit.status != Permit.Status.SUSPENDED
            or suspended_until is None
            or permit.suspended_until != suspended_until
        ):
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}; a suspensão julgada no "
                f"processo {case.number} não é a que está em vigor (lei do mototáxi, art. 34, §3)"
            )
        old = {"status": permit.status, "suspended_until": permit.suspended_until}
        permit.status, permit.suspended_until = Permit.Status.ACTIVE, None
        permit.save(update_fields=["status", "suspended_until"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.suspension.lift",
            obj=permit,
            old=old,
            new={"status": permit.status, "suspended_until": None},
            basis=basis,
            extra={"reason": reason.strip(), "effective_on": on, "appeal_case": case.number},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            from_status=old["status"],
            to_status=permit.status,
            effective_on=on,
            reason=reason.strip()[:300],
            act=act,
        )
    return permit


def permit_renounce(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, request: str
) -> Permit:
    """Renúncia on the holder's written request, citing the permit's own law: mototaxi and
    motofrete art. 6 §6 and art. 2 XX; taxi art. 15 V (the renúncia extinguishes the permit)."""
    # The article a renúncia rests on, by the permit's law: mototaxi art. 6 §6 (cancellation on
    # written request) and art. 2 XX; taxi art. 15 V (the renúncia as an extinction).
    cites = citations(permit.law_on(on), "renounce")
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.RENOUNCED,
        reason=f"pedido escrito ({'; '.join(c.render() for c in cites)}): {request}",
        effective_on=on,
        basis=basis_of(None, cites),
    )


def _reserve_cite(permit: Permit) -> Citation:
    """Reserva: the permission is not extinguished though the service is not provided, a temporary
    interruption to substitute the vehicle on the same permission (mototaxi art. 2 XXI). A law with
    no such status (the taxi law: its art. 30 is a reserve *vehicle*, registry.taxi) refuses it."""
    found = citation(permit.law, "reserve")
    if found is None:
        title = LAW_TITLES.get(permit.law, permit.law)
        instead = citation(permit.law, "reserve_vehicle")
        raise InvalidTransition(
            f"a lei que rege {permit.get_service_display()} ({title}) não prevê a reserva da "
            "permissão" + (f"; use o veículo reserva ({instead.render()})" if instead else "")
        )
    return found


def permit_reserve(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, reason: str
) -> Permit:
    """The permission goes into reserve while its vehicle is substituted (mototaxi art. 2 XXI):
    not extinguished, no service provided until the reserve ends (``permit_reserve_end``)."""
    reserve_cite = _reserve_cite(permit)
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.RESERVE,
        reason=f"reserva ({reserve_cite.render()}): {reason}",
        effective_on=on,
        basis=basis_of(None, [reserve_cite]),
    )


def permit_reserve_end(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, reason: str
) -> Permit:
    """The reserve ends and the permission is active again (mototaxi art. 2 XXI: the interruption
    is temporary). Only a permission in reserve, not before the day it went into reserve."""
    reserve_cite = _reserve_cite(permit)
    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    if not reason.strip():
        raise V.FieldError("motivo", "informe o motivo do ato")
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status != Permit.Status.RESERVE:
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}, não em reserva "
                f"({reserve_cite.render()}): não há reserva a encerrar"
            )
        began = (
            permit.history.filter(to_status=Permit.Status.RESERVE)
            .order_by("-effective_on", "-id")
            .values_list("effective_on", flat=True)
            .first()
        )
        if began is not None and on < began:
            raise V.FieldError(
                "data",
                f"a reserva começou em {began:%d/%m/%Y}; não pode terminar antes",
                reserve_cite.render(),
            )
        old = {"status": permit.status, "suspended_until": permit.suspended_until}
        permit.status = Permit.Status.ACTIVE
        permit.save(update_fields=["status"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.reserve.end",
            obj=permit,
            old=old,
            new={"status": permit.status},
            basis=basis_of(None, [reserve_cite]),
            extra={"reason": reason.strip(), "effective_on": on, "reserve_began_on": began},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            from_status=old["status"],
            to_status=permit.status,
            effective_on=on,
            reason=f"fim da reserva ({reserve_cite.render()}): {reason.strip()}"[:300],
            act=act,
        )
    return permit


def permit_cassar(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    """Only the competent authority (mototaxi art. 34 §1), after defence (D-3)."""
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.CASSADA,
        reason=reason,
        effective_on=on,
        basis=basis,
    )


def permit_revoke(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.REVOKED,
        reason=reason,
        effective_on=on,
        basis=basis,
    )


def permit_renew(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date
) -> Permit:
    """Yearly registration certificate (mototaxi art. 4 §1): checks the holder again."""
    authorize(actor=actor, municipality=municipality, action="permit.renew", law=permit.law)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status != Permit.Status.ACTIVE:
            raise InvalidTransition("só se renova permissão ativa")
        # The permit renewed is the holder's own, not another one (art. 8, art. 32 III f).
        decision = person_eligibility(permit.holder, permit.service, on, exclude=permit)
        if decision.refusals:
            raise Refused(decision)
        old = {"certificate_valid_until": permit.certificate_valid_until}
        permit.certificate_valid_until = _valid_until(
            municipality, permit.service, "registro_cadastral", on
        )
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["certificate_valid_until", "irregular", "irregular_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.renew",
            obj=permit,
            old=old,
            new={"certificate_valid_until": permit.certificate_valid_until},
            basis=basis_of(decision),
        )
    return permit


#: A permit's status in the words of the mototaxi law's extension question (art. 2, 6, 31).
EXTENSION_STATUS = {
    Permit.Status.ACTIVE: "ativa",
    Permit.Status.SUSPENDED: "suspensa",
    Permit.Status.RESERVE: "reserva",
    Permit.Status.REVOKED: "revogada",
    Permit.Status.CASSADA: "cassada",
    Permit.Status.EXTINCT: "extinta",
    Permit.Status.RENOUNCED: "renunciada",
}


def extension_decision(
    municipality: Municipality, permit: Permit, on: dt.date, *, executive_act: bool = True
) -> Decision:
    """The bound law's answer on extending ``permit`` on ``on`` (its period, the term end it
    would reach, the extensions left), from the permit's record."""
    return bound_law(municipality, permit.service, on).ask(
        "permit_extension",
        {
            "granted_on": permit.granted_on.isoformat(),
            "term_end": permit.term_end.isoformat(),
            "extensions_granted": permit.extensions,
            "status": EXTENSION_STATUS[Permit.Status(permit.status)],
            "executive_act": executive_act,
        },
    )


def permit_extend(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, act_reference: str
) -> Permit:
    """Prorrogação of a mototaxi or motofrete permission (mototaxi art. 6: "prorrogável por até 03
    (três) períodos de 05 (cinco) anos, a critério do Poder Executivo municipal"): the law core
    decides on ``on`` — the Executive's act given (``act_reference``), fewer than three extensions
    so far, the term still running, the permission not extinguished — and the term end moves by
    one period. The history and the act record the old and new term end and the Executive's act.

    The taxi law has no extension: the holder chooses the term at the grant (taxi art. 10) and the
    Termo is renewed yearly up to it (art. 13)."""
    law = permit.law
    if not answers(law, "permit_extension"):
        # A law with no extension (the taxi law: the term chosen at the grant, art. 10, and the
        # Termo renewed yearly up to it, art. 13), in its own articles.
        cites = cited_once(law, "term", "registration_certificate")
        raise InvalidTransition(
            f"a lei que rege {permit.get_service_display()} não prevê prorrogação"
            + (
                f": o prazo é o escolhido na outorga, com o Termo renovado anualmente até ele "
                f"({cites})"
                if cites
                else f" ({LAW_TITLES.get(law, law)})"
            )
        )
    authorize(actor=actor, municipality=municipality, action="permit.extend", law=permit.law)
    reference = act_reference.strip()
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        decision = extension_decision(municipality, permit, on, executive_act=bool(reference))
        if decision.refusals:
            raise Refused(decision)
        new_end = decision.outcome["new_term_end"]
        new_end = new_end if isinstance(new_end, dt.date) else dt.date.fromisoformat(new_end)
        old = {"term_end": permit.term_end, "extensions": permit.extensions}
        permit.term_end, permit.extensions = new_end, permit.extensions + 1
        permit.save(update_fields=["term_end", "extensions"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.extend",
            obj=permit,
            old=old,
            new={"term_end": permit.term_end, "extensions": permit.extensions},
            basis=basis_of(decision),
            extra={"act_reference": reference, "effective_on": on},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            from_status=permit.status,
            to_status=permit.status,
            effective_on=on,
            reason=(
                f"{permit.extensions}ª prorrogação ({cited(permit.law, 'extension')}): termo final de "
                f"{old['term_end']:%d/%m/%Y} para {permit.term_end:%d/%m/%Y} — {reference}"
            )[:300],
            act=act,
        )
    return permit


# Auxiliaries --------------------------------------------------------------------------------


def auxiliary_add(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    person: Person,
    on: dt.date,
    work_schedule: str = "",
    indication: str = "",
) -> Auxiliary:
    """At most 1 auxiliary per mototaxi vehicle (art. 6 §4, art. 14), indicated in writing by the
    holder (art. 14 §1: ``indication``, the protocol or document of the indication, kept with the
    auxiliary), with the same requirements as the holder (art. 14 §2); credential valid one year;
    schedule filed (art. 14 §3)."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        current = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).count()
        eligibility = person_eligibility(
            person,
            permit.service,
            on,
            role="auxiliar",
            auxiliary={
                "indicated_in_writing": bool(indication.strip()),
                "other_auxiliaries_on_vehicle": current,
                "schedule_filed": bool(work_schedule.strip()),
            },
        )
        if eligibility.refusals:
            raise Refused(eligibility)
        aux = Auxiliary.objects.create(
            permit=permit,
            person=person,
            added_on=on,
            work_schedule=work_schedule,
            indication=indication.strip()[:200],
            registration_number=next_number(f"register:{permit.service}:auxiliar"),
            credential_valid_until=_valid_until(
                municipality, permit.service, "credenciamento_auxiliar", on
            ),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.add",
            obj=aux,
            new={"permit": permit.number, "person": person.pk, "indication": aux.indication},
            basis=basis_of(eligibility),
        )
    return aux


def auxiliary_cassar(
    *,
    actor: Actor,
    municipality: Municipality,
    auxiliary: Auxiliary,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Auxiliary:
    """Cassação of the auxiliary's inscription or credential, decided in a process by the
    competent authority (taxi art. 41 IV §3: the auxiliary may no longer drive a taxi in the
    municipality; mototaxi art. 31 V, 32 IV, 34 §1). The bar is kept as the auxiliary's status and
    date (read again as a cassação by the eligibility facts)."""
    authorize(
        actor=actor, municipality=municipality, action="penalty.cassacao", law=auxiliary.permit.law
    )
    if not reason.strip():
        raise V.FieldError("motivo", "informe o motivo do ato")
    with transaction.atomic(), tenant(municipality):
        aux = Auxiliary.objects.select_for_update().get(pk=auxiliary.pk)
        if aux.status == Auxiliary.Status.CASSADO:
            raise InvalidTransition("o auxiliar já está cassado")
        old = {"status": aux.status, "removed_on": aux.removed_on}
        aux.status, aux.removed_on = Auxiliary.Status.CASSADO, on
        aux.save(update_fields=["status", "removed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.cassado",
            obj=aux,
            old=old,
            new={"status": aux.status, "removed_on": on},
            basis=basis,
            extra={"reason": reason.strip()},
        )
    return aux


def auxiliary_remove(
    *, actor: Actor, municipality: Municipality, auxiliary: Auxiliary, on: dt.date, reason: str
) -> Auxiliary:
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=auxiliary.permit.law
    )
    with transaction.atomic(), tenant(municipality):
        aux = Auxiliary.objects.select_for_update().get(pk=auxiliary.pk)
        if aux.status != Auxiliary.Status.ACTIVE:
            raise InvalidTransition("o auxiliar não está ativo")
        aux.status, aux.removed_on = Auxiliary.Status.REMOVED, on
        aux.save(update_fields=["status", "removed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.remove",
            obj=aux,
            old={"status": "active"},
            new={"status": "removed"},
            extra={"reason": reason},
        )
    return aux


def _auxiliary_renewal_decisions(
    aux: Auxiliary,
    on: dt.date,
    *,
    schedule: str,
    declarations: Iterable[str],
    checks: Mapping[str, Any] | None,
) -> list[Decision]:
    """What the auxiliary's law asks on ``on`` to renew the credential: the same requirements as
    at the indication, and the period of the renewed credential with its own conditions."""
    permit, person, m = aux.permit, aux.person, aux.municipality
    current = aux.credential_valid_until.isoformat() if aux.credential_valid_until else None
    if permit.service != Service.TAXI:
        # Mototaxi art. 14 §2: the same requirements as the holder's (art. 5), checked again.
        others = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).exclude(pk=aux.pk)
        requirements = person_eligibility(
            person,
            permit.service,
            on,
            role="auxiliar",
            auxiliary={
                "indicated_in_writing": bool(aux.indication.strip()),
                "other_auxiliaries_on_vehicle": others.count(),
                "schedule_filed": bool(schedule.strip()),
            },
        )
        period = bound_law(m, permit.service, on).ask(
            "auxiliary_credential_renewal", {"credential_valid_until": current}
        )
        return [requirements, period]
    # Taxi art. 21: the inscription in the Cadastro with the documents of art. 18 and 22, the
    # residence (art. 4 XIV) and the auxiliary's own final debts (art. 21 §1, D-11).
    from outorga.finance import selectors as ledger

    from . import taxi as T

    law = bound_law(m, permit.service, on)
    documents = law.ask(
        "registration_documents",
        T.person_documents_facts(
            person,
            presented_on=on,
            vehicle=permit.vehicle,
            checks=checks or {},
            declarations=declarations,
        ),
    )
    period = law.ask(
        "auxiliary_renewal",
        {
            "credential_valid_until": current,
            "resides_in_ipatinga": T._in_municipality(person, m),
            "debts": T._debt_facts(
                ledger.debts_blocking(person, on), ledger.debts_under_review(person)
            ),
        },
    )
    bar = T.register_bar(person, on)  # art. 41 IV §3, art. 42 IV
    return [*([bar] if bar is not None else []), documents, period]


def auxiliary_renew(
    *,
    actor: Actor,
    municipality: Municipality,
    auxiliary: Auxiliary,
    on: dt.date,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
    work_schedule: str = "",
) -> Auxiliary:
    """Renew an auxiliary's credential on ``on``: mototaxi art. 14 §2 (one year, the holder's
    requirements checked again) or, for a taxi auxiliary, the yearly renewal of the inscription in
    the Cadastro (taxi art. 21, with the documents of art. 22 and no final debt of the auxiliary,
    art. 21 §1). The law core gives the new expiry: one period from the old expiry when renewed on
    or before it, else from ``on`` — both laws are silent on the anchor (see
    ``art_14_par2_renewal_period`` and ``art_21_auxiliary_period``). Any failed requirement
    refuses with its article. ``work_schedule``, when given, replaces the schedule on file
    (mototaxi art. 14 §3)."""
    law = auxiliary.permit.law
    authorize(actor=actor, municipality=municipality, action="auxiliary.renew", law=law)
    with transaction.atomic(), tenant(municipality):
        # The lock order of registry.locking: the permit first, then its auxiliary.
        permit = Permit.objects.select_for_update().get(pk=auxiliary.permit_id)
        aux = Auxiliary.objects.select_for_update().select_related("person").get(pk=auxiliary.pk)
        aux.permit = permit
        if aux.status != Auxiliary.Status.ACTIVE:
            raise InvalidTransition(
                f"o auxiliar está {aux.get_status_display()}: só se renova a credencial de "
                "auxiliar ativo; um novo credenciamento é um novo cadastro"
            )
        if permit.status not in F.ACTIVE_STATUSES:
            raise InvalidTransition(
                f"a permissão {permit.number} está {permit.get_status_display()}: o auxiliar "
                "vinculado a ela não tem credencial a renovar"
            )
        schedule = work_schedule.strip() or aux.work_schedule
        decisions = _auxiliary_renewal_decisions(
            aux, on, schedule=schedule, declarations=declarations, checks=checks
        )
        if any(d.refusals for d in decisions):
            raise Refused(
                Decision(
                    "registry.auxiliary_renew",
                    on,
                    municipality.slug,
                    False,
                    tuple(r for d in decisions for r in d.reasons),
                    "renovação da credencial recusada",
                )
            )
        until = decisions[-1].outcome["valid_until"]
        until = until if isinstance(until, dt.date) else dt.date.fromisoformat(until)
        old = {
            "credential_valid_until": aux.credential_valid_until,
            "work_schedule": aux.work_schedule,
        }
        aux.credential_valid_until, aux.work_schedule = until, schedule
        aux.save(update_fields=["credential_valid_until", "work_schedule"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.renew",
            obj=aux,
            old=old,
            new={"credential_valid_until": until, "work_schedule": schedule},
            basis=basis_of(None, [c for d in decisions for c in d.citations]),
            extra={
                "permit": permit.number,
                "effective_on": on,
                "decisions": [d.to_json() for d in decisions],
            },
        )
    return aux

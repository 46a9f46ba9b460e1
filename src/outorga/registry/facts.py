"""Builds the facts a rulebook question needs from registry rows (reads only).

The law core decides; this module only translates the database into the question's JSON facts.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from typing import Any

from .models import Document, Permit, Person, Service, Vehicle

ACTIVE_STATUSES = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)


def latest_document(
    person: Person | None, vehicle: Vehicle | None, doc_type: str
) -> Document | None:
    qs = Document.objects.filter(doc_type=doc_type)
    qs = qs.filter(person=person) if person is not None else qs.filter(vehicle=vehicle)
    return qs.order_by("-issued_on", "-id").first()


def _has(person: Person, doc_type: str) -> bool:
    return latest_document(person, None, doc_type) is not None


def other_permissions(person: Person, exclude: Permit | None = None) -> list[dict[str, Any]]:
    qs = Permit.objects.filter(holder=person, status__in=ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return [{"service": p.service, "active": True} for p in qs]


def cassations(person: Person) -> list[dict[str, Any]]:
    from .models import Auxiliary, PermitStatusChange

    out = [
        {"kind": "permissao", "effective_on": c.effective_on.isoformat()}
        for c in PermitStatusChange.objects.filter(
            permit__holder=person, to_status=Permit.Status.CASSADA
        )
    ]
    out += [
        {"kind": "credenciamento_auxiliar", "effective_on": a.removed_on.isoformat()}
        for a in Auxiliary.objects.filter(person=person, status=Auxiliary.Status.CASSADO)
        if a.removed_on
    ]
    return out


def mototaxi_person(
    person: Person,
    *,
    service: str,
    role: str = "permissionario",
    tender_homologated_on: dt.date | None = None,
    exclude: Permit | None = None,
) -> dict[str, Any]:
    """``exclude``: the permit being renewed is not "another" permission of its holder."""
    licence = getattr(person, "licence", None)
    medical = latest_document(person, None, Document.Type.MEDICAL)
    facts: dict[str, Any] = {
        "role": role,
        "service": service,
        "person_type": "fisica" if person.kind == Person.Kind.NATURAL else "juridica",
        # A missing birth date stays missing: the law core refuses an age it cannot prove (art. 5 I).
        "birth_date": person.birth_date.isoformat() if person.birth_date else None,
        "cnh_category_a_since": (
            licence.category_a_since.isoformat() if licence and licence.category_a_since else None
        ),
        "course_approved": _has(person, Document.Type.COURSE),
        "documents": {
            "rg": _has(person, Document.Type.RG),
            "military_clearance": _has(person, Document.Type.MILITARY),
            "electoral_clearance": _has(person, Document.Type.ELECTORAL),
            "photos": _has(person, Document.Type.PHOTOS) or bool(person.photo),
            "residence_proof": _has(person, Document.Type.RESIDENCE),
            "criminal_certificates": _has(person, Document.Type.CRIMINAL),
            "cpf": _has(person, Document.Type.CPF) or bool(person.document),
        },
        "medical_certificate": (
            {
                "issued_on": medical.issued_on.isoformat(),
                "presented_on": medical.presented_on.isoformat(),
            }
            if medical
            else {}
        ),
        "other_permissions": other_permissions(person, exclude),
        "cassations": cassations(person),
    }
    if tender_homologated_on:
        facts["tender_homologated_on"] = tender_homologated_on.isoformat()
    return facts


def same_place(a: str, b: str) -> bool:
    """Town names as people type them: case and accents aside ("Ipatinga", "IPATINGA")."""

    def norm(name: str) -> str:
        decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
        return "".join(c for c in decomposed if not unicodedata.combining(c))

    return bool(a.strip()) and norm(a) == norm(b)


def vehicle_other_permits(vehicle: Vehicle, exclude: Permit | None = None) -> list[dict[str, str]]:
    """The permits in force (active, suspended or in reserve) that already bind ``vehicle``."""
    qs = Permit.objects.filter(vehicle=vehicle, status__in=ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return [{"service": p.service, "number": p.number} for p in qs.order_by("id")]


def mototaxi_vehicle(
    vehicle: Vehicle,
    *,
    service: str,
    equipment: list[str],
    holder: Person,
    permit: Permit | None = None,
) -> dict[str, Any]:
    """``holder``: who holds (or applies for) the permit the vehicle serves; ``permit``: that permit
    when it exists (it is not "another" permit binding the vehicle)."""
    inspection = latest_document(None, vehicle, Document.Type.INSPECTION)
    owner_docs = {
        d: latest_document(None, vehicle, d) is not None
        for d in (Document.Type.CRLV, Document.Type.CRV, Document.Type.DPVAT)
    }
    # The documents name the vehicle's owner on record: they are in the holder's name only when
    # the holder owns the vehicle (art. 5 §5).
    owned = vehicle.owner_id == holder.pk
    facts: dict[str, Any] = {
        "service": service,
        "kind": vehicle.kind,
        "engine_cc": vehicle.engine_cc or 0,
        "manufacture_year": vehicle.manufacture_year,
        "registration_uf": vehicle.registration_uf,
        "registration_category": "aluguel" if vehicle.rental_category else "particular",
        "red_plate": vehicle.rental_category,
        "documents": {
            # The CRLV updated in the municipality whose law this is (art. 5 §1, I).
            "crlv_updated_in_ipatinga": owner_docs[Document.Type.CRLV]
            and same_place(vehicle.registration_city, vehicle.municipality.name),
            "dpvat": owner_docs[Document.Type.DPVAT],
            "vistoria_report": latest_document(None, vehicle, Document.Type.VISTORIA) is not None,
            "inspection_report_on": inspection.issued_on.isoformat() if inspection else None,
        },
        "in_holders_name": {
            "crv": owned and owner_docs[Document.Type.CRV],
            "crlv": owned and owner_docs[Document.Type.CRLV],
            "dpvat": owned and owner_docs[Document.Type.DPVAT],
        },
        "equipment": equipment,
        # Art. 5 §8 and art. 6 §2: the permits that already bind this vehicle.
        "other_permits": vehicle_other_permits(vehicle, permit),
    }
    if service == Service.MOTOFRETE:
        facts["cargo"] = cargo_facts(vehicle)
    return facts


def cargo_facts(vehicle: Vehicle) -> dict[str, Any]:
    """The motofrete's cargo equipment on record (art. 24 §1, §2, §4, §5)."""
    return {
        "device": vehicle.cargo_device or None,
        "within_contran_limits": vehicle.cargo_within_contran_limits,
        "mirrors_unobstructed": vehicle.cargo_mirrors_unobstructed,
        "sidecar": vehicle.sidecar,
        "semi_trailer": vehicle.semi_trailer,
        "retroreflective_strips": vehicle.retroreflective_strips,
    }


def active_permits(service: str) -> int:
    if service == Service.TAXI:
        return Permit.objects.filter(service=Service.TAXI, status__in=ACTIVE_STATUSES).count()
    return Permit.objects.filter(service=service, status__in=ACTIVE_STATUSES).count()


#: The registry's vehicle kinds in the taxi law's words (art. 27: automóvel or similar).
TAXI_VEHICLE_KIND = {Vehicle.Kind.AUTOMOVEL: "automovel", Vehicle.Kind.CAMIONETA: "similar"}


def taxi_vehicle(
    vehicle: Vehicle,
    *,
    category: str,
    occasion: str | None = None,
    renewal_anchor: dt.date | None = None,
) -> dict[str, Any]:
    """The facts of a taxi's vehicle (taxi ``vehicle_eligibility``: art. 2, 27–29), all from the
    record — the one builder of the registry, the sweep and the vistoria. Registered and licensed
    in the municipality (art. 28 I): its state and town of registration, and a CRLV on record (or
    the factory invoice of a new car). A number not on record stays missing: the law refuses it
    as not proven (art. 27, 28 III), never a default."""
    m = vehicle.municipality
    registered_here = vehicle.registration_uf == m.uf and same_place(
        vehicle.registration_city, m.name
    )
    facts: dict[str, Any] = {
        "category": category,
        "kind": TAXI_VEHICLE_KIND.get(Vehicle.Kind(vehicle.kind), "outro"),
        "colour": vehicle.colour or "não informada",
        "doors": vehicle.doors,
        "capacity": vehicle.seats,
        "registered_municipality_ibge": m.ibge_code if registered_here else "0000000",
        "licensed": latest_document(None, vehicle, Document.Type.CRLV) is not None
        or vehicle.invoice_date is not None,
        "manufacture_year": vehicle.manufacture_year,
    }
    if occasion:
        facts["occasion"] = occasion
    if vehicle.invoice_date:
        facts["factory_invoice_date"] = vehicle.invoice_date.isoformat()
    if renewal_anchor:
        facts["renewal_anchor"] = renewal_anchor.isoformat()
    return facts

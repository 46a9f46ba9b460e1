"""Builds the facts a rulebook question needs from registry rows (reads only), for the mototaxi and
motofrete interface and for the taxi interface.

The law core decides; this module only translates the database into the question's JSON facts.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from outorga.core.models import Municipality
from outorga.law.interfaces import interface_of

from .models import (
    Document,
    Permit,
    Person,
    Service,
    Vehicle,
    VehicleChange,
)

ACTIVE_STATUSES = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)


def latest_document(
    person: Person | None, vehicle: Vehicle | None, doc_type: str
) -> Document | None:
    qs = Document.objects.current().filter(doc_type=doc_type)
    qs = qs.filter(person=person) if person is not None else qs.filter(vehicle=vehicle)
    return qs.order_by("-issued_on", "-id").first()


def _has(person: Person, doc_type: str) -> bool:
    return latest_document(person, None, doc_type) is not None


def other_permissions(person: Person, exclude: Permit | None = None) -> list[dict[str, Any]]:
    qs = Permit.objects.filter(holder=person, status__in=ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return [{"service": p.service, "active": True} for p in qs]


def cassations(person: Person, service: str) -> list[dict[str, Any]]:
    """The cassações on record of ``person``'s permissions and auxiliary credentials in the
    services whose law is that of ``service`` (its interface's services: mototaxi and motofrete
    under one law). The bar after a cassação is each law's own (mototaxi art. 32 §1 and §3:
    "a permissão" and "seu credenciamento" cassados for breaking "as normas estabelecidas nesta
    Lei"); a taxi permission cassada under the taxi law bars no mototaxi permission. A cassação
    annulled of the administration's own motion was void from its origin (Lei 9.784/1999 art.
    53, ADR 0066): it bars nothing."""
    from .models import Auxiliary, PermitStatusChange

    services = interface_of(service).services
    out = [
        {"kind": "permissao", "effective_on": c.effective_on.isoformat()}
        for c in PermitStatusChange.objects.filter(
            permit__holder=person,
            permit__service__in=services,
            to_status=Permit.Status.CASSADA,
            annulled_on__isnull=True,
        )
    ]
    out += [
        {"kind": "credenciamento_auxiliar", "effective_on": a.removed_on.isoformat()}
        for a in Auxiliary.objects.filter(
            person=person, permit__service__in=services, status=Auxiliary.Status.CASSADO
        )
        if a.removed_on
    ]
    return out


MOTOTAXI_PERSON_DOCUMENTS: dict[str, str] = {
    "rg": Document.Type.RG,
    "military_clearance": Document.Type.MILITARY,
    "electoral_clearance": Document.Type.ELECTORAL,
    "photos": Document.Type.PHOTOS,
    "residence_proof": Document.Type.RESIDENCE,
    "criminal_certificates": Document.Type.CRIMINAL,
    "cpf": Document.Type.CPF,
}
#: Every record the mototaxi person facts read (the guided grant's checklist).
MOTOTAXI_PERSON_RECORDS = (
    *MOTOTAXI_PERSON_DOCUMENTS.values(),
    Document.Type.COURSE,
    Document.Type.MEDICAL,
)
#: Every record the motofrete vehicle facts read (art. 5 §1, I–III; §5).
MOTOFRETE_VEHICLE_RECORDS = (
    Document.Type.CRLV,
    Document.Type.CRV,
    Document.Type.DPVAT,
    Document.Type.VISTORIA,
    Document.Type.INSPECTION,
)
#: Every record the mototaxi vehicle facts read: those and the copy of the insurance policy for
#: driver and passenger (art. 13 XXI, art. 19 §1–§2).
MOTOTAXI_VEHICLE_RECORDS = (*MOTOFRETE_VEHICLE_RECORDS, Document.Type.INSURANCE)


#: Every record the taxi law reads of a natural person (art. 22 I, III–VIII; the CNH, II, is a
#: record of its own; the declarations, IX–X, are signed at the counter): the guided grant's
#: checklist, as ``person_documents_facts`` reads them (the identity by the RG, else the CPF).
TAXI_PERSON_RECORDS = (
    Document.Type.RG,
    Document.Type.ELECTORAL,
    Document.Type.MEDICAL,
    Document.Type.INSS,
    Document.Type.COURSE,
    Document.Type.RESIDENCE,
    Document.Type.CRIMINAL,
)
#: ... and of a legal person (art. 23 I, III; the certificates of V–VIII at the counter).
TAXI_COMPANY_RECORDS = (Document.Type.COMPANY, Document.Type.OPERATING_LICENCE)


def taxi_vehicle_records(vehicle: Vehicle) -> tuple[str, ...]:
    """Every record the taxi law reads of the vehicle (art. 22 XI–XII, art. 24 I–IV): the GNV
    safety certificate only for a vehicle that runs on it (art. 24 IV)."""
    gnv = vehicle.cng or vehicle.fuel == Vehicle.Fuel.GNV
    return (
        Document.Type.CRLV,
        Document.Type.DPVAT,
        Document.Type.VISTORIA,
        Document.Type.TAXIMETER,
        *((Document.Type.CNG,) if gnv else ()),
    )


def person_records(service: str, person: Person) -> tuple[str, ...]:
    """The person's records the law of ``service`` reads (the guided grant's checklist and the
    portal's list of what an applicant sends)."""
    if service != Service.TAXI:
        return MOTOTAXI_PERSON_RECORDS
    return TAXI_COMPANY_RECORDS if person.kind == Person.Kind.LEGAL else TAXI_PERSON_RECORDS


def vehicle_records(service: str, vehicle: Vehicle) -> tuple[str, ...]:
    """The vehicle's records the law of ``service`` reads."""
    if service == Service.TAXI:
        return taxi_vehicle_records(vehicle)
    return MOTOTAXI_VEHICLE_RECORDS if service == Service.MOTOTAXI else MOTOFRETE_VEHICLE_RECORDS


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
            key: _has(person, doc_type)
            or (key == "photos" and bool(person.photo))
            or (key == "cpf" and bool(person.document))
            for key, doc_type in MOTOTAXI_PERSON_DOCUMENTS.items()
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
        "cassations": cassations(person, service),
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


def one_vehicle_facts(
    vehicle: Vehicle, exclude: Permit | None = None, *, change: bool = False
) -> dict[str, Any]:
    """The facts of ``one_vehicle`` for ``vehicle`` and the permit it is for (``exclude``, when
    it exists): the other permits in force that hold it, and those in force whose own vehicle it
    is, away while a temporary change (reserve vehicle, emergency substitution) stands in. With
    ``change`` (the vehicle is a new one for ``exclude``: a substitution, a reserve or emergency
    vehicle), also ``temporary_in_use``: whether a temporary vehicle already stands in for that
    permit's own (:func:`temporary_in_use`)."""
    away = VehicleChange.objects.filter(
        from_vehicle=vehicle,
        status=VehicleChange.Status.ACTIVE,
        permit__status__in=ACTIVE_STATUSES,
    )
    if exclude is not None:
        away = away.exclude(permit=exclude)
    facts = one_vehicle_of(
        vehicle.plate,
        [p["number"] for p in vehicle_other_permits(vehicle, exclude)],
        away.order_by("permit_id").values_list("permit__number", flat=True),
    )
    if change and exclude is not None:
        facts["temporary_in_use"] = temporary_in_use([exclude])
    return facts


def temporary_in_use(permits: Iterable[Permit]) -> bool:
    """A temporary vehicle — the taxi's reserve vehicle (art. 30), the mototaxi's emergency
    substitution (art. 2 XXIII) — stands in for the own vehicle of one of ``permits``: a change
    of theirs still active. The ``one_vehicle`` fact ``temporary_in_use`` of a new vehicle for a
    permit, and the taxi ``vehicle_change``'s ``reserve_in_use`` for a permuta between two."""
    return VehicleChange.objects.filter(
        permit__in=list(permits), status=VehicleChange.Status.ACTIVE
    ).exists()


def one_vehicle_of(plate: str, held_by: Iterable[str], away_from: Iterable[str]) -> dict[str, Any]:
    """The facts of ``one_vehicle`` as the law reads them, from the numbers of the other permits
    in force that hold the vehicle (``held_by``) and of those whose own vehicle it is, away
    (``away_from``), in the order found, each once — the desk's from the records
    (:func:`one_vehicle_facts`), the import's from its rows and the records."""
    return {
        "plate": plate,
        "held_by": list(dict.fromkeys(held_by)),
        "away_from": list(dict.fromkeys(away_from)),
    }


def mototaxi_vehicle(
    vehicle: Vehicle,
    *,
    service: str,
    equipment: list[str],
    holder: Person,
    permit: Permit | None = None,
    on: dt.date,
    insurance: bool = True,
) -> dict[str, Any]:
    """``holder``: who holds (or applies for) the permit the vehicle serves; ``permit``: that permit
    when it exists (it is not "another" permit binding the vehicle); ``on``: the day the vehicle's
    eligibility is judged (a grant, a renewal, a substitution, the sweep's day): the CRLV
    "atualizado" of art. 5 §1 I is the one in force then (:func:`crlv_in_force_on`), and, unless
    ``insurance`` is False (the vistoria and the sweep's age, which do not read it), a mototaxi's
    insurance policy (art. 13 XXI, art. 19 §1–§2) is read from its copy on record, in force that
    day."""
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
            # The CRLV updated in the municipality whose law this is (art. 5 §1, I): in force
            # on the date of the fact.
            "crlv_updated_in_ipatinga": crlv_in_force_on(vehicle, on)
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
    elif insurance:
        facts["insurance"] = insurance_facts(vehicle, on)
    return facts


def mototaxi_permit_vehicle(vehicle: Vehicle, permit: Permit, on: dt.date) -> dict[str, Any]:
    """:func:`mototaxi_vehicle` of the vehicle serving ``permit`` in force, as the vistoria and the
    sweep's age (art. 3 II) read it on ``on``: no equipment claimed and no insurance read (the
    inspector's answers, where there are any, are added by the law)."""
    return mototaxi_vehicle(
        vehicle,
        service=permit.service,
        equipment=[],
        holder=permit.holder,
        permit=permit,
        on=on,
        insurance=False,
    )


def vehicle_document_of(vehicle: Vehicle, doc_type: str, on: dt.date) -> Document | None:
    """The vehicle's ``doc_type`` of ``on``: the newest current one issued by then (a renewal
    issued later is not it), or None."""
    return (
        Document.objects.current()
        .filter(vehicle=vehicle, doc_type=doc_type, issued_on__lte=on)
        .order_by("-issued_on", "-id")
        .first()
    )


def in_force_on(doc: Document | None, on: dt.date) -> bool:
    """A document of ``on`` (:func:`vehicle_document_of`) is in force unless its record says it
    lapsed before: its end (``valid_until``, the last day it is valid) before ``on``."""
    return doc is not None and (doc.valid_until is None or doc.valid_until >= on)


def crlv_in_force_on(vehicle: Vehicle, on: dt.date) -> bool:
    """The vehicle's CRLV of ``on`` is in force then (taxi art. 24 I, "CRLV vigente"; mototaxi
    art. 5 §1 I, "CRLV atualizado"): valid until the date of the licensing printed on it, not
    before ``on``. A CRLV recorded without that date (kept before the desk asked for it, or
    imported without it) proves no licensing: it counts for neither law, and the sweep asks for
    its correction (``sweep.regularity.undated_crlv_issues``)."""
    crlv = vehicle_document_of(vehicle, Document.Type.CRLV, on)
    return crlv is not None and crlv_in_force(crlv.valid_until, on)


def crlv_in_force(valid_until: dt.date | None, on: dt.date) -> bool:
    """A CRLV valid until ``valid_until`` (the licensing printed on it) is in force on ``on``; one
    whose validity is not known never is (:func:`crlv_in_force_on`; the import's rows)."""
    return valid_until is not None and valid_until >= on


def licensed_on(vehicle: Vehicle, on: dt.date) -> bool:
    """Taxi art. 28 I, "licenciado", on the date of the fact: a CRLV of ``on`` in force then
    (:func:`crlv_in_force_on`); a car with no CRLV on record at all is licensed only as a new
    car by its factory invoice (art. 24 I, "ou nota fiscal em caso de veículo zero
    quilômetro") — an expired CRLV is never made good by the invoice."""
    if latest_document(None, vehicle, Document.Type.CRLV) is not None:
        return crlv_in_force_on(vehicle, on)
    return vehicle.invoice_date is not None


def insurance_facts(vehicle: Vehicle, on: dt.date) -> dict[str, Any]:
    """Mototaxi art. 13 XXI, art. 19 §1–§2: the policy for driver and passenger, as its copies on
    record show it on ``on``: the newest issued by then, in force unless its record says it lapsed
    before, with the amount of cover printed on it where the desk recorded it (art. 13 XXI: the
    law compares it once the Chief Executive sets a minimum,
    ``vehicle.insurance_min_coverage_cents``, null until then)."""
    policy = vehicle_document_of(vehicle, Document.Type.INSURANCE, on)
    if policy is None:
        filed = latest_document(None, vehicle, Document.Type.INSURANCE) is not None
        return {"policy_in_force": False, "copy_filed": filed}
    facts: dict[str, Any] = {"policy_in_force": in_force_on(policy, on), "copy_filed": True}
    if policy.coverage_cents is not None:
        facts["coverage_cents"] = policy.coverage_cents
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


def fine_facts(code: str, committed_on: dt.date, imposed_on: dt.date) -> dict[str, Any]:
    """The ``fine`` question's facts for one infraction (mototaxi art. 37–41): committed on a date
    (its nature's value then, D-15), imposed on another (the fiscal unit's value then, D-5)."""
    return {
        "infractions": [{"code": code, "committed_on": committed_on.isoformat()}],
        "imposed_on": imposed_on.isoformat(),
    }


def penalty_fine_facts(code: str, committed_on: dt.date, imposed_on: dt.date) -> dict[str, Any]:
    """The ``penalty`` question's facts asking for a fine (taxi art. 41 §2), where the law has no
    ``fine`` question: the infraction's nature then (D-15), the fiscal unit's value on the day it
    is imposed (D-5). A case adds its notice and the regulation's items to them."""
    return {
        "infraction": code,
        "committed_on": committed_on.isoformat(),
        "imposed_on": imposed_on.isoformat(),
        "requested": "multa",
    }


TAXI_VEHICLE_KIND = {Vehicle.Kind.AUTOMOVEL: "automovel", Vehicle.Kind.CAMIONETA: "similar"}


def taxi_renewal_anchor(signed_on: dt.date | None, granted_on: dt.date) -> dt.date:
    """The day a taxi's yearly renewal of the registration comes back to (art. 21, art. 28 §2):
    the Termo's signature, else — a permit imported without its Termo — the grant."""
    return signed_on or granted_on


def vehicle_age_facts(
    service: str,
    manufacture_year: int,
    *,
    invoice_date: dt.date | None,
    renewal_anchor: dt.date,
) -> dict[str, Any]:
    """The facts of the bound law's ``vehicle_age`` for a vehicle in service: mototaxi and
    motofrete read the year alone (art. 3, II); the taxi the year, the factory invoice of a new
    car and the yearly renewal's anchor (art. 28, II, §1–2; D-6)."""
    if service == Service.TAXI:
        return {
            "manufacture_year": manufacture_year,
            "factory_invoice_date": invoice_date.isoformat() if invoice_date else None,
            "renewal_anchor": renewal_anchor.isoformat(),
        }
    return {"service": service, "manufacture_year": manufacture_year}


def taxi_vehicle(
    vehicle: Vehicle,
    *,
    category: str,
    on: dt.date,
    occasion: str | None = None,
    renewal_anchor: dt.date | None = None,
    renewal_due_on: dt.date | None = None,
) -> dict[str, Any]:
    """The facts of a taxi's vehicle (taxi ``vehicle_eligibility``: art. 2, 27–29), all from the
    record — the one builder of the registry, the sweep and the vistoria. Registered and licensed
    in the municipality (art. 28 I): its state and town of registration, and a CRLV in force on
    ``on``, the date of the fact (:func:`licensed_on`). A number not on record stays missing: the
    law refuses it as not proven (art. 27, 28 III), never a default."""
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
        "licensed": licensed_on(vehicle, on),
        "manufacture_year": vehicle.manufacture_year,
    }
    if occasion:
        facts["occasion"] = occasion
    if vehicle.invoice_date:
        facts["factory_invoice_date"] = vehicle.invoice_date.isoformat()
    if renewal_anchor:
        facts["renewal_anchor"] = renewal_anchor.isoformat()
    if renewal_due_on:
        facts["renewal_due_on"] = renewal_due_on.isoformat()
    return facts


# --- the taxi interface's facts: the person, the documents a taxista presents, the vehicle -------


OUTORGA_SERVICE = {
    Service.TAXI: "taxi",
    Service.MOTOTAXI: "mototaxi",
    Service.MOTOFRETE: "motofrete",
}


def resides_in_municipality(person: Person, m: Municipality) -> bool:
    return person.city.strip().casefold() == m.name.casefold()


def other_outorgas(person: Person, exclude: Permit | None = None) -> list[dict[str, Any]]:
    """Every live permission the person holds in this municipality, of any service (D-13)."""
    qs = Permit.objects.filter(holder=person, status__in=ACTIVE_STATUSES)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    return [
        {
            "service": OUTORGA_SERVICE[Service(p.service)],
            "kind": "permissao",
            "in_municipality": True,
            "reference": p.number,
        }
        for p in qs
    ]


def person_facts(
    person: Person,
    *,
    category: str,
    on: dt.date,
    awarded_in_tender: bool,
    public_employment: bool = False,
    exclude: Permit | None = None,
) -> dict[str, Any]:
    """Facts of ``taxi.person_eligibility`` (art. 3, 4, 6, 11, 12, 22 X, 23 VIII)."""
    m = person.municipality
    natural = person.kind == Person.Kind.NATURAL
    facts: dict[str, Any] = {
        "holder_kind": "pessoa_fisica" if natural else "pessoa_juridica",
        "grant_date": on.isoformat(),
        "categories": [category],
        "vehicles": 1,
        "awarded_in_tender": awarded_in_tender,
        "domiciled_in_ipatinga": resides_in_municipality(person, m),
        "municipal_servant": person.is_public_servant,
        "public_employment_in_exercise": public_employment,
        "other_permissions": other_outorgas(person, exclude),
    }
    if not natural:
        facts["partners"] = [
            {
                "name": p.name,
                "other_permissions": other_outorgas(p),
                "public_employment_in_exercise": p.is_public_servant,
            }
            for p in person.partners.all()
        ]
    return facts


def document_facts(doc: Any, **more: Any) -> dict[str, Any]:
    """A document as the taxi law's ``registration_documents`` reads it: presented, its issue
    and validity, and ``more`` of what is printed on it (None left out)."""
    if doc is None:
        return {"presented": False}
    out: dict[str, Any] = {"presented": True, "issued_on": doc.issued_on.isoformat()}
    if doc.valid_until:
        out["valid_until"] = doc.valid_until.isoformat()
    out.update({k: v for k, v in more.items() if v is not None})
    return out


#: Declarations and certificates of art. 22 IX–X and 23 V–VIII (the law core's codes) and the
#: typed registry document of each. One signed or shown at the counter for the act being done
#: (``declarations``) also counts as presented on that date.
COUNTER_DOCUMENTS: dict[str, str] = {
    "declaracao_outorgas": Document.Type.DECL_NO_OTHER_GRANT,
    "declaracao_vinculo": Document.Type.DECL_NO_PUBLIC_JOB,
    "declaracao_socios": Document.Type.DECL_PARTNERS,
    "regularidade_fiscal": Document.Type.TAX_CLEARANCE,
    "certidao_trabalhista": Document.Type.LABOUR_CLEARANCE,
    "cnd_inss_fgts": Document.Type.INSS_FGTS_CLEARANCE,
}


DECLARATIONS = tuple(COUNTER_DOCUMENTS)
#: The counter documents of a natural person (art. 22 IX–X) and of a legal person (art. 23 V–VIII).
NATURAL_COUNTER = ("declaracao_outorgas", "declaracao_vinculo")


def counter_records(service: str, person: Person) -> tuple[str, ...]:
    """The declarations and certificates of ``COUNTER_DOCUMENTS`` the law of ``service`` reads of
    the person, as registry document types (none under the mototaxi law)."""
    if service != Service.TAXI:
        return ()
    natural = person.kind == Person.Kind.NATURAL
    return tuple(
        doc_type
        for code, doc_type in COUNTER_DOCUMENTS.items()
        if (code in NATURAL_COUNTER) == natural
    )


def _counter_doc(code: str, person: Person, signed: set[str]) -> dict[str, Any]:
    if code in signed:
        return {"presented": True}
    return document_facts(latest_document(person, None, COUNTER_DOCUMENTS[code]))


def person_documents_facts(
    person: Person,
    *,
    presented_on: dt.date,
    vehicle: Vehicle | None,
    checks: Mapping[str, Any],
    declarations: Iterable[str] = (),
) -> dict[str, Any]:
    """Facts of ``taxi.registration_documents`` for a natural or legal person (art. 22–23).

    The documents are presented for the act being done on ``presented_on`` (the criminal
    certificate's 30 days, art. 22 VIII, count to that date)."""
    m = person.municipality
    signed = set(declarations)
    ibge = m.ibge_code if resides_in_municipality(person, m) else "0000000"
    if person.kind == Person.Kind.LEGAL:
        company = latest_document(person, None, Document.Type.COMPANY)
        docs = {
            "contrato_social": document_facts(company),
            "cnpj": {"presented": bool(person.document)},
            "alvara": document_facts(
                latest_document(person, None, Document.Type.OPERATING_LICENCE)
            ),
            "endereco": {"presented": bool(person.address), "municipality_ibge": ibge},
            **{
                code: _counter_doc(code, person, signed)
                for code in (
                    "regularidade_fiscal",
                    "certidao_trabalhista",
                    "cnd_inss_fgts",
                    "declaracao_socios",
                )
            },
        }
        return {
            "subject": "pessoa_juridica",
            "presented_on": presented_on.isoformat(),
            "documents": docs,
        }
    licence = getattr(person, "licence", None)
    cnh: dict[str, Any] = {"presented": licence is not None}
    if licence is not None:
        cats = [c for c in "EDCB" if c in licence.categories]
        cnh.update(
            category=cats[0] if cats else licence.categories[:1],
            valid_until=licence.expires_on.isoformat(),
        )
    residence = latest_document(person, None, Document.Type.RESIDENCE)
    criminal = latest_document(person, None, Document.Type.CRIMINAL)
    vistoria = latest_document(None, vehicle, Document.Type.VISTORIA) if vehicle else None
    dpvat = latest_document(None, vehicle, Document.Type.DPVAT) if vehicle else None
    docs = {
        "identidade_cpf": document_facts(
            latest_document(person, None, Document.Type.RG)
            or latest_document(person, None, Document.Type.CPF)
        ),
        "cnh": cnh,
        "quitacao_militar_eleitoral": document_facts(
            latest_document(person, None, Document.Type.ELECTORAL)
        ),
        "atestado_medico": document_facts(latest_document(person, None, Document.Type.MEDICAL)),
        "inss": document_facts(latest_document(person, None, Document.Type.INSS)),
        "curso": document_facts(latest_document(person, None, Document.Type.COURSE)),
        "residencia": document_facts(residence, municipality_ibge=ibge if residence else None),
        "antecedentes_criminais": document_facts(criminal),
        "declaracao_outorgas": _counter_doc("declaracao_outorgas", person, signed),
        "declaracao_vinculo": _counter_doc("declaracao_vinculo", person, signed),
        # The category printed on the insurance document, as recorded (art. 22 XI).
        "seguro_obrigatorio": document_facts(
            dpvat, category=(dpvat.category or None) if dpvat else None
        ),
        "vistoria": document_facts(
            vistoria, approved=bool(checks.get("inspection_approved")) if vistoria else None
        ),
    }
    return {"subject": "pessoa_fisica", "presented_on": presented_on.isoformat(), "documents": docs}


def vehicle_documents_facts(
    vehicle: Vehicle, holder: Person, *, presented_on: dt.date, checks: Mapping[str, Any]
) -> dict[str, Any]:
    """Facts of ``taxi.registration_documents`` for the vehicle (art. 24)."""
    crlv = latest_document(None, vehicle, Document.Type.CRLV)
    owners = {holder.pk, *holder.partners.values_list("pk", flat=True)}
    zero_km = crlv is None and vehicle.invoice_date is not None
    taximeter = latest_document(None, vehicle, Document.Type.TAXIMETER)
    docs = {
        "crlv_ou_nota_fiscal": (
            {"presented": True, "zero_km": True}
            if zero_km
            else document_facts(crlv, in_holder_name=vehicle.owner_id in owners if crlv else None)
        ),
        "laudo_vistoria": document_facts(
            latest_document(None, vehicle, Document.Type.VISTORIA),
            approved=bool(checks.get("inspection_approved")),
            accredited_inmetro=bool(checks.get("inspection_accredited_inmetro")),
        ),
        "afericao_taximetro": document_facts(
            taximeter, issuer=str(checks.get("taximeter_approved_by", ""))
        ),
        "seguranca_gnv": document_facts(latest_document(None, vehicle, Document.Type.CNG)),
    }
    return {
        "subject": "veiculo",
        "presented_on": presented_on.isoformat(),
        "cng": vehicle.cng or vehicle.fuel == Vehicle.Fuel.GNV,
        "documents": docs,
    }


CHECK_KEYS = (
    "taximeter_approved_by",
    "roof_sign_taxi",
    "ctb_equipment_ok",
    "adapted",
    "lift_platform",
    "detran_mg_approved",
    "executive_standard",
    "imminent_risk",
)


def vehicle_facts(
    vehicle: Vehicle,
    *,
    category: str,
    on: dt.date,
    occasion: str,
    checks: Mapping[str, Any],
    renewal_anchor: dt.date | None = None,
    renewal_due_on: dt.date | None = None,
) -> dict[str, Any]:
    """Facts of ``taxi.vehicle_eligibility`` (art. 2, 8–9, 27–29, 31): the vehicle's record
    (:func:`facts.taxi_vehicle`) and what the inspection found (``checks``: taxímetro, roof sign,
    equipment, adaptation, approval), on ``on``, the date of the fact. At a yearly renewal,
    ``renewal_due_on`` is the date planned for it (the period renewed ends), on which the law
    judges the car's age (art. 28 §2)."""
    facts = taxi_vehicle(
        vehicle,
        category=category,
        on=on,
        occasion=occasion,
        renewal_anchor=renewal_anchor,
        renewal_due_on=renewal_due_on,
    )
    facts["inspection"] = {
        "approved": bool(checks.get("inspection_approved")),
        "accredited_inmetro": bool(checks.get("inspection_accredited_inmetro")),
    }
    for key in CHECK_KEYS:
        if checks.get(key) is not None:
            facts[key] = checks[key]
    return facts

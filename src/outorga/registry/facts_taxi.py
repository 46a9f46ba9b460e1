"""Builds the facts the taxi law's questions need from registry rows (reads only): the person,
the documents of art. 22–24, the vehicle and the ledger's debts.

The law core decides; this module only translates the database into the question's JSON facts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from outorga.core.models import Municipality

from .facts import ACTIVE_STATUSES, latest_document, taxi_vehicle
from .models import Document, Permit, Person, Service, Vehicle

#: Registry services → the taxi question's vocabulary of outorgas (D-13).
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


def _latest(
    doc_type: str, *, person: Person | None = None, vehicle: Vehicle | None = None
) -> Document | None:
    return latest_document(person, vehicle, doc_type)


def _doc(doc: Any, **more: Any) -> dict[str, Any]:
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


def _counter_doc(code: str, person: Person, signed: set[str]) -> dict[str, Any]:
    if code in signed:
        return {"presented": True}
    return _doc(_latest(COUNTER_DOCUMENTS[code], person=person))


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
        company = _latest(Document.Type.COMPANY, person=person)
        docs = {
            "contrato_social": _doc(company),
            "cnpj": {"presented": bool(person.document)},
            "alvara": _doc(_latest(Document.Type.OPERATING_LICENCE, person=person)),
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
    residence = _latest(Document.Type.RESIDENCE, person=person)
    criminal = _latest(Document.Type.CRIMINAL, person=person)
    vistoria = _latest(Document.Type.VISTORIA, vehicle=vehicle) if vehicle else None
    dpvat = _latest(Document.Type.DPVAT, vehicle=vehicle) if vehicle else None
    docs = {
        "identidade_cpf": _doc(
            _latest(Document.Type.RG, person=person) or _latest(Document.Type.CPF, person=person)
        ),
        "cnh": cnh,
        "quitacao_militar_eleitoral": _doc(_latest(Document.Type.ELECTORAL, person=person)),
        "atestado_medico": _doc(_latest(Document.Type.MEDICAL, person=person)),
        "inss": _doc(_latest(Document.Type.INSS, person=person)),
        "curso": _doc(_latest(Document.Type.COURSE, person=person)),
        "residencia": _doc(residence, municipality_ibge=ibge if residence else None),
        "antecedentes_criminais": _doc(criminal),
        "declaracao_outorgas": _counter_doc("declaracao_outorgas", person, signed),
        "declaracao_vinculo": _counter_doc("declaracao_vinculo", person, signed),
        # The category printed on the insurance document, as recorded (art. 22 XI).
        "seguro_obrigatorio": _doc(dpvat, category=(dpvat.category or None) if dpvat else None),
        "vistoria": _doc(
            vistoria, approved=bool(checks.get("inspection_approved")) if vistoria else None
        ),
    }
    return {"subject": "pessoa_fisica", "presented_on": presented_on.isoformat(), "documents": docs}


def vehicle_documents_facts(
    vehicle: Vehicle, holder: Person, *, presented_on: dt.date, checks: Mapping[str, Any]
) -> dict[str, Any]:
    """Facts of ``taxi.registration_documents`` for the vehicle (art. 24)."""
    crlv = _latest(Document.Type.CRLV, vehicle=vehicle)
    owners = {holder.pk, *holder.partners.values_list("pk", flat=True)}
    zero_km = crlv is None and vehicle.invoice_date is not None
    taximeter = _latest(Document.Type.TAXIMETER, vehicle=vehicle)
    docs = {
        "crlv_ou_nota_fiscal": (
            {"presented": True, "zero_km": True}
            if zero_km
            else _doc(crlv, in_holder_name=vehicle.owner_id in owners if crlv else None)
        ),
        "laudo_vistoria": _doc(
            _latest(Document.Type.VISTORIA, vehicle=vehicle),
            approved=bool(checks.get("inspection_approved")),
            accredited_inmetro=bool(checks.get("inspection_accredited_inmetro")),
        ),
        "afericao_taximetro": _doc(taximeter, issuer=str(checks.get("taximeter_approved_by", ""))),
        "seguranca_gnv": _doc(_latest(Document.Type.CNG, vehicle=vehicle)),
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
    occasion: str,
    checks: Mapping[str, Any],
    renewal_anchor: dt.date | None = None,
) -> dict[str, Any]:
    """Facts of ``taxi.vehicle_eligibility`` (art. 2, 8–9, 27–29, 31): the vehicle's record
    (:func:`facts.taxi_vehicle`) and what the inspection found (``checks``: taxímetro, roof sign,
    equipment, adaptation, approval)."""
    facts = taxi_vehicle(
        vehicle, category=category, occasion=occasion, renewal_anchor=renewal_anchor
    )
    facts["inspection"] = {
        "approved": bool(checks.get("inspection_approved")),
        "accredited_inmetro": bool(checks.get("inspection_accredited_inmetro")),
    }
    for key in CHECK_KEYS:
        if checks.get(key) is not None:
            facts[key] = checks[key]
    return facts

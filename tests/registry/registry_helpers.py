from __future__ import annotations

import datetime as dt
from typing import Any

from validate_docbr import CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.registry.models import Document
from outorga.registry.services.documents import document_record
from outorga.registry.services.people import licence_record, person_register
from outorga.registry.services.vehicles import vehicle_register

MOTO = "ipatinga.mototaxi-2013"
ON = dt.date(2026, 3, 10)
EQUIPMENT = [
    "antena_corta_pipas",
    "protetor_motor_pernas",
    "alcas_metalicas",
    "escapamento_isolado",
    "apoio_pes_passageiro",
    "coletes_retrorrefletivos",
    "toucas_descartaveis",
    "retrovisores_ambos_lados",
]
PERSON_DOCS = [
    Document.Type.RG,
    Document.Type.MILITARY,
    Document.Type.ELECTORAL,
    Document.Type.PHOTOS,
    Document.Type.RESIDENCE,
    Document.Type.CRIMINAL,
    Document.Type.CPF,
    Document.Type.COURSE,
]
VEHICLE_DOCS = [Document.Type.CRLV, Document.Type.CRV, Document.Type.DPVAT, Document.Type.VISTORIA]


def make_applicant(
    m: Municipality,
    clerk: Actor,
    *,
    n: int,
    birth: dt.date | None = None,
    a_since: dt.date | None = None,
    plate: str | None = None,
    cc: int = 150,
    year: int = 2022,
) -> tuple[Any, Any]:
    """A person meeting every requirement of art. 5 and a compliant motorcycle (art. 3, 5 §1)."""
    with tenant(m):
        person = person_register(
            actor=clerk,
            municipality=m,
            law=MOTO,
            data={
                "document": CPF().generate(),
                "name": f"Condutor Teste {n}",
                "birth_date": birth or dt.date(1990, 1, 1),
                "blood_type": "O+",
                "city": "Ipatinga",
            },
        )
        licence_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            person=person,
            data={
                "number": "02650306461",
                "categories": "AB",
                "first_licence_on": dt.date(2010, 1, 1),
                "category_a_since": a_since or dt.date(2010, 1, 1),
                "expires_on": dt.date(2030, 1, 1),
                "ear": True,
            },
        )
        for t in PERSON_DOCS:
            document_record(
                actor=clerk,
                municipality=m,
                law=MOTO,
                doc_type=t,
                person=person,
                issued_on=ON - dt.timedelta(days=5),
            )
        document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.MEDICAL,
            person=person,
            issued_on=ON - dt.timedelta(days=5),
            presented_on=ON - dt.timedelta(days=4),
        )
        vehicle = vehicle_register(
            actor=clerk,
            municipality=m,
            law=MOTO,
            owner=person,
            data={
                "plate": plate or f"ABC{n % 10}D{n % 100:02d}",
                "renavam": RENAVAM().generate(),
                "kind": "motocicleta",
                "make_model": "Honda CG 160",
                "manufacture_year": year,
                "engine_cc": cc,
                "colour": "vermelha",
                "rental_category": True,
                "registration_uf": "MG",
                "registration_city": "Ipatinga",
            },
        )
        for t in VEHICLE_DOCS:
            document_record(
                actor=clerk,
                municipality=m,
                law=MOTO,
                doc_type=t,
                vehicle=vehicle,
                issued_on=ON - dt.timedelta(days=5),
            )
        document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.INSPECTION,
            vehicle=vehicle,
            issued_on=ON - dt.timedelta(days=5),
        )
    return person, vehicle

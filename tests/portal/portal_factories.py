"""Holders, permits and documents for the portal's tests, made directly (the registry's services
and their rules are tested in tests/registry)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from validate_docbr import CPF, RENAVAM

from outorga.registry.models import Document, Permit, PermitStatusChange, Person, Vehicle


def make_holder(
    *, name: str, user: Any = None, plate: str, number: str, reg: int, vehicle_docs: bool = True
) -> tuple[Person, Permit]:
    """Call inside ``tenant(m)``. A user already linked to a person (demo data) keeps it."""
    person = Person.objects.filter(user=user).first() if user is not None else None
    if person is None:
        person = Person.objects.create(
            document=CPF().generate(),
            name=name,
            birth_date=dt.date(1985, 6, 1),
            blood_type="O+",
            user=user,
        )
    else:
        person.name, person.blood_type = name, "O+"
        person.save(update_fields=["name", "blood_type"])
    vehicle = Vehicle.objects.create(
        plate=plate,
        renavam=RENAVAM().generate(),
        kind=Vehicle.Kind.MOTOCICLETA,
        make_model="Moto Exemplo 150",
        manufacture_year=2022,
        engine_cc=150,
        colour="vermelha",
        rental_category=True,
        registration_uf="MG",
        owner=person,
    )
    permit = Permit.objects.create(
        service="mototaxi",
        holder=person,
        number=number,
        registration_number=reg,
        granted_on=dt.date(2025, 1, 10),
        term_start=dt.date(2025, 1, 10),
        term_end=dt.date(2035, 1, 10),
        certificate_valid_until=dt.date(2026, 1, 10),
        vehicle=vehicle,
    )
    PermitStatusChange.objects.create(
        permit=permit,
        to_status=Permit.Status.ACTIVE,
        effective_on=permit.granted_on,
        reason="outorga",
    )
    if vehicle_docs:
        Document.objects.create(
            doc_type=Document.Type.INSPECTION,
            vehicle=vehicle,
            issued_on=dt.date(2025, 7, 1),
            valid_until=dt.date(2026, 1, 1),
        )
    Document.objects.create(
        doc_type=Document.Type.MEDICAL,
        person=person,
        issued_on=dt.date(2025, 3, 1),
        valid_until=dt.date(2026, 3, 1),
    )
    return person, permit

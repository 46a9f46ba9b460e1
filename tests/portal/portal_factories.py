"""Holders, permits and documents for the portal's tests, made directly (the registry's services
and their rules are tested in tests/registry)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
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


def make_applicant_account(m: Any, *, name: str = "Ana Candidata", email: str = "") -> Person:
    """An applicant with an active portal account and nothing else in the register (call outside
    or inside ``tenant(m)``): a natural person linked to a user of role permissionario."""
    from outorga.core.models import User
    from outorga.core.tenancy import tenant
    from outorga.law.competence import Role

    cpf = CPF().generate()
    user = User.objects.create_user(
        username=f"{m.slug}-{cpf}",
        password="Senha-de-teste-2026",
        municipality=m,
        role=Role.PERMISSIONARIO,
        email=email or f"{cpf}@exemplo.com.br",
        first_name=name,
    )
    with tenant(m):
        return Person.objects.create(
            document=cpf, name=name, email=user.email, user=user, birth_date=dt.date(1990, 1, 1)
        )


def open_tender(m: Any, *, service: str = "mototaxi", number: str = "MT-2026/1") -> Any:
    """An open tender made directly (its quota rules are tested in tests/registry)."""
    from outorga.core.tenancy import tenant
    from outorga.registry.models import Tender

    with tenant(m):
        return Tender.objects.create(
            service=service,
            taxi_category="convencional" if service == "taxi" else "",
            number=number,
            places=5,
            opened_on=dt.date(2026, 1, 5),
        )


def company_of(
    m: Any, representative: Person, *, confirmed: bool = True, name: str = "Táxi Ana Ltda"
) -> Person:
    """A company the person entered from the portal as its responsible person; ``confirmed``: the
    desk confirmed the link (the confirmation itself is tested in test_portal_companies)."""
    from validate_docbr import CNPJ

    from outorga.core.tenancy import tenant

    with tenant(m):
        return Person.objects.create(
            kind=Person.Kind.LEGAL,
            document=CNPJ().generate(),
            name=name,
            address="Rua das Flores, 10",
            city="Ipatinga",
            representative=representative,
            representative_confirmed_on=dt.date(2026, 1, 20) if confirmed else None,
        )


def company_taxi_permit(
    m: Any, company: Person, driver: Person, *, number: int, plate: str
) -> tuple[Permit, Any]:
    """An active taxi permit TX-``number`` held by ``company``, its car the company's, driven by
    ``driver`` as an auxiliary with a credential in force; the Termo valid 200 days from today."""
    from outorga.core.tenancy import tenant
    from outorga.registry.models import Auxiliary

    today = timezone.localdate()
    with tenant(m):
        car = Vehicle.objects.create(
            plate=plate,
            renavam=RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan 1.6",
            manufacture_year=2024,
            colour="prata",
            registration_uf="MG",
            owner=company,
        )
        permit = Permit.objects.create(
            service="taxi",
            taxi_category="convencional",
            holder=company,
            number=f"TX-{number}",
            registration_number=number,
            granted_on=dt.date(2025, 1, 1),
            term_start=dt.date(2025, 1, 1),
            term_end=dt.date(2035, 1, 1),
            certificate_valid_until=today + dt.timedelta(days=200),
            vehicle=car,
        )
        PermitStatusChange.objects.create(
            permit=permit, to_status="active", effective_on=permit.granted_on, reason="outorga"
        )
        aux = Auxiliary.objects.create(
            permit=permit,
            person=driver,
            added_on=today,
            registration_number=number % 1000,
            credential_valid_until=today + dt.timedelta(days=100),
        )
    return permit, aux

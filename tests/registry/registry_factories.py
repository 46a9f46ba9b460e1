"""Factories for the registry and for every app's tests that need its rows (the registry owns
people, vehicles and permits): a mototaxi applicant meeting every requirement, through the
registry's services; people with the documents the taxi law asks for, vehicles that meet (or miss)
its requirements, awarded tenders and the standing actors.

Importable by name from any test directory (``tests/conftest.py`` puts each app's test folder on
``sys.path``)."""

from __future__ import annotations

import datetime as dt
import io
import itertools
import random
import secrets
import string
from typing import Any

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from PIL import ExifTags, Image
from validate_docbr import CNH, CNPJ, CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.facts import MOTOTAXI_VEHICLE_RECORDS, TAXI_PERSON_RECORDS
from outorga.registry.models import (
    Document,
    DrivingLicence,
    Permit,
    Person,
    Tender,
    TenderApplicant,
    Vehicle,
)
from outorga.registry.services.documents import document_record
from outorga.registry.services.people import licence_record, person_register
from outorga.registry.services.permits import (
    permit_grant,
    taxi_permit_grant,
    taxi_permit_transfer,
)
from outorga.registry.services.vehicles import vehicle_register

MOTO = "ipatinga.mototaxi-2013"
#: The validity of the licensing printed on the factories' CRLVs (taxi art. 24 I, art. 28 I;
#: mototaxi art. 5 §1 I): a CRLV on record without it licenses nothing.
CRLV_UNTIL = dt.date(2040, 12, 31)
MOTO_ON = dt.date(2026, 3, 10)
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
                issued_on=MOTO_ON - dt.timedelta(days=5),
            )
        document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.MEDICAL,
            person=person,
            issued_on=MOTO_ON - dt.timedelta(days=5),
            presented_on=MOTO_ON - dt.timedelta(days=4),
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
        issued_on = MOTO_ON - dt.timedelta(days=5)
        for t in MOTOTAXI_VEHICLE_RECORDS:  # motofrete's with the insurance policy
            document_record(
                actor=clerk,
                municipality=m,
                law=MOTO,
                doc_type=t,
                vehicle=vehicle,
                issued_on=issued_on,
                # art. 19 §1: the policy's printed end of cover, a year after its issue; art. 5
                # §1 I: the CRLV's licensing
                valid_until=issued_on.replace(year=issued_on.year + 1)
                if t == Document.Type.INSURANCE
                else CRLV_UNTIL
                if t == Document.Type.CRLV
                else None,
            )
    return person, vehicle


# --- taxi: tenders, people with their documents, vehicles, the standing actors ---

_seq = itertools.count(1)
_RUN_OFFSET = secrets.randbelow(9000)  # numbers differ between runs, never within one
TAXI_ON = dt.date(2026, 2, 2)


def awarded_tender(m, *people, places=None, category="convencional"):
    with tenant(m):
        t = Tender.objects.create(
            service="taxi",
            taxi_category=category,
            number=f"T-{Tender.objects.count() + 1}",
            places=places or len(people),
            opened_on=TAXI_ON - dt.timedelta(days=40),
            homologated_on=TAXI_ON - dt.timedelta(days=5),
            status=Tender.Status.HOMOLOGATED,
        )
        for rank, p in enumerate(people, start=1):
            TenderApplicant.objects.create(
                tender=t, person=p, taxi_category=category, eligible=True, rank=rank
            )
    return t


def grant(m, holder, vehicle, *, tender="auto", **kw):
    if tender == "auto":
        tender = awarded_tender(m, holder, category=kw.get("category", "convencional"))
    args = dict(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=TAXI_ON,
        option="I",
        instalments=18,
        tender=tender,
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    args.update(kw)
    return taxi_permit_grant(**args)  # type: ignore[arg-type]


CHECKS: dict[str, Any] = {
    "inspection_approved": True,
    "inspection_accredited_inmetro": True,
    "taximeter_approved_by": "INMETRO",
    "roof_sign_taxi": True,
    "ctb_equipment_ok": True,
}
DECLARATIONS = ("declaracao_outorgas", "declaracao_vinculo")


def actor(slug: str, role: Role) -> Actor:
    from outorga.core.demo import demo_username
    from outorga.core.models import User
    from outorga.core.tenancy import unscoped

    with unscoped():  # by a unique name, as the login reads it (row-level security, ADR 0024)
        return Actor.of(User.objects.get(username=demo_username(slug, role)))


def unique_plate() -> str:
    rnd = random.Random(next(_seq) * 7919 + random.randint(0, 10**9))
    letters = "".join(rnd.choices(string.ascii_uppercase, k=3))
    return f"{letters}{rnd.randint(0, 9)}{rnd.choice(string.ascii_uppercase)}{rnd.randint(10, 99)}"


def person(
    m: Municipality, *, name: str = "", legal: bool = False, details: bool = True, **kw: Any
) -> Person:
    """A natural (or ``legal``) person of ``m`` with a birth date, a city and an address;
    ``details=False``: only a CPF and the name (a debtor, a holder made directly)."""
    with tenant(m):
        n = next(_seq)
        if not details:
            return Person.objects.create(document=CPF().generate(), name=name or f"Pessoa {n}")
        return Person.objects.create(
            kind=Person.Kind.LEGAL if legal else Person.Kind.NATURAL,
            document=CNPJ().generate() if legal else CPF().generate(),
            name=name or f"Pessoa {n}",
            birth_date=None if legal else dt.date(1980, 1, 1),
            city=kw.pop("city", m.name),
            address=kw.pop("address", "Rua Exemplo, 1"),
            blood_type="" if legal else "O+",
            **kw,
        )


def taxi_documents(p: Person, on: dt.date, *, criminal_issued_on: dt.date | None = None) -> None:
    """Every document of art. 22 for a natural person, issued recently before ``on``."""
    m = p.municipality
    with tenant(m):
        DrivingLicence.objects.update_or_create(
            person=p,
            defaults={
                "number": CNH().generate(),
                "categories": "B",
                "first_licence_on": dt.date(2005, 1, 1),
                "expires_on": on + dt.timedelta(days=1000),
            },
        )
        issued = on - dt.timedelta(days=5)
        for t in TAXI_PERSON_RECORDS:
            criminal = t == Document.Type.CRIMINAL
            Document.objects.create(
                doc_type=t,
                person=p,
                issued_on=(criminal_issued_on or issued) if criminal else issued,
            )


def taxi_vehicle(
    m: Municipality, owner: Person, *, colour: str = "prata", doors: int = 5
) -> Vehicle:
    with tenant(m):
        v = Vehicle.objects.create(
            plate=unique_plate(),
            renavam=RENAVAM().generate(),
            kind=Vehicle.Kind.AUTOMOVEL,
            make_model="Exemplo Sedan 1.6",
            manufacture_year=2025,
            colour=colour,
            doors=doors,
            seats=5,
            rental_category=True,
            registration_uf="MG",
            registration_city="Ipatinga",
            invoice_date=dt.date(2025, 6, 1),
            owner=owner,
        )
        for t in (
            Document.Type.CRLV,
            Document.Type.VISTORIA,
            Document.Type.TAXIMETER,
        ):
            Document.objects.create(
                doc_type=t,
                vehicle=v,
                issued_on=dt.date(2026, 1, 5),
                valid_until=CRLV_UNTIL if t == Document.Type.CRLV else None,
            )
        # The mandatory insurance of the category the law asks (art. 22 XI), as printed on it.
        Document.objects.create(
            doc_type=Document.Type.DPVAT, vehicle=v, issued_on=dt.date(2026, 1, 5), category="3"
        )
        return v


def moto_vehicle(m: Municipality, owner: Person) -> Vehicle:
    with tenant(m):
        v = Vehicle.objects.create(
            plate=unique_plate(),
            renavam=RENAVAM().generate(),
            kind=Vehicle.Kind.MOTOCICLETA,
            make_model="Exemplo 160",
            manufacture_year=2024,
            engine_cc=160,
            colour="vermelha",
            rental_category=True,
            registration_uf="MG",
            registration_city="Ipatinga",
            owner=owner,
        )
        for t in MOTOTAXI_VEHICLE_RECORDS:
            Document.objects.create(
                doc_type=t,
                vehicle=v,
                issued_on=dt.date(2026, 1, 5),
                valid_until=CRLV_UNTIL if t == Document.Type.CRLV else None,
            )
        return v


def taxi_holder(m: Municipality, on: dt.date, **kw: Any) -> tuple[Person, Vehicle]:
    p = person(m, **kw)
    taxi_documents(p, on)
    return p, taxi_vehicle(m, p)


def transfer(m: Municipality, permit: Permit, successor: Person, on: dt.date, event: str) -> Any:
    """The taxi permission passed by the desk to ``successor`` on ``on`` (taxi art. 13, parágrafo
    único), the holder's death or incapacity (``event``) proven."""
    return taxi_permit_transfer(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=permit,
        successor=successor,
        event=event,
        on=on,
        proof="certidão de óbito nº 123",
        declarations=DECLARATIONS,
        checks=CHECKS,
    )


# --- images and permits ---


def png(width: int = 90, height: int = 120) -> bytes:
    """A holder's photo: a portrait with a darker patch where the face would be."""
    img = Image.new("RGB", (width, height), (200, 160, 120))
    for x in range(20, 70):
        for y in range(20, 60):
            img.putpixel((x, y), (60, 40, 30))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def image(
    fmt: str, colour: tuple[int, int, int] = (30, 120, 200), size: tuple[int, int] = (60, 80)
) -> bytes:
    """A real image of one colour in ``fmt`` ("PNG", "JPEG", …)."""
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, fmt)
    return buf.getvalue()


def photo_with_exif(
    fmt: str = "JPEG", size: tuple[int, int] = (60, 80), orientation: int = 1
) -> bytes:
    """A photo as phones write them: GPS position, camera make and model, orientation."""
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "Fabricante"
    exif[ExifTags.Base.Model] = "Telefone X-1"
    exif[ExifTags.Base.Orientation] = orientation
    exif[ExifTags.IFD.GPSInfo] = {
        ExifTags.GPS.GPSLatitudeRef: "S",
        ExifTags.GPS.GPSLatitude: (19.0, 28.0, 5.0),
        ExifTags.GPS.GPSLongitudeRef: "W",
        ExifTags.GPS.GPSLongitude: (42.0, 32.0, 11.0),
    }
    image = Image.new("RGB", size, (200, 30, 30))
    # A dark top row, so an orientation applied or not can be seen in the pixels.
    for x in range(size[0]):
        image.putpixel((x, 0), (0, 0, 0))
    buf = io.BytesIO()
    image.save(buf, fmt, exif=exif.tobytes())
    return buf.getvalue()


_granted = [0]
_numbers = itertools.count(70_001)


def make_permit(
    m: Municipality,
    marker: str = "TESTE",
    *,
    clerk: Actor | None = None,
    n: int | None = None,
    holder: Person | None = None,
    service: str = "mototaxi",
    status: str = Permit.Status.ACTIVE,
    photo: bool | str = True,
    blood_type: str = "O+",
    plate: str | None = None,
    valid_days: int = 200,
    granted_on: dt.date = MOTO_ON,
    tender: str = "09/2026",
    decree: str = "Decreto 9/2026",
) -> Permit:
    """A permit of ``m``, made one of three ways:

    - ``clerk`` given: a mototaxi permit granted by ``clerk`` through the registry's services on
      ``granted_on`` (in ``tender``, by ``decree``) to applicant ``n`` of ``make_applicant``, whose
      motorcycle has ``plate`` (QWE… by default) — the acts logged;
    - ``holder`` given: only the permit row of ``service`` in ``status`` for that person (no
      vehicle), granted on 10/01/2024 for ten years;
    - neither: the rows a badge needs, made directly: a holder meeting mototaxi art. 2 VIII
      (photo, blood type, CNH), a motorcycle with ``plate`` and the permit, its certificate valid
      ``valid_days`` from today. ``photo="name-only"`` sets the photo's name without writing a
      file (for route walks)."""
    if clerk is not None:
        return _granted_permit(
            m, clerk, n, granted_on=granted_on, tender=tender, decree=decree, plate=plate
        )
    if holder is not None:
        return _permit_row(m, holder, service=service, status=status)
    return _badge_ready_permit(
        m,
        marker,
        photo=photo,
        blood_type=blood_type,
        service=service,
        plate=plate,
        valid_days=valid_days,
    )


def _granted_permit(
    m: Municipality,
    clerk: Actor,
    n: int | None,
    *,
    granted_on: dt.date,
    tender: str,
    decree: str,
    plate: str | None,
) -> Permit:
    if n is None:
        _granted[0] += 1
        n = 40 + _granted[0]
    with tenant(m):
        awarded, _ = Tender.objects.get_or_create(
            number=tender,
            defaults={
                "service": "mototaxi",
                "places": 50,
                "opened_on": granted_on - dt.timedelta(days=60),
                "homologated_on": granted_on - dt.timedelta(days=10),
                "status": Tender.Status.HOMOLOGATED,
            },
        )
    person, vehicle = make_applicant(m, clerk, n=n, plate=plate or f"QWE{n % 10}A{n % 100:02d}")
    return moto_grant(m, clerk, person, vehicle, awarded, on=granted_on, decree=decree)


def moto_grant(
    m: Municipality,
    clerk: Actor,
    person: Person,
    vehicle: Any,
    tender: Any,
    on: dt.date = MOTO_ON,
    decree: str = "Decreto 1.234/2026",
    **more: Any,
) -> Permit:
    """A mototaxi permit granted by ``clerk`` through the registry's service on ``on``, for ten
    years, with the equipment art. 5 asks for: the law's refusals raise as the service raises
    them."""
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=on,
        term_years=10,
        decree=decree,
        equipment=EQUIPMENT,
        tender=tender,
        **more,
    )


def _permit_row(m: Municipality, holder: Person, *, service: str, status: str) -> Permit:
    n = next(_numbers)
    with tenant(m):
        return Permit.objects.create(
            service=service,
            holder=holder,
            number=f"T-{n}",
            registration_number=n,
            granted_on=dt.date(2024, 1, 10),
            term_start=dt.date(2024, 1, 10),
            term_end=dt.date(2034, 1, 9),
            status=status,
        )


def _badge_ready_permit(
    m: Municipality,
    marker: str,
    *,
    photo: bool | str,
    blood_type: str,
    service: str,
    plate: str | None,
    valid_days: int,
) -> Permit:
    today = timezone.localdate()
    with transaction.atomic(), tenant(m):
        person = Person.objects.create(
            document=CPF().generate(),
            name=f"Titular {marker} {secrets.token_hex(2)}",
            birth_date=dt.date(1988, 5, 17),
            blood_type=blood_type,
            address="Rua do Endereço Sigiloso, 42",
            city=m.name,
        )
        if photo == "name-only":
            person.photo.name = "photos/tenancy-test.png"
            person.save(update_fields=["photo"])
        elif photo:
            person.photo.save("titular.png", ContentFile(png()), save=True)
        DrivingLicence.objects.create(
            person=person,
            number="02650306461",
            categories="AB",
            first_licence_on=dt.date(2010, 1, 1),
            category_a_since=dt.date(2010, 1, 1),
            expires_on=today + dt.timedelta(days=900),
        )
        number = next_number(f"register:{service}")
        vehicle = Vehicle.objects.create(
            plate=plate or unique_plate(),
            renavam=RENAVAM().generate(),
            kind=Vehicle.Kind.MOTOCICLETA,
            make_model="Honda CG 160",
            manufacture_year=today.year - 3,
            engine_cc=160,
            colour="vermelha",
            rental_category=True,
            registration_uf="MG",
            owner=person,
        )
        return Permit.objects.create(
            service=service,
            holder=person,
            number=f"{'MT' if service == 'mototaxi' else 'MF'}-{number:04d}-{secrets.token_hex(2).upper()}",
            registration_number=number,
            granted_on=today - dt.timedelta(days=100),
            term_start=today - dt.timedelta(days=100),
            term_end=today + dt.timedelta(days=3000),
            certificate_valid_until=today + dt.timedelta(days=valid_days),
            vehicle=vehicle,
        )


def taxi_permit(
    m: Municipality, *, n: int | None = None, name: str = "", plate: str = ""
) -> Permit:
    """A taxi permit TX-``n`` (random by default) with its holder (a CPF and a name, "Taxista n"
    by default) and a car, made directly."""
    n = n if n is not None else 1000 + (next(_seq) * 7919 + _RUN_OFFSET) % 9000
    with tenant(m):
        holder = person(m, name=name or f"Taxista {n}", details=False)
        vehicle = Vehicle.objects.create(
            plate=plate or unique_plate(),
            renavam=RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan",
            manufacture_year=2023,
            colour="prata",
            registration_uf="MG",
            owner=holder,
        )
        return Permit.objects.create(
            service="taxi",
            taxi_category="convencional",
            holder=holder,
            number=f"TX-{n}",
            registration_number=n,
            granted_on=dt.date(2025, 1, 1),
            term_start=dt.date(2025, 1, 1),
            term_end=dt.date(2035, 1, 1),
            vehicle=vehicle,
        )


def licensed_taxi_permit(
    m: Municipality,
    n: int,
    *,
    colour: str = "prata",
    category: str = "convencional",
    document: str = "",
    plate: str = "",
    renavam: str = "",
    number: str = "",
    registration_number: int | None = None,
) -> Permit:
    """Taxi permit ``n`` of ``m`` made directly, its car licensed in the municipality (art. 28 I:
    its CRLV on record). By default the holder's CPF and the RENAVAM are random, the plate is
    TFR{n}C{n}{n} and the permit TX-9nnn."""
    with tenant(m):
        person = Person.objects.create(document=document or CPF().generate(), name=f"Taxista {n}")
        vehicle = Vehicle.objects.create(
            plate=plate or f"TFR{n}C{n}{n}",
            renavam=renavam or RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan 1.6",
            manufacture_year=2024,
            colour=colour,
            doors=5,
            seats=5,
            registration_uf="MG",
            registration_city="Ipatinga",
            owner=person,
        )
        # Licensed in the municipality (art. 28 I): its CRLV in force on record.
        Document.objects.create(
            doc_type=Document.Type.CRLV,
            vehicle=vehicle,
            issued_on=dt.date(2026, 1, 10),
            valid_until=CRLV_UNTIL,
        )
        return Permit.objects.create(
            service="taxi",
            taxi_category=category,
            holder=person,
            number=number or f"TX-9{n:03d}",
            registration_number=registration_number
            if registration_number is not None
            else 9000 + n,
            granted_on=dt.date(2025, 6, 1),
            term_start=dt.date(2025, 6, 1),
            term_end=dt.date(2035, 6, 1),
            vehicle=vehicle,
        )


# --- a mototaxi permit with its auxiliary, and a holder's portal login ---


def moto_permit(m: Municipality, tender: Any, n: int, *, prefix: str = "AUR9D") -> Any:
    """A mototaxi permit granted on ``MOTO_ON`` by the clerk's service and a person meeting the
    holder's requirements to indicate as its auxiliary: ``(clerk, permit, helper)``."""
    clerk = actor(m.slug, Role.ATENDENTE)
    holder, vehicle = make_applicant(m, clerk, n=n, plate=f"{prefix}{n % 100:02d}")
    permit = permit_grant(
        actor=clerk,
        municipality=m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=MOTO_ON,
        term_years=10,
        decree=f"Decreto {n % 100}/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    helper, _ = make_applicant(m, clerk, n=n + 1, plate=f"{prefix}{(n + 1) % 100:02d}")
    return clerk, permit, helper


def moto_auxiliary(m: Municipality, tender: Any, n: int, *, prefix: str = "AUR9D") -> Any:
    """:func:`moto_permit` with its auxiliary added on ``MOTO_ON`` (indicated in writing, the
    schedule filed: art. 14 §1, §3; credential until 10/03/2027): ``(permit, auxiliary)``."""
    from outorga.registry.services.auxiliaries import auxiliary_add

    clerk, permit, helper = moto_permit(m, tender, n, prefix=prefix)
    aux = auxiliary_add(
        actor=clerk,
        municipality=m,
        permit=permit,
        person=helper,
        on=MOTO_ON,
        work_schedule="seg a sex, 6h–14h",
        indication=f"Protocolo {n % 100}/2026",
    )
    return permit, aux


def taxi_auxiliary(m: Municipality) -> Any:
    """A taxi permit signed on ``TAXI_ON`` and an auxiliary inscribed in the Cadastro the same
    day with every document of art. 22 (art. 20, parágrafo único; inscription until 02/02/2027):
    ``(permit, auxiliary)``."""
    from outorga.registry.services.auxiliaries import taxi_auxiliary_add

    holder, vehicle = taxi_holder(m, TAXI_ON)
    permit = grant(m, holder, vehicle, mode="servicos")
    helper = person(m)
    taxi_documents(helper, TAXI_ON)
    aux = taxi_auxiliary_add(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=permit,
        person=helper,
        on=TAXI_ON,
        declarations=DECLARATIONS,
        checks=CHECKS,
    )
    return permit, aux


PORTAL_PASSWORD = "Senha-de-teste-2026"


def portal_login(m: Municipality, person: Person, password: str = PORTAL_PASSWORD) -> Any:
    """A portal login (role permissionario) linked to ``person``: their own account."""
    from outorga.core.models import User

    user = User.objects.create_user(
        username=f"{m.slug}-{person.document}",
        password=password,
        municipality=m,
        role=Role.PERMISSIONARIO,
    )
    with tenant(m):
        person.user = user
        person.save(update_fields=["user"])
    return user

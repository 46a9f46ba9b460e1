"""Registry rows for badge tests, made with the ORM inside ``tenant(m)`` (the registry's own
services are tested in tests/registry)."""

from __future__ import annotations

import datetime as dt
import io
import secrets

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from PIL import Image
from validate_docbr import CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.public import services, tokens
from outorga.public.models import Badge
from outorga.registry.models import DrivingLicence, Permit, Person, Vehicle

CPF_SHOWN = "CPF"


def png(width: int = 90, height: int = 120) -> bytes:
    img = Image.new("RGB", (width, height), (200, 160, 120))
    for x in range(20, 70):
        for y in range(20, 60):
            img.putpixel((x, y), (60, 40, 30))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def random_plate() -> str:
    """A Mercosul-format plate (LLLNLNN)."""
    letters = "ABCDEFGHJKLMNPRSTUVWXYZ"
    pick = secrets.choice
    return f"{pick(letters)}{pick(letters)}{pick(letters)}{secrets.randbelow(10)}{pick(letters)}{secrets.randbelow(100):02d}"


def make_permit(
    m: Municipality,
    marker: str = "TESTE",
    *,
    photo: bool | str = True,
    blood_type: str = "O+",
    service: str = "mototaxi",
    plate: str | None = None,
    valid_days: int = 200,
) -> Permit:
    """A mototaxi permit with a holder meeting art. 2 VIII (photo, blood type, CNH, plate).

    ``photo="name-only"`` sets the photo's name without writing a file (for route walks)."""
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
            plate=plate or random_plate(),
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


def badge_without_law(m: Municipality, permit: Permit, actor: Actor) -> Badge:
    """A badge made directly (where no badge law applies, e.g. Barra do Garças in route walks)."""
    with tenant(m):
        key = services.signing_key_for(m, actor)
        serial = secrets.token_bytes(8)
        token = tokens.sign(
            tokens.Payload(key.key_id, m.ibge_code, serial),
            services._unseal(key.private_sealed),
        )
        return Badge.objects.create(
            permit=permit,
            serial=serial.hex(),
            key=key,
            token=token,
            issued_at=timezone.now(),
            valid_until=permit.certificate_valid_until or permit.term_end,
            printed={},
        )


def token_for(m: Municipality, serial_hex: str, actor: Actor) -> str:
    """A token naming ``m`` and signed with ``m``'s key, for any serial (even another's)."""
    with tenant(m):
        key = services.signing_key_for(m, actor)
        return tokens.sign(
            tokens.Payload(key.key_id, m.ibge_code, bytes.fromhex(serial_hex)),
            services._unseal(key.private_sealed),
        )

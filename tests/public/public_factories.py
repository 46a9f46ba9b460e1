"""Badges made directly and tokens for the public tests (the permits they are printed for come
from ``registry_factories.make_permit``)."""

from __future__ import annotations

import secrets

from django.utils import timezone

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.public import services, tokens
from outorga.public.models import Badge
from outorga.registry.models import Permit

CPF_SHOWN = "CPF"


def badge_without_law(
    m: Municipality,
    permit: Permit,
    actor: Actor,
    *,
    serial_bytes: int = 16,
    version: int = tokens.VERSION,
) -> Badge:
    """A badge made directly (where no badge law applies, e.g. Barra do Garças in route walks);
    ``version=1, serial_bytes=8`` makes one as badges were issued before 128-bit serials."""
    with tenant(m):
        key = services.signing_key_for(m, actor)
        serial = secrets.token_bytes(serial_bytes)
        token = tokens.sign(
            tokens.Payload(key.key_id, m.ibge_code, serial, version),
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

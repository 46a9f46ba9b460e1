"""The signer the acts log's checkpoints use (``core.checkpoints.Signer``): the municipality's
badge key, so one key pair is kept, rotated and published (decision record 0006)."""

from __future__ import annotations

from nacl.signing import SigningKey as NaclSigningKey

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from . import services, tokens
from .models import SigningKey


class BadgeKeySigner:
    def current_key(self, municipality: Municipality, actor: Actor) -> tuple[int, str]:
        key = services.signing_key_for(municipality, actor)
        return key.key_id, key.public_key

    def sign(self, municipality: Municipality, key_id: int, message: bytes) -> str:
        with tenant(municipality):
            # Named explicitly: a caller inside unscoped() would otherwise see every town's keys.
            key = SigningKey.objects.get(municipality=municipality, key_id=key_id)
        seed = services.private_seed(key)
        return tokens.b64url(NaclSigningKey(seed).sign(message).signature)

    def public_key(self, municipality: Municipality, key_id: int) -> str | None:
        with tenant(municipality):
            found: str | None = (
                SigningKey.objects.filter(municipality=municipality, key_id=key_id)
                .values_list("public_key", flat=True)
                .first()
            )
        return found

"""The token in the QR code: signed by the municipality, not forgeable, verifiable offline."""

from __future__ import annotations

import base64

import pytest
from django.test import Client
from nacl.signing import VerifyKey
from public_factories import badge_without_law, token_for
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services, tokens
from outorga.public.models import SigningKey


@pytest.fixture
def issued(ipatinga_m, badge_clerk):
    permit = make_permit(ipatinga_m, "TOKEN")
    return services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)


def _flip(token: str, index: int) -> str:
    raw = bytearray(tokens.unb64url(token))
    raw[index] ^= 0x01
    return tokens.b64url(bytes(raw))


def test_the_token_is_compact_and_carries_no_personal_data(issued, ipatinga_m):
    assert len(issued.token) == tokens.TOKEN_CHARS[2] == 116
    assert set(issued.token) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    payload, body, _ = tokens.parse(issued.token)
    assert payload.ibge_code == ipatinga_m.ibge_code == "3131307"
    assert payload.serial_hex == issued.serial and len(payload.serial) == 16  # 128 bits
    holder = issued.permit.holder
    for personal in (holder.document, holder.name.encode().hex(), issued.permit.number):
        assert personal.encode() not in body


def test_serials_are_random_not_sequential(ipatinga_m, badge_clerk):
    serials = []
    for _ in range(3):
        permit = make_permit(ipatinga_m, "SERIAL")
        badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
        serials.append(int(badge.serial, 16))
    gaps = [abs(a - b) for a, b in zip(serials, serials[1:], strict=False)]
    assert min(gaps) > 1_000_000  # 128 random bits: neighbours are never close
    assert all(len(f"{s:032x}") == 32 for s in serials)


@pytest.mark.parametrize("index", [0, 2, 5, 10, 14, 22, 30, 86])
def test_a_token_with_one_byte_flipped_is_not_recognised(issued, index):
    client = Client()
    assert client.get(f"/v/{issued.token}").status_code == 200
    response = client.get(f"/v/{_flip(issued.token, index)}")
    assert response.status_code == 404
    assert "Crachá não reconhecido" in response.content.decode()
    assert client.get(f"/v/{_flip(issued.token, index)}/foto").status_code == 404


@pytest.mark.parametrize(
    "token", ["", "abc", "A" * 106, "!" * 106, "A" * 107, "é" * 106, "A" * 116, "B" * 116]
)
def test_garbage_is_not_recognised(db, token):
    assert Client().get(f"/v/{token}").status_code == 404


def test_a_token_signed_by_another_municipalitys_key_is_not_recognised(
    issued, ipatinga_m, barra_m, user_of
):
    barra_clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    # Barra's key signing a payload that names Ipatinga and Ipatinga's badge.
    with tenant(barra_m):
        barra_key = services.signing_key_for(barra_m, barra_clerk)
        seed = services._unseal(barra_key.private_sealed)
    with tenant(ipatinga_m):
        ipatinga_key = SigningKey.objects.get()
    forged = tokens.sign(
        tokens.Payload(ipatinga_key.key_id, ipatinga_m.ibge_code, bytes.fromhex(issued.serial)),
        seed,
    )
    assert forged != issued.token
    assert Client().get(f"/v/{forged}").status_code == 404
    # And naming Barra with Barra's valid signature: no Ipatinga badge is found there.
    with tenant(barra_m):
        assert (
            Client().get(f"/v/{token_for(barra_m, issued.serial, barra_clerk)}").status_code == 404
        )


def test_the_keys_endpoint_lets_a_phone_verify_offline(issued, ipatinga_m):
    response = Client().get(f"/api/v1/public/keys/{ipatinga_m.ibge_code}")
    assert response.status_code == 200
    body = response.json()
    assert body["token_format"] == "outorga-cracha-v2"
    assert "private" not in response.content.decode().lower()
    keys = {k["key_id"]: k for k in body["keys"]}

    # Offline: only the token and the published public key.
    raw = base64.urlsafe_b64decode(issued.token + "=" * (-len(issued.token) % 4))
    payload, signature = raw[:23], raw[23:]
    version, key_id = payload[0], int.from_bytes(payload[1:3], "big")
    ibge = int.from_bytes(payload[3:7], "big")
    assert (version, ibge) == (2, 3131307)
    key = keys[key_id]
    assert key["algorithm"] == "Ed25519"
    public = base64.urlsafe_b64decode(key["public_key"] + "=" * (-len(key["public_key"]) % 4))
    assert VerifyKey(public).verify(payload, signature) == payload
    with pytest.raises(Exception):  # noqa: B017 - nacl raises BadSignatureError
        VerifyKey(public).verify(payload[:-1] + bytes([payload[-1] ^ 1]), signature)


def test_unknown_municipality_has_no_keys(db):
    assert Client().get("/api/v1/public/keys/9999999").status_code == 404


def test_keys_rotate_and_old_badges_still_verify(issued, ipatinga_m, user_of, badge_clerk):
    admin = Actor.of(user_of("ipatinga", Role.ATENDENTE))
    from outorga.core.models import User
    from outorga.law.competence import NotCompetent

    with pytest.raises(NotCompetent):
        services.signing_key_rotate(actor=admin, municipality=ipatinga_m)
    root = Actor.of(User.objects.get(username="admin.sistema"))
    new_key = services.signing_key_rotate(actor=root, municipality=ipatinga_m)
    assert new_key.key_id == 2
    keys = Client().get(f"/api/v1/public/keys/{ipatinga_m.ibge_code}").json()["keys"]
    assert [k["key_id"] for k in keys] == [1, 2] and keys[0]["retired_at"] is not None
    assert Client().get(f"/v/{issued.token}").status_code == 200  # signed by key 1, still valid
    newer = services.badge_issue(
        actor=badge_clerk, municipality=ipatinga_m, permit=make_permit(ipatinga_m, "ROT")
    )
    assert tokens.parse(newer.token)[0].key_id == 2
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="signing_key.rotate").exists()


def test_the_private_key_is_sealed_at_rest(issued, ipatinga_m):
    with tenant(ipatinga_m):
        key = SigningKey.objects.get()
    seed = services._unseal(bytes(key.private_sealed))
    assert seed not in bytes(key.private_sealed)
    assert "private" not in repr(key)


def test_a_badge_without_the_law_made_where_no_badge_law_applies_still_verifies(barra_m, user_of):
    # Guard for the route walk: badges made directly in a municipality verify like issued ones.
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    badge = badge_without_law(barra_m, make_permit(barra_m, "BARRA"), clerk)
    assert Client().get(f"/v/{badge.token}").status_code == 200


def test_a_badge_printed_before_128_bit_serials_still_verifies(ipatinga_m, badge_clerk):
    """Cards issued with version 1 tokens (64-bit serials) stay valid until they expire."""
    old = badge_without_law(
        ipatinga_m, make_permit(ipatinga_m, "OLD"), badge_clerk, serial_bytes=8, version=1
    )
    assert len(old.token) == tokens.TOKEN_CHARS[1] == 106 and len(old.serial) == 16
    client = Client()
    assert client.get(f"/v/{old.token}").status_code == 200
    assert client.get(f"/api/v1/public/verify/{old.token}").status_code == 200
    assert client.get(f"/v/{_flip(old.token, 14)}").status_code == 404
    # A version byte that does not match the token's length is no token.
    assert client.get(f"/v/{_flip(old.token, 0)[:-1]}").status_code == 404


def test_a_version_2_payload_refuses_a_64_bit_serial():
    with pytest.raises(ValueError, match="16 bytes"):
        tokens.Payload(1, "3131307", b"\0" * 8).pack()

"""The badge token: what the QR code on a crachá carries (decision record 0006).

``token = base64url(payload || signature)`` without padding, 106 characters, where ``payload`` is 15
bytes, big-endian::

    version  1 byte   (1)
    key_id   2 bytes  (which of the municipality's keys signed it; keys rotate, old ones stay public)
    ibge     4 bytes  (the municipality's 7-digit IBGE code as an integer)
    serial   8 bytes  (random, 64 bits: the badge's number, never derived from personal data)

and ``signature`` is the 64-byte Ed25519 signature of the payload with the municipality's private
key. Nothing personal is in the token; an inspector's phone holding the published public keys can
verify it offline. Pure Python over PyNaCl: no Django here.
"""

from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass

from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

VERSION = 1
_PAYLOAD = struct.Struct(">BHI8s")
PAYLOAD_BYTES = _PAYLOAD.size  # 15
SIGNATURE_BYTES = 64
TOKEN_CHARS = 106  # base64url of 79 bytes, no padding


class BadToken(ValueError):
    """Not a token we issued: wrong shape, unknown version or a signature that does not verify."""


@dataclass(frozen=True)
class Payload:
    key_id: int
    ibge_code: str
    serial: bytes
    version: int = VERSION

    def pack(self) -> bytes:
        if len(self.serial) != 8:
            raise ValueError("serial must have 8 bytes")
        if not (self.ibge_code.isdigit() and len(self.ibge_code) == 7):
            raise ValueError("IBGE code must have 7 digits")
        return _PAYLOAD.pack(self.version, self.key_id, int(self.ibge_code), self.serial)

    @property
    def serial_hex(self) -> str:
        return self.serial.hex()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64url(raw) != text:
        # Non-canonical spellings (stray low bits in the last character) would give one badge
        # several valid tokens; only the one we issued is accepted.
        raise BadToken("codificação não canônica")
    return raw


def sign(payload: Payload, private_seed: bytes) -> str:
    body = payload.pack()
    signature = SigningKey(private_seed).sign(body).signature
    return b64url(body + signature)


def parse(token: str) -> tuple[Payload, bytes, bytes]:
    """Split a token into its payload (unverified), the signed bytes and the signature."""
    if len(token) != TOKEN_CHARS or not token.isascii():
        raise BadToken("tamanho inválido")
    try:
        raw = unb64url(token)
    except (binascii.Error, ValueError) as exc:
        raise BadToken("não é base64url") from exc
    body, signature = raw[:PAYLOAD_BYTES], raw[PAYLOAD_BYTES:]
    version, key_id, ibge, serial = _PAYLOAD.unpack(body)
    if version != VERSION:
        raise BadToken(f"versão {version} desconhecida")
    return Payload(key_id, f"{ibge:07d}", serial, version), body, signature


def verify(token: str, public_key: bytes) -> Payload:
    """The payload of a token signed with the private key matching ``public_key``."""
    payload, body, signature = parse(token)
    try:
        VerifyKey(public_key).verify(body, signature)
    except BadSignatureError as exc:
        raise BadToken("assinatura não confere") from exc
    return payload

"""The badge token: what the QR code on a crachá carries (decision records 0006 and 0025).

``token = base64url(payload || signature)`` without padding, where ``payload`` is, big-endian::

    version  1 byte   (2; badges issued before carry 1)
    key_id   2 bytes  (which of the municipality's keys signed it; keys rotate, old ones stay public)
    ibge     4 bytes  (the municipality's 7-digit IBGE code as an integer)
    serial   16 bytes (random, 128 bits: the badge's number, never derived from personal data;
                       8 bytes, 64 bits, in version 1)

and ``signature`` is the 64-byte Ed25519 signature of the payload with the municipality's private
key: 116 characters (106 in version 1). Tokens of both versions verify, so the cards printed
before keep working until they expire. Nothing personal is in the token; an inspector's phone
holding the published public keys can verify it offline. Pure Python over PyNaCl: no Django here.
"""

from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass

from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

VERSION = 2
#: Each version's payload layout; the serial is 64 bits in version 1, 128 bits from version 2.
_PAYLOADS = {1: struct.Struct(">BHI8s"), 2: struct.Struct(">BHI16s")}
SIGNATURE_BYTES = 64
SERIAL_BYTES = {version: layout.size - 7 for version, layout in _PAYLOADS.items()}  # 8, 16
#: base64url of payload and signature, no padding: 106 characters (v1), 116 (v2).
TOKEN_CHARS = {
    version: -(-(layout.size + SIGNATURE_BYTES) * 4 // 3) for version, layout in _PAYLOADS.items()
}


class BadToken(ValueError):
    """Not a token we issued: wrong shape, unknown version or a signature that does not verify."""


@dataclass(frozen=True)
class Payload:
    key_id: int
    ibge_code: str
    serial: bytes
    version: int = VERSION

    def pack(self) -> bytes:
        if len(self.serial) != SERIAL_BYTES[self.version]:
            raise ValueError(f"serial must have {SERIAL_BYTES[self.version]} bytes")
        if not (self.ibge_code.isdigit() and len(self.ibge_code) == 7):
            raise ValueError("IBGE code must have 7 digits")
        layout = _PAYLOADS[self.version]
        return layout.pack(self.version, self.key_id, int(self.ibge_code), self.serial)

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
    if len(token) not in TOKEN_CHARS.values() or not token.isascii():
        raise BadToken("tamanho inválido")
    try:
        raw = unb64url(token)
    except (binascii.Error, ValueError) as exc:
        raise BadToken("não é base64url") from exc
    layout = _PAYLOADS.get(raw[0])
    if layout is None or len(raw) != layout.size + SIGNATURE_BYTES:
        raise BadToken(f"versão {raw[0]} desconhecida ou tamanho que não é o dela")
    body, signature = raw[: layout.size], raw[layout.size :]
    version, key_id, ibge, serial = layout.unpack(body)
    return Payload(key_id, f"{ibge:07d}", serial, version), body, signature


def verify(token: str, public_key: bytes) -> Payload:
    """The payload of a token signed with the private key matching ``public_key``."""
    payload, body, signature = parse(token)
    try:
        VerifyKey(public_key).verify(body, signature)
    except BadSignatureError as exc:
        raise BadToken("assinatura não confere") from exc
    return payload

"""PIX "copia e cola": the static BR Code (EMV® QRCPS, Merchant Presented Mode) of a debt.

Follows the Banco Central's "Manual de Padrões para Iniciação do Pix" (static QR code): every field
is ``ID`` (2 digits) + length (2 digits) + value, and the payload ends with field 63, the
CRC16-CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) of the whole text including ``6304``.
The checksum comes from the standard library: ``binascii.crc_hqx(data, 0xFFFF)`` *is* that CRC
(decision record 0007). Pure Python: no Django, so it is easy to test and reuse.
"""

from __future__ import annotations

import binascii
import re
import unicodedata
from dataclasses import dataclass

from outorga.core.errors import FieldError

GUI = "br.gov.bcb.pix"
MAX_NAME = 25  # field 59, Merchant Name
MAX_CITY = 15  # field 60, Merchant City
MAX_TXID = 25  # field 62-05, Reference Label (txid) of a static code
MAX_ACCOUNT_INFO = 99  # field 26 as a whole
MAX_AMOUNT_CHARS = 13  # field 54
NO_TXID = "***"  # the manual's value when the receiver does not identify the payment

_TXID_CHARS = re.compile(r"[^A-Za-z0-9]")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_PHONE = re.compile(r"^\+[1-9]\d{7,14}$")
_EVP = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class PixError(FieldError):
    """A field that cannot go into a BR Code; ``field`` names it, the message is Portuguese."""

    code = "pix_invalido"
    detail = "Dados inválidos para o PIX."


def crc16(data: str) -> str:
    """CRC16-CCITT-FALSE of ``data`` as 4 upper-case hex digits (field 63's value)."""
    return f"{binascii.crc_hqx(data.encode('utf-8'), 0xFFFF):04X}"


def _tlv(field_id: str, value: str) -> str:
    if len(value) > 99:
        raise PixError(field_id, "campo com mais de 99 caracteres")
    return f"{field_id}{len(value):02d}{value}"


#: Words a name shortened at a word boundary does not end on ("Prefeitura de Barra do").
_DANGLING = {"a", "as", "o", "os", "e", "de", "da", "das", "do", "dos", "em", "na", "no"}


def ascii_text(text: str, limit: int) -> str:
    """Accents removed, only printable ASCII, spaces collapsed, shortened to ``limit`` characters.

    Payment apps show name and city as they are; the manual restricts them to the EMV character
    set, so "São João del-Rei" becomes "Sao Joao del-Rei". A longer text is shortened at a word
    boundary, never mid-word: "Prefeitura de Barra do Garças" becomes "Prefeitura de Barra"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    plain = "".join(ch for ch in plain if 32 <= ord(ch) < 127)
    return shorten(" ".join(plain.split()), limit)


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut between words (dropping a dangling "de",
    "do"…); a first word longer than ``limit`` alone is cut."""
    if len(text) <= limit:
        return text
    words = text[: limit + 1].split(" ")[:-1]  # the last one is cut (or is the space after)
    while len(words) > 1 and words[-1].lower() in _DANGLING:
        words.pop()
    return " ".join(words).rstrip() or text[:limit].rstrip()


def txid_of(reference: str) -> str:
    """The debt reference as a static txid: letters and digits only, at most 25 (``***`` if none).

    ``3131307-D0000012`` → ``3131307D0000012``; reconciliation reads it back with
    :func:`reference_candidates`."""
    txid = _TXID_CHARS.sub("", reference)[:MAX_TXID]
    return txid or NO_TXID


def reference_candidates(text: str) -> list[str]:
    """The debt references a bank line's reference/txid may stand for (exact text first)."""
    raw = text.strip().upper()
    out = [raw] if raw else []
    squeezed = _TXID_CHARS.sub("", raw)
    m = re.fullmatch(r"(\d{7})D(\d{1,18})", squeezed)
    if m:
        out.append(f"{m.group(1)}-D{m.group(2)}")
    return list(dict.fromkeys(out))


def amount_text(cents: int) -> str:
    """Field 54: reais with a dot and two decimals, no thousands separator (``1234.50``)."""
    if cents <= 0:
        raise PixError("valor", "o valor deve ser positivo")
    text = f"{cents // 100}.{cents % 100:02d}"
    if len(text) > MAX_AMOUNT_CHARS:
        raise PixError("valor", "valor acima do que o campo 54 comporta")
    return text


def normalise_key(key: str) -> str:
    """A PIX key in the form the DICT stores it: CPF/CNPJ digits, +55 phone, e-mail, EVP."""
    k = key.strip()
    digits = re.sub(r"\D", "", k)
    if _EMAIL.match(k):
        return k.lower()
    if _EVP.match(k.lower()):
        return k.lower()
    if k.startswith("+") and _PHONE.match("+" + digits):
        return "+" + digits
    if re.fullmatch(r"[\d.\-/ ]+", k) and len(digits) in (11, 14):
        return digits
    raise PixError("chave", "chave PIX inválida (use CPF, CNPJ, +55 telefone, e-mail ou EVP)")


@dataclass(frozen=True)
class StaticPix:
    key: str
    merchant_name: str
    merchant_city: str
    amount_cents: int | None = None
    txid: str = NO_TXID
    description: str = ""

    def payload(self) -> str:
        return build_payload(
            key=self.key,
            merchant_name=self.merchant_name,
            merchant_city=self.merchant_city,
            amount_cents=self.amount_cents,
            txid=self.txid,
            description=self.description,
        )


def build_payload(
    *,
    key: str,
    merchant_name: str,
    merchant_city: str,
    amount_cents: int | None = None,
    txid: str = NO_TXID,
    description: str = "",
) -> str:
    """The "copia e cola" text. Name, city and description are cut to their limits (never
    rejected, since the municipality's name is not the payer's fault); a bad key or txid is."""
    key = normalise_key(key)
    name = ascii_text(merchant_name, MAX_NAME)
    city = ascii_text(merchant_city, MAX_CITY)
    if not name:
        raise PixError("nome", "informe o nome do recebedor")
    if not city:
        raise PixError("cidade", "informe a cidade do recebedor")
    if txid != NO_TXID and (not txid or _TXID_CHARS.search(txid) or len(txid) > MAX_TXID):
        raise PixError("txid", "txid: só letras e números, até 25 caracteres")
    account = _tlv("00", GUI) + _tlv("01", key)
    room = MAX_ACCOUNT_INFO - len(account) - 4
    info = ascii_text(description, max(0, room))
    if info:
        account += _tlv("02", info)
    body = (
        _tlv("00", "01")
        + _tlv("26", account)
        + _tlv("52", "0000")
        + _tlv("53", "986")
        + (_tlv("54", amount_text(amount_cents)) if amount_cents is not None else "")
        + _tlv("58", "BR")
        + _tlv("59", name)
        + _tlv("60", city)
        + _tlv("62", _tlv("05", txid))
        + "6304"
    )
    return body + crc16(body)


def parse(payload: str) -> dict[str, str]:
    """Top-level fields of a BR Code (``{"00": "01", "26": "0014br.gov…", …}``)."""
    fields: dict[str, str] = {}
    i = 0
    while i < len(payload):
        head = payload[i : i + 4]
        if len(head) < 4 or not head.isdigit():
            raise PixError("payload", f"campo malformado na posição {i}")
        size = int(head[2:])
        value = payload[i + 4 : i + 4 + size]
        if len(value) != size:
            raise PixError("payload", f"campo {head[:2]} mais curto que o declarado")
        fields[head[:2]] = value
        i += 4 + size
    return fields


def parse_template(value: str) -> dict[str, str]:
    """Sub-fields of a template field (26 or 62)."""
    return parse(value)


def is_valid(payload: str) -> bool:
    """Well formed and its field 63 matches the CRC of everything up to and including ``6304``."""
    try:
        fields = parse(payload)
    except PixError:
        return False
    return (
        payload.endswith(fields.get("63", "-"))
        and payload[-8:-4] == "6304"
        and crc16(payload[:-4]) == payload[-4:].upper()
    )

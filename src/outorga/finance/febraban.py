"""The FEBRABAN arrecadação barcode of a municipal guia (DAM) and its linha digitável, after the
"Layout Padrão de Arrecadação/Recebimento com Utilização do Código de Barras" (version 7): what
any bank, lottery outlet or banking app reads to pay a prefeitura's guia. Pure Python.

The 44 digits of the barcode::

    1      product: 8, arrecadação
    2      segment: 1, prefeituras
    3      value identifier: 6 (the amount in reais, check digits módulo 10) or
           8 (the amount in reais, módulo 11)
    4      the general check digit, of the other 43 digits
    5–15   the amount in cents, 11 digits
    16–19  the company/órgão code FEBRABAN gave the municipality, 4 digits
    20–44  the free field, 25 digits, the municipality's own

The linha digitável is the barcode in four blocks of 11 digits, each followed by its own check
digit in the same módulo: 48 digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from outorga.core.errors import FieldError

PRODUCT = "8"  # arrecadação
SEGMENT_PREFEITURAS = "1"
VALUE_MOD10 = "6"  # "valor a ser cobrado efetivamente em reais", módulo 10
VALUE_MOD11 = "8"  # "valor a ser cobrado efetivamente em reais", módulo 11
VALUE_IDS = (VALUE_MOD10, VALUE_MOD11)
AMOUNT_DIGITS = 11
COMPANY_DIGITS = 4
FREE_DIGITS = 25
BARCODE_DIGITS = 44
LINE_DIGITS = 48


class FebrabanError(FieldError):
    """What cannot go into the barcode, or a code whose digits do not check; Portuguese."""

    code = "codigo_barras_invalido"
    detail = "Código de barras de arrecadação inválido."


def modulo10(digits: str) -> int:
    """Weights 2, 1, 2, 1… from the right; the digits of each product summed; the check digit is
    10 less the remainder by 10 (0 when the remainder is 0)."""
    total = 0
    for i, d in enumerate(reversed(digits)):
        product = int(d) * (2 if i % 2 == 0 else 1)
        total += product // 10 + product % 10
    return (10 - total % 10) % 10


def modulo11(digits: str) -> int:
    """Weights 2 to 9, again from 2, from the right; the check digit is 11 less the remainder by
    11, and 0 when the remainder is 0 or 1 (a remainder of 10 gives 1)."""
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits)))
    rest = total % 11
    return 0 if rest in (0, 1) else 11 - rest


def _check(value_id: str) -> Any:
    if value_id == VALUE_MOD10:
        return modulo10
    if value_id == VALUE_MOD11:
        return modulo11
    raise FebrabanError(
        "identificador de valor", f"use {VALUE_MOD10} (módulo 10) ou {VALUE_MOD11} (módulo 11)"
    )


def barcode(
    *,
    amount_cents: int,
    company_code: str,
    free_field: str,
    value_id: str = VALUE_MOD10,
    segment: str = SEGMENT_PREFEITURAS,
) -> str:
    """The 44 digits of the barcode; ``free_field`` is left-padded with zeros to 25 digits."""
    check = _check(value_id)
    if not 0 <= amount_cents < 10**AMOUNT_DIGITS:
        raise FebrabanError("valor", "valor acima do que o código de barras comporta (11 dígitos)")
    if not re.fullmatch(rf"\d{{{COMPANY_DIGITS}}}", company_code or ""):
        raise FebrabanError("código FEBRABAN", "o código do órgão na FEBRABAN tem 4 dígitos")
    if not re.fullmatch(rf"\d{{0,{FREE_DIGITS}}}", free_field):
        raise FebrabanError("campo livre", f"só dígitos, até {FREE_DIGITS}")
    head = PRODUCT + segment + value_id
    tail = f"{amount_cents:0{AMOUNT_DIGITS}d}{company_code}{free_field.zfill(FREE_DIGITS)}"
    return f"{head}{check(head + tail)}{tail}"


def line(code: str) -> str:
    """The 48-digit linha digitável of a barcode: four blocks of 11 digits, each with its check
    digit."""
    _verify_barcode(code)
    check = _check(code[2])
    blocks = [code[i : i + 11] for i in range(0, BARCODE_DIGITS, 11)]
    return "".join(f"{b}{check(b)}" for b in blocks)


def line_formatted(digits: str) -> str:
    """The linha digitável as printed: ``XXXXXXXXXXX-D XXXXXXXXXXX-D …``."""
    return " ".join(f"{digits[i : i + 11]}-{digits[i + 11]}" for i in range(0, LINE_DIGITS, 12))


@dataclass(frozen=True)
class Guia:
    """What a barcode or linha digitável says."""

    segment: str
    value_id: str
    amount_cents: int
    company_code: str
    free_field: str
    barcode: str


def decode(text: str) -> Guia:
    """A barcode (44 digits) or linha digitável (48), punctuation ignored, with every check digit
    verified; :class:`FebrabanError` names the first that does not fit."""
    digits = re.sub(r"\D", "", text)
    if len(digits) == LINE_DIGITS:
        if digits[0] != PRODUCT:
            raise FebrabanError("código", "não é um código de arrecadação (começa por 8)")
        check = _check(digits[2])
        blocks = [digits[i : i + 12] for i in range(0, LINE_DIGITS, 12)]
        for n, block in enumerate(blocks, 1):
            if check(block[:11]) != int(block[11]):
                raise FebrabanError("linha digitável", f"dígito do {n}º bloco não confere")
        digits = "".join(b[:11] for b in blocks)
    _verify_barcode(digits)
    return Guia(
        segment=digits[1],
        value_id=digits[2],
        amount_cents=int(digits[4:15]),
        company_code=digits[15:19],
        free_field=digits[19:],
        barcode=digits,
    )


def _verify_barcode(code: str) -> None:
    if not re.fullmatch(rf"\d{{{BARCODE_DIGITS}}}", code or ""):
        raise FebrabanError("código", f"o código de barras tem {BARCODE_DIGITS} dígitos")
    if code[0] != PRODUCT:
        raise FebrabanError("código", "não é um código de arrecadação (começa por 8)")
    if _check(code[2])(code[:3] + code[4:]) != int(code[3]):
        raise FebrabanError("código", "o dígito verificador geral não confere")

"""Brazilian identifiers as every app reads, checks and shows them: CPF, CNPJ, CNH, RENAVAM and
vehicle plates. The check digits and the plate formats are the maintained libraries' (validate-docbr,
brutils); this module only says how a typed value is cleaned and how a stored one is written.
Each app raises its own kind of error around these answers (``registry.validation`` a
``FieldError``, ``platforms.validators`` a Django ``ValidationError``)."""

from __future__ import annotations

import functools
import re

from brutils import is_valid_license_plate
from validate_docbr import CNH, CNPJ, CPF, RENAVAM

_CHECKS = {"cpf": CPF(), "cnpj": CNPJ(), "cnh": CNH(), "renavam": RENAVAM()}


def digits(value: str) -> str:
    """The digits of a typed number (``123.456.789-09`` → ``12345678909``)."""
    return re.sub(r"\D", "", value or "")


@functools.lru_cache(maxsize=8192)
def check_digits_valid(kind: str, d: str) -> bool:
    """Whether the check digits of ``d`` (digits only) are right for a ``kind`` number — ``cpf``,
    ``cnpj``, ``cnh`` or ``renavam`` (cached: an import validates each number more than once,
    the row, then the record written from it)."""
    return bool(_CHECKS[kind].validate(d))


def normalize_plate(value: str) -> str:
    """A plate as stored: upper case, letters and digits only (``abc-1234`` → ``ABC1234``)."""
    return re.sub(r"[^A-Za-z0-9]", "", value or "").upper()


def plate_is_valid(value: str) -> bool:
    """Whether ``value`` is a plate as stored, in the old (ABC1234) or the Mercosul (ABC1D23)
    format."""
    return bool(value) and value == normalize_plate(value) and is_valid_license_plate(value)


def format_plate(plate: str) -> str:
    """A stored plate as printed: ABC1234 → ABC-1234; a Mercosul plate (ABC1D23) has no dash."""
    return f"{plate[:3]}-{plate[3:]}" if len(plate) == 7 and plate[3:].isdigit() else plate


def format_cpf(value: str) -> str:
    """``12345678909`` → ``123.456.789-09``; anything that is not 11 digits as it is."""
    d = digits(value)
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" if len(d) == 11 else value


def mask_document(d: str) -> str:
    """A CPF or CNPJ (digits) as a role that must not read it sees it: ``***.456.789-**``,
    ``12.***.***/0001-**`` — enough to tell two people apart on a screen, not to name one."""
    if len(d) == 11:
        return f"***.{d[3:6]}.{d[6:9]}-**"
    return f"{d[:2]}.***.***/{d[8:12]}-**"

"""Brazilian identifiers validated with maintained libraries (validate-docbr, brutils), with the
error a user reads in Portuguese."""

from __future__ import annotations

import functools
import re

from brutils import is_valid_license_plate
from validate_docbr import CNH, CNPJ, CPF, RENAVAM

from outorga.core.errors import FieldError

__all__ = ["FieldError"]


def digits(value: str) -> str:
    return re.sub(r"\D", "", value or "")


_CHECKS = {"cpf": CPF(), "cnpj": CNPJ(), "cnh": CNH(), "renavam": RENAVAM()}


@functools.lru_cache(maxsize=8192)
def _accepts(kind: str, d: str) -> bool:
    """Whether the check digits of ``d`` are right for a ``kind`` number (an import validates
    each number more than once: the row, then the record written from it)."""
    return bool(_CHECKS[kind].validate(d))


def _valid_digits(value: str, field: str, kind: str, message: str) -> str:
    """The digits of a document number whose check digits the ``kind``'s checker accepts."""
    d = digits(value)
    if not _accepts(kind, d):
        raise FieldError(field, message)
    return d


def cpf(value: str, field: str = "cpf") -> str:
    # validate-docbr accepts a CPF short of its leading zeros: it is kept with all 11 digits, or
    # the same person would be found under two numbers.
    return _valid_digits(value, field, "cpf", "CPF inválido").zfill(11)


def cnpj(value: str, field: str = "cnpj") -> str:
    return _valid_digits(value, field, "cnpj", "CNPJ inválido")


def cnh(value: str, field: str = "cnh") -> str:
    return _valid_digits(value, field, "cnh", "número da CNH inválido")


def renavam(value: str, field: str = "renavam") -> str:
    return _valid_digits(value, field, "renavam", "RENAVAM inválido")


def plate(value: str, field: str = "placa") -> str:
    """Old (ABC1234) and Mercosul (ABC1D23) formats; stored uppercase without dash."""
    p = re.sub(r"[^A-Za-z0-9]", "", value or "").upper()
    if not is_valid_license_plate(p):
        raise FieldError(field, "placa inválida (formatos ABC1234 ou ABC1D23)")
    return p


def format_cpf(d: str) -> str:
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" if len(d) == 11 else d


def mask_document(d: str) -> str:
    """A CPF or CNPJ (digits) as a role that must not read it sees it: ``***.456.789-**``,
    ``12.***.***/0001-**`` — enough to tell two people apart on a screen, not to name one."""
    if len(d) == 11:
        return f"***.{d[3:6]}.{d[6:9]}-**"
    return f"{d[:2]}.***.***/{d[8:12]}-**"


def format_plate(p: str) -> str:
    return f"{p[:3]}-{p[3:]}" if len(p) == 7 and p[4].isdigit() else p

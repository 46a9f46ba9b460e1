"""Brazilian identifiers (``core.identifiers``: the maintained libraries' checks) with the error a
user reads in Portuguese, on the field it names."""

from __future__ import annotations

from outorga.core.errors import FieldError
from outorga.core.identifiers import (
    check_digits_valid,
    digits,
    format_cpf,
    format_plate,
    mask_document,
    normalize_plate,
    plate_is_valid,
)

__all__ = ["FieldError", "digits", "format_cpf", "format_plate", "mask_document"]


def _valid_digits(value: str, field: str, kind: str, message: str) -> str:
    """The digits of a document number whose check digits the ``kind``'s checker accepts."""
    d = digits(value)
    if not check_digits_valid(kind, d):
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
    p = normalize_plate(value)
    if not plate_is_valid(p):
        raise FieldError(field, "placa inválida (formatos ABC1234 ou ABC1D23)")
    return p

"""Field validators for platform data (CPF with check digits, vehicle plate)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from outorga.core.identifiers import (
    check_digits_valid,
    digits,
    format_cpf,
    mask_document,
    normalize_plate,
    plate_is_valid,
)

__all__ = ["format_cpf", "normalize_plate", "plate_is_valid"]


def cpf_is_valid(value: str) -> bool:
    """A CPF as the platforms send it: its 11 digits alone, with right check digits."""
    d = digits(value)
    return len(d) == 11 and value == d and check_digits_valid("cpf", d)


def validate_cpf(value: str) -> None:
    if not cpf_is_valid(value):
        raise ValidationError(
            "CPF inválido (11 dígitos, sem pontos nem traço, dígitos verificadores)"
        )


def cnpj_is_valid(value: str) -> bool:
    d = digits(value)
    return len(d) == 14 and check_digits_valid("cnpj", d)


def validate_plate(value: str) -> None:
    if not plate_is_valid(value):
        raise ValidationError(
            "placa inválida: 7 caracteres em maiúsculas, sem traço (ABC1234 ou ABC1D23)"
        )


def mask_cpf(value: str) -> str:
    """``12345678909`` → ``***.456.789-**``."""
    d = digits(value)
    return mask_document(d) if len(d) == 11 else "***"

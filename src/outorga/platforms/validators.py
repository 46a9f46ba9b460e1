"""Field validators for platform data (CPF with check digits, vehicle plate)."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from validate_docbr import CNPJ, CPF

_PLATE = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")


def normalize_cpf(value: str) -> str:
    return re.sub(r"\D", "", value or "")


def normalize_plate(value: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", value or "").upper()


def cpf_is_valid(value: str) -> bool:
    digits = normalize_cpf(value)
    return len(digits) == 11 and value == digits and bool(CPF().validate(digits))


def validate_cpf(value: str) -> None:
    if not cpf_is_valid(value):
        raise ValidationError(
            "CPF inválido (11 dígitos, sem pontos nem traço, dígitos verificadores)"
        )


def cnpj_is_valid(value: str) -> bool:
    digits = re.sub(r"\D", "", value or "")
    return len(digits) == 14 and bool(CNPJ().validate(digits))


def plate_is_valid(value: str) -> bool:
    return bool(_PLATE.match(value or ""))


def validate_plate(value: str) -> None:
    if not plate_is_valid(value):
        raise ValidationError(
            "placa inválida: 7 caracteres em maiúsculas, sem traço (ABC1234 ou ABC1D23)"
        )


def mask_cpf(value: str) -> str:
    """``12345678909`` → ``***.456.789-**``."""
    d = normalize_cpf(value)
    if len(d) != 11:
        return "***"
    return f"***.{d[3:6]}.{d[6:9]}-**"


def format_cpf(value: str) -> str:
    d = normalize_cpf(value)
    if len(d) != 11:
        return value
    return f"{d[0:3]}.{d[3:6]}.{d[6:9]}-{d[9:11]}"

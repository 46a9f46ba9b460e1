"""Brazilian identifiers in one place (``core.identifiers``): the registry, the platforms, the
public checks and the inspectors' searches clean, check and print CPFs and plates alike."""

from __future__ import annotations

import pytest
from validate_docbr import CPF

from outorga.core.identifiers import (
    check_digits_valid,
    digits,
    format_cpf,
    format_plate,
    mask_document,
    normalize_plate,
    plate_is_valid,
)
from outorga.platforms.validators import cpf_is_valid, mask_cpf
from outorga.registry.validation import FieldError, plate


def test_a_plate_is_stored_upper_case_without_punctuation_in_either_format():
    assert normalize_plate(" abc-1234 ") == "ABC1234" and normalize_plate("abc.1d23") == "ABC1D23"
    assert plate_is_valid("ABC1234") and plate_is_valid("ABC1D23")
    # As stored only: the platforms' field validator reads the stored value.
    assert not plate_is_valid("abc1234") and not plate_is_valid("ABC-1234")
    assert not plate_is_valid("AB1D234") and not plate_is_valid("ABC1D2") and not plate_is_valid("")
    assert plate("abc-1d23") == "ABC1D23"
    with pytest.raises(FieldError) as refused:
        plate("AB-12345", field="placa do veículo")
    assert refused.value.field == "placa do veículo"


def test_a_plate_is_printed_with_the_dash_of_the_old_format_only():
    assert format_plate("ABC1234") == "ABC-1234"
    assert format_plate("ABC1D23") == "ABC1D23"


def test_a_cpf_is_checked_by_its_digits_and_shown_whole_or_masked():
    cpf = CPF().generate()
    wrong = cpf[:-1] + str((int(cpf[-1]) + 1) % 10)
    assert digits(CPF().mask(cpf)) == cpf
    assert check_digits_valid("cpf", cpf) and not check_digits_valid("cpf", wrong)
    assert format_cpf(cpf) == CPF().mask(cpf) and format_cpf("123") == "123"
    assert mask_document(cpf) == f"***.{cpf[3:6]}.{cpf[6:9]}-**" == mask_cpf(cpf)
    assert mask_document("11222333000181") == "11.***.***/0001-**"
    assert mask_cpf("123") == "***"
    # The platforms send the 11 digits alone: a masked CPF is refused there.
    assert cpf_is_valid(cpf) and not cpf_is_valid(CPF().mask(cpf)) and not cpf_is_valid(wrong)

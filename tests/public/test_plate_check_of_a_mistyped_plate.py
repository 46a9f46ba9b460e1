"""The public plate check (mototaxi art. 6; apps law's list of enabled drivers): a citizen who
mistypes a plate ("ABC", a digit short) is told the plate is incomplete and how one is written —
not, in red capitals, that the vehicle has no permission."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize("typed", ["abc", "EXA1A1", "1234567"])
def test_a_mistyped_plate_is_not_answered_sem_permissao(ipatinga_m, typed):
    html = Client().get(f"/publico/ipatinga/placa/?placa={typed}").content.decode()
    assert "Sem permissão" not in html
    assert "Placa incompleta ou inválida" in html
    assert "ABC-1234" in html and "ABC1D23" in html  # how a plate is written, both formats
    assert 'aria-invalid="true"' in html  # the field is marked, its value kept to correct


def test_a_well_formed_plate_unknown_is_still_sem_permissao(ipatinga_m):
    html = Client().get("/publico/ipatinga/placa/?placa=ZZZ9Z99").content.decode()
    assert "Sem permissão" in html and "Placa incompleta" not in html

"""Each number a law lets the apps show (its ``LIMITS``: a page's "até 90 dias", a form's "até 10
anos") names a dated parameter that law declares: read through ``interfaces.limit`` on a day the
law is in force, it gives that parameter's value with its reference — a misspelt name would break
the page that shows it, not quietly show another number."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law import interfaces
from outorga.law.barra_do_garcas import apps_2025
from outorga.law.context import Context
from outorga.law.ipatinga import mototaxi_2013, taxi_2017

ON = dt.date(2026, 6, 1)

CASES = [
    ("ipatinga.mototaxi-2013", mototaxi_2013.LIMITS, IPATINGA),
    ("ipatinga.taxi-2017", taxi_2017.LIMITS, IPATINGA),
    ("barra-do-garcas.apps-2025", apps_2025.LIMITS, BARRA_DO_GARCAS),
]


@pytest.mark.parametrize(
    ("law", "concept", "municipality"),
    [(law, concept, m) for law, limits, m in CASES for concept in limits],
)
def test_each_limit_reads_a_parameter_the_law_declares(law, concept, municipality):
    found = interfaces.limit(law, concept, Context(municipality, ON))
    assert found is not None
    assert found.value is not None and found.value > 0
    assert found.references, concept

"""Windows (D-1), ages, and money in cents with explicit rounding (D-5, D-12, D-14)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.law.citations import cite, decision, parse
from outorga.law.money import (
    brl,
    fiscal_units_to_cents,
    rate_of,
    rate_percent,
    split_instalments,
    to_cents,
)
from outorga.law.windows import age_on, in_window, twelve_months_ending

D = dt.date


def test_d_1_the_window_is_the_12_months_ending_on_the_newest_infraction():
    w = twelve_months_ending(D(2025, 3, 10))
    assert w == (D(2024, 3, 11), D(2025, 3, 10))
    assert in_window(D(2024, 3, 11), w)
    assert not in_window(D(2024, 3, 10), w)


def test_d_1_window_ending_on_29_february():
    assert twelve_months_ending(D(2024, 2, 29)) == (D(2023, 3, 1), D(2024, 2, 29))


def test_age_turns_on_the_birthday():
    assert age_on(D(2005, 6, 15), D(2026, 6, 14)) == 20
    assert age_on(D(2005, 6, 15), D(2026, 6, 15)) == 21


def test_age_of_someone_born_on_29_february():
    assert age_on(D(2004, 2, 29), D(2025, 2, 28)) == 20
    assert age_on(D(2004, 2, 29), D(2025, 3, 1)) == 21


def test_d_5_fiscal_units_convert_half_up_to_the_cent():
    assert fiscal_units_to_cents(3, Decimal("4.1235")) == 1237  # 12.3705 → 12,37
    assert fiscal_units_to_cents(1, Decimal("0.005")) == 1  # half-up, not banker's
    assert to_cents("0.125") == 13


def test_d_14_rate_rounds_half_up_per_amount():
    assert rate_of(1_000_050, "0.05") == 50_003  # 50 002,5 → 50 003


def test_brazilian_money_format():
    assert brl(123456789) == "R$ 1.234.567,89"
    assert brl(5) == "R$ 0,05"
    assert brl(-100) == "-R$ 1,00"


@given(st.integers(0, 10**9), st.integers(1, 36))
def test_property_d_12_instalments_sum_to_the_total_and_differ_by_the_remainder(total, n):
    parts = split_instalments(total, n)
    assert len(parts) == n and sum(parts) == total
    assert max(parts) - min(parts) == total % n if n > 1 else True
    assert parts[0] == max(parts) and len(set(parts[1:])) <= 1


def test_instalments_refuse_zero_count():
    with pytest.raises(ValueError):
        split_instalments(100, 0)


def test_citations_render_in_portuguese_and_parse_back():
    c = cite("ipatinga.mototaxi-2013", 32, inc="I")
    assert c.render() == "Lei de mototáxi de Ipatinga (2013), art. 32, I"
    assert cite("ipatinga.mototaxi-2013", 32, 1).render().endswith("art. 32, §1")
    assert cite("ipatinga.taxi-2017", 13, "único").render().endswith("parágrafo único")
    assert decision(4).render() == "decisão D-4"
    full = cite("ipatinga.mototaxi-2013", 32, inc="III", ali="f")
    assert parse(full.compact()) == full


def test_an_unknown_law_is_refused():
    with pytest.raises(ValueError):
        cite("lei.inexistente", 1)


def test_rate_percent_is_brazilian():
    assert rate_percent("0.05") == "5%"
    assert rate_percent("0.025") == "2,5%"
    assert rate_percent(Decimal("0.0075")) == "0,75%"


def test_a_fiscal_units_value_reads_in_brazilian_format_never_rounded_with_its_cents():
    from outorga.law.money import brl_unit

    assert brl_unit("5.0000") == "R$ 5,00"
    assert brl_unit("5.3412") == "R$ 5,3412"
    assert brl_unit("1234.5678") == "R$ 1.234,5678"
    assert brl_unit("3") == "R$ 3,00"


def test_a_quantity_reads_in_brazilian_format():
    from outorga.law.money import number_br, percent_br

    assert number_br("12.5") == "12,5"
    assert number_br(Decimal("3.20")) == "3,2"
    assert number_br(150) == "150"
    assert number_br(123456) == "123.456"
    assert percent_br("20.01") == "20,01%"

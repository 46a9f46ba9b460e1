"""A municipality's value for a declared parameter (D-15): its kind comes from the declaration, and a
typed or sent value is checked and stored the way the rulebook stores it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.law import parameter_input as pi
from outorga.law.parameters import tree

IPATINGA = ["ipatinga.mototaxi-2013", "ipatinga.taxi-2017"]
BARRA = ["barra-do-garcas.apps-2025"]


def p(name):
    return tree()[name]


def test_every_declared_parameter_has_a_known_kind():
    # A new rulebook parameter whose unit says nothing of its value fails here, not on a screen.
    for param in tree().parameters.values():
        assert pi.kind_of(param) in pi.Kind


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("mototaxi_2013.tariff.mototaxi.urbana", pi.Kind.MONEY),
        ("taxi_2017.fee_registration", pi.Kind.MONEY),
        ("apps_2025.fare_max_per_km_cents", pi.Kind.MONEY),
        ("taxi_2017.points_grave", pi.Kind.INTEGER),  # no value shipped: regulation data (D-10)
        ("payment.fine_due_days", pi.Kind.INTEGER),
        ("mototaxi_2013.fines.grave", pi.Kind.FISCAL_UNITS),
        ("apps_2025.issqn_rate_mei", pi.Kind.FRACTION),
        ("apps_2025.fare_dynamic_max_percent", pi.Kind.PERCENT),
        ("apps_2025.publication_date", pi.Kind.DATE),
        ("taxi_2017.cnh_categories", pi.Kind.TEXT_LIST),
        ("taxi_2017.vehicle_colour", pi.Kind.TEXT),
    ],
)
def test_the_kind_is_read_from_the_declaration(name, kind):
    assert pi.kind_of(p(name)) is kind


def test_a_municipality_sees_its_laws_parameters_and_the_shared_ones_only():
    ipa = {x.name for x in pi.parameters_for(IPATINGA)}
    barra = {x.name for x in pi.parameters_for(BARRA)}
    assert "mototaxi_2013.tariff.mototaxi.urbana" in ipa and "apps_2025.platform_cap" not in ipa
    assert "apps_2025.platform_cap" in barra and not any(n.startswith("taxi_2017") for n in barra)
    assert "payment.fine_due_days" in ipa & barra
    assert pi.fiscal_units_for(IPATINGA) == ["UFPI"] and pi.fiscal_units_for(BARRA) == ["UPFBG"]


def test_a_shared_parameter_cites_only_the_laws_the_municipality_applies():
    refs = pi.references_for(p("payment.fine_due_days"), BARRA)
    assert any("4.976/2025" in r for r in refs)
    assert not any("Ipatinga" in r for r in refs)


@pytest.mark.parametrize(
    ("name", "typed", "stored"),
    [
        ("mototaxi_2013.tariff.mototaxi.urbana", "7,25", 725),
        ("mototaxi_2013.tariff.mototaxi.urbana", "R$ 1.234,50", 123450),
        ("mototaxi_2013.tariff.mototaxi.urbana", "7", 700),
        ("payment.fine_due_days", "45", 45),
        ("mototaxi_2013.fines.grave", "3", 3),
        ("mototaxi_2013.fines.grave", "2,5", "2.5"),
        ("apps_2025.issqn_rate_mei", "0,02", "0.02"),
        ("apps_2025.fare_dynamic_max_percent", "12,5", "12.5"),
        ("apps_2025.publication_date", "19/05/2025", "2025-05-19"),
        ("taxi_2017.cnh_categories", "B, C; D", ["B", "C", "D"]),
    ],
)
def test_a_value_typed_in_brazilian_format_is_stored_as_the_rulebook_stores_it(name, typed, stored):
    value = pi.from_text(p(name), typed)
    assert value == stored
    assert pi.from_json(p(name), value) == stored  # the API accepts what the web stores


@pytest.mark.parametrize(
    ("name", "typed", "error"),
    [
        ("mototaxi_2013.tariff.mototaxi.urbana", "7.25", "vírgula"),
        ("mototaxi_2013.tariff.mototaxi.urbana", "7,255", "2 casa"),
        ("mototaxi_2013.tariff.mototaxi.urbana", "-1", "negativo"),
        ("payment.fine_due_days", "4,5", "inteiro"),
        ("apps_2025.issqn_rate_mei", "5", "entre 0 e 1"),
        ("apps_2025.publication_date", "31/02/2025", "data inválida"),
        ("taxi_2017.cnh_categories", " , ", "ao menos um"),
        ("mototaxi_2013.fines.grave", "0", "maior que zero"),
    ],
)
def test_a_wrong_value_is_refused_in_portuguese(name, typed, error):
    with pytest.raises(pi.ValueInvalid, match=error):
        pi.from_text(p(name), typed)


def test_the_api_takes_money_in_integer_cents_only():
    tariff = p("mototaxi_2013.tariff.mototaxi.urbana")
    for wrong in (7.25, "725", True, None, [725]):
        with pytest.raises(pi.ValueInvalid):
            pi.from_json(tariff, wrong)
    assert pi.from_json(tariff, 725) == 725


def test_stored_values_are_shown_in_brazilian_format():
    assert pi.show(p("mototaxi_2013.tariff.mototaxi.urbana"), 725) == "R$ 7,25 por corrida"
    assert pi.show(p("apps_2025.issqn_rate_mei"), "0.02") == "0,02"
    assert pi.show(p("apps_2025.fare_dynamic_max_percent"), "12.5") == "12,5 %"
    assert pi.show(p("mototaxi_2013.fines.grave"), "2.5") == "2,5 UFPI"
    assert pi.show(p("apps_2025.publication_date"), dt.date(2025, 5, 16)) == "16/05/2025"
    assert pi.show(p("payment.fine_due_days"), 1) == "1 dia"
    assert pi.show(p("payment.fine_due_days"), 30) == "30 dias"


@given(st.integers(0, 10**9))
def test_property_money_typed_in_brazilian_format_round_trips_to_cents(cents):
    reais, c = divmod(cents, 100)
    typed = f"{reais:,}".replace(",", ".") + f",{c:02d}"
    assert pi.from_text(p("taxi_2017.fee_registration"), typed) == cents


@given(st.decimals(min_value=0, max_value=1, places=6))
def test_property_a_fraction_is_stored_as_exact_decimal_text(d):
    stored = pi.from_json(p("apps_2025.issqn_rate_mei"), str(d))
    assert Decimal(stored) == d and "E" not in stored

"""Fees: taxi art. 40 names them and leaves the amounts to the municipality; the mototaxi law names
none (it provides for the Cadastro, art. 4, and the inspections, art. 5 §1 and §6). An amount is
the municipality's dated value, in reais or in UFPI converted at the UFPI in force on the day
the fee is charged (D-5, D-15); nothing is assumed when a value is missing."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from outorga.demo import IPATINGA
from outorga.law.context import Context, FiscalUnitValue
from outorga.law.decisions import Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

ON = dt.date(2026, 3, 2)
UFPI_2026 = FiscalUnitValue("UFPI", Decimal("5.3412"), dt.date(2026, 1, 1), "Decreto 100/2025")


def municipality(overrides=None, units=(UFPI_2026,)):
    return dataclasses.replace(
        IPATINGA,
        overrides={k: tuple(v) for k, v in (overrides or {}).items()},
        fiscal_units=IPATINGA.fiscal_units + tuple(units),
    )


def value(on, v, reference="Lei Complementar 1/2025, anexo"):
    return DatedValue(on, v, reference=reference, source="municipality")


def taxi_fee(facts, inciso="VIII", on=ON, **more):
    return ask("taxi.fee", Context(facts, on), {"fee": inciso, **more})


def test_art_40_viii_fee_fixed_in_ufpi_is_converted_at_the_ufpi_of_the_day_it_is_charged():
    facts = municipality({"taxi_2017.fee_inspection_ufpi": [value(dt.date(2025, 1, 1), 20)]})
    before = taxi_fee(facts, on=dt.date(2025, 12, 31))  # demo UFPI R$ 5,00 (example)
    after = taxi_fee(facts, on=dt.date(2026, 1, 1))  # UFPI R$ 5,3412 from 01/01/2026
    assert before.outcome["amount_cents"] == 10_000 and before.outcome["example"] is True
    assert after.outcome["amount_cents"] == 10_682 and after.outcome["example"] is False
    [r] = after.reasons
    assert "20 UFPI × R$ 5,3412" in r.message and "R$ 106,82" in r.message
    cites = {c.compact() for c in r.citations}
    assert "ipatinga.taxi-2017 art. 40, VIII" in cites and "outorga.decisions art. D-5" in cites


def test_art_40_a_fee_fixed_in_reais_is_that_amount():
    facts = municipality({"taxi_2017.fee_permit_renewal": [value(dt.date(2024, 1, 1), 15_000)]})
    d = taxi_fee(facts, "II")
    assert d.outcome["amount_cents"] == 15_000
    assert d.reasons[0].parameters[0].name == "taxi_2017.fee_permit_renewal"


def test_d_15_the_newer_act_wins_whether_it_fixes_the_fee_in_reais_or_in_ufpi():
    facts = municipality(
        {
            "taxi_2017.fee_inspection": [value(dt.date(2024, 1, 1), 9_000)],
            "taxi_2017.fee_inspection_ufpi": [value(dt.date(2026, 2, 1), 10)],
        }
    )
    assert taxi_fee(facts, on=dt.date(2026, 1, 31)).outcome["amount_cents"] == 9_000
    assert taxi_fee(facts, on=dt.date(2026, 2, 1)).outcome["amount_cents"] == 5_341


def test_d_15_two_values_from_the_same_day_are_left_to_the_municipality():
    facts = municipality(
        {
            "taxi_2017.fee_inspection": [value(dt.date(2026, 1, 1), 9_000)],
            "taxi_2017.fee_inspection_ufpi": [value(dt.date(2026, 1, 1), 10)],
        }
    )
    d = taxi_fee(facts)
    assert d.outcome["amount_cents"] is None
    assert d.reasons[0].verdict is Verdict.PENDING and "dois valores" in d.reasons[0].message


def test_d_5_a_fee_in_ufpi_without_a_ufpi_value_on_the_day_is_pending_and_says_so():
    facts = dataclasses.replace(
        municipality({"taxi_2017.fee_inspection_ufpi": [value(dt.date(2025, 1, 1), 20)]}),
        fiscal_units=(),
    )
    d = taxi_fee(facts)
    assert d.outcome["amount_cents"] is None
    assert d.reasons[0].verdict is Verdict.PENDING
    assert "não há valor da UFPI registrado em vigor em 02/03/2026" in d.reasons[0].message


def test_art_40_no_value_recorded_names_both_parameters_the_municipality_may_record():
    d = taxi_fee(municipality())
    message = d.reasons[0].message
    assert d.outcome["amount_cents"] is None
    assert "a lei não fixa o valor" in message
    assert "taxi_2017.fee_inspection" in message and "taxi_2017.fee_inspection_ufpi" in message


def test_art_40_ix_other_fees_exist_only_by_an_act_of_the_sesuma():
    d = taxi_fee(municipality(), "IX")
    assert d.outcome["amount_cents"] is None
    assert "SESUMA" in d.reasons[0].message


@pytest.mark.parametrize("inciso", ["II", "III", "IV", "V", "VI", "VII", "VIII"])
def test_art_40_caput_the_fees_are_owed_by_permit_holders(inciso):
    name = {
        "II": "permit_renewal",
        "III": "registration",
        "IV": "auxiliary_registration",
        "V": "registration_renewal",
        "VI": "vehicle_replacement",
        "VII": "duplicate_document",
        "VIII": "inspection",
    }[inciso]
    facts = municipality({f"taxi_2017.fee_{name}": [value(dt.date(2024, 1, 1), 5_000)]})
    assert taxi_fee(facts, inciso, payer_is_permit_holder=True).outcome["amount_cents"] == 5_000
    refused = taxi_fee(facts, inciso, payer_is_permit_holder=False)
    assert refused.outcome["amount_cents"] is None
    [r] = refused.refusals
    assert r.citations[0].compact() == "ipatinga.taxi-2017 art. 40"
    assert "permissionários" in r.message


def test_art_40_i_the_application_fee_is_owed_by_who_applies_before_holding_a_permit():
    facts = municipality({"taxi_2017.fee_permit_application": [value(dt.date(2024, 1, 1), 7_000)]})
    d = taxi_fee(facts, "I", payer_is_permit_holder=False)
    assert d.outcome["amount_cents"] == 7_000 and not d.refusals


@pytest.mark.parametrize("fee", ["registration", "inspection"])
def test_mototaxi_law_institutes_no_fee_so_without_the_municipal_act_there_is_no_amount(fee):
    d = ask("mototaxi.fee", Context(municipality(), ON), {"fee": fee})
    assert d.outcome["amount_cents"] is None
    assert [r.verdict for r in d.reasons] == [Verdict.INFO, Verdict.PENDING]
    assert "não institui taxa" in d.reasons[0].message
    assert f"mototaxi_2013.fees.{fee}" in d.reasons[1].message


def test_mototaxi_inspection_fee_recorded_in_ufpi_follows_the_ufpi_of_the_day():
    facts = municipality({"mototaxi_2013.fees.inspection_ufpi": [value(dt.date(2025, 6, 1), 12)]})
    old = ask("mototaxi.fee", Context(facts, ON), {"fee": "inspection", "on": "2025-12-31"})
    new = ask("mototaxi.fee", Context(facts, ON), {"fee": "inspection", "on": "2026-01-01"})
    assert old.outcome["amount_cents"] == 6_000
    assert new.outcome["amount_cents"] == 6_409  # 12 × 5,3412 = 64,0944
    assert any(c.compact() == "ipatinga.mototaxi-2013 art. 5, §6" for c in new.citations)

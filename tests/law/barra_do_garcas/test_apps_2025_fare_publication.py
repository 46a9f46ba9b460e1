"""Art. 6, 7, 9: a published fare table with its dynamic-pricing ceiling."""

import dataclasses
import datetime as dt

import outorga.law.barra_do_garcas.apps_2025.fare_publication  # noqa: F401 - registers the question
from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
ACT = dt.date(2025, 7, 1)
ON = dt.date(2025, 8, 1)
TABLE = {"base_fare_cents": 400, "per_km_cents": 200, "per_minute_cents": 40}


def muni(**params):
    overrides = {
        f"apps_2025.{name}": (DatedValue(ACT, value, source="municipality"),)
        for name, value in params.items()
    }
    return dataclasses.replace(BARRA_DO_GARCAS, overrides=overrides)


LIMITED = muni(
    fare_max_base_fare_cents=500,
    fare_max_per_km_cents=250,
    fare_max_per_minute_cents=50,
    fare_dynamic_max_percent="50",
)


def test_art_9_table_with_surcharge_within_ceiling_and_limits_is_accepted():
    d = ask("apps.fare_publication", Context(LIMITED, ON), {**TABLE, "dynamic_max_percent": "25"})
    assert d.outcome == "ok"


def test_art_9_surcharge_above_the_executive_ceiling_is_refused():
    d = ask("apps.fare_publication", Context(LIMITED, ON), {**TABLE, "dynamic_max_percent": "60"})
    assert d.outcome == "refused"
    assert any("acima do teto de 50%" in r.message for r in d.refusals)
    assert {c.compact() for r in d.refusals for c in r.citations} >= {f"{LAW} art. 9"}


def test_art_9_surged_item_above_its_maximum_is_refused():
    # 400 + 30 % = 520 > 500 (base fare maximum), though 30 % is within the 50 % ceiling.
    d = ask("apps.fare_publication", Context(LIMITED, ON), {**TABLE, "dynamic_max_percent": "30"})
    assert d.outcome == "refused"
    assert any(
        "tarifa base com o acréscimo máximo: r$ 5,20" in r.message.lower() for r in d.refusals
    )


def test_art_9_surged_item_exactly_at_its_maximum_is_accepted():
    d = ask("apps.fare_publication", Context(LIMITED, ON), {**TABLE, "dynamic_max_percent": "25"})
    assert not d.refusals


def test_art_7_without_limits_set_the_table_is_pending_not_refused():
    d = ask(
        "apps.fare_publication",
        Context(BARRA_DO_GARCAS, ON),
        {**TABLE, "dynamic_max_percent": "80"},
    )
    assert d.outcome == "pending"


def test_art_6_incomplete_table_is_refused():
    d = ask("apps.fare_publication", Context(LIMITED, ON), {"base_fare_cents": 400})
    assert d.outcome == "refused"


def test_d16_suspended_dynamic_limits_are_not_applied_and_cited():
    m = dataclasses.replace(
        LIMITED,
        suspensions=(RuleSuspension("apps.art9.dynamic_within_limits", ACT, None, "TJMT, ADI 1"),),
    )
    d = ask("apps.fare_publication", Context(m, ON), {**TABLE, "dynamic_max_percent": "90"})
    assert d.outcome == "ok"
    suspended = [r for r in d.reasons if r.verdict is Verdict.SUSPENDED]
    assert suspended and all(
        any(c.is_decision and "16" in str(c.article) for c in r.citations) for r in suspended
    )

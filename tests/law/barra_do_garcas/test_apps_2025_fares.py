"""Art. 5–10: fare table, quote, executive limits, yearly review, dynamic pricing."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
LIMITS_ACT = dt.date(2025, 7, 1)  # date of a (test) executive act setting the limits
ON = dt.date(2025, 8, 1)


def muni(**params):
    overrides = {
        f"apps_2025.{name}": (DatedValue(LIMITS_ACT, value, source="municipality"),)
        for name, value in params.items()
    }
    return dataclasses.replace(BARRA_DO_GARCAS, overrides=overrides)


LIMITED = muni(
    fare_max_base_fare_cents=500, fare_max_per_km_cents=250, fare_max_per_minute_cents=50
)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


TABLE = {"base_fare_cents": 500, "per_km_cents": 250, "per_minute_cents": 50}


# --- art. 6: completeness -------------------------------------------------------------------------


def test_art_6_complete_table_without_extras_is_complete(barra):
    d = ask("apps.fare_table", Context(LIMITED, ON), TABLE)
    assert d.outcome == "ok"


@pytest.mark.parametrize(
    ("missing", "inc"),
    [("base_fare_cents", "I"), ("per_km_cents", "II"), ("per_minute_cents", "III")],
)
def test_art_6_table_missing_an_item_is_refused(missing, inc):
    table = {k: v for k, v in TABLE.items() if k != missing}
    d = ask("apps.fare_table", Context(LIMITED, ON), table)
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 6, {inc}"}


def test_art_6_iv_extras_are_listed():
    table = {**TABLE, "extras": [{"name": "bagagem", "amount_cents": 300}]}
    d = ask("apps.fare_table", Context(LIMITED, ON), table)
    (r,) = [r for r in d.reasons if r.rule == "apps.art6.iv.extras"]
    assert "bagagem R$ 3,00" in r.message


# --- art. 7: limits are municipality data ---------------------------------------------------------


def test_art_7_limits_not_set_by_the_executive_leave_the_check_pending(barra):
    d = ask("apps.fare_table", barra(ON), TABLE)
    assert d.outcome == "pending"
    assert not d.refusals


def test_art_7_item_at_the_limit_is_allowed_one_cent_above_is_refused():
    assert ask("apps.fare_table", Context(LIMITED, ON), TABLE).outcome == "ok"
    d = ask("apps.fare_table", Context(LIMITED, ON), {**TABLE, "per_km_cents": 251})
    assert d.outcome == "refused"
    assert refusal_citations(d) == {f"{LAW} art. 7", f"{LAW} art. 7, §único"}


def test_art_7_limits_apply_from_the_date_of_the_executive_act():
    d = ask(
        "apps.fare_table",
        Context(LIMITED, LIMITS_ACT - dt.timedelta(days=1)),
        {**TABLE, "per_km_cents": 999},
    )
    assert d.outcome == "pending"
    d = ask("apps.fare_table", Context(LIMITED, LIMITS_ACT), {**TABLE, "per_km_cents": 999})
    assert d.outcome == "refused"


# --- art. 5 and 7: the quote ------------------------------------------------------------------------

QUOTE = {
    "shown_before_confirmation": True,
    "composition_shown": True,
    "taxes_shown": True,
    "distance_m": 4_000,
    "duration_s": 600,
    # ceiling: 500 + 250 × 4 + 50 × 10 = 2 000 cents
    "total_cents": 2_000,
}


def test_art_7_quote_at_the_ceiling_is_allowed_one_cent_above_is_refused():
    assert ask("apps.fare_quote", Context(LIMITED, ON), QUOTE).outcome == "ok"
    d = ask("apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "total_cents": 2_001})
    assert refusal_citations(d) == {f"{LAW} art. 7", f"{LAW} art. 7, §único"}


def test_art_7_ceiling_rounds_half_up_to_the_cent():
    # 250 × 1.002 km = 250.5 → 251; ceiling 500 + 251 + 0 = 751
    quote = {**QUOTE, "distance_m": 1_002, "duration_s": 0, "total_cents": 751}
    assert ask("apps.fare_quote", Context(LIMITED, ON), quote).outcome == "ok"
    d = ask("apps.fare_quote", Context(LIMITED, ON), {**quote, "total_cents": 752})
    assert d.outcome == "refused"


@pytest.mark.parametrize("flag", ["shown_before_confirmation", "composition_shown", "taxes_shown"])
def test_art_5_quote_without_prior_information_is_refused(flag):
    d = ask("apps.fare_quote", Context(LIMITED, ON), {**QUOTE, flag: False})
    assert refusal_citations(d) == {f"{LAW} art. 5"}


# --- art. 9–10: dynamic pricing ----------------------------------------------------------------------

DYNAMIC = {"reason": "alta demanda", "percent": "20", "accept_or_refuse_offered": True}


def test_art_9_dynamic_fare_within_the_maxima_is_allowed():
    d = ask("apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "dynamic": DYNAMIC})
    assert d.outcome == "ok"


def test_art_9_dynamic_fare_above_the_maxima_is_refused():
    d = ask(
        "apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "total_cents": 2_400, "dynamic": DYNAMIC}
    )
    assert refusal_citations(d) == {f"{LAW} art. 9", f"{LAW} art. 7"}


def test_art_9_dynamic_surcharge_above_the_executive_cap_is_refused():
    capped = muni(
        fare_max_base_fare_cents=500,
        fare_max_per_km_cents=250,
        fare_max_per_minute_cents=50,
        fare_dynamic_max_percent="20",
    )
    assert (
        ask("apps.fare_quote", Context(capped, ON), {**QUOTE, "dynamic": DYNAMIC}).outcome == "ok"
    )
    d = ask(
        "apps.fare_quote",
        Context(capped, ON),
        {**QUOTE, "dynamic": {**DYNAMIC, "percent": "20.01"}},
    )
    assert refusal_citations(d) == {f"{LAW} art. 9", f"{LAW} art. 7"}


def test_art_10_i_dynamic_without_reason_is_refused():
    d = ask(
        "apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "dynamic": {**DYNAMIC, "reason": " "}}
    )
    assert refusal_citations(d) == {f"{LAW} art. 10, I"}


def test_art_10_ii_dynamic_with_percent_or_additional_amount_is_accepted():
    by_amount = {"reason": "chuva", "additional_cents": 300, "accept_or_refuse_offered": True}
    assert (
        ask("apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "dynamic": by_amount}).outcome
        == "ok"
    )
    neither = {"reason": "chuva", "accept_or_refuse_offered": True}
    d = ask("apps.fare_quote", Context(LIMITED, ON), {**QUOTE, "dynamic": neither})
    assert refusal_citations(d) == {f"{LAW} art. 10, II"}


def test_art_10_sole_paragraph_user_must_be_able_to_accept_or_refuse():
    d = ask(
        "apps.fare_quote",
        Context(LIMITED, ON),
        {**QUOTE, "dynamic": {**DYNAMIC, "accept_or_refuse_offered": False}},
    )
    assert refusal_citations(d) == {f"{LAW} art. 10, §único"}


def test_d16_fare_limits_can_be_suspended():
    facts = dataclasses.replace(
        LIMITED,
        suspensions=(
            RuleSuspension(
                "apps.art9.dynamic_within_limits", dt.date(2026, 3, 10), None, "TJMT (teste)"
            ),
        ),
    )
    quote = {**QUOTE, "total_cents": 9_000, "dynamic": DYNAMIC}
    d = ask("apps.fare_quote", Context(facts, dt.date(2026, 3, 10)), quote)
    assert d.outcome == "ok"
    assert any(r.verdict is Verdict.SUSPENDED for r in d.reasons)
    assert ask("apps.fare_quote", Context(facts, dt.date(2026, 3, 9)), quote).outcome == "refused"


# --- art. 8: yearly review ---------------------------------------------------------------------------


def test_art_8_review_is_due_twelve_months_after_the_last_one(barra):
    d = ask("apps.fare_limits_review", barra(dt.date(2026, 7, 1)), {"last_review": "2025-07-01"})
    assert d.outcome == {"overdue": False, "due": dt.date(2026, 7, 1)}


@pytest.mark.parametrize(
    ("last", "due"),
    [
        ("2028-02-29", dt.date(2029, 3, 1)),  # no 29/02/2029: the day after (Civil Code 132 §3º)
        ("2028-02-28", dt.date(2029, 2, 28)),  # guard: the same day
        ("2026-03-10", dt.date(2027, 3, 10)),  # guard
    ],
)
def test_art_8_civil_code_art_132_par3_twelve_months_from_29_february_run_out_on_1_march(
    barra, last, due
):
    d = ask("apps.fare_limits_review", barra(due), {"last_review": last})
    assert d.outcome == {"overdue": False, "due": due}
    d = ask("apps.fare_limits_review", barra(due + dt.timedelta(days=1)), {"last_review": last})
    assert d.outcome["overdue"] is True
    assert refusal_citations(d) == {f"{LAW} art. 8"}


def test_art_8_review_is_overdue_the_day_after(barra):
    d = ask("apps.fare_limits_review", barra(dt.date(2026, 7, 2)), {"last_review": "2025-07-01"})
    assert d.outcome["overdue"] is True
    assert refusal_citations(d) == {f"{LAW} art. 8"}


def test_art_8_the_overdue_review_says_the_period_in_force_on_the_day():
    """Art. 8: "revisar anualmente" — the overdue review says the period of the parameter of the
    day, never "anual" written while another is in force: a dated value (a test value, not the
    law's) changes it on the day it takes effect and not the day before."""
    longer = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={  # a test value, not the law's
            "apps_2025.fare_limits_review_months": (
                DatedValue(dt.date(2026, 8, 1), 18, True, None, "municipality"),
            )
        },
    )

    def said(on: dt.date) -> tuple[str, str]:
        d = ask("apps.fare_limits_review", Context(longer, on), {"last_review": "2025-01-01"})
        assert d.outcome["overdue"] is True
        return d.refusals[0].message, d.summary

    message, summary = said(dt.date(2026, 7, 31))  # the day before
    assert "a revisão anual venceu em 01/01/2026" in message
    assert summary == "Revisão anual vencida desde 01/01/2026."
    message, summary = said(dt.date(2026, 8, 1))
    assert "a revisão a cada 18 meses venceu em 01/07/2026" in message
    assert summary == "Revisão a cada 18 meses vencida desde 01/07/2026."

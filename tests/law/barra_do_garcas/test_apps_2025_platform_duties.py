"""Art. 15 (complaints in 5 business days, D-4), art. 16 (monthly report, D-8), art. 28–29."""

import dataclasses
import datetime as dt

import holidays
import pytest

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


# --- what the holidays package knows for Mato Grosso ----------------------------------------------


def test_mt_holidays_known_to_the_package_are_the_national_ones_from_2024():
    # 20 November (Consciência Negra) was a MT state holiday and is national since 2024 (Lei
    # 14.759/2023); the package has no other MT-only holiday, so municipal ones are municipality data.
    for year in (2025, 2026):
        mt = holidays.country_holidays("BR", subdiv="MT", years=year)
        national = holidays.country_holidays("BR", years=year)
        assert set(mt) == set(national)
        assert dt.date(year, 11, 20) in national


# --- art. 15 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filed", "deadline"),
    [
        ("2025-09-01", "2025-09-08"),  # Monday → next Monday (Sunday 7/9 is a holiday anyway)
        ("2025-08-08", "2025-08-15"),  # Friday: the weekend does not count
        ("2025-08-09", "2025-08-15"),  # filed on a Saturday: counting starts on Monday
        ("2025-11-14", "2025-11-24"),  # Thursday 20/11 Consciência Negra (national) skipped
        ("2025-12-24", "2026-01-02"),  # Natal and Confraternização Universal skipped
        ("2026-04-01", "2026-04-09"),  # Sexta-feira Santa 03/04/2026 skipped
    ],
)
def test_art_15_answer_due_in_five_business_days(barra, filed, deadline):
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 20)), {"filed_on": filed})
    assert d.outcome["deadline"] == dt.date.fromisoformat(deadline)


def test_art_15_municipal_holiday_is_not_a_business_day():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS, holidays={dt.date(2025, 9, 15): "feriado municipal (teste)"}
    )
    d = ask(
        "apps.complaint_deadline", Context(facts, dt.date(2025, 9, 10)), {"filed_on": "2025-09-10"}
    )
    assert d.outcome["deadline"] == dt.date(2025, 9, 18)  # 11, 12, 16, 17, 18


def test_art_15_answer_on_the_last_day_is_on_time_the_day_after_is_late(barra):
    on_time = ask(
        "apps.complaint_deadline",
        barra(dt.date(2025, 12, 1)),
        {"filed_on": "2025-11-14", "answered_on": "2025-11-24"},
    )
    assert on_time.outcome["status"] == "answered_on_time"
    late = ask(
        "apps.complaint_deadline",
        barra(dt.date(2025, 12, 1)),
        {"filed_on": "2025-11-14", "answered_on": "2025-11-25"},
    )
    assert late.outcome["status"] == "answered_late"
    assert refusal_citations(late) == {f"{LAW} art. 15"}


def test_art_15_unanswered_complaint_is_open_until_the_deadline_then_overdue(barra):
    facts = {"filed_on": "2025-11-14"}
    assert (
        ask("apps.complaint_deadline", barra(dt.date(2025, 11, 24)), facts).outcome["status"]
        == "open"
    )
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 11, 25)), facts)
    assert d.outcome["status"] == "overdue"
    assert refusal_citations(d) == {f"{LAW} art. 15"}


def test_art_28_late_answer_in_the_adaptation_period_is_not_enforceable(barra):
    # deadline 11/07/2025, within the 60 days after publication (last day 15/07/2025)
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 1)), {"filed_on": "2025-07-04"})
    assert d.outcome["status"] == "not_enforceable" and d.outcome["breach"] is False
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 1)), {"filed_on": "2025-07-09"})
    assert d.outcome == {
        "status": "overdue",
        "deadline": dt.date(2025, 7, 16),
        "business_days": 5,
        "breach": True,
    }


def test_art_29_complaint_before_the_law_is_not_applicable(barra):
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 1)), {"filed_on": "2025-05-15"})
    assert d.outcome["status"] == "not_applicable"


# --- art. 16, D-8 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("year", "month", "due"),
    [
        (2025, 8, "2025-09-30"),  # Tuesday
        (2025, 10, "2025-11-28"),  # 30/11 is a Sunday
        (2025, 12, "2026-01-30"),  # 31/01/2026 is a Saturday
        (2026, 2, "2026-03-31"),
    ],
)
def test_d8_report_for_month_m_is_due_on_the_last_business_day_of_m_plus_1(barra, year, month, due):
    d = ask("apps.monthly_report", barra(dt.date(2025, 9, 1)), {"year": year, "month": month})
    assert d.outcome["due"] == dt.date.fromisoformat(due)


def test_d8_municipal_closed_day_moves_the_due_date_back():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS, closed_days={dt.date(2025, 9, 30): "ponto facultativo (teste)"}
    )
    d = ask("apps.monthly_report", Context(facts, dt.date(2025, 9, 1)), {"year": 2025, "month": 8})
    assert d.outcome["due"] == dt.date(2025, 9, 29)


def test_art_16_report_on_the_due_date_is_on_time_the_day_after_is_late(barra):
    on_time = ask(
        "apps.monthly_report",
        barra(dt.date(2025, 10, 5)),
        {"year": 2025, "month": 8, "submitted_on": "2025-09-30"},
    )
    assert on_time.outcome["status"] == "on_time"
    late = ask(
        "apps.monthly_report",
        barra(dt.date(2025, 10, 5)),
        {"year": 2025, "month": 8, "submitted_on": "2025-10-01"},
    )
    assert late.outcome["status"] == "late"
    assert refusal_citations(late) == {f"{LAW} art. 16", "outorga.decisions art. D-8"}


def test_art_16_report_not_sent_is_not_yet_due_then_missing(barra):
    facts = {"year": 2025, "month": 8}
    assert (
        ask("apps.monthly_report", barra(dt.date(2025, 9, 30)), facts).outcome["status"]
        == "not_yet_due"
    )
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 1)), facts)
    assert d.outcome["status"] == "missing"


@pytest.mark.parametrize(
    ("item", "inc"),
    [("active_drivers", "I"), ("intermediation_revenue", "II"), ("trip_revenue_per_driver", "III")],
)
def test_art_16_report_missing_an_item_is_incomplete(barra, item, inc):
    contents = {
        "active_drivers": True,
        "intermediation_revenue": True,
        "trip_revenue_per_driver": True,
    }
    facts = {
        "year": 2025,
        "month": 8,
        "submitted_on": "2025-09-15",
        "contents": {**contents, item: False},
    }
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    assert d.outcome["complete"] is False
    assert d.outcome["status"] == "on_time"
    assert refusal_citations(d) == {f"{LAW} art. 16, {inc}"}


def test_art_28_report_due_in_the_adaptation_period_is_not_enforceable(barra):
    # May 2025 → due 30/06/2025, before the end of the 60 days; June 2025 → due 31/07/2025.
    d = ask("apps.monthly_report", barra(dt.date(2025, 8, 1)), {"year": 2025, "month": 5})
    assert d.outcome["status"] == "not_enforceable"
    d = ask("apps.monthly_report", barra(dt.date(2025, 8, 1)), {"year": 2025, "month": 6})
    assert d.outcome["status"] == "missing"


# --- art. 28–29 --------------------------------------------------------------------------------------


def test_art_28_obligations_enforceable_from_the_day_after_the_sixtieth_day(barra):
    d = ask("apps.obligation_enforceable", barra(dt.date(2025, 7, 15)), {})
    assert d.outcome == {
        "enforceable": False,
        "enforceable_from": dt.date(2025, 7, 16),
        "adaptation_last_day": dt.date(2025, 7, 15),
    }
    assert ask("apps.obligation_enforceable", barra(dt.date(2025, 7, 16)), {}).outcome[
        "enforceable"
    ]


def test_art_28_given_date_is_judged_instead_of_the_reference_date(barra):
    d = ask("apps.obligation_enforceable", barra(dt.date(2026, 1, 1)), {"on": "2025-06-01"})
    assert d.outcome["enforceable"] is False


def test_art_29_publication_date_can_be_corrected_by_the_municipality():
    from outorga.law.parameters import DatedValue

    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.publication_date": (
                DatedValue(dt.date(2025, 5, 16), dt.date(2025, 5, 20), source="municipality"),
            )
        },
    )
    d = ask("apps.obligation_enforceable", Context(facts, dt.date(2025, 7, 16)), {})
    # 20/05 + 60 = 19/07/2025 (Saturday) → last day Monday 21/07/2025
    assert d.outcome["adaptation_last_day"] == dt.date(2025, 7, 21)
    assert d.outcome["enforceable"] is False


FULL_REPORT = {
    "active_drivers": True,
    "intermediation_revenue": True,
    "trip_revenue_per_driver": True,
}


@pytest.mark.parametrize("on", [dt.date(2025, 9, 30), dt.date(2025, 10, 1)])
def test_art_16_a_report_not_sent_is_never_complete(barra, on):
    """Not yet due or missing: nothing was sent, so nothing of art. 16 I–III was delivered."""
    d = ask("apps.monthly_report", barra(on), {"year": 2025, "month": 8})
    assert d.outcome["complete"] is False


def test_art_16_a_report_sent_with_every_item_is_complete(barra):
    facts = {"year": 2025, "month": 8, "submitted_on": "2025-09-15", "contents": FULL_REPORT}
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    assert d.outcome["complete"] is True and "incompleto" not in d.summary


def test_art_16_a_report_sent_without_its_contents_informed_is_not_assumed_complete(barra):
    facts = {"year": 2025, "month": 8, "submitted_on": "2025-09-15"}
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    assert d.outcome["complete"] is None


# --- art. 15: which answers breach the duty ------------------------------------------------------


@pytest.mark.parametrize(
    ("answered_on", "on", "status", "breach"),
    [
        ("2026-11-10", dt.date(2026, 11, 12), "answered_on_time", False),
        ("2026-11-11", dt.date(2026, 11, 12), "answered_late", True),
        (None, dt.date(2026, 11, 10), "open", False),
        (None, dt.date(2026, 11, 11), "overdue", True),
    ],
)
def test_art_15_an_answer_after_the_fifth_business_day_breaches_the_duty_as_none_does(
    barra, answered_on, on, status, breach
):
    """Filed Tuesday 03/11/2026: 5 business days end on Tuesday 10/11."""
    facts = {"filed_on": "2026-11-03"}
    if answered_on:
        facts["answered_on"] = answered_on
    d = ask("apps.complaint_deadline", barra(on), facts)
    assert d.outcome["status"] == status
    assert d.outcome["breach"] is breach

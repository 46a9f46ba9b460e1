"""Art. 15 (complaints in 5 business days, D-4), art. 16 (monthly report, D-8), art. 28–29."""

import dataclasses
import datetime as dt

import holidays
import pytest

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
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
        ("2025-08-09", "2025-08-18"),  # Saturday: received Monday 11, counted from Tuesday
        ("2025-11-14", "2025-11-24"),  # Thursday 20/11 Consciência Negra (national) skipped
        ("2025-12-24", "2026-01-02"),  # Natal and Confraternização Universal skipped
        ("2026-04-01", "2026-04-09"),  # Sexta-feira Santa 03/04/2026 skipped
    ],
)
def test_art_15_answer_due_in_five_business_days(barra, filed, deadline):
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 20)), {"filed_on": filed})
    assert d.outcome["deadline"] == dt.date.fromisoformat(deadline)


@pytest.mark.parametrize(
    ("filed", "start", "deadline"),
    [
        # Saturday and Sunday: received on Monday 11/08, which is excluded (Lei 9.784 art. 66):
        # 12, 13, 14, 15, 18.
        ("2025-08-09", "2025-08-11", "2025-08-18"),
        ("2025-08-10", "2025-08-11", "2025-08-18"),
        # Consciência Negra (Thursday 20/11/2025): received Friday 21, counted 24–28.
        ("2025-11-20", "2025-11-21", "2025-11-28"),
        # Carnaval is no holiday of the package; Sexta-feira Santa 03/04/2026 is: received Monday
        # 06/04, counted 07, 08, 09, 10, 13.
        ("2026-04-03", "2026-04-06", "2026-04-13"),
    ],
)
def test_art_15_a_complaint_filed_on_a_closed_day_counts_from_the_first_business_day_after(
    barra, filed, start, deadline
):
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 20)), {"filed_on": filed})
    assert d.outcome["deadline"] == dt.date.fromisoformat(deadline)
    (why,) = [r for r in d.reasons if r.rule == "apps.art15.complaint_deadline"]
    assert why.facts["contagem_a_partir_de"] == dt.date.fromisoformat(start)
    assert dt.date.fromisoformat(start).strftime("%d/%m/%Y") in why.message
    assert {c.compact() for c in why.citations} >= {
        f"{LAW} art. 15",
        "federal.9784-1999 art. 66",
        "federal.cpc-2015 art. 224, §1",
    }


def test_art_15_a_complaint_filed_on_a_business_day_counts_from_the_next_day(barra):
    """The day of filing is excluded, whether the next days are business days or not: Friday
    08/08/2025 → 11, 12, 13, 14, 15."""
    d = ask("apps.complaint_deadline", barra(dt.date(2025, 8, 20)), {"filed_on": "2025-08-08"})
    assert d.outcome["deadline"] == dt.date(2025, 8, 15)
    (why,) = [r for r in d.reasons if r.rule == "apps.art15.complaint_deadline"]
    assert why.facts["contagem_a_partir_de"] == dt.date(2025, 8, 8)


def test_art_15_a_complaint_filed_on_a_municipal_closed_day_counts_from_the_next_open_one():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS, closed_days={dt.date(2025, 9, 10): "ponto facultativo (teste)"}
    )
    d = ask(
        "apps.complaint_deadline", Context(facts, dt.date(2025, 9, 10)), {"filed_on": "2025-09-10"}
    )
    assert d.outcome["deadline"] == dt.date(2025, 9, 18)  # received 11: 12, 15, 16, 17, 18


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


def test_art_16_ii_a_report_without_its_revenue_names_the_inciso_it_lacks(barra):
    """Art. 16, II: "demonstrativo de faturamento mensal referente à intermediação". A report sent
    without it is delivered but incomplete: the decision names the inciso, never a revenue of 0."""
    facts = {
        "year": 2025,
        "month": 8,
        "submitted_on": "2025-09-15",
        "contents": {
            "active_drivers": True,
            "intermediation_revenue": False,
            "trip_revenue_per_driver": True,
        },
    }
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    assert d.outcome["complete"] is False
    assert d.outcome["missing_items"] == ["II"]
    assert "art. 16, II" in d.summary and "faturamento mensal da intermediação" in d.summary


def test_art_16_a_complete_report_lacks_no_item(barra):
    facts = {
        "year": 2025,
        "month": 8,
        "submitted_on": "2025-09-15",
        "contents": dict.fromkeys(
            ("active_drivers", "intermediation_revenue", "trip_revenue_per_driver"), True
        ),
    }
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    assert (d.outcome["complete"], d.outcome["missing_items"]) == (True, [])
    assert "incompleto" not in d.summary


@pytest.mark.parametrize(
    ("credentialed_on", "month", "owed"),
    [
        ("2025-08-31", 8, True),  # credentialed on the month's last day: August owed
        ("2025-08-31", 7, False),  # the month before the credential: not owed
        ("2025-08-01", 8, True),
        ("2025-09-01", 8, False),
    ],
)
def test_art_16_the_month_of_the_credential_is_owed(barra, credentialed_on, month, owed):
    """Art. 16: a report "de cada mês" from the platforms credentialed here (art. 3): the month of
    the credential is one of them, whatever day it came (ADR 0083)."""
    facts = {"year": 2025, "month": month, "credentialed_on": credentialed_on}
    d = ask("apps.monthly_report", barra(dt.date(2025, 10, 5)), facts)
    if owed:
        assert d.outcome["status"] == "missing"
        (why,) = [r for r in d.reasons if r.rule == "apps.art16.months_owed"]
        assert why.verdict is Verdict.INFO
        assert {c.compact() for c in why.citations} >= {f"{LAW} art. 16", f"{LAW} art. 3"}
    else:
        assert d.outcome["status"] == "not_owed"
        assert d.outcome["complete"] is None
        assert not d.refusals


def test_art_16_the_month_of_the_cancellation_is_owed_the_next_is_not(barra):
    base = {"year": 2025, "credentialed_on": "2025-08-31", "cancelled_on": "2025-10-01"}
    on = dt.date(2025, 12, 10)
    assert ask("apps.monthly_report", barra(on), {**base, "month": 10}).outcome["status"] == (
        "missing"
    )
    d = ask("apps.monthly_report", barra(on), {**base, "month": 11})
    assert d.outcome["status"] == "not_owed"


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

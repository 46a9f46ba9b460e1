"""Art. 3 §2, D-9 (b): the peak of concurrent distinct drivers and the monthly infraction candidate."""

import dataclasses
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.barra_do_garcas.apps_2025 import Peak, merge_intervals, peak_concurrent_drivers
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Verdict
from outorga.law.questions import ask

T0 = dt.datetime(2025, 9, 1, 8, 0)
LAW = "barra-do-garcas.apps-2025"


def t(minutes: int) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def brute_force(intervals):
    """Reference: at every start instant, count the distinct drivers with a covering interval."""
    live = [(d, s, e) for d, s, e in intervals if e > s]
    best, at = 0, None
    for instant in sorted({s for _, s, _ in live}):
        n = len({d for d, s, e in live if s <= instant < e})
        if n > best:
            best, at = n, instant
    return Peak(best, at)


# --- the pure function ---------------------------------------------------------------------------


def test_d9_no_interval_has_no_peak():
    assert peak_concurrent_drivers([]) == Peak(0, None)


def test_d9_touching_intervals_of_two_drivers_do_not_overlap():
    # end == start of another is NOT overlap (half-open intervals).
    assert peak_concurrent_drivers([("a", t(0), t(10)), ("b", t(10), t(20))]) == Peak(1, t(0))


def test_d9_overlapping_intervals_of_two_drivers_count_two_at_the_later_start():
    assert peak_concurrent_drivers([("a", t(0), t(11)), ("b", t(10), t(20))]) == Peak(2, t(10))


def test_d9_a_driver_with_overlapping_sessions_counts_once():
    sessions = [("a", t(0), t(30)), ("a", t(10), t(20)), ("a", t(25), t(40))]
    assert peak_concurrent_drivers(sessions) == Peak(1, t(0))
    assert merge_intervals([(t(0), t(30)), (t(10), t(20)), (t(25), t(40))]) == [(t(0), t(40))]


def test_d9_touching_sessions_of_one_driver_stay_apart_when_merging():
    assert merge_intervals([(t(10), t(20)), (t(0), t(10))]) == [(t(0), t(10)), (t(10), t(20))]


def test_d9_empty_intervals_are_ignored_and_inverted_ones_are_errors():
    assert peak_concurrent_drivers([("a", t(5), t(5))]) == Peak(0, None)
    with pytest.raises(ValueError):
        peak_concurrent_drivers([("a", t(5), t(4))])


def test_d9_peak_instant_is_the_first_time_the_maximum_is_reached():
    sessions = [
        ("a", t(0), t(10)),
        ("b", t(5), t(10)),
        ("c", t(20), t(30)),
        ("d", t(25), t(30)),
    ]
    assert peak_concurrent_drivers(sessions) == Peak(2, t(5))


intervals = st.lists(
    st.tuples(
        st.sampled_from("abcdefgh"),
        st.integers(0, 60),
        st.integers(0, 30),
    ).map(lambda x: (x[0], t(x[1]), t(x[1] + x[2]))),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(intervals)
def test_d9_peak_matches_brute_force(sample):
    assert peak_concurrent_drivers(sample) == brute_force(sample)


@settings(max_examples=100, deadline=None)
@given(intervals)
def test_d9_peak_never_exceeds_the_number_of_drivers_and_ignores_order(sample):
    peak = peak_concurrent_drivers(sample)
    assert peak.count <= len({d for d, _, _ in sample})
    assert peak_concurrent_drivers(list(reversed(sample))) == peak


def test_d9_large_input_is_fast():
    # 200 000 sessions: an O(n²) sweep would not finish in test time.
    sessions = [(f"d{i % 5000}", t(i), t(i + 90)) for i in range(200_000)]
    peak = peak_concurrent_drivers(sessions)
    # Session i covers [i, i + 90): at minute 89 sessions 0..89 are live, and never more.
    assert peak == Peak(90, t(89))


# --- the question --------------------------------------------------------------------------------


def test_art_3_2_month_with_peak_of_50_is_not_a_candidate(barra):
    d = ask(
        "apps.concurrency_month",
        barra(dt.date(2025, 10, 5)),
        {"year": 2025, "month": 9, "measured_peak": 50},
    )
    assert d.outcome["candidate"] is False


def test_art_3_2_month_with_peak_of_51_is_an_infraction_candidate(barra):
    d = ask(
        "apps.concurrency_month",
        barra(dt.date(2025, 10, 5)),
        {"year": 2025, "month": 9, "measured_peak": 51},
    )
    assert d.outcome["candidate"] is True
    (r,) = d.refusals
    assert {c.compact() for c in r.citations} == {f"{LAW} art. 3, §2", "outorga.decisions art. D-9"}


def test_art_3_2_peak_computed_from_sessions(barra):
    sessions = [
        {"driver": f"m{i}", "start": "2025-09-10T18:00:00", "end": "2025-09-10T19:00:00"}
        for i in range(51)
    ] + [{"driver": "m0", "start": "2025-09-10T18:30:00", "end": "2025-09-10T20:00:00"}]
    d = ask(
        "apps.concurrency_month",
        barra(dt.date(2025, 10, 5)),
        {"year": 2025, "month": 9, "sessions": sessions},
    )
    assert d.outcome == {"peak": 51, "peak_at": "2025-09-10T18:00:00", "candidate": True}


def test_art_28_month_in_the_adaptation_period_is_not_a_candidate(barra):
    # June 2025 ends before the 60 days after publication (last day 15/07/2025).
    d = ask(
        "apps.concurrency_month",
        barra(dt.date(2025, 8, 5)),
        {"year": 2025, "month": 6, "measured_peak": 80},
    )
    assert d.outcome["candidate"] is False
    assert any(r.rule == "apps.art28.adaptation_period" for r in d.reasons)
    d = ask(
        "apps.concurrency_month",
        barra(dt.date(2025, 8, 5)),
        {"year": 2025, "month": 7, "measured_peak": 80},
    )
    assert d.outcome["candidate"] is True


def test_d16_measured_peak_is_not_judged_while_the_cap_is_suspended():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        suspensions=(
            RuleSuspension(
                "apps.art3.driver_cap_platform", dt.date(2026, 3, 10), None, "TJMT (teste)"
            ),
        ),
    )
    d = ask(
        "apps.concurrency_month",
        Context(facts, dt.date(2026, 4, 2)),
        {"year": 2026, "month": 3, "measured_peak": 80},
    )
    assert d.reasons[0].verdict is Verdict.SUSPENDED
    assert d.outcome["candidate"] is False


def test_art_28_d15_a_peak_is_judged_on_its_day_not_on_the_month_s_last_day(barra):
    """July 2025 straddles the end of the adaptation period (last day 15/07/2025): a peak on 05/07
    fell inside it and is no infraction; one on 20/07 is a candidate. A peak without its moment is
    judged on the month's last day."""
    asked = barra(dt.date(2025, 8, 5))
    month = {"year": 2025, "month": 7, "measured_peak": 60}
    inside = ask("apps.concurrency_month", asked, {**month, "measured_peak_at": "2025-07-05T10:00"})
    assert inside.outcome["candidate"] is False
    (grace,) = [r for r in inside.reasons if r.rule == "apps.art28.adaptation_period"]
    assert grace.verdict is Verdict.INFO and grace.message.startswith("Em 05/07/2025 as plata")
    after = ask("apps.concurrency_month", asked, {**month, "measured_peak_at": "2025-07-20T10:00"})
    assert after.outcome["candidate"] is True
    assert ask("apps.concurrency_month", asked, month).outcome["candidate"] is True


def test_d16_a_peak_before_the_court_suspended_the_cap_is_judged_by_the_cap():
    """The cap suspended from 10/03/2026 (D-16): a peak of 03/03 happened while it was in force
    and is a candidate; one of 12/03, while suspended, is not judged."""
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        suspensions=(
            RuleSuspension(
                "apps.art3.driver_cap_platform", dt.date(2026, 3, 10), None, "TJMT (teste)"
            ),
        ),
    )
    month = {"year": 2026, "month": 3, "measured_peak": 80}
    ctx = Context(facts, dt.date(2026, 3, 31))
    before = ask("apps.concurrency_month", ctx, {**month, "measured_peak_at": "2026-03-03T18:00"})
    assert before.outcome["candidate"] is True
    assert before.reasons[0].verdict is Verdict.REFUSED
    assert {c.compact() for c in before.reasons[0].citations} >= {
        "barra-do-garcas.apps-2025 art. 3, §2"
    }
    during = ask("apps.concurrency_month", ctx, {**month, "measured_peak_at": "2026-03-12T18:00"})
    assert during.reasons[0].verdict is Verdict.SUSPENDED
    assert during.outcome["candidate"] is False

"""Art. 48: the taxi tender's criteria contemplate the current taxistas, within the principles of
the public administration — points added to the edital's score, never an exclusion (ADR 0031)."""

import datetime as dt

import pytest

from outorga.law.decisions import Verdict
from outorga.law.ipatinga.taxi_2017.tender import current_period, full_years
from outorga.law.questions import FactsInvalid, ask

Q = "ipatinga.taxi-2017.tender_classification"
OPENED = dt.date(2027, 3, 1)


def classify(ctx, *applicants, opened=OPENED):
    return ask(Q, ctx(opened), {"opened_on": opened.isoformat(), "applicants": list(applicants)})


def applicant(pk, score, *periods):
    return {
        "id": pk,
        "name": f"Candidato {pk}",
        "score": score,
        "taxista_periods": [
            {"role": role, "from": start, "until": until} for role, start, until in periods
        ],
    }


def points(d, pk):
    return d.outcome["applicants"][pk]["points"]


def test_art_48_a_current_taxista_earns_points_a_newcomer_none(ipatinga):
    d = classify(
        ipatinga,
        applicant(
            "a",
            7,
        ),
        applicant("b", 5, ("titular", "2024-03-01", None)),
    )
    # Example weights: 5 for a current taxista + 1 per full year (3 years), at most 10.
    assert points(d, "a") == 0 and points(d, "b") == 8
    assert d.outcome["ranking"] == ["b", "a"]
    assert "valores de exemplo" in " ".join(r.message for r in d.reasons)


def test_art_48_inscription_ended_the_day_before_the_opening_is_not_current(ipatinga):
    d = classify(ipatinga, applicant("a", 0, ("auxiliar", "2020-01-01", "2027-02-28")))
    assert points(d, "a") == 0 and not d.outcome["applicants"]["a"]["current"]


def test_art_48_inscription_ending_on_the_opening_day_is_current(ipatinga):
    d = classify(ipatinga, applicant("a", 0, ("auxiliar", "2020-01-01", "2027-03-01")))
    assert d.outcome["applicants"]["a"]["current"]


def test_art_48_inscription_starting_after_the_opening_does_not_count(ipatinga):
    d = classify(ipatinga, applicant("a", 0, ("auxiliar", "2027-03-02", None)))
    assert points(d, "a") == 0


def test_art_48_the_anniversary_completes_the_year_the_day_before_does_not(ipatinga):
    on_day = classify(ipatinga, applicant("a", 0, ("titular", "2025-03-01", None)))
    day_short = classify(ipatinga, applicant("a", 0, ("titular", "2025-03-02", None)))
    assert points(on_day, "a") == 5 + 2 and points(day_short, "a") == 5 + 1


def test_art_48_points_are_capped_at_the_maximum(ipatinga):
    d = classify(ipatinga, applicant("a", 0, ("titular", "2012-01-01", None)))
    assert points(d, "a") == 10
    assert "limitado ao máximo" in d.reasons[1].message


def test_art_48_auxiliary_then_holder_without_a_gap_is_one_inscription(ipatinga):
    d = classify(
        ipatinga,
        applicant(
            "a", 0, ("auxiliar", "2023-03-01", "2025-02-28"), ("titular", "2025-03-01", None)
        ),
    )
    assert points(d, "a") == 5 + 4


def test_art_48_a_gap_restarts_the_count(ipatinga):
    d = classify(
        ipatinga,
        applicant(
            "a", 0, ("auxiliar", "2019-03-01", "2025-02-27"), ("titular", "2025-03-01", None)
        ),
    )
    assert points(d, "a") == 5 + 2


def test_art_48_proviso_nobody_is_excluded_and_ties_keep_the_commissions_order(ipatinga):
    d = classify(
        ipatinga,
        applicant("a", 8),
        applicant("b", 3, ("titular", "2026-03-01", None)),  # 3 + 5 + 1 × 1 = 9
        applicant("c", 9),
    )
    assert d.outcome["ranking"] == ["b", "c", "a"]
    assert d.outcome["ties"] == [["b", "c"]]
    assert d.reasons[0].rule.endswith("art_48_proviso") and d.reasons[0].verdict is Verdict.INFO
    assert not d.refusals


def test_art_48_decimal_scores_are_kept_exact(ipatinga):
    d = classify(ipatinga, applicant("a", 7.5), applicant("b", 7.25))
    assert d.outcome["applicants"]["a"]["total"] == "7.5"
    assert "7,5 + 0 = 7,5" in d.reasons[-1].message


def test_art_48_a_negative_score_is_rejected_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        classify(ipatinga, applicant("a", -1))


def test_art_48_before_the_law_the_question_refuses(ipatinga):
    d = classify(ipatinga, applicant("a", 1), opened=dt.date(2017, 9, 27))
    assert d.outcome is None and d.refusals


def test_current_period_and_full_years_helpers():
    assert current_period([], OPENED) is None
    # From 29/02 the year completes on 01/03 of a common year (Civil Code art. 132 §3º; ADR 0074).
    assert full_years(dt.date(2024, 2, 29), dt.date(2025, 2, 28)) == 0
    assert full_years(dt.date(2024, 2, 29), dt.date(2025, 3, 1)) == 1
    assert full_years(dt.date(2027, 3, 2), OPENED) == 0

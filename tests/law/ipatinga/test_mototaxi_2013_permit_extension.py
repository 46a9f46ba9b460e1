"""Art. 6: a permission's term is extended by periods of five years, up to three, at the
Executive's discretion — while its term runs and only if it was not extinguished."""

import datetime as dt
from typing import Any

import pytest

from outorga.law.citations import Citation, cite
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.permit_extension"
TERM_END = dt.date(2036, 3, 10)


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


def extension(ipatinga, on: dt.date, **over: Any) -> Decision:  # type: ignore[no-untyped-def]
    facts: dict[str, Any] = {
        "granted_on": "2026-03-10",
        "term_end": TERM_END.isoformat(),
        "extensions_granted": 0,
        "status": "ativa",
        "executive_act": True,
    }
    return ask(Q, ipatinga(on), facts | over)


def test_art_6_an_extension_adds_one_period_of_five_years_to_the_term_end(ipatinga):
    d = extension(ipatinga, dt.date(2035, 9, 1))
    assert d.outcome["may_extend"] is True
    assert d.outcome["extension_years"] == 5
    assert d.outcome["new_term_end"] == dt.date(2041, 3, 10)
    assert (d.outcome["extensions_after"], d.outcome["extensions_left"]) == (1, 2)
    assert d.citations == (cite(LAW, 6),)


def test_art_6_the_third_extension_is_the_last_and_reaches_25_years(ipatinga):
    d = extension(ipatinga, dt.date(2046, 1, 5), term_end="2046-03-10", extensions_granted=2)
    assert d.outcome["may_extend"] is True
    assert d.outcome["new_term_end"] == dt.date(2051, 3, 10)  # 10 + 3 × 5 years from 2026
    assert d.outcome["extensions_left"] == 0


def test_art_6_a_fourth_extension_is_refused(ipatinga):
    d = extension(ipatinga, dt.date(2051, 1, 5), term_end="2051-03-10", extensions_granted=3)
    assert d.outcome["may_extend"] is False
    assert d.outcome["new_term_end"] is None
    assert refused(d) == {cite(LAW, 6)}
    assert "até 3 períodos" in d.refusals[0].message


def test_art_6_extension_on_the_last_day_of_the_term_is_allowed(ipatinga):
    assert extension(ipatinga, TERM_END).outcome["may_extend"] is True


def test_art_6_extension_the_day_after_the_term_ended_is_refused(ipatinga):
    d = extension(ipatinga, TERM_END + dt.timedelta(days=1))
    assert d.outcome["may_extend"] is False
    assert refused(d) == {cite(LAW, 6)}
    assert "terminou em 10/03/2036" in d.refusals[0].message


def test_art_6_no_extension_before_the_grant(ipatinga):
    d = extension(ipatinga, dt.date(2026, 3, 9))
    assert d.outcome["may_extend"] is False
    assert "outorgada em 10/03/2026" in d.refusals[0].message


def test_art_6_the_extension_is_at_the_executives_discretion_so_it_needs_its_act(ipatinga):
    d = extension(ipatinga, dt.date(2035, 9, 1), executive_act=False)
    assert d.outcome["may_extend"] is False
    assert refused(d) == {cite(LAW, 6)}
    assert "a critério do Poder Executivo municipal" in d.refusals[0].message


@pytest.mark.parametrize(
    ("status", "article"),
    [
        ("revogada", cite(LAW, 31, inc="IV")),
        ("cassada", cite(LAW, 2, inc="II")),
        ("renunciada", cite(LAW, 2, inc="XX")),
        ("extinta", cite(LAW, 6, 6)),
    ],
)
def test_art_2_and_31_an_extinguished_permission_is_not_extended(ipatinga, status, article):
    d = extension(ipatinga, dt.date(2035, 9, 1), status=status)
    assert d.outcome["may_extend"] is False
    assert article in refused(d)


@pytest.mark.parametrize(
    ("status", "article"),
    [("suspensa", cite(LAW, 2, inc="XXIV")), ("reserva", cite(LAW, 2, inc="XXI"))],
)
def test_art_2_xxi_xxiv_a_suspended_or_reserved_permission_still_has_a_term(
    ipatinga, status, article
):
    d = extension(ipatinga, dt.date(2035, 9, 1), status=status)
    assert d.outcome["may_extend"] is True
    assert any(r.verdict is Verdict.OK and article in r.citations for r in d.reasons)


def test_art_6_every_refusal_is_shown_at_once(ipatinga):
    d = extension(
        ipatinga,
        dt.date(2052, 1, 1),
        term_end="2051-03-10",
        extensions_granted=3,
        status="cassada",
        executive_act=False,
    )
    assert len(d.refusals) == 4


def test_art_6_a_29_february_term_end_moves_to_1_march(ipatinga):
    """Five years from 29/02/2028 run out on 01/03/2033 (Civil Code art. 132 §3º; ADR 0074)."""
    d = extension(ipatinga, dt.date(2028, 1, 10), granted_on="2018-02-28", term_end="2028-02-29")
    assert d.outcome["new_term_end"] == dt.date(2033, 3, 1)
    assert "01/03/2033" in d.summary


def test_art_6_parameters_are_those_of_the_grant_and_none_before_the_law(ipatinga):
    with pytest.raises(ParameterMissing):
        extension(ipatinga, dt.date(2020, 1, 1), granted_on="2013-08-26", term_end="2023-08-26")
    d = extension(ipatinga, dt.date(2020, 1, 1), granted_on="2013-08-27", term_end="2023-08-27")
    assert d.outcome["new_term_end"] == dt.date(2028, 8, 27)

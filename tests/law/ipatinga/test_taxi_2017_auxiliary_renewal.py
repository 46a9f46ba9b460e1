"""Art. 21: the auxiliary's inscription in the Cadastro is renewed yearly (art. 20 §único),
residing in Ipatinga (art. 4 XIV), and refused while the auxiliary's final debts are open, each
one named (art. 21 §1, D-11)."""

import datetime as dt
from typing import Any

from outorga.law.decisions import Decision
from outorga.law.questions import ask

Q = "taxi.auxiliary_renewal"
UNTIL = dt.date(2027, 2, 2)


def renewal(ipatinga, on: dt.date, **over: Any) -> Decision:  # type: ignore[no-untyped-def]
    facts: dict[str, Any] = {
        "credential_valid_until": UNTIL.isoformat(),
        "resides_in_ipatinga": True,
        "debts": [],
    }
    return ask(Q, ipatinga(on), facts | over)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def debt(status: str, ref: str = "MUL-1") -> dict[str, Any]:
    return {"id": ref, "kind": "multa", "amount_cents": 12_345, "status": status}


def test_art_21_renewed_in_time_counts_from_the_old_expiry(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 1, 20))
    assert d.outcome["renewable"] is True
    assert d.outcome["valid_from"] == UNTIL
    assert d.outcome["valid_until"] == dt.date(2028, 2, 2)


def test_art_21_renewed_on_the_last_day_counts_from_the_old_expiry(ipatinga):
    assert renewal(ipatinga, UNTIL).outcome["valid_until"] == dt.date(2028, 2, 2)


def test_art_21_renewed_after_it_lapsed_counts_from_the_renewal(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 2, 3))
    assert d.outcome["valid_from"] == dt.date(2027, 2, 3)
    assert d.outcome["valid_until"] == dt.date(2028, 2, 3)


def test_art_21_an_inscription_already_valid_a_full_year_ahead_is_not_renewed(ipatinga):
    d = renewal(ipatinga, dt.date(2026, 2, 2), credential_valid_until="2027-02-02")
    assert d.outcome["renewable"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 21"}


def test_art_4_xiv_an_auxiliary_who_moved_away_is_not_renewed(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 1, 20), resides_in_ipatinga=False)
    assert d.outcome["renewable"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 4, XIV"}


def test_art_21_par_1_a_final_debt_blocks_and_is_named(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 1, 20), debts=[debt("definitivo")])
    assert d.outcome["renewable"] is False
    assert d.outcome["blocking_debts"] == ["MUL-1"]
    assert d.outcome["blocking_total_cents"] == 12_345
    assert "MUL-1" in d.refusals[0].message and "R$ 123,45" in d.refusals[0].message
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 21, §1",
        "outorga.decisions art. D-11",
        "outorga.decisions art. D-18",
    }


def test_d_11_a_fine_under_appeal_does_not_block(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 1, 20), debts=[debt("em_recurso")])
    assert d.outcome["renewable"] is True
    assert d.outcome["blocking_debts"] == []


def test_art_49_no_renewal_under_the_law_before_it_was_in_force(ipatinga):
    d = renewal(ipatinga, dt.date(2017, 9, 27), credential_valid_until=None)
    assert d.outcome is None
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 49", "outorga.decisions art. D-15"}


def test_art_21_an_inscription_valid_a_period_ahead_says_the_period_in_force_on_the_day():
    """Art. 21: "renovado anualmente" — an inscription already valid for a full period ahead has
    nothing to renew; the refusal says the period of the parameter of the day, never "o ano
    seguinte" while another is in force: a dated value (a test value, not the law's) changes it
    on the day it takes effect and not the day before."""
    from law_factories import with_dated_values

    from outorga.demo import IPATINGA

    two = {"taxi_2017.registration_renewal_years": (dt.date(2025, 3, 10), 2)}  # a test value

    def said(on: dt.date, until: dt.date) -> str:
        ctx = with_dated_values(IPATINGA, on, two)
        d = ask(
            Q,
            ctx,
            {"credential_valid_until": until.isoformat(), "resides_in_ipatinga": True, "debts": []},
        )
        (r,) = [r for r in d.refusals if r.rule == "taxi_2017.art_21_yearly_not_ahead"]
        return r.message

    before = said(dt.date(2025, 3, 9), dt.date(2026, 3, 9))  # the day before
    assert "já foi feita ou renovada para o ano seguinte; não há" in before
    after = said(dt.date(2025, 3, 10), dt.date(2027, 3, 10))
    assert "já foi feita ou renovada para os 2 anos seguintes; não há" in after

"""Art. 14 §2: the auxiliary's credential is valid for one year; its renewal adds one year,
counted from the end of the current one when renewed in time, else from the renewal (the law is
silent on the anchor); a late renewal is recorded with art. 32 IV f and art. 40 IX."""

import datetime as dt

import pytest

from outorga.law.citations import cite
from outorga.law.decisions import Decision
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.auxiliary_credential_renewal"
UNTIL = dt.date(2027, 3, 10)


def renewal(ipatinga, on: dt.date, until: dt.date | None = UNTIL) -> Decision:  # type: ignore[no-untyped-def]
    return ask(Q, ipatinga(on), {"credential_valid_until": until and until.isoformat()})


def test_art_14_par2_renewed_before_expiry_counts_from_the_old_expiry(ipatinga):
    d = renewal(ipatinga, dt.date(2027, 2, 20))
    assert d.outcome == {
        "renewable": True,
        "valid_from": UNTIL,
        "valid_until": dt.date(2028, 3, 10),
        "late": False,
    }
    assert cite(LAW, 14, 2) in d.citations


def test_art_14_par2_renewed_on_the_last_day_still_counts_from_the_old_expiry(ipatinga):
    d = renewal(ipatinga, UNTIL)
    assert d.outcome["valid_until"] == dt.date(2028, 3, 10)
    assert d.outcome["late"] is False


def test_art_14_par2_renewed_the_day_after_expiry_counts_from_the_renewal(ipatinga):
    on = UNTIL + dt.timedelta(days=1)
    d = renewal(ipatinga, on)
    assert d.outcome["valid_from"] == on
    assert d.outcome["valid_until"] == dt.date(2028, 3, 11)
    assert d.outcome["late"] is True
    assert d.outcome["renewable"] is True  # the cassação is a penalty, not a refusal here
    assert cite(LAW, 32, inc="IV", ali="f") in d.citations
    assert cite(LAW, 40, inc="IX") in d.citations


def test_art_14_par2_a_credential_already_valid_a_full_year_ahead_is_not_renewed_again(ipatinga):
    # Renewed on 20/02/2027 up to 10/03/2028: a second renewal the same day is refused.
    d = renewal(ipatinga, dt.date(2027, 2, 20), dt.date(2028, 3, 10))
    assert d.outcome["renewable"] is False
    assert {c for r in d.refusals for c in r.citations} == {cite(LAW, 14, 2)}
    # One day short of a full year from the renewal date: renewable.
    d = renewal(ipatinga, dt.date(2027, 3, 11), dt.date(2028, 3, 10))
    assert d.outcome["renewable"] is True
    assert d.outcome["valid_until"] == dt.date(2029, 3, 10)


def test_art_14_par2_a_credential_issued_today_is_not_renewed_the_same_day(ipatinga):
    d = renewal(ipatinga, dt.date(2026, 3, 10), dt.date(2027, 3, 10))
    assert d.outcome["renewable"] is False


def test_art_14_par2_a_credential_without_a_recorded_expiry_counts_from_the_renewal(ipatinga):
    d = renewal(ipatinga, dt.date(2026, 5, 4), None)
    assert d.outcome["valid_from"] == dt.date(2026, 5, 4)
    assert d.outcome["valid_until"] == dt.date(2027, 5, 4)


def test_art_14_par2_no_credential_period_before_the_law(ipatinga):
    with pytest.raises(ParameterMissing):
        renewal(ipatinga, dt.date(2013, 8, 26))
    assert renewal(ipatinga, dt.date(2013, 8, 27), None).outcome["renewable"] is True


def test_art_14_par2_a_credential_valid_a_period_ahead_says_the_period_in_force_on_the_day():
    """Art. 14, §2º: a credential already valid for a full period ahead has nothing to renew; the
    refusal says the period of the parameter of the day, never "o ano seguinte" while another is
    in force: a dated value (a test value, not the law's) changes it on the day it takes effect
    and not the day before."""
    from law_factories import with_dated_values

    from outorga.demo import IPATINGA

    two = {"mototaxi_2013.documents.auxiliary_credential_validity_years": (dt.date(2025, 3, 10), 2)}

    def said(on: dt.date, until: dt.date) -> str:  # with the test value above, not the law's
        facts = {"credential_valid_until": until.isoformat()}
        d = ask(Q, with_dated_values(IPATINGA, on, two), facts)
        return " ".join(r.message for r in d.refusals if r.rule == "art_14_par2_one_year_at_a_time")

    before = said(dt.date(2025, 3, 9), dt.date(2026, 3, 9))  # the day before
    assert "já foi concedida ou renovada para o ano seguinte; não há" in before
    after = said(dt.date(2025, 3, 10), dt.date(2027, 3, 10))
    assert "já foi concedida ou renovada para os 2 anos seguintes; não há" in after

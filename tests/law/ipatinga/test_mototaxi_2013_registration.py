"""Art. 4 §2: the holder keeps the registration up to date or asks its cancellation; applied only
after the holder appeared in person (art. 13 XX a); a cancellation is the written request of art.
6 §6."""

import datetime as dt

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
QID = "ipatinga.mototaxi-2013.registration_update"
ASKED, ON = dt.date(2026, 5, 4), dt.date(2026, 5, 6)


def _ask(ipatinga, kind="update", appeared=None):
    facts = {
        "kind": kind,
        "requested_on": ASKED.isoformat(),
        "appeared_on": appeared.isoformat() if appeared else None,
        "on": ON.isoformat(),
    }
    return ask(QID, ipatinga(ON), facts)


def test_art_4_par2_an_update_after_appearing_in_person_is_applied(ipatinga):
    d = _ask(ipatinga, appeared=ON)
    assert d.outcome["apply"] is True
    assert {cite(LAW, 4, 2), cite(LAW, 13, inc="XX", ali="a")} <= set(d.citations)


def test_art_13_xx_a_without_appearing_in_person_it_is_not_applied(ipatinga):
    d = _ask(ipatinga)
    assert d.outcome["apply"] is False
    assert cite(LAW, 13, inc="XX", ali="a") in {c for r in d.refusals for c in r.citations}


def test_art_13_xx_a_an_appearance_dated_after_today_is_refused(ipatinga):
    assert _ask(ipatinga, appeared=ON + dt.timedelta(days=1)).outcome["apply"] is False


def test_art_4_par2_a_cancellation_cites_the_written_request_of_art_6_par6(ipatinga):
    d = _ask(ipatinga, kind="cancel", appeared=ON)
    assert d.outcome["apply"] is True and cite(LAW, 6, 6) in d.citations

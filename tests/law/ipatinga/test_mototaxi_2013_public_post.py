"""Art. 2, XXIV — the permission is suspended while the holder holds an elected or confidence post
in the public administration: from taking office to leaving it, both days included."""

import datetime as dt

import pytest

from outorga.law.citations import cite
from outorga.law.questions import FactsInvalid, ask

Q = "ipatinga.mototaxi-2013.public_post_suspension"
TOOK = dt.date(2025, 1, 1)
LEFT = dt.date(2028, 12, 31)


def asked(ipatinga, on, post="eletivo", left=None):
    facts = {"post": post, "took_office_on": TOOK.isoformat(), "on": on.isoformat()}
    if left is not None:
        facts["left_office_on"] = left.isoformat()
    return ask(Q, ipatinga(on), facts)


@pytest.mark.parametrize("post", ["eletivo", "confianca"])
def test_art_2_xxiv_suspended_from_the_day_the_holder_takes_office(ipatinga, post):
    d = asked(ipatinga, TOOK, post)
    assert d.outcome["suspended"] is True
    assert cite("ipatinga.mototaxi-2013", 2, inc="XXIV") in d.citations


def test_art_2_xxiv_not_suspended_the_day_before_taking_office(ipatinga):
    assert asked(ipatinga, TOOK - dt.timedelta(days=1)).outcome["suspended"] is False


def test_art_2_xxiv_suspended_on_the_last_day_in_office_and_not_the_day_after(ipatinga):
    assert asked(ipatinga, LEFT, left=LEFT).outcome["suspended"] is True
    after = asked(ipatinga, LEFT + dt.timedelta(days=1), left=LEFT)
    assert after.outcome["suspended"] is False
    assert "deixou o cargo eletivo em 31/12/2028" in after.reasons[0].message


def test_art_2_xxiv_only_elected_or_confidence_posts(ipatinga):
    with pytest.raises(FactsInvalid):
        asked(ipatinga, TOOK, post="efetivo")

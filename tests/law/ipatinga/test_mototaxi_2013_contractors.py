"""Art. 25: the employer or continued-service contractor of a motofrete driver is jointly liable
for civil damages, while the relation lasts; not an occasional contractor, not for a mototaxi."""

import datetime as dt

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
QID = "ipatinga.mototaxi-2013.motofrete_contractor"
START, END = dt.date(2026, 3, 1), dt.date(2026, 8, 31)


def _ask(ipatinga, on, service="motofrete", relation="employment", ended=END):
    facts = {
        "service": service,
        "relation": relation,
        "started_on": START.isoformat(),
        "ended_on": ended.isoformat() if ended else None,
        "on": on.isoformat(),
    }
    return ask(QID, ipatinga(on), facts)


def test_art_25_the_employer_is_jointly_liable_from_the_first_day(ipatinga):
    d = _ask(ipatinga, START)
    assert d.outcome == {"joint_liability": True, "allowed": True}
    assert cite(LAW, 25) in d.citations and "danos cíveis" in d.summary


def test_art_25_not_the_day_before_the_relation_starts(ipatinga):
    assert _ask(ipatinga, START - dt.timedelta(days=1)).outcome["joint_liability"] is False


def test_art_25_on_the_last_day_and_not_the_day_after(ipatinga):
    assert _ask(ipatinga, END).outcome["joint_liability"] is True
    assert _ask(ipatinga, END + dt.timedelta(days=1)).outcome["joint_liability"] is False


def test_art_25_a_continued_service_contract_is_joint_and_an_occasional_one_is_not(ipatinga):
    assert _ask(ipatinga, START, relation="continued").outcome["joint_liability"]
    eventual = _ask(ipatinga, START, relation="occasional")
    assert eventual.outcome == {"joint_liability": False, "allowed": True}
    assert "prestação continuada" in eventual.summary


def test_art_25_is_refused_for_a_mototaxi_driver(ipatinga):
    d = _ask(ipatinga, START, service="mototaxi")
    assert d.outcome == {"joint_liability": False, "allowed": False}
    assert cite(LAW, 25) in {c for r in d.refusals for c in r.citations}


def test_art_25_the_fine_is_not_made_joint(ipatinga):
    """The text makes the contractor liable for civil damages, not for the administrative fine."""
    assert "a multa administrativa continua do infrator" in _ask(ipatinga, START).summary

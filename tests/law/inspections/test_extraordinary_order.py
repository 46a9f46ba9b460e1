"""Mototaxi art. 5 §6: an extraordinary vistoria at any time; not presenting the vehicle once
notified is art. 39 VI (média, seizure by §2); without a notice by the date there is no infraction."""

import datetime as dt

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
QID = "ipatinga.mototaxi-2013.extraordinary_inspection"
ORDERED, DATE = dt.date(2026, 5, 4), dt.date(2026, 5, 11)


def _ask(ipatinga, on, **facts):
    base = {"ordered_on": ORDERED.isoformat(), "scheduled_for": DATE.isoformat()}
    base.update({k: (v.isoformat() if v else None) for k, v in facts.items()})
    return ask(QID, ipatinga(on), base)


def test_art_5_par6_a_date_before_the_order_is_refused(ipatinga):
    d = ask(QID, ipatinga(ORDERED), {"ordered_on": "2026-05-04", "scheduled_for": "2026-05-03"})
    assert d.outcome["valid"] is False and cite(LAW, 5, 6) in d.citations


def test_art_5_par6_the_same_day_as_the_order_is_allowed(ipatinga):
    d = ask(QID, ipatinga(ORDERED), {"ordered_on": "2026-05-04", "scheduled_for": "2026-05-04"})
    assert d.outcome["valid"] is True and d.outcome["status"] == "scheduled"


def test_art_39_vi_on_the_scheduled_day_it_is_still_pending(ipatinga):
    d = _ask(ipatinga, DATE, notified_on=ORDERED)
    assert d.outcome["status"] == "scheduled" and d.outcome["infraction"] is None


def test_art_39_vi_the_day_after_notified_and_not_presented_is_an_infraction(ipatinga):
    d = _ask(ipatinga, DATE + dt.timedelta(days=1), notified_on=ORDERED)
    assert d.outcome["status"] == "missed"
    assert d.outcome["infraction"]["code"] == "art39-VI"
    assert {cite(LAW, 39, inc="VI"), cite(LAW, 39, 2), cite(LAW, 5, 6)} <= set(d.citations)


def test_art_13_xv_notified_on_the_scheduled_day_binds_the_holder(ipatinga):
    d = _ask(ipatinga, DATE + dt.timedelta(days=1), notified_on=DATE)
    assert d.outcome["status"] == "missed"


def test_art_13_xv_notified_after_the_date_or_never_is_no_infraction(ipatinga):
    late = _ask(ipatinga, DATE + dt.timedelta(days=3), notified_on=DATE + dt.timedelta(days=1))
    never = _ask(ipatinga, DATE + dt.timedelta(days=3), notified_on=None)
    for d in (late, never):
        assert d.outcome["status"] == "not_notified" and d.outcome["infraction"] is None


def test_art_5_par6_inspected_by_the_date_is_done(ipatinga):
    d = _ask(ipatinga, DATE + dt.timedelta(days=5), notified_on=ORDERED, inspected_on=DATE)
    assert d.outcome["status"] == "done" and d.outcome["infraction"] is None


def test_art_5_par6_an_inspection_before_the_order_does_not_count(ipatinga):
    before = ORDERED - dt.timedelta(days=1)
    d = _ask(ipatinga, DATE + dt.timedelta(days=1), notified_on=ORDERED, inspected_on=before)
    assert d.outcome["status"] == "missed"

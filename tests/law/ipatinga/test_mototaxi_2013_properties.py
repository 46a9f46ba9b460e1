"""Property tests: deadlines (D-4) and the citations every decision carries."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.ipatinga.mototaxi_2013 import CATALOG
from outorga.law.questions import ask

CTX = Context(IPATINGA, dt.date(2030, 1, 1))
dates = st.dates(min_value=dt.date(2013, 8, 27), max_value=dt.date(2040, 11, 30))


@given(notice=dates, days=st.integers(min_value=0, max_value=60))
def test_d4_a_deadline_is_a_business_day_never_before_the_plain_count(notice, days):
    cal = CTX.calendar
    end = cal.deadline(notice, days)
    plain = notice + dt.timedelta(days=days)
    assert cal.is_business_day(end)
    assert end >= plain
    # and it is the first business day from the plain count on
    assert all(
        not cal.is_business_day(plain + dt.timedelta(days=k)) for k in range((end - plain).days)
    )


@given(
    notice=dates,
    stage=st.sampled_from(["defesa", "recurso_jari", "recurso_executivo"]),
    form=st.sampled_from(
        [("pessoal", "signed_on"), ("postal", "ar_on"), ("edital", "published_on")]
    ),
)
def test_d4_an_appeal_deadline_never_lands_on_a_non_business_day(notice, stage, form):
    facts = {"stage": stage, "notice": {"form": form[0], form[1]: notice.isoformat()}}
    d = ask("mototaxi.appeal_deadline", CTX, facts)
    assert CTX.calendar.is_business_day(d.outcome["deadline"])
    assert d.outcome["deadline"] >= notice + dt.timedelta(days=10)
    assert d.citations


infraction = st.fixed_dictionaries(
    {
        "id": st.uuids().map(str),
        "committed_on": st.dates(dt.date(2027, 1, 1), dt.date(2029, 12, 31)).map(dt.date.isoformat),
        "severity": st.sampled_from(["leve", "media", "grave", "gravissima"]),
        "final": st.booleans(),
        "caused_suspension": st.booleans(),
        "by_auxiliary": st.booleans(),
    }
)


@settings(max_examples=60)
@given(infractions=st.lists(infraction, max_size=12))
def test_a_penalty_decision_always_carries_citations(infractions):
    d = ask("mototaxi.penalty", CTX, {"infractions": infractions})
    assert d.citations
    assert all(r.citations for r in d.reasons)
    if d.outcome["suspension"]:
        assert d.outcome["suspension"]["days"] in (15, 30)
        assert len(d.outcome["suspension"]["infractions"]) >= 3


@settings(max_examples=60)
@given(
    codes=st.lists(st.sampled_from([t.code for t in CATALOG]), min_size=1, max_size=5),
    committed=st.dates(dt.date(2013, 8, 27), dt.date(2029, 12, 31)),
)
def test_a_fine_decision_always_carries_citations_and_sums_its_items(codes, committed):
    facts = {"infractions": [{"code": c, "committed_on": committed.isoformat()} for c in codes]}
    d = ask("mototaxi.fine", CTX, facts)
    assert d.citations
    assert d.outcome["total_cents"] == sum(i["cents"] for i in d.outcome["items"])
    assert d.outcome["total_cents"] > 0

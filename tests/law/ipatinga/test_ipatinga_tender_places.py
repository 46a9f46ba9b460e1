"""The places a tender offers against the quota: mototaxi art. 6 with art. 10 I (motofrete without
a limit, art. 10 II), taxi art. 3 with §1 (D-7: the IBGE figure in force on the opening day).
Every place offered is a permission promised within the quota: a tender offers at most the
places the quota leaves free on its opening day, less those promised by other tenders in
progress and not granted yet."""

import datetime as dt

import pytest

from outorga.law.citations import cite, decision
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
ON = dt.date(2026, 2, 1)
MOTO_LIMIT = 227_731 // 300  # 759, Censo 2022 (D-7)
TAXI_LIMIT = 227_731 // 1200  # 189


def refusal_citations(d: Decision) -> set:
    return {c for r in d.refusals for c in r.citations}


def moto(ipatinga, service: str, active: int, places: int, promised: int) -> Decision:
    facts = {
        "service": service,
        "grant_on": ON.isoformat(),
        "active_permits": active,
        "places": places,
        "promised_places": promised,
    }
    return ask(f"{MOTO}.tender_places", ipatinga(ON), facts)


def taxi(ipatinga, active: int, places: int, promised: int, **more: str) -> Decision:
    facts = {"active_permits": active, "places": places, "promised_places": promised, **more}
    return ask(f"{TAXI}.tender_places", ipatinga(ON), facts)


@pytest.mark.parametrize(("places", "allowed"), [(9, True), (10, False)])
def test_art_6_art_10_i_a_tender_offers_at_most_the_free_quota_less_the_promised_places(
    ipatinga, places, allowed
):
    # 759 − 740 active = 19 free by the quota, 10 promised by another tender: 9 for this one.
    d = moto(ipatinga, "mototaxi", MOTO_LIMIT - 19, places, 10)
    assert d.outcome["allowed"] is allowed
    assert d.outcome["free"] == 9
    if allowed:
        assert not d.refusals
    else:
        assert refusal_citations(d) == {cite(MOTO, 6), cite(MOTO, 10, inc="I"), decision(7)}


def test_art_10_i_a_full_quota_refuses_any_place_keeping_the_quotas_trace(ipatinga):
    d = moto(ipatinga, "mototaxi", MOTO_LIMIT, 1, 0)
    assert d.outcome["allowed"] is False and d.outcome["free"] == 0
    (refused,) = d.refusals
    assert refused.rule == "art_6_art_10_i_tender_places_within_quota"
    (counted,) = [r for r in d.reasons if r.rule == "art_10_i_mototaxi_quota"]
    assert counted.verdict is Verdict.INFO


def test_art_10_i_promised_places_over_the_quota_leave_none_free(ipatinga):
    d = moto(ipatinga, "mototaxi", MOTO_LIMIT - 2, 1, 5)
    assert d.outcome["free"] == 0 and d.outcome["allowed"] is False


def test_art_10_ii_a_motofrete_tender_offers_any_number_of_places(ipatinga):
    d = moto(ipatinga, "motofrete", 100_000, 5000, 3000)
    assert d.outcome["allowed"] is True and d.outcome["limit"] is None
    assert d.citations == (cite(MOTO, 10, inc="II"),)


@pytest.mark.parametrize(("places", "allowed"), [(3, True), (4, False)])
def test_art_3_par_1_a_taxi_tender_offers_at_most_the_free_quota_less_the_promised_places(
    ipatinga, places, allowed
):
    d = taxi(ipatinga, TAXI_LIMIT - 5, places, 2, grant_date=ON.isoformat())
    assert d.outcome["allowed"] is allowed
    assert d.outcome["free"] == 3
    if not allowed:
        assert refusal_citations(d) == {cite(TAXI, 3), cite(TAXI, 3, 1), decision(7)}


def test_art_3_par_2_a_taxi_tender_without_an_ibge_figure_is_pending(ipatinga):
    d = taxi(ipatinga, 0, 1, 0, grant_date="2020-01-01")
    assert d.outcome["allowed"] is False
    assert d.reasons[0].verdict is Verdict.PENDING

"""Art. 31–32, 34, 47 with decisions D-1, D-2, D-3 — escalation of penalties."""

import datetime as dt
from typing import Any

import pytest

from outorga.law.citations import cite, decision
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.penalty"
AS_OF = dt.date(2024, 12, 1)


def inf(i: str, on: str, severity: str = "leve", **kw: Any) -> dict[str, Any]:
    return {"id": i, "committed_on": on, "severity": severity, "final": True, **kw}


def test_art_32_i_three_leve_infractions_in_12_months_suspend_for_15_days(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"),
                             inf("c", "2024-11-10", "media")]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    s = d.outcome["suspension"]
    assert s["days"] == 15
    assert s["infractions"] == ["a", "b", "c"]
    assert s["decided_by"] == ["autoridade"]
    assert {cite(LAW, 32, inc="I"), decision(1), decision(2), cite(LAW, 34)} <= set(d.citations)


def test_art_32_i_two_infractions_do_not_suspend(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10")]}
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"] is None


def test_art_32_i_three_grave_or_gravissima_suspend_for_30_days(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10", "grave"), inf("b", "2024-05-10", "gravissima"),
                             inf("c", "2024-11-10", "grave")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["days"] == 30


def test_d2_two_grave_and_one_leve_suspend_for_15_days(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10", "grave"), inf("b", "2024-05-10", "grave"),
                             inf("c", "2024-11-10", "leve")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["days"] == 15


def test_d1_a_dated_override_of_the_window_is_applied_not_only_reported():
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.context import Context
    from outorga.law.parameters import DatedValue

    six = {
        "mototaxi_2013.penalties.window_months": (
            DatedValue(dt.date(2024, 1, 1), 6, True, None, "municipality"),
        )
    }
    ctx = Context(dataclasses.replace(IPATINGA, overrides=six), AS_OF)
    # 10/01 is more than six months before 10/11: outside a 6-month window, inside a 12-month one.
    facts = {
        "infractions": [inf("a", "2024-01-10"), inf("b", "2024-06-10"), inf("c", "2024-11-10")]
    }
    assert ask(Q, ctx, facts).outcome["suspension"] is None
    shifted = {
        "infractions": [inf("a", "2024-05-11"), inf("b", "2024-06-10"), inf("c", "2024-11-10")]
    }
    s = ask(Q, ctx, shifted).outcome["suspension"]
    assert s["window_start"] == dt.date(2024, 5, 11)  # the day after six months before the newest
    edge = {"infractions": [inf("a", "2024-05-10"), inf("b", "2024-06-10"), inf("c", "2024-11-10")]}
    assert ask(Q, ctx, edge).outcome["suspension"] is None


def test_d1_window_includes_the_day_after_twelve_months_before_the_newest(ipatinga):
    # Newest on 10/11/2024: window 11/11/2023–10/11/2024.
    inside = {
        "infractions": [inf("a", "2023-11-11"), inf("b", "2024-05-10"), inf("c", "2024-11-10")]
    }
    outside = {
        "infractions": [inf("a", "2023-11-10"), inf("b", "2024-05-10"), inf("c", "2024-11-10")]
    }
    d = ask(Q, ipatinga(AS_OF), inside)
    assert d.outcome["suspension"]["window_start"] == dt.date(2023, 11, 11)
    assert ask(Q, ipatinga(AS_OF), outside).outcome["suspension"] is None


def test_d1_infractions_not_yet_final_do_not_count(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"),
                             inf("c", "2024-11-10", final=False)]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"] is None
    assert d.outcome["counted"] == ["a", "b"]


def test_d1_infractions_committed_after_the_reference_date_do_not_count(ipatinga):
    facts = {
        "infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"), inf("c", "2024-12-02")]
    }
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"] is None


def test_d2_infractions_that_caused_a_suspension_do_not_count_again(ipatinga):
    facts = {"infractions": [
        inf("a", "2024-01-10", caused_suspension=True),
        inf("b", "2024-02-10", caused_suspension=True),
        inf("c", "2024-03-10", caused_suspension=True),
        inf("d", "2024-10-10"), inf("e", "2024-11-10"),
    ]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"] is None
    facts["infractions"].append(inf("f", "2024-11-20"))
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["infractions"] == ["d", "e", "f"]


def test_art_32_par2_return_after_suspension_needs_proof(ipatinga):
    facts = {
        "infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"), inf("c", "2024-11-10")]
    }
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"]["return_requires_proof"] is True
    assert cite(LAW, 32, 2) in d.citations


def test_art_32_ii_five_media_or_worse_in_12_months_propose_revocation(ipatinga):
    facts = {"infractions": [
        inf("a", "2024-01-10", "media", caused_suspension=True),
        inf("b", "2024-02-10", "grave", caused_suspension=True),
        inf("c", "2024-03-10", "media", caused_suspension=True),
        inf("d", "2024-10-10", "gravissima"),
        inf("e", "2024-11-10", "media"),
    ]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    r = d.outcome["revocation"]
    assert r["proposal"] is True
    assert r["decided_by"] == ["chefe_executivo"]
    assert {cite(LAW, 32, inc="II"), cite(LAW, 34, 1), cite(LAW, 34, 2), decision(3)} <= set(
        d.citations
    )


def test_art_32_ii_leve_infractions_do_not_count_toward_revocation(ipatinga):
    facts = {"infractions": [inf(x, f"2024-0{n}-10", "media") for n, x in enumerate("abcd", 1)]
             + [inf("e", "2024-11-10", "leve")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["revocation"] is None


def test_art_31_par2_the_holder_answers_for_the_auxiliary(ipatinga):
    # The auxiliary's own three (art. 32, I: "o condutor atingir"; ADR 0085) suspend the permission.
    facts = {"infractions": [inf("a", "2024-01-10", by_auxiliary=True),
                             inf("b", "2024-05-10", by_auxiliary=True),
                             inf("c", "2024-11-10", by_auxiliary=True)]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"]["days"] == 15
    assert d.outcome["responsible"] == "permissionario"
    assert cite(LAW, 31, 2) in d.citations


def test_the_catalog_code_gives_the_nature(ipatinga):
    facts = {"infractions": [
        {"id": x, "committed_on": f"2024-0{n}-10", "code": "art40-VI", "final": True}
        for n, x in enumerate("abc", 1)
    ]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["days"] == 30


@pytest.mark.parametrize(
    ("facts", "alinea"),
    [
        ({"repeat_drunk_driving_proven": True}, "a"),
        ({"criminal_sentence_months": 24}, "b"),
        ({"service_interrupted_days": 31}, "c"),
        ({"transfer_attempt": True}, "d"),
        ({"sealed_vehicle_operated": True}, "e"),
        ({"other_commercial_permissions": ["taxi"]}, "f"),
        ({"ctb_points": 20}, "g"),
        ({"term_not_renewed": True}, "h"),
    ],
)
def test_art_32_iii_each_cause_proposes_cassation(ipatinga, facts, alinea):
    d = ask(Q, ipatinga(AS_OF), {"infractions": [], "cassation": facts})
    c = d.outcome["cassation"]
    assert c["causes"] == [f"art32-III-{alinea}"]
    assert c["decided_by"] == ["chefe_executivo"]
    assert cite(LAW, 32, inc="III", ali=alinea) in d.citations
    assert decision(3) in d.citations


@pytest.mark.parametrize(
    "facts",
    [
        {"criminal_sentence_months": 23},
        {"service_interrupted_days": 30},
        {"ctb_points": 19},
    ],
)
def test_art_32_iii_below_the_thresholds_there_is_no_cassation(ipatinga, facts):
    d = ask(Q, ipatinga(AS_OF), {"infractions": [], "cassation": facts})
    assert d.outcome["cassation"] is None


def test_art_47_drug_trafficking_conviction_proposes_cassation_whatever_the_sentence(ipatinga):
    facts = {"drug_trafficking_conviction_final": True, "criminal_sentence_months": 12}
    d = ask(Q, ipatinga(AS_OF), {"infractions": [], "cassation": facts})
    assert d.outcome["cassation"]["causes"] == ["art47"]
    assert cite(LAW, 47) in d.citations


@pytest.mark.parametrize(
    ("aux", "holder", "alinea"),
    [
        ({"repeat_drunk_driving_proven": True}, {}, "a"),
        ({"criminal_sentence_months": 30}, {}, "b"),
        ({"suspension_breached": True}, {}, "c"),
        ({"other_commercial_permissions": ["transporte_escolar"]}, {}, "d"),
        ({}, {"ctb_points": 20}, "e"),
        ({"credential_not_renewed": True}, {}, "f"),
    ],
)
def test_art_32_iv_each_cause_proposes_cassation_of_the_auxiliary(ipatinga, aux, holder, alinea):
    facts = {"infractions": [], "cassation": holder, "auxiliary": aux}
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["auxiliary_cassation"]["causes"] == [f"art32-IV-{alinea}"]
    assert d.outcome["auxiliary_cassation"]["decided_by"] == ["chefe_executivo"]
    assert cite(LAW, 32, inc="IV", ali=alinea) in d.citations


def test_d3_nothing_is_proposed_for_a_clean_record(ipatinga):
    d = ask(Q, ipatinga(AS_OF), {"infractions": []})
    assert d.outcome["suspension"] is None
    assert d.outcome["revocation"] is None
    assert d.outcome["cassation"] is None
    assert d.summary == "Nenhuma penalidade por acúmulo."


def _amended(**values: int):  # type: ignore[no-untyped-def]
    """Ipatinga with the escalation parameters amended from 01/01/2025 (D-15: a new dated value)."""
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.parameters import DatedValue

    return dataclasses.replace(
        IPATINGA,
        overrides={
            f"mototaxi_2013.penalties.{name}": (
                DatedValue(dt.date(2025, 1, 1), value, False, "Lei de teste", "municipality"),
            )
            for name, value in values.items()
        },
    )


@pytest.mark.parametrize(("newest", "days"), [("2024-12-31", 15), ("2025-01-01", 20)])
def test_art_32_i_d_15_the_suspension_is_the_one_in_force_on_the_date_of_the_newest_infraction(
    newest, days
):
    """An amendment raising the 15 days of art. 32 I to 20 from 01/01/2025 does not reach three
    infractions whose newest was committed the day before, though they are judged later (D-15);
    it applies when the newest was committed on the day it takes effect."""
    from outorga.law.context import Context

    ctx = Context(_amended(suspension_days_light=20), dt.date(2025, 3, 1))
    facts = {"infractions": [inf("a", "2024-06-10"), inf("b", "2024-10-10"), inf("c", newest)]}
    assert ask(Q, ctx, facts).outcome["suspension"]["days"] == days


@pytest.mark.parametrize(("newest", "proposed"), [("2024-12-31", True), ("2025-01-01", False)])
def test_art_32_ii_d_15_the_revocation_threshold_is_the_one_in_force_on_the_date_of_the_fact(
    newest, proposed
):
    """Five média infractions in 12 months propose revocation (art. 32 II); an amendment asking
    six from 01/01/2025 judges only the records whose newest infraction is from that day on."""
    from outorga.law.context import Context

    ctx = Context(_amended(revocation_threshold=6), dt.date(2025, 3, 1))
    dates = ["2024-02-10", "2024-04-10", "2024-06-10", "2024-08-10", newest]
    facts = {"infractions": [inf(str(n), d, "media") for n, d in enumerate(dates)]}
    assert bool(ask(Q, ctx, facts).outcome["revocation"]) is proposed


# --- art. 32 I with art. 2 XXIV: what a suspension of the permission rests on -------------------------

SUSPENSION = "ipatinga.mototaxi-2013.permit_suspension"
COUNT = {"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]}


def refused_rules(d: Any) -> set[str]:
    return {r.rule for r in d.refusals}


def test_art_32_i_a_suspension_without_counted_final_infractions_is_refused(ipatinga):
    d = ask(SUSPENSION, ipatinga(AS_OF), {"days": 15, "start": "2024-12-01"})
    assert d.outcome["allowed"] is False
    assert refused_rules(d) == {"art_32_i_suspension_follows_the_count"}
    assert {cite(LAW, 32, inc="I"), cite(LAW, 2, inc="XXIV"), decision(1), decision(2)} <= set(
        d.refusals[0].citations
    )
    # The other suspension the law knows, while the holder holds a public post, has its own act.
    assert "cargo" in d.refusals[0].message


def test_art_32_i_d_1_d_2_the_refusal_says_the_count_s_numbers_in_force_on_the_day():
    """The refusal explains the count with the law's numbers of the day of the fact — never
    numbers written in its text: a dated value (a test value, not the law's) changes them."""
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.context import Context
    from outorga.law.parameters import DatedValue

    def said(overrides: dict[str, Any], on: dt.date) -> str:
        ctx = Context(dataclasses.replace(IPATINGA, overrides=overrides), on)
        d = ask(SUSPENSION, ctx, {"days": 15, "start": on.isoformat()})
        assert refused_rules(d) == {"art_32_i_suspension_follows_the_count"}
        return d.refusals[0].message

    law = said({}, AS_OF)
    assert "3 infrações definitivas em 12 meses" in law
    assert "dão 15 dias de suspensão, ou 30 se forem graves ou gravíssimas" in law
    changed = {
        "mototaxi_2013.penalties.suspension_days_light": (
            DatedValue(dt.date(2024, 6, 1), 20, True, None, "municipality"),
        ),
        "mototaxi_2013.penalties.window_months": (
            DatedValue(dt.date(2024, 6, 1), 24, True, None, "municipality"),
        ),
    }
    assert "em 12 meses" in said(changed, dt.date(2024, 5, 31))  # the day before it took effect
    after = said(changed, dt.date(2024, 6, 1))
    assert "3 infrações definitivas em 24 meses" in after
    assert "dão 20 dias de suspensão, ou 30 se forem graves ou gravíssimas" in after


def test_art_32_i_one_auto_alone_does_not_suspend_a_mototaxi_permission(ipatinga):
    one = {"kind": "auto", "auto": "AI-1", "final": True, "final_on": "2024-11-01"}
    d = ask(SUSPENSION, ipatinga(AS_OF), {"days": 15, "start": "2024-12-01", "grounds": one})
    assert refused_rules(d) == {"art_32_i_suspension_follows_the_count"}


@pytest.mark.parametrize("days", [7, 30, 60])
def test_art_32_i_the_days_are_the_counts_never_chosen(ipatinga, days):
    facts = {"days": days, "start": "2024-12-01", "grounds": COUNT}
    d = ask(SUSPENSION, ipatinga(AS_OF), facts)
    assert refused_rules(d) == {"art_32_i_suspension_days_of_the_count"}
    assert cite(LAW, 32, inc="I") in d.refusals[0].citations


def test_art_32_i_the_suspension_the_count_gives_is_allowed(ipatinga):
    d = ask(SUSPENSION, ipatinga(AS_OF), {"days": 15, "start": "2024-12-01", "grounds": COUNT})
    assert d.outcome["allowed"] is True and not d.refusals


def test_art_32_i_art_2_xxiv_a_suspension_never_starts_before_the_day_it_is_decided(ipatinga):
    # ADR 0085: the period the SESUMA determines in the process (art. 2, XXIV; art. 34) runs from
    # its decision, which is notified to the holder (art. 43) — never backdated.
    decided = {**COUNT, "decided_on": "2024-12-01"}
    d = ask(SUSPENSION, ipatinga(AS_OF), {"days": 15, "start": "2024-11-30", "grounds": decided})
    assert refused_rules(d) == {"art_32_i_not_before_the_decision"}
    assert {cite(LAW, 2, inc="XXIV"), cite(LAW, 34), cite(LAW, 43)} <= set(d.refusals[0].citations)
    assert "30/11/2024" in d.refusals[0].message and "01/12/2024" in d.refusals[0].message
    on_the_day = {"days": 15, "start": "2024-12-01", "grounds": decided}
    assert ask(SUSPENSION, ipatinga(AS_OF), on_the_day).outcome["allowed"] is True

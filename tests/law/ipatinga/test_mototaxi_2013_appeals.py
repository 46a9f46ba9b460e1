"""Art. 42–44 (and art. 34 §3) with decision D-4 — defence and appeals, their deadlines."""

import datetime as dt
from typing import Any

import pytest

from outorga.law.calendar import DEADLINE_CITATIONS
from outorga.law.citations import cite, decision
from outorga.law.decisions import Verdict
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.appeal_deadline"


def facts(stage: str = "defesa", notified: str = "2024-06-03", **over: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"stage": stage, "notice": {"form": "pessoal", "signed_on": notified}}
    f.update(over)
    return f


def deadline(ipatinga, notified: str, stage: str = "defesa") -> dt.date:
    return ask(Q, ipatinga(dt.date(2024, 1, 1)), facts(stage, notified)).outcome["deadline"]


def test_art_42_defence_deadline_is_ten_calendar_days_after_the_notice(ipatinga):
    # Monday 03/06/2024 + 10 = Thursday 13/06/2024, a business day.
    d = ask(Q, ipatinga(dt.date(2024, 6, 3)), facts())
    assert d.outcome["deadline"] == dt.date(2024, 6, 13)
    assert d.outcome["judged_by"] == ["autoridade"]
    assert cite(LAW, 42) in d.citations
    assert set(DEADLINE_CITATIONS) <= set(d.citations)


def test_d4_a_deadline_on_saturday_moves_to_monday(ipatinga):
    assert deadline(ipatinga, "2024-06-05") == dt.date(2024, 6, 17)


def test_d4_a_deadline_on_a_national_holiday_moves_to_the_next_business_day(ipatinga):
    # 15/11/2024 (Proclamação da República) is a Friday → Monday 18/11.
    assert deadline(ipatinga, "2024-11-05") == dt.date(2024, 11, 18)


def test_d4_a_deadline_on_21_april_moves_to_the_next_day(ipatinga):
    # 21/04/2025 is a Monday: Tiradentes, also Minas Gerais' state date.
    assert deadline(ipatinga, "2025-04-11") == dt.date(2025, 4, 22)


def test_d4_a_deadline_on_ipatingas_15_august_holiday_moves_to_the_next_day(ipatinga, barra):
    # 15/08/2024 is a Thursday, holiday in Ipatinga only.
    assert deadline(ipatinga, "2024-08-05") == dt.date(2024, 8, 16)
    assert barra(dt.date(2024, 8, 1)).calendar.deadline(dt.date(2024, 8, 5), 10) == dt.date(
        2024, 8, 15
    )


def test_d4_notice_by_post_counts_from_the_ar_date(ipatinga):
    f = facts(notice={"form": "postal", "ar_on": "2024-06-04"})
    d = ask(Q, ipatinga(dt.date(2024, 6, 4)), f)
    assert d.outcome["notified_on"] == dt.date(2024, 6, 4)
    assert d.outcome["deadline"] == dt.date(2024, 6, 14)
    assert decision(4) in d.citations


def test_d4_notice_by_edital_counts_from_the_publication_date(ipatinga):
    f = facts("recurso_jari", notice={"form": "edital", "published_on": "2024-06-07"})
    d = ask(Q, ipatinga(dt.date(2024, 6, 7)), f)
    assert d.outcome["deadline"] == dt.date(2024, 6, 17)  # 17/06 is a Monday


def test_d4_the_date_field_must_match_the_delivery_form(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(
            Q,
            ipatinga(dt.date(2024, 6, 7)),
            facts(notice={"form": "postal", "signed_on": "2024-06-07"}),
        )


def test_art_42_defence_filed_on_the_last_day_is_in_time(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 20)), facts(filed_on="2024-06-13"))
    assert d.outcome["filed_in_time"] is True
    assert d.outcome["revelia"] is False


def test_art_42_defence_filed_the_day_after_is_late(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 20)), facts(filed_on="2024-06-14"))
    assert d.outcome["filed_in_time"] is False
    assert {c for r in d.refusals for c in r.citations} == {cite(LAW, 42)}


def test_art_42_par3_no_defence_by_the_deadline_means_revelia(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 14)), facts())
    assert d.outcome["revelia"] is True
    assert cite(LAW, 42, 3) in d.citations


def test_art_42_par3_on_the_last_day_there_is_no_revelia_yet(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 13)), facts())
    assert d.outcome["revelia"] is False
    r = next(r for r in d.reasons if r.rule == "art_42_par3_revelia")
    assert r.verdict is Verdict.PENDING


def test_art_43_jari_appeal_is_judged_by_the_jari(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 3)), facts("recurso_jari"))
    assert d.outcome["judged_by"] == ["jari"]
    assert d.outcome["deadline"] == dt.date(2024, 6, 13)
    assert {cite(LAW, 43), cite(LAW, 34, 3)} <= set(d.citations)
    assert d.outcome["revelia"] is False


def test_art_44_second_appeal_is_judged_by_the_chief_executive(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 3)), facts("recurso_executivo"))
    assert d.outcome["judged_by"] == ["chefe_executivo"]
    assert cite(LAW, 44) in d.citations


def test_art_43_sole_unreported_address_change_does_not_void_the_notice(ipatinga):
    d = ask(Q, ipatinga(dt.date(2024, 6, 3)), facts("recurso_jari", address_change_unreported=True))
    assert cite(LAW, 43, "único") in d.citations


def test_art_42_par1_upheld_defence_refunds_the_fine_and_waives_storage(ipatinga):
    f = {"upheld": True, "unlicensed": False, "vehicle_seized": True,
         "paid": {"fine_cents": 1000, "removal_cents": 8000}}  # fmt: skip
    d = ask("mototaxi.defence_result", ipatinga(dt.date(2024, 6, 3)), f)
    assert d.outcome == {"refund_cents": 1000, "waive_removal_and_storage": True}
    assert d.citations == (cite(LAW, 42, 1),)


def test_art_42_par2_upheld_defence_of_unlicensed_vehicle_refunds_everything(ipatinga):
    f = {"upheld": True, "unlicensed": True, "vehicle_seized": False,
         "paid": {"fine_cents": 2000, "fees_cents": 1500, "removal_cents": 8000,
                  "storage_cents": 3000}}  # fmt: skip
    d = ask("mototaxi.defence_result", ipatinga(dt.date(2024, 6, 3)), f)
    assert d.outcome["refund_cents"] == 14500
    assert d.citations == (cite(LAW, 42, 2),)


def test_art_42_rejected_defence_refunds_nothing(ipatinga):
    f = {"upheld": False, "unlicensed": False, "vehicle_seized": True, "paid": {"fine_cents": 1000}}
    d = ask("mototaxi.defence_result", ipatinga(dt.date(2024, 6, 3)), f)
    assert d.outcome["refund_cents"] == 0
    assert cite(LAW, 43) in d.citations


def test_art_42_the_ten_days_are_not_in_force_before_the_law(ipatinga):
    from outorga.law.parameters import ParameterMissing

    with pytest.raises(ParameterMissing):
        ask(Q, ipatinga(dt.date(2013, 8, 26)), facts(notified="2013-08-20"))
    assert ask(Q, ipatinga(dt.date(2013, 8, 27)), facts(notified="2013-08-20")).outcome[
        "deadline"
    ] == dt.date(2013, 8, 30)

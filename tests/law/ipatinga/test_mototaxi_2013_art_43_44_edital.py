"""Art. 43 and 44 — the notice of a decision by edital in the Diário Oficial only "quando o
infrator não for localizado"; art. 29 (the auto's own notice) sets no such condition."""

import datetime as dt
from typing import Any

import pytest

from outorga.law.citations import cite
from outorga.law.decisions import Verdict
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.appeal_deadline"
ON = dt.date(2024, 6, 7)


def edital(stage: str, **notice: Any) -> dict[str, Any]:
    return {"stage": stage, "notice": {"form": "edital", "published_on": "2024-06-07", **notice}}


def rule(d, name: str):
    return next(r for r in d.reasons if r.rule == name)


def test_art_43_edital_of_the_first_decision_without_the_attempt_is_refused(ipatinga):
    d = ask(Q, ipatinga(ON), edital("recurso_jari"))
    r = rule(d, "art_43_edital_unlocated")
    assert r.verdict is Verdict.REFUSED
    assert r.citations == (cite(LAW, 43),)
    assert "só quando o infrator não for localizado" in r.message


def test_art_43_edital_after_the_attempt_is_accepted(ipatinga):
    d = ask(Q, ipatinga(ON), edital("recurso_jari", unlocated_on="2024-06-03"))
    assert not d.refusals
    assert rule(d, "art_43_edital_unlocated").verdict is Verdict.OK
    assert d.outcome["deadline"] == dt.date(2024, 6, 17)


def test_art_43_attempt_on_the_publication_day_is_enough(ipatinga):
    d = ask(Q, ipatinga(ON), edital("recurso_jari", unlocated_on="2024-06-07"))
    assert not d.refusals


def test_art_43_attempt_after_the_publication_is_refused(ipatinga):
    d = ask(Q, ipatinga(ON), edital("recurso_jari", unlocated_on="2024-06-08"))
    r = rule(d, "art_43_edital_unlocated")
    assert r.verdict is Verdict.REFUSED
    assert "posterior à publicação" in r.message


def test_art_44_edital_of_the_jari_decision_without_the_attempt_is_refused(ipatinga):
    d = ask(Q, ipatinga(ON), edital("recurso_executivo"))
    r = rule(d, "art_44_edital_unlocated")
    assert r.verdict is Verdict.REFUSED
    assert r.citations == (cite(LAW, 44),)


def test_art_44_attempt_on_the_publication_day_is_enough_after_it_is_refused(ipatinga):
    ok = ask(Q, ipatinga(ON), edital("recurso_executivo", unlocated_on="2024-06-07"))
    late = ask(Q, ipatinga(ON), edital("recurso_executivo", unlocated_on="2024-06-10"))
    assert not ok.refusals
    assert [r.rule for r in late.refusals] == ["art_44_edital_unlocated"]


def test_art_29_the_autos_notice_by_edital_needs_no_attempt(ipatinga):
    d = ask(Q, ipatinga(ON), edital("defesa"))
    assert not d.refusals
    assert all(r.rule != "art_43_edital_unlocated" for r in d.reasons)
    auto = {"provision": "art38-I", "date": "2024-06-01",
            "notice": {"form": "edital", "published_on": "2024-06-07"}}  # fmt: skip
    n = ask("mototaxi.infraction_notice", ipatinga(ON), auto)
    assert n.outcome["notified_on"] == ON


@pytest.mark.parametrize("stage", ["recurso_jari", "recurso_executivo"])
def test_art_43_44_personal_or_postal_notice_needs_no_attempt(ipatinga, stage):
    f = {"stage": stage, "notice": {"form": "postal", "ar_on": "2024-06-07"}}
    assert not ask(Q, ipatinga(ON), f).refusals


def test_art_43_the_attempts_day_belongs_to_the_edital_form_only(ipatinga):
    f = {"stage": "recurso_jari",
         "notice": {"form": "postal", "ar_on": "2024-06-07", "unlocated_on": "2024-06-03"}}  # fmt: skip
    with pytest.raises(FactsInvalid):
        ask(Q, ipatinga(ON), f)

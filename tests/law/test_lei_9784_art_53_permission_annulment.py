"""D-17 where the mototaxi (2013) and taxi (2017) laws are silent on undoing their own acts: Lei
9.784/1999 art. 53 — the administration annuls, of its own motion, the revocation or the cassação
of a permission eivada de vício de legalidade —, motivated (art. 50, I and VIII, §1º), never
limited by art. 54 (the annulment favours the holder), decided by the authority that decided the
revocation or the cassação (D-3: the Chief Executive; mototaxi art. 34 §1; taxi art. 15 and art. 41
§4). The permission restored counts again in the quota (mototaxi art. 10 I; taxi art. 3 §1–2;
D-7): over it, the answer warns, and never refuses."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)
MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
#: Each law: its rule ids' prefix, the service, the article of the cassação's competence, and the
#: quota on ON (Censo 2022, 227 731 inhabitants: ⌊÷ 300⌋ and ⌊÷ 1 200⌋) with its article.
LAWS = {
    MOTO: ("", "mototaxi", "ipatinga.mototaxi-2013 art. 34, §1", 759, "art. 10, I"),
    TAXI: ("taxi_2017.", "taxi", "ipatinga.taxi-2017 art. 41, §4", 189, "art. 3, §1"),
}
GROUNDS = "A cassação se apoiou em auto anulado: a causa do art. 32, III, não existia."


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def annul(ipatinga, law: str, **facts) -> Decision:
    base = {
        "kind": "cassacao",
        "stage": "decided",
        "grounds": GROUNDS,
        "decided_on": ON.isoformat(),
        "service": LAWS[law][1],
        "active_permits": 10,
    }
    return ask(f"{law}.permission_annulment", ipatinga(ON), {**base, **facts})


def quota_reason(d: Decision, law: str):
    prefix = LAWS[law][0]
    rule = "art_10" if law == MOTO else "art_3_par_1"
    (r,) = [
        x for x in d.reasons if x.rule == f"{prefix}{rule}_d_17_restored_permission_in_the_quota"
    ]
    return r


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_53_d_3_a_cassacao_is_annulled_by_the_chief_executive_who_decided_it(
    ipatinga, law
):
    d = annul(ipatinga, law)
    assert d.outcome["allowed"] is True and d.outcome["kind"] == "cassacao"
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    assert {
        "federal.9784-1999 art. 53",
        "federal.9784-1999 art. 50, VIII",
        "outorga.decisions art. D-3",
        "outorga.decisions art. D-17",
        LAWS[law][2],
    } <= citations(d)


def test_lei_9784_art_53_taxi_art_15_a_revocation_is_annulled_by_whom_revokes(ipatinga):
    d = annul(ipatinga, TAXI, kind="revocation")
    assert d.outcome["allowed"] is True and d.outcome["decided_by"] == ["chefe_executivo"]
    assert "ipatinga.taxi-2017 art. 15" in citations(d)


def test_lei_9784_art_53_mototaxi_art_34_par_1_a_revocation_is_the_chief_executive_s(ipatinga):
    d = annul(ipatinga, MOTO, kind="revocation")
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    assert "ipatinga.mototaxi-2013 art. 34, §1" in citations(d)


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_50_viii_the_annulment_of_a_cassacao_without_grounds_is_refused(ipatinga, law):
    d = annul(ipatinga, law, grounds="  ")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == [f"{LAWS[law][0]}d_17_lei_9784_art_50_viii_grounds"]
    assert "federal.9784-1999 art. 50, VIII" in {c.compact() for c in d.refusals[0].citations}


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_53_a_cassacao_already_annulled_is_refused(ipatinga, law):
    d = annul(ipatinga, law, stage="annulled")
    assert [r.rule for r in d.refusals] == [f"{LAWS[law][0]}d_17_lei_9784_art_53_act_standing"]


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_54_no_decadence_limits_the_annulment_of_a_cassacao(ipatinga, law):
    d = annul(ipatinga, law)
    assert d.outcome["decadence_applies"] is False
    (info,) = [r for r in d.reasons if r.rule.endswith("d_17_lei_9784_art_54_no_decadence")]
    assert "federal.9784-1999 art. 54" in {c.compact() for c in info.citations}


@pytest.mark.parametrize("law", LAWS)
def test_d_7_the_permission_restored_within_the_quota_says_so(ipatinga, law):
    d = annul(ipatinga, law)
    limit = LAWS[law][3]
    assert d.outcome["quota"] == {"limit": limit, "in_force": 11, "over": 0}
    assert "dentro do limite" in quota_reason(d, law).message


@pytest.mark.parametrize("law", LAWS)
def test_d_7_a_full_quota_does_not_refuse_the_annulment_it_warns_how_many_are_over(ipatinga, law):
    """The place was never lawfully free: the annulment stands, the quota's article is named and
    the permits over it counted (mototaxi art. 10 I; taxi art. 3 §1)."""
    limit = LAWS[law][3]
    d = annul(ipatinga, law, active_permits=limit)
    assert d.outcome["allowed"] is True and not d.refusals
    assert d.outcome["quota"] == {"limit": limit, "in_force": limit + 1, "over": 1}
    r = quota_reason(d, law)
    assert r.verdict is Verdict.INFO
    assert f"{limit + 1} permissões em vigor para o limite de {limit}" in r.message
    assert "1 acima do limite" in r.message and LAWS[law][4] in r.message
    assert "acima do limite" in d.summary


def test_art_10_ii_motofrete_has_no_quota_to_exceed(ipatinga):
    d = annul(ipatinga, MOTO, service="motofrete", active_permits=5000)
    assert d.outcome["quota"] == {"limit": None, "in_force": 5001, "over": 0}
    assert "ipatinga.mototaxi-2013 art. 10, II" in citations(d)


def test_taxi_art_49_before_the_law_took_effect_is_refused(ipatinga):
    d = annul(ipatinga, TAXI, decided_on="2017-01-02")
    assert d.outcome is None and d.refusals

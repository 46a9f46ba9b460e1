"""D-17 where the mototaxi (2013) and taxi (2017) laws are silent on the annulment of their own
acts: Lei 9.784/1999 art. 53 — the administration annuls, of its own motion, an auto or a
penalty eivado de vício de legalidade —, motivated (art. 50, I and VIII, §1º); never limited by
art. 54's decadência, since the annulment favours the holder; decided by the authority that
imposes the penalty (mototaxi art. 34; taxi art. 41 II and 46)."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)
LAWS = {
    "ipatinga.mototaxi-2013": ("", "ipatinga.mototaxi-2013 art. 34"),
    "ipatinga.taxi-2017": ("taxi_2017.", "ipatinga.taxi-2017 art. 46"),
}
GROUNDS = "Auto lavrado com a placa errada: o veículo autuado não é o do permissionário."


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def annul(ipatinga, law: str, **facts: str) -> Decision:
    base = {"kind": "infraction", "stage": "final", "grounds": GROUNDS, "decided_on": "2024-03-20"}
    return ask(f"{law}.case_annulment", ipatinga(ON), {**base, **facts})


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_53_a_final_case_is_annulled_of_its_own_motion_by_the_secretaria(
    ipatinga, law
):
    d = annul(ipatinga, law)
    assert d.outcome["allowed"] is True
    assert d.outcome["decided_by"] == ["autoridade"]
    assert {
        "federal.9784-1999 art. 53",
        "federal.9784-1999 art. 50, I",
        "federal.9784-1999 art. 50, VIII",
        "outorga.decisions art. D-17",
        LAWS[law][1],
    } <= citations(d)


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_54_no_decadence_limits_an_annulment_favourable_to_the_holder(ipatinga, law):
    d = annul(ipatinga, law, kind="suspension", stage="jari")
    assert d.outcome["allowed"] is True and d.outcome["decadence_applies"] is False
    info = [r for r in d.reasons if r.rule == f"{LAWS[law][0]}d_17_lei_9784_art_54_no_decadence"]
    assert len(info) == 1
    assert "federal.9784-1999 art. 54" in {c.compact() for c in info[0].citations}


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_50_viii_an_annulment_without_grounds_is_refused(ipatinga, law):
    d = annul(ipatinga, law, grounds="   ")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == [f"{LAWS[law][0]}d_17_lei_9784_art_50_viii_grounds"]
    cites = {c.compact() for c in d.refusals[0].citations}
    assert {"federal.9784-1999 art. 50, VIII", "federal.9784-1999 art. 50, I"} <= cites
    assert "vício de legalidade" in d.refusals[0].message


@pytest.mark.parametrize("law", LAWS)
def test_lei_9784_art_53_a_case_already_annulled_is_refused(ipatinga, law):
    d = annul(ipatinga, law, stage="annulled")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == [f"{LAWS[law][0]}d_17_lei_9784_art_53_act_standing"]
    assert "federal.9784-1999 art. 53" in {c.compact() for c in d.refusals[0].citations}
    assert "arquivado" in d.refusals[0].message


def test_lei_9784_art_53_taxi_before_the_law_took_effect_is_refused(ipatinga):
    d = ask(
        "ipatinga.taxi-2017.case_annulment",
        ipatinga(ON),
        {"kind": "infraction", "stage": "final", "grounds": GROUNDS, "decided_on": "2017-01-02"},
    )
    assert d.outcome is None and d.refusals


APPS = "barra-do-garcas.apps-2025"
BARRA_ON = dt.date(2026, 9, 1)


def annul_platform_penalty(barra, **facts: str) -> Decision:
    base = {"kind": "fine", "stage": "final", "grounds": GROUNDS, "decided_on": "2026-09-01"}
    return ask(f"{APPS}.case_annulment", barra(BARRA_ON), {**base, **facts})


def test_lei_9784_art_53_apps_art_26_a_final_fine_on_a_platform_is_annulled_by_the_authority(
    barra,
):
    """Lei 4.976/2025 is silent on annulling its own acts: by D-17 the authority that applies the
    warning and the fine (art. 26 I–II) annuls them of its own motion, without decadência."""
    d = annul_platform_penalty(barra)
    assert d.outcome == {
        "allowed": True,
        "kind": "fine",
        "decided_by": ["autoridade"],
        "decadence_applies": False,
    }
    assert {
        "federal.9784-1999 art. 53",
        "federal.9784-1999 art. 54",
        f"{APPS} art. 26, I",
        f"{APPS} art. 26, II",
        "outorga.decisions art. D-17",
    } <= citations(d)
    assert "favorece o autuado: o prazo decadencial" in " ".join(r.message for r in d.reasons)


@pytest.mark.parametrize(
    ("facts", "rule"),
    [
        ({"grounds": " "}, "apps.d_17_lei_9784_art_50_viii_grounds"),
        ({"kind": "warning", "stage": "annulled"}, "apps.d_17_lei_9784_art_53_act_standing"),
    ],
)
def test_lei_9784_art_50_art_53_apps_a_penalty_without_grounds_or_annulled_is_not(
    barra, facts, rule
):
    d = annul_platform_penalty(barra, **facts)
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == [rule]


@pytest.mark.parametrize("kind", ["credential_suspension", "credential_cancellation"])
def test_lei_9784_art_53_apps_art_26_iv_the_chief_executive_annuls_the_credential_s_measure(
    barra, kind
):
    """The credential's suspension and cancellation are the Chief Executive's decision on a
    proposal (art. 26 IV, D-3): who decided annuls them of its own motion."""
    d = annul_platform_penalty(barra, kind=kind, stage="under_appeal")
    assert d.outcome["allowed"] is True
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    assert f"{APPS} art. 26, IV" in citations(d)
    assert f"{APPS} art. 26, II" not in citations(d)

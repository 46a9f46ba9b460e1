"""D-17 on the notice: where the taxi law (art. 43) and the apps law (art. 26, parágrafo único)
leave the procedure to a regulation, Lei 9.784/1999 art. 26 §5 applies — "o comparecimento do
administrado supre sua falta ou irregularidade": the person who files before the notice reached
them is notified on that day. The mototaxi law has its own notice (art. 29, 42–44) and does not
answer the question."""

import datetime as dt

import pytest

from outorga.law import interfaces
from outorga.law.decisions import Decision
from outorga.law.questions import ask

TAXI = "ipatinga.taxi-2017"
APPS = "barra-do-garcas.apps-2025"
MOTO = "ipatinga.mototaxi-2013"


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def test_lei_9784_art_26_5_taxi_appearance_supplies_the_notice_on_its_day(ipatinga):
    on = dt.date(2026, 5, 6)
    d = ask(f"{TAXI}.notice_by_appearance", ipatinga(on), {"appeared_on": on.isoformat()})
    assert d.outcome == {"supplied": True, "notified_on": on}
    assert [r.rule for r in d.reasons] == ["taxi_2017.d_17_art_26_5_appearance"]
    assert {
        "federal.9784-1999 art. 26, §5",
        "ipatinga.taxi-2017 art. 43",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
    } <= citations(d)
    assert "art. 26, §5º" in d.summary and "06/05/2026" in d.summary


def test_lei_9784_art_26_5_taxi_before_the_law_took_effect_is_not_answered(ipatinga):
    on = dt.date(2017, 9, 27)  # art. 49: in force from 28/09/2017 (D-15)
    d = ask(f"{TAXI}.notice_by_appearance", ipatinga(on), {"appeared_on": on.isoformat()})
    assert d.outcome is None
    assert [r.rule for r in d.refusals] == ["taxi_2017.art_49_vigencia"]


def test_art_26_sole_d_17_lei_9784_art_26_5_apps_appearance_supplies_the_notice(barra):
    on = dt.date(2026, 4, 9)
    d = ask(f"{APPS}.notice_by_appearance", barra(on), {"appeared_on": on.isoformat()})
    assert d.outcome == {"supplied": True, "notified_on": on}
    assert {
        "federal.9784-1999 art. 26, §5",
        "barra-do-garcas.apps-2025 art. 26, §único",
        "outorga.decisions art. D-17",
    } <= citations(d)


def test_art_26_sole_d_4_apps_deadline_runs_from_the_appearance(barra):
    # Appeared on Thursday 09/04/2026: 10 days (Lei 9.784/1999 art. 44, D-17) end on 19/04, a
    # Sunday, so on Monday 20/04 (D-4).
    on = dt.date(2026, 4, 9)
    d = ask(
        f"{APPS}.appeal_deadline",
        barra(on),
        {
            "stage": "defesa",
            "notice": {"form": "comparecimento", "appeared_on": on.isoformat()},
            "filed_on": on.isoformat(),
        },
    )
    assert d.outcome["deadline"] == dt.date(2026, 4, 20)
    assert d.outcome["filed_in_time"] is True


@pytest.mark.parametrize("law", [TAXI, APPS])
def test_d_17_the_laws_that_follow_lei_9784_answer_notice_by_appearance(law):
    assert interfaces.answers(law, "notice_by_appearance")


def test_d_17_mototaxi_has_its_own_notice_and_does_not_answer_notice_by_appearance():
    # Art. 29 and 42–44: the mototaxi law's own procedure; D-17 brings no Lei 9.784 into it.
    assert not interfaces.answers(MOTO, "notice_by_appearance")

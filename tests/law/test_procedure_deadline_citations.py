"""Each step of a law's due process names the articles by which its period runs from a notice, so
that the app refusing a filing before that notice (or after the steps ended) cites them: mototaxi
art. 42 with the notice of art. 29, art. 43 and 44 (each from the notice of the decision, art. 34
§3); the taxi law's art. 43 and the apps law's art. 26 parágrafo único, filled by Lei 9.784/1999
art. 44 and 59 with art. 66 (the period runs from the official notice), decision D-17."""

from __future__ import annotations

import pytest

from outorga.law.citations import Citation, cite, decision
from outorga.law.interfaces import procedure

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
APPS = "barra-do-garcas.apps-2025"
LEI_9784 = "federal.9784-1999"


def _rendered(law: str, stage: str) -> list[str]:
    return [c.render() for c in procedure(law).deadline_citations[stage]]


def test_mototaxi_art_42_the_defence_runs_from_the_notice_of_the_auto_art_29() -> None:
    found = procedure(MOTO).deadline_citations["defence"]
    assert cite(MOTO, 42) in found and cite(MOTO, 29) in found
    assert all(c.law == MOTO for c in found)


def test_mototaxi_art_43_the_jari_appeal_runs_from_the_notice_of_the_first_decision() -> None:
    found = procedure(MOTO).deadline_citations["jari"]
    assert cite(MOTO, 43) in found and cite(MOTO, 34, 3) in found


def test_mototaxi_art_44_the_appeal_to_the_chief_executive_runs_from_the_jari_decision() -> None:
    found = procedure(MOTO).deadline_citations["executive"]
    assert cite(MOTO, 44) in found and cite(MOTO, 34, 3) in found


@pytest.mark.parametrize(("law", "own"), [(TAXI, cite(TAXI, 43)), (APPS, cite(APPS, 26, "único"))])
def test_d_17_lei_9784_art_44_the_defence_runs_from_the_notice_where_the_law_is_silent(
    law: str, own: Citation
) -> None:
    found = procedure(law).deadline_citations["defence"]
    assert found[0] == own
    assert decision(17) in found
    assert cite(LEI_9784, 44) in found and cite(LEI_9784, 66) in found
    assert cite(LEI_9784, 59) not in found


@pytest.mark.parametrize(("law", "own"), [(TAXI, cite(TAXI, 43)), (APPS, cite(APPS, 26, "único"))])
def test_d_17_lei_9784_art_59_the_appeal_runs_from_the_notice_of_the_decision(
    law: str, own: Citation
) -> None:
    found = procedure(law).deadline_citations["executive"]
    assert found[0] == own
    assert decision(17) in found
    assert cite(LEI_9784, 59) in found and cite(LEI_9784, 66) in found


@pytest.mark.parametrize("law", [MOTO, TAXI, APPS])
def test_every_step_of_the_procedure_names_its_articles(law: str) -> None:
    proc = procedure(law)
    assert set(proc.deadline_citations) == set(proc.stages)
    for stage in proc.stages:
        assert _rendered(law, stage)


def test_the_taxi_law_never_borrows_the_mototaxi_jari_path_d_17() -> None:
    for stage in procedure(TAXI).stages:
        assert all(c.law != MOTO for c in procedure(TAXI).deadline_citations[stage])
    assert "jari" not in procedure(TAXI).deadline_citations

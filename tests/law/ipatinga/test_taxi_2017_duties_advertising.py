"""Art. 19 (the taxista's duties) and art. 44 (advertising on the top and/or rear of the vehicle).

Art. 19 I–IV are obligations of the law whose breach art. 41 caput punishes; the law gives them no
nature (art. 41 §2 classifies other conducts), so their fine waits for the regulation (art. 43),
never invented. Art. 44 authorizes advertising only on the top and/or the rear."""

import datetime as dt

import pytest

from outorga.law.decisions import Verdict
from outorga.law.ipatinga.taxi_2017 import PROCEDURE
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.taxi-2017"
ON = dt.date(2027, 2, 1)


def penalty(ctx, code, **more):
    return ask(
        f"{LAW}.penalty",
        ctx,
        {"infraction": code, "committed_on": ON.isoformat(), "imposed_on": ON.isoformat(), **more},
    )


# --- art. 19 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "inciso"),
    [
        ("dever_atendimento", "I"),
        ("dever_traje", "II"),
        ("dever_condicoes_veiculo", "III"),
        ("dever_documentacao_veiculo", "IV"),
    ],
)
def test_art_19_each_duty_is_an_auto_choice_citing_its_inciso_with_no_nature(code, inciso):
    kinds = {k.code: k for k in PROCEDURE.kinds(ON, [])}
    kind = kinds[code]
    assert kind.citation.endswith(f"art. 19, {inciso}")
    assert kind.severity == "" and "regulamento" in kind.severity_label
    assert not kind.seizure


def test_art_19_v_is_not_an_auto_choice_of_this_law():
    assert not any(k.citation.endswith("art. 19, V") for k in PROCEDURE.kinds(ON, []))


def test_art_19_i_fine_is_pending_until_the_regulation_gives_the_nature(ipatinga):
    d = penalty(ipatinga(ON), "dever_atendimento")
    assert d.outcome is None
    assert [r.verdict for r in d.reasons] == [Verdict.PENDING]
    cited = {c.compact() for c in d.citations}
    assert {"ipatinga.taxi-2017 art. 19, I", "ipatinga.taxi-2017 art. 43"} <= cited


def test_art_19_ii_with_a_regulation_nature_the_fine_follows_art_41_par_2(ipatinga):
    item = {"code": "dever_traje", "description": "Traje inadequado", "nature": "leve"}
    d = penalty(
        ipatinga(ON),
        "dever_traje",
        regulation_items=[item],
        notified_on="2027-01-01",
    )
    assert d.outcome["nature"] == "leve" and d.outcome["fine_ufpi"] == 50
    # The item keeps the article of the law that names the duty, with the regulation's note.
    catalog = next(r for r in d.reasons if r.rule.endswith("art_43_catalog"))
    assert any(c.compact().startswith("ipatinga.taxi-2017 art. 19, II") for c in catalog.citations)


def test_art_19_the_regulation_item_replaces_the_law_choice_in_the_catalog():
    item = {"code": "dever_traje", "description": "Traje inadequado", "nature": "leve"}
    kinds = [k for k in PROCEDURE.kinds(ON, [item]) if k.code == "dever_traje"]
    assert len(kinds) == 1 and kinds[0].severity == "leve"
    assert "art. 19, II" in kinds[0].citation


# --- art. 44 ----------------------------------------------------------------------------------------


def advertising(ctx, *placements):
    return ask(f"{LAW}.advertising", ctx, {"placements": list(placements)})


@pytest.mark.parametrize(
    "placements",
    [(), ("parte_superior",), ("parte_traseira",), ("parte_superior", "parte_traseira")],
)
def test_art_44_top_and_or_rear_is_authorized(ipatinga, placements):
    d = advertising(ipatinga(ON), *placements)
    assert d.outcome == {"authorized": True, "outside": []}, d.summary
    assert d.reasons[0].rule.endswith("art_44_advertising") and d.reasons[0].verdict is Verdict.OK


@pytest.mark.parametrize("outside", ["laterais", "dianteira", "vidros", "interior"])
def test_art_44_any_other_place_is_refused_citing_art_44(ipatinga, outside):
    d = advertising(ipatinga(ON), "parte_superior", outside)
    assert d.outcome == {"authorized": False, "outside": [outside]}
    (refusal,) = d.refusals
    assert "ipatinga.taxi-2017 art. 44" in {c.compact() for c in refusal.citations}
    assert "parte superior e/ou a parte traseira" in refusal.message


def test_art_44_the_other_legislation_is_named_not_checked(ipatinga):
    d = advertising(ipatinga(ON), "parte_traseira")
    note = next(r for r in d.reasons if r.rule.endswith("art_44_other_legislation"))
    assert note.verdict is Verdict.INFO and "legislação pertinente" in note.message


def test_art_44_an_unknown_place_is_rejected_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        advertising(ipatinga(ON), "teto_solar")


def test_art_44_before_the_law_the_question_refuses(ipatinga):
    d = ask(
        f"{LAW}.advertising",
        ipatinga(ON),
        {"placements": ["laterais"], "observed_on": "2017-09-27"},
    )
    assert d.outcome is None and d.refusals


def test_art_44_advertising_outside_is_an_auto_choice_with_no_nature(ipatinga):
    kind = next(k for k in PROCEDURE.kinds(ON, []) if k.code == "publicidade_irregular")
    assert kind.citation.endswith("art. 44") and kind.severity == ""
    d = penalty(ipatinga(ON), "publicidade_irregular")
    assert d.outcome is None and d.reasons[0].verdict is Verdict.PENDING


def test_art_42_vii_points_of_an_unclassified_conduct_are_pending_not_zero(ipatinga):
    d = ask(
        f"{LAW}.points",
        ipatinga(ON),
        {
            "infractions": [
                {"id": "AI-1", "committed_on": "2027-01-10", "nature": "", "final": True},
            ]
        },
    )
    assert d.summary == "Pontos pendentes de regulamento."
    pending = [r for r in d.reasons if r.verdict is Verdict.PENDING]
    assert pending and pending[-1].facts["sem_natureza"] == ["AI-1"]
    assert d.outcome["windows"][0]["points"] is None

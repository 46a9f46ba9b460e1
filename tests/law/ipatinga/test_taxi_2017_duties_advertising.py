"""Art. 19 (the taxista's duties) and art. 44 (advertising on the top and/or rear of the vehicle).

Art. 19 I–IV are obligations of the law whose breach art. 41 caput punishes; the law gives them no
nature (art. 41 §2 classifies other conducts), so their fine waits for the regulation (art. 43),
never invented. Art. 44 authorizes advertising only on the top and/or the rear."""

import datetime as dt

import pytest

from outorga.law.decisions import Verdict
from outorga.law.ipatinga.taxi_2017 import PROCEDURE
from outorga.law.ipatinga.taxi_2017.duties import art_44_advertising
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.taxi-2017"
ON = dt.date(2027, 2, 1)


def vehicle(**more):
    facts = {
        "occasion": "renovacao",
        "category": "convencional",
        "kind": "automovel",
        "colour": "prata",
        "doors": 5,
        "capacity": 5,
        "registered_municipality_ibge": "3131307",
        "licensed": True,
        "manufacture_year": 2024,
        "taximeter_approved_by": "INMETRO",
        "roof_sign_taxi": True,
        "ctb_equipment_ok": True,
        "inspection": {"approved": True, "accredited_inmetro": True},
    }
    facts.update(more)
    return facts


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


def test_art_19_iv_documents_not_up_to_date_refuse_the_vehicle(ipatinga):
    d = ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle(vehicle_documents_up_to_date=False))
    assert not d.outcome["eligible"]
    assert "ipatinga.taxi-2017 art. 19, IV" in {c.compact() for r in d.refusals for c in r.citations}
    ok = ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle(vehicle_documents_up_to_date=True))
    assert ok.outcome["eligible"]


# --- art. 44 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "placements",
    [[], ["parte_superior"], ["parte_traseira"], ["parte_superior", "parte_traseira"]],
)
def test_art_44_top_and_or_rear_is_authorized(ipatinga, placements):
    d = ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle(advertising=placements))
    assert d.outcome["eligible"], d.summary
    assert any(r.rule.endswith("art_44_advertising") and r.verdict is Verdict.OK for r in d.reasons)


@pytest.mark.parametrize("outside", ["laterais", "dianteira", "vidros", "interior"])
def test_art_44_any_other_place_is_refused_citing_art_44(ipatinga, outside):
    d = ask(
        f"{LAW}.vehicle_eligibility",
        ipatinga(ON),
        vehicle(advertising=["parte_superior", outside]),
    )
    assert not d.outcome["eligible"]
    refusal = next(r for r in d.refusals if r.rule.endswith("art_44_advertising"))
    assert "ipatinga.taxi-2017 art. 44" in {c.compact() for c in refusal.citations}
    assert refusal.facts["fora_do_autorizado"] == [outside]


def test_art_44_the_other_legislation_is_named_not_checked(ipatinga):
    d = ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle(advertising=["parte_traseira"]))
    note = next(r for r in d.reasons if r.rule.endswith("art_44_other_legislation"))
    assert note.verdict is Verdict.INFO and "legislação pertinente" in note.message


def test_art_44_an_unknown_place_is_rejected_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle(advertising=["teto_solar"]))


def test_art_44_without_the_fact_the_vehicle_decision_is_as_before(ipatinga):
    d = ask(f"{LAW}.vehicle_eligibility", ipatinga(ON), vehicle())
    assert not any("art_44" in r.rule or "art_19" in r.rule for r in d.reasons)


def test_art_44_the_inspectors_finding_alone():
    assert art_44_advertising(None, True).verdict is Verdict.OK
    assert art_44_advertising(None, False).verdict is Verdict.REFUSED


def test_art_44_advertising_outside_is_an_auto_choice_with_no_nature(ipatinga):
    kind = next(k for k in PROCEDURE.kinds(ON, []) if k.code == "publicidade_irregular")
    assert kind.citation.endswith("art. 44") and kind.severity == ""
    d = penalty(ipatinga(ON), "publicidade_irregular")
    assert d.outcome is None and d.reasons[0].verdict is Verdict.PENDING

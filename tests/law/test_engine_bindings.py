"""Bindings as dated data: which law governs which service, from when (D-15)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from outorga.law import interfaces, questions
from outorga.law.bindings import (
    RULEBOOKS,
    Binding,
    LawNotBound,
    adopting,
    binding_on,
    laws_of,
    overlap,
)

D = dt.date
OLD = Binding("mototaxi", "ipatinga.mototaxi-2013", D(2013, 8, 27), D(2026, 12, 31), "lei de 2013")
NEW = Binding("mototaxi", "teste.mototaxi-2027", D(2027, 1, 1), None, "lei de 2027")


def test_d_15_the_law_of_a_fact_is_the_one_bound_on_its_date():
    assert binding_on((OLD, NEW), "mototaxi", D(2026, 12, 31)) is OLD  # the last day included
    assert binding_on((OLD, NEW), "mototaxi", D(2027, 1, 1)) is NEW
    with pytest.raises(LawNotBound, match="Nenhuma lei rege o serviço de mototáxi em Ipatinga"):
        binding_on((OLD, NEW), "mototaxi", D(2013, 8, 26), "Ipatinga")
    with pytest.raises(LawNotBound, match="táxi"):
        binding_on((OLD, NEW), "taxi", D(2026, 1, 1), "Ipatinga")


def test_periods_of_one_service_that_meet_overlap_and_those_that_follow_do_not():
    assert overlap((OLD,), NEW) is None
    assert overlap((OLD,), Binding("mototaxi", "x", D(2026, 12, 31))) is OLD
    assert overlap((NEW,), Binding("mototaxi", "x", D(2020, 1, 1), D(2027, 1, 1))) is NEW
    assert overlap((OLD,), Binding("motofrete", "x", D(2020, 1, 1))) is None


def test_adopting_a_law_binds_every_service_it_governs_from_its_entry_into_force():
    moto = adopting("ipatinga.mototaxi-2013")
    assert {b.service for b in moto} == {"mototaxi", "motofrete"}
    assert {b.valid_from for b in moto} == {RULEBOOKS["ipatinga.mototaxi-2013"].in_force_from}
    assert laws_of((NEW, OLD)) == ("ipatinga.mototaxi-2013", "teste.mototaxi-2027")


SHIPPED = ("ipatinga.mototaxi-2013", "ipatinga.taxi-2017", "barra-do-garcas.apps-2025")


@pytest.mark.parametrize("law", SHIPPED)
def test_every_shipped_rulebook_answers_the_whole_interface_of_its_services(law):
    for service in RULEBOOKS[law].services:
        iface = interfaces.interface_of(service)
        assert interfaces.missing(law, service, part="all") == []
        # Under its own namespaced id, with the facts the interface fixes.
        for name in iface.names:
            q = questions.find(law, name)
            assert q.id == f"{law}.{name}" and q.name == name
            assert q.facts_schema == iface.facts_schema(name)


def test_every_question_id_is_namespaced_by_its_law_and_the_old_ids_still_answer():
    for qid, q in questions.registry().items():
        assert qid.startswith(f"{q.law}.")
    for old, new in questions.LEGACY_IDS.items():
        assert questions.get(old) is questions.get(new)
    with pytest.raises(ValueError, match="<law>.<name>"):
        questions.question("quota", law="ipatinga.mototaxi-2013", title="?", schema={})


LAWS = Path(__file__).resolve().parents[3] / "shared" / "laws"
#: The signature line of each law's text (the law takes effect on publication: mototaxi art. 53,
#: taxi art. 49; the publication date is not in the texts, so the law's date is used).
SIGNED = {
    "ipatinga.mototaxi-2013": ("ipatinga-mototaxi-motofrete-2013.txt", "aos 27 de agosto de 2013"),
    "ipatinga.taxi-2017": ("ipatinga-taxi-2017.txt", "Ipatinga, 28 de setembro de 2017."),
}


def test_a_law_date_is_written_once_with_its_rulebook():
    """The rulebooks' ``LAW_DATE`` read the registered date (the competence table too:
    ``test_engine_competence_dated``)."""
    from outorga.law.ipatinga.mototaxi_2013 import catalog
    from outorga.law.ipatinga.taxi_2017 import LAW_DATE as TAXI_DATE

    assert catalog.LAW_DATE == RULEBOOKS["ipatinga.mototaxi-2013"].in_force_from == D(2013, 8, 27)
    assert TAXI_DATE == RULEBOOKS["ipatinga.taxi-2017"].in_force_from == D(2017, 9, 28)


@pytest.mark.parametrize("law", sorted(SIGNED))
def test_law_date_is_the_date_in_the_text(law):
    name, words = SIGNED[law]
    if not (LAWS / name).exists():
        pytest.skip("texto da lei fora do repositório")
    assert words in (LAWS / name).read_text("utf-8")
    day = RULEBOOKS[law].in_force_from
    assert f"{day.day} de" in words and str(day.year) in words


def test_rulebook_exports_reach_the_apps_through_generic_functions():
    """What a rulebook exports at module level (its suspendable rules, its trip-data rules, its
    CITES) is read by law id, never imported by name; a law without it answers none."""
    apps, taxi = "barra-do-garcas.apps-2025", "ipatinga.taxi-2017"
    rules = interfaces.suspendable_rules(apps)
    assert rules["apps.art3.platform_cap"] == "limite de plataformas credenciadas (art. 3, §1)"
    # Any law's rule may be suspended by a court (D-16): the taxi law lists its own too.
    assert interfaces.suspendable_rules(taxi)["taxi_2017.art_27_silver"] == (
        "cor obrigatória do veículo (art. 27)"
    )
    assert callable(interfaces.trip_data(apps, "aplicativo").trip_fare_limits)
    with pytest.raises(interfaces.NotAnswered, match="trip_data"):
        interfaces.trip_data(taxi, "taxi")
    title = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"
    assert interfaces.cited_once(apps, "complaint_channel", "complaint_answer") == (
        f"{title}, art. 11, III; art. 15"
    )
    assert interfaces.cited(apps, "complaint_channel", "complaint_answer") == (
        f"{title}, art. 11, III; {title}, art. 15"
    )


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        (("ok", "info"), "ok"),
        (("ok", "pending"), "pending"),
        (("pending", "refused", "ok"), "refused"),
        (("suspended", "ok"), "ok"),
    ],
)
def test_every_decision_s_eligibility_reads_one_way(verdicts, expected):
    """Each law shapes its outcome its own way (mototaxi a flag or None, apps a word, taxi a
    flag); ``Decision.eligibility`` reads any of them from the reasons: a refusal refuses, a
    missing fact holds, a suspended rule (D-16) does not count."""
    from outorga.law.citations import cite
    from outorga.law.decisions import Decision, Reason, Verdict

    reasons = tuple(
        Reason(f"r{i}", (cite("ipatinga.taxi-2017", 1),), Verdict(v), "x")
        for i, v in enumerate(verdicts)
    )
    for outcome in (True, "ok", {"eligible": None}):
        d = Decision("q", D(2026, 1, 1), "Ipatinga", outcome, reasons)
        assert d.eligibility == expected


def test_d_16_a_suspendable_rule_is_named_by_its_subject_never_by_a_value_of_the_law():
    """A court suspends a rule (D-16); the label a person chooses it by names what the rule is
    about ("cor obrigatória do veículo"), never the value the law sets today: the colour, the
    doors, the engine's range are dated parameters (D-15). Its citation renders as the law
    core renders the article."""
    for law in RULEBOOKS:
        for rule, label in interfaces.suspendable_rules(law).items():
            subject, _, cited = label.rpartition(" (")
            assert not re.search(r"\d", subject), (law, rule, label)
            assert "º" not in cited, (law, rule, label)

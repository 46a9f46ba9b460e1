"""Every ``apps.*`` question is registered by the rulebook's import path, validates its facts and
returns a decision whose trace serialises to JSON with a citation on every reason."""

import datetime as dt
import importlib
import json

import pytest

from outorga.law.questions import LEGACY_IDS, FactsInvalid, ask, registry

SAMPLES = {
    "apps.platform_credential": {"credentialed_platforms": 3},
    "apps.roster_capacity": {"platform_roster": 10, "municipality_roster": 100},
    "apps.concurrency_month": {"year": 2025, "month": 9, "measured_peak": 12},
    "apps.driver_eligibility": {"cnh": {"category": "B", "ear": True}},
    "apps.vehicle_eligibility": {"kind": "automovel", "manufacture_year": 2020},
    "apps.fare_table": {"base_fare_cents": 500},
    "apps.fare_quote": {
        "shown_before_confirmation": True,
        "composition_shown": True,
        "taxes_shown": True,
        "total_cents": 1500,
        "distance_m": 3000,
        "duration_s": 600,
        "dynamic": {"reason": "chuva", "percent": "10", "accept_or_refuse_offered": True},
    },
    "apps.fare_limits_review": {"last_review": "2025-06-01"},
    "apps.complaint_deadline": {"filed_on": "2025-09-01"},
    "apps.monthly_report": {"year": 2025, "month": 8},
    "apps.issqn_statement": {
        "year": 2025,
        "month": 8,
        "intermediation_revenue_cents": 1000,
        "drivers": [
            {
                "driver": "m1",
                "regime": "autonomo",
                "gross_trip_revenue_cents": 1000,
                "platform_retention_cents": 250,
            }
        ],
    },
    "apps.vehicle_inspection": {
        "external_light_sign": False,
        "ostensive_visual_identification": False,
    },
    "apps.penalty": {
        "offender": "driver",
        "penalty": "fine",
        "infraction_on": "2025-08-01",
        "prior_occurrences": 1,
        "fine_upfbg": "12.5",
        "defence_notice_on": "2025-08-05",
    },
    "apps.procedure_deadlines": {
        "defence_notice_on": "2025-08-05",
        "decision_notice_on": "2025-09-05",
    },
    "apps.obligation_enforceable": {},
    "apps.penalty_appeal": {"decision_notice_on": "2025-10-01", "filed_on": "2025-10-08"},
    "apps.penalty_finality": {"decision_notice_on": "2025-10-01", "appeal": "none"},
}


def test_the_rulebook_import_path_registers_every_apps_question():
    importlib.import_module("outorga.law.barra_do_garcas.apps_2025")
    apps = {qid for qid, q in registry().items() if qid.startswith("barra-do-garcas.apps-2025.")}
    assert {LEGACY_IDS[qid] for qid in SAMPLES} <= apps
    assert all(registry()[qid].law == "barra-do-garcas.apps-2025" for qid in apps)


@pytest.mark.parametrize("qid", sorted(SAMPLES))
def test_each_question_answers_with_a_cited_json_trace(barra, qid):
    d = ask(qid, barra(dt.date(2025, 10, 15)), SAMPLES[qid])
    assert d.reasons and all(r.citations for r in d.reasons)
    text = json.dumps(d.to_json(), ensure_ascii=False)
    assert "barra-do-garcas.apps-2025" in text or "Lei 4.976/2025" in text
    # Asked by the id used before namespacing, answered under the law's own id.
    assert d.question == LEGACY_IDS[qid] == f"barra-do-garcas.apps-2025.{qid.split('.')[1]}"
    assert d.to_text().startswith(f"Pergunta: {d.question}")


def test_facts_are_validated_against_the_schema(barra):
    with pytest.raises(FactsInvalid):
        ask("apps.roster_capacity", barra(dt.date(2025, 10, 15)), {"platform_roster": -1})
    with pytest.raises(FactsInvalid):
        ask("apps.complaint_deadline", barra(dt.date(2025, 10, 15)), {"filed_on": "15/10/2025"})
    with pytest.raises(FactsInvalid):
        ask(
            "apps.concurrency_month",
            barra(dt.date(2025, 10, 15)),
            {"year": 2025, "month": 9},
        )

"""The rulebook's questions are registered, render for people and machines, and stay pure."""

import ast
import datetime as dt
import json
from pathlib import Path

import outorga.law.ipatinga.mototaxi_2013 as rulebook
from outorga.law.questions import _REGISTRY, LEGACY_IDS, ask

QUESTIONS = {
    "mototaxi.person_eligibility",
    "mototaxi.vehicle_eligibility",
    "mototaxi.permit_term",
    "mototaxi.permit_extension",
    "mototaxi.auxiliary_credential_renewal",
    "mototaxi.quota",
    "mototaxi.document_validity",
    "mototaxi.badge",
    "mototaxi.stand",
    "mototaxi.tariff_readjustment",
    "mototaxi.infraction_notice",
    "mototaxi.fine",
    "mototaxi.fee",
    "mototaxi.seizure_release",
    "mototaxi.penalty",
    "mototaxi.warning",
    "mototaxi.suspension_return",
    "mototaxi.appeal_deadline",
    "mototaxi.defence_result",
}


def test_every_question_is_registered_under_the_law():
    mine = {q.id: q for q in _REGISTRY.values() if q.id.startswith("ipatinga.mototaxi-2013.")}
    assert all(q.law == rulebook.LAW_ID for q in mine.values())
    assert {LEGACY_IDS[qid] for qid in QUESTIONS} <= set(mine)
    assert all(q.title.endswith("?") for q in mine.values())


def test_decisions_render_as_json_and_portuguese_text(ipatinga):
    facts = {
        "infractions": [
            {"id": "a", "committed_on": "2024-01-10", "severity": "grave", "final": True},
            {"id": "b", "committed_on": "2024-02-10", "severity": "grave", "final": True},
            {"id": "c", "committed_on": "2024-03-10", "code": "art41-II", "final": True},
        ],
        "cassation": {"ctb_points": 21},
    }
    d = ask("mototaxi.penalty", ipatinga(dt.date(2024, 6, 1)), facts)
    data = json.loads(d.to_json_text())
    assert data["outcome"]["suspension"]["days"] == 30
    assert data["outcome"]["cassation"]["causes"] == ["art32-III-g"]
    assert "Lei de mototáxi de Ipatinga (2013), art. 32, III, alínea g" in data["citations"]
    assert "Fundamentos:" in d.to_text()


def test_the_rulebook_imports_no_django():
    root = Path(rulebook.__file__).parent
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "django" for n in names), path

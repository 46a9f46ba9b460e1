"""The one way in to the law core from outside: `outorga law …` and /api/v1/law/…"""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from outorga.law.competence import Role

FACTS = {"document": "atestado_medico", "issued_on": "2026-03-05"}


def test_law_list_names_the_questions_of_every_law(capsys, db):
    call_command("law", "list")
    out = capsys.readouterr().out
    for prefix in ("mototaxi.", "taxi.", "apps."):
        assert prefix in out


def test_law_schema_prints_the_facts_schema(capsys, db):
    call_command("law", "schema", "mototaxi.quota")
    schema = json.loads(capsys.readouterr().out)
    assert "active_permits" in schema["properties"]


def test_law_explain_answers_with_citations_as_json_and_text(tmp_path, capsys, db):
    facts = tmp_path / "facts.json"
    facts.write_text(
        json.dumps({"service": "mototaxi", "grant_on": "2026-03-10", "active_permits": 759})
    )
    call_command(
        "law",
        "explain",
        "mototaxi.quota",
        "--facts",
        str(facts),
        "--on",
        "2026-03-10",
        "--municipality",
        "ipatinga",
    )
    decision = json.loads(capsys.readouterr().out)
    # ⌊227 731 / 300⌋ = 759 places, all taken: refused, citing art. 10, I.
    assert any("art. 10" in c for c in decision["citations"])
    assert any(r["verdict"] == "refused" for r in decision["reasons"])
    call_command(
        "law",
        "explain",
        "mototaxi.quota",
        "--facts",
        str(facts),
        "--on",
        "2026-03-10",
        "--municipality",
        "ipatinga",
        "--text",
    )
    text = capsys.readouterr().out
    assert "Fundamentos:" in text and "art. 10" in text


def test_law_explain_refuses_bad_facts_naming_the_field(tmp_path, db):
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps({"service": "mototaxi", "grant_on": "2026-02-31"}))
    with pytest.raises(CommandError, match="active_permits"):
        call_command(
            "law",
            "explain",
            "mototaxi.quota",
            "--facts",
            str(facts),
            "--on",
            "2026-03-10",
            "--municipality",
            "ipatinga",
        )


def test_law_explain_refuses_a_law_the_municipality_does_not_apply(tmp_path, db):
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps(FACTS))
    with pytest.raises(CommandError, match="não se aplica"):
        call_command(
            "law",
            "explain",
            "mototaxi.document_validity",
            "--facts",
            str(facts),
            "--on",
            "2026-03-10",
            "--municipality",
            "barra-do-garcas",
        )


def test_api_answers_the_same_question_with_the_same_decision(user_of, tmp_path, capsys):
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = client.post(
        "/api/v1/law/mototaxi.document_validity",
        data=json.dumps({"facts": FACTS, "on": "2026-03-10"}),
        content_type="application/json",
    )
    assert r.status_code == 200
    facts = tmp_path / "f.json"
    facts.write_text(json.dumps(FACTS))
    call_command(
        "law",
        "explain",
        "mototaxi.document_validity",
        "--facts",
        str(facts),
        "--on",
        "2026-03-10",
        "--municipality",
        "ipatinga",
    )
    assert json.loads(capsys.readouterr().out) == r.json()


def test_api_lists_errors_per_field_in_portuguese(user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = client.post(
        "/api/v1/law/mototaxi.document_validity",
        data=json.dumps({"facts": {"document": "x"}, "on": "2026-03-10"}),
        content_type="application/json",
    )
    assert r.status_code == 422
    fields = {e["campo"]: e["erro"] for e in r.json()["erros"]}
    assert "issued_on" in str(fields) and "document" in fields


def test_portal_users_are_not_staff_for_the_api(user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    assert client.get("/api/v1/registry/people").status_code == 401

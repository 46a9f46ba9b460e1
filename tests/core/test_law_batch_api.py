"""The batch of law questions through the API (`POST /api/v1/law/{qid}/batch`) and the management
command (`outorga law explain --batch`, `outorga law data`): each fact set answered as the same
question asked alone, the municipality's data read from the records or from the file they give."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.test import Client

from outorga.law.competence import Role

QUOTA = "ipatinga.mototaxi-2013.quota"
ON = "2026-03-10"


def quota_facts(active: int) -> dict:
    return {"service": "mototaxi", "grant_on": ON, "active_permits": active}


@pytest.fixture
def clerk(user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    return client


def post(client: Client, path: str, body: dict):
    return client.post(path, data=json.dumps(body), content_type="application/json")


def test_api_batch_answers_each_fact_set_as_the_question_asked_alone(clerk):
    # Art. 10 I: ⌊227 731 / 300⌋ = 759 places — 758 active leaves one, 759 none.
    sets = [quota_facts(758), quota_facts(759), {"service": "mototaxi"}]
    r = post(clerk, f"/api/v1/law/{QUOTA}/batch", {"facts": sets, "on": ON})
    assert r.status_code == 200
    body = r.json()
    assert body["errors"] == 1
    answers = body["answers"]
    assert [a["line"] for a in answers] == [1, 2, 3]
    for a, facts in zip(answers[:2], sets[:2], strict=True):
        alone = post(clerk, f"/api/v1/law/{QUOTA}", {"facts": facts, "on": ON}).json()
        assert a["decision"] == alone
    assert [a["decision"]["outcome"]["may_grant"] for a in answers[:2]] == [True, False]
    assert "active_permits" in answers[2]["error"] and answers[2]["fields"]
    brief = post(clerk, f"/api/v1/law/{QUOTA}/batch", {"facts": sets[1:2], "on": ON, "brief": True})
    refused = brief.json()["answers"][0]["decision"]
    assert refused["eligibility"] == "refused"
    assert refused["refusals"][0]["citations"][0].endswith("art. 10, I")


def test_api_batch_is_bounded_and_says_so_in_portuguese(clerk):
    r = post(clerk, f"/api/v1/law/{QUOTA}/batch", {"facts": [quota_facts(1)] * 1001, "on": ON})
    assert r.status_code == 422
    assert any(e["campo"] == "facts" for e in r.json()["erros"])
    assert post(clerk, f"/api/v1/law/{QUOTA}/batch", {"facts": [], "on": ON}).status_code == 422


def test_api_batch_is_for_staff_and_the_laws_of_their_municipality(user_of, clerk):
    holder = Client()
    holder.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    body = {"facts": [quota_facts(1)], "on": ON}
    assert post(holder, f"/api/v1/law/{QUOTA}/batch", body).status_code == 401
    barra = Client()
    barra.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    assert post(barra, f"/api/v1/law/{QUOTA}/batch", body).status_code == 404


def test_the_data_file_answers_as_the_records_do(tmp_path, capsys, db):
    data = tmp_path / "ipatinga.json"
    call_command("law", "data", "--municipality", "ipatinga", "--out", str(data))
    ndjson = tmp_path / "fatos.ndjson"
    ndjson.write_text("".join(json.dumps(quota_facts(n)) + "\n" for n in (0, 758, 759, 2000)))
    outputs = []
    for where in (["--municipality", "ipatinga"], ["--data", str(data)]):
        call_command("law", "explain", QUOTA, "--batch", str(ndjson), "--on", ON, *where)
        outputs.append([json.loads(x) for x in capsys.readouterr().out.splitlines()])
    assert outputs[0] == outputs[1]
    assert [o["decision"]["outcome"]["may_grant"] for o in outputs[0]] == [True, True, False, False]

"""Art. 26 through the staff API of the platforms' due process, the screens' services: a warning's
notice, its paper appeal, the reconsideration (Lei 9.784/1999 art. 56 §1) and the Chief
Executive's judgment; then a suspension of the credential (art. 26, IV) proposed by the authority,
defended by the platform, decided by the Chief Executive with the gravity weighed in the
decision — which stops the platform's roster and fares, with the article, until the sweep ends it
the day after its last day."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import driver_data, on_municipal_day

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformCase, PlatformPenalty
from outorga.platforms.sweeping import sweep_platforms
from outorga.platforms.tokens import api_token_issue

T = dt.date(2026, 10, 13)  # a Tuesday


@pytest.fixture
def on_day(monkeypatch):
    def set_day(day: dt.date) -> None:
        on_municipal_day(monkeypatch, day)

    set_day(T)
    return set_day


def staff(user_of, role: Role) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    return c


def post(client: Client, path: str, body: dict) -> object:
    return client.post(f"/api/v1{path}", data=json.dumps(body), content_type="application/json")


@pytest.fixture
def token_client(barra_m, platform, user_of) -> Client:
    _, secret = api_token_issue(
        actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
        municipality=barra_m,
        platform=platform,
        name="teste",
    )
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="198.51.100.20")


def driver_body():
    d = driver_data()
    body = {k: getattr(d, k) for k in d.__dataclass_fields__}
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in body.items()}


def _warning(authority: Client, platform: Platform) -> int:
    r = post(
        authority,
        f"/platforms/{platform.pk}/penalties",
        {
            "kind": "warning",
            "infraction_on": "2026-08-01",
            "description": "Relatório mensal de julho não entregue.",
            "reasoning": "Primeira ocorrência: advertência escrita (art. 26, I).",
            "defence_notice_on": "2026-08-05",
            "defence_judged": True,
        },
    )
    assert r.status_code == 201, r.content
    return r.json()["id"]


def test_art_26_sole_staff_api_notice_paper_appeal_reconsideration_and_judgment(
    barra_m, platform, user_of, on_day
):
    authority = staff(user_of, Role.AUTORIDADE)
    mayor = staff(user_of, Role.CHEFE_EXECUTIVO)
    pid = _warning(authority, platform)
    r = post(
        authority,
        f"/platform-penalties/{pid}/notice",
        {"notice_on": "2026-10-13", "channel": "personal"},
    )
    assert r.status_code == 200, r.content
    # 13/10 + 10 = 23/10 (Friday), D-17 default, D-4 counting.
    assert r.json()["status"] == "appeal_period" and r.json()["appeal_until"] == "2026-10-23"
    r = post(
        authority,
        f"/platform-penalties/{pid}/appeal",
        {"filed_on": "2026-10-13", "text": "O relatório foi entregue."},
    )
    assert r.status_code == 201, r.content
    appeal = r.json()["appeal"]
    assert appeal["channel"] == "paper" and appeal["reconsider_until"] == "2026-10-19"
    # The Chief Executive judges only once the authority kept its decision and sent it up.
    r = post(
        authority, f"/platform-penalties/{pid}/judgment", {"result": "dismissed", "reasoning": "x"}
    )
    assert r.status_code == 403
    r = post(
        authority,
        f"/platform-penalties/{pid}/reconsideration",
        {"result": "confirm", "reasoning": "O relatório não consta do protocolo."},
    )
    assert r.status_code == 200, r.content
    assert r.json()["appeal"]["forwarded_on"] == "2026-10-13"
    r = post(
        mayor,
        f"/platform-penalties/{pid}/judgment",
        {"result": "dismissed", "reasoning": "Sem prova da entrega no prazo."},
    )
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["status"] == "final" and body["appeal"]["result"] == "dismissed"
    listed = authority.get("/api/v1/platform-penalties", {"status": "final"}).json()
    # The demo's final warning of a driver is listed too (its own platform).
    assert pid in [x["id"] for x in listed["items"]] and "next" in listed
    assert {x["status"] for x in listed["items"]} == {"final"}
    one = authority.get(f"/api/v1/platform-penalties/{pid}").json()
    assert one["platform_id"] == platform.pk


def test_art_26_sole_staff_api_partial_judgment_needs_the_new_amount(
    barra_m, platform, user_of, on_day
):
    authority = staff(user_of, Role.AUTORIDADE)
    pid = _warning(authority, platform)
    post(authority, f"/platform-penalties/{pid}/appeal", {"filed_on": "2026-10-13", "text": "x"})
    r = post(
        authority,
        f"/platform-penalties/{pid}/reconsideration",
        {"result": "partial", "reasoning": "x"},
    )
    assert r.status_code == 422 and r.json()["erros"][0]["campo"] == "fine_upfbg"
    assert "(art. 64)" in r.json()["detail"]
    r = post(
        staff(user_of, Role.CHEFE_EXECUTIVO),
        f"/platform-penalties/{pid}/judgment",
        {"result": "partial", "reasoning": "x"},
    )
    assert r.status_code == 422 and r.json()["erros"][0]["campo"] == "partial_fine_upfbg"


def test_art_26_iv_staff_api_suspension_stops_the_platform_until_the_sweep_ends_it(
    barra_m, platform, user_of, on_day, token_client
):
    authority = staff(user_of, Role.AUTORIDADE)
    mayor = staff(user_of, Role.CHEFE_EXECUTIVO)
    pid = _warning(authority, platform)
    # The warning final before the case's fact (01/09/2026): an earlier occurrence (ADR 0082).
    with tenant(barra_m):
        PlatformPenalty.objects.filter(pk=pid).update(status="final", final_on=dt.date(2026, 8, 31))
    r = post(
        authority,
        f"/platforms/{platform.pk}/cases",
        {
            "kind": "credential_suspension",
            "infraction_on": "2026-09-01",
            "grounds": "Relatórios de agosto e setembro não entregues.",
            "suspension_days": 30,
            "notice_on": "2026-09-15",
        },
    )
    assert r.status_code == 201, r.content
    case_id = r.json()["id"]
    assert r.json()["defence_until"] == "2026-09-25"
    r = post(token_client, f"/platform/cases/{case_id}/defence", {"text": "Houve falha técnica."})
    assert r.status_code == 200, r.content
    # Only the Chief Executive decides (D-3), and never without the reasoned decision.
    r = post(authority, f"/platform-cases/{case_id}/decision", {"uphold": True, "text": "x"})
    assert r.status_code == 403
    r = post(
        mayor,
        f"/platform-cases/{case_id}/decision",
        {
            "uphold": True,
            "text": "Reincidência após advertência; omitir relatórios impede a fiscalização do "
            "ISSQN (art. 16, 21): grave. Suspensão por 30 dias.",
        },
    )
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["status"] == "upheld"
    assert any("art. 26, IV" in c for c in body["citacoes"])
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        case = PlatformCase.objects.get(pk=case_id)
    # 30 days from 13/10, that day included: the last is 11/11.
    assert (p.status, p.suspended_until) == ("suspended", dt.date(2026, 11, 11))
    assert "Reincidência: 1 ocorrência" in json.dumps(case.decision, ensure_ascii=False)
    # The suspended platform's roster and fares are refused at its token, citing art. 26, IV.
    r = post(token_client, "/platform/drivers", driver_body())
    assert r.status_code == 403 and any("art. 26, IV" in c for c in r.json()["citacoes"])
    r = post(
        token_client,
        "/platform/fares",
        {"base_fare_cents": 500, "per_km_cents": 200, "per_minute_cents": 30, "extras": []},
    )
    assert r.status_code == 403 and any("art. 26, IV" in c for c in r.json()["citacoes"])
    # The sweep ends the suspension the day after its last day, not before.
    sweep_platforms(barra_m, dt.date(2026, 11, 11))
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == "suspended"
    sweep_platforms(barra_m, dt.date(2026, 11, 12))
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == "credentialed"
    on_day(dt.date(2026, 11, 12))
    r = post(token_client, "/platform/drivers", driver_body())
    assert r.status_code == 201, r.content


def test_the_platforms_list_is_seen_only_by_the_roles_of_the_platforms_area(user_of, platform):
    """As one platform's page: a clerk of the registry or the JARI sees no platform's data."""
    assert staff(user_of, Role.AUTORIDADE).get("/api/v1/platforms").status_code == 200
    for role in (Role.ATENDENTE, Role.JARI):
        r = staff(user_of, role).get("/api/v1/platforms")
        assert r.status_code == 403, (role, r.content)
        assert "Sem acesso para ver as plataformas" in r.json()["detail"]
        r = staff(user_of, role).get(f"/api/v1/platforms/{platform.pk}")
        assert r.status_code == 403, (role, r.content)

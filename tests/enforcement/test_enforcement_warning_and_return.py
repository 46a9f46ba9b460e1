"""The written warning only where the law allows it (mototaxi art. 31 §3; taxi art. 41 §1) and the
return from a suspension only once served and with the proof of art. 32 §2 — in the services, on
the screens and through the API."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from enforcement_factories import (
    client_of,
    final_taxi_auto,
    issue,
    make_final,
    proof_document,
    taxi_auto,
)
from registry_factories import make_permit, taxi_permit

from outorga.core.errors import FieldError, FieldRefused, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.taxi_suspensions import taxi_suspension_impose
from outorga.law.competence import Role
from outorga.registry.models import Permit
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.permit_status import permit_reinstate, permit_suspend

D = dt.date(2026, 4, 6)
START, UNTIL = dt.date(2026, 7, 1), dt.date(2026, 7, 15)


def text(r) -> str:
    """The API's answer as read (JSON escapes undone)."""
    return json.dumps(r.json(), ensure_ascii=False)


def fresh(world, permit: Permit) -> Permit:
    with tenant(world.m):
        return Permit.objects.get(pk=permit.pk)


# --- warnings ------------------------------------------------------------------------------------


def test_art_31_par3_a_fixable_riskless_irregularity_gets_the_written_warning(world):
    auto = issue(world, on=D, warning=True, warning_fixable=True, warning_harmless=True)
    assert auto.penalty == InfractionNotice.Penalty.WARNING
    with tenant(world.m):
        act = Act.objects.filter(action="infraction.issue").latest("seq")
    assert any("art. 31, §3" in c for c in act.record["basis"]["citations"])
    assert "ipatinga.mototaxi-2013.warning" in {
        d["question"] for d in act.record["basis"]["decisions"]
    }


@pytest.mark.parametrize(("fixable", "harmless"), [(False, True), (True, False)])
def test_art_31_par3_no_warning_when_not_fixable_or_it_risks_safety_or_continuity(
    world, fixable, harmless
):
    with pytest.raises(Refused, match=r"art\. 31, §3"):
        issue(world, on=D, warning=True, warning_fixable=fixable, warning_harmless=harmless)
    with tenant(world.m):
        assert not InfractionNotice.objects.exists()


def test_art_41_par1_taxi_warning_only_for_a_primary_conduct_without_harm(world):
    permit = taxi_permit(world.m)
    with pytest.raises(Refused, match=r"art\. 41, §1"):
        taxi_auto(world, permit, "desobediencia_sem_risco", warning=True)  # affects: not denied
    first = taxi_auto(world, permit, "desobediencia_sem_risco", warning=True, warning_harmless=True)
    assert first.penalty == InfractionNotice.Penalty.WARNING
    make_final(world, first, D)
    # A second conduct after a final one is no longer primary.
    with pytest.raises(Refused, match=r"art\. 41, §1"):
        taxi_auto(
            world,
            permit,
            "desobediencia_sem_risco",
            on=D + dt.timedelta(days=60),
            warning=True,
            warning_harmless=True,
        )


@pytest.mark.parametrize(("fixable", "harmless"), [(True, True), (False, False)])
def test_art_35_service_without_permission_is_refused_the_warning_by_the_law(
    world, fixable, harmless
):
    """Judged by the law's ``warning`` from the provision the auto cites (art. 35), named on the
    field "advertência" and kept in the acts log; no auto is written."""
    with pytest.raises(FieldRefused) as exc:
        issue(
            world,
            code="art35",
            on=D,
            permit=None,
            law="ipatinga.mototaxi-2013",
            plate="CLD1A23",
            warning=True,
            warning_fixable=fixable,
            warning_harmless=harmless,
        )
    assert exc.value.field == "advertência"
    assert exc.value.message == (
        "Serviço sem permissão não admite advertência: multa gravíssima e apreensão."
    )
    assert "art. 35" in exc.value.citation
    with tenant(world.m):
        assert not InfractionNotice.objects.exists()
        [act] = Act.objects.filter(action="infraction.issue", outcome="refused")
    assert act.record["payload"]["new"] == {
        "code": "art35",
        "permit": None,
        "plate": "CLD1A23",
        "warning": True,
    }
    assert act.record["basis"]["decision"]["question"] == "ipatinga.mototaxi-2013.warning"


def test_the_phone_form_and_the_api_refuse_a_warning_the_law_does_not_allow(world, user_of):
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    form = {
        "code": "art38-II",
        "place": "Centro",
        "description": "Sem colete.",
        "agent_registration": "F-1",
        "plate": world.permit.vehicle.plate,
        "date": "2026-04-06",
        "time": "10:00",
        "signature": "signed",
        "warning": "1",
    }
    url = f"/fiscalizacao/autos/novo/?permit={world.permit.pk}"
    r = fiscal.post(url, {**form, "permit": world.permit.pk})
    assert r.status_code == 422 and "art. 31, §3" in r.content.decode()
    r = fiscal.post(
        url,
        {**form, "permit": world.permit.pk, "warning_fixable": "1", "warning_harmless": "1"},
    )
    assert r.status_code == 302
    api = {
        "code": "art38-II",
        "committed_at": "2026-04-06T10:00:00-03:00",
        "place": "Centro",
        "description": "Sem colete.",
        "agent_registration": "F-1",
        "permit_id": world.permit.pk,
        "offender_signed": True,
        "warning": True,
    }
    r = fiscal.post("/api/v1/enforcement/autos", api, content_type="application/json")
    assert r.status_code == 422 and "art. 31, §3" in text(r)
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {**api, "warning_fixable": True, "warning_harmless": True},
        content_type="application/json",
    )
    assert r.status_code == 201


# --- art. 32 §2: the return after a suspension served -----------------------------------------------


def suspended(world) -> Permit:
    return permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        days=15,
        start=START,
        reason="suspensão de 15 dias (art. 32 I)",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )


def test_art_32_par2_the_return_needs_the_suspension_served_and_a_real_proof(world):
    suspended(world)
    doc = proof_document(world, UNTIL + dt.timedelta(days=1))
    with pytest.raises(InvalidTransition, match="15/07/2026"):
        permit_reinstate(
            actor=world.clerk,
            municipality=world.m,
            permit=fresh(world, world.permit),
            on=UNTIL,
            proof="Pneus trocados.",
            document=doc,
        )
    for proof, document in [("", doc), ("—", None), ("Pneus trocados.", None)]:
        with pytest.raises(Refused, match=r"art\. 32, §2"):
            permit_reinstate(
                actor=world.clerk,
                municipality=world.m,
                permit=fresh(world, world.permit),
                on=UNTIL + dt.timedelta(days=1),
                proof=proof if proof != "—" else "   ",
                document=document,
            )
    # A paper presented before the suspension began proves nothing about it.
    old = proof_document(world, START - dt.timedelta(days=1))
    with pytest.raises(Refused, match=r"art\. 32, §2"):
        permit_reinstate(
            actor=world.clerk,
            municipality=world.m,
            permit=fresh(world, world.permit),
            on=UNTIL + dt.timedelta(days=1),
            proof="Pneus trocados.",
            document=old,
        )
    assert fresh(world, world.permit).status == Permit.Status.SUSPENDED
    p = permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=fresh(world, world.permit),
        on=UNTIL + dt.timedelta(days=1),
        proof="Pneus trocados.",
        document=doc,
    )
    assert p.status == Permit.Status.ACTIVE and p.suspended_until is None
    with tenant(world.m):
        act = Act.objects.filter(action="permit.active").latest("seq")
    assert act.record["basis"]["decision"]["question"] == "ipatinga.mototaxi-2013.suspension_return"
    assert "laudo de inspeção" in act.record["payload"]["reason"]


def test_art_32_par2_the_proof_must_belong_to_this_permit(world):
    suspended(world)
    other = make_permit(world.m, clerk=world.clerk)
    doc = proof_document(world, UNTIL + dt.timedelta(days=1), permit=other)
    with pytest.raises(FieldError, match="documento"):
        permit_reinstate(
            actor=world.clerk,
            municipality=world.m,
            permit=fresh(world, world.permit),
            on=UNTIL + dt.timedelta(days=1),
            proof="Pneus trocados.",
            document=doc,
        )


def test_art_32_par2_on_the_queue_screen_no_return_without_the_proof(world, user_of):
    suspended(world)
    doc = proof_document(world, UNTIL + dt.timedelta(days=1))
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    queue = clerk.get("/fiscalizacao/fila/").content.decode()
    assert "art. 32, §2" in queue and "LV-20260716" in queue
    url = f"/fiscalizacao/permissoes/{world.permit.pk}/reativar/"
    r = clerk.post(url, {"on": "2026-07-16", "proof": ""}, follow=True)
    assert "art. 32, §2" in r.content.decode()
    assert fresh(world, world.permit).status == Permit.Status.SUSPENDED
    r = clerk.post(url, {"on": "2026-07-16", "proof": "Pneus trocados.", "document": doc.pk})
    assert r.status_code == 302
    assert fresh(world, world.permit).status == Permit.Status.ACTIVE


def test_art_32_par2_through_the_api_no_return_without_the_proof(world, user_of):
    suspended(world)
    doc = proof_document(world, UNTIL + dt.timedelta(days=1))
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    url = f"/api/v1/registry/permits/{world.permit.pk}/reinstate"
    r = clerk.post(
        url, {"on": "2026-07-16", "text": "Pneus trocados."}, content_type="application/json"
    )
    assert r.status_code == 422 and "art. 32, §2" in text(r)
    r = clerk.post(
        url,
        {"on": "2026-07-16", "text": "Pneus trocados.", "document_id": doc.pk},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    assert fresh(world, world.permit).status == Permit.Status.ACTIVE


def test_taxi_return_after_art_42_v_needs_only_the_end_of_the_period(world):
    permit = taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=dt.date(2026, 2, 2))
    taxi_suspension_impose(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        days=10,
        start=D,
        on=D,
    )
    p = permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=fresh(world, permit),
        on=D + dt.timedelta(days=10),
        proof="",
    )
    assert p.status == Permit.Status.ACTIVE
    with tenant(world.m):
        act = Act.objects.filter(action="permit.active").latest("seq")
    assert "art. 42, V" in act.record["payload"]["reason"]

"""The permit page's direct "Suspender" and ``POST /registry/permits/{id}/suspend``: a suspension
rests on what the law makes it follow — mototaxi art. 32 I (three final infractions counted,
D-1, D-2: 15 or 30 days) and taxi art. 41 caput, art. 42 V with D-1 (one final auto, from the
day it became final). Without it the authority's direct act is refused, naming the field and
the article, and the refusal is kept in the acts log."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, client_of, final_taxi_auto, refused_acts
from registry_factories import taxi_permit

from outorga.core.errors import FieldError
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit
from outorga.registry.services.permit_status import permit_suspend

D = dt.date(2026, 4, 6)


def status(world, permit: Permit) -> str:
    with tenant(world.m):
        return Permit.objects.get(pk=permit.pk).status


def test_art_32_i_the_authority_cannot_suspend_a_mototaxi_permission_without_counted_infractions(
    world,
):
    with pytest.raises(FieldError) as exc:
        permit_suspend(
            actor=world.authority,
            municipality=world.m,
            permit=world.permit,
            days=15,
            start=D,
            reason="três infrações leves",
        )
    assert exc.value.field == "fundamento"
    assert "art. 32, I" in exc.value.citation and "D-1" in exc.value.citation
    assert status(world, world.permit) == Permit.Status.ACTIVE
    refused = refused_acts(world, "permit.suspended")
    assert [a.role for a in refused] == ["autoridade"]
    assert "art. 32, I" in " ".join(refused[0].record["basis"]["citations"])


def test_art_32_i_a_chosen_number_of_days_is_refused_even_with_the_count(world):
    count = {"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]}
    with pytest.raises(FieldError) as exc:
        permit_suspend(
            actor=world.authority,
            municipality=world.m,
            permit=world.permit,
            days=45,
            start=D,
            reason="agravada",
            grounds=count,
        )
    assert exc.value.field == "dias" and "art. 32, I" in exc.value.citation
    assert status(world, world.permit) == Permit.Status.ACTIVE


def test_art_32_i_the_permit_pages_direct_form_refuses_and_points_to_the_process(world, user_of):
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/cadastro/permissoes/{world.permit.pk}/"
    page = authority.get(url).content.decode()
    assert "art. 32, I" in page
    r = authority.post(
        url,
        {"susp-days": "10", "susp-start": D.isoformat(), "susp-reason": "decisão do secretário"},
        follow=True,
    )
    assert r.status_code == 200
    assert "art. 32, I" in r.content.decode()
    assert status(world, world.permit) == Permit.Status.ACTIVE
    assert len(refused_acts(world, "permit.suspended")) == 1


def test_art_32_i_the_api_refuses_the_direct_suspension(world, user_of):
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    r = authority.post(
        f"/api/v1/registry/permits/{world.permit.pk}/suspend",
        {"days": 15, "start": D.isoformat(), "reason": "art. 32 I: três infrações leves"},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    err = r.json()["erros"][0]
    assert err["campo"] == "fundamento" and "art. 32, I" in err["fundamento"]
    assert status(world, world.permit) == Permit.Status.ACTIVE
    assert len(refused_acts(world, "permit.suspended")) == 1


def test_art_41_caput_d_1_a_taxi_permission_is_not_suspended_directly_without_a_final_auto(world):
    permit = taxi_permit(world.m)
    with pytest.raises(FieldError) as exc:
        permit_suspend(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            days=30,
            start=D,
            reason="recusa de passageiro",
        )
    assert exc.value.field == "auto"
    assert "art. 41" in exc.value.citation and "art. 42, V" in exc.value.citation
    assert "D-1" in exc.value.citation
    assert status(world, permit) == Permit.Status.ACTIVE
    assert [a.role for a in refused_acts(world, "permit.suspended")] == ["autoridade"]


def test_art_41_caput_d_1_the_direct_path_never_starts_before_the_auto_became_final(world):
    permit = taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=dt.date(2026, 2, 2))
    final_on = case_of(world, auto).final_on
    assert final_on is not None
    ground = {"kind": "auto", "auto": auto.number, "final": True, "final_on": final_on.isoformat()}
    with pytest.raises(FieldError) as exc:
        permit_suspend(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            days=10,
            start=final_on - dt.timedelta(days=1),
            reason="recusa de passageiro",
            grounds=ground,
        )
    assert exc.value.field == "início" and f"{final_on:%d/%m/%Y}" in str(exc.value)
    assert status(world, permit) == Permit.Status.ACTIVE

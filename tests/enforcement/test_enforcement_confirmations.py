"""Irreversible enforcement acts ask first (issue 'back office', item 6): the first POST shows the
consequence and changes nothing; only the confirmation's POST (``confirmado=1``) acts."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import (
    case_of,
    cassacao_ready,
    client_of,
    issue,
    make_final,
    pending_notice,
    taxi_auto,
)
from registry_factories import taxi_permit

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, InfractionNotice
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_open_cassacao
from outorga.law.competence import Role
from outorga.registry.models import Permit

D = dt.date(2026, 4, 6)  # a Monday


def _auto(world, pk: int) -> InfractionNotice:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return InfractionNotice.objects.get(pk=pk)


def _permit(world, pk: int) -> Permit:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return Permit.objects.get(pk=pk)


def test_cancelling_an_auto_asks_first_naming_the_case_and_happens_only_when_confirmed(
    world, user_of
):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/autos/{auto.pk}/cancelar/"

    r = authority.post(url, {"reason": "placa errada"})
    assert r.status_code == 200
    page = r.content.decode()
    assert f"O cancelamento do auto {auto.number} é definitivo" in page
    assert f"anula o processo {case.number}" in page
    assert "Confirmar?" in page and 'name="confirmado" value="1"' in page
    assert 'name="reason" value="placa errada"' in page  # the same data goes back
    assert _auto(world, auto.pk).status == InfractionNotice.Status.ISSUED

    r = authority.post(url, {"reason": "placa errada", "confirmado": "1"})
    assert r.status_code == 302
    assert _auto(world, auto.pk).status == InfractionNotice.Status.CANCELLED
    assert case_of(world, auto).stage == Case.Stage.ANNULLED


def test_a_mototaxi_cassacao_states_the_two_year_bar_of_art_32_par_1_before_it_is_decided(
    world, user_of
):
    case = cassacao_ready(world)
    assert case.waiting == Case.Waiting.JUDGMENT
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    url = f"/fiscalizacao/processos/{case.pk}/decidir/"
    on = (case.deadline + dt.timedelta(days=1)).isoformat()  # type: ignore[operator]
    data = {"accept": "1", "reasoning": "20 pontos na CNH", "on": on}

    page = mayor.post(url, data).content.decode()
    holder = world.permit.holder.name
    assert (
        f"A cassação extingue a permissão {world.permit.number} de {holder} e impede nova "
        f"outorga a {holder} por 2 anos" in page
    )
    assert "art. 32, §1" in page  # the article of the bar, from the law's own parameter
    assert _permit(world, world.permit.pk).status == Permit.Status.ACTIVE

    r = mayor.post(url, {**data, "confirmado": "1"})
    assert r.status_code == 302
    assert _permit(world, world.permit.pk).status == Permit.Status.CASSADA


def test_rejecting_a_proposal_needs_no_confirmation(world, user_of):
    case = cassacao_ready(world)
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    on = (case.deadline + dt.timedelta(days=1)).isoformat()  # type: ignore[operator]
    r = mayor.post(
        f"/fiscalizacao/processos/{case.pk}/decidir/",
        {"accept": "0", "reasoning": "Pontos contestados.", "on": on},
    )
    assert r.status_code == 302
    with tenant(world.m):
        assert Case.objects.get(pk=case.pk).stage == Case.Stage.DECIDED
    assert _permit(world, world.permit.pk).status == Permit.Status.ACTIVE


def test_a_taxi_permit_cassacao_states_its_consequence_without_an_invented_bar(world, user_of):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    make_final(world, auto, D)
    case = proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        target="permissao",
        on=dt.date(2026, 6, 1),
    )
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=dt.date(2026, 6, 1),
    )
    sweep(world.m, dt.date(2026, 6, 12))
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    url = f"/fiscalizacao/processos/{case.pk}/decidir/"
    data = {"accept": "1", "reasoning": "Suspendeu o serviço.", "on": "2026-06-12"}

    page = mayor.post(url, data).content.decode()
    assert f"A cassação extingue a permissão {permit.number} de {permit.holder.name}." in page
    assert "impede nova outorga" not in page  # the taxi law sets no such bar
    assert _permit(world, permit.pk).status == Permit.Status.ACTIVE

    assert mayor.post(url, {**data, "confirmado": "1"}).status_code == 302
    assert _permit(world, permit.pk).status == Permit.Status.CASSADA

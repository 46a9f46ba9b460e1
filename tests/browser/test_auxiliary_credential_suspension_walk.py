"""Mototaxi art. 32 I with art. 34 and art. 2, XXV (ADR 0088) in a real browser: an auxiliary's
own three final infractions in 12 months reach the count; the authority (SESUMA), in the work
queue, sees the suspension of **his credential** — named as such, with its article — and applies
it; his badge's QR page then reads suspended, the staff's permit page lists the suspension with
its days, and the holder's portal shows it on his own permit. The permission itself stays
active. At phone (390 px) and desktop (1280 px) widths, nothing wider than the screen."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import login, shot
from django.urls import reverse
from enforcement_factories import make_world
from test_enforcement_mototaxi_art_32_i_auxiliary_credential_suspension import auxiliary_of, counted

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty
from outorga.law.competence import Role
from outorga.public import services
from outorga.registry.models import Permit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_art_32_i_the_authority_suspends_an_auxiliary_s_credential_from_the_queue(
    page, demo_site, artifacts, user_of
):
    base = demo_site
    m = Municipality.objects.get(slug="ipatinga")
    world = make_world(m, user_of)
    aux = auxiliary_of(world)  # a person with photo and blood type, for the badge
    with tenant(m):
        person = aux.person
        person.name = "Joaquim Auxiliar"
        person.save(update_fields=["name"])
    badge = services.badge_issue(
        actor=Actor.of(user_of("ipatinga", Role.ATENDENTE)),
        municipality=m,
        permit=world.permit,
        auxiliary=aux,
    )
    esc, _reached = counted(world, aux)  # his three final leve/média autos (D-2: 15 days)
    today = today_of(m)

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}{reverse('enforcement:queue')}")
    card = page.locator(f"#esc-{esc.pk}")
    heading = card.inner_text()
    assert "Credenciamento do condutor auxiliar Joaquim Auxiliar" in heading
    assert f"permissão {world.permit.number}" in heading and "15 dias" in heading
    shot(page, artifacts, "aux-suspension-queue")
    page.get_by_role("button", name="Aplicar suspensão do credenciamento de 15 dias").click()
    page.get_by_role("status").or_(page.get_by_role("alert")).first.wait_for()
    shot(page, artifacts, "aux-suspension-applied")

    with tenant(m):
        [penalty] = Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION, decision__target="credenciamento"
        )
        assert (penalty.imposed_on, penalty.days) == (today, 15)
        assert penalty.decision["offender"]["auxiliary_id"] == aux.pk
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
    end = today + dt.timedelta(days=14)
    said = f"credencial suspensa de {today:%d/%m/%Y} a {end:%d/%m/%Y}"

    page.goto(f"{base}{reverse('registry:permit', args=[world.permit.pk])}")
    assert said in page.locator("main").inner_text()
    shot(page, artifacts, "aux-suspension-staff-permit")

    page.context.clear_cookies()
    page.goto(f"{base}/v/{badge.token}")
    body = page.locator("main").inner_text()
    assert "suspens" in body.lower(), body
    assert "Joaquim Auxiliar" in body
    shot(page, artifacts, "aux-suspension-badge")

    login(page, base, Role.PERMISSIONARIO)
    page.goto(f"{base}{reverse('portal:permit', args=[world.permit.pk])}")
    assert said in page.locator("main").inner_text()
    shot(page, artifacts, "aux-suspension-portal")

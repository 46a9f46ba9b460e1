"""The screens for the rest of the mototaxi law, at phone (390 px) and desktop (1280 px) widths in
real chromium: the extraordinary vistoria ordered (art. 5 §6), the loads found at a motofrete's
vistoria (art. 24 §3), the suspension for a public post (art. 2 XXIV), and the holder's request
to update the registration applied by the clerk (art. 4 §2)."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import login, shot
from django.utils import timezone
from inspections_factories import grant_mototaxi
from playwright.sync_api import expect
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.law.competence import Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_remaining_mototaxi_screens_fit_a_phone_and_a_desktop(page, demo_site, artifacts):
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    permit = grant_mototaxi(m, clerk, n=78, on=dt.date(2026, 3, 10))
    frete = make_permit(m, "FRETEB", service="motofrete", plate="FRB1A78")

    login(page, base, Role.FISCAL)
    page.goto(f"{base}/vistorias/extraordinaria/{permit.pk}/")
    assert page.get_by_role("heading", name="Determinar vistoria extraordinária (art. 5, §6)")
    page.get_by_label("Data da vistoria").fill(
        (timezone.localdate() + dt.timedelta(days=5)).isoformat()
    )
    page.get_by_label("Local").fill("Pátio da SESUMA, Av. Pedro Linhares, 1000")
    page.get_by_label("Motivo").fill("Denúncia de freios gastos")
    page.get_by_role("button", name="Determinar vistoria").click()
    expect(page.get_by_text("o permissionário recebeu o aviso no portal")).to_be_visible()
    shot(page, artifacts, "extraordinary-order")

    page.goto(f"{base}/vistorias/nova/{frete.pk}/")
    expect(page.get_by_text("Cargas encontradas no veículo")).to_be_visible()
    page.locator("#cargas").scroll_into_view_if_needed()
    shot(page, artifacts, "vistoria-motofrete-loads")

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/cadastro/permissoes/{permit.pk}/cargo-publico/")
    assert page.get_by_role("heading", name=f"Suspender por cargo público — {permit.number}")
    shot(page, artifacts, "public-post-suspension")

    login(page, base, Role.PERMISSIONARIO)
    page.goto(f"{base}/portal/cadastro/")
    expect(page.get_by_role("heading", name="Atualizar ou cancelar o cadastro")).to_be_visible()
    shot(page, artifacts, "portal-registration-request")

    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/pedidos-de-cadastro/")
    shot(page, artifacts, "clerk-registration-requests")

"""The walk of the people outside City Hall, at desktop and phone width: what they tripped on.

- Choosing a password from an invitation or a reset link: a mismatch is summed up at the top of
  the page naming the field once ("Repita a nova senha: Os dois campos…"), not twice.
- A platform's staff on a phone reads every monthly report's situation (on time or late, art. 16;
  decision D-8) without scrolling the table sideways: each report is a card.
- A platform's staff answering a complaint on a phone (art. 15) write in a box as wide as the
  screen's content, not a narrow one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from browser_factories import fits, login, login_as
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from platforms_factories import platform_actor

from outorga.core.demo import demo_password, demo_username
from outorga.core.localtime import today_of
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform
from outorga.platforms.services.complaints import complaint_forward

pytestmark = pytest.mark.browser


def test_a_password_mismatch_names_its_field_once_in_the_summary(page, demo_site):
    user = User.objects.get(username=demo_username("ipatinga", Role.PERMISSIONARIO))
    link = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    page.goto(f"{demo_site.url}{link}")
    page.get_by_label("Nova senha", exact=True).fill("Uma-senha-forte-2026")
    page.get_by_label("Repita a nova senha").fill("Outra-senha-forte-2026")
    page.get_by_role("button", name="Salvar nova senha").click()
    summary = page.locator(".error-summary[data-page]")
    summary.wait_for()
    text = summary.inner_text()
    assert "Repita a nova senha: Os dois campos de senha não correspondem." in text
    assert text.count("Repita a nova senha") == 1, text
    fits(page, 390)


def test_the_platform_reads_each_reports_situation_on_a_phone(page: Any, barra_screen, artifacts):
    width, base, m, today, screen = barra_screen
    username = demo_username(m.slug, Role.PLATAFORMA)
    login_as(page, base, username, demo_password(username))
    page.goto(f"{base}/plataforma/relatorios/")
    rows = page.locator("table tbody tr")
    assert rows.count() >= 1
    for i in range(rows.count()):
        situation = rows.nth(i).locator("td").last
        box = situation.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (
            f"row {i}: the situation is off the screen at {screen} ({box})"
        )
        assert situation.inner_text().strip()
    page.screenshot(path=str(artifacts / f"platform-reports-{screen}.png"), full_page=True)
    fits(page, width)


def test_the_complaint_reply_box_is_as_wide_as_the_phone_s_screen(page, demo_site, artifacts):
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        complaint = complaint_forward(
            actor=platform_actor(),
            municipality=m,
            platform=Platform.objects.get(name="Plataforma Exemplo (demo)"),
            description="Motorista não esperou",
            filed_on=today_of(m) - dt.timedelta(days=1),
        )
    login(page, demo_site.url, Role.PLATAFORMA, slug=m.slug)
    page.goto(f"{demo_site.url}/plataforma/reclamacoes/")
    box = page.get_by_label(f"Resposta à reclamação {complaint.protocol}")
    page.screenshot(path=str(artifacts / "platform-complaint-reply-390px.png"), full_page=True)
    width = box.bounding_box()["width"]
    # The page's content (as wide as its title, a block) is the screen less its margins; the box
    # fills it.
    content = page.locator("main h1").bounding_box()["width"]
    assert content >= 390 - 2 * 24, content
    assert width >= content - 2, f"a caixa de resposta tem {width}px de {content}px"
    fits(page, 390)

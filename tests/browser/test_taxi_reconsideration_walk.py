"""In chromium at desktop and phone width: a taxi appeal goes first to the authority that decided
(taxi art. 43 through D-17; Lei 9.784/1999 art. 56 §1). The Chief Executive sees that it is not
yet theirs; the Autoridade, on the case page, keeps the decision and sends the appeal up; the Chief
Executive then finds the judgment form. Screenshots go to the artifacts folder."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, user
from enforcement_factories import appealed, make_world, taxi_refusal_auto
from playwright.sync_api import expect

from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_lei_9784_art_56_1_the_authority_keeps_its_decision_and_the_appeal_goes_up(
    page, demo_site, artifacts, screen
):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    world = make_world(m, lambda slug, role: user(role, slug))
    n = 9301 if screen == "desktop" else 9302
    auto = taxi_refusal_auto(
        world, today - dt.timedelta(days=4), n=n, name=f"Taxista {n}", plate=f"TAX9C{n % 100:02d}"
    )
    appeal = appealed(world, auto, defence_on=today - dt.timedelta(days=4), filed_on=today)
    case_url = f"{base}/fiscalizacao/processos/{appeal.case_id}/"

    # 1. The Chief Executive: the appeal is still with the authority that decided.
    login(page, base, Role.CHEFE_EXECUTIVO)
    page.goto(case_url)
    with_whom = page.locator("#appeal-with")
    expect(with_whom).to_be_visible()
    assert "pode reconsiderá-la até" in with_whom.inner_text()
    assert page.get_by_role("heading", name="Reconsiderar a decisão recorrida").count() == 0
    fits(page, width)

    # 2. The Autoridade keeps the decision, with its reasons, and the appeal goes up.
    login(page, base, Role.AUTORIDADE)
    page.goto(case_url)
    form = page.get_by_role(
        "heading", name="Reconsiderar a decisão recorrida (Lei Federal 9.784/1999"
    )
    form.scroll_into_view_if_needed()
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"taxi-reconsideration-form-{width}px.png"), full_page=True
    )
    page.get_by_label("manter a decisão e encaminhar o recurso").check()
    page.get_by_label("Fundamentação", exact=True).fill("A recusa está provada pelo auto.")
    page.get_by_role("button", name="Registrar").click()
    expect(page.get_by_text("Reconsideração registrada.")).to_be_visible()
    assert f"encaminhado em {today:%d/%m/%Y}" in page.locator("#appeal-with").inner_text()
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"taxi-reconsideration-kept-{width}px.png"), full_page=True
    )
    with tenant(m):
        assert Filing.objects.get(pk=appeal.pk).forwarded_on == today

    # 3. The Chief Executive now finds the appeal theirs to judge.
    login(page, base, Role.CHEFE_EXECUTIVO)
    page.goto(case_url)
    assert "autoridade superior" in page.locator("#appeal-with").inner_text()
    assert page.locator(f"form[action='/fiscalizacao/pecas/{appeal.pk}/julgar/']").count() == 1
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"taxi-reconsideration-superior-{width}px.png"), full_page=True
    )

"""In chromium at desktop and phone width: a taxista learns of an auto before the post delivers
its notice and files his defence in the portal. His appearance supplies the notice (Lei
9.784/1999 art. 26 §5, through taxi art. 43 and D-17): the defence is received, and the portal and
the clerk's case page show the notice as supplied on that day. Screenshots go to the artifacts
folder."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, login_as
from django.urls import reverse
from enforcement_factories import at
from playwright.sync_api import expect
from registry_factories import portal_login, taxi_permit

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.localtime import today_of
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Notice
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
PASSWORD = "Senha-de-teste-2026"


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_lei_9784_art_26_5_the_taxistas_defence_before_the_notice_supplies_it(
    page, demo_site, artifacts, screen
):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    n = 9311 if screen == "desktop" else 9312
    permit = taxi_permit(m, n=n, name=f"Taxista Adiantado {n}", plate=f"TAX9E{n % 100:02d}")
    fiscal = User.objects.get(username=demo_username(m.slug, Role.FISCAL))
    auto = infraction_issue(
        actor=Actor.of(fiscal, "198.51.100.9"),
        municipality=m,
        code="recusa_passageiro",
        committed_at=at(today - dt.timedelta(days=3)),
        place="Rodoviária",
        description="Recusou passageiro.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=False,  # the notice goes by post: the case waits for it
    )
    with tenant(m):
        case = Case.objects.get(auto=auto)
        assert case.waiting == Case.Waiting.NOTICE
    user = portal_login(m, permit.holder, PASSWORD)

    # 1. The holder, in the portal: his appearance supplies the notice, the form is there.
    login_as(page, base, user.username, PASSWORD)
    page.goto(base + reverse("enforcement:portal_case", args=[case.pk]))
    expect(page.get_by_text("seu comparecimento supre a notificação").first).to_be_visible()
    page.get_by_label("Razões").fill("Não houve recusa: o passageiro desistiu da corrida.")
    fits(page, width)
    page.screenshot(path=str(artifacts / f"taxi-appearance-form-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Enviar").click()
    supplied = (
        "suprida pelo comparecimento do interessado (Lei Federal 9.784/1999, art. 26, §5) em "
        f"{today:%d/%m/%Y}"
    )
    page.get_by_text(supplied).first.wait_for()
    expect(page.get_by_text("aguardando julgamento").first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"taxi-appearance-filed-{width}px.png"), full_page=True)
    with tenant(m):
        notice = Case.objects.get(pk=case.pk).notices.get(purpose=Notice.Purpose.AUTO)
        assert (notice.form, notice.notified_on) == (Notice.Form.COMPARECIMENTO, today)

    # 2. The clerk's case page shows the same notice, supplied, and the defence received.
    login(page, base, Role.ATENDENTE)
    page.goto(base + reverse("enforcement:case", args=[case.pk]))
    page.get_by_text(supplied).first.wait_for()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"taxi-appearance-clerk-{width}px.png"), full_page=True)

"""Lei 9.784/1999 art. 59, §2º in a real browser, under the apps law (art. 26, parágrafo único;
D-17): the Chief Executive opens a platform's appeal awaiting judgment, asks the extension of the
period to judge it without a justification — refused once, naming the article as the law core
renders it —, then with one: the page, and the home's row of appeals to judge, show the new day
and the article. At phone (390 px) and desktop (1280 px) widths, nothing wider than the screen —
the home's row with the day, what it rests on and the extension wraps."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from browser_factories import a_warning, login, shot, user
from django.utils import timezone
from validate_docbr import CNPJ

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformPenaltyAppeal
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_file

pytestmark = pytest.mark.browser

WHY = "Aguarda-se a resposta da plataforma ao pedido de dados de viagens."


def _appealed(m: Municipality, today: dt.date) -> PlatformPenaltyAppeal:
    """A fine on a new platform, after a warning final before its fact, appealed on paper two
    weeks ago: the Chief Executive received it when the period to reconsider ended, and the §1
    period to judge it runs today."""
    authority = Actor.of(user(Role.AUTORIDADE, m.slug))
    with tenant(m):
        p = Platform.objects.create(
            cnpj=CNPJ().generate(), name="Plataforma Recorrente", credentialed_at=timezone.now()
        )
    a_warning(m, p, today - dt.timedelta(days=80), final=True)
    fine, _ = platform_penalty_impose(
        actor=authority,
        municipality=m,
        platform=p,
        kind="fine",
        infraction_on=today - dt.timedelta(days=50),
        description="Relatório mensal não entregue (segunda ocorrência).",
        reasoning="Reincidência; multa de 100 UPFBG.",
        defence_notice_on=today - dt.timedelta(days=45),
        defence_judged=True,
        fine_upfbg=Decimal("100"),
        on=today - dt.timedelta(days=40),
    )
    filed = today - dt.timedelta(days=14)
    return platform_penalty_appeal_file(
        actor=authority,
        municipality=m,
        penalty=fine,
        text="O relatório foi entregue no prazo.",
        channel="paper",
        filed_on=filed,
        on=filed,
    )


def test_lei_9784_art_59_2_the_chief_executive_extends_a_platform_s_appeal_in_the_browser(
    page, demo_site, artifacts
):
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    today = today_of(m)
    appeal = _appealed(m, today)
    assert appeal.judge_until is not None and appeal.judge_until >= today
    cited = extension_cited()

    login(page, base, Role.CHEFE_EXECUTIVO, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/penalidades/{appeal.penalty_id}/")
    page.get_by_role("heading", name=f"Prorrogar o prazo para julgar ({cited})").wait_for()
    shot(page, artifacts, "platform-extension-form")

    # Without a justification: refused once, naming the article, never the field's code.
    page.get_by_role("button", name="Prorrogar o prazo").click()
    body = page.locator("main").inner_text()
    assert f"exige justificativa explícita ({cited})" in body
    assert body.count("exige justificativa explícita") == 1 and "justification" not in body
    shot(page, artifacts, "platform-extension-refused")

    page.get_by_label(f"Justificativa ({cited})").fill(WHY)
    page.get_by_role("button", name="Prorrogar o prazo").click()
    with tenant(m):
        appeal.refresh_from_db()
    assert appeal.judgment_extended_on == today and appeal.judge_until is not None
    body = page.locator("main").inner_text()
    assert f"Prazo para julgar prorrogado até {appeal.judge_until:%d/%m/%Y} ({cited})." in body
    assert WHY in body
    shot(page, artifacts, "platform-extension-done")

    # The home's row of appeals to judge: the new day and the article, wrapped on a phone.
    page.goto(f"{base}/")
    row = page.locator("li", has_text="Recurso de Plataforma Recorrente").inner_text()
    assert f"prorrogado em {today:%d/%m/%Y} — {cited}" in row
    assert f"{appeal.judge_until:%d/%m/%Y}" in row
    shot(page, artifacts, "platform-extension-home")

"""Lei 9.784/1999 art. 59, §2º in a real browser, on a taxi appeal in Ipatinga (taxi art. 43,
D-17): the Chief Executive opens the case whose appeal awaits judgment, asks the extension of the
period to judge it with a blank justification — refused, naming the article as the law core
renders it —, then with one: the page shows the new day, the article and the justification, and
the home's row the new day. At phone (390 px) and desktop (1280 px) widths, nothing wider than
the screen."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from browser_factories import login, shot, user
from enforcement_factories import appealed, taxi_refusal_auto

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

WHY = "Perícia no taxímetro ainda em curso; o laudo é indispensável ao julgamento."


def _appeal(m: Municipality, today: dt.date) -> Filing:
    """A taxi auto of five weeks ago, its defence dismissed and notified, the appeal filed four
    weeks ago: the period to reconsider it ended, the Chief Executive received it, and the §1
    period of 30 days to judge it runs today."""
    world = SimpleNamespace(
        m=m,
        clerk=Actor.of(user(Role.ATENDENTE)),
        fiscal=Actor.of(user(Role.FISCAL)),
        authority=Actor.of(user(Role.AUTORIDADE)),
    )
    auto = taxi_refusal_auto(world, on=today - dt.timedelta(days=35))  # type: ignore[arg-type]
    return appealed(
        world,
        auto,
        defence_on=today - dt.timedelta(days=34),
        filed_on=today - dt.timedelta(days=28),
    )


def test_lei_9784_art_59_2_the_chief_executive_extends_a_taxi_appeal_in_the_browser(
    page, demo_site, artifacts
):
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    appeal = _appeal(m, today)
    assert appeal.judge_until is not None and appeal.judge_until >= today
    cited = extension_cited()

    login(page, base, Role.CHEFE_EXECUTIVO)
    page.goto(f"{base}/fiscalizacao/processos/{appeal.case_id}/")
    page.get_by_role("heading", name=f"Prorrogar o prazo para julgar ({cited})").wait_for()
    shot(page, artifacts, "taxi-extension-form")

    # A blank justification (spaces pass the browser's "required"): the service refuses it.
    page.get_by_label("Justificativa", exact=True).fill("   ")
    page.get_by_role("button", name="Prorrogar o prazo").click()
    body = page.locator("main").inner_text()
    assert f"exige justificativa explícita ({cited})" in body
    shot(page, artifacts, "taxi-extension-refused")

    page.get_by_label("Justificativa", exact=True).fill(WHY)
    page.get_by_role("button", name="Prorrogar o prazo").click()
    with tenant(m):
        appeal.refresh_from_db()
    assert appeal.judgment_extended_on == today and appeal.judge_until is not None
    body = page.locator("main").inner_text()
    assert f"Prazo para julgar prorrogado até {appeal.judge_until:%d/%m/%Y} ({cited})." in body
    assert f"Justificativa: {WHY}" in body
    shot(page, artifacts, "taxi-extension-done")

    page.goto(f"{base}/")
    row = page.locator("li", has_text=f"processo {appeal.case.number}").inner_text()
    assert f"julgar até {appeal.judge_until:%d/%m/%Y}" in row and cited in row
    shot(page, artifacts, "taxi-extension-home")

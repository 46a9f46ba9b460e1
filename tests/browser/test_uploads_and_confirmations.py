"""Uploads that work and confirmations before irreversible acts (issue 'back office', items 4 and
6), in chromium at desktop and phone width: a file input is reached by keyboard, shows the chosen
names and sends with its progress bar; cancelling an auto asks first, stating the consequence."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login
from django.utils import timezone
from playwright.sync_api import expect
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.autos import infraction_issue
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender
from outorga.registry.services.permits import permit_grant

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc00000000301010018dd8db00000000049454e44ae426082"
)


def _a_permit(m: Municipality, clerk: Actor) -> Permit:
    """A mototaxi permit granted after its tender (the demo's Ipatinga has none yet)."""
    with tenant(m):
        tender = Tender.objects.create(
            number="78/2026-ui",
            service="mototaxi",
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    person, vehicle = make_applicant(m, clerk, n=8, plate="PHN8E88")
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=ON,
        term_years=10,
        decree="Decreto 8/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


def _actor(role: Role) -> Actor:
    return Actor.of(User.objects.get(username=demo_username("ipatinga", role)))


def _tab_to(page, selector: str, limit: int = 80) -> None:  # type: ignore[no-untyped-def]
    """Press Tab from the top of the page until ``selector`` has the focus (a person's keyboard)."""
    page.locator("body").focus()
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} não é alcançável pelo teclado (Tab)")


def _visible_in_viewport(page, selector: str, width: int) -> None:  # type: ignore[no-untyped-def]
    box = page.locator(selector).bounding_box()
    assert box is not None and box["width"] > 40 and box["height"] > 20, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_file_inputs_by_keyboard_with_names_and_an_auto_cancelled_after_confirmation(
    page, demo_site, artifacts, screen
):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    permit = _a_permit(m, _actor(Role.ATENDENTE))
    with tenant(m):
        fee = Debt.objects.filter(status=Debt.Status.FINAL).first()
    assert fee is not None

    # 1. The finance clerk reaches the bank file by keyboard, picks it, sees its name, sends it.
    login(page, base, Role.FINANCAS)
    page.goto(f"{base}/financas/importar/")
    _tab_to(page, "input[type=file]#file")
    _visible_in_viewport(page, "#file", width)
    csv = f"data;valor;referencia\n20/03/2026;80,00;{pix.txid_of(fee.reference)}\n"
    page.get_by_label("Arquivo do banco").set_input_files(
        files=[{"name": "extrato-marco.csv", "mimeType": "text/csv", "buffer": csv.encode()}]
    )
    expect(page.get_by_text("extrato-marco.csv")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"upload-import-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Ver prévia").click()  # sent by upload.js, with its progress
    # The answer replaces the page when the upload ends: wait for it.
    page.get_by_role("button", name="Importar 1 linha").wait_for()

    # 2. The inspector's phone form takes several photos at once and lists them.
    login(page, base, Role.FISCAL)
    page.goto(f"{base}/fiscalizacao/autos/novo/?permit={permit.pk}")
    _tab_to(page, "input[type=file]#photos")
    _visible_in_viewport(page, "#photos", width)
    page.get_by_label("Fotos (JPEG ou PNG; uma ou várias)").set_input_files(
        files=[
            {"name": "placa.png", "mimeType": "image/png", "buffer": PNG},
            {"name": "capacete.png", "mimeType": "image/png", "buffer": PNG},
        ]
    )
    expect(page.get_by_text("placa.png")).to_be_visible()
    expect(page.get_by_text("capacete.png")).to_be_visible()
    expect(page.get_by_text("2 arquivos escolhidos")).to_be_visible()
    fits(page, width)
    page.locator("#photos").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"upload-photos-{width}px.png"))

    # 3. The authority cancels an auto: the consequence first, then "Confirmar".
    auto = infraction_issue(
        actor=_actor(Role.FISCAL),
        municipality=m,
        permit=permit,
        code="art38-II",
        committed_at=timezone.now() - dt.timedelta(hours=2),
        place="Centro",
        description="Sem asseio.",
        agent_registration="F-1",
        offender_signed=True,
    )
    with tenant(m):
        case = InfractionNotice.objects.get(pk=auto.pk).case
    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/processos/{case.pk}/")
    page.get_by_label("Motivo").fill("placa anotada errada")
    page.get_by_role("button", name="Cancelar auto").click()
    consequence = page.locator(".confirm-consequence")
    assert f"O cancelamento do auto {auto.number} é definitivo" in consequence.inner_text()
    assert f"anula o processo {case.number}" in consequence.inner_text()
    _visible_in_viewport(page, ".confirm-actions button", width)
    fits(page, width)
    page.screenshot(path=str(artifacts / f"confirm-auto-cancel-{width}px.png"), full_page=True)
    with tenant(m):
        assert InfractionNotice.objects.get(pk=auto.pk).status == InfractionNotice.Status.ISSUED
    page.get_by_role("button", name="Confirmar o cancelamento").click()
    expect(page.get_by_text("Auto cancelado.")).to_be_visible()
    with tenant(m):
        assert InfractionNotice.objects.get(pk=auto.pk).status == InfractionNotice.Status.CANCELLED

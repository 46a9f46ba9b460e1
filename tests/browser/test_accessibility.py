"""axe-core inside the browser on the key pages (issue "back office", Done when): the login, every
role's home (the holder's and a platform's too), a form, a list, a case and the public pages, at desktop and phone width, with zero
serious or critical violations. axe-core is the one bundled by axe-playwright-python (no network)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_factories import login
from django.core.files.base import ContentFile
from django.utils import timezone
from registry_factories import EQUIPMENT, MOTO_ON, make_applicant, png

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.competence import Role
from outorga.public.services import badge_issue
from outorga.registry.models import Tender
from outorga.registry.services.permits import permit_grant

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
STAFF = [
    Role.ATENDENTE,
    Role.FISCAL,
    Role.AUTORIDADE,
    Role.JARI,
    Role.CHEFE_EXECUTIVO,
    Role.FINANCAS,
    Role.ADMIN,
]
SERIOUS = {"serious", "critical"}


def _serious(page: Any, where: str) -> list[str]:
    """The serious and critical violations axe-core finds on the page, named with the page."""
    results = Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) — {v['help']} — "
        + "; ".join(n["target"][0] for n in v["nodes"][:3])
        for v in results.response["violations"]
        if v.get("impact") in SERIOUS
    ]


def _world(m: Municipality) -> tuple[Any, Any]:
    """A granted permit with its badge and a case (the demo's Ipatinga has neither)."""
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    fiscal = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.FISCAL)))
    on = MOTO_ON
    with tenant(m):
        tender = Tender.objects.create(
            number="A11Y/2026",
            service="mototaxi",
            places=2,
            opened_on=on - dt.timedelta(days=60),
            homologated_on=on - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    person, vehicle = make_applicant(m, clerk, n=71, plate="AXE1A11")
    with tenant(m):
        person.photo.save("titular.png", ContentFile(png()), save=True)
    permit = permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=on,
        term_years=10,
        decree="Decreto 71/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    badge = badge_issue(actor=clerk, municipality=m, permit=permit, on=on)
    auto = infraction_issue(
        actor=fiscal,
        municipality=m,
        code="art38-II",
        committed_at=dt.datetime.combine(on, dt.time(10), tzinfo=timezone.get_current_timezone()),
        place="Av. 28 de Abril, 100",
        description="Condutor em condições inadequadas de asseio.",
        agent_registration="F-0071",
        offender_signed=True,
        permit=permit,
    )
    with tenant(m):
        case = Case.objects.get(auto=auto)
    return badge, case


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_key_pages_have_no_serious_or_critical_accessibility_violations(
    page: Any, demo_site: Any, screen: str
) -> None:
    page.set_viewport_size({"width": WIDTHS[screen], "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    badge, case = _world(m)
    found: list[str] = []

    page.goto(f"{base}/entrar/")
    found += _serious(page, "login")
    # The public pages: the municipality, the plate check, a badge's verification.
    for path in ("/publico/ipatinga/", "/publico/ipatinga/placa/", f"/v/{badge.token}"):
        page.goto(base + path)
        found += _serious(page, path)
    for role in STAFF:
        login(page, base, role)
        found += _serious(page, f"início ({role})")
    # The people outside City Hall: the holder's home, a platform's staff home (apps law).
    login(page, base, Role.PERMISSIONARIO)
    found += _serious(page, "início (permissionário)")
    login(page, base, Role.PLATAFORMA, slug="barra-do-garcas")
    found += _serious(page, "início (plataforma)")
    login(page, base, Role.ATENDENTE)
    for path in (
        "/cadastro/pessoas/nova/",  # a form
        "/cadastro/pessoas/",  # a list
        "/cadastro/outorga-guiada/",  # the guided grant
        f"/cadastro/permissoes/{badge.permit_id}/",
    ):
        page.goto(base + path)
        found += _serious(page, path)
    # A form coming back with its errors (the summary at the top).
    page.goto(f"{base}/cadastro/pessoas/nova/")
    page.get_by_role("button", name="Cadastrar").click()
    page.wait_for_load_state()
    found += _serious(page, "formulário com erros")
    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/processos/{case.pk}/")
    found += _serious(page, "processo")
    page.goto(f"{base}/atos/")
    found += _serious(page, "registro de atos")
    assert found == [], "\n".join(found)

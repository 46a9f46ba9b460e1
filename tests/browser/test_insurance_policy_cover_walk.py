"""Mototaxi art. 13 XXI and art. 19 §1, in the browser: the clerk records a motorcycle's insurance
policy with the end and the amount of cover printed on it, at phone and desktop width."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login
from registry_factories import actor, make_applicant

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_art_19_par1_the_clerk_records_a_policy_with_its_end_and_amount_of_cover(
    page, demo_site, artifacts, width
):
    page.set_default_timeout(45_000)
    page.set_viewport_size({"width": width, "height": 900})
    m = Municipality.objects.get(slug="ipatinga")
    _, vehicle = make_applicant(
        m, actor(m.slug, Role.ATENDENTE), n=990 + width % 7, plate=f"APW{width % 10}D9{width % 7}"
    )
    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/cadastro/veiculos/{vehicle.pk}/")
    page.get_by_label("Documento", exact=True).select_option("insurance_policy")
    page.get_by_label("Data de emissão").fill("2026-03-01")
    page.get_by_label("Fim da vigência (apólice de seguro", exact=False).fill("2027-03-01")
    page.get_by_label("Valor da cobertura, R$", exact=False).fill("12.000,00")
    fits(page, width)
    page.screenshot(path=str(artifacts / f"insurance-policy-form-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Registrar documento").click()
    page.get_by_text("Documento registrado.").wait_for()
    with tenant(m):
        policy = (
            Document.objects.current()
            .filter(vehicle=vehicle, doc_type=Document.Type.INSURANCE)
            .latest("id")
        )
    assert (policy.valid_until, policy.coverage_cents) == (dt.date(2027, 3, 1), 1_200_000)
    # The vehicle's list of documents shows the cover and its end.
    row = page.locator("tr", has_text="apólice de seguro, cobertura de R$ 12.000,00")
    assert "01/03/2027" in row.inner_text()
    # A date before the issue is refused on its field, in Portuguese.
    page.get_by_label("Documento", exact=True).select_option("insurance_policy")
    page.get_by_label("Data de emissão").fill("2026-03-01")
    page.get_by_label("Fim da vigência (apólice de seguro", exact=False).fill("2026-02-01")
    page.get_by_role("button", name="Registrar documento").click()
    page.get_by_text("o fim da vigência não pode ser anterior à data de emissão").first.wait_for()
    fits(page, width)

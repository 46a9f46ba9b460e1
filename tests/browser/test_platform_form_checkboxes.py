"""The authority's forms on a platform's pages: a checkbox ("Administrador da plataforma" on the
staff page, "Defesa apresentada e julgada" in the penalty form) sits before its label, on the same
line, as the gov.br checkbox — not a loose full-width box in the middle of the form, below a label
that reads as a heading."""

from __future__ import annotations

import pytest
from browser_factories import login

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1280, 390])
def test_the_staff_invitation_admin_checkbox_sits_beside_its_label(
    page, demo_site, artifacts, width
):
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        p = Platform.objects.get(name="Plataforma Exemplo (demo)")
    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/{p.pk}/usuarios/")
    box = page.get_by_role("checkbox", name="Administrador da plataforma").bounding_box()
    label = page.get_by_text("Administrador da plataforma (convida").bounding_box()
    assert box is not None and label is not None
    # A checkbox's size, on the label's first line, at its start (the gov.br checkbox draws the
    # box in the label's padding).
    assert box["width"] < 40 and box["height"] < 40, box
    assert label["y"] <= box["y"] + box["height"] / 2 <= label["y"] + 30, (box, label)
    assert box["x"] <= label["x"] + 4, (box, label)
    page.locator("#invite-h").screenshot(path=str(artifacts / f"staff-invite-h-{width}px.png"))
    page.locator("section[aria-labelledby=invite-h]").screenshot(
        path=str(artifacts / f"staff-invite-form-{width}px.png")
    )
    page.get_by_text("Administrador da plataforma (convida").click()
    assert page.get_by_role("checkbox", name="Administrador da plataforma").is_checked()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_penalty_form_defence_judged_checkbox_sits_beside_its_label(page, demo_site, width):
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        p = Platform.objects.get(name="Plataforma Exemplo (demo)")
    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/{p.pk}/")
    box = page.get_by_role("checkbox", name="Defesa apresentada e julgada").bounding_box()
    label = page.get_by_text("Defesa apresentada e julgada", exact=True).bounding_box()
    assert box is not None and label is not None
    assert box["width"] < 40 and box["height"] < 40, box
    assert label["y"] <= box["y"] + box["height"] / 2 <= label["y"] + 30, (box, label)
    assert box["x"] <= label["x"] + 4, (box, label)
    page.get_by_text("Defesa apresentada e julgada", exact=True).click()
    assert page.get_by_role("checkbox", name="Defesa apresentada e julgada").is_checked()

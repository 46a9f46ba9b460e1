"""The staff header at desktop width: the "Outorga" brand and the first item of the main menu
("Início") are apart, not run together as "OutorgaInício"."""

from __future__ import annotations

import pytest
from browser_factories import login

from outorga.law.competence import Role

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1280, 1024])
def test_the_brand_and_the_first_menu_item_do_not_touch(page, demo_site, artifacts, width):
    page.set_viewport_size({"width": width, "height": 900})
    login(page, demo_site.url, Role.ATENDENTE)
    brand = page.locator(".brand").bounding_box()
    first = page.get_by_role("navigation", name="Navegação principal").get_by_role("link").first
    item = first.bounding_box()
    assert brand is not None and item is not None
    page.screenshot(
        path=str(artifacts / f"header-{width}px.png"),
        clip={"x": 0, "y": 0, "width": width, "height": 160},
    )
    same_line = item["y"] < brand["y"] + brand["height"] and brand["y"] < item["y"] + item["height"]
    if same_line:
        assert item["x"] - (brand["x"] + brand["width"]) >= 12, (brand, item)

"""The inspector types the serial printed at the foot of the card ("Série 0123abcd4567ef89")
when the QR code cannot be read: however typed, it finds the badge and its permit."""

from __future__ import annotations

import pytest
from django.test import Client
from public_factories import badge_without_law

from outorga.core.tenancy import tenant
from outorga.enforcement import selectors
from outorga.law.competence import Role
from outorga.public import services


def _typed(serial: str) -> list[str]:
    groups = " ".join(serial[i : i + 4] for i in range(0, len(serial), 4))
    return [
        serial,
        serial.upper(),
        f"Série {serial}",
        f"SERIE {serial.upper()}",
        groups,
        groups.upper().replace(" ", "-"),
        f"  {serial[:8]} {serial[8:]}  ",
    ]


@pytest.mark.parametrize("serial_bytes,version", [(16, 2), (8, 1)], ids=["128-bit", "64-bit"])
def test_the_printed_serial_finds_the_badge_and_its_permit_however_typed(
    world, serial_bytes, version
):
    badge = badge_without_law(
        world.m, world.permit, world.clerk, serial_bytes=serial_bytes, version=version
    )
    assert len(badge.serial) == 2 * serial_bytes
    with tenant(world.m):
        for typed in _typed(badge.serial):
            assert selectors.search(typed) == [world.permit], typed
            found = selectors.search_badge(typed)
            assert found is not None and found.pk == badge.pk, typed


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0123",
        "série",
        "0123abcd4567ef8g",
        "0123abcd4567ef8900",
        "0123abcd4567ef890123abcd4567ef8",
        "0123abcd4567ef890123abcd4567ef8900",
    ],
)
def test_what_is_not_a_serial_is_not_read_as_one(text):
    assert selectors.badge_serial(text) == ""


def test_the_fiscal_s_search_page_shows_the_badge_its_status_and_its_permit(world, user_of):
    badge = badge_without_law(world.m, world.permit, world.clerk)
    services.badge_revoke(
        actor=world.clerk, municipality=world.m, badge=badge, reason="crachá extraviado"
    )
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    spaced = " ".join(badge.serial.upper()[i : i + 4] for i in range(0, len(badge.serial), 4))
    page = c.get("/fiscalizacao/", {"q": f"Série {spaced}"}).content.decode()
    assert f"Crachá série <code>{badge.serial}</code>" in page
    assert "revogado" in page
    assert world.permit.number in page and world.permit.holder.name in page
    assert f"/v/{badge.token}" in page


def test_a_serial_of_another_municipality_finds_nothing(world, barra_m, user_of):
    badge = badge_without_law(world.m, world.permit, world.clerk)
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.FISCAL))
    page = c.get("/fiscalizacao/", {"q": badge.serial}).content.decode()
    assert world.permit.number not in page and "Crachá série" not in page
    assert "Nenhuma permissão encontrada" in page

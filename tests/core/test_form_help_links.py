"""Accessibility: a field's help text is linked to its input (``aria-describedby`` names an element
of the page), so a screen reader reads the unit and the example with the field."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from outorga.law.competence import Role


@pytest.mark.parametrize(
    ("slug", "role", "url"),
    [
        ("barra-do-garcas", Role.ADMIN, "/municipio/dados/"),
        ("ipatinga", Role.ADMIN, "/municipio/dados/"),
        ("ipatinga", Role.FINANCAS, "/financas/pagamentos/novo/"),
        ("ipatinga", Role.FINANCAS, "/financas/taxas/"),
        ("ipatinga", Role.FINANCAS, "/financas/configuracao/"),
    ],
)
def test_every_described_field_points_at_its_help(slug, role, url, user_of):
    c = Client()
    c.force_login(user_of(slug, role))
    page = c.get(url).content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', page)
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert described, f"{url}: nenhum campo com ajuda"
    for refs in described:
        for ref in refs.split():
            assert ref in ids, f"{url}: aria-describedby aponta para {ref}, que não existe"

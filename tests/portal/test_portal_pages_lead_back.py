"""Every page of the holder's portal leads back to where the holder came from, by a "←" link at its
top, as the permit's page does: the infractions and the debts to the portal, a case to the list of
infractions (found in the browser walk of the demo holder, where only the permit's page had one
and a case had a bare "Voltar" at its foot)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, client_of, issue, make_world

pytestmark = pytest.mark.django_db


def _back_first(page: str, href: str, name: str) -> None:
    link = f'<a href="{href}">← {name}</a>'
    assert link in page, page
    # At the top: before the page's title.
    assert page.index(link) < page.index("<h1"), "the way back comes after the title"


def test_the_portal_s_pages_lead_back_from_their_top(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    case = case_of(w, issue(w, on=dt.date(2026, 3, 2)))
    c = client_of(w.holder_user)
    pages = {
        "/portal/infracoes/": ("/portal/", "Portal do permissionário"),
        f"/portal/processos/{case.pk}/": ("/portal/infracoes/", "Minhas infrações e processos"),
        "/portal/debitos/": ("/portal/", "Portal do permissionário"),
        "/portal/vistorias/": ("/portal/", "Portal do permissionário"),
        f"/portal/permissoes/{w.permit.pk}/": ("/portal/", "Portal do permissionário"),
    }
    for url, (href, name) in pages.items():
        r = c.get(url)
        assert r.status_code == 200, url
        _back_first(r.content.decode(), href, name)

"""Every link a signed-in user is shown opens: those of the home page and its menu, and those of
each page they lead to (one page of each kind), for every demo user of both municipalities and for
the system administrator. A link to a page the user's role may not open (403), or to a service no
law of the municipality governs (404), is a dead end a first-time user walks into."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import Resolver404, resolve

from outorga.core.demo import demo_username
from outorga.core.models import User
from outorga.core.tenancy import unscoped
from outorga.law.competence import Role

HREF = re.compile(r'href="(/[^"#]*)"')
#: Not pages a person reads here: leaving, files and the API.
SKIP = re.compile(r"^/(sair|static|media|api)/|\.(pdf|csv|png|svg|ico)$|formato=csv|/pdf/")

USERS = [
    *(demo_username(slug, role) for slug in ("ipatinga", "barra-do-garcas") for role in Role),
    "admin.sistema",
]


def _links(html: str) -> list[str]:
    return [h.replace("&amp;", "&") for h in HREF.findall(html) if not SKIP.search(h)]


def _kind(path: str) -> str:
    try:
        return resolve(path.split("?")[0]).view_name
    except Resolver404:
        return path


@pytest.mark.parametrize("username", USERS)
def test_every_link_shown_opens(db: Any, username: str) -> None:
    with unscoped():
        user = User.objects.get(username=username)
    client = Client()
    client.force_login(user)
    home = client.get("/")
    assert home.status_code == 200, f"{username}: a página inicial respondeu {home.status_code}"
    first = list(dict.fromkeys(_links(home.content.decode())))
    assert first, f"{username}: nenhum link na página inicial"
    kinds = {_kind(p) for p in first}
    dead: list[str] = []
    second: list[tuple[str, str]] = []
    for path in first:
        r = client.get(path)
        if r.status_code >= 400:
            dead.append(f"{path} ({r.status_code}), na página inicial")
            continue
        if r.status_code != 200 or not r.get("Content-Type", "").startswith("text/html"):
            continue
        for link in _links(r.content.decode()):
            kind = _kind(link)
            if kind not in kinds:
                kinds.add(kind)
                second.append((link, path))
    for path, where in second:
        r = client.get(path)
        if r.status_code >= 400:
            dead.append(f"{path} ({r.status_code}), em {where}")
    assert not dead, f"{username}: links que não abrem: " + "; ".join(dead)

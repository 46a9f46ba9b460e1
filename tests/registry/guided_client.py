"""A logged-in test client that counts the forms it submits, for the guided grants' tests (the
issue "back office" counts a complete grant's submissions and fails if they grow)."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from outorga.core.tenancy import tenant


class Counting:
    """A logged-in client that counts the forms it submits; every submission must redirect."""

    def __init__(self, user: Any) -> None:
        self.c = Client()
        self.c.force_login(user)
        self.posts = 0

    def get(self, url: str, **kw: Any) -> Any:
        return self.c.get(url, **kw)

    def post(self, url: str, data: dict[str, Any]) -> Any:
        self.posts += 1
        r = self.c.post(url, data)
        assert r.status_code == 302, form_errors(r)
        return r


def form_errors(r: Any) -> str:
    """The page's error summary as text (what a refused submission said)."""
    text = re.sub(r"<[^>]+>", " ", r.content.decode())
    start = text.find("Corrija")
    return re.sub(r"\s+", " ", text[start if start >= 0 else 0 :])[:1500]


def next_step(page: str) -> str:
    """The guided page's current step (its form's hidden ``step``)."""
    m = re.search(r'name="step" value="(\w+)"', page)
    assert m, page[-3000:]
    return m.group(1)


def conduct_tender(authority: Counting, tender: Any, person: Any, on: Any) -> None:
    """The authority conducts the tender on its page, as the law has it (mototaxi art. 6, taxi
    art. 3): evaluate, rank the person first, homologate — three submissions."""
    url = f"/licitacoes/{tender.pk}/"
    authority.post(url, {"step": "evaluate", "on": on.isoformat()})
    with tenant(tender.municipality):
        applicant = tender.applicants.get(person=person)
        assert applicant.eligible, applicant.decision
    authority.post(url, {"step": "ranking", f"rank_{applicant.pk}": 1})
    authority.post(url, {"step": "homologate", "on": on.isoformat()})

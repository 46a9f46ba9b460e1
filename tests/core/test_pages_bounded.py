"""Pages that scale (issue #23, item 3): on a registry larger than one page of every kind of record
(people, vehicles, permits, inspections, autos, debts), each list page of the back office renders
at most one page of rows, with the count and the links to the rest, and no form renders a select
of the whole registry (the new-permit form asks for a CPF and a plate instead).

``LIST_PAGES`` declares the list pages; a second test walks the URLconf and fails for a view that
pages through ``core.listing`` but is not declared, so a new list cannot escape the first test."""

from __future__ import annotations

import datetime as dt
import inspect
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from enforcement_factories import issue, make_world
from finance_factories import make_debt
from platforms_factories import new_cpf
from registry_factories import make_permit

from outorga.core import listing
from outorga.core.tenancy import tenant
from outorga.inspections.models import Inspection
from outorga.law.competence import Role
from outorga.platforms.models import PlatformDriver
from outorga.platforms.selectors import platform_of
from outorga.registry.models import Permit
from outorga.registry.validation import format_cpf

PAGE = 3
MORE = PAGE + 5
#: No form offers more options than this (a select of states, services, tenders is small).
MAX_OPTIONS = 200

#: Each list page (URL name) → the municipality and the role that open it.
LIST_PAGES: dict[str, tuple[str, Role]] = {
    "registry:people": ("ipatinga", Role.ATENDENTE),
    "registry:vehicles": ("ipatinga", Role.ATENDENTE),
    "registry:permits": ("ipatinga", Role.ATENDENTE),
    "enforcement:autos": ("ipatinga", Role.FISCAL),
    "enforcement:cases": ("ipatinga", Role.AUTORIDADE),
    "finance:debts": ("ipatinga", Role.FINANCAS),
    "finance:payments": ("ipatinga", Role.FINANCAS),
    "core:acts": ("ipatinga", Role.AUTORIDADE),
    "inspections:queue": ("ipatinga", Role.FISCAL),
    "platforms:detail": ("barra-do-garcas", Role.AUTORIDADE),
    "platforms:portal_drivers": ("barra-do-garcas", Role.PLATAFORMA),
    "platforms:penalties": ("barra-do-garcas", Role.AUTORIDADE),
    "platforms:complaints": ("barra-do-garcas", Role.AUTORIDADE),
    "platforms:reports": ("barra-do-garcas", Role.AUTORIDADE),
    "platforms:shared_cpfs": ("barra-do-garcas", Role.AUTORIDADE),
    "portal:staff_list": ("ipatinga", Role.ATENDENTE),
    "registry:submissions": ("ipatinga", Role.ATENDENTE),
    "registry:holder_requests": ("ipatinga", Role.ATENDENTE),
    "core:outbox": ("ipatinga", Role.ATENDENTE),
}

#: Lists the fixture does not fill beyond a page (no payment, penalty, complaint, monthly report,
#: CPF on two platforms); still rendered.
UNFILLED = {
    "finance:payments",
    "platforms:penalties",
    "platforms:complaints",
    "platforms:reports",
    "platforms:shared_cpfs",
    "portal:staff_list",
    "registry:submissions",
    "registry:holder_requests",
    "core:outbox",
}


class Rows(HTMLParser):
    """The data rows of a page: each ``<tr>`` of a ``<tbody>`` and each item of a list outside the
    header, the menu and the footer (record lists such as the inspections queue); and the options
    of each ``<select>``."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.lists: list[int] = []
        self.selects: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        outside = not any(t in ("nav", "header", "footer") for t, _ in self.stack)
        parent = self.stack[-1] if self.stack else ("", "")
        if tag == "tr" and parent[0] == "tbody":
            self.lists[-1] += 1
        elif tag == "li" and parent[0] in ("ul", "ol") and outside:
            if "inline-list" not in parent[1]:
                self.lists[-1] += 1
        elif tag == "option":
            self.selects[-1] += 1
        if tag in ("tbody", "ul", "ol"):
            self.lists.append(0)
        elif tag == "select":
            self.selects.append(0)
        if tag not in ("br", "input", "img", "meta", "link", "hr", "option", "source", "wbr"):
            self.stack.append((tag, cls))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def parsed(html: str) -> Rows:
    p = Rows()
    p.feed(html)
    return p


@pytest.fixture
def big(ipatinga_m, barra_m, user_of, monkeypatch):  # type: ignore[no-untyped-def]
    """More than one page of each kind of record in Ipatinga, the page size made small."""
    monkeypatch.setattr(listing, "PER_PAGE", PAGE)
    m = ipatinga_m
    w = make_world(m, user_of)
    permits = [make_permit(m, f"PAG{i}") for i in range(MORE)]
    with tenant(m):
        for i, p in enumerate(Permit.objects.filter(pk__in=[p.pk for p in permits])):
            for status in (Inspection.Status.AWAITING, Inspection.Status.FINAL):
                Inspection.objects.create(
                    permit=p,
                    vehicle=p.vehicle,
                    plate=p.vehicle.plate,  # type: ignore[union-attr]
                    law="ipatinga.mototaxi-2013",
                    service="mototaxi",
                    checklist="mototaxi",
                    checklist_version=dt.date(2013, 8, 27),
                    kind=Inspection.Kind.SEMESTRAL,
                    inspected_on=dt.date(2026, 3, 1) - dt.timedelta(days=i),
                    status=status,
                    result=Inspection.Result.APPROVED,
                    summary="Aprovado.",
                    decision={"citations": []},
                )
    for i in range(MORE):
        issue(w, on=dt.date(2026, 3, 1) - dt.timedelta(days=i))
        make_debt(m, permits[i].holder)
    with tenant(barra_m):
        platform = platform_of(user_of("barra-do-garcas", Role.PLATAFORMA))
        PlatformDriver.objects.bulk_create(
            PlatformDriver(
                municipality=barra_m,
                platform=platform,
                cpf=new_cpf(),
                name=f"Motorista Paginado {i}",
                cnh_number=str(i),
                cnh_category="B",
                cnh_ear=True,
                vehicle_plate=f"QAA0A{i:02d}",
                vehicle_kind="car",
                vehicle_manufacture_year=2022,
                status="enabled",
            )
            for i in range(MORE)
        )
    return {"m": m, "w": w, "permits": permits, "platform_id": platform.pk}  # type: ignore[union-attr]


#: The URL arguments of a list page of one record (a platform's roster).
ARGS = {"platforms:detail": lambda big: {"platform_id": big["platform_id"]}}


def page_of(user_of, role: Role, path: str, slug: str = "ipatinga") -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    r = c.get(path)
    assert r.status_code == 200, (path, r.status_code)
    return r.content.decode()


@pytest.mark.parametrize("name", sorted(LIST_PAGES))
def test_a_list_page_renders_one_page_of_rows_with_the_links_to_the_rest(name, big, user_of):
    slug, role = LIST_PAGES[name]
    path = reverse(name, kwargs=ARGS[name](big) if name in ARGS else None)
    html = page_of(user_of, role, path, slug)
    p = parsed(html)
    assert p.lists and max(p.lists) <= PAGE, (name, p.lists)
    if name not in UNFILLED:
        # More than a page of records: the page says so and links to the next.
        assert 'rel="next"' in html and "página 1 de" in html, name
        assert PAGE in p.lists, (name, p.lists)  # the rows are counted: a full page of them
    assert all(n <= MAX_OPTIONS for n in p.selects), (name, p.selects)


def test_the_inspections_queue_pages_each_of_its_lists_on_its_own(big, user_of):
    first = page_of(user_of, Role.FISCAL, "/vistorias/")
    second = page_of(user_of, Role.FISCAL, "/vistorias/?pagina_recentes=2")
    assert "pagina_aguardando=2" in first and "pagina_recentes=2" in first
    recent = [
        r.split('aria-label="Vistorias recentes"')[1].split("</ul>")[0] for r in (first, second)
    ]
    assert recent[0] != recent[1]
    assert max(parsed(second).lists) <= PAGE


def test_the_new_permit_form_asks_a_cpf_and_a_plate_instead_of_listing_the_registry(big, user_of):
    html = page_of(user_of, Role.ATENDENTE, reverse("registry:permit_new"))
    p = parsed(html)
    assert all(n <= MAX_OPTIONS for n in p.selects), p.selects
    assert 'name="holder"' in html and 'name="vehicle"' in html
    assert '<select name="holder"' not in html and '<select name="vehicle"' not in html


def test_the_new_permit_form_resolves_the_typed_cpf_and_plate(big, user_of):
    permit = big["permits"][0]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    form = {
        "service": "mototaxi",
        "holder": format_cpf(permit.holder.document),
        "vehicle": permit.vehicle.plate.lower(),
        "granted_on": "2026-03-10",
        "term_years": 10,
        "verificar": "1",
    }
    html = c.post(reverse("registry:permit_new"), form).content.decode()
    # Both found: the law's check runs (its reasons show), no field error.
    assert "não encontrad" not in html and 'aria-label="Verificação"' in html
    unknown = c.post(
        reverse("registry:permit_new"), {**form, "holder": "000.000.001-91", "vehicle": "ZZZ9Z99"}
    ).content.decode()
    assert "CPF/CNPJ não encontrado no cadastro" in unknown
    assert "placa não encontrada no cadastro" in unknown


def _walk(patterns: list[Any], ns: str = "") -> Iterator[tuple[str, Any]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, f"{p.namespace}:" if p.namespace else ns)
        elif p.name:
            yield ns + p.name, p.callback


PAGES_THROUGH_LISTING = re.compile(r"\b(?:listing|list_page|page_of)\(")


def test_every_view_paging_through_core_listing_is_declared_a_list_page():
    pages = set()
    for name, view in _walk(get_resolver().url_patterns):
        view = inspect.unwrap(getattr(view, "func", view))
        if not inspect.isfunction(view):
            continue
        source = inspect.getsource(view)
        if PAGES_THROUGH_LISTING.search(source):
            pages.add(name)
    assert pages, "no view pages through core.listing"
    assert pages <= set(LIST_PAGES), sorted(pages - set(LIST_PAGES))


def test_the_vehicle_pages_grant_link_fills_in_the_cpf_and_the_plate(big, user_of):
    permit = big["permits"][0]
    path = reverse("registry:permit_new")
    html = page_of(
        user_of, Role.ATENDENTE, f"{path}?pessoa={permit.holder_id}&veiculo={permit.vehicle_id}"
    )
    assert f'value="{permit.holder.document}"' in html
    assert f'value="{permit.vehicle.plate}"' in html

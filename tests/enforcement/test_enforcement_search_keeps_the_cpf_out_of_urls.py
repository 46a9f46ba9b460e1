"""LGPD (Lei 13.709/2018, art. 6º, III and VII): a CPF typed into the inspector's search never lands
in a URL — not the search's own, not a redirect, not a link on the results — where server logs,
proxies and the browser's history would keep it. The form posts (with CSRF); a plate or a
permit's number still ends in a plain ``?q=`` address, bookmarkable as before."""

from __future__ import annotations

import re

from django.test import Client
from enforcement_factories import client_of

from outorga.core.identifiers import digits
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

#: A CPF with valid check digits that belongs to no one in the test municipality.
UNKNOWN_CPF = "529.982.247-25"


def _urls(response) -> list[str]:  # type: ignore[no-untyped-def]
    """Every URL the search produced: the request's, each redirect, and each link or form
    address on the page it ends on."""
    page = response.content.decode()
    found = [response.request["PATH_INFO"] + "?" + response.request.get("QUERY_STRING", "")]
    found += [url for url, _ in response.redirect_chain]
    found += re.findall(r'(?:href|action|src)="([^"]*)"', page)
    return found


def _carry(urls: list[str], cpf: str) -> list[str]:
    forms = {cpf, digits(cpf), digits(cpf)[:9]}
    return [u for u in urls if any(f in u or f in u.replace("%2E", ".") for f in forms)]


def test_lgpd_a_cpf_search_finds_the_holder_and_puts_the_cpf_in_no_url(world, user_of):
    with tenant(world.m):
        cpf = world.permit.holder.document
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    formatted = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    for typed in (cpf, formatted):
        r = fiscal.post("/fiscalizacao/", {"q": typed}, follow=True)
        assert r.status_code == 200
        assert world.permit.holder.name in r.content.decode()
        assert r.redirect_chain, "the search's result has an address of its own (back, reload)"
        assert _carry(_urls(r), cpf) == []


def test_lgpd_the_auto_without_a_permit_offered_for_an_unknown_cpf_carries_it_off_the_url(
    world, user_of
):
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post("/fiscalizacao/", {"q": UNKNOWN_CPF}, follow=True)
    page = r.content.decode()
    assert "Lavrar auto sem permissão" in page
    assert _carry(_urls(r), UNKNOWN_CPF) == []
    [offer] = [u for u in _urls(r) if "autos/novo/" in u][:1]
    form = fiscal.get(offer.replace("&amp;", "&"))
    assert form.status_code == 200
    # The auto's form is still filled with the document searched.
    assert f'value="{UNKNOWN_CPF}"' in form.content.decode()


def test_lgpd_an_old_link_with_a_cpf_in_the_address_is_moved_off_it(world, user_of):
    with tenant(world.m):
        cpf = world.permit.holder.document
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.get("/fiscalizacao/", {"q": cpf}, follow=True)
    assert world.permit.holder.name in r.content.decode()
    assert _carry([url for url, _ in r.redirect_chain], cpf) == []


def test_the_search_posts_with_csrf_and_a_plate_keeps_its_plain_address(world, user_of):
    user = user_of("ipatinga", Role.FISCAL)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    page = strict.get("/fiscalizacao/").content.decode()
    assert re.search(r'<form method="post" role="search"', page)
    assert "csrfmiddlewaretoken" in page
    assert strict.post("/fiscalizacao/", {"q": "ABC1D23"}).status_code == 403
    plate = world.permit.vehicle.plate
    r = client_of(user).post("/fiscalizacao/", {"q": plate})
    assert r.status_code in (302, 303) and r["Location"] == f"/fiscalizacao/?q={plate}"
    found = client_of(user).get("/fiscalizacao/", {"q": plate})
    assert world.permit.holder.name in found.content.decode()


def test_a_search_remembered_by_another_session_is_not_read(world, user_of):
    """The address of a CPF search names it by a token of the session that made it: another
    session (another inspector, a copied link) reads nothing through it."""
    with tenant(world.m):
        cpf = world.permit.holder.document
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post("/fiscalizacao/", {"q": cpf})
    other = client_of(user_of("ipatinga", Role.FISCAL))
    page = other.get(r["Location"]).content.decode()
    assert world.permit.holder.name not in page
    assert "Busca expirada" in page


def test_lgpd_an_old_link_to_the_auto_form_with_a_cpf_is_moved_off_it(world, user_of):
    """The auto offered for a document without a permit was once linked as ``?q=<CPF>``: such an
    address is moved to the session's token at once, and the form is still filled in."""
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.get(
        "/fiscalizacao/autos/novo/", {"servico": "mototaxi", "q": UNKNOWN_CPF}, follow=True
    )
    assert r.status_code == 200 and r.redirect_chain
    assert "servico=mototaxi" in r.redirect_chain[-1][0]
    assert _carry([url for url, _ in r.redirect_chain], UNKNOWN_CPF) == []
    assert f'value="{UNKNOWN_CPF}"' in r.content.decode()

"""LGPD (Lei 13.709/2018, art. 6º, III and VII): a CPF never sits in the address of the registry's
searches — the people list (``/cadastro/pessoas/``) and the home search (``/cadastro/``). Their
forms post; an address that still names a CPF (an old link, a bookmark, one typed by hand) is
moved at once to a token of the session, as the inspector's search does
(``core.searchtokens``): server logs, proxies, the browser's history and the Referer keep the
token, never the document, and another session reads nothing through it."""

from __future__ import annotations

import re

from auth_factories import client_as
from registry_factories import person

from outorga.core.identifiers import digits
from outorga.law.competence import Role
from outorga.registry.validation import format_cpf

C = "/cadastro"


def _urls(response) -> list[str]:  # type: ignore[no-untyped-def]
    """Every URL the search produced: each redirect, and each link or form address on the page
    it ends on (the sort, the pages, the CSV)."""
    found = [url for url, _ in response.redirect_chain]
    found += re.findall(r'(?:href|action|src)="([^"]*)"', response.content.decode())
    return found


def _carry(urls: list[str], cpf: str) -> list[str]:
    forms = {cpf, digits(cpf), format_cpf(cpf), digits(cpf)[:9]}
    return [u for u in urls if any(f in u.replace("%2E", ".").replace("%2D", "-") for f in forms)]


def test_lgpd_an_old_people_list_address_with_a_cpf_is_moved_off_it(user_of, ipatinga_m):
    p = person(ipatinga_m, name="Quitéria Endereçada")
    c = client_as(user_of, Role.ATENDENTE)
    for typed in (p.document, format_cpf(p.document)):
        r = c.get(f"{C}/pessoas/", {"q": typed, "tipo": "natural"}, follow=True)
        assert r.status_code == 200
        assert r.redirect_chain, "the CPF leaves the address at once"
        assert f'href="{C}/pessoas/{p.pk}/"' in r.content.decode()
        assert _carry(_urls(r), p.document) == []
        # The other filters stay at the address; the document is named by a token.
        assert "tipo=natural" in r.redirect_chain[-1][0] and "busca=" in r.redirect_chain[-1][0]


def test_lgpd_the_people_list_found_by_a_token_pages_and_exports_without_the_cpf(
    user_of, ipatinga_m
):
    p = person(ipatinga_m, name="Quitéria Exportada")
    c = client_as(user_of, Role.ATENDENTE)
    r = c.get(f"{C}/pessoas/", {"q": p.document}, follow=True)
    [csv_link] = [u for u in _urls(r) if "formato=csv" in u]
    export = c.get(f"{C}/pessoas/" + csv_link.replace("&amp;", "&"))
    text = b"".join(export.streaming_content).decode()
    assert format_cpf(p.document) in text and "Quitéria Exportada" in text


def test_lgpd_a_people_list_token_of_another_session_is_not_read(user_of, ipatinga_m):
    p = person(ipatinga_m, name="Quitéria Alheia")
    first = client_as(user_of, Role.ATENDENTE)
    moved = first.get(f"{C}/pessoas/", {"q": p.document, "tipo": "natural"})
    assert moved.status_code == 303
    other = client_as(user_of, Role.ATENDENTE)
    r = other.get(moved["Location"], follow=True)
    assert "Busca expirada" in r.content.decode()
    # The dead token leaves the address; the other filters stay, the search is not answered.
    assert r.redirect_chain[-1][0] == f"{C}/pessoas/?tipo=natural"
    assert r.context["form"].data.get("q") in (None, "")


def test_lgpd_an_old_registry_home_address_with_a_cpf_is_moved_off_it(user_of, ipatinga_m):
    p = person(ipatinga_m, name="Quitéria Inicial")
    c = client_as(user_of, Role.ATENDENTE)
    r = c.get(f"{C}/", {"q": format_cpf(p.document)}, follow=True)
    assert r.redirect_chain, "the CPF leaves the address at once"
    assert f'href="{C}/pessoas/{p.pk}/"' in r.content.decode()
    assert _carry(_urls(r), p.document) == []


def test_a_name_keeps_its_plain_address(user_of, ipatinga_m):
    person(ipatinga_m, name="Quitéria Nominal")
    c = client_as(user_of, Role.ATENDENTE)
    r = c.get(f"{C}/pessoas/", {"q": "quiteria nominal"})
    assert r.status_code == 200 and "Quitéria Nominal" in r.content.decode()
    r = c.get(f"{C}/", {"q": "quiteria nominal"})
    assert r.status_code == 200 and "Quitéria Nominal" in r.content.decode()


def test_lgpd_a_role_that_sees_the_cpf_masked_finds_no_one_through_a_token(user_of, ipatinga_m):
    p = person(ipatinga_m, name="Quitéria Protegida")
    c = client_as(user_of, Role.JARI)
    r = c.get(f"{C}/pessoas/", {"q": p.document}, follow=True)
    assert r.redirect_chain and f'href="{C}/pessoas/{p.pk}/"' not in r.content.decode()
    assert _carry(_urls(r), p.document) == []


API = "/api/v1/registry/people"


def test_lgpd_the_api_searches_by_a_cpf_in_the_body_with_the_rows_of_the_get(user_of, ipatinga_m):
    """ADR 0052, addendum: a program may send the search in the body (``POST …/people/search``),
    out of the address every proxy on the way writes down; it answers the rows and pages of
    ``GET …/people?q=``, which stays for the clients that use it."""
    p = person(ipatinga_m, name="Quitéria Postada")
    person(ipatinga_m, name="Quitéria Postada Segunda")
    c = client_as(user_of, Role.ATENDENTE)
    for typed in (p.document, format_cpf(p.document), "quiteria postada"):
        posted = c.post(f"{API}/search", {"q": typed}, content_type="application/json")
        assert posted.status_code == 200, posted.content
        assert posted.json() == c.get(API, {"q": typed}).json()
    assert [x["id"] for x in posted.json()["items"]][:1] == [p.pk]
    # The pages: the cursor in the address, the search in the body again.
    first = c.post(f"{API}/search?limit=1", {"q": "quiteria postada"}, "application/json")
    after = first.json()["next"]
    second = c.post(
        f"{API}/search?limit=1&cursor={after}", {"q": "quiteria postada"}, "application/json"
    )
    assert [x["name"] for x in first.json()["items"] + second.json()["items"]] == [
        "Quitéria Postada",
        "Quitéria Postada Segunda",
    ]
    # A CPF finds no one for a role that sees it masked, as on the GET.
    judge = client_as(user_of, Role.JARI)
    r = judge.post(f"{API}/search", {"q": p.document}, content_type="application/json")
    assert r.status_code == 200 and r.json()["items"] == []

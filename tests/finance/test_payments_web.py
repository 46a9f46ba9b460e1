"""Finance staff screens, the API and the permit holder's portal page, driven through the client."""

from __future__ import annotations

import datetime as dt
import functools
import re

import pypdfium2 as pdfium
import pytest
import zxingcpp
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from finance_factories import make_debt, make_person, refresh

from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.core.tenancy import tenant
from outorga.finance import febraban, guias, payments, pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import FinanceSettings, Payment, Refund
from outorga.law.competence import Role
from outorga.law.money import brl
from outorga.registry.models import Person


def client_of(user_of, role: Role, slug: str = "ipatinga") -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    return c


def qr_of(pdf: bytes) -> str:
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil()
    found = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
    assert len(found) == 1
    return found[0]


@pytest.fixture
def debt(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_debt(ipatinga_m, make_person(ipatinga_m, "Fulana Devedora"), 4_321)


def test_the_dashboard_draws_amounts_by_status_and_month(user_of, debt):
    r = client_of(user_of, Role.FINANCAS).get("/financas/")
    assert r.status_code == 200
    html = r.content.decode()
    assert html.count("<svg") == 2
    assert "Valores por situação" in html and 'role="img"' in html
    # The chart's numbers, as a Brazilian reads them (core.charts), beside the picture: the face
    # value of the open debts (what they still owe is checked below).
    with tenant(debt.municipality):
        open_cents = sum(Debt.objects.filter(status="open").values_list("amount_cents", flat=True))
    assert open_cents >= 4321
    _, face = _situation_row(html, "valores-situacao", "Em aberto")
    assert face == brl(open_cents)


def _situation_row(html: str, chart: str, situation: str) -> list[str]:
    """The cells of ``situation``'s row in the numbers of ``chart`` on the dashboard."""
    numbers = html.split(f'id="grafico-{chart}"')[1].split("</figure>")[0]
    row = re.search(rf"{situation}</th>(.*?)</tr>", numbers, re.S)
    assert row, numbers
    return re.findall(r'<td class="num">([^<]+)</td>', row.group(1))


def test_the_dashboard_shows_what_each_situation_still_owes_beside_the_face_value(
    user_of, ipatinga_m, fin, debt
):
    """A clerk reads "Valores por situação" as what is owed: a part paid of an open debt comes
    off what the open debts still owe (R$, Brazilian format), while their face value, labelled
    as such, stays what was issued; a debt paid in full owes nothing."""
    c = client_of(user_of, Role.FINANCAS)
    html = c.get("/financas/").content.decode()
    assert "Ainda devido" in html and "Valor de face" in html
    owed, face = _situation_row(html, "valores-situacao", "Em aberto")
    paid_owed, paid_face = _situation_row(html, "valores-situacao", "Pago")
    pay = functools.partial(
        payments.payment_record, actor=fin, municipality=ipatinga_m, reference=debt.reference
    )
    pay(amount_cents=1_000, paid_on=dt.date(2026, 3, 20))
    html = c.get("/financas/").content.decode()
    now_owed, now_face = _situation_row(html, "valores-situacao", "Em aberto")
    assert now_face == face
    assert cents_of(now_owed) == cents_of(owed) - 1_000
    assert now_owed == brl(cents_of(owed) - 1_000)
    assert _situation_row(html, "valores-situacao", "Pago") == [paid_owed, paid_face]
    # Paying the rest: the debt leaves the open ones, its face value counted as paid, owing nothing.
    pay(amount_cents=3_321, paid_on=dt.date(2026, 3, 21))
    html = c.get("/financas/").content.decode()
    assert _situation_row(html, "valores-situacao", "Em aberto") == [
        brl(cents_of(owed) - 4_321),
        brl(cents_of(face) - 4_321),
    ]
    assert _situation_row(html, "valores-situacao", "Pago") == [
        paid_owed,
        brl(cents_of(paid_face) + 4_321),
    ]
    assert paid_owed == brl(0)


def cents_of(text: str) -> int:
    """``R$ 1.234,56`` → 123456."""
    return int(re.sub(r"\D", "", text))


def test_the_debt_list_filters_by_name_status_and_due_date(user_of, debt):
    c = client_of(user_of, Role.FINANCAS)
    html = c.get("/financas/debitos/?q=Fulana&status=open").content.decode()
    assert debt.reference in html and "R$ 43,21" in html
    assert debt.reference not in c.get("/financas/debitos/?q=Fulana&status=paid").content.decode()
    assert debt.reference not in c.get("/financas/debitos/?due_from=01/04/2026").content.decode()


def test_the_debt_page_shows_a_valid_pix_payload_and_its_slip(user_of, debt):
    c = client_of(user_of, Role.FINANCAS)
    html = c.get(f"/financas/debitos/{debt.pk}/").content.decode()
    r = c.get(f"/financas/debitos/{debt.pk}/documento.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    payload = qr_of(r.content)
    assert pix.is_valid(payload) and payload in html.replace("&amp;", "&")
    assert pix.parse(payload)["54"] == "43.21"


def test_a_payment_by_hand_through_the_form_pays_the_debt(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    r = c.post(
        "/financas/pagamentos/novo/",
        {"reference": debt.reference, "amount": "43,21", "paid_on": "20/03/2026", "method": "pix"},
    )
    assert r.status_code == 302
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    # A paid debt has no slip any more.
    assert c.get(f"/financas/debitos/{debt.pk}/documento.pdf").status_code == 409


def test_the_form_says_what_is_wrong_with_the_amount(user_of, debt):
    r = client_of(user_of, Role.FINANCAS).post(
        "/financas/pagamentos/novo/",
        {"reference": debt.reference, "amount": "dez", "paid_on": "20/03/2026", "method": "pix"},
    )
    assert r.status_code == 200 and "valor inválido" in r.content.decode()


def test_a_clerk_reads_the_ledger_but_cannot_register_a_payment(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.ATENDENTE)
    assert c.get("/financas/debitos/").status_code == 200
    r = c.post(
        "/financas/pagamentos/novo/",
        {"reference": debt.reference, "amount": "43,21", "paid_on": "20/03/2026", "method": "pix"},
    )
    assert r.status_code == 403 and "Finanças" in r.content.decode()
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


def test_a_permit_holder_never_sees_the_staff_screens(user_of):
    c = client_of(user_of, Role.PERMISSIONARIO)
    assert c.get("/financas/debitos/").status_code == 403
    assert c.get("/api/v1/finance/debts").status_code in (401, 403)


def test_import_preview_then_confirm_then_report(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    content = f"data;valor;referencia\n20/03/2026;43,21;{pix.txid_of(debt.reference)}\n".encode()
    r = c.post("/financas/importar/", {"file": SimpleUploadedFile("extrato.csv", content)})
    html = r.content.decode()
    assert r.status_code == 200 and "conciliado" in html and "Importar 1 linha" in html
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()  # a preview writes nothing
    token = html.split('name="content" value="')[1].split('"')[0]
    r = c.post(
        "/financas/importar/", {"confirm": "1", "content": token, "file_name": "extrato.csv"}
    )
    assert r.status_code == 302
    report = c.get(r["Location"]).content.decode()
    assert "1</strong> importada" in report
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    # The same file again: everything is already there.
    r = c.post("/financas/importar/", {"file": SimpleUploadedFile("extrato.csv", content)})
    assert "já importado" in r.content.decode() and "Nada a importar" in r.content.decode()


def test_a_person_resolves_an_over_payment_from_its_page(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    c.post(
        "/financas/pagamentos/novo/",
        {"reference": debt.reference, "amount": "50,00", "paid_on": "20/03/2026", "method": "pix"},
    )
    with tenant(ipatinga_m):
        payment = Payment.objects.get(debt=debt)
    assert payment.status == Payment.Status.OVER
    assert "a resolver" in c.get("/financas/pagamentos/").content.decode()
    c.post(f"/financas/pagamentos/{payment.pk}/", {"action": "refund_excess", "note": "ok"})
    with tenant(ipatinga_m):
        refund = Refund.objects.get(payment=payment)
    assert refund.amount_cents == 679
    assert "R$ 6,79" in c.get("/financas/restituicoes/").content.decode()
    # Paid out on the day it was recorded: not before it was owed (the payment's March day).
    r = c.post(
        f"/financas/restituicoes/{refund.pk}/paga/", {"on": today_of(ipatinga_m).isoformat()}
    )
    assert r.status_code == 302
    assert refresh(ipatinga_m, refund).status == Refund.Status.PAID_OUT


def test_the_settings_page_saves_the_pix_receiver(user_of, ipatinga_m):
    c = client_of(user_of, Role.FINANCAS)
    r = c.post(
        "/financas/configuracao/",
        {
            "pix_key": "12345678909",
            "merchant_name": "Prefeitura de Ipatinga",
            "merchant_city": "Ipatinga",
        },
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        s = FinanceSettings.objects.get()
    assert (s.pix_key, s.example) == ("12345678909", False)


def test_a_status_change_needs_a_reason_and_is_recorded(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    c.post(f"/financas/debitos/{debt.pk}/situacao/", {"step": "final", "reason": "prazo vencido"})
    assert refresh(ipatinga_m, debt).status == Debt.Status.FINAL
    c.post(f"/financas/debitos/{debt.pk}/situacao/", {"step": "cancel", "reason": ""})
    assert refresh(ipatinga_m, debt).status == Debt.Status.FINAL


# --- API -----------------------------------------------------------------------------------------


def test_api_pix_payment_and_import(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    body = c.get(f"/api/v1/finance/debts/{debt.pk}/pix").json()
    assert pix.is_valid(body["payload"]) and body["txid"] == pix.txid_of(debt.reference)
    r = c.post(
        "/api/v1/finance/payments",
        {"reference": body["txid"], "amount_cents": 4_000, "paid_on": "2026-03-20"},
        content_type="application/json",
    )
    assert r.status_code == 201 and r.json()["status"] == "partial"
    detail = c.get(f"/api/v1/finance/debts/{debt.pk}").json()
    assert detail["owed_cents"] == 321
    csv = f"data;valor;referencia\n2026-03-21;3,21;{debt.reference}\n".encode()
    r = c.post("/api/v1/finance/payments/import", {"file": SimpleUploadedFile("b.csv", csv)})
    assert r.status_code == 201 and r.json()["lines_new"] == 1
    assert c.get(f"/api/v1/finance/debts/{debt.pk}").json()["status"] == "paid"
    r = c.get(f"/api/v1/finance/debts/{debt.pk}/pix")
    assert r.status_code == 409


def test_api_refuses_a_payment_from_a_clerk_with_the_article(user_of, debt):
    r = client_of(user_of, Role.ATENDENTE).post(
        "/api/v1/finance/payments",
        {"reference": debt.reference, "amount_cents": 1, "paid_on": "2026-03-20"},
        content_type="application/json",
    )
    assert r.status_code == 403 and "art." in r.json()["detail"]


# --- portal --------------------------------------------------------------------------------------


def test_the_demo_holder_sees_their_debts_and_downloads_a_payable_slip(user_of, ipatinga_m):
    holder = user_of("ipatinga", Role.PERMISSIONARIO)
    with tenant(ipatinga_m):
        person = Person.objects.get(user=holder)
        owed = Debt.objects.filter(person=person, status__in=("open", "final")).first()
        other = make_debt(ipatinga_m, make_person(ipatinga_m, "Outra Pessoa"), 999)
    assert owed is not None
    c = client_of(user_of, Role.PERMISSIONARIO)
    html = c.get("/portal/debitos/").content.decode()
    assert owed.reference in html and other.reference not in html
    r = c.get(f"/portal/debitos/{owed.pk}/documento.pdf")
    assert r.status_code == 200
    assert pix.is_valid(qr_of(r.content))
    # The demo's EXAMPLE FEBRABAN code puts the arrecadação barcode beside the PIX.
    image = pdfium.PdfDocument(r.content)[0].render(scale=4).to_pil()
    [bar] = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.ITF)
    guia = febraban.decode(bar.text)
    with tenant(ipatinga_m):
        assert (guia.company_code, guia.amount_cents) == ("9999", guias.amount_owed(owed))
    # Someone else's debt of the same municipality is simply not found.
    assert c.get(f"/portal/debitos/{other.pk}/documento.pdf").status_code == 404
    # On a phone the slip's QR code cannot be read by the same phone: the page shows the PIX
    # "copia e cola" of each payable debt — the slip's own payload — and no one else's.
    codes = re.findall(r'<textarea id="pix-\d+" class="pix-code" rows="3" readonly>([^<]+)<', html)
    assert qr_of(r.content) in codes and all(pix.is_valid(code) for code in codes)
    assert pix.txid_of(other.reference) not in html


def test_a_part_paid_debt_shows_the_holder_what_is_left_to_pay(user_of, ipatinga_m, fin):
    """The PIX and the slip charge what is still owed: the page says that amount, not only the
    debt's whole amount."""
    holder = user_of("ipatinga", Role.PERMISSIONARIO)
    with tenant(ipatinga_m):
        person = Person.objects.get(user=holder)
        debt = Debt.objects.filter(person=person, status__in=("open", "final")).first()
    assert debt is not None and debt.amount_cents > 100
    payments.payment_record(
        actor=fin,
        municipality=ipatinga_m,
        reference=debt.reference,
        amount_cents=100,
        paid_on=debt.due_on,
    )
    html = client_of(user_of, Role.PERMISSIONARIO).get("/portal/debitos/").content.decode()
    left = brl(debt.amount_cents - 100)
    assert f"<dt>A pagar</dt><dd><strong>{left}</strong> (parte já paga)</dd>" in html
    assert html.count("<dt>A pagar</dt>") == 1


def test_the_portal_is_for_permit_holders_only(user_of):
    assert client_of(user_of, Role.FINANCAS).get("/portal/debitos/").status_code == 403


def test_a_holder_without_a_linked_person_is_told_to_go_to_the_desk(ipatinga_m):
    with tenant(ipatinga_m):
        user = User.objects.create(
            username="sem.cadastro", role=Role.PERMISSIONARIO.value, municipality=ipatinga_m
        )
    c = Client()
    c.force_login(user)
    assert "não está vinculado" in c.get("/portal/debitos/").content.decode()


def test_demo_data_marks_the_pix_key_as_an_example(ipatinga_m, barra_m):
    for m in (ipatinga_m, barra_m):
        with tenant(m):
            assert FinanceSettings.objects.get().example is True


def test_a_statement_too_big_for_the_screen_points_to_the_command(user_of):
    big = b"data;valor;referencia\n" + b"20/03/2026;1,00;X\n" * 90_000
    r = client_of(user_of, Role.FINANCAS).post(
        "/financas/importar/", {"file": SimpleUploadedFile("grande.csv", big)}
    )
    assert r.status_code == 200 and "payments_import" in r.content.decode()


def test_cancelling_a_debt_asks_first_and_cancels_only_when_confirmed(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    url = f"/financas/debitos/{debt.pk}/situacao/"
    r = c.post(url, {"step": "cancel", "reason": "lançado em duplicidade"})
    assert r.status_code == 200
    page = r.content.decode()
    assert f"O cancelamento do débito {debt.reference} de Fulana Devedora (R$ 43,21)" in page
    assert "deixa de ser cobrado" in page
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    # Other changes of status are not irreversible: they need no confirmation.
    c.post(url, {"step": "final", "reason": "prazo vencido"})
    assert refresh(ipatinga_m, debt).status == Debt.Status.FINAL
    r = c.post(url, {"step": "cancel", "reason": "lançado em duplicidade", "confirmado": "1"})
    assert r.status_code == 302
    assert refresh(ipatinga_m, debt).status == Debt.Status.CANCELLED


# --- malformed bytes (issue #19) -----------------------------------------------------------------


def test_a_bank_csv_with_malformed_bytes_is_refused_with_a_400_naming_the_line(
    user_of, ipatinga_m, debt
):
    c = client_of(user_of, Role.FINANCAS)
    content = (
        f"data;valor;referencia\n20/03/2026;43,21;{debt.reference}\n21/03/2026;1\x00,00;X\n"
    ).encode()
    r = c.post("/api/v1/finance/payments/import", {"file": SimpleUploadedFile("b.csv", content)})
    assert r.status_code == 400 and r.json()["codigo"] == "arquivo_invalido"
    (error,) = r.json()["erros"]
    assert error["campo"] == "arquivo" and error["erro"].startswith(
        "linha 3: caractere de controle"
    )
    r = c.post("/financas/importar/", {"file": SimpleUploadedFile("b.csv", content)})
    assert r.status_code == 400 and "linha 3: caractere de controle" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()


def test_a_windows_1252_bank_csv_is_still_read(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    content = f"data;valor;referência\n20/03/2026;43,21;{debt.reference}\n".encode("cp1252")
    r = c.post("/api/v1/finance/payments/import", {"file": SimpleUploadedFile("b.csv", content)})
    assert r.status_code == 201, r.content
    assert r.json()["lines_total"] == 1


def test_the_payment_form_sent_twice_records_the_payment_once(user_of, ipatinga_m, debt):
    # A double click on "Registrar" (or the browser sending the form again) is one payment: a
    # second one would be an over-payment the desk would "refund" without having received it.
    c = client_of(user_of, Role.FINANCAS)
    html = c.get("/financas/pagamentos/novo/").content.decode()
    once = re.search(r'name="once" value="([^"]+)"', html)
    assert once, html
    data = {
        "reference": debt.reference,
        "amount": "43,21",
        "paid_on": "20/03/2026",
        "method": "cash",
        "once": once.group(1),
    }
    first = c.post("/financas/pagamentos/novo/", data)
    second = c.post("/financas/pagamentos/novo/", data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    with tenant(ipatinga_m):
        [payment] = Payment.objects.filter(debt=debt)
    assert payment.status == Payment.Status.MATCHED
    assert "já foi registrado" in c.get(second["Location"]).content.decode()
    # A new form is a new payment, as a second payment really made is.
    again = re.search(
        r'name="once" value="([^"]+)"', c.get("/financas/pagamentos/novo/").content.decode()
    )
    assert again and again.group(1) != once.group(1)


def test_api_a_payment_sent_again_with_its_idempotency_key_is_recorded_once(
    user_of, ipatinga_m, debt
):
    c = client_of(user_of, Role.FINANCAS)
    body = {"reference": debt.reference, "amount_cents": 4_321, "paid_on": "2026-03-20"}

    def send():  # type: ignore[no-untyped-def]
        return c.post(
            "/api/v1/finance/payments",
            body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="caixa-2026-03-20-0007",
        )

    first, again = send(), send()
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"] and again.json()["status"] == "matched"
    with tenant(ipatinga_m):
        assert Payment.objects.filter(debt=debt).count() == 1


def test_the_same_form_key_with_another_payment_is_refused_not_dropped(user_of, ipatinga_m, debt):
    c = client_of(user_of, Role.FINANCAS)
    data = {"reference": debt.reference, "paid_on": "20/03/2026", "method": "cash", "once": "k1"}
    c.post("/financas/pagamentos/novo/", {**data, "amount": "10,00"})
    r = c.post("/financas/pagamentos/novo/", {**data, "amount": "20,00"})
    assert r.status_code == 200 and "abra um novo" in r.content.decode()
    with tenant(ipatinga_m):
        assert list(Payment.objects.filter(debt=debt).values_list("amount_cents", flat=True)) == [
            1_000
        ]

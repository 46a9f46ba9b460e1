"""A bank line that waits for a person says why it waits: the list of payments to resolve, the
payment's page, the import's report and the API each name the reason the line was held, not
"referência desconhecida" for all of them.

- the same debt, amount and day as a payment recorded by hand (``finance.twins``);
- a bare 17-digit number, without the due date in front (ADR 0018/0026: another guia of the
  municipality, IPTU or ISS, may carry it);
- a guia's code with a debt's number but another due date (ADR 0018/0026: the municipality's
  other guias share its FEBRABAN code and its return file);
- a reference no debt has."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from bank_files import numbered_debt
from django.apps import apps
from django.test import Client
from finance_factories import make_debt, make_person, refresh

from outorga.core.tenancy import tenant
from outorga.finance import bank_statement, payments, pix
from outorga.finance.models_payments import Payment
from outorga.law.competence import Role

PAID_ON = dt.date(2026, 3, 20)
BY_HAND = "igual a pagamento já registrado à mão em 20/03/2026"
BARE = "número de 17 dígitos sem vencimento — pode ser outro tributo"
OTHER_DUE = "guia com o número de um débito e outro vencimento — pode ser outro tributo"
UNKNOWN = "referência desconhecida"


def csv_of(reference: str, cents: int = 10_000) -> bytes:
    reais = f"{cents // 100},{cents % 100:02d}"
    return f"data;valor;referencia\n{PAID_ON:%d/%m/%Y};{reais};{reference}\n".encode()


def imported(m, fin, reference: str, cents: int = 10_000):  # type: ignore[no-untyped-def]
    batch = bank_statement.payments_import(
        actor=fin, municipality=m, content=csv_of(reference, cents), file_name="extrato.csv"
    )
    (entry,) = batch.report
    with tenant(m):
        return batch, Payment.objects.get(pk=entry["pagamento"])


def held_by_hand(m, fin):  # type: ignore[no-untyped-def]
    debt = make_debt(m, make_person(m), 10_000)
    payments.payment_record(
        actor=fin, municipality=m, reference=debt.reference, amount_cents=10_000, paid_on=PAID_ON
    )
    return imported(m, fin, pix.txid_of(debt.reference))


def bare_number(m, fin):  # type: ignore[no-untyped-def]
    debt = numbered_debt(m, make_person(m), 10_000)
    return imported(m, fin, f"{debt.number:017d}")


def other_due_date(m, fin):  # type: ignore[no-untyped-def]
    debt = numbered_debt(m, make_person(m), 10_000)
    other = debt.due_on - dt.timedelta(days=30)
    return imported(m, fin, f"{other:%Y%m%d}{debt.number:017d}")


def unknown(m, fin):  # type: ignore[no-untyped-def]
    return imported(m, fin, "OUTRA-REF")


REASONS = pytest.mark.parametrize(
    ("make", "code", "label"),
    [
        pytest.param(held_by_hand, "by_hand", BY_HAND, id="by-hand"),
        pytest.param(bare_number, "bare_number", BARE, id="bare-17-digits"),
        pytest.param(other_due_date, "other_due", OTHER_DUE, id="other-due-date"),
        pytest.param(unknown, "unknown", UNKNOWN, id="unknown"),
    ],
)


@pytest.fixture
def staff(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    return c


@REASONS
def test_adr_0026_a_held_line_keeps_why_it_was_held(ipatinga_m, fin, make, code, label):
    _, line = make(ipatinga_m, fin)
    assert (line.status, line.debt_id) == (Payment.Status.UNKNOWN, None)
    assert line.hold == code
    assert line.status_label == label


@REASONS
def test_adr_0026_the_list_to_resolve_and_the_payment_page_say_why(
    ipatinga_m, fin, staff, make, code, label
):
    _, line = make(ipatinga_m, fin)
    listed = staff.get("/financas/pagamentos/?situacao=pendentes&q=&ordem=-numero").content
    row = listed.decode().split(f'href="/financas/pagamentos/{line.pk}/"')[1].split("</tr>")[0]
    assert f">{label}</td>" in row
    for other in {BY_HAND, BARE, OTHER_DUE, UNKNOWN} - {label}:
        assert other not in row
    page = staff.get(f"/financas/pagamentos/{line.pk}/").content.decode()
    assert f'<dd class="status-unknown">{label}</dd>' in page


@REASONS
def test_adr_0026_the_import_report_says_why(ipatinga_m, fin, staff, make, code, label):
    batch, _ = make(ipatinga_m, fin)
    (entry,) = batch.report
    assert entry["motivo"] == code
    page = staff.get(f"/financas/importacoes/{batch.pk}/").content.decode()
    assert f"{label} — a resolver" in page


@REASONS
def test_adr_0026_the_api_says_why(ipatinga_m, fin, staff, make, code, label):
    _, line = make(ipatinga_m, fin)
    items = staff.get("/api/v1/finance/payments?status=pendentes&limit=200").json()["items"]
    got = next(p for p in items if p["id"] == line.pk)
    assert (got["status"], got["hold_reason"], got["status_label"]) == ("unknown", code, label)


def test_adr_0026_a_line_resolved_no_longer_reads_as_held(ipatinga_m, fin):
    _, line = held_by_hand(ipatinga_m, fin)
    payments.payment_same_as_recorded(
        actor=fin, municipality=ipatinga_m, payment=line, note="o mesmo PIX"
    )
    line = refresh(ipatinga_m, line)
    assert line.hold == "by_hand" and line.status_label == "resolvido"


def test_adr_0026_a_payment_matched_has_no_hold(ipatinga_m, fin):
    debt = make_debt(ipatinga_m, make_person(ipatinga_m), 10_000)
    _, line = imported(ipatinga_m, fin, pix.txid_of(debt.reference))
    assert (line.status, line.hold, line.status_label) == ("matched", "", "conciliado")


# --- the lines held before the reason was kept ------------------------------------------------


@REASONS
def test_adr_0026_the_migration_gives_each_line_held_before_its_reason(
    ipatinga_m, fin, make, code, label
):
    """Lines imported before the reason was stored: the migration reads it again from what the
    import kept (the report's ``mesmo_que``, the reference and the debts)."""
    _, line = make(ipatinga_m, fin)
    with tenant(ipatinga_m):
        Payment.objects.filter(pk=line.pk).update(hold="")
    migration = importlib.import_module("outorga.finance.migrations.0008_payment_hold")
    migration.backfill(apps, None)
    line = refresh(ipatinga_m, line)
    assert (line.hold, line.status_label) == (code, label)


@pytest.mark.parametrize(
    ("reference_of", "label"),
    [
        pytest.param(lambda d: f"{d.number:017d}", BARE, id="bare-17-digits"),
        pytest.param(
            lambda d: f"{d.due_on - dt.timedelta(days=30):%Y%m%d}{d.number:017d}",
            OTHER_DUE,
            id="other-due-date",
        ),
        pytest.param(lambda d: "OUTRA-REF", UNKNOWN, id="unknown"),
    ],
)
def test_adr_0026_the_preview_says_why_a_line_will_wait(ipatinga_m, staff, reference_of, label):
    from django.core.files.uploadedfile import SimpleUploadedFile

    debt = numbered_debt(ipatinga_m, make_person(ipatinga_m), 10_000)
    upload = SimpleUploadedFile("extrato.csv", csv_of(reference_of(debt)))
    page = staff.post("/financas/importar/", {"file": upload}).content.decode()
    assert f"{label} — a resolver" in page

"""A CNAB 240 cobrança return file (FEBRABAN: records 0, 1, 3 T/U, 5, 9) reconciles end to end:
each title settled (movement 06 or 17) is a payment found by the title's own number — the
guia's free field or the debt reference its "seu número" carries — the batch and file trailers'
counts and totals are checked, and a file that does not add up is refused whole."""

from __future__ import annotations

import datetime as dt

import pytest
from bank_files import Paid, cnab240, free_field_of, import_bank_file, numbered_debt, receiver
from finance_factories import make_person, refresh

from outorga.core.tenancy import tenant
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.registry.validation import FieldError


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    receiver(ipatinga_m)
    return make_person(ipatinga_m)


def test_settled_titles_pay_their_debts_and_other_movements_are_not_payments(
    ipatinga_m, fin, person
):
    a = numbered_debt(ipatinga_m, person, 10_000)
    b = numbered_debt(ipatinga_m, person, 25_000)
    c = numbered_debt(ipatinga_m, person, 3_000)
    content = cnab240(
        [
            Paid(free_field_of(a), 10_000, on=dt.date(2026, 3, 18), payer_cpf="12345678909"),
            Paid(pix.txid_of(b.reference), 25_000, occurrence="17"),
            Paid(c.reference, 3_000, occurrence="02"),  # entrada confirmada: not a payment
        ]
    )
    batch = import_bank_file(ipatinga_m, fin, content)
    assert (batch.file_format, batch.lines_total, batch.lines_new) == ("cnab240", 2, 2)
    assert [(r["linha"], r["resultado"]) for r in batch.report] == [(3, "matched"), (5, "matched")]
    assert refresh(ipatinga_m, a).status == Debt.Status.PAID
    assert refresh(ipatinga_m, b).status == Debt.Status.PAID
    assert refresh(ipatinga_m, c).status == Debt.Status.OPEN
    with tenant(ipatinga_m):
        paid = Payment.objects.get(debt=a)
    assert (paid.paid_on, paid.payer_document, paid.amount_cents) == (
        dt.date(2026, 3, 18),
        "12345678909",
        10_000,
    )
    again = import_bank_file(ipatinga_m, fin, content)
    assert (again.lines_new, again.lines_duplicate) == (0, 2)


def test_a_wrong_batch_total_refuses_the_whole_file(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    content = cnab240([Paid(free_field_of(debt), 10_000)], batch_total=9_999)
    with pytest.raises(FieldError) as exc:
        import_bank_file(ipatinga_m, fin, content)
    assert "linha 5, posição 30–46 (valor total dos títulos)" in str(exc.value)
    assert "R$ 99,99" in str(exc.value) and "R$ 100,00" in str(exc.value)
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()


@pytest.mark.parametrize(
    ("kw", "where"),
    [
        ({"batch_count": 5}, "linha 5, posição 18–23 (quantidade de registros do lote)"),
        ({"batch_titles": 2}, "linha 5, posição 24–29 (quantidade de títulos)"),
        ({"file_records": 7}, "linha 6, posição 24–29 (quantidade de registros do arquivo)"),
    ],
)
def test_wrong_trailer_counts_are_refused(ipatinga_m, fin, person, kw, where):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    with pytest.raises(FieldError, match=where.replace("(", r"\(").replace(")", r"\)")):
        import_bank_file(ipatinga_m, fin, cnab240([Paid(free_field_of(debt), 10_000)], **kw))


def test_a_segment_u_without_its_t_is_refused(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    lines = cnab240([Paid(free_field_of(debt), 10_000)]).decode("latin-1").split("\r\n")
    del lines[2]  # the segment T
    with pytest.raises(FieldError, match="linha 3, posição 14 \\(segmento\\): segmento U sem o T"):
        import_bank_file(ipatinga_m, fin, "\r\n".join(lines).encode("latin-1"))


def test_letters_in_the_amount_paid_name_the_field(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    lines = cnab240([Paid(free_field_of(debt), 10_000)]).decode("latin-1").split("\r\n")
    lines[3] = lines[3][:77] + "00000000000100X" + lines[3][92:]
    with pytest.raises(FieldError, match="linha 4, posição 78–92 \\(valor pago pelo pagador\\)"):
        import_bank_file(ipatinga_m, fin, "\r\n".join(lines).encode("latin-1"))


def test_a_return_with_no_settlement_is_read_and_imports_nothing(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 10_000)
    batch = import_bank_file(ipatinga_m, fin, cnab240([Paid(debt.reference, 0, occurrence="02")]))
    assert (batch.lines_total, batch.lines_new) == (0, 0)
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


@pytest.mark.parametrize(
    "code_of",
    [
        pytest.param(lambda n: f"{0:08d}{n:017d}", id="25-digits-ending-in-the-number"),
        pytest.param(lambda n: f"{n:017d}", id="the-17-digit-number-alone"),
    ],
)
def test_a_number_without_the_debts_due_date_in_front_pays_nothing(
    ipatinga_m, fin, person, code_of
):
    # ADR 0018/0026: a guia's code carries the debt's due date in front of its number. The
    # municipality's other charges (IPTU, ISS…) share the FEBRABAN code and the return file: a
    # control number of 25 digits ending in a debt's number, or the bare 17-digit number a title
    # registered some other way reports, cannot be told from one of theirs. It is listed for a
    # person, who assigns it, and the debt stays owed.
    debt = numbered_debt(ipatinga_m, person, 10_000)
    code = code_of(debt.number)
    batch = import_bank_file(ipatinga_m, fin, cnab240([Paid(code, 10_000)]))
    assert [r["resultado"] for r in batch.report] == [Payment.Status.UNKNOWN]
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    with tenant(ipatinga_m):
        waiting = Payment.objects.get(reference=code)
    assert (waiting.status, waiting.debt_id) == (Payment.Status.UNKNOWN, None)

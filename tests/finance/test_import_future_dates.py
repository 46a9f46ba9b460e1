"""A payment the bank dates after the day of the import cannot have happened: the bank CSV's line
is refused naming its field and the other lines are imported; a return file or OFX, refused whole
by any invalid line (ADR 0026), is refused naming the line and the field. "Today" is the
municipality's day (core.localtime); today itself is accepted."""

from __future__ import annotations

import datetime as dt

import pytest
from bank_files import (
    Paid,
    Tx,
    barcode_of,
    cnab240,
    cnab400,
    febraban150,
    import_bank_file,
    numbered_debt,
    ofx,
    receiver,
)
from django.utils import timezone
from finance_factories import make_debt, make_person

from outorga.core.localtime import zone_of
from outorga.core.tenancy import tenant
from outorga.finance import bank_statement
from outorga.finance.models_payments import Payment
from outorga.registry.validation import FieldError


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_person(ipatinga_m)


def today_in(m) -> dt.date:  # type: ignore[no-untyped-def]
    return timezone.localdate(timezone=zone_of(m))


def test_a_csv_line_dated_after_the_import_is_refused_and_the_others_imported(
    ipatinga_m, fin, person
):
    today = today_in(ipatinga_m)
    tomorrow = today + dt.timedelta(days=1)
    a = make_debt(ipatinga_m, person, 1_000)
    b = make_debt(ipatinga_m, person, 2_000)
    content = (
        "data;valor;referencia\n"
        f"{tomorrow:%d/%m/%Y};10,00;{a.reference}\n"
        f"{today:%d/%m/%Y};20,00;{b.reference}\n"
    ).encode()
    batch = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x.csv"
    )
    assert (batch.lines_invalid, batch.lines_new) == (1, 1)
    refused = batch.report[0]
    assert refused["linha"] == 2 and refused["resultado"] == "invalid"
    assert refused["erros"] == [
        f"campo data: {tomorrow:%d/%m/%Y} é posterior à data da importação ({today:%d/%m/%Y})"
    ]
    assert batch.report[1]["resultado"] == "matched"
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=a).exists()


def test_the_preview_shows_the_future_csv_line_as_invalid(ipatinga_m, person):
    tomorrow = today_in(ipatinga_m) + dt.timedelta(days=1)
    a = make_debt(ipatinga_m, person, 1_000)
    preview = bank_statement.payments_import_preview(
        municipality=ipatinga_m,
        content=f"data;valor;referencia\n{tomorrow:%d/%m/%Y};10,00;{a.reference}\n".encode(),
        file_name="x.csv",
    )
    assert [ln.outcome for ln in preview.lines] == ["invalid"]


def test_a_febraban_150_payment_dated_tomorrow_refuses_the_file(ipatinga_m, fin, person):
    settings = receiver(ipatinga_m)
    today = today_in(ipatinga_m)
    tomorrow = today + dt.timedelta(days=1)
    a = numbered_debt(ipatinga_m, person, 1_000)
    b = numbered_debt(ipatinga_m, person, 2_000)
    content = febraban150(
        [
            Paid(barcode_of(a, settings, 1_000), 1_000, on=today),
            Paid(barcode_of(b, settings, 2_000), 2_000, on=tomorrow),
        ]
    )
    with pytest.raises(FieldError) as refused:
        import_bank_file(ipatinga_m, fin, content)
    assert (
        f"linha 3, posição 22–29 (data de pagamento): {tomorrow:%d/%m/%Y} é posterior à data "
        f"da importação ({today:%d/%m/%Y})" in str(refused.value)
    )
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt__in=[a, b]).exists()


def test_a_cnab_240_settlement_dated_tomorrow_refuses_the_file_naming_segment_u(
    ipatinga_m, fin, person
):
    today = today_in(ipatinga_m)
    tomorrow = today + dt.timedelta(days=1)
    a = numbered_debt(ipatinga_m, person, 1_000)
    content = cnab240([Paid(a.reference, 1_000, on=tomorrow)])
    with pytest.raises(
        FieldError,
        match=rf"linha \d+, posição 138–145 \(data da ocorrência\): {tomorrow:%d/%m/%Y} é "
        r"posterior à data da importação",
    ):
        import_bank_file(ipatinga_m, fin, content)


def test_a_cnab_400_settlement_dated_tomorrow_refuses_the_file(ipatinga_m, fin, person):
    tomorrow = today_in(ipatinga_m) + dt.timedelta(days=1)
    a = numbered_debt(ipatinga_m, person, 1_000)
    content = cnab400([Paid(a.reference, 1_000, on=tomorrow)])
    with pytest.raises(
        FieldError,
        match=rf"linha 2, posição 111–116 \(data da ocorrência no banco\): {tomorrow:%d/%m/%Y}",
    ):
        import_bank_file(ipatinga_m, fin, content)


def test_an_ofx_credit_posted_tomorrow_refuses_the_statement(ipatinga_m, fin, person):
    today = today_in(ipatinga_m)
    tomorrow = today + dt.timedelta(days=1)
    a = numbered_debt(ipatinga_m, person, 1_000)
    content = ofx(
        [
            Tx("F1", "5.00", f"PIX {a.reference}", f"{today:%Y%m%d}"),
            Tx("F2", "5.00", f"PIX {a.reference}", f"{tomorrow:%Y%m%d}120000[-3:BRT]"),
        ]
    )
    with pytest.raises(
        FieldError,
        match=rf"linha \d+, campo DTPOSTED: {tomorrow:%d/%m/%Y} é posterior à data da importação",
    ):
        import_bank_file(ipatinga_m, fin, content)
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=a).exists()


def test_an_ofx_credit_posted_today_is_imported(ipatinga_m, fin, person):
    a = numbered_debt(ipatinga_m, person, 1_000)
    content = ofx([Tx("G1", "10.00", f"PIX {a.reference}", f"{today_in(ipatinga_m):%Y%m%d}")])
    batch = import_bank_file(ipatinga_m, fin, content)
    assert [r["resultado"] for r in batch.report] == ["matched"]

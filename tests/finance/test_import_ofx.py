"""An OFX statement (1.02 SGML, as Brazilian banks export it), read with ofxtools: each credit is
a payment found by the debt reference, PIX txid or barcode in its memo; debits are not payments;
the FITID makes a re-import idempotent; a bad value refuses the file naming line and field."""

from __future__ import annotations

import datetime as dt

import pytest
from bank_files import Tx, barcode_of, import_bank_file, numbered_debt, ofx, receiver
from finance_factories import make_person, refresh

from outorga.core.tenancy import tenant
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.registry.validation import FieldError


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_person(ipatinga_m)


def test_credits_pay_their_debts_and_debits_are_not_payments(ipatinga_m, fin, person):
    settings = receiver(ipatinga_m)
    a = numbered_debt(ipatinga_m, person, 12_345)
    b = numbered_debt(ipatinga_m, person, 2_000)
    content = ofx(
        [
            # 23:10 in Brasília is already the next day in UTC: the payment is of the 20th.
            Tx(
                "A1", "123.45", f"PIX RECEBIDO {pix.txid_of(a.reference)}", "20260320231000[-3:BRT]"
            ),
            Tx("A2", "-5.00", "TARIFA PACOTE"),
            Tx("A3", "20.00", f"PAGTO GUIA {barcode_of(b, settings, 2_000)}"),
            Tx("A4", "7.00", "TED RECEBIDA FULANO"),
        ]
    )
    batch = import_bank_file(ipatinga_m, fin, content)
    assert (batch.file_format, batch.lines_total) == ("ofx", 3)
    assert [r["resultado"] for r in batch.report] == ["matched", "matched", "unknown"]
    assert refresh(ipatinga_m, a).status == Debt.Status.PAID
    assert refresh(ipatinga_m, b).status == Debt.Status.PAID
    with tenant(ipatinga_m):
        paid = Payment.objects.get(debt=a)
        unknown = Payment.objects.get(batch=batch, status=Payment.Status.UNKNOWN)
    assert (paid.paid_on, paid.method) == (dt.date(2026, 3, 20), Payment.Method.PIX)
    assert unknown.reference == "TED RECEBIDA FULANO"


def test_an_overlapping_statement_imports_only_new_fitids(ipatinga_m, fin, person):
    a = numbered_debt(ipatinga_m, person, 1_000)
    first = [Tx("F1", "10.00", f"PIX {a.reference}")]
    import_bank_file(ipatinga_m, fin, ofx(first))
    batch = import_bank_file(ipatinga_m, fin, ofx([*first, Tx("F2", "3.00", "PIX DESCONHECIDO")]))
    assert (batch.lines_new, batch.lines_duplicate) == (1, 1)


def test_a_comma_in_an_amount_names_the_line_and_field(ipatinga_m, fin, person):
    a = numbered_debt(ipatinga_m, person, 1_000)
    with pytest.raises(FieldError, match=r"linha \d+, campo TRNAMT: valor inválido '10,00'"):
        import_bank_file(ipatinga_m, fin, ofx([Tx("C1", "10,00", f"PIX {a.reference}")]))
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=a).exists()


def test_a_statement_in_another_currency_is_refused(ipatinga_m, fin, person):
    with pytest.raises(FieldError, match=r"campo CURDEF: moeda 'USD'"):
        import_bank_file(ipatinga_m, fin, ofx([Tx("U1", "10.00", "X")], currency="USD"))


def test_a_broken_ofx_is_refused_in_portuguese(ipatinga_m, fin, person):
    content = ofx([Tx("B1", "10.00", "X")])
    with pytest.raises(FieldError, match=r"linha \d+: arquivo OFX incompleto"):
        import_bank_file(ipatinga_m, fin, content[: len(content) // 2])
    with pytest.raises(FieldError, match="linha 16, campo SEVERITY: valor 'SIM' fora da espec"):
        import_bank_file(ipatinga_m, fin, content.replace(b"<SEVERITY>INFO", b"<SEVERITY>SIM", 1))


def test_a_credit_that_names_nothing_waits_for_a_person_by_its_fitid(ipatinga_m, fin, person):
    batch = import_bank_file(ipatinga_m, fin, ofx([Tx("N1", "9.99", "")]))
    assert [(r["resultado"], r["referencia"]) for r in batch.report] == [("unknown", "FITID N1")]


def _paid_on(m, actor, posted: str) -> dt.date:  # type: ignore[no-untyped-def]
    person = make_person(m)
    debt = numbered_debt(m, person, 1_000)
    import_bank_file(m, actor, ofx([Tx(f"T{debt.pk}", "10.00", f"PIX {debt.reference}", posted)]))
    with tenant(m):
        return Payment.objects.get(debt=debt).paid_on


@pytest.mark.parametrize(
    ("posted", "day"),
    [
        ("20261130210000[-3:BRT]", dt.date(2026, 11, 30)),
        ("20261201000000[0:GMT]", dt.date(2026, 11, 30)),  # 21:00 of the 30th in Brasília
        ("20261201025959[0:GMT]", dt.date(2026, 11, 30)),
        ("20261201030000[0:GMT]", dt.date(2026, 12, 1)),  # midnight in Brasília
        ("20261201000000[-3:BRT]", dt.date(2026, 12, 1)),
    ],
)
def test_dtposted_with_an_offset_is_the_day_on_ipatinga_clock(ipatinga_m, fin, posted, day):
    assert _paid_on(ipatinga_m, fin, posted) == day


@pytest.mark.parametrize(
    ("posted", "day"),
    [
        # Mato Grosso lives an hour behind Brasília: midnight in Brasília is 23:00 of the day
        # before in Barra do Garças, and a payment is of the municipality's own calendar day.
        ("20261201000000[-3:BRT]", dt.date(2026, 11, 30)),
        ("20261201035959[0:GMT]", dt.date(2026, 11, 30)),
        ("20261201040000[0:GMT]", dt.date(2026, 12, 1)),
        ("20261130235959[-4:AMT]", dt.date(2026, 11, 30)),
    ],
)
def test_dtposted_with_an_offset_is_the_day_on_barra_do_garcas_clock(barra_m, user_of, posted, day):  # type: ignore[no-untyped-def]
    from outorga.core.acts import Actor
    from outorga.law.competence import Role

    actor = Actor.of(user_of("barra-do-garcas", Role.FINANCAS), "198.51.100.8")
    assert _paid_on(barra_m, actor, posted) == day


@pytest.mark.parametrize(
    "posted", ["20261130", "20261130000000", "20261130000000.000", "20261130235959"]
)
def test_dtposted_without_an_offset_is_the_day_the_bank_wrote(ipatinga_m, fin, posted):
    # Brazilian banks (Banrisul, others) write the day without an offset: it is not midnight
    # in Greenwich, which would be the evening before in Brazil.
    assert _paid_on(ipatinga_m, fin, posted) == dt.date(2026, 11, 30)

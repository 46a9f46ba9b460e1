"""A CNAB 400 cobrança return file, in Bradesco's published layout (records 0, 1, 9; CNAB 400
has no FEBRABAN layout, each bank publishes its own), reconciles end to end: each title settled
(occurrence 06, 15 or 17) is a payment found by the participant's control number; the trailer's
count and value of settlements and every record's sequence number are checked."""

from __future__ import annotations

import pytest
from bank_files import Paid, cnab400, free_field_of, import_bank_file, numbered_debt, receiver
from finance_factories import make_person, refresh

from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.registry.validation import FieldError


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    receiver(ipatinga_m)
    return make_person(ipatinga_m)


def test_settlements_pay_their_debts_and_a_resent_file_imports_nothing(ipatinga_m, fin, person):
    a = numbered_debt(ipatinga_m, person, 8_000)
    b = numbered_debt(ipatinga_m, person, 9_000)
    content = cnab400(
        [
            Paid(free_field_of(a), 8_000),
            Paid(b.reference, 9_000, occurrence="02"),  # entrada confirmada
            Paid(b.reference, 4_000, occurrence="15"),  # liquidação em cartório, part of it
        ]
    )
    batch = import_bank_file(ipatinga_m, fin, content)
    assert batch.file_format == "cnab400"
    assert [(r["linha"], r["resultado"]) for r in batch.report] == [(2, "matched"), (4, "partial")]
    assert refresh(ipatinga_m, a).status == Debt.Status.PAID
    assert refresh(ipatinga_m, b).status == Debt.Status.OPEN
    again = import_bank_file(ipatinga_m, fin, content)
    assert (again.lines_new, again.lines_duplicate) == (0, 2)


def test_a_wrong_trailer_value_refuses_the_whole_file(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 8_000)
    with pytest.raises(FieldError) as exc:
        import_bank_file(
            ipatinga_m, fin, cnab400([Paid(free_field_of(debt), 8_000)], settled_total=800)
        )
    assert "linha 3, posição 75–86 (valor dos registros de liquidação (ocorrência 06))" in str(
        exc.value
    )
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()


def test_a_wrong_trailer_count_is_refused(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 8_000)
    with pytest.raises(FieldError, match="linha 3, posição 87–91"):
        import_bank_file(ipatinga_m, fin, cnab400([Paid(free_field_of(debt), 8_000)], settled=2))


def test_a_record_out_of_sequence_is_refused(ipatinga_m, fin, person):
    debt = numbered_debt(ipatinga_m, person, 8_000)
    lines = cnab400([Paid(free_field_of(debt), 8_000)]).decode("latin-1").split("\r\n")
    lines[1] = lines[1][:394] + "000005"
    with pytest.raises(FieldError, match="linha 2, posição 395–400 .*: 5, esperado 2"):
        import_bank_file(ipatinga_m, fin, "\r\n".join(lines).encode("latin-1"))


def test_another_banks_400_layout_is_refused_naming_the_bank(ipatinga_m, fin, person):
    lines = cnab400([]).decode("latin-1").split("\r\n")
    lines[0] = lines[0][:76] + "341" + lines[0][79:]
    with pytest.raises(FieldError, match="linha 1, posição 77–79 \\(número do banco\\)"):
        import_bank_file(ipatinga_m, fin, "\r\n".join(lines).encode("latin-1"))


def test_a_control_number_of_only_a_debts_17_digits_waits_for_a_person(ipatinga_m, fin, person):
    # Without the due date in front (ADR 0018/0026) the number may be another guia's of the
    # municipality (IPTU, ISS…) in the same return: listed for a person, the debt still owed.
    debt = numbered_debt(ipatinga_m, person, 8_000)
    batch = import_bank_file(ipatinga_m, fin, cnab400([Paid(f"{debt.number:017d}", 8_000)]))
    assert [r["resultado"] for r in batch.report] == [Payment.Status.UNKNOWN]
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN

"""The bank's FEBRABAN arrecadação return file (150 positions, records A, G, Z) reconciles end to
end: each guia paid is found by the debt's number its barcode carries (ADR 0018), the trailer's
count and total are checked, and the file is refused whole, naming line and positions, when
anything does not fit (issue #22, item 2)."""

from __future__ import annotations

import datetime as dt

import pytest
from bank_files import Paid, barcode_of, febraban150, import_bank_file, numbered_debt, receiver
from finance_factories import make_person, refresh

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import febraban
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.law.competence import Role
from outorga.registry.validation import FieldError


@pytest.fixture
def world(ipatinga_m):  # type: ignore[no-untyped-def]
    settings = receiver(ipatinga_m)
    person = make_person(ipatinga_m)
    return settings, person


def test_a_return_file_pays_each_guia_by_the_number_in_its_barcode(ipatinga_m, fin, world):
    settings, person = world
    a = numbered_debt(ipatinga_m, person, 12_345)
    b = numbered_debt(ipatinga_m, person, 50_000)
    content = febraban150(
        [
            Paid(barcode_of(a, settings, 12_345), 12_345, on=dt.date(2026, 3, 19)),
            Paid(barcode_of(b, settings, 50_000), 20_000),
        ]
    )
    batch = import_bank_file(ipatinga_m, fin, content)
    assert (batch.file_format, batch.lines_total, batch.lines_new) == ("febraban150", 2, 2)
    assert [r["resultado"] for r in batch.report] == ["matched", "partial"]
    assert [r["linha"] for r in batch.report] == [2, 3]
    assert refresh(ipatinga_m, a).status == Debt.Status.PAID
    assert refresh(ipatinga_m, b).status == Debt.Status.OPEN
    with tenant(ipatinga_m):
        paid = Payment.objects.get(debt=a)
        assert (paid.paid_on, paid.method, paid.line_number) == (
            dt.date(2026, 3, 19),
            Payment.Method.BARCODE,
            2,
        )
        act = Act.objects.get(action="payment.import", object_id=str(batch.pk))
        assert act.record["payload"]["new"]["format"] == "febraban150"


def test_the_same_return_file_twice_imports_nothing_twice(ipatinga_m, fin, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    content = febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)])
    import_bank_file(ipatinga_m, fin, content)
    again = import_bank_file(ipatinga_m, fin, content)
    assert (again.lines_new, again.lines_duplicate) == (0, 1)
    with tenant(ipatinga_m):
        assert Payment.objects.filter(debt=debt).count() == 1


def test_a_wrong_trailer_total_refuses_the_whole_file(ipatinga_m, fin, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    content = febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)], total=7_001)
    with pytest.raises(FieldError) as exc:
        import_bank_file(ipatinga_m, fin, content)
    assert "linha 3, posição 8–24 (valor total recebido)" in str(exc.value)
    assert "R$ 70,01" in str(exc.value) and "R$ 70,00" in str(exc.value)
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(debt=debt).exists()
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


def test_a_wrong_trailer_count_is_refused(ipatinga_m, fin, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    content = febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)], count=4)
    with pytest.raises(FieldError, match=r"linha 3, posição 2–7 \(total de registros\)"):
        import_bank_file(ipatinga_m, fin, content)


def test_a_remessa_is_not_a_return_file(ipatinga_m, fin, world):
    with pytest.raises(FieldError, match=r"linha 1, posição 2 \(código de remessa\)"):
        import_bank_file(ipatinga_m, fin, febraban150([], kind="1"))


def test_a_bad_date_or_a_cut_line_names_line_and_positions(ipatinga_m, fin, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    good = febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)]).decode("latin-1")
    lines = good.split("\r\n")
    bad_date = lines[1][:21] + "20261345" + lines[1][29:]
    with pytest.raises(FieldError, match=r"linha 2, posição 22–29 \(data de pagamento\)"):
        import_bank_file(ipatinga_m, fin, "\r\n".join([lines[0], bad_date, *lines[2:]]).encode())
    with pytest.raises(FieldError, match=r"linha 2: 151 posições; .* tem 150"):
        import_bank_file(
            ipatinga_m, fin, "\r\n".join([lines[0], lines[1] + "X", *lines[2:]]).encode()
        )
    with pytest.raises(FieldError, match=r"linha 2, posição 82–93 \(valor recebido\)"):
        import_bank_file(
            ipatinga_m, fin, "\r\n".join([lines[0], lines[1][:90], *lines[2:]]).encode()
        )


def test_blanks_cut_from_the_ends_of_lines_are_fillers(ipatinga_m, fin, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    content = febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)]).decode("latin-1")
    trimmed = "\n".join(line.rstrip() for line in content.split("\r\n"))
    batch = import_bank_file(ipatinga_m, fin, trimmed.encode("latin-1"))
    assert batch.report[0]["resultado"] == "matched"


def test_a_guia_of_another_organ_or_with_a_bad_check_digit_waits_for_a_person(
    ipatinga_m, fin, world
):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    other = febraban.barcode(
        amount_cents=7_000, company_code="9999", free_field=barcode_of(debt, settings, 7_000)[19:]
    )
    mine = barcode_of(debt, settings, 7_000)
    broken = mine[:3] + str((int(mine[3]) + 1) % 10) + mine[4:]
    batch = import_bank_file(
        ipatinga_m, fin, febraban150([Paid(other, 7_000), Paid(broken, 7_000)])
    )
    assert [r["resultado"] for r in batch.report] == ["unknown", "unknown"]
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


def test_only_finance_imports_a_return_file(ipatinga_m, user_of, world):
    from outorga.law.competence import NotCompetent

    clerk = Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.8")
    with pytest.raises(NotCompetent):
        import_bank_file(ipatinga_m, clerk, febraban150([]))


def test_a_guia_of_ipatinga_is_unknown_in_barra(ipatinga_m, barra_m, user_of, world):
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    receiver(barra_m)  # the same example FEBRABAN code: only the tenant tells them apart
    fin_barra = Actor.of(user_of("barra-do-garcas", Role.FINANCAS), "198.51.100.9")
    batch = import_bank_file(
        barra_m, fin_barra, febraban150([Paid(barcode_of(debt, settings, 7_000), 7_000)])
    )
    assert batch.report[0]["resultado"] == "unknown"
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


def test_another_guia_of_the_municipality_ending_in_a_debts_number_pays_nothing(
    ipatinga_m, fin, world
):
    # The prefeitura's FEBRABAN code is the same on its other guias (IPTU, ISS…), and the bank's
    # arrecadação return lists them all: one whose free field ends in a debt's number but whose
    # due date is not that debt's is not this debt's guia, and waits for a person.
    settings, person = world
    debt = numbered_debt(ipatinga_m, person, 7_000)
    iptu = febraban.barcode(
        amount_cents=7_000,
        company_code=settings.febraban_code,
        value_id=settings.febraban_check,
        free_field=f"20260110{debt.number:017d}",
    )
    assert debt.due_on != dt.date(2026, 1, 10)
    batch = import_bank_file(ipatinga_m, fin, febraban150([Paid(iptu, 7_000)]))
    assert [r["resultado"] for r in batch.report] == [Payment.Status.UNKNOWN]
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN

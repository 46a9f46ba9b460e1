"""The daily sweep's overdue-debts step: a debt past its due date, unpaid and not contested, becomes
final and from then on blocks renewals (taxi art. 21 §1; decision D-11). Idempotent."""

from __future__ import annotations

import datetime as dt

import pytest
from finance_factories import make_debt, make_person, refresh

from outorga.core import sweep as core_sweep
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import selectors, services
from outorga.finance.models import Debt
from outorga.finance.sweep import run as finance_step
from outorga.registry.models import Notification

DUE = dt.date(2026, 3, 31)  # finance_factories.make_debt's due date
DAY_AFTER = DUE + dt.timedelta(days=1)


def overdue(m, on):
    return services.debts_overdue_make_final(municipality=m, on=on)


def test_d_11_a_debt_due_today_is_still_open(ipatinga_m):
    debt = make_debt(ipatinga_m, make_person(ipatinga_m))
    assert overdue(ipatinga_m, DUE) == []
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN


def test_d_11_the_day_after_the_due_date_an_unpaid_debt_becomes_final(ipatinga_m):
    m = ipatinga_m
    person = make_person(m)
    debt = make_debt(m, person)
    assert [d.pk for d in overdue(m, DAY_AFTER)] == [debt.pk]
    assert refresh(m, debt).status == Debt.Status.FINAL
    with tenant(m):
        act = Act.objects.get(action="debt.make_final", object_id=str(debt.pk))
        assert selectors.debts_blocking(person, DAY_AFTER) == [debt]
        aviso = Notification.objects.get(key=f"finance-overdue-{debt.pk}")
    assert act.actor_name == "varredura diária"
    assert act.record["basis"]["citations"] == ["decisão D-11"]
    assert act.record["payload"]["reason"] == "vencido em 31/03/2026 sem pagamento nem defesa"
    assert act.record["payload"]["new"] == {"status": Debt.Status.FINAL}
    assert aviso.person_id == person.pk and "D-11" in aviso.message
    assert "renovação" not in aviso.message  # no taxi permit: nothing is said to be blocked


@pytest.mark.parametrize(
    "status",
    [Debt.Status.UNDER_APPEAL, Debt.Status.PAID, Debt.Status.REFUNDED, Debt.Status.CANCELLED],
)
def test_d_11_a_contested_or_settled_debt_is_left_alone(ipatinga_m, status):
    debt = make_debt(ipatinga_m, make_person(ipatinga_m), status=status)
    assert overdue(ipatinga_m, DUE + dt.timedelta(days=90)) == []
    assert refresh(ipatinga_m, debt).status == status


def test_running_twice_changes_nothing_the_second_time(ipatinga_m):
    m = ipatinga_m
    person = make_person(m)
    make_debt(m, person)
    make_debt(m, person, 2_000)
    with tenant(m):
        before = Act.objects.count()
    assert len(overdue(m, DAY_AFTER)) == 2
    with tenant(m):
        after_first = Act.objects.count()
        notices = Notification.objects.filter(person=person).count()
    assert after_first == before + 2
    assert overdue(m, DAY_AFTER) == []
    assert overdue(m, DAY_AFTER + dt.timedelta(days=5)) == []
    with tenant(m):
        assert Act.objects.count() == after_first
        assert Notification.objects.filter(person=person).count() == notices == 2


def test_only_the_municipality_swept_is_touched(ipatinga_m, barra_m):
    mine = make_debt(ipatinga_m, make_person(ipatinga_m))
    theirs = make_debt(barra_m, make_person(barra_m))
    assert [d.pk for d in overdue(barra_m, DAY_AFTER)] == [theirs.pk]
    assert refresh(ipatinga_m, mine).status == Debt.Status.OPEN


def test_the_step_is_registered_in_the_daily_sweep_and_reports_its_changes(ipatinga_m):
    m = ipatinga_m
    debt = make_debt(m, make_person(m), 12_345)
    assert "finance" in core_sweep.steps()
    runs = list(core_sweep.run(DAY_AFTER, m, only=["finance"]))
    assert [r.step for r in runs] == ["finance"]
    first = runs[0].result
    assert first.changes == 1
    assert any(debt.reference in line and "D-11" in line for line in first.lines)
    assert first.checked >= 1
    second = finance_step(m, DAY_AFTER)
    assert second.changes == 0
    assert not any(debt.reference in line for line in second.lines)


def test_d_11_the_sweeps_total_of_final_debts_overdue_counts_only_what_is_still_owed(
    ipatinga_m, fin
):
    """The summary of final debts past due sums what is left to pay on each: a debt paid in part
    is owed, and counted, for the rest (the finance panel reads the ledger the same way)."""
    from outorga.finance.payments import payment_record

    m = ipatinga_m
    debt = make_debt(m, make_person(m), 10_000)
    payment_record(
        actor=fin, municipality=m, reference=debt.reference, amount_cents=4_000, paid_on=DUE
    )
    result = finance_step(m, DAY_AFTER)
    assert refresh(m, debt).status == Debt.Status.FINAL
    total = [line for line in result.lines if "no total" in line]
    assert total == ["1 débito(s) definitivo(s) vencido(s) sem pagamento, R$ 60,00 no total"]


def test_art_21_par_1_a_taxi_permits_overdue_instalment_cites_the_taxi_law(ipatinga_m):
    from registry_factories import TAXI_ON as ON
    from registry_factories import grant, taxi_holder

    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle, instalments=3)
    with tenant(m):
        first = Debt.objects.filter(permit=permit).order_by("due_on").first()
    assert first is not None and first.status == Debt.Status.OPEN
    made = overdue(m, first.due_on + dt.timedelta(days=1))
    assert [d.pk for d in made] == [first.pk]  # the later instalments are not due yet
    with tenant(m):
        act = Act.objects.get(action="debt.make_final", object_id=str(first.pk))
        aviso = Notification.objects.get(key=f"finance-overdue-{first.pk}")
    assert (
        "renovação do cadastro" in aviso.message
        and "(Lei do táxi de Ipatinga (2017), art. 21, §1)" in aviso.message
    )
    assert "Termo" not in aviso.message  # art. 21 §1 is the Cadastro's renewal, not art. 13's
    assert act.record["basis"]["citations"] == [
        "decisão D-11",
        "Lei do táxi de Ipatinga (2017), art. 21, §1",
    ]


def _taxi_permit(m):
    from registry_factories import TAXI_ON as ON
    from registry_factories import grant, taxi_holder

    holder, vehicle = taxi_holder(m, ON)
    return grant(m, holder, vehicle, instalments=1)


def _aviso(m, debt):
    with tenant(m):
        act = Act.objects.get(action="debt.make_final", object_id=str(debt.pk))
        return Notification.objects.get(key=f"finance-overdue-{debt.pk}").message, act


def test_art_21_par_1_any_debt_of_a_live_taxi_holder_blocks_the_cadastro_renewal(ipatinga_m):
    """Art. 21 §1 covers "todos os débitos relativos a multas, taxas, impostos e demais encargos
    perante o Município": a debt tied to no taxi permit (here, none at all) blocks the renewal of
    the holder's Cadastro all the same, and the aviso says so."""
    m = ipatinga_m
    permit = _taxi_permit(m)
    debt = make_debt(m, permit.holder, origin=Debt.Origin.TAX)
    assert debt.pk in [d.pk for d in overdue(m, DAY_AFTER)]
    message, act = _aviso(m, debt)
    assert (
        "impede a renovação do cadastro" in message
        and "(Lei do táxi de Ipatinga (2017), art. 21, §1)" in message
    )
    assert "Lei do táxi de Ipatinga (2017), art. 21, §1" in act.record["basis"]["citations"]


def test_art_20_a_taxi_auxiliary_is_in_the_cadastro_and_is_told_too(ipatinga_m):
    """Art. 20: auxiliaries are inscribed in the Cadastro Municipal de Taxistas, whose renewal
    art. 21 §1 conditions on every debt being paid."""
    from outorga.registry.models import Auxiliary

    m = ipatinga_m
    permit = _taxi_permit(m)
    auxiliary = make_person(m, "Auxiliar de Táxi")
    with tenant(m):
        Auxiliary.objects.create(permit=permit, person=auxiliary, added_on=DUE)
    debt = make_debt(m, auxiliary)
    overdue(m, DAY_AFTER)
    message, _ = _aviso(m, debt)
    assert "impede a renovação do cadastro" in message


def test_art_21_par_1_a_taxi_debt_of_someone_no_longer_in_the_cadastro_blocks_nothing(ipatinga_m):
    """The block is per person and follows a live taxi permit, not the permit a debt belongs to:
    once the permit is extinct there is no renewal to block, and the aviso does not claim one."""
    from outorga.registry.models import Permit

    m = ipatinga_m
    permit = _taxi_permit(m)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.EXTINCT)
    debt = make_debt(m, permit.holder, permit=permit)
    overdue(m, DAY_AFTER)
    message, act = _aviso(m, debt)
    assert "renovação" not in message
    assert act.record["basis"]["citations"] == ["decisão D-11"]


def test_d_1_a_charge_awaiting_its_cases_finality_is_left_open(ipatinga_m):
    """A seizure's charges are due at once (mototaxi art. 35 §1) but the defence and appeals of
    art. 42–44 still run: only enforcement makes them final, with the case (D-1, D-11)."""
    m = ipatinga_m
    person = make_person(m)
    debt = make_debt(m, person, awaiting_finality=True)
    assert overdue(m, DUE + dt.timedelta(days=90)) == []
    assert refresh(m, debt).status == Debt.Status.OPEN
    with tenant(m):
        assert selectors.debts_blocking(person, DUE + dt.timedelta(days=90)) == []
        assert not Notification.objects.filter(key=f"finance-overdue-{debt.pk}").exists()


@pytest.mark.parametrize(
    ("due_on", "last_day", "why"),
    [
        (dt.date(2026, 4, 4), dt.date(2026, 4, 6), "a Saturday"),
        (dt.date(2026, 4, 3), dt.date(2026, 4, 6), "Good Friday, a national holiday"),
        (dt.date(2026, 4, 21), dt.date(2026, 4, 22), "Tiradentes, a national holiday"),
    ],
)
def test_d_4_a_due_date_that_is_not_a_business_day_moves_to_the_next_one(
    ipatinga_m, due_on, last_day, why
):
    m = ipatinga_m
    person = make_person(m)
    debt = make_debt(m, person, due_on=due_on)
    assert overdue(m, last_day) == [], why  # the last day to pay is still on time
    with tenant(m):
        assert selectors.debts_blocking(person, last_day) == []
    assert [d.pk for d in overdue(m, last_day + dt.timedelta(days=1))] == [debt.pk]
    message, act = _aviso(m, debt)
    assert f"último dia para pagar: {last_day:%d/%m/%Y}" in act.record["payload"]["reason"]
    assert "decisão D-4" in act.record["basis"]["citations"]
    assert f"último dia para pagar: {last_day:%d/%m/%Y}" in message


def test_d_4_a_municipal_holiday_or_a_closed_office_moves_the_last_day_too(ipatinga_m):
    from outorga.core.models import CalendarDay

    m = ipatinga_m
    with tenant(m):
        CalendarDay.objects.create(
            date=DUE, kind=CalendarDay.Kind.CLOSED, description="expediente suspenso (decreto)"
        )
    debt = make_debt(m, make_person(m))
    assert overdue(m, DAY_AFTER) == []
    assert [d.pk for d in overdue(m, DAY_AFTER + dt.timedelta(days=1))] == [debt.pk]


def test_d_4_d_11_the_sweep_without_a_date_reads_each_municipality_s_own_day(
    ipatinga_m, barra_m, monkeypatch
):
    """At 00:30 of 01/04/2026 in Ipatinga (UTC−3) it is still 23:30 of 31/03 in Barra do Garças
    (UTC−4): the daily sweep run then without ``--on`` turns Ipatinga's debt due on 31/03 final,
    but Barra's debt due on 31/03 is still on its last day to pay (D-4) and stays open — a debt is
    overdue, final and blocking (D-11) on the municipality's own day (core.localtime.today_of)."""
    import io

    from django.core.management import call_command

    ipatinga_debt = make_debt(ipatinga_m, make_person(ipatinga_m))
    barra_debt = make_debt(barra_m, make_person(barra_m))
    instant = dt.datetime(2026, 4, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    out = io.StringIO()
    for slug in ("ipatinga", "barra-do-garcas"):
        call_command("sweep", municipality=slug, step=["finance"], stdout=out, no_progress=True)
    assert refresh(ipatinga_m, ipatinga_debt).status == Debt.Status.FINAL
    assert refresh(barra_m, barra_debt).status == Debt.Status.OPEN
    assert "31/03/2026" in out.getvalue()

"""The ledger's debts and which of them block a renewal (taxi art. 21 §1; decision D-11)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from validate_docbr import CPF

from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import CrossTenantWrite, tenant
from outorga.finance import selectors, services
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Person
from outorga.registry.validation import FieldError

AS_OF = dt.date(2026, 6, 1)


@pytest.fixture
def debtor(ipatinga_m):
    with tenant(ipatinga_m):
        return Person.objects.create(document=CPF().generate(), name="Devedor Exemplo")


@pytest.fixture
def finance(user_of):
    return Actor.of(user_of("ipatinga", Role.FINANCAS))


def make(m, who, actor, status, due_on, cents=5_000):
    return services.debt_create(
        actor=actor,
        municipality=m,
        person=who,
        origin=Debt.Origin.FINE,
        description="multa de exemplo",
        amount_cents=cents,
        due_on=due_on,
        status=status,
    )


def test_d_11_d_18_final_debts_block_whether_or_not_their_term_has_ended(
    ipatinga_m, debtor, finance
):
    """D-18: a final debt blocks from the day it is final, whatever its due date (the holder may
    pay it at once); an open one only once its last day to pay has passed (D-11)."""
    m = ipatinga_m
    final_due = make(m, debtor, finance, Debt.Status.FINAL, AS_OF)
    final_not_yet_due = make(m, debtor, finance, Debt.Status.FINAL, AS_OF + dt.timedelta(days=30))
    make(m, debtor, finance, Debt.Status.UNDER_APPEAL, AS_OF - dt.timedelta(days=90))
    make(m, debtor, finance, Debt.Status.OPEN, AS_OF)  # due today, still payable
    overdue = make(m, debtor, finance, Debt.Status.OPEN, dt.date(2026, 5, 29))  # a Friday
    with tenant(m):
        blocking = selectors.debts_blocking(debtor, AS_OF)
        review = selectors.debts_under_review(debtor)
    assert {d.pk for d in blocking} == {final_due.pk, final_not_yet_due.pk, overdue.pk}
    assert len(review) == 1 and review[0].status == Debt.Status.UNDER_APPEAL


def test_d_18_a_part_paid_final_debt_blocks_for_what_is_left_to_pay(ipatinga_m, debtor, finance):
    """D-18: the block names each debt and how to pay it — a final debt already paid in part is
    named, and summed in the total that blocks the renewal (taxi art. 21 §1), for what is still
    owed on it, not for the amount it was issued with."""
    from outorga.core.lawseam import ask
    from outorga.finance.payments import payment_record
    from outorga.finance.registry_port import FinanceLedger

    m = ipatinga_m
    debt = make(m, debtor, finance, Debt.Status.FINAL, AS_OF, cents=10_000)
    payment_record(
        actor=finance,
        municipality=m,
        reference=debt.reference,
        amount_cents=4_000,
        paid_on=dt.date(2026, 5, 20),
    )
    with tenant(m):
        facts = FinanceLedger().debt_facts(debtor, AS_OF)
    assert [(f["id"], f["amount_cents"]) for f in facts] == [(debt.reference, 6_000)]
    d = ask(
        m,
        "ipatinga.taxi-2017",
        "registration_renewal",
        {"last_renewed_on": "2025-06-01", "debts": facts},
        AS_OF,
    )
    assert d.outcome["blocking_debts"] == [debt.reference]
    assert d.outcome["blocking_total_cents"] == 6_000
    assert "R$ 60,00" in str(d.to_json()) and "R$ 100,00" not in str(d.to_json())


def test_d_4_a_debt_due_on_a_sunday_may_be_paid_on_monday_without_blocking(
    ipatinga_m, debtor, finance
):
    """D-4: a last day that is not a business day moves to the next business day — the blocking
    selector reads due dates as the daily sweep does."""
    m = ipatinga_m
    sunday = make(m, debtor, finance, Debt.Status.OPEN, dt.date(2026, 5, 31))
    monday = dt.date(2026, 6, 1)
    with tenant(m):
        assert selectors.debts_blocking(debtor, monday) == []
        assert selectors.debts_blocking(debtor, monday + dt.timedelta(days=1)) == [sunday]


def test_d_1_a_charge_whose_case_is_not_final_never_blocks(ipatinga_m, debtor, finance):
    """A seizure's fine is due on the day of the seizure (mototaxi art. 35 §1) while the defence
    of art. 42 runs: until enforcement says the case is final it blocks nothing (D-1, D-11)."""
    m = ipatinga_m
    with transaction.atomic():
        debt = services.debt_create_in_transaction(
            actor=finance,
            municipality=m,
            person=debtor,
            origin=Debt.Origin.FINE,
            description="Multa — apreensão AI-000001 (art. 35)",
            amount_cents=20_000,
            due_on=AS_OF - dt.timedelta(days=60),
            awaiting_finality=True,
        )
    with tenant(m):
        assert selectors.debts_blocking(debtor, AS_OF) == []
        created = Act.objects.get(action="debt.create", object_id=str(debt.pk))
    assert created.record["payload"]["new"]["awaiting_finality"] is True
    # Only the case makes it final: the finance screen's "make final" is refused.
    with pytest.raises(services.InvalidDebtTransition, match="decisão definitiva"):
        services.debt_make_final(actor=finance, municipality=m, debt=debt, reason="vencido")
    with transaction.atomic():
        services.debt_make_final_in_transaction(
            actor=finance, municipality=m, debt=debt, reason="processo PA-1 definitivo"
        )
    with tenant(m):
        debt.refresh_from_db()
        cleared = Act.objects.get(action="debt.make_final", object_id=str(debt.pk))
        # D-18: final from the day its case is, and blocking from then on.
        assert debt.status == Debt.Status.FINAL and not debt.awaiting_finality
        assert selectors.debts_blocking(debtor, AS_OF) == [debt]
    assert cleared.record["payload"]["new"] == {"status": "final"}


def test_a_debt_awaiting_finality_is_never_created_final(ipatinga_m, debtor, finance):
    with pytest.raises(FieldError), transaction.atomic():
        services.debt_create_in_transaction(
            actor=finance,
            municipality=ipatinga_m,
            person=debtor,
            origin=Debt.Origin.FINE,
            description="multa",
            amount_cents=100,
            due_on=AS_OF,
            status=Debt.Status.FINAL,
            awaiting_finality=True,
        )


def test_a_contested_debt_stops_blocking_and_a_paid_one_never_blocks(ipatinga_m, debtor, finance):
    m = ipatinga_m
    debt = make(m, debtor, finance, Debt.Status.FINAL, AS_OF - dt.timedelta(days=10))
    services.debt_contest(actor=finance, municipality=m, debt=debt, reason="recurso à JARI")
    with tenant(m):
        assert selectors.debts_blocking(debtor, AS_OF) == []
        Debt.objects.filter(pk=debt.pk).update(status=Debt.Status.PAID)
        assert selectors.debts_blocking(debtor, AS_OF) == []
        assert Act.objects.filter(action="debt.contest", object_id=str(debt.pk)).exists()


def test_references_are_sequential_and_every_debt_is_an_act(ipatinga_m, debtor, finance):
    m = ipatinga_m
    a = make(m, debtor, finance, Debt.Status.OPEN, AS_OF)
    b = make(m, debtor, finance, Debt.Status.OPEN, AS_OF)
    assert a.reference.startswith(m.ibge_code)
    assert int(b.reference.rsplit("D", 1)[1]) == int(a.reference.rsplit("D", 1)[1]) + 1
    with tenant(m):
        assert Act.objects.filter(action="debt.create", object_id=str(b.pk)).exists()


def test_bad_input_and_incompetence_are_refused(ipatinga_m, debtor, finance, user_of):
    m = ipatinga_m
    with pytest.raises(FieldError):
        make(m, debtor, finance, Debt.Status.OPEN, AS_OF, cents=0)
    with pytest.raises(NotCompetent):
        make(m, debtor, Actor.of(user_of("ipatinga", Role.FISCAL)), Debt.Status.OPEN, AS_OF)


# --- debt_create_in_transaction: for services that charge a debt inside their own step --------


def in_step(m, who, actor, **kw):
    return services.debt_create_in_transaction(
        actor=actor,
        municipality=m,
        person=who,
        origin=Debt.Origin.FINE,
        description="multa do auto de exemplo",
        amount_cents=kw.pop("cents", 7_500),
        due_on=AS_OF,
        **kw,
    )


def test_a_debt_charged_inside_a_step_is_saved_with_its_act(ipatinga_m, debtor, finance):
    with transaction.atomic():
        debt = in_step(ipatinga_m, debtor, finance, basis={"citations": ["art. 41, §1"]})
    with tenant(ipatinga_m):
        act = Act.objects.get(action="debt.create", object_id=str(debt.pk))
        assert Debt.objects.get(pk=debt.pk).status == Debt.Status.OPEN
    assert act.record["basis"]["citations"] == ["art. 41, §1"]


def test_a_debt_charged_inside_a_step_is_lost_with_the_step(ipatinga_m, debtor, finance):
    class StepFailed(Exception):
        pass

    with pytest.raises(StepFailed), transaction.atomic():
        debt = in_step(ipatinga_m, debtor, finance)
        raise StepFailed
    with tenant(ipatinga_m):
        assert not Debt.objects.filter(pk=debt.pk).exists()
        assert not Act.objects.filter(action="debt.create", object_id=str(debt.pk)).exists()


def test_a_debt_of_another_municipalitys_person_is_refused(barra_m, debtor, finance):
    with pytest.raises(CrossTenantWrite), transaction.atomic():
        in_step(barra_m, debtor, finance)


def test_a_debt_inside_a_step_is_validated_like_any_other(ipatinga_m, debtor, finance):
    with pytest.raises(FieldError), transaction.atomic():
        in_step(ipatinga_m, debtor, finance, cents=0)


@pytest.mark.django_db(transaction=True)
def test_debt_create_in_transaction_refuses_to_run_outside_a_transaction():
    # Nothing is read or written: the refusal comes first, so unsaved rows are enough.
    with pytest.raises(RuntimeError, match="transação"):
        services.debt_create_in_transaction(
            actor=Actor.system(),
            municipality=Municipality(ibge_code="3131307"),
            person=Person(name="Fora da transação"),
            origin=Debt.Origin.FINE,
            description="multa",
            amount_cents=100,
            due_on=AS_OF,
        )


def test_status_steps_inside_a_caller_move_only_what_they_may(ipatinga_m, debtor, finance):
    m = ipatinga_m
    debt = make(m, debtor, finance, Debt.Status.OPEN, AS_OF)
    paid = make(m, debtor, finance, Debt.Status.OPEN, AS_OF)
    with tenant(m):
        Debt.objects.filter(pk=paid.pk).update(status=Debt.Status.PAID)
    kw = dict(actor=finance, municipality=m, reason="defesa apresentada")
    with transaction.atomic():
        # An open debt is made final by its due date, not by the case (D-11).
        assert services.debt_make_final_in_transaction(debt=debt, **kw) is None
        assert services.debt_contest_in_transaction(debt=debt, **kw).status == "under_appeal"
        assert services.debt_contest_in_transaction(debt=paid, **kw) is None
        assert services.debt_make_final_in_transaction(debt=debt, **kw).status == "final"
        assert services.debt_cancel_in_transaction(debt=paid, **kw) is None
    with tenant(m):
        steps = list(
            Act.objects.filter(object_id=str(debt.pk), action__startswith="debt.")
            .order_by("seq")
            .values_list("action", flat=True)
        )
    assert steps == ["debt.create", "debt.contest", "debt.make_final"]


def test_a_debt_is_recorded_under_the_law_bound_there_never_a_default_law(barra_m, ipatinga_m):
    """No default law: a debt of no permit answers to a law the municipality binds on the date (in
    Barra do Garças, only the apps law), and one whose basis names its law to that law."""
    apps = "barra-do-garcas.apps-2025"
    assert services.debt_law(barra_m, on=AS_OF) == apps
    moto = "ipatinga.mototaxi-2013"
    assert services.debt_law(ipatinga_m, basis={"law": moto}, on=AS_OF) == moto
    assert services.debt_law(ipatinga_m, on=AS_OF) in ipatinga_m.laws
    # A law the municipality does not apply is not taken from the basis.
    assert services.debt_law(barra_m, basis={"law": moto}, on=AS_OF) == apps

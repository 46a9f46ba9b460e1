"""Yearly renewal of the Termo de Permissão and the Cadastro (taxi art. 13, 21): final debts
block it and are named one by one; debts under defence or appeal never block (D-11)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from django.test import Client
from registry_factories import CHECKS, DECLARATIONS, actor, awarded_tender, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.finance import selectors
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.finance.registry_port import debt_facts
from outorga.law.competence import Role
from outorga.registry.models import PermitTerm, PermitTermRenewal, Vehicle
from outorga.registry.services.permits import taxi_permit_grant
from outorga.registry.services.termos import taxi_term_renew

RENEW_ON = dt.date(2027, 1, 20)


@pytest.fixture
def permit(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    return taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        mode="servicos",  # no contrapartida debts: each test makes the debts it needs
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )


def fine(m, permit, status, cents=25_000, description="multa de exemplo"):
    debt = ledger.debt_create(
        actor=actor(m.slug, Role.FINANCAS),
        municipality=m,
        person=permit.holder,
        permit=permit,
        origin=Debt.Origin.FINE,
        description=description,
        amount_cents=cents,
        due_on=dt.date(2026, 10, 1),
        status=status,
    )
    return debt


def renew(m, permit, on=RENEW_ON, checks=CHECKS):
    return taxi_term_renew(
        actor=actor(m.slug, Role.ATENDENTE), municipality=m, permit=permit, on=on, checks=checks
    )


def test_art_13_the_termo_is_renewed_for_one_more_year(ipatinga_m, permit):
    term = renew(ipatinga_m, permit)
    assert term.valid_until == dt.date(2028, 2, 2)
    with tenant(ipatinga_m):
        permit.refresh_from_db()
        assert permit.certificate_valid_until == dt.date(2028, 2, 2)
        assert PermitTermRenewal.objects.filter(term=term, renewed_on=RENEW_ON).exists()


def test_art_13_the_termo_is_renewed_once_a_year_not_again_the_same_day(ipatinga_m, permit):
    """Art. 13: "renovado anualmente" — renewed for the coming year, the Termo is not renewed
    again: a second renewal the same day would run it two years ahead."""
    assert renew(ipatinga_m, permit).valid_until == dt.date(2028, 2, 2)
    with pytest.raises(Refused) as exc:
        renew(ipatinga_m, permit)
    (ahead,) = [
        r for r in exc.value.decision.refusals if r.rule.endswith("art_13_yearly_not_ahead")
    ]
    assert [(c.article, c.paragraph, c.inciso) for c in ahead.citations] == [("13", None, None)]
    with tenant(ipatinga_m):
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2028, 2, 2)


def test_d_11_a_final_debt_blocks_and_the_refusal_names_each_debt(ipatinga_m, permit):
    m = ipatinga_m
    first = fine(m, permit, Debt.Status.FINAL, 25_000, "multa por recusa de passageiro")
    second = fine(m, permit, Debt.Status.FINAL, 10_000, "taxa de vistoria")
    with pytest.raises(Refused) as exc:
        renew(m, permit)
    refusals = exc.value.decision.refusals
    text = str(exc.value)
    for debt in (first, second):
        assert debt.reference in text
        assert any(debt.reference in r.message for r in refusals)
    assert all(any(c.article == "21" and c.paragraph == "1" for c in r.citations) for r in refusals)
    with tenant(m):
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2027, 2, 2)


def test_d_11_a_debt_under_appeal_does_not_block(ipatinga_m, permit):
    m = ipatinga_m
    fine(m, permit, Debt.Status.UNDER_APPEAL)
    term = renew(m, permit)
    assert term.valid_until == dt.date(2028, 2, 2)


def test_d_11_once_the_appeal_fails_the_debt_blocks(ipatinga_m, permit):
    m = ipatinga_m
    debt = fine(m, permit, Debt.Status.UNDER_APPEAL)
    ledger.debt_make_final(
        actor=actor(m.slug, Role.FINANCAS), municipality=m, debt=debt, reason="recurso improvido"
    )
    with pytest.raises(Refused) as exc:
        renew(m, permit)
    assert debt.reference in str(exc.value)


def test_an_overdue_contrapartida_instalment_blocks(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        instalments=3,
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    with pytest.raises(Refused) as exc:
        renew(m, permit)
    with tenant(m):
        refs = list(Debt.objects.filter(permit=permit).values_list("reference", flat=True))
    assert all(ref in str(exc.value) for ref in refs)


def test_art_13_a_lapsed_termo_is_not_renewed_caducidade_is_proposed(ipatinga_m, permit):
    with pytest.raises(Refused) as exc:
        renew(ipatinga_m, permit, on=dt.date(2027, 3, 1))
    assert any(r.rule.endswith("caducidade") for r in exc.value.decision.refusals)


def test_art_29_the_yearly_renewal_needs_an_approved_inspection(ipatinga_m, permit):
    with pytest.raises(Refused) as exc:
        renew(ipatinga_m, permit, checks={**CHECKS, "inspection_approved": False})
    assert any(c.article == "29" for r in exc.value.decision.refusals for c in r.citations)


@pytest.mark.parametrize(
    ("on", "due", "renewed"),
    [
        (dt.date(2031, 2, 2), dt.date(2031, 2, 2), True),
        (dt.date(2032, 2, 1), dt.date(2032, 2, 2), False),
        (dt.date(2032, 2, 2), dt.date(2032, 2, 2), False),
    ],
)
def test_art_28_par_2_a_seven_year_old_car_is_replaced_by_the_next_renewal(
    ipatinga_m, permit, on, due, renewed
):
    """Factory invoice 01/12/2024 → 7 years on 01/12/2031; the next yearly renewal of a Termo signed
    on 02/02/2026 falls on 02/02/2032 (D-6): on that date the car must already be replaced — also
    when the clerk records that renewal a day ahead (art. 28 §2: judged on the date planned for
    it). The renewal of 02/02/2031 comes before the limit and keeps the car."""
    m = ipatinga_m
    with tenant(m):
        Vehicle.objects.filter(pk=permit.vehicle_id).update(invoice_date=dt.date(2024, 12, 1))
        PermitTerm.objects.filter(permit=permit).update(
            last_renewed_on=dt.date(due.year - 1, 2, 2), valid_until=due
        )
        permit.refresh_from_db()
    if renewed:
        assert renew(m, permit, on=on).valid_until == dt.date(2032, 2, 2)
    else:
        with pytest.raises(Refused) as exc:
            renew(m, permit, on=on)
        assert any(
            c.article == "28" and c.paragraph == "2"
            for r in exc.value.decision.refusals
            for c in r.citations
        )


def test_d_1_d_11_a_seizures_charge_awaiting_its_case_is_in_defence_not_final(
    ipatinga_m, permit, user_of
):
    """A seizure's charge is due at once but awaits its case (D-1): on the renewal it is listed
    under defence or appeal — "em_defesa" for the law core — and never blocks (D-11)."""
    m = ipatinga_m
    with transaction.atomic():
        charge = ledger.debt_create_in_transaction(
            actor=actor(m.slug, Role.FISCAL),
            municipality=m,
            person=permit.holder,
            permit=permit,
            origin=Debt.Origin.REMOVAL,
            description="remoção do veículo apreendido",
            amount_cents=18_000,
            due_on=dt.date(2026, 10, 1),  # long past on the renewal day
            awaiting_finality=True,
        )
    with tenant(m):
        assert not selectors.debts_blocking(permit.holder, RENEW_ON)
        review = selectors.debts_under_review(permit.holder)
        assert [d.pk for d in review] == [charge.pk]
        [fact] = debt_facts([], review)
    assert fact["status"] == "em_defesa" and fact["id"] == charge.reference
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    html = c.get(f"/termos/{permit.pk}/").content.decode()
    review_line = html.split("Em defesa ou recurso (não bloqueiam):", 1)[1].split("</p>", 1)[0]
    assert charge.reference in review_line
    assert renew(m, permit).valid_until == dt.date(2028, 2, 2)

"""Taxi art. 28 §2 at the yearly renewal of the Termo and the Cadastro (art. 13, 21): "a
substituição do veículo deverá ocorrer até a data prevista para a renovação do cadastramento
anual". The renewal asks the car's age of the law on the date planned for it — the day the period
renewed ends (02/02/2027 for a Termo signed on 02/02/2026) —, whatever day of that year the clerk
records it, with the car's dates drawn from its record."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import CHECKS, actor, grant, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import PermitTerm, Vehicle
from outorga.registry.services.termos import taxi_term_renew, taxi_term_renew_decisions

DUE = dt.date(2027, 2, 2)  # the Termo signed on 02/02/2026 is renewed for the year from here


@pytest.fixture
def permit(ipatinga_m):
    holder, vehicle = taxi_holder(ipatinga_m, ON)
    return grant(ipatinga_m, holder, vehicle, mode="servicos")


def bought_new_on(m, permit, invoice: dt.date) -> None:
    """The car's record: bought new on ``invoice`` (7 years from it, art. 28 §1; D-6)."""
    with tenant(m):
        Vehicle.objects.filter(pk=permit.vehicle_id).update(
            invoice_date=invoice, manufacture_year=invoice.year
        )
        permit.refresh_from_db()


def renew(m, permit, on):
    return taxi_term_renew(
        actor=actor(m.slug, Role.ATENDENTE), municipality=m, permit=permit, on=on, checks=CHECKS
    )


def cites_art_28_par_2(exc: Refused) -> bool:
    return any(
        c.article == "28" and c.paragraph == "2" for r in exc.decision.refusals for c in r.citations
    )


@pytest.mark.parametrize("recorded", [dt.date(2027, 1, 20), dt.date(2027, 2, 1), DUE])
@pytest.mark.parametrize(
    ("invoice", "renewed"),
    [
        (dt.date(2020, 2, 1), False),  # 7 years on 01/02/2027, the day before the due date
        (dt.date(2020, 2, 2), False),  # 7 years on the due date itself
        (dt.date(2020, 2, 3), True),  # 7 years the day after: replaced by the 2028 renewal
    ],
)
def test_art_28_par_2_the_age_is_judged_on_the_renewals_due_date_not_the_day_recorded(
    ipatinga_m, permit, recorded, invoice, renewed
):
    m = ipatinga_m
    bought_new_on(m, permit, invoice)
    if renewed:
        assert renew(m, permit, recorded).valid_until == dt.date(2028, 2, 2)
        return
    with pytest.raises(Refused) as exc:
        renew(m, permit, recorded)
    assert cites_art_28_par_2(exc.value)
    assert "02/02/2027" in str(exc.value.decision.to_text())
    with tenant(m):
        assert PermitTerm.objects.get(permit=permit).valid_until == DUE


def test_art_28_par_2_the_renewal_page_shows_the_same_answer_before_the_clerk_renews(
    ipatinga_m, permit
):
    """The read-only decisions the Termo page shows (``taxi_term_renew_decisions``) ask the car's
    age on the same date as the renewal does."""
    m = ipatinga_m
    bought_new_on(m, permit, dt.date(2020, 2, 2))
    with tenant(m):
        term = PermitTerm.objects.get(permit=permit)
        *_, car = taxi_term_renew_decisions(
            municipality=m, permit=permit, term=term, on=dt.date(2027, 1, 20), checks=CHECKS
        )
    assert car.outcome["eligible"] is False
    (age,) = [r for r in car.refusals if r.rule.endswith("art_28_par_2_until_renewal")]
    assert age.facts["data"] == DUE

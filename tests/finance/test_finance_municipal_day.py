"""The ledger's "today", outside a request, is the municipality's own day (D-4, D-15): at 00:30
of 01/07/2026 in Brasília (the settings' TIME_ZONE) it is still 23:30 of 30/06 in Barra do Garças
(UTC−4), whose payments, refunds and laws are judged on its 30/06."""

from __future__ import annotations

import datetime as dt

import pytest
from finance_factories import make_debt, make_person, refresh

from outorga.core.acts import Actor
from outorga.core.lawseam import law_of
from outorga.core.models import LawBinding
from outorga.core.tenancy import unscoped
from outorga.finance import payments
from outorga.finance.models_payments import Refund
from outorga.finance.services import debt_law
from outorga.law.bindings import LawNotBound, Service
from outorga.law.competence import Role
from outorga.registry.validation import FieldError

#: 00:30 of 01/07 in Brasília, 23:30 of 30/06 in Barra do Garças.
INSTANT = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
BARRA_TODAY, BRASILIA_TODAY = dt.date(2026, 6, 30), dt.date(2026, 7, 1)


@pytest.fixture
def barra_fin(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("barra-do-garcas", Role.FINANCAS), "198.51.100.8")


@pytest.fixture
def at_the_instant(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("django.utils.timezone.now", lambda: INSTANT)


def test_d_4_a_payment_dated_barra_do_garcas_tomorrow_is_refused_at_brasilias_midnight(
    barra_m, barra_fin, at_the_instant
):
    debt = make_debt(barra_m, make_person(barra_m), 1_000)
    with pytest.raises(FieldError, match="futuro") as exc:
        payments.payment_record(
            actor=barra_fin,
            municipality=barra_m,
            reference=debt.reference,
            amount_cents=1_000,
            paid_on=BRASILIA_TODAY,
        )
    assert exc.value.field == "data"
    assert "(01/07/2026)" in str(exc.value) and "hoje é 30/06/2026 no Município" in str(exc.value)
    assert "D-15" in str(exc.value)
    payment = payments.payment_record(
        actor=barra_fin,
        municipality=barra_m,
        reference=debt.reference,
        amount_cents=1_000,
        paid_on=BARRA_TODAY,
    )
    assert payment.paid_on == BARRA_TODAY


def test_d_4_a_refund_paid_out_barra_do_garcas_tomorrow_is_refused_at_brasilias_midnight(
    barra_m, barra_fin, at_the_instant
):
    debt = make_debt(barra_m, make_person(barra_m), 1_000)
    payment = payments.payment_record(
        actor=barra_fin,
        municipality=barra_m,
        reference=debt.reference,
        amount_cents=1_500,
        paid_on=BARRA_TODAY,
    )
    refund = payments.payment_refund_excess(actor=barra_fin, municipality=barra_m, payment=payment)
    with pytest.raises(FieldError, match="futuro") as exc:
        payments.refund_mark_paid_out(
            actor=barra_fin, municipality=barra_m, refund=refund, on=BRASILIA_TODAY
        )
    assert exc.value.field == "data"
    assert "restituição (01/07/2026)" in str(exc.value) and "D-15" in str(exc.value)
    payments.refund_mark_paid_out(
        actor=barra_fin, municipality=barra_m, refund=refund, on=BARRA_TODAY
    )
    assert refresh(barra_m, refund).status == Refund.Status.PAID_OUT


def _taxi_law_from_brasilias_day(barra_m):  # type: ignore[no-untyped-def]
    """Barra do Garças adopts the taxi law of Ipatinga from 01/07/2026 (a test's adoption)."""
    with unscoped():
        LawBinding.objects.create(
            municipality=barra_m,
            service=Service.TAXI,
            law="ipatinga.taxi-2017",
            valid_from=BRASILIA_TODAY,
            reference="Lei de adoção (teste)",
        )
    barra_m.forget_bindings()


def test_d_15_the_seam_reads_the_law_in_force_on_the_municipalitys_day(barra_m, at_the_instant):
    """A law bound from 01/07 does not govern Barra do Garças while its 30/06 runs."""
    _taxi_law_from_brasilias_day(barra_m)
    with pytest.raises(LawNotBound):
        law_of(barra_m, Service.TAXI)
    assert law_of(barra_m, Service.TAXI, BRASILIA_TODAY) == "ipatinga.taxi-2017"


def test_d_15_a_debts_law_is_the_one_in_force_on_the_municipalitys_day(barra_m, at_the_instant):
    """The law a debt with no permit or basis is recorded under: the first in force in Barra do
    Garças on its own day that gives someone the recording of debts — the mototaxi law it
    adopted until 30/06, not the taxi law it adopts from Brasília's 01/07."""
    with unscoped():
        LawBinding.objects.create(
            municipality=barra_m,
            service=Service.MOTOTAXI,
            law="ipatinga.mototaxi-2013",
            valid_from=dt.date(2026, 1, 1),
            valid_until=BARRA_TODAY,
            reference="Lei de adoção (teste)",
        )
    _taxi_law_from_brasilias_day(barra_m)
    assert debt_law(barra_m, on=BRASILIA_TODAY) == "ipatinga.taxi-2017"
    assert debt_law(barra_m) == "ipatinga.mototaxi-2013"

"""Lei 9.784/1999 art. 64 (art. 26, parágrafo único; D-17): a platform's fine already paid and
then reduced — on appeal by the Chief Executive, or in part by the authority reconsidering it
(art. 56 §1) — owes back what was paid beyond the new amount from the day of the decision that
reduced it, not from the day it was typed in (decision D-15: a fact is judged on its own date).
A payment that came in after that decision, before it was recorded, is owed back from the day
the money came in, and never makes the decision refused."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from test_apps_art_26_reconsideration import _judge, acts, pay, reconsider
from test_platform_penalty_appeal import fine, notify, paper, reload, warn

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.finance.models import Refund

pytestmark = pytest.mark.django_db

JUDGED_ON = dt.date(2026, 10, 22)


@pytest.fixture
def noticed(barra_m, authority, platform):
    """A fine of 100 UPFBG (R$ 10.000,00) imposed 20/09/2026, its decision noticed 02/10."""
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    return x


def judged_in_part(m, mayor, appeal):  # type: ignore[no-untyped-def]
    """Granted in part on ``JUDGED_ON``: 100 → 25,5 UPFBG (Lei 9.784/1999 art. 64)."""
    reasoning = "Provido em parte: a reincidência não se comprovou por inteiro."
    return _judge(
        m, mayor, appeal, JUDGED_ON, partial_fine_upfbg=Decimal("25.5"), reasoning=reasoning
    )


def the_refund(m, x) -> Refund:  # type: ignore[no-untyped-def]
    with tenant(m):
        (refund,) = Refund.objects.filter(debt=reload(x).debt)
    return refund


def test_lei_9784_art_64_a_fine_reduced_on_appeal_is_refunded_from_the_judgements_day(
    barra_m, authority, mayor, user_of, noticed
):
    assert JUDGED_ON < today_of(barra_m)  # judged on paper, recorded days later
    pay(barra_m, user_of, reload(noticed).debt)  # paid 05/10
    a = paper(barra_m, authority, noticed, dt.date(2026, 10, 9))
    judged_in_part(barra_m, mayor, a)
    refund = the_refund(barra_m, noticed)
    assert (refund.kind, refund.amount_cents) == (Refund.Kind.PARTIAL, 1_000_000 - 255_000)
    assert refund.decided_on == JUDGED_ON
    (reduced,) = acts(barra_m, "debt.reduce", reload(noticed).debt)
    assert reduced.record["payload"]["new"]["refund_decided_on"] == JUDGED_ON.isoformat()


def test_lei_9784_art_56_par_1_a_fine_reconsidered_in_part_is_refunded_from_that_day(
    barra_m, authority, user_of, noticed
):
    """Appealed 07/10 and reduced by the authority that imposed it on 08/10 (within its 5 days):
    the refund is owed from 08/10."""
    pay(barra_m, user_of, reload(noticed).debt)
    a = paper(barra_m, authority, noticed, dt.date(2026, 10, 7))
    reconsider(barra_m, authority, a, dt.date(2026, 10, 8))  # 100 → 40 UPFBG
    refund = the_refund(barra_m, noticed)
    assert refund.amount_cents == 1_000_000 - 400_000
    assert refund.decided_on == dt.date(2026, 10, 8)


def test_lei_9784_art_64_a_payment_after_the_judgement_is_owed_back_from_its_own_day(
    barra_m, authority, mayor, user_of, noticed
):
    """Judged in part on 22/10 but recorded later; the platform paid the whole fine on 26/10,
    before the judgement was recorded: the judgement is not refused, and the excess is owed back
    from the day it was paid (nothing is owed back before the money came in)."""
    a = paper(barra_m, authority, noticed, dt.date(2026, 10, 9))
    pay(barra_m, user_of, reload(noticed).debt, on=dt.date(2026, 10, 26))
    judged_in_part(barra_m, mayor, a)
    assert the_refund(barra_m, noticed).decided_on == dt.date(2026, 10, 26)

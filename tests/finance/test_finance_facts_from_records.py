"""The finance facts builder reads the registry: change one record, and the law's answer on a fee
changes (issue "law bindings", point 3; ADR 0012 §6). Asked through ``fees.fee_quote``, what the
charge and the finance screen ask before charging.

==========================================================  ==========================  ==========================================================
builder (fact it reads)                                     question                    test
==========================================================  ==========================  ==========================================================
fees._holds_permit → payer_is_permit_holder (permit status)  taxi fee (art. 40)          test_art_40_caput_the_permits_extinction_on_record_ends_the_holder_fee
==========================================================  ==========================  ==========================================================

Already covered by an existing test that changes the record and sees the decision change:

- ``payments`` defence_result facts (what was paid, the vehicle held) → mototaxi art. 42 §1:
  ``tests/enforcement/test_enforcement_seizure.py::
  test_the_defence_upheld_refunds_a_fine_already_paid_art_42_par1``.
"""

from __future__ import annotations

from finance_factories import FEE_ON as ON
from finance_factories import INSPECTION, make_person, record
from registry_factories import make_permit

from outorga.core.tenancy import tenant
from outorga.finance import fees
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.registry.models import Permit, Service

TAXI = "ipatinga.taxi-2017"


def payer_reason(decision: Decision) -> Reason:
    return next(r for r in decision.reasons if r.rule.endswith("art_40_caput_payer"))


def test_art_40_caput_the_permits_extinction_on_record_ends_the_holder_fee(ipatinga_m):
    record(ipatinga_m, "taxi_2017.fee_inspection", 8_000)
    holder = make_person(ipatinga_m, "Taxista Da Taxa")
    permit = make_permit(ipatinga_m, holder=holder, service=Service.TAXI)
    before = fees.fee_quote(
        municipality=ipatinga_m, fee=INSPECTION, on=ON, person=holder, permit=permit
    )
    assert before.amount_cents == 8_000
    payer = payer_reason(before.decision)
    assert payer.verdict is Verdict.OK and payer.facts["permissionário"] is True
    # The one change: the permit extinct on record.
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.EXTINCT)
        permit.refresh_from_db()
    after = fees.fee_quote(
        municipality=ipatinga_m, fee=INSPECTION, on=ON, person=holder, permit=permit
    )
    assert after.amount_cents is None
    payer = payer_reason(after.decision)
    assert payer.verdict is Verdict.REFUSED
    assert any(c.law == TAXI and c.article == "40" and c.inciso is None for c in payer.citations)
    assert "permissionários" in payer.message

"""D-18 (taxi art. 21 §1): a fine blocks the renewal from the day its case is final — not from its
due date, which may still be weeks away: the holder may pay it at once and renew."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import case_of, pending_notice, taxi_auto
from registry_factories import taxi_permit

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.finance import selectors
from outorga.finance.models import Debt
from outorga.finance.registry_port import debt_facts

D = dt.date(2026, 4, 6)  # a Monday


def test_d_18_art_21_par_1_a_fine_blocks_from_the_day_its_case_is_final_not_from_its_due_date(
    world,
):
    permit = taxi_permit(world.m, n=9181, name="Taxista Multado", plate="TAX9A18")
    holder = permit.holder
    auto = taxi_auto(world, permit, "recusa_passageiro", on=D)
    day = D
    # No defence, the decision notified, no appeal: the case runs out its deadlines (D-1).
    for _ in range(8):
        case = case_of(world, auto)
        if case.stage == Case.Stage.FINAL:
            break
        if case.waiting == Case.Waiting.NOTICE:
            day += dt.timedelta(days=1)
            notice_deliver(
                actor=world.clerk,
                municipality=world.m,
                notice=pending_notice(world, case),
                form="pessoal",
                on=day,
            )
            continue
        assert case.waiting == Case.Waiting.DEADLINE and case.deadline is not None
        last_day = case.deadline
        # The last day of a deadline: nothing is final yet, nothing blocks.
        sweep(world.m, last_day)
        with tenant(world.m):
            assert selectors.debts_blocking(holder, last_day) == []
        day = last_day + dt.timedelta(days=1)
        sweep(world.m, day)
    case = case_of(world, auto)
    assert case.stage == Case.Stage.FINAL and case.final_on == day
    with tenant(world.m):
        fine = Penalty.objects.get(case=case, kind=Penalty.Kind.FINE).debt
        assert fine is not None
        # Final from the day the case is, though payable until its due date...
        assert fine.status == Debt.Status.FINAL and fine.due_on > day
        # ...and blocking from that very day (D-18), named with how to pay it.
        assert selectors.debts_blocking(holder, day) == [fine]
        [fact] = debt_facts(selectors.debts_blocking(holder, day), [])
    assert fact["id"] == fine.reference and fact["status"] == "definitivo"
    assert "PIX" in fact["how_to_pay"]

"""Taxi art. 41: the breach "sujeitará o infrator às seguintes penalidades" — the fine of an
infraction the auxiliary committed is his own debt, not the holder's (the taxi law has no rule
like mototaxi art. 31 §2, by which the holder answers for his auxiliaries); the holder is still
the one notified before it (§5)."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import final_taxi_auto
from registry_factories import taxi_auxiliary

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.finance.models import Debt

D = dt.date(2026, 4, 6)


def _fine(world, auto) -> Penalty:
    with tenant(world.m):
        case = Case.objects.get(auto=auto)
        return Penalty.objects.select_related("debt", "case").get(case=case, kind=Penalty.Kind.FINE)


def test_art_41_the_auxiliary_s_fine_is_charged_to_the_auxiliary_not_the_holder(world):
    permit, aux = taxi_auxiliary(world.m)
    auto = final_taxi_auto(
        world, permit, code="recusa_passageiro", on=D, committed_by="auxiliary", auxiliary=aux
    )
    fine = _fine(world, auto)
    assert fine.amount_cents > 0 and fine.debt is not None
    assert fine.debt.person_id == aux.person_id != permit.holder_id
    assert fine.case.person_id == permit.holder_id  # the case and its notices stay the holder's
    assert "Lei do táxi de Ipatinga (2017), art. 41" in fine.debt.basis["citations"]
    with tenant(world.m):
        assert not Debt.objects.filter(person_id=permit.holder_id, origin=Debt.Origin.FINE).exists()


def test_art_41_the_holder_s_own_infraction_is_charged_to_the_holder(world):
    permit, _ = taxi_auxiliary(world.m)
    auto = final_taxi_auto(world, permit, code="recusa_passageiro", on=D)
    fine = _fine(world, auto)
    assert fine.debt is not None and fine.debt.person_id == permit.holder_id

"""``lawbridge.fine`` gives an amount only when the law imposes the fine: refused (taxi art. 41
§5: no notice before it, or within the defence period) or pending, the amount is ``None`` and the
decision says why; the case is not made final with a fine the law refused."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from enforcement_factories import at, case_of
from registry_factories import taxi_permit

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import fine
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.finality import case_make_final
from outorga.finance.models import Debt

D = dt.date(2026, 4, 6)  # a Monday: notified that day, the 10 days of defence end 16/04
LAW = "ipatinga.taxi-2017"


def _refused_citations(d) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.compact() for r in d.refusals for c in r.citations}


def test_art_41_par_5_a_fine_without_notice_has_no_amount(world):
    cents, d = fine(world.m, LAW, "recusa_passageiro", D, D + dt.timedelta(days=30))
    assert cents is None
    assert "ipatinga.taxi-2017 art. 41, §5" in _refused_citations(d)


def test_art_41_par_5_a_fine_within_the_defence_period_has_no_amount_after_it_has(world):
    last = dt.date(2026, 4, 16)
    early, d = fine(world.m, LAW, "recusa_passageiro", D, last, notified_on=D)
    assert early is None and "ipatinga.taxi-2017 art. 41, §5" in _refused_citations(d)
    after, d = fine(
        world.m, LAW, "recusa_passageiro", D, last + dt.timedelta(days=1), notified_on=D
    )
    assert after is not None and after > 0 and not d.refusals


def test_art_41_par_5_a_case_is_not_made_final_with_a_fine_the_law_refuses(world):
    permit = taxi_permit(world.m)
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="recusa_passageiro",
        committed_at=at(D),
        place="Rodoviária",
        description="Recusou passageiro.",
        agent_registration="F-9",
        permit=permit,
    )
    case = case_of(world, auto)  # not signed: its notice never delivered
    with pytest.raises(Refused, match=r"art\. 41, §5"), tenant(world.m), transaction.atomic():
        case_make_final(world.authority, world.m, case, D + dt.timedelta(days=30), "teste")
    with tenant(world.m):
        assert Case.objects.get(pk=case.pk).stage != Case.Stage.FINAL
        assert not Penalty.objects.filter(case=case).exists()
        assert not Debt.objects.filter(origin=Debt.Origin.FINE, permit=permit).exists()

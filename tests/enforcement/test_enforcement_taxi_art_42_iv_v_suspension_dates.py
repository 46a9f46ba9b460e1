"""Taxi art. 42, IV and V — the suspension of the taxista's inscription and of the permission —
as acts of the authority (ADR 0067): a suspension takes effect from the day it is decided, never
before it (a backdated start would count as served days the taxista worked), and the decision
names the authority competent on the day of the act — the one who actually decides —, not the
one of the day of the fact (D-15 judges the fact, not who decides it)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, final_taxi_auto
from law_factories import amended_competence
from registry_factories import taxi_auxiliary, taxi_permit

from outorga.core.errors import FieldError
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty
from outorga.enforcement.services.taxi_suspensions import (
    taxi_register_suspension_impose,
    taxi_suspension_impose,
)
from outorga.law.citations import cite, decision
from outorga.law.competence import TAXI, Competence, Role

D = dt.date(2026, 4, 6)


def _final(world, permit, **kw):  # type: ignore[no-untyped-def]
    auto = final_taxi_auto(world, permit, on=D, **kw)
    final_on = case_of(world, auto).final_on
    assert final_on is not None
    return auto, final_on


def _impose(world, target, permit, auto, *, start, on, aux=None, actor=None):  # type: ignore[no-untyped-def]
    common = {
        "actor": actor or world.authority,
        "municipality": world.m,
        "permit": permit,
        "days": 10,
        "start": start,
        "on": on,
    }
    if target == "permissao":
        return taxi_suspension_impose(**common, auto=auto)
    return taxi_register_suspension_impose(**common, infraction=auto, auxiliary=aux)


@pytest.mark.parametrize(("target", "inciso"), [("permissao", "V"), ("cadastro", "IV")])
def test_art_42_iv_v_a_suspension_does_not_start_before_the_day_it_is_decided(
    world, target, inciso
):
    permit = taxi_permit(world.m)
    auto, final_on = _final(world, permit)
    decided = final_on + dt.timedelta(days=20)
    with pytest.raises(FieldError) as exc:
        _impose(world, target, permit, auto, start=decided - dt.timedelta(days=1), on=decided)
    assert exc.value.field == "início"
    assert f"{decided:%d/%m/%Y}" in exc.value.message
    assert f"art. 42, {inciso}" in exc.value.citation
    with tenant(world.m):
        assert not Penalty.objects.filter(kind=Penalty.Kind.SUSPENSION).exists()
        assert Act.objects.filter(outcome="refused").exists()
    # The day of the decision itself is a valid first day.
    _impose(world, target, permit, auto, start=decided, on=decided)
    with tenant(world.m):
        p = Penalty.objects.get(kind=Penalty.Kind.SUSPENSION)
    assert p.imposed_on == decided


def test_art_42_v_the_decision_day_is_today_by_default_and_never_in_the_future(world):
    """The screens and the API give no day of decision: it is the municipality's today, so a
    start already past is refused; a day of decision still to come is refused too."""
    permit = taxi_permit(world.m)
    auto, final_on = _final(world, permit)
    with pytest.raises(FieldError) as exc:
        taxi_suspension_impose(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            auto=auto,
            days=10,
            start=final_on,
        )
    assert exc.value.field == "início" and "art. 42, V" in exc.value.citation
    with pytest.raises(FieldError) as exc:
        _impose(world, "permissao", permit, auto, start=dt.date(2099, 1, 2), on=dt.date(2099, 1, 1))
    assert exc.value.field == "data da decisão"


#: A test amendment (none such exists): from this day the Chief Executive suspends taxis.
MOVED_ON = dt.date(2026, 6, 1)
MOVED = Competence(
    TAXI,
    "penalty.suspension",
    frozenset({Role.CHEFE_EXECUTIVO}),
    (cite(TAXI, 42, inc="IV"), cite(TAXI, 42, inc="V"), decision(17)),
    valid_from=MOVED_ON,
)


@pytest.mark.parametrize("target", ["permissao", "cadastro"])
def test_art_42_iv_v_the_decision_names_the_authority_of_the_day_of_the_act(world, target):
    """The fact (06/04/2026) is before the amendment; the act (after it) is the Chief
    Executive's: he is the one allowed to decide, and the one the decision names."""
    permit = taxi_permit(world.m)
    auto, final_on = _final(world, permit)
    act_day = max(final_on, MOVED_ON) + dt.timedelta(days=1)
    with amended_competence(MOVED):
        _impose(world, target, permit, auto, start=act_day, on=act_day, actor=world.mayor)
    with tenant(world.m):
        p = Penalty.objects.get(kind=Penalty.Kind.SUSPENSION)
    assert p.decision["outcome"]["decided_by"] == [Role.CHEFE_EXECUTIVO.value]


def test_art_42_iv_the_authority_of_the_day_of_the_fact_no_longer_decides_after_it(world):
    permit, aux = taxi_auxiliary(world.m)
    auto, final_on = _final(world, permit, committed_by="auxiliary", auxiliary=aux)
    act_day = max(final_on, MOVED_ON) + dt.timedelta(days=1)
    with amended_competence(MOVED), pytest.raises(PermissionError):
        _impose(world, "cadastro", permit, auto, start=act_day, on=act_day, aux=aux)

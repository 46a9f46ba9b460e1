"""Lei 9.784/1999 art. 56 §1 (D-17): an appeal to the Chief Executive filed before its law gave
the authority that decided a period to reconsider (taxi art. 43 from d049447f, apps art. 26
parágrafo único from 0a676f14) carries none, so the screen offered it to the Chief Executive
while the law keeps it with the authority. The daily sweep records on each pending one the day
its law gives, asked as at its filing, with an act; nothing else is touched."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from enforcement_factories import (
    appealed,
    apps_appealed,
    at_executive,
    case_of,
    file,
    judge,
    taxi_refusal_auto,
)

from outorga.core.acts import Actor
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.enforcement.services.filings import filing_file
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.reconsideration import appeal_reconsider, appeal_with
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday
FILED = dt.date(2026, 4, 9)  # a Thursday: five days end Tuesday 14/04/2026 (D-4)
LAST = dt.date(2026, 4, 14)


def _as_filed_before_the_rule(appeal: Filing, m) -> Filing:  # type: ignore[no-untyped-def]
    """The row as an appeal filed before its law answered ``appeal_reconsideration`` left it."""
    with tenant(m):
        Filing.objects.filter(pk=appeal.pk).update(reconsider_until=None)
        return Filing.objects.get(pk=appeal.pk)


def _filing(m, appeal: Filing) -> Filing:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Filing.objects.get(pk=appeal.pk)


def _fills(m, appeal: Filing) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(
                action="appeal.reconsider.fill", object_id=str(appeal.pk), outcome="done"
            )
        )


def _barra_appeal(barra_m, user_of) -> tuple[SimpleNamespace, Filing]:  # type: ignore[no-untyped-def]
    return apps_appealed(barra_m, user_of, on=D, filed_on=FILED)


def test_apps_art_26_sole_d_17_lei_9784_art_56_1_a_pending_appeal_filed_before_gets_its_period(
    barra_m, user_of
):
    desk, appeal = _barra_appeal(barra_m, user_of)
    appeal = _as_filed_before_the_rule(appeal, barra_m)
    assert appeal_with(appeal, FILED) == ""  # the screen offered it to the Chief Executive
    report = sweep(barra_m, FILED + dt.timedelta(days=1))
    appeal = _filing(barra_m, appeal)
    assert appeal.reconsider_until == LAST  # as the law gives it when an appeal is filed now
    assert case_of(desk, appeal.case.auto).number in report["reconsider_until"]
    assert appeal_with(appeal, LAST) == "reconsideration"
    assert appeal_with(appeal, LAST + dt.timedelta(days=1)) == "superior"
    (act,) = _fills(barra_m, appeal)
    assert act.record["payload"]["new"]["reconsider_until"] == LAST.isoformat()
    assert "Lei Federal 9.784/1999, art. 56, §1" in act.record["basis"]["citations"]
    assert any("art. 26" in c for c in act.record["basis"]["citations"])
    # Run again: nothing more.
    assert sweep(barra_m, FILED + dt.timedelta(days=2))["reconsider_until"] == []
    assert len(_fills(barra_m, appeal)) == 1


def test_taxi_art_43_d_17_lei_9784_art_56_1_a_pending_appeal_filed_before_gets_its_period(world):
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    appeal = _as_filed_before_the_rule(appeal, world.m)
    report = sweep(world.m, FILED + dt.timedelta(days=1))
    appeal = _filing(world.m, appeal)
    assert appeal.reconsider_until == LAST
    assert appeal.case.number in report["reconsider_until"]
    (act,) = _fills(world.m, appeal)
    assert "Lei Federal 9.784/1999, art. 56, §1" in act.record["basis"]["citations"]


def test_lei_9784_art_56_1_a_period_already_over_is_recorded_and_the_superior_judges(world):
    """Filed long before the sweep that fills it: the period recorded is the one that ended, and
    the screen and the law both give the appeal to the Chief Executive."""
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    appeal = _as_filed_before_the_rule(appeal, world.m)
    sweep(world.m, dt.date(2026, 6, 1))
    appeal = _filing(world.m, appeal)
    assert appeal.reconsider_until == LAST
    assert appeal_with(appeal, dt.date(2026, 6, 1)) == "superior"
    judge(world, world.mayor, appeal, dt.date(2026, 6, 1), "Recurso sem fundamento.")
    assert _filing(world.m, appeal).result == Filing.Result.DISMISSED


def test_lei_9784_art_56_1_d_4_a_filled_last_day_recorded_closed_moves_like_any_other(
    world, user_of
):
    """The day filled is a running deadline like the ones recorded at filing: recorded as a day
    without business, it moves to the next business day (D-4, ``appeal.reconsider.move``)."""
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    appeal = _as_filed_before_the_rule(appeal, world.m)
    sweep(world.m, FILED + dt.timedelta(days=1))
    calendar_day_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        date=LAST,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )
    assert _filing(world.m, appeal).reconsider_until == LAST + dt.timedelta(days=1)
    with tenant(world.m):
        assert Act.objects.filter(
            action="appeal.reconsider.move", object_id=str(appeal.pk)
        ).exists()


@pytest.mark.parametrize("which", ["mototaxi_executive", "taxi_defence", "taxi_judged"])
def test_lei_9784_art_56_1_only_a_pending_appeal_to_the_superior_gets_a_period(world, which):
    """Only a pending appeal to the Chief Executive under a law with the step (here a taxi one,
    filled): the mototaxi law keeps its JARI path (art. 43–44), a defence is judged by the
    authority itself, and an appeal already judged has nothing left to reconsider."""
    pending = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    pending = _as_filed_before_the_rule(pending, world.m)
    if which == "mototaxi_executive":
        auto, _ = at_executive(world, dt.date(2026, 5, 4), dt.date(2026, 5, 12))
        other = file(world, auto, dt.date(2026, 5, 13))
        assert other.stage == Filing.Stage.EXECUTIVE
    elif which == "taxi_defence":
        auto = taxi_refusal_auto(world, on=D, n=9102, name="Taxista Defendente", plate="TAX9B02")
        other = filing_file(
            actor=world.clerk,
            municipality=world.m,
            case=case_of(world, auto),
            text="Defesa.",
            filed_on=D,
            channel="paper",
        )
        assert other.stage == Filing.Stage.DEFENCE
    else:
        auto = taxi_refusal_auto(world, on=D, n=9102, name="Taxista Julgado", plate="TAX9B02")
        other = appealed(world, auto, defence_on=D, filed_on=FILED)
        judge(world, world.mayor, other, LAST + dt.timedelta(days=1), "Recurso sem fundamento.")
        other = _as_filed_before_the_rule(other, world.m)
        assert other.result == Filing.Result.DISMISSED
    sweep(world.m, dt.date(2026, 5, 14))
    assert _filing(world.m, pending).reconsider_until == LAST
    assert _filing(world.m, other).reconsider_until is None
    assert _fills(world.m, other) == []


def test_lei_9784_art_56_1_an_appeal_already_sent_up_by_the_authority_gets_no_period(world):
    """Filed before its law had the step, then kept and sent up by the authority that decided
    (``appeal_reconsider`` with ``confirm``) before the sweep ran: its step with that authority
    is over (art. 56 §1), so the sweep gives it no period to reconsider and records no act — as
    the platforms' fill skips such appeals (``platform_penalty_appeal_periods_fill``)."""
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    appeal = _as_filed_before_the_rule(appeal, world.m)
    appeal_reconsider(
        actor=world.authority,
        municipality=world.m,
        filing=appeal,
        result="confirm",
        reasoning="Mantida: a recusa do passageiro está provada.",
        on=FILED + dt.timedelta(days=1),
    )
    forwarded = _filing(world.m, appeal)
    assert forwarded.forwarded_on == FILED + dt.timedelta(days=1)
    assert forwarded.reconsideration["result"] == "confirm"
    assert forwarded.result == Filing.Result.PENDING
    report = sweep(world.m, FILED + dt.timedelta(days=2))
    assert forwarded.case.number not in report["reconsider_until"]
    after = _filing(world.m, appeal)
    assert after.reconsider_until is None
    assert _fills(world.m, appeal) == []
    # Sent up: the Chief Executive judges it (art. 56 §1; taxi art. 43, D-17).
    judge(world, world.mayor, after, FILED + dt.timedelta(days=2), "Recurso sem fundamento.")
    assert _filing(world.m, appeal).result == Filing.Result.DISMISSED


def test_lei_9784_art_56_1_an_appeal_the_authority_already_reconsidered_gets_no_period(world):
    """A reconsideration recorded on the appeal ends the authority's step even where no day of
    sending up was kept (a row older than ``forwarded_on``): the fill leaves it alone."""
    appeal = appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)
    appeal = _as_filed_before_the_rule(appeal, world.m)
    with tenant(world.m):
        Filing.objects.filter(pk=appeal.pk).update(
            reconsideration={"result": "confirm", "on": FILED.isoformat()}
        )
    sweep(world.m, FILED + dt.timedelta(days=1))
    assert _filing(world.m, appeal).reconsider_until is None
    assert _fills(world.m, appeal) == []

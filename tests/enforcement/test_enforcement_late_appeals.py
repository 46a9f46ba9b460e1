"""An appeal to the JARI (art. 43) or to the Chief Executive (art. 44) filed the day after the last
day is refused by the service, also when the last day was moved by the municipal calendar."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import MOTO_TITLE as MOTO
from enforcement_factories import (
    at_executive,
    at_jari,
    case_of,
    file,
)

from outorga.core.errors import Refused
from outorga.core.models import Act, CalendarDay
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing


def test_art_43_a_jari_appeal_the_day_after_a_last_day_moved_by_the_municipal_holiday_is_refused(
    world, municipal_today
):
    municipal_today(dt.date(2028, 12, 31))  # 2028's municipal holiday
    # Decision notified on Saturday 05/08/2028: + 10 = Tuesday 15/08/2028, Ipatinga's municipal
    # holiday, so the last day is Wednesday 16/08 (D-4) and Thursday 17/08 is late.
    auto, _ = at_jari(world, dt.date(2028, 7, 20), dt.date(2028, 8, 5))
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.JARI, Case.Waiting.DEADLINE)
    assert case.deadline == dt.date(2028, 8, 16)
    with pytest.raises(Refused) as exc:
        file(world, auto, dt.date(2028, 8, 17))
    message = str(exc.value)
    assert message.startswith("Intempestivo: o prazo terminou em 16/08/2028")
    assert f"{MOTO}, art. 43" in message
    refusal = {r.rule: r for r in exc.value.decision.refusals}
    assert set(refusal) == {"recurso_jari_in_time"}
    # Nothing was written: no appeal, the deadline still runs, no act of filing.
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.JARI, Case.Waiting.DEADLINE)
    with tenant(world.m):
        assert not case.filings.filter(stage=Filing.Stage.JARI).exists()
        assert not Act.objects.filter(action="appeal.jari.file").exists()
    # The moved last day itself is in time.
    appeal = file(world, auto, dt.date(2028, 8, 16))
    assert appeal.stage == Filing.Stage.JARI and appeal.deadline == dt.date(2028, 8, 16)


def test_art_44_an_appeal_to_the_chief_executive_the_day_after_a_day_the_office_was_closed_is_late(
    world,
):
    # The municipality declared its office closed on Thursday 11/06/2026, the tenth day after the
    # notice of the JARI's decision on Monday 01/06: the last day moves to Friday 12/06 (D-4).
    with tenant(world.m):
        CalendarDay.objects.create(
            date=dt.date(2026, 6, 11),
            kind=CalendarDay.Kind.CLOSED,
            description="expediente suspenso (teste)",
            legal_reference="Decreto 1/2026",
        )
    auto, _ = at_executive(world, dt.date(2026, 5, 4), dt.date(2026, 6, 1))
    case = case_of(world, auto)
    assert (case.stage, case.deadline) == (Case.Stage.EXECUTIVE, dt.date(2026, 6, 12))
    with pytest.raises(Refused) as exc:
        file(world, auto, dt.date(2026, 6, 13))
    assert str(exc.value).startswith("Intempestivo: o prazo terminou em 12/06/2026")
    assert f"{MOTO}, art. 44" in str(exc.value)
    with tenant(world.m):
        assert not case.filings.filter(stage=Filing.Stage.EXECUTIVE).exists()
        assert not Act.objects.filter(action="appeal.executive.file").exists()
    assert case_of(world, auto).waiting == Case.Waiting.DEADLINE
    last = file(world, auto, dt.date(2026, 6, 12))
    assert last.stage == Filing.Stage.EXECUTIVE

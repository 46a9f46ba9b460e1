"""Apps art. 26 with D-4 and D-15: a decision of the apps law — a warning or fine imposed, a
proposal of suspension or cancellation decided, an appeal judged or reconsidered — is given on a
day that has come, read on the municipality's clock (Barra do Garças is an hour behind
Brasília). The law in force and the periods are those of the decision's day, so a day still to
come is refused naming the field ``on`` and the decisions, as an act, and nothing is decided."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone
from test_apps_art_26_iv_case_appeal import DECIDED, decided
from test_apps_art_26_iv_case_appeal import paper as case_paper
from test_platform_credentialing import open_case, warn
from test_platform_penalty_appeal import fine, notify, paper

from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.platforms.models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from outorga.platforms.services.cases import platform_case_appeal_decide, platform_case_decide
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_judge,
    platform_penalty_reconsider,
)

pytestmark = pytest.mark.django_db


def _tomorrow(m) -> dt.date:  # type: ignore[no-untyped-def]
    return today_of(m) + dt.timedelta(days=1)


def _refused_on(exc: pytest.ExceptionInfo[PlatformError]) -> str:
    [error] = exc.value.errors
    assert exc.value.status == 422
    assert error["campo"] == "on"
    assert "D-4" in error["erro"] and "futuro" in error["erro"]
    return error["erro"]


def _refusals(m, action: str, obj) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(
                action=action,
                outcome="refused",
                object_type=obj._meta.label_lower,
                object_id=str(obj.pk),
            )
        )


def _decide(m, mayor, case, on):  # type: ignore[no-untyped-def]
    return platform_case_decide(
        actor=mayor,
        municipality=m,
        case=case,
        uphold=True,
        text="Falta grave e reiterada: relatórios não entregues em três meses.",
        on=on,
    )


def test_d_4_art_26_iv_a_case_decided_on_a_day_to_come_is_refused_and_logged(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    tomorrow = _tomorrow(barra_m)
    with pytest.raises(PlatformError) as exc:
        _decide(barra_m, mayor, case, tomorrow)
    assert f"{tomorrow:%d/%m/%Y}" in _refused_on(exc)
    with tenant(barra_m):
        assert PlatformCase.objects.get(pk=case.pk).status == PlatformCase.Status.OPEN
        assert Platform.objects.get(pk=platform.pk).status == Platform.Status.CREDENTIALED
    [act] = _refusals(barra_m, "platform.case.decide", case)
    assert "decisão D-4" in act.record["basis"]["citations"]


def test_d_4_art_26_iv_a_case_decided_today_on_the_municipalitys_clock_is_applied(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    c = _decide(barra_m, mayor, case, today_of(barra_m))
    assert c.status == PlatformCase.Status.UPHELD


def test_d_4_the_day_to_come_is_read_on_the_municipalitys_clock_not_brasilias(
    barra_m, authority, mayor, platform, monkeypatch
):
    """At 00:30 in Brasília it is still the day before in Barra do Garças (MT): a decision dated
    Brasília's day is one still to come, and one given without a date is the town's day."""
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    brasilia = dt.datetime(2026, 12, 2, 0, 30, tzinfo=dt.timezone(dt.timedelta(hours=-3)))
    monkeypatch.setattr(timezone, "now", lambda: brasilia)
    assert today_of(barra_m) == dt.date(2026, 12, 1)
    with pytest.raises(PlatformError) as exc:
        _decide(barra_m, mayor, case, dt.date(2026, 12, 2))
    _refused_on(exc)
    c = _decide(barra_m, mayor, case, None)
    assert c.decision["penalty"]["as_of"] == "2026-12-01"
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
    # 30 days from the town's day, that day included (art. 26 IV).
    assert p.suspended_until == dt.date(2026, 12, 30)


def test_d_4_art_26_ii_a_fine_imposed_on_a_day_to_come_is_refused_and_logged(
    barra_m, authority, platform
):
    warn(barra_m, authority, platform)
    with pytest.raises(PlatformError) as exc:
        platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="fine",
            infraction_on=dt.date(2026, 9, 1),
            description="Relatório de agosto não entregue.",
            reasoning="Reincidência.",
            defence_notice_on=dt.date(2026, 9, 5),
            defence_judged=True,
            fine_upfbg=Decimal("10"),
            on=_tomorrow(barra_m),
        )
    _refused_on(exc)
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(kind="fine").exists()
    assert _refusals(barra_m, "penalty.fine", platform)


def test_d_4_art_26_sole_an_appeal_judged_on_a_day_to_come_is_refused(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    penalty = fine(barra_m, authority, platform)
    notify(barra_m, authority, penalty, dt.date(2026, 10, 14))
    a = paper(barra_m, authority, penalty, dt.date(2026, 10, 20))
    with pytest.raises(PlatformError) as exc:
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=a,
            upheld=True,
            reasoning="O relatório fora entregue.",
            on=_tomorrow(barra_m),
        )
    _refused_on(exc)
    with tenant(barra_m):
        assert (
            PlatformPenaltyAppeal.objects.get(pk=a.pk).result
            == PlatformPenaltyAppeal.Result.PENDING
        )
    assert _refusals(barra_m, "appeal.executive.judge", a)


def test_d_4_lei_9784_art_56_a_reconsideration_on_a_day_to_come_is_refused(
    barra_m, authority, platform
):
    warn(barra_m, authority, platform)
    penalty = fine(barra_m, authority, platform)
    notify(barra_m, authority, penalty, dt.date(2026, 10, 14))
    a = paper(barra_m, authority, penalty, dt.date(2026, 10, 20))
    with pytest.raises(PlatformError) as exc:
        platform_penalty_reconsider(
            actor=authority,
            municipality=barra_m,
            appeal=a,
            result="annul",
            reasoning="O relatório fora entregue.",
            on=_tomorrow(barra_m),
        )
    _refused_on(exc)
    with tenant(barra_m):
        assert PlatformPenaltyAppeal.objects.get(pk=a.pk).reconsidered_on is None
    assert _refusals(barra_m, "penalty.appeal.reconsider", a)


def test_d_4_art_26_iv_a_case_appeal_decided_on_a_day_to_come_is_refused(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform)
    assert case.decision["penalty"]["as_of"] == DECIDED.isoformat()
    a = case_paper(barra_m, authority, case, dt.date(2026, 10, 26))
    with pytest.raises(PlatformError) as exc:
        platform_case_appeal_decide(
            actor=mayor,
            municipality=barra_m,
            appeal=a,
            result="upheld",
            reasoning="Os relatórios foram entregues.",
            on=_tomorrow(barra_m),
        )
    _refused_on(exc)
    with tenant(barra_m):
        assert PlatformCaseAppeal.objects.get(pk=a.pk).result == PlatformCaseAppeal.Result.PENDING
        assert Platform.objects.get(pk=platform.pk).status == Platform.Status.SUSPENDED
    assert _refusals(barra_m, "platform.case.appeal.decide", a)

"""Apps art. 26 sole paragraph with D-4: the notice of a decision (a penalty, a case's decision)
is never dated before that decision nor after the municipality's today — the appeal period runs
from it (D-17: Lei 9.784/1999 art. 59). The refusal names the field and D-4, is an act, and
records nothing of the notice."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from test_apps_art_26_iv_case_appeal import DECIDED
from test_platform_credentialing import open_case, warn
from test_platform_penalty_appeal import fine, notify

from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.platforms.models import PlatformCase, PlatformPenalty
from outorga.platforms.services.cases import (
    platform_case_decide,
    platform_case_decision_notice_record,
)
from outorga.platforms.services.common import PlatformError

pytestmark = pytest.mark.django_db


def _refusals(m, action: str, obj) -> list[Act]:
    with tenant(m):
        return list(
            Act.objects.filter(
                action=action,
                outcome="refused",
                object_type=obj._meta.label_lower,
                object_id=str(obj.pk),
            )
        )


def _names_field_and_d_4(exc: pytest.ExceptionInfo[PlatformError]) -> str:
    [error] = exc.value.errors
    assert error["campo"] == "notice_on"
    assert "D-4" in error["erro"]
    return error["erro"]


def test_d_4_the_notice_of_a_penalty_before_its_imposition_is_refused_and_logged(
    barra_m, authority, platform
):
    warn(barra_m, authority, platform)
    penalty = fine(barra_m, authority, platform)  # imposed on 20/09/2026
    with pytest.raises(PlatformError) as exc:
        notify(barra_m, authority, penalty, dt.date(2026, 9, 19), on=dt.date(2026, 9, 25))
    message = _names_field_and_d_4(exc)
    assert "20/09/2026" in message
    with tenant(barra_m):
        x = PlatformPenalty.objects.get(pk=penalty.pk)
    assert x.decision_notice_on is None and x.status == PlatformPenalty.Status.AWAITING_NOTICE
    [act] = _refusals(barra_m, "notice.record", penalty)
    assert act.record["payload"]["motivo"] == message
    assert notify(barra_m, authority, penalty, dt.date(2026, 9, 20)).decision_notice_on


def test_d_4_the_notice_of_a_case_decision_before_it_is_refused_and_logged(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    case = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=open_case(barra_m, authority, platform),
        uphold=True,
        text="Falta grave.",
        on=DECIDED,
    )
    with pytest.raises(PlatformError) as exc:
        platform_case_decision_notice_record(
            actor=authority,
            municipality=barra_m,
            case=case,
            notice_on=DECIDED - dt.timedelta(days=1),
            on=DECIDED + dt.timedelta(days=3),
        )
    assert f"{DECIDED:%d/%m/%Y}" in _names_field_and_d_4(exc)
    with tenant(barra_m):
        assert PlatformCase.objects.get(pk=case.pk).decision_notice_on is None
    assert len(_refusals(barra_m, "platform.case.notice", case)) == 1


def test_d_4_a_notice_after_the_municipalitys_today_is_refused_even_when_recorded_later(
    barra_m, authority, platform
):
    warn(barra_m, authority, platform)
    penalty = fine(barra_m, authority, platform)
    tomorrow = today_of(barra_m) + dt.timedelta(days=1)
    # The caller's day of recording does not move the municipality's today.
    with pytest.raises(PlatformError) as exc:
        notify(barra_m, authority, penalty, tomorrow, on=tomorrow)
    assert "futuro" in _names_field_and_d_4(exc)
    with tenant(barra_m):
        assert PlatformPenalty.objects.get(pk=penalty.pk).decision_notice_on is None
    assert len(_refusals(barra_m, "notice.record", penalty)) == 1


def test_d_4_the_future_is_read_on_the_municipalitys_clock_not_brasilias(
    barra_m, authority, platform, monkeypatch
):
    """Barra do Garças (MT) lives an hour behind Brasília: at 00:30 in Brasília it is still the
    day before there, and a notice dated Brasília's day is a day still to come."""
    warn(barra_m, authority, platform)
    penalty = fine(barra_m, authority, platform)
    brasilia = dt.datetime(2026, 12, 2, 0, 30, tzinfo=dt.timezone(dt.timedelta(hours=-3)))
    monkeypatch.setattr(timezone, "now", lambda: brasilia)
    assert today_of(barra_m) == dt.date(2026, 12, 1)
    with pytest.raises(PlatformError) as exc:
        notify(barra_m, authority, penalty, dt.date(2026, 12, 2), on=None)
    _names_field_and_d_4(exc)

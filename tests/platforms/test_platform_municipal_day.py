"""The platforms' "today", outside a request, is the municipality's own day (D-4, D-15): at 00:30
of 01/07/2026 in Brasília (the settings' TIME_ZONE) it is still 23:30 of 30/06 in Barra do Garças
(UTC−4), where a notice, a complaint's filing and an answer are dated on its 30/06."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import platform_actor

from outorga.platforms.services.cases import platform_case_open
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.complaints import complaint_answer, complaint_forward

#: 00:30 of 01/07 in Brasília, 23:30 of 30/06 in Barra do Garças.
INSTANT = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
BARRA_TODAY, BRASILIA_TODAY = dt.date(2026, 6, 30), dt.date(2026, 7, 1)


@pytest.fixture
def at_the_instant(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("django.utils.timezone.now", lambda: INSTANT)


def test_d_4_a_case_opened_at_brasilias_midnight_is_notified_on_barra_do_garcas_day(
    barra_m, authority, platform, at_the_instant
):
    case = platform_case_open(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        kind="credential_suspension",
        infraction_on=dt.date(2026, 6, 1),
        grounds="Relatórios mensais não entregues em três meses seguidos.",
        suspension_days=30,
    )
    assert case.notice_on == BARRA_TODAY


def test_art_15_a_complaint_filed_barra_do_garcas_tomorrow_is_refused(
    barra_m, platform, at_the_instant
):
    with pytest.raises(PlatformError, match="futuro") as exc:
        complaint_forward(
            actor=platform_actor(),
            municipality=barra_m,
            platform=platform,
            description="Motorista cobrou acima da tarifa.",
            filed_on=BRASILIA_TODAY,
        )
    assert exc.value.errors[0]["campo"] == "filed_on"
    assert "art. 15" in exc.value.errors[0]["erro"] and "D-4" in exc.value.errors[0]["erro"]


def test_art_15_an_answer_at_23h30_of_the_last_day_in_barra_do_garcas_is_on_time(
    barra_m, platform, at_the_instant
):
    complaint = complaint_forward(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        description="Motorista cobrou acima da tarifa.",
        filed_on=dt.date(2026, 6, 23),
    )
    assert complaint.deadline == BARRA_TODAY  # 5 business days (art. 15; D-4)
    answered, decision = complaint_answer(
        actor=platform_actor(),
        municipality=barra_m,
        complaint=complaint,
        answer="Valor devolvido ao usuário.",
    )
    assert answered.answered_on == BARRA_TODAY
    assert decision.outcome["status"] == "answered_on_time"


def test_d_15_a_record_that_kept_only_its_instant_is_dated_on_barra_do_garcas_clock(barra_m):
    """A penalty or case decision recorded before the day itself was kept (only ``imposed_at`` /
    ``decided_at``): 00:30 of 01/07 in Brasília is still 30/06 in Barra do Garças, the day its
    periods and finality count from."""
    from outorga.platforms.models import PlatformCase, PlatformPenalty
    from outorga.platforms.services.cases import decided_on
    from outorga.platforms.services.penalty_process import imposed_on

    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    penalty = PlatformPenalty(municipality=barra_m, imposed_on=None, imposed_at=instant)
    assert imposed_on(penalty) == dt.date(2026, 6, 30)
    case = PlatformCase(municipality=barra_m, decision={}, decided_at=instant)
    assert decided_on(case) == dt.date(2026, 6, 30)

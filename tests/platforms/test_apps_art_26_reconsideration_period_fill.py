"""Art. 26, parágrafo único, with Lei 9.784/1999 art. 56 §1 (D-17): an appeal against a platform's
penalty filed before the penalties had the reconsideration step (e9510984) carries no period to
reconsider, so the penalty's page offered it to the Chief Executive — and hid the authority's
reconsideration — while the law keeps it with the authority that imposed the penalty for its
period. The daily sweep records on each one still with that authority the day the law gives,
asked as at its filing, with an act; nothing else is touched."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import on_municipal_day
from test_apps_art_26_reconsideration import ART_56_1, reconsider
from test_platform_penalty_appeal import acts, fine, notify, paper, reload, warn

from outorga.core.acts import Actor
from outorga.core.models import CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformPenalty, PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_judge
from outorga.platforms.sweeping import sweep_platforms

pytestmark = pytest.mark.django_db

ART_26_SOLE = (
    "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, parágrafo único"
)
FILED = dt.date(2026, 10, 7)  # a Wednesday
# The 5th day after is Monday 12/10, a national holiday: the period ends Tuesday 13/10 (D-4).
LAST = dt.date(2026, 10, 13)
FILL = "prazo de reconsideração registrado"


def _appeal(m, authority, platform, notice_on=dt.date(2026, 10, 2)):  # type: ignore[no-untyped-def]
    """A fine of 100 UPFBG noticed 02/10/2026 and appealed on paper on ``FILED``."""
    x = fine(m, authority, platform)
    notify(m, authority, x, notice_on)
    return paper(m, authority, x, FILED)


def _as_filed_before_the_step(m, appeal):  # type: ignore[no-untyped-def]
    """The row as an appeal filed before e9510984 left it: no period to reconsider."""
    with tenant(m):
        PlatformPenaltyAppeal.objects.filter(pk=appeal.pk).update(reconsider_until=None)
    return _reload(appeal)


def _reload(appeal):  # type: ignore[no-untyped-def]
    return PlatformPenaltyAppeal._base_manager.get(pk=appeal.pk)


def _fill_lines(m, on):  # type: ignore[no-untyped-def]
    return [line for line in sweep_platforms(m, on).lines if FILL in line]


@pytest.fixture
def old_appeal(barra_m, authority, platform):  # type: ignore[no-untyped-def]
    warn(barra_m, authority, platform, final=True)
    return _as_filed_before_the_step(barra_m, _appeal(barra_m, authority, platform))


def _page(user_of, role, appeal) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    return c.get(f"/plataformas/penalidades/{appeal.penalty_id}/").content.decode()


def test_lei_9784_art_56_1_d_17_a_pending_appeal_filed_before_the_step_gets_its_period(
    barra_m, old_appeal
):
    (line,) = _fill_lines(barra_m, dt.date(2026, 10, 8))
    a = _reload(old_appeal)
    assert a.reconsider_until == LAST  # as the law gives it to an appeal filed now
    assert f"penalidade {a.penalty_id}" in line and "13/10/2026" in line
    (act,) = acts(barra_m, "appeal.reconsider.fill", a)
    assert act.outcome == "done"
    assert act.record["payload"]["old"] == {"reconsider_until": None}
    assert act.record["payload"]["new"]["reconsider_until"] == LAST.isoformat()
    assert act.record["payload"]["new"]["filed_on"] == FILED.isoformat()
    assert ART_56_1 in act.record["basis"]["citations"]
    assert ART_26_SOLE in act.record["basis"]["citations"]
    # Run again: nothing more.
    assert _fill_lines(barra_m, dt.date(2026, 10, 9)) == []
    assert len(acts(barra_m, "appeal.reconsider.fill", a)) == 1
    assert _reload(a).reconsider_until == LAST


def test_lei_9784_art_56_1_once_filled_the_mayor_is_refused_within_the_period_and_judges_after(
    barra_m, authority, mayor, user_of, old_appeal, monkeypatch
):
    """Before the sweep the Chief Executive's page offered the judgment the law refuses; after
    it the page, the authority's reconsideration and the law read the same day."""
    on_municipal_day(monkeypatch, dt.date(2026, 10, 8))
    assert "Registrar julgamento" in _page(user_of, Role.CHEFE_EXECUTIVO, old_appeal)
    sweep_platforms(barra_m, dt.date(2026, 10, 8))
    page = _page(user_of, Role.CHEFE_EXECUTIVO, old_appeal)
    assert "Registrar julgamento" not in page
    assert "julgá-lo a partir de 14/10/2026" in page
    assert "Registrar reconsideração" in _page(user_of, Role.AUTORIDADE, old_appeal)
    on_municipal_day(monkeypatch, LAST)
    with pytest.raises(PlatformError) as refused:
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=old_appeal,
            upheld=False,
            reasoning="Nego provimento: a infração está comprovada.",
            on=LAST,
        )
    told = json.dumps(refused.value.to_json(), ensure_ascii=False)
    assert ART_56_1 in told and "13/10/2026" in told
    assert _reload(old_appeal).result == PlatformPenaltyAppeal.Result.PENDING
    on_municipal_day(monkeypatch, LAST + dt.timedelta(days=1))
    assert "Registrar julgamento" in _page(user_of, Role.CHEFE_EXECUTIVO, old_appeal)
    judged = platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=old_appeal,
        upheld=False,
        reasoning="Nego provimento: a infração está comprovada.",
        on=LAST + dt.timedelta(days=1),
    )
    assert judged.result == PlatformPenaltyAppeal.Result.DISMISSED
    assert reload(old_appeal.penalty).status == PlatformPenalty.Status.FINAL


def test_lei_9784_art_56_1_a_period_already_over_is_recorded_and_the_mayor_judges(
    barra_m, mayor, old_appeal
):
    """Filled long after it ended: the period recorded is the one the law gave at the filing."""
    (line,) = _fill_lines(barra_m, dt.date(2026, 12, 1))
    assert _reload(old_appeal).reconsider_until == LAST and "13/10/2026" in line
    judged = platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=old_appeal,
        upheld=True,
        reasoning="Provido: o relatório foi entregue no prazo.",
        on=dt.date(2026, 12, 1),
    )
    assert judged.result == PlatformPenaltyAppeal.Result.UPHELD


def test_d_4_lei_9784_art_56_1_a_filled_last_day_recorded_closed_moves_like_any_other(
    barra_m, user_of, old_appeal
):
    sweep_platforms(barra_m, dt.date(2026, 10, 8))
    calendar_day_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.ADMIN), "198.51.100.1"),
        municipality=barra_m,
        date=LAST,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )
    a = _reload(old_appeal)
    assert a.reconsider_until == LAST + dt.timedelta(days=1)
    (moved,) = acts(barra_m, "platform.deadline.move", a)
    # The superior receives the appeal the day after the last day to reconsider (15/10, ADR
    # 0078), so the 30 days to judge (Lei 9.784 art. 59 §1) move with it: 14/11 is a Saturday
    # and 15/11 a Sunday and holiday, so they end on Monday 16/11 (D-4).
    assert moved.record["payload"]["new"] == {
        "reconsider_until": "2026-10-14",
        "judge_until": "2026-11-16",
    }


@pytest.mark.parametrize("which", ["judged", "forwarded", "with_its_period"])
def test_lei_9784_art_56_1_only_a_pending_appeal_still_with_the_authority_and_no_period_is_filled(
    barra_m, authority, mayor, platform, old_appeal, which
):
    """An appeal judged has nothing left to reconsider, one reconsidered and sent up has spent
    the step, and one that has its period (here moved by a closed day) keeps it; the appeal
    still waiting beside them is filled."""
    other = _appeal(barra_m, authority, platform)
    if which == "judged":
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=other,
            upheld=False,
            reasoning="Nego provimento.",
            on=LAST + dt.timedelta(days=1),
        )
        other = _as_filed_before_the_step(barra_m, other)
        assert other.result == PlatformPenaltyAppeal.Result.DISMISSED
    elif which == "forwarded":
        other = reconsider(barra_m, authority, other, dt.date(2026, 10, 9), result="confirm")
        other = _as_filed_before_the_step(barra_m, other)
        assert other.forwarded_on == dt.date(2026, 10, 9)
    else:
        with tenant(barra_m):
            PlatformPenaltyAppeal.objects.filter(pk=other.pk).update(
                reconsider_until=dt.date(2026, 10, 14)
            )
    kept = _reload(other).reconsider_until
    sweep_platforms(barra_m, dt.date(2026, 12, 1))
    assert _reload(old_appeal).reconsider_until == LAST
    assert _reload(other).reconsider_until == kept
    assert acts(barra_m, "appeal.reconsider.fill", other) == []

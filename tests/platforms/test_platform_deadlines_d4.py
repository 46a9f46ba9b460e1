"""D-4 for the platforms: a day the municipality records as no business day (a holiday, a ponto
facultativo, the office closed) moves at once the platforms' running deadlines it changes — a
calendar-day period whose last day it is (Lei 9.784/1999 art. 66 §1), a business-day count (apps
art. 15) with the day inside its window — each with an act; the record, the platform's portal, its
aviso and the API say the new day. A deadline the day does not change, one already met or one
already lapsed stays."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import on_municipal_day, platform_actor, warn
from platforms_factories import suspension_case as open_case
from test_apps_art_26_iv_case_appeal import decided, paper

from outorga.core.acts import Actor
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Complaint, PlatformCase, PlatformNotice
from outorga.platforms.services.cases import platform_case_defend
from outorga.platforms.services.complaints import complaint_answer, complaint_file_public
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_file
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.platforms.tokens import api_token_issue

pytestmark = pytest.mark.django_db

T = dt.date(2026, 11, 3)  # a Tuesday: the day the notices go out


@pytest.fixture(autouse=True)
def on_t(monkeypatch):
    on_municipal_day(monkeypatch, T)


@pytest.fixture
def api(barra_m, authority, platform):
    _, secret = api_token_issue(
        actor=authority, municipality=barra_m, platform=platform, name="teste"
    )

    def get(path: str) -> list[dict]:
        r = Client().get(f"/api/v1{path}", headers={"Authorization": f"Bearer {secret}"})
        assert r.status_code == 200
        return r.json()["items"]

    return get


def closed(barra_m, user_of, day: dt.date, kind: str = CalendarDay.Kind.CLOSED) -> None:
    calendar_day_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.ADMIN), "198.51.100.1"),
        municipality=barra_m,
        date=day,
        kind=kind,
        description="expediente suspenso (teste)",
        legal_reference="Decreto 1/2026",
    )


def moves(barra_m, obj) -> list[Act]:
    with tenant(barra_m):
        return list(
            Act.objects.filter(
                action="platform.deadline.move",
                object_type=obj._meta.label_lower,
                object_id=str(obj.pk),
            ).order_by("pk")
        )


def test_d4_a_closed_day_recorded_after_notice_moves_the_platform_defence_deadline(
    barra_m, authority, platform, user_of, portal, api
):
    """Notice on Tuesday 03/11/2026 + 10 days = Friday 13/11 (art. 26 sole paragraph; D-17).
    The office is then declared closed on 13/11: the defence runs until Monday 16/11 (D-4)."""
    case = open_case(barra_m, authority, platform)
    defended = open_case(barra_m, authority, platform)
    platform_case_defend(
        actor=platform_actor(), municipality=barra_m, case=defended, text="Entregamos."
    )
    assert case.defence_until == defended.defence_until == dt.date(2026, 11, 13)
    closed(barra_m, user_of, dt.date(2026, 11, 13))
    with tenant(barra_m):
        case.refresh_from_db()
        defended.refresh_from_db()
    assert case.defence_until == dt.date(2026, 11, 16)
    (act,) = moves(barra_m, case)
    assert act.record["payload"]["old"] == {"defence_until": "2026-11-13"}
    assert act.record["payload"]["new"] == {"defence_until": "2026-11-16"}
    assert "decisão D-4" in act.record["basis"]["citations"]
    # A defence already filed met its period: nothing runs, nothing moves.
    assert defended.defence_until == dt.date(2026, 11, 13) and moves(barra_m, defended) == []
    page = portal.get(f"/plataforma/processos/{case.pk}/").content.decode()
    assert "até 16/11/2026" in page and "13/11/2026" not in page
    seen = {row["id"]: row["defence_until"] for row in api("/platform/cases")}
    assert seen[case.pk] == "2026-11-16" and seen[defended.pk] == "2026-11-13"
    # A day that is no running last day moves nothing.
    closed(barra_m, user_of, dt.date(2026, 11, 12))
    with tenant(barra_m):
        assert PlatformCase.objects.get(pk=case.pk).defence_until == dt.date(2026, 11, 16)
    assert len(moves(barra_m, case)) == 1


def test_apps_art_15_a_closed_day_inside_the_window_moves_the_complaint_deadline(
    barra_m, platform, user_of, portal, api
):
    """Filed on Tuesday 03/11/2026: 5 business days — 04, 05, 06, 09, 10/11. A ponto facultativo
    on Thursday 05/11, inside the window and not its last day, makes it 11/11 (art. 15; D-4).
    One filed on 26/10 (due 03/11, Finados on 02/11 not counted) ends before that day and stays;
    one already answered stays."""
    running, _ = complaint_file_public(
        municipality=barra_m, platform=platform, description="Cobrança indevida.", on=T
    )
    earlier, _ = complaint_file_public(
        municipality=barra_m,
        platform=platform,
        description="Motorista recusou a corrida.",
        on=dt.date(2026, 10, 26),
    )
    answered, _ = complaint_file_public(
        municipality=barra_m, platform=platform, description="Carro sujo.", on=T
    )
    complaint_answer(
        actor=platform_actor(),
        municipality=barra_m,
        complaint=answered,
        answer="Motorista orientado.",
        on=T,
    )
    assert running.deadline == answered.deadline == dt.date(2026, 11, 10)
    assert earlier.deadline == dt.date(2026, 11, 3)
    closed(barra_m, user_of, dt.date(2026, 11, 5), CalendarDay.Kind.OPTIONAL)
    with tenant(barra_m):
        deadlines = {
            c.pk: c.deadline for c in Complaint.objects.filter(platform=platform).order_by("pk")
        }
        notice = PlatformNotice.objects.get(key=f"complaint-{running.pk}")
    assert deadlines == {
        running.pk: dt.date(2026, 11, 11),
        earlier.pk: dt.date(2026, 11, 3),
        answered.pk: dt.date(2026, 11, 10),
    }
    (act,) = moves(barra_m, running)
    assert (act.record["payload"]["old"], act.record["payload"]["new"]) == (
        {"deadline": "2026-11-10"},
        {"deadline": "2026-11-11"},
    )
    assert moves(barra_m, earlier) == moves(barra_m, answered) == []
    assert notice.due_on == dt.date(2026, 11, 11)
    assert "11/11/2026" in notice.message and "10/11/2026" not in notice.message
    page = portal.get("/plataforma/reclamacoes/").content.decode()
    assert "11/11/2026" in page
    seen = {row["id"]: row["deadline"] for row in api("/platform/complaints")}
    assert seen[running.pk] == "2026-11-11" and seen[earlier.pk] == "2026-11-03"


def test_d4_a_closed_day_on_its_last_day_moves_the_penalty_appeal_deadline(
    barra_m, authority, platform, user_of, portal, api
):
    """A warning notified on 03/11/2026: appeal until 13/11 (D-17, 10 days). 13/11 declared
    closed: until 16/11, on the penalty, its aviso, the portal and the API (D-4)."""
    penalty = warn(barra_m, authority, platform)
    platform_penalty_notice_record(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        notice_on=T,
        channel="personal",
        on=T,
    )
    closed(barra_m, user_of, dt.date(2026, 11, 13))
    with tenant(barra_m):
        penalty.refresh_from_db()
        notice = PlatformNotice.objects.get(key=f"penalty-notice-{penalty.pk}")
    assert penalty.appeal_until == dt.date(2026, 11, 16)
    assert penalty.procedure["notice"]["outcome"]["appeal_until"] == "2026-11-16"
    (act,) = moves(barra_m, penalty)
    assert (act.record["payload"]["old"], act.record["payload"]["new"]) == (
        {"appeal_until": "2026-11-13"},
        {"appeal_until": "2026-11-16"},
    )
    assert notice.due_on == dt.date(2026, 11, 16) and "16/11/2026" in notice.message
    assert "13/11/2026" not in notice.message
    page = portal.get(f"/plataforma/penalidades/{penalty.pk}/").content.decode()
    assert "até 16/11/2026" in page
    (row,) = api("/platform/penalties")
    assert row["appeal_until"] == "2026-11-16"


def test_d4_a_closed_day_moves_the_reconsideration_and_judgment_periods_of_an_appeal(
    barra_m, authority, platform, user_of, api
):
    """An appeal filed on paper on 03/11/2026: the deciding authority may reconsider until
    Monday 09/11 (5 days end on Sunday 08/11; Lei 9.784/1999 art. 56 §1), and the superior one,
    receiving it on 10/11, judges until 10/12 (30 days from the receipt, art. 59 §1; ADR 0078).
    09/11 declared closed: reconsider until 10/11, so the receipt is 11/11 and the judgment 11/12;
    11/12 declared closed: judge until Monday 14/12."""
    penalty = warn(barra_m, authority, platform)
    appeal = platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        text="O relatório foi entregue; segue o protocolo.",
        channel="paper",
        filed_on=T,
        on=T,
    )
    assert (appeal.reconsider_until, appeal.judge_until) == (
        dt.date(2026, 11, 9),
        dt.date(2026, 12, 10),
    )
    closed(barra_m, user_of, dt.date(2026, 11, 9))
    with tenant(barra_m):
        appeal.refresh_from_db()
    assert (appeal.reconsider_until, appeal.judge_until) == (
        dt.date(2026, 11, 10),
        dt.date(2026, 12, 11),
    )
    closed(barra_m, user_of, dt.date(2026, 12, 11))
    with tenant(barra_m):
        appeal.refresh_from_db()
    assert appeal.judge_until == dt.date(2026, 12, 14)
    first, second = moves(barra_m, appeal)
    assert (first.record["payload"]["old"], first.record["payload"]["new"]) == (
        {"reconsider_until": "2026-11-09", "judge_until": "2026-12-10"},
        {"reconsider_until": "2026-11-10", "judge_until": "2026-12-11"},
    )
    assert (second.record["payload"]["old"], second.record["payload"]["new"]) == (
        {"judge_until": "2026-12-11"},
        {"judge_until": "2026-12-14"},
    )
    (row,) = api("/platform/penalties")
    assert row["appeal"]["reconsider_until"] == "2026-11-10"
    assert row["appeal"]["judge_until"] == "2026-12-14"


def test_d4_a_closed_day_moves_the_chief_executives_period_to_reconsider_a_suspension(
    barra_m, authority, mayor, platform, user_of, api
):
    """The platform appeals on 03/11/2026 against the suspension of its credential: the Chief
    Executive may reconsider until Monday 09/11 (Lei 9.784/1999 art. 56 §1; D-17). 09/11 declared
    closed: until 10/11, on the record and the API (D-4)."""
    appeal = paper(barra_m, authority, decided(barra_m, authority, mayor, platform), T)
    assert appeal.reconsider_until == dt.date(2026, 11, 9)
    closed(barra_m, user_of, dt.date(2026, 11, 9))
    with tenant(barra_m):
        appeal.refresh_from_db()
    assert appeal.reconsider_until == dt.date(2026, 11, 10)
    (act,) = moves(barra_m, appeal)
    assert act.record["payload"]["new"] == {"reconsider_until": "2026-11-10"}
    (row,) = [r for r in api("/platform/cases") if r["appeal"]]
    assert row["appeal"]["reconsider_until"] == "2026-11-10"


def test_d4_a_past_day_recorded_late_moves_a_deadline_still_waiting(barra_m, platform, user_of):
    """A complaint filed on 20/10/2026 was due on 27/10 and is still unanswered. Recording on a
    later day that 22/10 was a ponto facultativo counts its 5 business days again (art. 15): its
    deadline is 28/10 — overdue all the same, but the record says the day the law gives, as a
    case of enforcement waiting on a deadline would."""
    waiting, _ = complaint_file_public(
        municipality=barra_m,
        platform=platform,
        description="Cobrança indevida.",
        on=dt.date(2026, 10, 20),
    )
    assert waiting.deadline == dt.date(2026, 10, 27)
    closed(barra_m, user_of, dt.date(2026, 10, 22), CalendarDay.Kind.OPTIONAL)
    with tenant(barra_m):
        waiting.refresh_from_db()
    assert waiting.deadline == dt.date(2026, 10, 28)
    (act,) = moves(barra_m, waiting)
    assert act.record["payload"]["old"] == {"deadline": "2026-10-27"}
    assert act.record["payload"]["new"] == {"deadline": "2026-10-28"}

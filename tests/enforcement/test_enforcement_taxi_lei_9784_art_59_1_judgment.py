"""Taxi (art. 43, D-17): the Chief Executive judges the appeal within the regulation's days, else
the 30 of Lei 9.784/1999 art. 59 §1, "a partir do recebimento dos autos" — the day the authority
that decided sent it up, else the day after its period to reconsider (art. 56 §1; ADR 0078,
0084). The appeal records that day; sending it up counts it again, and a day recorded as without
business moves it (D-4, art. 66). The case page, the queue, the home and the API show it. The
mototaxi law sets no period to judge: its appeals stay shown since their filing."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from enforcement_factories import (
    appealed,
    at_executive,
    client_of,
    file,
    taxi_refusal_auto,
)

from outorga.core.acts import Actor
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record, parameter_override_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.reconsideration import appeal_reconsider
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday: the auto and the defence
FILED = dt.date(2026, 4, 9)  # the appeal, a Thursday: five days to reconsider end Tuesday 14/04
LAST_TO_RECONSIDER = dt.date(2026, 4, 14)
#: Received by the Chief Executive on Wednesday 15/04: the 30th day is Friday 15/05/2026.
JUDGE = dt.date(2026, 5, 15)
#: What the law answers the day rests on while the regulation sets no days: the default of Lei
#: 9.784/1999 (D-17), which the pages name as one a regulation may replace.
BASIS = (
    "prazo do regulamento ou, na falta, 30 dias do recebimento — Lei Federal 9.784/1999, art. 59, §1; "
    "decisão D-17"
)


def _appeal(world: Any) -> Filing:
    return appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)


def _now(world: Any, appeal: Filing) -> Filing:
    with tenant(world.m):
        return Filing.objects.get(pk=appeal.pk)


def _close(world: Any, user_of: Any, day: dt.date) -> None:
    calendar_day_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        date=day,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )


def _page(user: Any, url: str) -> str:
    r = client_of(user).get(url)
    assert r.status_code == 200, url
    return r.content.decode()


def test_lei_9784_art_59_1_taxi_the_appeal_records_the_day_to_judge_from_the_superiors_receipt(
    world,
):
    appeal = _appeal(world)
    assert appeal.reconsider_until == LAST_TO_RECONSIDER
    assert appeal.judge_until == JUDGE  # not 30 days from the filing (Monday 11/05)
    with tenant(world.m):
        act = Act.objects.filter(action="appeal.executive.file").latest("seq")
    assert act.record["payload"]["new"]["judge_until"] == JUDGE.isoformat()
    assert "Lei Federal 9.784/1999, art. 59, §1" in act.record["basis"]["citations"]


def test_lei_9784_art_59_1_taxi_sent_up_the_30_days_run_again_and_a_saturday_moves_them(world):
    """Kept and sent up the day it was filed, Thursday 09/04: the 30th day is Saturday 09/05,
    so the Chief Executive judges it by Monday 11/05/2026 (D-4)."""
    appeal = _appeal(world)
    appeal_reconsider(
        actor=world.authority,
        municipality=world.m,
        filing=appeal,
        result="confirm",
        reasoning="Decisão mantida.",
        on=FILED,
    )
    appeal = _now(world, appeal)
    assert appeal.forwarded_on == FILED and appeal.judge_until == dt.date(2026, 5, 11)
    with tenant(world.m):
        act = Act.objects.filter(action="appeal.forward").latest("seq")
    assert act.record["payload"]["new"]["judge_until"] == "2026-05-11"
    assert "Lei Federal 9.784/1999, art. 59, §1" in act.record["basis"]["citations"]


def test_lei_9784_art_59_1_d_4_a_closed_30th_day_moves_the_day_to_judge(world, user_of):
    """Friday 15/05/2026 recorded as without business: the next business day is Monday 18/05."""
    appeal = _appeal(world)
    _close(world, user_of, JUDGE)
    assert _now(world, appeal).judge_until == dt.date(2026, 5, 18)
    with tenant(world.m):
        act = Act.objects.filter(action="appeal.judgment.move").get()
    assert act.record["payload"]["old"]["judge_until"] == JUDGE.isoformat()


def test_lei_9784_art_59_1_a_closed_last_day_to_reconsider_moves_the_receipt_and_the_day_to_judge(
    world, user_of
):
    """Tuesday 14/04 closed: the authority reconsiders until Wednesday 15/04, the Chief Executive
    receives the appeal on Thursday 16/04, and its 30th day, Saturday 16/05, moves to Monday
    18/05/2026."""
    appeal = _appeal(world)
    _close(world, user_of, LAST_TO_RECONSIDER)
    appeal = _now(world, appeal)
    assert appeal.reconsider_until == dt.date(2026, 4, 15)
    assert appeal.judge_until == dt.date(2026, 5, 18)


def test_lei_9784_art_59_1_an_appeal_filed_before_the_change_gets_its_day_from_the_sweep(world):
    appeal = _appeal(world)
    with tenant(world.m):
        Filing.objects.filter(pk=appeal.pk).update(judge_until=None)
    report = sweep(world.m, FILED)
    assert appeal.case.number in report["judge_until"]
    assert _now(world, appeal).judge_until == JUDGE
    with tenant(world.m):
        assert Act.objects.filter(action="appeal.judgment.fill").count() == 1
    assert sweep(world.m, FILED)["judge_until"] == []  # a second run changes nothing


def test_lei_9784_art_59_1_taxi_the_case_page_queue_home_and_api_show_the_day_to_judge(
    world, user_of
):
    appeal = _appeal(world)
    case = appeal.case
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    shown = f"julgar até {JUDGE:%d/%m/%Y} ({BASIS})"

    detail = _page(mayor, f"/fiscalizacao/processos/{case.pk}/")
    assert re.search(
        rf"julgar até <strong>{JUDGE:%d/%m/%Y}</strong> \({re.escape(BASIS)}\)", detail
    )

    fila = _page(mayor, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert f"apresentado em {FILED:%d/%m/%Y}" in row and shown in row, row

    home = _page(mayor, "/")
    li = next(li for li in re.findall(r"<li[^>]*>.*?</li>", home, re.S) if case.number in li)
    when = re.search(r'<span class="when">(.*?)</span>', li, re.S)
    assert when is not None and when.group(1).startswith(shown), li
    assert "desde" not in when.group(1)

    api = client_of(mayor)
    out = api.get(f"/api/v1/enforcement/cases/{case.pk}").json()
    assert out["filings"][-1]["judge_until"] == JUDGE.isoformat()
    (mine,) = [
        a for a in api.get("/api/v1/enforcement/queue").json()["appeals"] if a["id"] == case.pk
    ]
    assert mine["judge_until"] == JUDGE.isoformat()
    assert mine["filed_on"] == FILED.isoformat()


def _shown(page: str, number: str) -> str:
    """The queue's row, or the home's item, of the case ``number``."""
    return next(li for li in re.findall(r"<li[^>]*>.*?</li>", page, re.S) if number in li)


def test_art_43_d_17_taxi_a_regulations_period_is_what_the_pages_name_beside_the_day_to_judge(
    world, user_of
):
    """The regulation sets 20 days (art. 43, D-17): the Chief Executive, receiving the appeal on
    Wednesday 15/04, judges it by Tuesday 05/05/2026, and the case page, the queue and the home
    name the regulation's period the law answered, not the 30 days of Lei 9.784/1999."""
    parameter_override_record(  # what the municipality's administrator records of a decree
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        name="taxi_2017.procedure_appeal_judgment_days",
        value=20,
        effective=dt.date(2026, 1, 1),
        legal_reference="Decreto de teste que regulamenta o art. 43",
    )
    appeal = _appeal(world)
    judge = dt.date(2026, 5, 5)
    assert appeal.judge_until == judge
    basis = "prazo do regulamento: 20 dias do recebimento — art. 43; decisão D-17"
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    detail = _page(mayor, f"/fiscalizacao/processos/{appeal.case.pk}/")
    assert f"julgar até <strong>{judge:%d/%m/%Y}</strong> ({basis})" in detail
    assert "Lei 9.784/1999, art. 59, §1º" not in detail
    row = _shown(_page(mayor, "/fiscalizacao/fila/"), appeal.case.number)
    assert f"julgar até {judge:%d/%m/%Y} ({basis})" in row, row
    home = _shown(_page(mayor, "/"), appeal.case.number)
    assert f"julgar até {judge:%d/%m/%Y} ({basis})" in home, home


def test_lei_9784_art_59_1_the_mototaxi_appeal_has_no_day_to_judge_and_is_shown_since_its_filing(
    world, user_of
):
    auto, _ = at_executive(world, dt.date(2026, 3, 30), dt.date(2026, 4, 8))
    appeal = file(world, auto, FILED)
    assert appeal.stage == Filing.Stage.EXECUTIVE and appeal.judge_until is None
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    home = _page(mayor, "/")
    li = next(li for li in re.findall(r"<li[^>]*>.*?</li>", home, re.S) if appeal.case.number in li)
    assert f"desde {FILED:%d/%m/%Y}" in li and "julgar até" not in li
    assert "julgar até" not in _page(mayor, f"/fiscalizacao/processos/{appeal.case.pk}/")
    sweep(world.m, FILED)
    with tenant(world.m):
        assert Filing.objects.get(pk=appeal.pk).judge_until is None
    out = client_of(mayor).get(f"/api/v1/enforcement/cases/{appeal.case.pk}").json()
    assert out["filings"][-1]["judge_until"] is None


def test_lei_9784_art_59_1_taxi_the_holder_sees_the_day_his_appeal_is_to_be_judged_by(world):
    """The holder who appealed reads on his portal the day the Chief Executive is to judge it by,
    with what it rests on, as the staff do; the mototaxi law gives none (its test above)."""
    appeal = _appeal(world)
    with tenant(world.m):  # the portal's login is the taxi holder's
        holder = appeal.case.person
        type(holder).objects.filter(user=world.holder_user).update(user=None)
        holder.user = world.holder_user
        holder.save(update_fields=["user"])
    case_page = _page(world.holder_user, f"/portal/processos/{appeal.case_id}/")
    assert f"julgamento até <strong>{JUDGE:%d/%m/%Y}</strong>" in case_page
    assert BASIS in case_page

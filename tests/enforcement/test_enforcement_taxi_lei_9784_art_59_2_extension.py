"""Lei 9.784/1999 art. 59, §2º on a taxi appeal (art. 43, D-17): "O prazo mencionado no parágrafo
anterior poderá ser prorrogado por igual período, ante justificativa explícita". The authority
that judges the appeal (the competence table's ``appeal.executive.judge``: the Chief Executive)
extends its day to judge once, by the days of the period in force, from its last day, with a
written justification; the appeal records it, the acts log has it, and the case page, the queue,
the home and the holder's portal show the new day and that it was extended under art. 59 §2 (the
justification on the staff's case page). Refused: without a justification, a second time, after
the appeal was judged, where the regulation set the period (§2 extends only §1's), by a role that
does not judge it, on a day outside the period (after its last day, or before the superior
authority received the appeal: the form is not offered then either); another municipality's
staff do not find the case. The mototaxi law sets no
day to judge (art. 42–44): nothing to extend."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from enforcement_factories import (
    appealed,
    at_executive,
    client_of,
    file,
    judge,
    pdf_text,
    refused_acts,
    taxi_refusal_auto,
)

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act, CalendarDay
from outorga.core.services import calendar_day_record, parameter_override_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.judgment import judgment_extend
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import NotCompetent, Role
from outorga.registry.validation import FieldError

#: The extension is an act of its day (D-4, D-15): "today" is EXTENDED_ON, inside the period that
#: runs from the receipt on 15/04/2026 to its last day, 15/05/2026 (art. 59 §1 and §2).
pytestmark = pytest.mark.clock("2026-05-04T12:00:00-03:00")

D = dt.date(2026, 4, 6)  # a Monday: the auto and the defence
FILED = dt.date(2026, 4, 9)  # received by the Chief Executive on Wednesday 15/04
JUDGE = dt.date(2026, 5, 15)  # its 30th day, a Friday
EXTENDED_ON = dt.date(2026, 5, 4)
#: 30 more days from Friday 15/05/2026: Sunday 14/06, moved to Monday 15/06/2026 (D-4).
EXTENDED = dt.date(2026, 6, 15)
WHY = "Perícia no veículo ainda em curso; o laudo é indispensável ao julgamento."
SHOWN = "prorrogado por igual período em 04/05/2026, de 15/05/2026 — Lei Federal 9.784/1999, art. 59, §2"


def _appeal(world: Any) -> Filing:
    return appealed(world, taxi_refusal_auto(world, on=D), defence_on=D, filed_on=FILED)


def _now(world: Any, appeal: Filing) -> Filing:
    with tenant(world.m):
        return Filing.objects.get(pk=appeal.pk)


def _url(appeal: Filing) -> str:
    return f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/"


def _post(user: Any, appeal: Filing, justification: str = WHY, on: dt.date = EXTENDED_ON) -> Any:
    return client_of(user).post(
        _url(appeal), {"justification": justification, "on": on.isoformat()}, follow=True
    )


def _page(user: Any, url: str) -> str:
    r = client_of(user).get(url)
    assert r.status_code == 200, url
    return r.content.decode()


def _shown(page: str, number: str) -> str:
    return next(li for li in re.findall(r"<li[^>]*>.*?</li>", page, re.S) if number in li)


def test_lei_9784_art_59_2_the_chief_executive_extends_the_day_to_judge_once_by_30_days(
    world, user_of
):
    appeal = _appeal(world)
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    page = _page(mayor, f"/fiscalizacao/processos/{appeal.case_id}/")
    assert _url(appeal) in page  # the form, for who judges the appeal
    r = _post(mayor, appeal)
    assert r.status_code == 200
    assert "Prazo para julgar prorrogado até 15/06/2026 (Lei Federal 9.784/1999, art. 59, §2)." in (
        r.content.decode()
    )
    appeal = _now(world, appeal)
    assert appeal.judge_until == EXTENDED
    assert appeal.judgment_extended_on == EXTENDED_ON
    ext = appeal.judgment_extension
    assert ext["justification"] == WHY and ext["by"] == mayor.pk
    assert ext["from"] == JUDGE.isoformat() and ext["until"] == EXTENDED.isoformat()
    with tenant(world.m):
        act = Act.objects.filter(action="appeal.judgment.extend").get()
    payload = act.record["payload"]
    assert payload["old"]["judge_until"] == JUDGE.isoformat()
    assert payload["new"]["judge_until"] == EXTENDED.isoformat()
    assert payload["new"]["justification"] == WHY
    assert "Lei Federal 9.784/1999, art. 59, §2" in act.record["basis"]["citations"]


def test_lei_9784_art_59_2_the_pages_show_the_extended_day_and_the_article(world, user_of):
    appeal = _appeal(world)
    judgment_extend(
        actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=EXTENDED_ON
    )
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    number = appeal.case.number
    detail = _page(mayor, f"/fiscalizacao/processos/{appeal.case_id}/")
    assert f"julgar até <strong>{EXTENDED:%d/%m/%Y}</strong>" in detail
    assert SHOWN in detail and WHY in detail  # the justification, for the staff
    assert _url(appeal) not in detail  # once: no second form
    row = _shown(_page(mayor, "/fiscalizacao/fila/"), number)
    assert f"julgar até {EXTENDED:%d/%m/%Y}" in row and SHOWN in row, row
    home = _shown(_page(mayor, "/"), number)
    assert f"julgar até {EXTENDED:%d/%m/%Y}" in home and SHOWN in home, home
    with tenant(world.m):  # the portal's login is the taxi holder's
        holder = appeal.case.person
        type(holder).objects.filter(user=world.holder_user).update(user=None)
        holder.user = world.holder_user
        holder.save(update_fields=["user"])
    portal = _page(world.holder_user, f"/portal/processos/{appeal.case_id}/")
    assert f"julgamento até <strong>{EXTENDED:%d/%m/%Y}</strong>" in portal
    assert SHOWN in portal


def test_lei_9784_art_59_2_a_justification_is_required(world, user_of):
    appeal = _appeal(world)
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    r = _post(mayor, appeal, justification="   ")
    text = r.content.decode()
    assert "justificativa" in text and "(Lei Federal 9.784/1999, art. 59, §2)" in text
    assert _now(world, appeal).judge_until == JUDGE
    with pytest.raises(FieldError):
        judgment_extend(
            actor=world.mayor, municipality=world.m, filing=appeal, justification="", on=EXTENDED_ON
        )


def test_lei_9784_art_59_2_a_second_extension_is_refused_and_logged(world, user_of):
    appeal = _appeal(world)
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    _post(mayor, appeal)
    r = _post(mayor, appeal, justification="Outra razão.", on=EXTENDED_ON)
    assert "já foi prorrogado" in r.content.decode()
    assert _now(world, appeal).judge_until == EXTENDED
    assert len(refused_acts(world, "appeal.judgment.extend")) == 1
    with tenant(world.m):
        assert Act.objects.filter(action="appeal.judgment.extend", outcome="done").count() == 1


def test_lei_9784_art_59_2_no_extension_once_the_appeal_was_judged(world, user_of):
    appeal = _appeal(world)
    judge(world, world.mayor, appeal, dt.date(2026, 5, 4))
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    r = _post(mayor, appeal)
    assert "já foi julgado" in r.content.decode()
    with pytest.raises(InvalidStep):
        judgment_extend(
            actor=world.mayor,
            municipality=world.m,
            filing=appeal,
            justification=WHY,
            on=EXTENDED_ON,
        )
    assert _now(world, appeal).judgment_extended_on is None


def test_lei_9784_art_59_2_the_regulations_own_period_is_not_extended(world, user_of):
    """The regulation sets 20 days (art. 43, D-17): it is not "o prazo mencionado no parágrafo
    anterior" (art. 59 §1), so §2 does not extend it; the form is not offered, and the refusal
    names the article."""
    parameter_override_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        name="taxi_2017.procedure_appeal_judgment_days",
        value=20,
        effective=dt.date(2026, 1, 1),
        legal_reference="Decreto de teste que regulamenta o art. 43",
    )
    appeal = _appeal(world)
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    assert _url(appeal) not in _page(mayor, f"/fiscalizacao/processos/{appeal.case_id}/")
    r = _post(mayor, appeal)
    assert "o prazo mencionado no parágrafo anterior" in r.content.decode()
    assert _now(world, appeal).judge_until == dt.date(2026, 5, 5)
    with pytest.raises(Refused):
        judgment_extend(
            actor=world.mayor,
            municipality=world.m,
            filing=appeal,
            justification=WHY,
            on=EXTENDED_ON,
        )
    assert len(refused_acts(world, "appeal.judgment.extend")) == 2


def test_lei_9784_art_59_2_a_role_that_does_not_judge_the_appeal_may_not_extend(world, user_of):
    appeal = _appeal(world)
    authority = user_of("ipatinga", Role.AUTORIDADE)
    assert _url(appeal) not in _page(authority, f"/fiscalizacao/processos/{appeal.case_id}/")
    r = client_of(authority).post(_url(appeal), {"justification": WHY})
    assert r.status_code == 403
    with pytest.raises(NotCompetent):
        judgment_extend(
            actor=world.authority,
            municipality=world.m,
            filing=appeal,
            justification=WHY,
            on=EXTENDED_ON,
        )
    assert _now(world, appeal).judge_until == JUDGE


def test_lei_9784_art_59_2_another_municipalitys_staff_do_not_find_the_appeal(world, user_of):
    appeal = _appeal(world)
    other = user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO)
    assert client_of(other).post(_url(appeal), {"justification": WHY}).status_code == 404
    assert _now(world, appeal).judgment_extended_on is None


def test_lei_9784_art_59_2_d_4_a_day_closed_later_moves_the_extended_day(world, user_of):
    """The extended day is counted again, as the day to judge is, when a day recorded as without
    business moves the period's last day (D-4): Friday 15/05 closed, the period ends on Monday
    18/05 and its extension 30 days later, on Wednesday 17/06/2026."""
    appeal = _appeal(world)
    judgment_extend(
        actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=EXTENDED_ON
    )
    calendar_day_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        date=JUDGE,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )
    appeal = _now(world, appeal)
    assert appeal.judge_until == dt.date(2026, 6, 17)


def test_lei_9784_art_59_2_the_mototaxi_appeal_has_no_day_to_judge_to_extend(world):
    auto, _ = at_executive(world, dt.date(2026, 3, 30), dt.date(2026, 4, 8))
    appeal = file(world, auto, FILED)
    assert appeal.judge_until is None
    with pytest.raises(InvalidStep):
        judgment_extend(
            actor=world.mayor,
            municipality=world.m,
            filing=appeal,
            justification=WHY,
            on=EXTENDED_ON,
        )


def test_lei_9784_art_59_2_an_extension_dated_in_the_future_is_refused_naming_the_date_and_logged(
    world, user_of
):
    """The extension is an act of its day: the period runs from the day it is decided (D-4) and
    the law in force is that day's (D-15), so a day still to come on the municipality's clock is
    refused under the date; the appeal keeps its day, and the refusal is an act on the appeal —
    outcome refused, the date, why, D-15 and D-4 —, as the apps' penalty appeals keep it."""
    appeal = _appeal(world)
    tomorrow = today_of(world.m) + dt.timedelta(days=1)
    with pytest.raises(FieldError) as exc:
        judgment_extend(
            actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=tomorrow
        )
    assert exc.value.field == "data"
    assert f"({tomorrow:%d/%m/%Y}) não pode estar no futuro" in exc.value.message
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    text = _post(mayor, appeal, on=tomorrow).content.decode()
    assert "não pode estar no futuro" in text
    appeal = _now(world, appeal)
    assert appeal.judge_until == JUDGE and appeal.judgment_extended_on is None
    refused = refused_acts(world, "appeal.judgment.extend")
    assert len(refused) == 2  # the service's and the page's
    for act in refused:
        assert (act.object_type, act.object_id) == ("enforcement.filing", str(appeal.pk))
        assert act.record["payload"]["new"]["data"] == tomorrow.isoformat()
        assert "não pode estar no futuro" in act.record["payload"]["motivo"]
        assert {"decisão D-15", "decisão D-4"} <= set(act.record["basis"]["citations"])
    with tenant(world.m):
        assert not Act.objects.filter(action="appeal.judgment.extend", outcome="done").exists()
    judgment_extend(
        actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=EXTENDED_ON
    )
    assert _now(world, appeal).judge_until == EXTENDED


def _refused_outside(world: Any, user_of: Any, appeal: Filing, on: dt.date, said: str) -> None:
    """An extension dated ``on``, outside the period, refused by the law (the service and the
    page) with ``said``, the refusal logged; nothing recorded on the appeal, no extension act."""
    with pytest.raises(Refused) as exc:
        judgment_extend(
            actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=on
        )
    assert said in str(exc.value)
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    assert _url(appeal) not in _page(mayor, f"/fiscalizacao/processos/{appeal.case_id}/")
    assert said in _post(mayor, appeal, on=on).content.decode()
    appeal = _now(world, appeal)
    assert appeal.judge_until == JUDGE and appeal.judgment_extended_on is None
    assert appeal.judgment_extension == {}
    refused = refused_acts(world, "appeal.judgment.extend")
    assert len(refused) == 2
    for act in refused:  # the rule that refused it, and the articles it rests on
        assert "period_running" in act.canonical
        cited = act.record["basis"]["citations"]
        assert {
            "Lei Federal 9.784/1999, art. 59, §1",
            "Lei Federal 9.784/1999, art. 59, §2",
        } <= set(cited)
    with tenant(world.m):
        assert not Act.objects.filter(action="appeal.judgment.extend", outcome="done").exists()


@pytest.mark.clock("2026-05-20T12:00:00-03:00")
def test_lei_9784_art_59_2_an_extension_after_the_last_day_is_refused(world, user_of):
    """The period ended on 15/05/2026: on 18/05 there is no "prazo mencionado no parágrafo
    anterior" left to be "prorrogado" (art. 59 §1 and §2)."""
    _refused_outside(
        world,
        user_of,
        _appeal(world),
        dt.date(2026, 5, 18),
        "o prazo para julgar terminou em 15/05/2026: não há prazo a prorrogar",
    )


@pytest.mark.clock("2026-04-14T12:00:00-03:00")
def test_lei_9784_art_59_2_an_extension_before_the_receipt_is_refused(world, user_of):
    """The period runs "a partir do recebimento dos autos pelo órgão competente" (art. 59 §1): the
    Chief Executive receives the appeal on 15/04/2026, after the period to reconsider; on 14/04 it
    is still with the authority that decided, and there is no period yet to extend."""
    _refused_outside(
        world,
        user_of,
        _appeal(world),
        dt.date(2026, 4, 14),
        "o prazo para julgar ainda não começou a correr (recebimento em 15/04/2026)",
    )


def test_lei_9784_art_59_2_the_case_api_shows_the_extension_and_its_justification_to_the_staff_only(
    world, user_of
):
    """The case API gives a pending appeal's extended day to judge with the day it was extended
    (``judgment_extended_on``); its justification to the staff, not to the holder, who reads the
    day and the article on the portal as on its page."""
    appeal = _appeal(world)
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    url = f"/api/v1/enforcement/cases/{appeal.case_id}"
    before = next(f for f in mayor.get(url).json()["filings"] if f["id"] == appeal.pk)
    assert before["judge_until"] == JUDGE.isoformat()
    assert before["judgment_extended_on"] is None
    assert before["judgment_extension_justification"] is None
    judgment_extend(
        actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=EXTENDED_ON
    )
    staff = next(f for f in mayor.get(url).json()["filings"] if f["id"] == appeal.pk)
    assert staff["judge_until"] == EXTENDED.isoformat()
    assert staff["judgment_extended_on"] == EXTENDED_ON.isoformat()
    assert staff["judgment_extension_justification"] == WHY
    with tenant(world.m):  # the portal's login is the taxi holder's
        holder = appeal.case.person
        type(holder).objects.filter(user=world.holder_user).update(user=None)
        holder.user = world.holder_user
        holder.save(update_fields=["user"])
    r = client_of(world.holder_user).get("/api/v1/enforcement/me/cases")
    assert r.status_code == 200
    case = next(c for c in r.json()["items"] if c["id"] == appeal.case_id)
    own = next(f for f in case["filings"] if f["id"] == appeal.pk)
    assert own["judge_until"] == EXTENDED.isoformat()
    assert own["judgment_extended_on"] == EXTENDED_ON.isoformat()
    assert own["judgment_extension_justification"] is None
    assert WHY not in r.content.decode()


def test_lei_9784_art_59_2_the_decision_pdf_shows_the_extended_period_not_its_justification(
    world, user_of
):
    """The decision of an appeal judged within its extended period says so: the day it was
    extended, the day it ran to, and the article as the law core renders it; the justification
    stays on the staff's page (the PDF goes to the holder)."""
    appeal = _appeal(world)
    judgment_extend(
        actor=world.mayor, municipality=world.m, filing=appeal, justification=WHY, on=EXTENDED_ON
    )
    judge(world, world.mayor, _now(world, appeal), EXTENDED_ON)
    mayor = client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    r = mayor.get(f"/fiscalizacao/pecas/{appeal.pk}/decisao.pdf")
    assert r.status_code == 200
    text = pdf_text(r.content)
    assert (
        f"até {EXTENDED:%d/%m/%Y}, prorrogado por igual período em {EXTENDED_ON:%d/%m/%Y} "
        f"({extension_cited()})" in text
    ), text
    assert WHY not in text

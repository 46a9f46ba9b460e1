"""Barra do Garças apps law (art. 26, parágrafo único; D-17): the appeal against the decision on an
inspector's auto (art. 26, III) is judged by the Chief Executive within the regulation's days,
else the 30 of Lei 9.784/1999 art. 59 §1, "a partir do recebimento dos autos" — the day the
authority that decided sent it up, else the day after its period to reconsider (art. 56 §1; ADR
0078, 0084). The appeal records that day, sending it up counts it again, and the case page, the
queue and the home show "julgar até", not "desde" the filing."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from enforcement_factories import apps_appealed, client_of

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.enforcement.services.reconsideration import appeal_reconsider
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday: the auto and the defence
FILED = dt.date(2026, 4, 9)  # the appeal, a Thursday: five days to reconsider end Tuesday 14/04
#: Received by the Chief Executive on Wednesday 15/04: the 30th day is Friday 15/05/2026.
JUDGE = dt.date(2026, 5, 15)
#: What the day rests on, as the pages say it: the regulation's days (art. 27), else the default of
#: Lei 9.784/1999 (D-17) — never the federal article alone, which a regulation may replace.
BASIS = (
    "prazo do regulamento ou, na falta, 30 dias do recebimento — Lei Federal 9.784/1999, art. 59, §1; "
    "decisão D-17"
)


def _appeal(barra_m: Any, user_of: Any) -> Filing:
    return apps_appealed(barra_m, user_of, on=D, filed_on=FILED)[1]


def _page(user: Any, url: str) -> str:
    r = client_of(user).get(url)
    assert r.status_code == 200, url
    return r.content.decode()


def test_art_26_sole_d_17_lei_9784_art_59_1_the_apps_autos_appeal_records_the_day_to_judge(
    barra_m, user_of
):
    appeal = _appeal(barra_m, user_of)
    assert appeal.stage == Filing.Stage.EXECUTIVE
    assert appeal.reconsider_until == dt.date(2026, 4, 14)
    assert appeal.judge_until == JUDGE  # not 30 days from the filing (Saturday 09/05 → 11/05)
    with tenant(barra_m):
        act = Act.objects.filter(action="appeal.executive.file").latest("seq")
    assert act.record["payload"]["new"]["judge_until"] == JUDGE.isoformat()
    assert "Lei Federal 9.784/1999, art. 59, §1" in act.record["basis"]["citations"]


def test_art_26_sole_d_17_lei_9784_art_59_1_sent_up_the_30_days_run_again_a_saturday_moves_them(
    barra_m, user_of
):
    """Kept and sent up the day it was filed, Thursday 09/04: the 30th day is Saturday 09/05, so
    the Chief Executive judges it by Monday 11/05/2026 (D-4)."""
    appeal = _appeal(barra_m, user_of)
    appeal_reconsider(
        actor=Actor.of(user_of(barra_m.slug, Role.AUTORIDADE), "198.51.100.9"),
        municipality=barra_m,
        filing=appeal,
        result="confirm",
        reasoning="Decisão mantida.",
        on=FILED,
    )
    with tenant(barra_m):
        appeal = Filing.objects.get(pk=appeal.pk)
        act = Act.objects.filter(action="appeal.forward").latest("seq")
    assert appeal.forwarded_on == FILED and appeal.judge_until == dt.date(2026, 5, 11)
    assert act.record["payload"]["new"]["judge_until"] == "2026-05-11"


def test_art_26_sole_d_17_lei_9784_art_59_1_the_case_page_queue_and_home_show_julgar_ate(
    barra_m, user_of
):
    case = _appeal(barra_m, user_of).case
    mayor = user_of(barra_m.slug, Role.CHEFE_EXECUTIVO)
    detail = _page(mayor, f"/fiscalizacao/processos/{case.pk}/")
    assert re.search(
        rf"julgar até <strong>{JUDGE:%d/%m/%Y}</strong> \({re.escape(BASIS)}\)", detail
    )

    fila = _page(mayor, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert f"julgar até {JUDGE:%d/%m/%Y} ({BASIS})" in row, row

    home = _page(mayor, "/")
    li = next(li for li in re.findall(r"<li[^>]*>.*?</li>", home, re.S) if case.number in li)
    when = re.search(r'<span class="when">(.*?)</span>', li, re.S)
    assert when is not None and when.group(1).startswith(
        f"julgar até {JUDGE:%d/%m/%Y} ({BASIS})"
    ), li
    assert "desde" not in when.group(1)

"""Mototaxi art. 42–44 set the days to file a defence (to the Secretary), an appeal to the JARI and
one to the Chief Executive — 10 each from the notice — and no period to judge them; the taxi law
leaves the procedure to a regulation (art. 43, D-17). A filing awaiting judgment was shown to its
judge as due on the last day it could have been *filed* ("aguardando julgamento até …", "prazo
…, vencido" the day after), a day to decide that no law sets. It is shown since its filing."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.test import Client
from enforcement_factories import (
    appealed,
    at_executive,
    at_jari,
    case_of,
    cassacao_ready,
    file,
    issue,
    make_world,
    taxi_refusal_auto,
)

from outorga.law.competence import Role

#: Filed on Wednesday 08/04/2026: its 10 days end on Saturday 18/04, moved to Monday 20/04 (D-4).
FILED = dt.date(2026, 4, 8)
LAST_TO_FILE = dt.date(2026, 4, 20)


def _page(user: Any, url: str) -> str:
    client = Client()
    client.force_login(user)
    r = client.get(url)
    assert r.status_code == 200, url
    return r.content.decode()


def _home_row(user: Any, number: str) -> str:
    html = _page(user, "/")
    m = re.search(
        r'<section class="queue"[^>]*>\s*<h2[^>]*>Defesas e recursos a julgar <span(.*?)</section>',
        html,
        re.S,
    )
    assert m is not None
    (li,) = [li for li in re.findall(r"<li[^>]*>(.*?)</li>", m.group(1), re.S) if number in li]
    when = re.search(r'<span class="when">(.*?)</span>', li, re.S)
    return when.group(1) if when else ""


def _no_day_to_judge(user: Any, case: Any, filed: dt.date, last_to_file: dt.date) -> None:
    assert case.deadline == last_to_file  # the period to file, kept for the record
    assert _home_row(user, case.number) == f"desde {filed:%d/%m/%Y}"
    detail = _page(user, f"/fiscalizacao/processos/{case.pk}/")
    assert "aguardando julgamento" in detail
    assert f"aguardando julgamento até <strong>{last_to_file:%d/%m/%Y}" not in detail
    fila = _page(user, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert f"prazo {last_to_file:%d/%m/%Y}" not in row
    assert re.search(rf"apresentad[ao] em {filed:%d/%m/%Y}", row), row


def test_mototaxi_art_42_a_defence_awaiting_judgment_has_no_day_to_judge(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    auto = issue(w, on=FILED)  # signed: the defence period runs at once
    file(w, auto, FILED)
    case = case_of(w, auto)
    _no_day_to_judge(user_of("ipatinga", Role.AUTORIDADE), case, FILED, LAST_TO_FILE)
    # Nor to the holder who filed it, on the portal's list and the case's page.
    waiting = f"aguardando julgamento até <strong>{LAST_TO_FILE:%d/%m/%Y}"
    for url in ("/portal/infracoes/", f"/portal/processos/{case.pk}/"):
        page = _page(w.holder_user, url)
        assert "aguardando julgamento" in page and waiting not in page, url


def test_mototaxi_art_34_1_2_d_3_a_proposal_awaiting_the_chief_executive_has_no_day_to_decide(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    case = cassacao_ready(w)  # its defence period over without a defence
    assert case.waiting == case.Waiting.JUDGMENT and case.deadline is not None
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    waiting = f"aguardando julgamento até {case.deadline:%d/%m/%Y}"
    fila = _page(mayor, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert "aguardando julgamento" in row and waiting not in row
    detail = _page(mayor, f"/fiscalizacao/processos/{case.pk}/")
    assert f"aguardando julgamento até <strong>{case.deadline:%d/%m/%Y}" not in detail


def test_mototaxi_art_43_an_appeal_to_the_jari_has_no_day_to_judge(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    # The first decision notified on Wednesday 08/04: 10 days end Saturday 18/04, moved to
    # Monday 20/04 (D-4).
    auto, _ = at_jari(w, dt.date(2026, 4, 1), FILED)
    file(w, auto, dt.date(2026, 4, 9))
    _no_day_to_judge(
        user_of("ipatinga", Role.JARI), case_of(w, auto), dt.date(2026, 4, 9), LAST_TO_FILE
    )


def test_mototaxi_art_44_an_appeal_to_the_chief_executive_has_no_day_to_judge(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    # The JARI's decision notified on Wednesday 08/04: 10 days end Saturday 18/04, moved to
    # Monday 20/04 (D-4).
    auto, _ = at_executive(w, dt.date(2026, 3, 30), FILED)
    file(w, auto, dt.date(2026, 4, 9))
    _no_day_to_judge(
        user_of("ipatinga", Role.CHEFE_EXECUTIVO),
        case_of(w, auto),
        dt.date(2026, 4, 9),
        LAST_TO_FILE,
    )


def test_taxi_art_43_d_17_an_appeal_awaiting_judgment_is_not_due_on_the_last_day_to_appeal(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    # Defence 06/04, dismissed 07/04, its decision notified Wednesday 08/04: 10 days to appeal
    # end Saturday 18/04, moved to Monday 20/04 (Lei 9.784/1999 art. 59, 66; D-4, D-17).
    appeal = appealed(
        w,
        taxi_refusal_auto(w, on=dt.date(2026, 4, 6)),
        defence_on=dt.date(2026, 4, 6),
        filed_on=dt.date(2026, 4, 9),
    )
    _no_day_to_judge(
        user_of("ipatinga", Role.CHEFE_EXECUTIVO), appeal.case, dt.date(2026, 4, 9), LAST_TO_FILE
    )

"""Mototaxi art. 42–44 set the days to file a defence (to the Secretary), an appeal to the JARI and
one to the Chief Executive — 10 each from the notice — and no period to judge them; the taxi law
leaves the procedure to a regulation (art. 43, D-17). A filing awaiting judgment was shown to its
judge as due on the last day it could have been *filed* ("aguardando julgamento até …", "prazo
…, vencido" the day after), a day to decide that no law sets. It is shown since its filing — a
taxi appeal by the 30 days Lei 9.784/1999 art. 59 §1 gives the Chief Executive from receiving it
(D-17, ADR 0084).

So is a revocation or cassação proposal ready for the Chief Executive's decision (mototaxi art. 34
§1–2, D-3), shown on the home as due on the defence's last day ("prazo 16/04/2026, vencido"): since
the day its defence was filed, or the first day after the defence period ran out without one (D-4,
the last day included) — whenever the daily sweep got to it."""

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
    client_of,
    file,
    issue,
    make_world,
    pending_notice,
    taxi_refusal_auto,
)

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.filings import filing_file
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
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


def _home_li(user: Any, number: str, queue: str = "Defesas e recursos a julgar") -> str:
    """The row of case ``number`` in the home's ``queue``, its tags included."""
    html = _page(user, "/")
    m = re.search(
        rf'<section class="queue"[^>]*>\s*<h2[^>]*>{queue} <span(.*?)</section>', html, re.S
    )
    assert m is not None
    (li,) = [li for li in re.findall(r"<li[^>]*>.*?</li>", m.group(1), re.S) if number in li]
    return li


def _home_row(user: Any, number: str, queue: str = "Defesas e recursos a julgar") -> str:
    when = re.search(r'<span class="when">(.*?)</span>', _home_li(user, number, queue), re.S)
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
    """The taxi law leaves the procedure to a regulation (art. 43): by Lei 9.784/1999 art. 59 §1
    (D-17; ADR 0084) the Chief Executive judges within 30 days of receiving the appeal — never by
    the last day to appeal."""
    w = make_world(ipatinga_m, user_of)
    # Defence 06/04, dismissed 07/04, its decision notified Wednesday 08/04: 10 days to appeal
    # end Saturday 18/04, moved to Monday 20/04 (Lei 9.784/1999 art. 59, 66; D-4, D-17). Filed
    # Thursday 09/04: the authority may reconsider until Tuesday 14/04, the Chief Executive
    # receives it on Wednesday 15/04 and judges it by Friday 15/05/2026.
    appeal = appealed(
        w,
        taxi_refusal_auto(w, on=dt.date(2026, 4, 6)),
        defence_on=dt.date(2026, 4, 6),
        filed_on=dt.date(2026, 4, 9),
    )
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    case = appeal.case
    assert case.deadline == LAST_TO_FILE  # the period to file, kept for the record
    assert _home_row(mayor, case.number).startswith(
        "julgar até 15/05/2026 (prazo do regulamento ou, na falta, 30 dias do recebimento — "
        "Lei Federal 9.784/1999, art. 59, §1; decisão D-17)"
    )
    detail = _page(mayor, f"/fiscalizacao/processos/{case.pk}/")
    assert f"aguardando julgamento até <strong>{LAST_TO_FILE:%d/%m/%Y}" not in detail
    fila = _page(mayor, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert f"prazo {LAST_TO_FILE:%d/%m/%Y}" not in row
    assert "apresentado em 09/04/2026; julgar até 15/05/2026" in row, row


# --- mototaxi art. 34 §1–2, D-3: a ready proposal waits since its defence or the end of its period

#: Opened and notified in person on Monday 06/04/2026: 10 days to defend, until Thursday 16/04.
OPENED = dt.date(2026, 4, 6)
LAST_TO_DEFEND = dt.date(2026, 4, 16)


def _cassacao_notified(w: Any) -> Case:
    from outorga.enforcement.services.proposals import proposal_open_cassacao

    case = proposal_open_cassacao(
        actor=w.authority,
        municipality=w.m,
        permit=w.permit,
        on=OPENED,
        causes={"ctb_points": 20},  # art. 32 III g
    )
    notice_deliver(
        actor=w.clerk, municipality=w.m, notice=pending_notice(w, case), form="pessoal", on=OPENED
    )
    with tenant(w.m):
        case = Case.objects.get(pk=case.pk)
    assert case.deadline == LAST_TO_DEFEND
    return case


def _shown_since(user: Any, case: Case, since: dt.date) -> None:
    with tenant(case.municipality):
        case = Case.objects.get(pk=case.pk)
    assert case.waiting == Case.Waiting.JUDGMENT
    queue = "Propostas de revogação e cassação"
    assert _home_row(user, case.number, queue) == f"desde {since:%d/%m/%Y}"
    assert 'class="late"' not in _home_li(user, case.number, queue)
    fila = _page(user, "/fiscalizacao/fila/")
    row = next(li for li in re.findall(r"<li>(.*?)</li>", fila, re.S) if case.number in li)
    assert f"aguardando julgamento desde {since:%d/%m/%Y}" in row, row
    r = client_of(user).get("/api/v1/enforcement/queue")
    assert r.status_code == 200
    (mine,) = [p for p in r.json()["proposals"] if p["id"] == case.pk]
    assert mine["waiting_since"] == since.isoformat()
    assert mine["deadline"] == LAST_TO_DEFEND.isoformat()  # the period to defend, kept


def test_art_34_d_3_a_proposal_without_defence_waits_since_the_day_after_its_period(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    case = _cassacao_notified(w)
    # The sweep gets to it only on Monday 20/04: the proposal waits since Friday 17/04.
    sweep(w.m, dt.date(2026, 4, 20))
    _shown_since(user_of("ipatinga", Role.CHEFE_EXECUTIVO), case, dt.date(2026, 4, 17))


def test_art_34_d_3_a_proposal_with_a_defence_waits_since_the_defence_was_filed(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    case = _cassacao_notified(w)
    filing_file(
        actor=w.holder,
        municipality=w.m,
        case=case,
        text="Razões da defesa.",
        filed_on=dt.date(2026, 4, 10),
    )
    sweep(w.m, dt.date(2026, 4, 20))  # nothing for the sweep: the defence is in
    _shown_since(user_of("ipatinga", Role.CHEFE_EXECUTIVO), case, dt.date(2026, 4, 10))

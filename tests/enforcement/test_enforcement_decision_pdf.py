"""The decision PDF (``/fiscalizacao/pecas/<id>/decisao.pdf``) names the decision, its article and
the deadline of the next appeal (mototaxi art. 42–44, D-4)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from enforcement_factories import MOTO_TITLE as MOTO
from enforcement_factories import (
    World,
    at_executive,
    case_of,
    client_of,
    file,
    issue,
    judge,
    notify,
    pdf_text,
)

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, Notice
from outorga.law.competence import Role


def decision_pdf(w: World, user_of: Any, f: Filing) -> str:
    r = client_of(user_of("ipatinga", Role.AUTORIDADE)).get(
        f"/fiscalizacao/pecas/{f.pk}/decisao.pdf"
    )
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    return pdf_text(r.content)


def test_art_42_43_the_defence_decision_pdf_names_it_its_article_and_the_jari_deadline(
    world, user_of
):
    d = dt.date(2026, 4, 6)
    auto = issue(world, on=d)
    defence = file(world, auto, d + dt.timedelta(days=1))
    judge(world, world.authority, defence, d + dt.timedelta(days=2), "Infração comprovada.")
    text = decision_pdf(world, user_of, defence)
    assert case_of(world, auto).number in text
    assert "Resultado improcedente" in text and "Infração comprovada." in text
    assert f"{MOTO}, art. 42" in text  # the first-instance judgment
    # Before the decision is notified the appeal's deadline counts from that notice (art. 43).
    assert "recurso à JARI" in text and f"{MOTO}, art. 43" in text
    assert "10 dias contados da notificação desta decisão" in text

    # Notified by post: the date on the AR, Friday 24/04/2026, + 10 = Monday 04/05/2026 (D-4).
    notify(world, auto, dt.date(2026, 4, 24), "postal")
    text = decision_pdf(world, user_of, defence)
    assert "recurso à JARI até 04/05/2026" in text
    assert "notificação em 24/04/2026" in text


def test_art_44_the_jari_decision_pdf_names_the_appeal_to_the_chief_executive_and_its_moved_deadline(
    world, user_of
):
    # The JARI's decision published on Saturday 11/04/2026: + 10 = Tiradentes (21/04), so the
    # appeal to the Chief Executive runs until Wednesday 22/04/2026 (D-4).
    auto, appeal = at_executive(world, dt.date(2026, 3, 20), dt.date(2026, 4, 11), "edital")
    text = decision_pdf(world, user_of, appeal)
    assert "recurso à JARI" in text and "Resultado improcedente" in text
    assert f"{MOTO}, art. 43" in text  # the JARI judged (art. 43)
    assert "recurso ao Chefe do Poder Executivo até 22/04/2026" in text
    assert f"{MOTO}, art. 44" in text


def test_art_44_the_chief_executives_decision_pdf_says_no_appeal_is_left(world, user_of):
    auto, _ = at_executive(world, dt.date(2026, 3, 20), dt.date(2026, 4, 1))
    last = file(world, auto, dt.date(2026, 4, 2))
    judge(world, world.mayor, last, dt.date(2026, 4, 6), "Mantida a multa.")
    assert case_of(world, auto).stage == Case.Stage.FINAL
    text = decision_pdf(world, user_of, last)
    assert "recurso ao Chefe do Executivo" in text and "Mantida a multa." in text
    assert f"{MOTO}, art. 44" in text
    assert "não cabe outro recurso" in text
    # Its notice gives knowledge of the decision and opens no deadline.
    with tenant(world.m):
        notice = Notice.objects.get(case=last.case, purpose=Notice.Purpose.EXECUTIVE_DECISION)
    r = client_of(user_of("ipatinga", Role.AUTORIDADE)).get(
        f"/fiscalizacao/notificacoes/{notice.pk}/notificacao.pdf"
    )
    notice_text = pdf_text(r.content)
    assert "não abre prazo de defesa nem de recurso" in notice_text
    assert "Como apresentar defesa ou recurso" not in notice_text

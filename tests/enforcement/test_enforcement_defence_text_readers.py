"""A defence's and an appeal's own text is read by who receives and judges it — under the
mototaxi law the desk that receives it (art. 42: ``defence.file``), the Secretary who judges the
defence (art. 42), the JARI (art. 43) and the Chief Executive (art. 44) —; every other servant
(the inspector, finance, the administrator) opens the case and reads that a defence or appeal was
filed and when, not what it says (Standard 5; LGPD, Lei 13.709/2018, art. 6º, III; ADR 0070).
The holder reads their own filing on the portal."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, client_of, file, issue

from outorga.core.personaldata import FILING_RESERVED
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db

DEFENCE = "Estava a caminho do hospital com minha filha, conforme laudo anexo."
ON = dt.date(2026, 3, 2)


@pytest.fixture
def defended(world):  # type: ignore[no-untyped-def]
    auto = issue(world, on=ON)
    file(world, auto, ON + dt.timedelta(days=1), DEFENCE)
    return case_of(world, auto)


@pytest.mark.parametrize("role", [Role.FISCAL, Role.FINANCAS, Role.ADMIN])
def test_mototaxi_art_42_a_servant_who_neither_receives_nor_judges_reads_no_defence_text(
    ipatinga_m, user_of, defended, role
):
    html = client_of(user_of("ipatinga", role)).get(f"/fiscalizacao/processos/{defended.pk}/")
    assert html.status_code == 200
    text = html.content.decode()
    assert DEFENCE not in text
    assert FILING_RESERVED in text
    assert "defesa" in text and "03/03/2026" in text  # filed, and when


@pytest.mark.parametrize("role", [Role.ATENDENTE, Role.AUTORIDADE, Role.JARI, Role.CHEFE_EXECUTIVO])
def test_mototaxi_art_42_to_44_who_receives_or_judges_reads_the_defence_text(
    ipatinga_m, user_of, defended, role
):
    page = client_of(user_of("ipatinga", role)).get(f"/fiscalizacao/processos/{defended.pk}/")
    assert DEFENCE in page.content.decode()


def test_the_holder_reads_their_own_defence_on_the_portal(world, defended):
    page = client_of(world.holder_user).get(f"/portal/processos/{defended.pk}/")
    assert page.status_code == 200 and DEFENCE in page.content.decode()

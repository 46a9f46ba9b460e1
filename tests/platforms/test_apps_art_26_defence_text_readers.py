"""A platform's defence and appeal, as each servant of the platforms area reads them (apps law
4.976/2025, art. 26 and parágrafo único; Lei 9.784/1999 art. 56 §1, D-17): the authority that
receives the defence on paper, judges it and may reconsider, and the Chief Executive who judges
the appeal read its text; the inspector and finance, who see the area for the cap, the reports
and the tax, read that a defence or appeal was filed and when — not what it says, on the page,
in the decision's PDF, in an attachment and in the staff API (Standard 5; LGPD, Lei 13.709/2018,
art. 6º, III; ADR 0070)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from platforms_factories import fine, suspension_case, warn

from outorga.core.personaldata import FILING_RESERVED
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformCase, PlatformPenaltyAppeal

pytestmark = pytest.mark.django_db

DEFENCE = "O motorista envolvido estava internado e não pôde responder ao chamado."
APPEAL = "Recorremos: o relatório foi entregue, conforme protocolo 123/2026."
SLUG = "barra-do-garcas"
WITHOUT = [Role.FISCAL, Role.FINANCAS]
WITH = [Role.AUTORIDADE, Role.CHEFE_EXECUTIVO]


def staff(user_of, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(SLUG, role))
    return c


@pytest.fixture
def defended(barra_m, authority, platform):  # type: ignore[no-untyped-def]
    """A suspension proposal the platform defended on 05/10/2026."""
    case = suspension_case(barra_m, authority, platform)
    with tenant(barra_m):
        PlatformCase.objects.filter(pk=case.pk).update(
            defence_text=DEFENCE,
            defence_filed_at=dt.datetime(
                2026, 10, 5, 14, 0, tzinfo=timezone.get_current_timezone()
            ),
        )
    return case


@pytest.fixture
def appealed(barra_m, authority, platform):  # type: ignore[no-untyped-def]
    """A fine the platform appealed against on paper on 06/10/2026."""
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    with tenant(barra_m):
        PlatformPenaltyAppeal.objects.create(
            municipality=barra_m,
            penalty=x,
            channel=PlatformPenaltyAppeal.Channel.PAPER,
            text=APPEAL,
            filed_on=dt.date(2026, 10, 6),
            filed_by_name="Protocolo",
        )
    return x


@pytest.mark.parametrize("role", WITHOUT)
def test_apps_art_26_a_servant_who_does_not_judge_reads_no_defence_text(user_of, defended, role):
    c = staff(user_of, role)
    html = c.get(f"/plataformas/processos/{defended.pk}/").content.decode()
    assert DEFENCE not in html and FILING_RESERVED in html
    assert "05/10/2026" in html  # that a defence was filed, and when
    r = c.get(f"/api/v1/platform-cases/{defended.pk}")
    assert r.status_code == 200
    assert r.json()["defence_text"] == FILING_RESERVED and r.json()["defence_filed_at"]


@pytest.mark.parametrize("role", WITH)
def test_apps_art_26_the_authority_and_the_chief_executive_read_the_defence(
    user_of, defended, role
):
    c = staff(user_of, role)
    assert DEFENCE in c.get(f"/plataformas/processos/{defended.pk}/").content.decode()
    assert c.get(f"/api/v1/platform-cases/{defended.pk}").json()["defence_text"] == DEFENCE


@pytest.mark.parametrize("role", WITHOUT)
def test_apps_art_26_a_servant_who_does_not_judge_reads_no_appeal_text(user_of, appealed, role):
    c = staff(user_of, role)
    html = c.get(f"/plataformas/penalidades/{appealed.pk}/").content.decode()
    assert APPEAL not in html and FILING_RESERVED in html and "06/10/2026" in html
    body = c.get(f"/api/v1/platform-penalties/{appealed.pk}").json()
    assert body["appeal"]["text"] == FILING_RESERVED and body["appeal"]["filed_on"]
    pdf = c.get(f"/plataformas/penalidades/{appealed.pk}/pdf/")
    assert pdf.status_code == 200 and APPEAL.encode() not in pdf.content


@pytest.mark.parametrize("role", WITH)
def test_apps_art_26_the_judges_read_the_appeal(user_of, appealed, role):
    c = staff(user_of, role)
    assert APPEAL in c.get(f"/plataformas/penalidades/{appealed.pk}/").content.decode()
    body = c.get(f"/api/v1/platform-penalties/{appealed.pk}").json()
    assert body["appeal"]["text"] == APPEAL

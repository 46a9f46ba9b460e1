"""The holder's defence in a taxi extinction case (art. 15, §1º: contraditório e ampla defesa) is
read by who receives and judges it under the taxi law — the clerk who records it, the authority
who instructs the case, the Chief Executive who decides —; any other servant who opens the case
reads that a defence was filed and when, not what it says (LGPD, Lei 13.709/2018, art. 6º, III;
ADR 0070, the rule of ``core.personaldata.reads_filings``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import actor
from test_taxi_extinction import OPENED, _notified_case

from outorga.core.personaldata import FILING_RESERVED
from outorga.law.competence import Role
from outorga.registry.services.extinctions import extinction_defence_file

pytestmark = pytest.mark.django_db

DEFENCE = "Estive internado de março a maio, conforme atestado; o táxi ficou parado."


@pytest.fixture
def defended(ipatinga_m):  # type: ignore[no-untyped-def]
    case = _notified_case(ipatinga_m)
    return extinction_defence_file(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=ipatinga_m,
        case=case,
        text=DEFENCE,
        on=OPENED + dt.timedelta(days=1),
    )


def page(user_of, role: Role, case) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", role))
    r = c.get(f"/cadastro/extincoes/{case.pk}/")
    assert r.status_code == 200
    return r.content.decode()


@pytest.mark.parametrize("role", [Role.FISCAL, Role.FINANCAS])
def test_taxi_art_15_par_1_a_servant_who_neither_receives_nor_judges_reads_no_defence(
    user_of, defended, role
):
    html = page(user_of, role, defended)
    assert DEFENCE not in html and FILING_RESERVED in html and "05/05/2026" in html


@pytest.mark.parametrize("role", [Role.ATENDENTE, Role.AUTORIDADE, Role.CHEFE_EXECUTIVO])
def test_taxi_art_15_par_1_who_receives_or_judges_reads_the_defence(user_of, defended, role):
    assert DEFENCE in page(user_of, role, defended)

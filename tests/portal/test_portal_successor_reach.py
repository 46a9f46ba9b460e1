"""A taxi permission passes to a successor on the holder's death or incapacity (taxi law 2017,
art. 13, parágrafo único): the successor takes the permission, not the predecessor's proceedings.
A case is its person's (the penalty never passes from the offender, CF art. 5, XLV): the
successor's portal — the list, the case's page, the notice's PDF, ``/me/cases`` — never shows
the predecessor's cases, their defence or their debts; the predecessor still reaches their own."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from enforcement_factories import at
from registry_factories import TAXI_ON as ON
from registry_factories import (
    actor,
    grant,
    person,
    portal_login,
    taxi_documents,
    taxi_holder,
    transfer,
)

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def transferred(ipatinga_m):  # type: ignore[no-untyped-def]
    """Holder Olga's permit, an auto against her, then the permit passed to her heir Hugo."""
    m = ipatinga_m
    olga, vehicle = taxi_holder(m, ON)
    permit = grant(m, olga, vehicle)
    portal_login(m, olga)
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    auto = infraction_issue(
        actor=actor(m.slug, Role.FISCAL),
        municipality=m,
        code="recusa_passageiro",
        committed_at=at(yesterday),
        place="Rodoviária",
        description="Recusou passageiro.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
    )
    with tenant(m):
        case = Case.objects.get(auto=auto)
    assert case.person_id == olga.pk
    hugo = person(m, name="Hugo Herdeiro")
    taxi_documents(hugo, ON + dt.timedelta(days=60))
    transfer(m, permit, hugo, ON + dt.timedelta(days=60), "falecimento")
    portal_login(m, hugo)
    return m, olga, hugo, case


def _client(p) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(p.user)
    return c


def test_art_13_par_unico_the_successor_never_reaches_the_predecessor_s_cases(transferred):
    m, _olga, hugo, case = transferred
    c = _client(hugo)
    assert case.number not in c.get("/portal/infracoes/").content.decode()
    assert c.get(f"/portal/processos/{case.pk}/").status_code == 404
    with tenant(m):
        notice = case.notices.first()
    assert notice is not None
    assert c.get(f"/portal/notificacoes/{notice.pk}/notificacao.pdf").status_code == 404
    assert c.get("/api/v1/enforcement/me/cases").json()["items"] == []
    r = c.post(
        f"/api/v1/enforcement/me/cases/{case.pk}/filings",
        {"text": "Defesa alheia."},
        content_type="application/json",
    )
    assert r.status_code == 404


def test_art_13_par_unico_the_predecessor_still_reaches_their_own_case(transferred):
    _m, olga, _hugo, case = transferred
    c = _client(olga)
    assert case.number in c.get("/portal/infracoes/").content.decode()
    assert c.get(f"/portal/processos/{case.pk}/").status_code == 200
    items = c.get("/api/v1/enforcement/me/cases").json()["items"]
    assert [i["number"] for i in items] == [case.number]

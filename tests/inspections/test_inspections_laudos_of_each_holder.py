"""Who reads a laudo on the portal after a taxi transfer (taxi law 2017, art. 13, parágrafo
único; ADR 0065). A laudo is the record of a vistoria on its day and names the holder of that
day (``holder_on``). Each holder reads, on the portal, the laudos of the vistorias made while the
permit was theirs: the successor does not read the predecessor's (their name, their vehicle's
faults), and the predecessor keeps reading their own after the permit has passed on. The staff
read every laudo."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from inspections_factories import answers
from registry_factories import TAXI_ON as ON
from registry_factories import grant, person, portal_login, taxi_documents, taxi_holder, transfer

from outorga.inspections import services
from outorga.law.competence import Role

TRANSFER_ON = ON + dt.timedelta(days=60)


@pytest.fixture
def transferred(ipatinga_m, fiscal):  # type: ignore[no-untyped-def]
    """Olga's taxi permit, inspected the day before its transfer to Hugo and on its day."""
    m = ipatinga_m
    olga, vehicle = taxi_holder(m, ON, name="Olga Predecessora")
    permit = grant(m, olga, vehicle)

    def inspect(day: dt.date):  # type: ignore[no-untyped-def]
        return services.inspection_record(
            actor=fiscal,
            municipality=m,
            permit=permit,
            kind="extraordinaria",
            inspected_on=day,
            answers=answers("taxi_convencional", day),
        )

    before = inspect(TRANSFER_ON - dt.timedelta(days=1))
    hugo = person(m, name="Hugo Sucessor")
    taxi_documents(hugo, TRANSFER_ON)
    transfer(m, permit, hugo, TRANSFER_ON, "falecimento")
    on_the_day = inspect(TRANSFER_ON)
    return m, before, on_the_day, olga, hugo


def _client(m, who):  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(portal_login(m, who))
    return c


def _reads(c: Client, inspection) -> bool:  # type: ignore[no-untyped-def]
    answers = {
        c.get(f"/vistorias/{inspection.pk}/").status_code,
        c.get(f"/vistorias/{inspection.pk}/laudo.pdf").status_code,
    }
    assert answers <= {200, 404}, answers
    return answers == {200}


def _listed(c: Client) -> str:
    r = c.get("/portal/vistorias/")
    assert r.status_code == 200
    return r.content.decode()


def test_art_13_par_unico_the_successor_does_not_read_the_predecessors_laudo(transferred):
    m, before, on_the_day, _olga, hugo = transferred
    c = _client(m, hugo)
    assert not _reads(c, before)
    assert _reads(c, on_the_day)
    page = _listed(c)
    assert f"/vistorias/{before.pk}/laudo.pdf" not in page
    assert f"/vistorias/{on_the_day.pk}/laudo.pdf" in page


def test_art_13_par_unico_the_predecessor_keeps_reading_their_own_laudo(transferred):
    m, before, on_the_day, olga, _hugo = transferred
    c = _client(m, olga)
    assert _reads(c, before)
    assert not _reads(c, on_the_day)
    page = _listed(c)
    assert f"/vistorias/{before.pk}/laudo.pdf" in page
    assert f"/vistorias/{on_the_day.pk}/laudo.pdf" not in page


def test_the_staff_read_every_laudo_of_the_permit(transferred, user_of):
    m, before, on_the_day, _olga, _hugo = transferred
    c = Client()
    c.force_login(user_of(m.slug, Role.FISCAL))
    assert _reads(c, before) and _reads(c, on_the_day)

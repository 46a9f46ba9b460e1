"""Who reads a laudo on the portal after a taxi transfer (taxi law 2017, art. 13, parágrafo
único; ADR 0065). A laudo is the record of a vistoria on its day and names the holder of that
day (``holder_on``). Each holder reads, on the portal, the laudos of the vistorias made while the
permit was theirs: the successor does not read the predecessor's (their name, their vehicle's
faults), and the predecessor keeps reading their own after the permit has passed on. The staff
read every laudo."""

from __future__ import annotations

from django.test import Client
from registry_factories import portal_login

from outorga.law.competence import Role


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
    m, _permit, before, on_the_day, _olga, hugo = transferred
    c = _client(m, hugo)
    assert not _reads(c, before)
    assert _reads(c, on_the_day)
    page = _listed(c)
    assert f"/vistorias/{before.pk}/laudo.pdf" not in page
    assert f"/vistorias/{on_the_day.pk}/laudo.pdf" in page


def test_art_13_par_unico_the_predecessor_keeps_reading_their_own_laudo(transferred):
    m, _permit, before, on_the_day, olga, _hugo = transferred
    c = _client(m, olga)
    assert _reads(c, before)
    assert not _reads(c, on_the_day)
    page = _listed(c)
    assert f"/vistorias/{before.pk}/laudo.pdf" in page
    assert f"/vistorias/{on_the_day.pk}/laudo.pdf" not in page


def test_the_staff_read_every_laudo_of_the_permit(transferred, user_of):
    m, _permit, before, on_the_day, _olga, _hugo = transferred
    c = Client()
    c.force_login(user_of(m.slug, Role.FISCAL))
    assert _reads(c, before) and _reads(c, on_the_day)

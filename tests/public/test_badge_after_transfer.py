"""A badge is its bearer's. When a taxi permission passes to a successor on the holder's death or
incapacity (taxi law 2017, art. 13, parágrafo único), the predecessor's badge — printed with
their name, blood type and CNH (art. 4, III) — does not become the successor's: its public page
and the verification API say it no longer holds and show the person it was issued to, and the
successor's portal neither offers nor prints it (the blood type is health data). The successor's
own badge is issued by the desk."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import (
    grant,
    person,
    png,
    portal_login,
    taxi_documents,
    taxi_holder,
    transfer,
)

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.public import services
from outorga.public.models import Badge

# The permit's Termo, signed on TAXI_ON, holds for a year (art. 13): its badges are issued and
# verified on a day within it, whatever the real calendar says.
pytestmark = [pytest.mark.django_db, pytest.mark.clock("2026-12-05T12:00:00-03:00")]


def _photo(m, p) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        p.photo.save("foto.png", ContentFile(png()), save=True)


@pytest.fixture
def transferred(ipatinga_m, badge_clerk):  # type: ignore[no-untyped-def]
    m = ipatinga_m
    olga, vehicle = taxi_holder(m, ON, name="Olga Predecessora")
    _photo(m, olga)
    permit = grant(m, olga, vehicle)
    badge = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    hugo = person(m, name="Hugo Sucessor")
    taxi_documents(hugo, ON + dt.timedelta(days=60))
    _photo(m, hugo)
    transfer(m, permit, hugo, ON + dt.timedelta(days=60), "falecimento")
    portal_login(m, hugo)
    return m, permit, badge, olga, hugo


def test_art_13_par_unico_the_predecessor_s_badge_no_longer_holds_on_its_public_page(
    transferred,
):
    _m, _permit, badge, _olga, _hugo = transferred
    client = Client()
    page = client.get(f"/v/{badge.token}").content.decode()
    assert "Sem efeito" in page and "outro titular" in page
    assert "Olga Predecessora" in page and "Hugo Sucessor" not in page
    body = client.get(f"/api/v1/public/verify/{badge.token}").json()
    assert body["valido"] is False and body["situacao_codigo"] == "encerrado"
    assert body["nome"] == "Olga Predecessora" and body["validade"] is None


def test_art_13_par_unico_the_successor_s_portal_never_prints_the_predecessor_s_badge(
    transferred,
):
    m, permit, badge, _olga, hugo = transferred
    c = Client()
    c.force_login(hugo.user)
    page = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert f"/portal/permissoes/{permit.pk}/cracha.pdf" not in page
    r = c.get(f"/portal/permissoes/{permit.pk}/cracha.pdf")
    assert r.status_code in (302, 404)
    assert not r.get("Content-Type", "").startswith("application/pdf")
    with tenant(m):
        assert not Act.objects.filter(action="badge.print", object_id=str(badge.pk)).exists()


def test_the_successor_s_own_badge_holds_and_shows_the_successor(transferred, badge_clerk):
    m, permit, _badge, _olga, _hugo = transferred
    new = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    body = Client().get(f"/api/v1/public/verify/{new.token}").json()
    assert body["valido"] is True and body["nome"] == "Hugo Sucessor"


def test_the_badges_issued_before_are_given_the_holder_of_their_day(transferred, badge_clerk):
    """The migration that records each badge's bearer reads the transfers in the acts log: a
    badge issued before one is the predecessor's, one issued after is the successor's."""
    from django.apps import apps

    migration = importlib.import_module("outorga.public.migrations.0003_badge_bearer")
    m, permit, badge, olga, hugo = transferred
    new = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    with tenant(m):
        Badge.objects.filter(pk__in=[badge.pk, new.pk]).update(bearer=None)
    migration.fill(apps, None)
    with tenant(m):
        assert Badge.objects.get(pk=badge.pk).bearer_id == olga.pk
        assert Badge.objects.get(pk=new.pk).bearer_id == hugo.pk

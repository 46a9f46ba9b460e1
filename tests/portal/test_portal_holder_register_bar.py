"""The holder's portal says what the badge and the public list say of a taxi permit whose
holder's inscription in the Cadastro Municipal de Taxistas is cassada (taxi art. 41 IV, §3) or
suspended (art. 42 IV): the permission stands, its holder may not drive a taxi — never "ativa"."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from portal_factories import make_holder

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty
from outorga.law.competence import Role
from outorga.public.selectors import permits as public
from outorga.registry.models import Permit

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def taxi(ipatinga_m, user_of, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *a, **k: TODAY)
    with tenant(ipatinga_m):
        _, permit = make_holder(
            name="Tânia Taxista",
            user=user_of("ipatinga", Role.PERMISSIONARIO),
            plate="TAX1A11",
            number="TX-0001",
            reg=1,
        )
        Permit.objects.filter(pk=permit.pk).update(
            service="taxi", taxi_category="convencional", certificate_valid_until=None
        )
        permit.refresh_from_db()
    c = Client()
    c.force_login(user_of("ipatinga", Role.PERMISSIONARIO))
    return permit, c


def _penalty(m, permit, kind, on, days=None):  # type: ignore[no-untyped-def]
    """A penalty on the holder's inscription, as the enforcement decision records it."""
    with tenant(m):
        Penalty.objects.create(
            kind=kind,
            permit=permit,
            imposed_on=on,
            days=days,
            decision={
                "target": "cadastro",
                "offender": {"kind": "holder", "person_id": permit.holder_id},
            },
        )


def _situations(c, permit):  # type: ignore[no-untyped-def]
    """The permit's "Situação" on the portal's home and on the permit's page: (tone, words)."""
    home = c.get("/portal/").content.decode()
    detail = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    pattern = r'Situação(?:</dt><dd>|: )<span class="state (\w+)">(.*?)</span>'
    return [re.search(pattern, page, re.S).groups() for page in (home, detail)]  # type: ignore[union-attr]


def test_the_taxi_permit_whose_holder_is_not_barred_is_ativa(taxi):
    permit, c = taxi
    assert _situations(c, permit) == [("success", "ativa")] * 2


def test_art_41_iv_the_portal_says_the_holder_s_inscription_is_cassada_not_ativa(taxi, ipatinga_m):
    permit, c = taxi
    _penalty(ipatinga_m, permit, "cassacao", TODAY)
    situations = _situations(c, permit)
    assert situations == [("danger", "inscrição do titular cassada")] * 2
    detail = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "cassada em 01/06/2026" in detail and "art. 41, IV" in detail
    # As the public list says it (one reading of the rule).
    with tenant(ipatinga_m):
        assert public.permit_status(permit, TODAY).label == "inscrição do titular cassada"


def test_art_42_iv_the_portal_says_the_holder_s_inscription_is_suspended_to_its_last_day(
    taxi, ipatinga_m, monkeypatch
):
    permit, c = taxi
    _penalty(ipatinga_m, permit, "suspension", TODAY - dt.timedelta(days=9), days=10)
    assert _situations(c, permit) == [("danger", "inscrição do titular suspensa")] * 2
    detail = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "suspensa até 01/06/2026" in detail and "art. 42, IV" in detail
    monkeypatch.setattr(
        "django.utils.timezone.localdate", lambda *a, **k: TODAY + dt.timedelta(days=1)
    )
    assert _situations(c, permit) == [("success", "ativa")] * 2

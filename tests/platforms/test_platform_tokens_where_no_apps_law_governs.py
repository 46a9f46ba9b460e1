"""Art. 3 (ADR 0053, 0062): a platform's API tokens are part of its credential, issued and revoked
under the apps law bound to the municipality. Where no law governs transport by app (Ipatinga), a
platform row there (test data, or one left from a binding removed) gets no token: the secretariat
is answered 403 naming the service, never an internal error."""

from __future__ import annotations

import json

import pytest
from platforms_factories import make_platform

from outorga.core.models import ApiToken
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def theirs(ipatinga_m):  # type: ignore[no-untyped-def]
    ipatinga_m.forget_bindings()
    return make_platform(ipatinga_m, "Plataforma de Ipatinga")


def test_art_3_the_api_issues_no_token_where_no_apps_law_governs(ipatinga_client, theirs):
    r = ipatinga_client(Role.AUTORIDADE).post(
        f"/api/v1/platforms/{theirs.pk}/tokens",
        data=json.dumps({"name": "produção"}),
        content_type="application/json",
    )
    assert r.status_code == 403, r.content
    assert "transporte por aplicativo" in r.json()["detail"]
    with tenant(theirs.municipality):
        assert not ApiToken.objects.filter(platform=theirs).exists()


def test_art_3_the_api_revokes_no_token_where_no_apps_law_governs(ipatinga_client, theirs, user_of):
    with tenant(theirs.municipality):
        token = ApiToken.objects.create(
            municipality=theirs.municipality,
            platform=theirs,
            name="antigo",
            prefix="otg_x",
            digest="0" * 64,
            created_by=user_of("ipatinga", Role.AUTORIDADE),
        )
    r = ipatinga_client(Role.AUTORIDADE).post(f"/api/v1/tokens/{token.pk}/revoke")
    assert r.status_code == 403, r.content
    assert "transporte por aplicativo" in r.json()["detail"]
    token.refresh_from_db()
    assert token.active


def test_art_3_the_screens_have_no_platform_where_no_apps_law_governs(ipatinga_client, theirs):
    """A guard: the platforms' screens are not there without the apps law (404), no token."""
    r = ipatinga_client(Role.AUTORIDADE).post(
        f"/plataformas/{theirs.pk}/tokens/", {"name": "produção"}
    )
    assert r.status_code == 404
    with tenant(theirs.municipality):
        assert not ApiToken.objects.filter(platform=theirs).exists()

from __future__ import annotations

import pytest
from platforms_factories import make_platform

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.law.competence import Role


@pytest.fixture
def barra_m(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="barra-do-garcas")


@pytest.fixture
def ipatinga_m(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="ipatinga")


def _demo_user(slug: str, role: Role) -> User:
    return User.objects.get(username=demo_username(slug, role))


@pytest.fixture
def user_of(db):  # type: ignore[no-untyped-def]
    return _demo_user


@pytest.fixture
def authority(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE), "203.0.113.9")


@pytest.fixture
def mayor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO), "203.0.113.9")


@pytest.fixture
def platform(barra_m):  # type: ignore[no-untyped-def]
    return make_platform(barra_m)


@pytest.fixture
def media_root(settings, tmp_path):  # type: ignore[no-untyped-def]
    """Uploaded files stored under the test's own directory."""
    settings.MEDIA_ROOT = str(tmp_path)


@pytest.fixture
def portal(barra_m, user_of, authority, platform):  # type: ignore[no-untyped-def]
    """The demo login of role plataforma, serving ``platform``, signed in on the platform portal."""
    from django.test import Client

    from outorga.core.tenancy import tenant
    from outorga.platforms.services.credentialing import platform_user_link

    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(barra_m):
        platform_user_link(actor=authority, municipality=barra_m, platform=platform, user=user)
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def token_client(barra_m, platform, user_of):  # type: ignore[no-untyped-def]
    """A client of the platform API bearing a token of ``platform`` the authority issued."""
    from django.test import Client

    from outorga.platforms.tokens import api_token_issue

    _, secret = api_token_issue(
        actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
        municipality=barra_m,
        platform=platform,
        name="teste",
    )
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}")

from __future__ import annotations

from collections.abc import Iterator

import pytest

from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role


@pytest.fixture
def ipatinga_m(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="ipatinga")


@pytest.fixture
def barra_m(db) -> Municipality:  # type: ignore[no-untyped-def]
    return Municipality.objects.get(slug="barra-do-garcas")


def demo_user(slug: str, role: Role) -> User:
    from outorga.core.demo import demo_username

    return User.objects.get(username=demo_username(slug, role))


@pytest.fixture
def user_of(db):  # type: ignore[no-untyped-def]
    """``user_of("ipatinga", Role.FISCAL)``: the standing demo user of that role."""
    return demo_user


@pytest.fixture
def in_ipatinga(ipatinga_m: Municipality) -> Iterator[Municipality]:
    with tenant(ipatinga_m):
        yield ipatinga_m


@pytest.fixture
def in_barra(barra_m: Municipality) -> Iterator[Municipality]:
    with tenant(barra_m):
        yield barra_m

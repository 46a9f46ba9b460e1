"""Fixtures of the finance tests."""

from __future__ import annotations

import pytest

from outorga.core.acts import Actor
from outorga.law.competence import Role


@pytest.fixture
def fin(user_of) -> Actor:  # type: ignore[no-untyped-def]
    """Ipatinga's standing finance user, acting from one address."""
    return Actor.of(user_of("ipatinga", Role.FINANCAS), "198.51.100.7")

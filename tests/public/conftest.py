from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache

from outorga.core.acts import Actor
from outorga.law.competence import Role


@pytest.fixture(autouse=True)
def _media_and_rate(settings: Any, tmp_path: Any) -> Iterator[None]:
    """Photos go to a temporary folder; the rate-limit counters start at zero."""
    settings.MEDIA_ROOT = tmp_path / "media"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def badge_clerk(user_of: Any) -> Actor:
    return Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.7")

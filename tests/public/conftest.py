from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _media_and_rate(settings: Any, tmp_path: Any) -> Iterator[None]:
    """Photos go to a temporary folder; the rate-limit counters start at zero."""
    settings.MEDIA_ROOT = tmp_path / "media"
    cache.clear()
    yield
    cache.clear()

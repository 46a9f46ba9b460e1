from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "registry"))

from inspection_helpers import grant_mototaxi  # type: ignore[import-not-found]  # noqa: E402

from outorga.core.acts import Actor  # noqa: E402
from outorga.law.competence import Role  # noqa: E402


@pytest.fixture
def clerk(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.1")


@pytest.fixture
def fiscal(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.FISCAL), "198.51.100.2")


@pytest.fixture
def authority(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.AUTORIDADE), "198.51.100.3")


@pytest.fixture
def moto_permit(ipatinga_m, clerk):  # type: ignore[no-untyped-def]
    return grant_mototaxi(ipatinga_m, clerk, n=41, on=dt.date(2026, 3, 10))

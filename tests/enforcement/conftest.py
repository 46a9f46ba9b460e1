from __future__ import annotations

import sys
from pathlib import Path

import pytest

# registry_helpers (make_applicant) lives beside the registry tests.
sys.path.insert(0, str(Path(__file__).parent.parent / "registry"))
sys.path.insert(0, str(Path(__file__).parent))
# public_factories (a badge made directly) lives beside the public tests.
sys.path.insert(0, str(Path(__file__).parent.parent / "public"))

from enforcement_helpers import World, make_world  # type: ignore[import-not-found]  # noqa: E402


@pytest.fixture
def world(ipatinga_m, user_of) -> World:  # type: ignore[no-untyped-def]
    return make_world(ipatinga_m, user_of)

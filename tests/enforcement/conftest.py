from __future__ import annotations

import pytest
from enforcement_factories import World, make_world


@pytest.fixture
def world(ipatinga_m, user_of) -> World:  # type: ignore[no-untyped-def]
    return make_world(ipatinga_m, user_of)

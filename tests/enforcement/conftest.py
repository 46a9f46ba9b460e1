from __future__ import annotations

import pytest
from enforcement_factories import World, make_world


@pytest.fixture
def world(ipatinga_m, user_of) -> World:  # type: ignore[no-untyped-def]
    return make_world(ipatinga_m, user_of)


@pytest.fixture
def municipal_today(monkeypatch):  # type: ignore[no-untyped-def]
    """Move the municipality's today, as the notice and auto services read it, to a day still to
    come: D-4 refuses a notice dated after it, an auto is refused for a fact after it, and some
    cases need a later year's calendar (2028's holidays)."""
    from outorga.core import localtime
    from outorga.enforcement.services import notices

    def move(day):  # type: ignore[no-untyped-def]
        # The dates' common check (``localtime.in_the_future``) and the notice's own reading.
        monkeypatch.setattr(localtime, "today_of", lambda municipality: day)
        monkeypatch.setattr(notices, "today_of", lambda municipality: day)

    return move

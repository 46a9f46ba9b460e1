"""On PostgreSQL, the same final auto sent twice at once for the permission's suspension (taxi
art. 42, V) or for the holder's inscription's (IV) suspends once: the second is refused by the
law (art. 42 caput: not the same measure twice for one infraction), its refusal kept in the acts
log, not written beside the first."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from enforcement_factories import final_taxi_auto, make_world
from registry_factories import taxi_permit

from outorga.core.errors import FieldError
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty
from outorga.enforcement.services.taxi_suspensions import (
    taxi_register_suspension_impose,
    taxi_suspension_impose,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

D = dt.date(2026, 4, 6)


@pytest.mark.parametrize(
    ("target", "action"),
    [("permissao", "permit.suspended"), ("cadastro", "penalty.suspension.register")],
)
def test_art_42_caput_one_auto_sent_twice_at_once_suspends_once(user_of, target, action):
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    world = make_world(m, user_of)
    permit = taxi_permit(m)
    auto = final_taxi_auto(world, permit, on=dt.date(2026, 2, 2))
    barrier = threading.Barrier(2)
    results: list[str] = []

    def impose(start: dt.date) -> None:
        common = {"actor": world.authority, "municipality": m, "permit": permit, "days": 20}
        try:
            barrier.wait()
            if target == "permissao":
                taxi_suspension_impose(**common, auto=auto, start=start, on=start)
            else:
                taxi_register_suspension_impose(**common, infraction=auto, start=start, on=start)
            results.append("suspended")
        except FieldError as exc:
            assert exc.field == "auto" and "já fundamenta" in exc.message
            results.append("refused")
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results.append(f"error: {exc!r}")
        finally:
            connection.close()

    # Starts 40 days apart: the two inscription suspensions would not overlap (no running bar).
    threads = [
        threading.Thread(target=impose, args=(start,)) for start in (D, D + dt.timedelta(days=40))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["refused", "suspended"]
    with tenant(m):
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 1
        refused = Act.objects.filter(action=action, outcome="refused").get()
    assert "art_42_caput_the_same_measure_not_twice" in refused.canonical

"""On PostgreSQL, a final taxi auto sent for the permission's suspension (art. 42, V) while the
authority cancels it (art. 46, D-17; Lei 9.784/1999 art. 53): whichever commits first, no
suspension is left standing on the cancelled auto — either it was imposed first and falls with the
auto, or it is refused since the auto's case is no longer final (D-1)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from enforcement_factories import final_taxi_auto, make_world
from registry_factories import taxi_permit

from outorga.core.errors import FieldError
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice, Penalty
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.services.taxi_suspensions import taxi_suspension_impose
from outorga.registry.models import Permit

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

D = dt.date(2026, 4, 6)


@pytest.mark.parametrize("round_", range(3))
def test_lei_9784_art_53_art_42_v_no_suspension_stands_on_an_auto_cancelled_at_once(
    user_of, round_
):
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    world = make_world(m, user_of)
    permit = taxi_permit(m)
    auto = final_taxi_auto(world, permit, on=dt.date(2026, 2, 2))
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def run(name: str, step) -> None:  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            step()
            results[name] = "done"
        except FieldError as exc:
            results[name] = f"refused: {exc.message}"
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results[name] = f"error: {exc!r}"
        finally:
            connection.close()

    def impose() -> None:
        taxi_suspension_impose(
            actor=world.authority, municipality=m, permit=permit, auto=auto, days=20, start=D, on=D
        )

    def cancel() -> None:
        infraction_cancel(
            actor=world.authority, municipality=m, auto=auto, reason="Placa trocada no auto."
        )

    threads = [
        threading.Thread(target=run, args=("impose", impose)),
        threading.Thread(target=run, args=("cancel", cancel)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["cancel"] == "done", results
    assert results["impose"] == "done" or results["impose"].startswith("refused"), results
    with tenant(m):
        assert InfractionNotice.objects.get(pk=auto.pk).status == "cancelled"
        standing = Penalty.objects.filter(
            permit=permit, kind=Penalty.Kind.SUSPENSION, annulled_on__isnull=True
        )
        assert not standing.exists()
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE

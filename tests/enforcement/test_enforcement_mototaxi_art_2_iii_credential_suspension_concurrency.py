"""On PostgreSQL, mototaxi art. 2, III with art. 32, I (ADR 0088): the auxiliary's credential is
the person's. When his count is reached on two permits of two holders and the SESUMA suspends
his credential on both at once, from the same day, the two suspensions wait for one another on
the person: the second reads the first as his earlier suspension and is refused (never inside an
earlier one), so one suspension is written, not two overlapping."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from enforcement_factories import auxiliary_count_reached, make_world
from registry_factories import make_permit

from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Escalation, Penalty
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.registry.models import Auxiliary
from outorga.registry.validation import FieldError

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_art_2_iii_art_32_i_two_suspensions_of_one_credential_at_once_write_one(user_of):
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    world = make_world(m, user_of)
    person = make_permit(m, "AUXCONC").holder
    escalations, reached = [], []
    for number, permit in ((61, world.permit), (62, make_permit(m, "OUTRAC"))):
        with tenant(m):
            aux = Auxiliary.objects.create(
                permit=permit,
                person_id=person.pk,
                registration_number=number,
                added_on=dt.date(2025, 2, 1),
                credential_valid_until=dt.date(2027, 2, 1),
            )
        reached.append(auxiliary_count_reached(world, aux, permit))
        with tenant(m):
            escalations.append(
                Escalation.objects.get(permit=permit, status=Escalation.Status.PENDING)
            )
    start = max(reached)
    barrier = threading.Barrier(2)
    results: list[str] = []

    def impose(esc: Escalation) -> None:
        try:
            barrier.wait()
            suspension_impose(
                actor=world.authority, municipality=m, escalation=esc, start=start, on=start
            )
            results.append("suspended")
        except (FieldError, Refused) as exc:
            results.append(f"refused: {exc}")
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results.append(f"error: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=impose, args=(esc,)) for esc in escalations]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.split(":")[0] for r in results) == ["refused", "suspended"], results
    with tenant(m):
        suspensions = Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__target="credenciamento",
            decision__offender__person_id=person.pk,
        )
        assert suspensions.count() == 1

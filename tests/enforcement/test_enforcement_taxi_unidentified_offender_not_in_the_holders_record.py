"""Taxi art. 41 caput and art. 42 caput, §3: the penalties and measures fall on "o infrator", and
the points go to "o prontuário do taxista permissionário ou do taxista auxiliar" who committed
the infraction. An auto written on the permit's car that identifies nobody is imputed to no
taxista — the law imputes no infraction to the permissionário for his vehicle; he is only
notified (art. 41 §5) —, so it counts neither for the holder's primary conduct (art. 41 §1) nor
for his points (art. 42 §3). ADR 0068."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import final_taxi_auto, taxi_auto
from registry_factories import taxi_permit

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.selectors import prontuario
from outorga.enforcement.services.escalation import points_facts, taxista_of

D = dt.date(2026, 4, 6)


def test_art_42_par_3_an_auto_that_identifies_nobody_is_in_no_taxista_s_prontuario(world):
    permit = taxi_permit(world.m)
    nobody = final_taxi_auto(world, permit, on=D, committed_by="unknown")
    own = final_taxi_auto(world, permit, on=D + dt.timedelta(days=30))
    with tenant(world.m):
        nobody = InfractionNotice.objects.select_related("case").get(pk=nobody.pk)
        assert taxista_of(nobody) is None
        assert list(prontuario(permit.law, permit.holder)) == [own]
        rows = points_facts(permit.law, permit.holder)["infractions"]
        evaluated = [
            a.record["payload"]["new"]["auto"]
            for a in Act.objects.filter(
                action="penalty.evaluate",
                object_type=permit.holder._meta.label_lower,
                object_id=str(permit.holder.pk),
            )
        ]
    assert [r["id"] for r in rows] == [own.number]
    # Its finality weighed no one's points; the holder's own auto weighed his.
    assert evaluated == [own.number]


def test_art_41_par_1_an_unidentified_offender_s_final_auto_leaves_the_holder_primary(world):
    permit = taxi_permit(world.m)
    final_taxi_auto(world, permit, on=D, committed_by="unknown")
    warned = taxi_auto(
        world,
        permit,
        "desobediencia_sem_risco",
        on=D + dt.timedelta(days=60),
        warning=True,
        warning_harmless=True,
    )
    assert warned.penalty == InfractionNotice.Penalty.WARNING

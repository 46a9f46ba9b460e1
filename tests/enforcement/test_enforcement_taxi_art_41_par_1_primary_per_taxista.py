"""Taxi art. 41, §1º: the warning is for "condutas primárias" of "o infrator" (art. 41 caput) —
read from the offender's own record, the taxista's prontuário under whichever permit (as the
points of art. 42 §3), never from the permit: a taxista with a final infraction does not become
primary again by driving for another permit, nor does it make another taxista of that permit
non-primary."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import final_taxi_auto, taxi_auto
from registry_factories import taxi_auxiliary, taxi_permit

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.registry.models import Auxiliary, Permit

D = dt.date(2026, 4, 6)


def _auxiliary_of_another_permit(m, aux: Auxiliary) -> tuple[Permit, Auxiliary]:  # type: ignore[no-untyped-def]
    """The same taxista inscribed as auxiliary of a second permit."""
    other = taxi_permit(m)
    with tenant(m):
        return other, Auxiliary.objects.create(
            permit=other,
            person=aux.person,
            added_on=D,
            registration_number=aux.registration_number,
            credential_valid_until=aux.credential_valid_until,
        )


def test_art_41_par_1_an_auxiliary_s_final_infraction_follows_him_to_another_permit(world):
    permit, aux = taxi_auxiliary(world.m)
    final_taxi_auto(world, permit, on=D, committed_by="auxiliary", auxiliary=aux)
    other, aux_there = _auxiliary_of_another_permit(world.m, aux)
    with pytest.raises(Refused, match=r"art\. 41, §1"):
        taxi_auto(
            world,
            other,
            "desobediencia_sem_risco",
            on=D + dt.timedelta(days=60),
            committed_by="auxiliary",
            auxiliary=aux_there,
            warning=True,
            warning_harmless=True,
        )


WARNING = InfractionNotice.Penalty.WARNING


def _warned(world, permit: Permit, on: dt.date) -> InfractionNotice:  # type: ignore[no-untyped-def]
    """A harmless conduct of the holder of ``permit`` on ``on``, written with a warning."""
    return taxi_auto(
        world, permit, "desobediencia_sem_risco", on=on, warning=True, warning_harmless=True
    )


def test_art_41_par_1_another_taxista_of_the_permit_is_still_primary(world):
    """The auxiliary's final infraction is his own: the holder of the same permit stays primary."""
    permit, aux = taxi_auxiliary(world.m)
    final_taxi_auto(world, permit, on=D, committed_by="auxiliary", auxiliary=aux)
    assert _warned(world, permit, D + dt.timedelta(days=60)).penalty == WARNING


def test_art_41_par_1_a_conduct_before_the_prior_became_final_is_primary(world):
    """Art. 41 §1 with D-1: the conduct is read against the record on the date of the fact. An
    auto lavrado later for a conduct committed while the first auto's defence still ran is a
    primary conduct, though the first is final by the day the second is issued."""
    permit = taxi_permit(world.m)
    first = final_taxi_auto(world, permit, on=D)
    with tenant(world.m):
        final_on = InfractionNotice.objects.get(pk=first.pk).case.final_on
    assert final_on is not None and final_on > D + dt.timedelta(days=2)
    assert _warned(world, permit, D + dt.timedelta(days=2)).penalty == WARNING

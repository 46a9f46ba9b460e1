"""An auxiliary's link cannot end before it began. When a permission ends (cassada, revoked,
extinct, renounced), its auxiliaries' links end with it (mototaxi art. 6 §4, art. 11, art. 14;
taxi art. 4 XIV, art. 20 parágrafo único) — but the permission's end may be dated before an
auxiliary was added (a decision dated back). Such a link was never in force on any day of the
permission: it ends the day it began (``removed_on`` = ``added_on``), which the periods of taxi
art. 48 read as no day at all, and never before it (the database refuses it too). The addition
itself is refused on a day outside the permission's term: before its grant or after its end.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from registry_factories import MOTO_ON, TAXI_ON, actor, moto_permit, taxi_auxiliary

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.services.auxiliaries import auxiliary_add
from outorga.registry.services.permit_status import permit_cassar
from outorga.registry.tender_facts import taxista_periods
from outorga.registry.validation import FieldError

ADDED = MOTO_ON + dt.timedelta(days=30)


def _moto_aux_added(m: Any, tender: Any, n: int, on: dt.date = ADDED) -> tuple[Permit, Auxiliary]:
    clerk, permit, helper = moto_permit(m, tender, n, prefix="AUB9E")
    aux = auxiliary_add(
        actor=clerk,
        municipality=m,
        permit=permit,
        person=helper,
        on=on,
        work_schedule="seg a sex, 6h–14h",
        indication=f"Protocolo {n}/2026",
    )
    return permit, aux


def _cassar(m: Any, permit: Permit, on: dt.date) -> None:
    permit_cassar(
        actor=actor(m.slug, Role.CHEFE_EXECUTIVO),
        municipality=m,
        permit=permit,
        on=on,
        reason="cassação após o devido processo",
    )


@pytest.mark.parametrize(
    ("days", "removed"),
    [(-10, ADDED), (0, ADDED), (1, ADDED + dt.timedelta(days=1))],
    ids=["permission-ended-before-the-addition", "same-day", "day-after"],
)
def test_art_6_par4_art_14_the_link_ends_with_the_permission_never_before_it_began(
    ipatinga_m, tender, days, removed
):
    """Mototaxi art. 6 §4, art. 14: the link ends with the permission; a permission cassada on a
    day before the auxiliary was added ends his link the day it began (never before); on the
    edge day and after, the permission's end."""
    m = ipatinga_m
    permit, aux = _moto_aux_added(m, tender, 641)
    _cassar(m, permit, ADDED + dt.timedelta(days=days))
    with tenant(m):
        aux.refresh_from_db()
        act = Act.objects.get(action="auxiliary.remove", object_id=str(aux.pk))
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, removed)
    assert aux.removed_on >= aux.added_on
    assert act.record["payload"]["new"]["removed_on"] == removed.isoformat()
    if days < 0:
        assert "antes do vínculo" in act.record["payload"]["reason"]


def test_art_4_xiv_art_20_a_taxi_link_added_after_the_permission_s_end_ends_the_day_it_began(
    ipatinga_m,
):
    """Taxi art. 4 XIV, art. 20 parágrafo único: a cassação dated before the inscription of the
    auxiliary ends the link on the day of the inscription, never before; the periods of art. 48
    read what they read before (they never let the link outlive the permission)."""
    m = ipatinga_m
    permit, aux = taxi_auxiliary(m)
    with tenant(m):
        Auxiliary.objects.filter(pk=aux.pk).update(added_on=TAXI_ON + dt.timedelta(days=20))
    _cassar(m, permit, TAXI_ON + dt.timedelta(days=5))
    with tenant(m):
        aux.refresh_from_db()
        periods = [p for p in taxista_periods(aux.person) if p["role"] == "auxiliar"]
    assert aux.removed_on == aux.added_on == TAXI_ON + dt.timedelta(days=20)
    # As the art. 48 facts already read it: the link never outlives the permission.
    assert periods == [
        {"role": "auxiliar", "from": aux.added_on.isoformat(), "until": aux.added_on.isoformat()}
    ]


def test_art_14_the_auxiliary_is_not_added_after_the_permission_s_term_ended(ipatinga_m, tender):
    """Mototaxi art. 6 §4, art. 14: the auxiliary assists the holder of a permission in force; a
    permission whose term ended (its ``term_end``, the last day) takes no auxiliary dated after
    it — on the last day it still does."""
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 651, prefix="AUB9F")
    end = MOTO_ON + dt.timedelta(days=60)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(term_end=end)
        permit.refresh_from_db()
    with pytest.raises(FieldError) as refused:
        auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=permit,
            person=helper,
            on=end + dt.timedelta(days=1),
            work_schedule="seg a sex",
            indication="Protocolo 1/2026",
        )
    assert refused.value.field == "data"
    assert "art. 6, §4" in refused.value.citation
    aux = auxiliary_add(
        actor=clerk,
        municipality=m,
        permit=permit,
        person=helper,
        on=end,
        work_schedule="seg a sex",
        indication="Protocolo 1/2026",
    )
    assert aux.added_on == end


def test_art_14_the_auxiliary_is_not_added_before_the_permission_was_granted(ipatinga_m, tender):
    """The link cannot begin before the permission it serves."""
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 655, prefix="AUB9F")
    with pytest.raises(FieldError) as refused:
        auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=permit,
            person=helper,
            on=MOTO_ON - dt.timedelta(days=1),
            work_schedule="seg a sex",
            indication="Protocolo 2/2026",
        )
    assert refused.value.field == "data"


def test_the_database_refuses_a_link_that_ends_before_it_began(ipatinga_m, tender):
    """A CheckConstraint: removed_on >= added_on (or no removal day)."""
    m = ipatinga_m
    _, aux = _moto_aux_added(m, tender, 661)
    with tenant(m), pytest.raises(IntegrityError), transaction.atomic():
        Auxiliary.objects.filter(pk=aux.pk).update(
            status=Auxiliary.Status.REMOVED, removed_on=aux.added_on - dt.timedelta(days=1)
        )


@contextlib.contextmanager
def _without_the_check() -> Iterator[None]:
    """The table as it was before migration 0023 added the check: rows as 0021 left them."""
    from django.db import connection

    constraint = next(
        c for c in Auxiliary._meta.constraints if c.name == "auxiliary_removed_not_before_added"
    )
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA ignore_check_constraints = 1")
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA ignore_check_constraints = 0")
        return

    def alter(change: Any) -> None:
        # PostgreSQL alters no table with deferred checks pending in the test's transaction.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with connection.schema_editor(atomic=False) as editor:
            change(editor)

    alter(lambda editor: editor.remove_constraint(Auxiliary, constraint))
    yield
    alter(lambda editor: editor.add_constraint(Auxiliary, constraint))


def test_migration_0022_repairs_links_ended_before_they_began(ipatinga_m, tender):
    """Rows migration 0021 (or an earlier end) left with ``removed_on`` before ``added_on``: the
    new data migration moves each to its ``added_on``, with an act naming the old and new day;
    run again, it changes nothing."""
    import importlib

    from django.apps import apps

    from outorga.registry.services.auxiliaries import auxiliaries_ended_before_begun_repair

    migration = importlib.import_module(
        "outorga.registry.migrations.0022_auxiliary_links_never_end_before_they_began"
    )
    m = ipatinga_m
    permit, aux = _moto_aux_added(m, tender, 671)
    _, fine = _moto_aux_added(m, tender, 675)
    _cassar(m, permit, ADDED + dt.timedelta(days=3))
    wrong = ADDED - dt.timedelta(days=7)
    with tenant(m), _without_the_check():
        # As 0021 left it: the permission's end, before the link began (no constraint then).
        Auxiliary.objects.filter(pk=aux.pk).update(removed_on=wrong)
        assert callable(auxiliaries_ended_before_begun_repair)
        migration.repair(apps, None)
        migration.repair(apps, None)
    with tenant(m):
        aux.refresh_from_db()
        fine.refresh_from_db()
        acts = list(Act.objects.filter(action="auxiliary.correct", object_id=str(aux.pk)))
    assert aux.removed_on == aux.added_on == ADDED
    assert (fine.status, fine.removed_on) == (Auxiliary.Status.ACTIVE, None)
    assert len(acts) == 1
    payload = acts[0].record["payload"]
    assert payload["old"] == {"removed_on": wrong.isoformat()}
    assert payload["new"] == {"removed_on": ADDED.isoformat()}

"""``registry.locking`` on PostgreSQL: the services that add, renew and cassar an auxiliary lock
the person before any auxiliary's row — the cassação is of the person's register (mototaxi
art. 2 III, art. 32 IV §3; taxi art. 41 IV §3) and locks the person before the person's
credentials, so a service that locked an auxiliary and then its person could deadlock with it —
and lock nothing after their first act (docs/decisions/0015-one-lock-order.md)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    MOTO_ON,
    TAXI_ON,
    actor,
    grant,
    moto_auxiliary,
    moto_permit,
    person,
    portal_login,
    taxi_documents,
    taxi_holder,
)

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Person
from outorga.registry.services.auxiliaries import (
    auxiliary_add,
    auxiliary_cassar,
    auxiliary_renew,
    taxi_auxiliary_add,
)
from outorga.registry.services.holder_requests import holder_request_file

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

PERSON, AUXILIARY = Person._meta.db_table, Auxiliary._meta.db_table
_LOCKING = re.compile(r"\sFOR (?:NO KEY )?UPDATE(?: OF (?P<of>.+?))?(?:\s+NOWAIT|\s+SKIP LOCKED)?$")
_TABLES = re.compile(r'(?:FROM|JOIN) "(\w+)"')


def _locked(sql: str) -> list[str]:
    """The tables whose rows a statement locks: those ``OF`` names, else every table it reads."""
    found = _LOCKING.search(sql) if sql.startswith("SELECT") else None
    if found is None:
        return []
    if found["of"]:
        return re.findall(r'"(\w+)"', found["of"])
    return _TABLES.findall(sql)


@contextmanager
def locks() -> Iterator[list[str]]:
    """The tables locked on the test's connection, in order."""
    seen: list[str] = []

    def watch(execute: Callable[..., Any], sql: str, params: Any, many: bool, ctx: Any) -> Any:
        seen.extend(_locked(sql))
        return execute(sql, params, many, ctx)

    with connection.execute_wrapper(watch):
        yield seen


def _person_before_auxiliaries(seen: list[str]) -> None:
    assert PERSON in seen, seen
    first_auxiliary = seen.index(AUXILIARY) if AUXILIARY in seen else len(seen)
    assert PERSON not in seen[first_auxiliary:], seen


def test_art_32_par_3_adding_renewing_and_cassar_lock_the_person_before_the_auxiliaries(
    ipatinga_m: Any, tender: Any, lock_order: Any
) -> None:
    m = ipatinga_m
    permit, aux = moto_auxiliary(m, tender, 951)
    clerk, other, _ = moto_permit(m, tender, 953)
    on = MOTO_ON
    with locks() as seen:
        # Before the credential's expiry, the new year counting from it (art. 14 §2).
        auxiliary_renew(actor=clerk, municipality=m, auxiliary=aux, on=dt.date(2027, 2, 20))
    _person_before_auxiliaries(seen)
    with locks() as seen:
        auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=other,
            person=aux.person,
            on=on,
            work_schedule="seg a sex, 14h–22h",
            indication="Protocolo 3/2026",
        )
    _person_before_auxiliaries(seen)
    with locks() as seen:
        auxiliary_cassar(
            actor=actor(m.slug, Role.CHEFE_EXECUTIVO),
            municipality=m,
            auxiliary=aux,
            on=on,
            reason="processo 8/2026",
        )
    _person_before_auxiliaries(seen)
    with tenant(m):
        assert set(
            Auxiliary.objects.filter(person=aux.person).values_list("status", flat=True)
        ) == {Auxiliary.Status.CASSADO}


def test_art_14_par_2_the_holder_s_renewal_request_locks_the_auxiliary_not_its_person(
    ipatinga_m: Any, tender: Any, lock_order: Any
) -> None:
    """The request only reads the auxiliary's person (its CPF and name): locking it after the
    auxiliary would be the order a cassação reverses."""
    permit, aux = moto_auxiliary(m := ipatinga_m, tender, 955)
    holder = Actor.of(portal_login(m, permit.holder))
    with locks() as seen:
        holder_request_file(
            actor=holder,
            municipality=m,
            permit=permit,
            kind="auxiliary_renewal",
            auxiliary=aux,
        )
    assert AUXILIARY in seen and PERSON not in seen, seen


def test_taxi_art_41_par_3_the_inscription_of_an_auxiliary_locks_the_person(
    ipatinga_m: Any, lock_order: Any
) -> None:
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, TAXI_ON)
    permit = grant(m, holder, vehicle, mode="servicos")
    helper = person(m)
    taxi_documents(helper, TAXI_ON)
    with locks() as seen:
        taxi_auxiliary_add(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            permit=permit,
            person=helper,
            on=TAXI_ON,
            declarations=DECLARATIONS,
            checks=CHECKS,
        )
    _person_before_auxiliaries(seen)

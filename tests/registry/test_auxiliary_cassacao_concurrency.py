"""On PostgreSQL, an auxiliary's cassação and the person's addition as auxiliary of another permit
at once: the cassação is of the person's register (mototaxi art. 2 III, art. 32 IV §3; taxi
art. 41 IV §3), so the addition is either refused by its bar or is one of the credentials it
ends — never a credential still active after the cassação. Both lock the person's row
(``registry.locking``: permit, register counter, person, auxiliaries).

Each race is held open at its worst moment, in real transactions on two threads: the addition
has read the person's cassations and waits before it writes (``add_first``), or the cassação has
read the person's credentials and waits before it commits (``cassacao_first``). The other side
then runs; the one held goes on once the other is done or, when it waits on the held one's lock,
after ``HOLD`` seconds."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

import pytest
from demo_factories import demo_fresh
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
    taxi_auxiliary,
    taxi_holder,
)

from outorga.core.acts import verify_chain
from outorga.core.errors import Refused
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Tender
from outorga.registry.services import auxiliaries
from outorga.registry.services.auxiliaries import (
    auxiliary_add,
    auxiliary_cassar,
    taxi_auxiliary_add,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

#: How long the side held open waits for the other before it goes on (the other may be waiting
#: for its lock).
HOLD = 3.0
#: How long the test waits for the held side to reach its moment.
REACH = 60.0


def _moto(m: Municipality) -> tuple[Auxiliary, Any, Any, dt.date]:
    """A person auxiliary of one mototaxi permit (added on ``MOTO_ON``) and another permit with
    no auxiliary: ``(auxiliary, other permit, clerk, day of the race)``."""
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number="01/2026",
            places=10,
            opened_on=MOTO_ON - dt.timedelta(days=60),
            homologated_on=MOTO_ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    _, aux = moto_auxiliary(m, tender, 961)
    clerk, other, _ = moto_permit(m, tender, 963)
    return aux, other, clerk, MOTO_ON + dt.timedelta(days=7)


def _taxi(m: Municipality) -> tuple[Auxiliary, Any, Any, dt.date]:
    """The same in the Cadastro Municipal de Taxistas (taxi art. 20): an auxiliary inscribed on
    one taxi permit and another taxi permit."""
    _, aux = taxi_auxiliary(m)
    holder, vehicle = taxi_holder(m, TAXI_ON)
    other = grant(m, holder, vehicle, mode="servicos")
    return aux, other, actor(m.slug, Role.ATENDENTE), TAXI_ON + dt.timedelta(days=7)


def _add(service: str) -> Callable[..., Auxiliary]:
    def moto(clerk: Any, m: Municipality, permit: Any, who: Any, on: dt.date) -> Auxiliary:
        return auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=permit,
            person=who,
            on=on,
            work_schedule="seg a sex, 14h–22h",
            indication="Protocolo 2/2026",
        )

    def taxi(clerk: Any, m: Municipality, permit: Any, who: Any, on: dt.date) -> Auxiliary:
        return taxi_auxiliary_add(
            actor=clerk,
            municipality=m,
            permit=permit,
            person=who,
            on=on,
            declarations=DECLARATIONS,
            checks=CHECKS,
        )

    return moto if service == "mototaxi" else taxi


#: Where the addition has read the person's cassations: the eligibility of each law's addition.
READS_THE_BAR = {"mototaxi": "_moto_auxiliary_requirements", "taxi": "register_bar"}
#: The article the refusal names: the bar of two years (mototaxi) or of the Cadastro (taxi).
BAR = {"mototaxi": "art. 32, §3", "taxi": "art. 41"}


@pytest.mark.parametrize("service", ["mototaxi", "taxi"])
@pytest.mark.parametrize("first", ["add_first", "cassacao_first"])
def test_art_2_iii_art_32_par_3_an_addition_racing_the_cassacao_never_outlives_it(
    monkeypatch: pytest.MonkeyPatch, service: str, first: str
) -> None:
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    aux, other, clerk, on = (_moto if service == "mototaxi" else _taxi)(m)
    who = aux.person
    mayor = actor(m.slug, Role.CHEFE_EXECUTIVO)
    add_read, cassacao_read = threading.Event(), threading.Event()
    add_done, cassacao_done = threading.Event(), threading.Event()
    results: dict[str, Any] = {}

    reads_the_bar = getattr(auxiliaries, READS_THE_BAR[service])

    def held_addition(*args: Any, **kw: Any) -> Any:
        answer = reads_the_bar(*args, **kw)
        if first == "add_first" and not add_read.is_set():
            add_read.set()
            cassacao_done.wait(HOLD)
        return answer

    record_act = auxiliaries.record_act

    def held_cassacao(**kw: Any) -> Any:
        if kw["action"] == "auxiliary.cassado" and first == "cassacao_first":
            if not cassacao_read.is_set():
                cassacao_read.set()
                add_done.wait(HOLD)
        return record_act(**kw)

    monkeypatch.setattr(auxiliaries, READS_THE_BAR[service], held_addition)
    monkeypatch.setattr(auxiliaries, "record_act", held_cassacao)

    def add() -> None:
        try:
            results["add"] = _add(service)(clerk, m, other, who, on)
        except Refused as exc:
            results["add"] = exc
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results["add"] = f"error: {exc!r}"
        finally:
            add_done.set()
            connection.close()

    def cassar() -> None:
        try:
            results["cassacao"] = auxiliary_cassar(
                actor=mayor, municipality=m, auxiliary=aux, on=on, reason="processo 9/2026"
            )
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results["cassacao"] = f"error: {exc!r}"
        finally:
            cassacao_done.set()
            connection.close()

    threads = {"add": threading.Thread(target=add), "cassacao": threading.Thread(target=cassar)}
    leader, follower = ("add", "cassacao") if first == "add_first" else ("cassacao", "add")
    threads[leader].start()
    assert (add_read if first == "add_first" else cassacao_read).wait(REACH), results
    threads[follower].start()
    for t in threads.values():
        t.join(REACH)
    assert isinstance(results["cassacao"], Auxiliary), results
    with tenant(m):
        credentials = {
            a.pk: (a.status, a.removed_on)
            for a in Auxiliary.objects.filter(person=who, permit__service=service)
        }
        assert credentials[aux.pk] == (Auxiliary.Status.CASSADO, on)
        assert Auxiliary.Status.ACTIVE not in {s for s, _ in credentials.values()}, credentials
        added = results["add"]
        if isinstance(added, Refused):
            # The addition waited for the cassação and read its bar.
            assert any(BAR[service] in line for line in added.lines()), added.lines()
            assert set(credentials) == {aux.pk}
        else:
            # The addition committed first: the cassação read it and ended it with the register.
            assert isinstance(added, Auxiliary), results
            assert credentials[added.pk] == (Auxiliary.Status.CASSADO, on)
            act = Act.objects.get(action="auxiliary.cassado", object_id=str(added.pk))
            assert act.record["payload"]["cassacao_do_registro"] == aux.pk
    # Held open as it is, each race has one outcome.
    assert isinstance(added, Refused) == (first == "cassacao_first"), results
    assert verify_chain(m).ok

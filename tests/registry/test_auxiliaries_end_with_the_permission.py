"""When a permission ends — cassada, revoked, extinct, renounced — the links of its auxiliaries end
with it, on the same day and in the same transaction, each with its act: the mototaxi auxiliary
is indicated "por veículo permissionário para auxiliar o prestador do serviço" (mototaxi art. 6
§4; art. 11; art. 14: to substitute and assist the holder in the service); the taxista auxiliar
is "vinculado ao permissionário" (taxi art. 4 XIV), inscribed for the permissionário's vehicle
(art. 20, parágrafo único), and the extinction gives him no indemnity (art. 15 §2). The periods
the tender's criterion for current taxistas reads (taxi art. 48) stay what they were."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from registry_factories import MOTO_ON as ON
from registry_factories import (
    TAXI_ON,
    actor,
    moto_auxiliary,
    taxi_auxiliary,
)

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.services.extinctions import (
    extinction_decide,
    extinction_defence_file,
    extinction_open,
)
from outorga.registry.services.permit_status import (
    permit_cassar,
    permit_renounce,
    permit_revoke,
)
from outorga.registry.tender_facts import taxista_periods

Ending = Callable[[Any, Permit, dt.date], Any]


def _by(service: Callable[..., Any], role: Role, **text: str) -> Ending:
    """The permission ended by ``service``, acted by ``role``, with its ``text``."""

    def end(m: Any, permit: Permit, on: dt.date) -> Any:
        return service(actor=actor(m.slug, role), municipality=m, permit=permit, on=on, **text)

    return end


_cassar = _by(permit_cassar, Role.CHEFE_EXECUTIVO, reason="cassação após o devido processo")
_revoke = _by(permit_revoke, Role.CHEFE_EXECUTIVO, reason="revogação após o devido processo")
_renounce = _by(permit_renounce, Role.ATENDENTE, request="pedido escrito, protocolo 77/2026")


#: How the mototaxi permission ends, and the article that ends it (in the act's basis).
MOTO_ENDINGS: list[tuple[str, Ending, str]] = [
    ("cassada", _cassar, "art. 2, II"),
    ("revoked", _revoke, "art. 32, II"),
    ("renounced", _renounce, "art. 2, XX"),
]


def _end_act(m: Any, aux: Auxiliary) -> Act:
    with tenant(m):
        return Act.objects.get(action="auxiliary.remove", object_id=str(aux.pk))


@pytest.mark.parametrize(
    ("status", "end", "article"), MOTO_ENDINGS, ids=[e[0] for e in MOTO_ENDINGS]
)
def test_art_6_par4_art_14_the_mototaxi_auxiliary_s_link_ends_with_the_permission(
    ipatinga_m, tender, status, end, article
):
    """Mototaxi art. 6 §4 and art. 14: the auxiliary is indicated for the permit's vehicle to
    assist its holder; when the permission ends (cassação art. 2 II, revocation art. 32 II,
    renúncia art. 2 XX), his credential ends the same day, with an act citing both the articles
    of the link and the one that ended the permission. The law does not say so in words: the
    act's basis says that too."""
    m = ipatinga_m
    permit, aux = moto_auxiliary(m, tender, 611)
    ends_on = ON + dt.timedelta(days=40)
    end(m, permit, ends_on)
    with tenant(m):
        aux.refresh_from_db()
        assert Permit.objects.get(pk=permit.pk).status == status
        assert not permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).exists()
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, ends_on)
    act = _end_act(m, aux)
    cites = "; ".join(act.record["basis"]["citations"])
    assert "art. 6, §4" in cites and "art. 14" in cites and article in cites
    assert "não diz expressamente" in cites
    assert permit.number in act.record["payload"]["reason"]
    assert act.record["payload"]["new"] == {"status": "removed", "removed_on": ends_on.isoformat()}


def test_art_14_an_auxiliary_already_removed_keeps_his_own_removal(ipatinga_m, tender):
    """Only the links still in force end with the permission: one removed before keeps its day
    and gets no second act."""
    from outorga.registry.services.auxiliaries import auxiliary_remove

    m = ipatinga_m
    permit, aux = moto_auxiliary(m, tender, 615)
    left_on = ON + dt.timedelta(days=5)
    auxiliary_remove(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        auxiliary=aux,
        on=left_on,
        reason="a pedido do permissionário",
    )
    _cassar(m, permit, ON + dt.timedelta(days=40))
    with tenant(m):
        aux.refresh_from_db()
        assert Act.objects.filter(action="auxiliary.remove", object_id=str(aux.pk)).count() == 1
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, left_on)


def _extinguish(m: Any, permit: Permit, on: dt.date) -> Any:
    opened = on - dt.timedelta(days=30)
    case = extinction_open(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        permit=permit,
        cause="abandono",
        facts="veículo sem operar há meses, constatado em três vistorias",
        on=opened,
        notified_on=opened,
    )
    extinction_defence_file(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        case=case,
        text="sem defesa de mérito",
        on=opened + dt.timedelta(days=2),
    )
    return extinction_decide(
        actor=actor(m.slug, Role.CHEFE_EXECUTIVO),
        municipality=m,
        case=case,
        extinguish=True,
        grounds="abandono comprovado",
        on=on,
    )


#: How the taxi permission ends, and the article that ends it (in the act's basis).
TAXI_ENDINGS: list[tuple[str, Ending, str]] = [
    ("extinct", _extinguish, "art. 15"),
    ("cassada", _cassar, "art. 4, II"),
    ("renounced", _renounce, "art. 15, V"),
]


@pytest.mark.parametrize(
    ("status", "end", "article"), TAXI_ENDINGS, ids=[e[0] for e in TAXI_ENDINGS]
)
def test_art_4_xiv_art_20_the_taxista_auxiliar_s_link_ends_with_the_permission(
    ipatinga_m, status, end, article
):
    """Taxi art. 4 XIV and art. 20, parágrafo único: the taxista auxiliar is linked to the
    permissionário and inscribed for his vehicle; the extinction (art. 15, with §2 naming the
    auxiliaries), the cassação (art. 4 II) or the renúncia (art. 15 V) ends the link on its day.
    The art. 48 facts read the same period as before: up to the day before the end."""
    m = ipatinga_m
    permit, aux = taxi_auxiliary(m)
    ends_on = dt.date(2026, 6, 15)
    end(m, permit, ends_on)
    with tenant(m):
        aux.refresh_from_db()
        assert Permit.objects.get(pk=permit.pk).status == status
        periods = taxista_periods(aux.person)
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, ends_on)
    act = _end_act(m, aux)
    cites = "; ".join(act.record["basis"]["citations"])
    assert "art. 4, XIV" in cites and "art. 20, parágrafo único" in cites
    assert "art. 15, §2" in cites and article in cites
    assert periods == [
        {
            "role": "auxiliar",
            "from": TAXI_ON.isoformat(),
            "until": (ends_on - dt.timedelta(days=1)).isoformat(),
        }
    ]


def _left_in_force(m: Any, permit: Permit, status: str, on: dt.date | None) -> None:
    """The records as the services left them before the links ended with the permission: the
    permit ended (dated by its history when ``on`` is given), its auxiliaries still in force."""
    from outorga.registry.models import PermitStatusChange

    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=status)
        if on is not None:
            PermitStatusChange.objects.create(
                permit=permit, from_status="active", to_status=status, effective_on=on, reason="x"
            )


def test_migration_0021_ends_the_links_an_ended_permission_left_in_force_dated_its_end(
    ipatinga_m, tender
):
    """The data migration ends each auxiliary a permission left in force when it ended, dated the
    day it ended (its history), with the act a permission's end writes today; a permission ended
    with no date on record ends its links undated; a permission in force keeps its auxiliary.
    The art. 48 facts read the same periods before and after."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module(
        "outorga.registry.migrations.0021_end_auxiliaries_of_ended_permits"
    )
    m = ipatinga_m
    taxi, taxi_aux = taxi_auxiliary(m)
    moto_undated, undated_aux = moto_auxiliary(m, tender, 621)
    _, in_force_aux = moto_auxiliary(m, tender, 625)
    ended_on = dt.date(2026, 5, 20)
    _left_in_force(m, taxi, Permit.Status.CASSADA, ended_on)
    _left_in_force(m, moto_undated, Permit.Status.REVOKED, None)
    with tenant(m):
        before = taxista_periods(taxi_aux.person)
    migration.end_links(apps, None)
    with tenant(m):
        for aux in (taxi_aux, undated_aux, in_force_aux):
            aux.refresh_from_db()
        after = taxista_periods(taxi_aux.person)
    assert (taxi_aux.status, taxi_aux.removed_on) == (Auxiliary.Status.REMOVED, ended_on)
    assert (undated_aux.status, undated_aux.removed_on) == (Auxiliary.Status.REMOVED, None)
    assert (in_force_aux.status, in_force_aux.removed_on) == (Auxiliary.Status.ACTIVE, None)
    assert (
        before
        == after
        == [
            {
                "role": "auxiliar",
                "from": TAXI_ON.isoformat(),
                "until": (ended_on - dt.timedelta(days=1)).isoformat(),
            }
        ]
    )
    act = _end_act(m, taxi_aux)
    cites = "; ".join(act.record["basis"]["citations"])
    assert "art. 4, XIV" in cites and "art. 4, II" in cites
    assert act.record["actor"] != "" and act.actor_id is None  # the system's act
    assert "sem data registrada" in _end_act(m, undated_aux).record["payload"]["reason"]
    # Run again, nothing is left to end.
    migration.end_links(apps, None)
    with tenant(m):
        assert (
            Act.objects.filter(action="auxiliary.remove", object_id=str(taxi_aux.pk)).count() == 1
        )


def test_migration_0021_ends_the_link_of_a_permission_whose_service_no_law_governs_any_more(
    ipatinga_m, tender, keep_only_laws
):
    """A mototaxi permission revoked with its auxiliary left in force, in a municipality that now
    applies only its taxi law: the repair still ends the link, dated the permission's end, citing
    no article (none of the municipality's laws governs the service) — it never stops the
    upgrade."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module(
        "outorga.registry.migrations.0021_end_auxiliaries_of_ended_permits"
    )
    m = ipatinga_m
    moto, aux = moto_auxiliary(m, tender, 631)
    ended_on = dt.date(2026, 6, 2)
    _left_in_force(m, moto, Permit.Status.REVOKED, ended_on)
    keep_only_laws(m, "ipatinga.taxi-2017")
    migration.end_links(apps, None)
    with tenant(m):
        aux.refresh_from_db()
    assert (aux.status, aux.removed_on) == (Auxiliary.Status.REMOVED, ended_on)
    assert _end_act(m, aux).record["basis"]["citations"] == []

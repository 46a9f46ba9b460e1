"""Mototaxi art. 32, I with art. 2, VI and art. 31, §2 (ADR 0085): enforcement sends each auto's
condutor to the law — the auxiliary the auto names, by his person —, and the law counts each
condutor's final infractions apart. The holder's two and his auxiliary's one are not "o condutor
atingir 03 infrações"; the auxiliary's own three bring the suspension of his credential (art. 32
caput, art. 34; ADR 0088), not of the permission."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import issue, make_final
from validate_docbr import CPF

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Escalation, InfractionNotice
from outorga.enforcement.services.escalation import escalation_facts
from outorga.registry.models import Auxiliary, Person

D = dt.date(2026, 4, 6)  # a Monday


def auxiliary_of(world, name: str = "Auxiliar do Mototáxi") -> Auxiliary:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        person = Person.objects.create(document=CPF().generate(), name=name)
        return Auxiliary.objects.create(
            permit=world.permit, person=person, registration_number=31, added_on=dt.date(2025, 2, 1)
        )


def final_autos(world, offenders) -> list[InfractionNotice]:  # type: ignore[no-untyped-def]
    """One leve/média auto a week from ``D`` for each of ``offenders`` (None: the holder), each
    made final without defence (D-1)."""
    codes = ["art38-II", "art38-III", "art39-II", "art38-IV"]
    autos = []
    for i, aux in enumerate(offenders):
        kw = {"committed_by": "auxiliary", "auxiliary": aux} if aux is not None else {}
        autos.append(issue(world, code=codes[i % 4], on=D + dt.timedelta(days=7 * i), **kw))
    for auto in autos:
        make_final(world, auto, D + dt.timedelta(days=30))
    return autos


def pending(world) -> list[Escalation]:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return list(Escalation.objects.filter(permit=world.permit, status="pending"))


def test_art_32_i_the_holders_two_and_the_auxiliarys_one_do_not_suspend_the_permission(world):
    aux = auxiliary_of(world)
    final_autos(world, [None, None, aux])
    assert pending(world) == []


def test_art_32_i_an_auxiliarys_three_suspend_his_credential_with_his_autos_only(world):
    aux = auxiliary_of(world)
    autos = final_autos(world, [aux, None, aux, aux])
    [esc] = pending(world)
    with tenant(world.m):
        counted = set(esc.counted.values_list("number", flat=True))
    assert counted == {autos[0].number, autos[2].number, autos[3].number}
    assert esc.days == 15
    assert any("art. 31, §2" in c for c in esc.decision["citations"])
    assert esc.decision["outcome"]["suspension"]["target"] == "credenciamento"  # ADR 0088


def test_art_32_i_two_auxiliaries_of_the_permit_count_apart(world):
    first, second = (
        auxiliary_of(world, "Primeiro Auxiliar"),
        auxiliary_of(world, "Segundo Auxiliar"),
    )
    final_autos(world, [first, first, second])
    assert pending(world) == []


def test_art_32_i_the_facts_name_the_auxiliary_by_his_person(world):
    aux = auxiliary_of(world)
    issue(world, on=D, committed_by="auxiliary", auxiliary=aux)
    issue(world, on=D, committed_by="unknown")
    with tenant(world.m):
        rows = escalation_facts(world.permit)["infractions"]
    assert [(r["by_auxiliary"], r.get("auxiliary")) for r in rows] == [
        (True, str(aux.person_id)),
        (False, None),
    ]

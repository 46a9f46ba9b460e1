"""Taxi art. 42, VII and §3: "a atribuição de pontuação ... será feita no prontuário do taxista
permissionário ou do taxista auxiliar" — when an infraction becomes final, the points are counted
in the prontuário of the taxista who committed it (the auxiliary's own, not the permit's), over
the 12 months after that taxista's first infraction."""

from __future__ import annotations

import datetime as dt
import json

from enforcement_factories import final_taxi_auto
from registry_factories import actor, taxi_auxiliary

from outorga.core.models import Act
from outorga.core.services import parameter_override_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.enforcement.services.escalation import points_facts, taxista_of
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)
#: Points per nature, as the regulation would set them (D-10 leaves them to it: examples here).
POINTS = {"leve": 3, "media": 4, "grave": 5, "gravissima": 7}


def _regulation(m) -> None:  # type: ignore[no-untyped-def]
    for nature, value in POINTS.items():
        parameter_override_record(
            actor=actor(m.slug, Role.ADMIN),
            municipality=m,
            name=f"taxi_2017.points_{nature}",
            value=value,
            effective=dt.date(2026, 1, 1),
            legal_reference="Decreto de exemplo",
        )


def _evaluations(m, obj) -> list[dict]:  # type: ignore[no-untyped-def]
    """What the acts log says of each points evaluation recorded on ``obj``: its ``new``."""
    with tenant(m):
        acts = Act.objects.filter(
            action="penalty.evaluate",
            object_type=obj._meta.label_lower,
            object_id=str(obj.pk),
        ).order_by("seq")
        return [json.loads(a.canonical)["payload"]["new"] for a in acts]


def test_art_42_par_3_an_auxiliary_s_points_go_to_his_prontuario_not_the_holder_s(world):
    m = world.m
    _regulation(m)
    permit, aux = taxi_auxiliary(m)
    by_aux = [
        final_taxi_auto(
            world,
            permit,
            on=D + dt.timedelta(days=7 * k),
            **{"committed_by": "auxiliary", "auxiliary": aux, "code": "recusa_passageiro"},
        )
        for k in range(2)
    ]
    by_holder = final_taxi_auto(world, permit, on=D + dt.timedelta(days=21))
    with tenant(m):
        assert taxista_of(by_aux[0]) == aux.person and taxista_of(by_holder) == permit.holder
        aux_rows = points_facts(permit.law, aux.person)["infractions"]
        holder_rows = points_facts(permit.law, permit.holder)["infractions"]
        natures = {a.number: a.severity for a in InfractionNotice.objects.all()}
    assert [r["id"] for r in aux_rows] == [a.number for a in by_aux]
    assert [r["id"] for r in holder_rows] == [by_holder.number]
    assert all(r["final"] for r in aux_rows + holder_rows)
    # Each final infraction was weighed in its taxista's prontuário, on their person.
    aux_acts, holder_acts = _evaluations(m, aux.person), _evaluations(m, permit.holder)
    assert [a["auto"] for a in aux_acts] == [a.number for a in by_aux]
    assert [a["auto"] for a in holder_acts] == [by_holder.number]
    assert not _evaluations(m, permit)  # nothing counted per permit any more
    # The last evaluation of each sums that taxista's points alone (one 12-month period).
    aux_total = sum(POINTS[natures[a.number]] for a in by_aux)
    holder_total = POINTS[natures[by_holder.number]]
    assert f"{aux_total} ponto" in aux_acts[-1]["summary"]
    assert f"{holder_total} ponto" in holder_acts[-1]["summary"]

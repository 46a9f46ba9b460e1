"""Each enforcement facts builder reads the record: change one record — an auto's finality, a
permission in the registry — and the law's decision changes (issue "law bindings", point 3;
ADR 0012 §6). The tests go through the enforcement services the screens and the API call.

=============================================  =====================  ==================================================================
builder (fact it reads)                        question               test
=============================================  =====================  ==================================================================
escalation_facts (each auto final or not)      penalty (mototaxi)     test_art_32_i_the_third_grave_auto_becoming_final_brings_the_30_day_suspension
other_commercial_permissions (registry, D-13)  penalty (mototaxi)     test_art_32_iii_f_a_permission_recorded_in_the_registry_opens_the_cassacao
=============================================  =====================  ==================================================================

Builders already covered by an existing test that changes the record and sees the decision change:

- ``_prior_infractions`` → taxi penalty (warning, art. 41 §1 "conduta primária"):
  ``test_enforcement_warning_and_return.py::
  test_art_41_par1_taxi_warning_only_for_a_primary_conduct_without_harm`` (a first auto made
  final → the next warning is refused).
- ``_taxi_cassacao_facts`` + ``infraction_final`` → taxi penalty (cassação, art. 41 §4, D-1):
  ``test_enforcement_taxi_cassacao.py::
  test_art_41_par_4_permit_cassacao_of_a_final_gravissima_decided_by_the_chief_executive`` (refused
  while the auto's case runs; the case made final → the proposal opens).
- ``release_facts`` → seizure_release (art. 35 §1–2): ``test_enforcement_seizure.py::
  test_art_35_par1_release_refused_while_fine_removal_or_storage_is_unpaid`` (each debt paid
  changes the refusal, all paid → released) and ``test_art_35_par2_an_appeal_pending_does_not_
  release_the_vehicle``.
- ``escalation_facts`` (an auto cancelled): ``test_enforcement_case_flow.py::
  test_cancelling_a_counted_auto_withdraws_the_pending_suspension``.
- ``defence_result`` facts (paid debts, vehicle held): ``test_enforcement_seizure.py::
  test_the_defence_upheld_refunds_a_fine_already_paid_art_42_par1`` and
  ``test_the_defence_upheld_waives_unpaid_removal_and_storage_art_42_par1``.
"""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import issue, make_final
from registry_factories import taxi_permit

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation
from outorga.enforcement.services.escalation import escalation_facts
from outorga.enforcement.services.proposals import proposal_open_cassacao
from outorga.registry.models import Permit

D = dt.date(2026, 4, 6)  # a Monday
MOTO = "ipatinga.mototaxi-2013"


def cited(reason: dict, article: str, **where: str) -> bool:
    return any(
        c["law"] == MOTO
        and c.get("article") == article
        and all(c.get(k) == v for k, v in where.items())
        for c in reason["citations"]
    )


def test_art_32_i_the_third_grave_auto_becoming_final_brings_the_30_day_suspension(world):
    # Three graves in 12 months (art. 40 I, II, V), a week apart; two of them made final.
    autos = [
        issue(world, code=code, on=D + dt.timedelta(days=7 * i))
        for i, code in enumerate(["art40-I", "art40-II", "art40-V"])
    ]
    for auto in autos[:2]:
        make_final(world, auto, D)
    with tenant(world.m):
        assert not Escalation.objects.filter(permit=world.permit).exists()
        facts = escalation_facts(world.permit)
    assert [r["final"] for r in facts["infractions"]] == [True, True, False]
    # The one change: the third auto's case becomes final (D-1) — and the law now suspends.
    make_final(world, autos[2], D + dt.timedelta(days=14))
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
        counted = set(esc.counted.values_list("number", flat=True))
    assert esc.status == Escalation.Status.PENDING and esc.days == 30
    assert counted == {a.number for a in autos}
    reason = next(r for r in esc.decision["reasons"] if r["rule"].endswith("art_32_i_suspension"))
    assert "suspensão da permissão por 30 dias" in reason["message"]
    assert reason["facts"]["graves_ou_gravissimas"] == 3
    assert cited(reason, "32", inciso="I")


def test_art_32_iii_f_a_permission_recorded_in_the_registry_opens_the_cassacao(world):
    def propose():  # type: ignore[no-untyped-def]
        # No cause ticked nor typed by the authority: only what the records say.
        return proposal_open_cassacao(
            actor=world.authority, municipality=world.m, permit=world.permit, on=D
        )

    with pytest.raises(Refused, match="Nenhuma causa de cassação"):
        propose()
    # The one change: the registry records a taxi permission of the same holder.
    other = taxi_permit(world.m)
    with tenant(world.m):
        Permit.objects.filter(pk=other.pk).update(holder=world.permit.holder)
    case = propose()
    assert case.kind == Case.Kind.CASSACAO
    assert case.proposal["outcome"]["cassation"]
    cause = next(r for r in case.proposal["reasons"] if other.number in r["message"])
    assert cited(cause, "32", inciso="III", alinea="f")

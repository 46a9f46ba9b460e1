"""Mototaxi art. 32, II with D-1 and D-3 — "revogação da permissão após o condutor atingir 5
(cinco) infrações médias, graves ou gravíssimas, no período de 12 (doze) meses": the proposal the
count opened rests on those final infractions. When one of them falls — its auto cancelled, its
case annulled of the authority's own motion (Lei 9.784/1999 art. 53) — and the count is no longer
reached, the proposal falls with it, as a pending suspension does: the Chief Executive is not
left to revoke a permission on a ground the law no longer gives."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, issue, make_final, pending_notice

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.annulment import case_annul_ex_officio, infraction_cancel
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_decide
from outorga.registry.models import Permit

D = dt.date(2026, 4, 6)  # a Monday
CODES = ["art39-II", "art39-III", "art39-IV", "art39-V", "art40-I"]


def _five_final(world):
    from django.utils import timezone

    autos = [issue(world, code=c, on=D + dt.timedelta(days=7 * i)) for i, c in enumerate(CODES)]
    for auto in autos:
        make_final(world, auto, timezone.localtime(auto.committed_at).date())
    with tenant(world.m):
        proposal = Case.objects.get(permit=world.permit, kind=Case.Kind.REVOCATION)
    return autos, proposal


def _notified(world, proposal):
    """The proposal's notice delivered in person: its defence period runs (art. 34 §2)."""
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, proposal),
        form="pessoal",
        on=dt.date(2026, 8, 3),
    )


def _refused_decision(world, proposal):
    with tenant(world.m):
        proposal = Case.objects.get(pk=proposal.pk)
    with pytest.raises(InvalidStep):
        proposal_decide(
            actor=world.mayor,
            municipality=world.m,
            case=proposal,
            accept=True,
            reasoning="Cinco infrações em doze meses.",
            on=dt.date(2026, 9, 1),
        )
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE


def test_art_32_ii_cancelling_a_counted_auto_withdraws_the_revocation_proposal(world):
    autos, proposal = _five_final(world)
    _notified(world, proposal)
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=autos[2], reason="placa trocada"
    )
    with tenant(world.m):
        p = Case.objects.get(pk=proposal.pk)
        assert p.stage == Case.Stage.ANNULLED and p.waiting == Case.Waiting.NONE
        act = Act.objects.filter(action="case.proposal.withdraw").latest("seq")
    assert any("art. 32, II" in c for c in act.record["basis"]["citations"])
    _refused_decision(world, proposal)


def test_art_32_ii_annulling_a_counted_final_case_withdraws_the_revocation_proposal(world):
    autos, proposal = _five_final(world)
    case_annul_ex_officio(
        actor=world.authority,
        municipality=world.m,
        case=case_of(world, autos[0]),
        on=dt.date(2026, 6, 1),
        grounds="Auto lavrado contra a placa de outro veículo.",
    )
    with tenant(world.m):
        assert Case.objects.get(pk=proposal.pk).stage == Case.Stage.ANNULLED
    _refused_decision(world, proposal)


def test_art_32_ii_a_proposal_whose_count_still_stands_is_kept(world):
    autos, proposal = _five_final(world)
    extra = issue(world, code="art39-VI", on=D + dt.timedelta(days=40))
    make_final(world, extra, D + dt.timedelta(days=40))
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=autos[2], reason="placa trocada"
    )
    with tenant(world.m):
        assert Case.objects.get(pk=proposal.pk).stage == Case.Stage.DEFENCE
        assert Case.objects.filter(permit=world.permit, kind=Case.Kind.REVOCATION).count() == 1


@pytest.mark.clock("2027-12-01T12:00:00-03:00")  # the later infraction's process runs
def test_art_32_ii_five_infractions_the_chief_executive_declined_are_not_proposed_again(world):
    """Once the Chief Executive decided the proposal and kept the permission, a later infraction
    that became final, outside those 12 months, does not open a second proposal on the same five
    (the count is reached by those five alone: a fact already judged)."""
    autos, proposal = _five_final(world)
    _notified(world, proposal)
    with tenant(world.m):
        proposal = Case.objects.get(pk=proposal.pk)
    sweep(world.m, proposal.deadline + dt.timedelta(days=1))
    with tenant(world.m):
        proposal = Case.objects.get(pk=proposal.pk)
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=proposal,
        accept=False,
        reasoning="Defesa acolhida: mantida a permissão.",
        on=proposal.deadline + dt.timedelta(days=2),
    )
    later = dt.date(2027, 9, 6)  # more than 12 months after the fifth infraction
    extra = issue(world, code="art39-VI", on=later)
    make_final(world, extra, later)
    with tenant(world.m):
        assert Case.objects.filter(permit=world.permit, kind=Case.Kind.REVOCATION).count() == 1
        assert Case.objects.get(pk=proposal.pk).stage == Case.Stage.DECIDED
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE

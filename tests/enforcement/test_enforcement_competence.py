"""Who may do each step (art. 34; competence table): the inspector issues but never judges, the
authority judges defences but never decides revocation or cassação, the JARI judges only JARI
appeals, the Chief Executive decides the last appeal and the proposals. Refusals are acts."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, issue, pending_notice

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.autos import infraction_cancel, infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.law.competence import NotCompetent
from outorga.registry.models import Permit
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)


def _defence(world):
    auto = issue(world, on=D)
    return auto, filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )


def test_only_the_inspector_issues_an_auto(world):
    for actor in (world.clerk, world.authority, world.holder, world.jari):
        with pytest.raises(NotCompetent):
            infraction_issue(
                actor=actor,
                municipality=world.m,
                code="art38-II",
                committed_at=dt.datetime(2026, 4, 6, 10, tzinfo=dt.UTC),
                place="x",
                description="x",
                agent_registration="F-1",
                permit=world.permit,
            )


def test_the_inspector_cannot_judge_a_defence_and_the_refusal_is_an_act(world):
    _, f = _defence(world)
    with tenant(world.m):
        before = Act.objects.filter(outcome="refused").count()
    for actor in (world.fiscal, world.jari, world.mayor, world.clerk):
        with pytest.raises(NotCompetent):
            filing_judge(
                actor=actor, municipality=world.m, filing=f, upheld=True, reasoning="x", on=D
            )
    with tenant(world.m):
        assert Act.objects.filter(outcome="refused").count() == before + 4
        assert case_of(world, f.case.auto).waiting == Case.Waiting.JUDGMENT


def test_the_jari_judges_only_jari_appeals(world):
    auto, f = _defence(world)
    filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=False, reasoning="x", on=D
    )
    case = case_of(world, auto)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=D,
    )
    appeal = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="y", filed_on=D
    )
    for actor in (world.authority, world.mayor, world.fiscal):
        with pytest.raises(NotCompetent):
            filing_judge(
                actor=actor, municipality=world.m, filing=appeal, upheld=False, reasoning="x", on=D
            )
    filing_judge(
        actor=world.jari, municipality=world.m, filing=appeal, upheld=False, reasoning="x", on=D
    )
    case = case_of(world, auto)
    assert case.stage == Case.Stage.EXECUTIVE
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=D,
    )
    last = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="z", filed_on=D
    )
    for actor in (world.jari, world.authority):
        with pytest.raises(NotCompetent):
            filing_judge(
                actor=actor, municipality=world.m, filing=last, upheld=False, reasoning="x", on=D
            )
    filing_judge(
        actor=world.mayor, municipality=world.m, filing=last, upheld=False, reasoning="x", on=D
    )
    assert case_of(world, auto).stage == Case.Stage.FINAL


def test_only_the_authority_cancels_an_auto_with_a_reason_and_nothing_is_deleted(world):
    auto = issue(world, on=D)
    with pytest.raises(NotCompetent):
        infraction_cancel(actor=world.fiscal, municipality=world.m, auto=auto, reason="erro")
    with pytest.raises(FieldError):
        infraction_cancel(actor=world.authority, municipality=world.m, auto=auto, reason=" ")
    infraction_cancel(actor=world.authority, municipality=world.m, auto=auto, reason="placa errada")
    case = case_of(world, auto)
    assert case.stage == Case.Stage.ANNULLED
    assert case.auto.status == "cancelled" and case.auto.cancel_reason == "placa errada"


def test_the_authority_cannot_decide_a_cassacao_only_the_chief_executive_after_the_defence(world):
    with pytest.raises(NotCompetent):
        proposal_open_cassacao(
            actor=world.fiscal,
            municipality=world.m,
            permit=world.permit,
            causes={"ctb_points": 20},
            on=D,
        )
    # Art. 32 III g: 20 CTB points → a proposal, never an automatic cassação (D-3).
    case = proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        causes={"ctb_points": 20},
        on=D,
    )
    assert case.kind == Case.Kind.CASSACAO
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=D,
    )
    with tenant(world.m):
        case = Case.objects.get(pk=case.pk)
    deadline = case.deadline
    assert deadline == dt.date(2026, 4, 16)
    # The defence period runs: nobody decides yet, not even the mayor.
    with pytest.raises(InvalidStep):
        proposal_decide(
            actor=world.mayor, municipality=world.m, case=case, accept=True, reasoning="x", on=D
        )
    sweep(world.m, deadline + dt.timedelta(days=1))  # no defence: ready for the decision
    with tenant(world.m):
        case = Case.objects.get(pk=case.pk)
    assert case.waiting == Case.Waiting.JUDGMENT
    for actor in (world.authority, world.jari, world.fiscal):
        with pytest.raises(NotCompetent):
            proposal_decide(
                actor=actor,
                municipality=world.m,
                case=case,
                accept=True,
                reasoning="x",
                on=deadline,
            )
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="20 pontos",
        on=deadline,
    )
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.CASSADA


def test_a_cassacao_proposal_needs_a_cause_the_law_knows(world):
    with pytest.raises(Refused):
        proposal_open_cassacao(
            actor=world.authority,
            municipality=world.m,
            permit=world.permit,
            causes={"ctb_points": 19},
            on=D,
        )

"""An appeal against a suspension already imposed (mototaxi art. 34 §3): upheld by the JARI (art. 43)
or by the Chief Executive (art. 44), the suspension is annulled and the permission is active again
at once — without the proof of art. 32 §2, which follows a suspension served, not one annulled."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, issue, make_final, pending_notice, proof_document
from registry_factories import make_permit

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, Filing
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.suspensions import permit_suspension_lift, suspension_impose
from outorga.law.competence import NotCompetent
from outorga.registry.models import Permit, PermitStatusChange
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.permit_status import permit_reinstate, permit_suspend

D = dt.date(2026, 4, 6)  # a Monday
START = dt.date(2026, 7, 1)  # the suspension's first day (15 days: until 15/07)
UNTIL = dt.date(2026, 7, 15)


def suspended(world) -> Case:
    """Three final leve/média infractions, the 15-day suspension imposed by the authority (D-2),
    its appeal case notified in person on the first day."""
    autos = [
        issue(world, code=code, on=D + dt.timedelta(days=7 * i))
        for i, code in enumerate(["art38-II", "art38-III", "art39-II"])
    ]
    for auto in autos:
        make_final(world, auto, D + dt.timedelta(days=30))
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit, status=Escalation.Status.PENDING)
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=START, on=START
    )
    appeal = case_by_pk(world, None)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, appeal),
        form="pessoal",
        on=START,
    )
    return case_by_pk(world, appeal.pk)


def case_by_pk(world, pk) -> Case:
    with tenant(world.m):
        if pk is None:
            return Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
        return Case.objects.get(pk=pk)


def appeal(world, case: Case, on: dt.date) -> Filing:
    return filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case,
        text="A terceira infração foi contada fora da janela de 12 meses.",
        filed_on=on,
    )


def permit_of(world) -> Permit:
    with tenant(world.m):
        return Permit.objects.get(pk=world.permit.pk)


def lift_act(world) -> Act:
    with tenant(world.m):
        return Act.objects.filter(action="permit.suspension.lift").latest("seq")


def test_art_34_par3_jari_upholds_the_appeal_and_the_permission_is_active_at_once(world):
    case = suspended(world)
    assert permit_of(world).status == Permit.Status.SUSPENDED
    f = appeal(world, case, START + dt.timedelta(days=2))
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Contagem incorreta: anulada a suspensão.",
        on=dt.date(2026, 7, 6),
    )
    p = permit_of(world)
    assert p.status == Permit.Status.ACTIVE and p.suspended_until is None
    case = case_by_pk(world, case.pk)
    assert case.stage == Case.Stage.ANNULLED
    assert case.outcome.endswith("suspensão anulada, permissão restabelecida")
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
        change = PermitStatusChange.objects.filter(permit=world.permit).latest("id")
        annul = Act.objects.get(action="penalty.suspension.annul", object_id=str(esc.pk))
    assert esc.status == Escalation.Status.ANNULLED
    assert (change.from_status, change.to_status) == (Permit.Status.SUSPENDED, "active")
    assert change.effective_on == dt.date(2026, 7, 6)
    act = lift_act(world)
    assert act.actor_name == world.jari.name
    citations = act.record["basis"]["citations"]
    assert any("art. 43" in c for c in citations)
    assert any("art. 34, §3" in c for c in citations)
    assert "art. 32, §2" not in act.record["payload"]["reason"]
    assert annul.record["payload"]["new"]["lifted_on"] == "2026-07-06"


def test_art_44_the_chief_executive_upholds_after_the_jari_dismissed(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=1))
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=False,
        reasoning="Mantida.",
        on=dt.date(2026, 7, 3),
    )
    case = case_by_pk(world, case.pk)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=dt.date(2026, 7, 6),
    )
    f2 = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_by_pk(world, case.pk),
        text="Recorro ao Chefe do Executivo.",
        filed_on=dt.date(2026, 7, 8),
    )
    assert permit_of(world).status == Permit.Status.SUSPENDED
    with pytest.raises(NotCompetent):
        filing_judge(
            actor=world.jari,
            municipality=world.m,
            filing=f2,
            upheld=True,
            reasoning="x",
            on=dt.date(2026, 7, 9),
        )
    filing_judge(
        actor=world.mayor,
        municipality=world.m,
        filing=f2,
        upheld=True,
        reasoning="Provido o recurso.",
        on=dt.date(2026, 7, 10),
    )
    assert permit_of(world).status == Permit.Status.ACTIVE
    act = lift_act(world)
    assert act.actor_name == world.mayor.name
    assert any("art. 44" in c for c in act.record["basis"]["citations"])


def test_upheld_after_the_period_ended_it_returns_without_the_proof_of_art_32_par2(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=5))
    # The period ends (15/07) while the appeal waits; without the proof the permit stays suspended.
    ended = sweep(world.m, dt.date(2026, 7, 20))["suspensions_ended"]
    assert ended == [
        f"{world.permit.number} (suspensão até 15/07/2026): aguardando a comprovação "
        "(Lei de mototáxi de Ipatinga (2013), art. 32, §2)"
    ]
    assert permit_of(world).status == Permit.Status.SUSPENDED
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Anulada.",
        on=dt.date(2026, 7, 20),
    )
    assert permit_of(world).status == Permit.Status.ACTIVE


def test_upheld_after_the_holder_was_reinstated_changes_no_status(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=5))
    permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=permit_of(world),
        on=dt.date(2026, 7, 16),
        proof="irregularidades sanadas",
        document=proof_document(world, dt.date(2026, 7, 16)),
    )
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Anulada.",
        on=dt.date(2026, 7, 20),
    )
    assert permit_of(world).status == Permit.Status.ACTIVE
    case = case_by_pk(world, case.pk)
    assert "já não estava suspensa" in case.outcome
    with tenant(world.m):
        assert not Act.objects.filter(action="permit.suspension.lift").exists()
        assert Escalation.objects.get(permit=world.permit).status == Escalation.Status.ANNULLED


def test_d_2_infractions_of_an_annulled_suspension_do_not_bring_it_back(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=2))
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Anulada.",
        on=dt.date(2026, 7, 6),
    )
    fourth = issue(world, code="art38-IV", on=dt.date(2026, 7, 10))
    make_final(world, fourth, dt.date(2026, 7, 10))
    assert case_of(world, fourth).stage == Case.Stage.FINAL
    with tenant(world.m):
        assert not Escalation.objects.filter(
            permit=world.permit, status=Escalation.Status.PENDING
        ).exists()


def test_the_lift_is_only_for_the_appeal_judgments_and_the_suspension_in_force(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=2))
    kw = dict(municipality=world.m, on=dt.date(2026, 7, 6), reason="anulada")
    # Pending: nobody has judged it, so nothing is annulled (art. 34 §3).
    with pytest.raises(InvalidTransition, match="art. 34, §3"):
        permit_suspension_lift(actor=world.jari, permit=permit_of(world), appeal=f, **kw)
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Anulada.",
        on=dt.date(2026, 7, 6),
    )
    assert permit_of(world).status == Permit.Status.ACTIVE
    # Once lifted, the same appeal lifts nothing again.
    with pytest.raises(InvalidTransition, match="não é a que está em vigor"):
        permit_suspension_lift(actor=world.jari, permit=permit_of(world), appeal=f, **kw)


def test_art_34_par3_only_the_appeal_judges_competence_lifts_it(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=2))
    with tenant(world.m):
        Filing.objects.filter(pk=f.pk).update(result=Filing.Result.UPHELD)
    kw = dict(permit=permit_of(world), on=dt.date(2026, 7, 6), reason="anulada")
    with pytest.raises(NotCompetent):
        permit_suspension_lift(actor=world.authority, municipality=world.m, appeal=f, **kw)
    with pytest.raises(NotCompetent):  # an appeal to the JARI is the JARI's (art. 43)
        permit_suspension_lift(actor=world.mayor, municipality=world.m, appeal=f, **kw)
    assert permit_of(world).status == Permit.Status.SUSPENDED


def test_art_34_par3_a_dismissed_appeal_lifts_nothing(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=2))
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=False,
        reasoning="Mantida.",
        on=dt.date(2026, 7, 6),
    )
    with pytest.raises(InvalidTransition, match="julgado procedente"):
        permit_suspension_lift(
            actor=world.jari,
            municipality=world.m,
            permit=permit_of(world),
            appeal=f,
            on=dt.date(2026, 7, 7),
            reason="anulada",
        )
    assert permit_of(world).status == Permit.Status.SUSPENDED


def test_art_34_par3_a_defence_upheld_in_an_infraction_case_is_not_an_appeal_against_it(world):
    """A filing of another kind of case — here the defence of an infraction, upheld — does not
    annul a suspension, even of the same permit (art. 42 is not art. 34 §3)."""
    suspended(world)
    auto = issue(world, code="art38-IV", on=dt.date(2026, 7, 2))
    defence = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_of(world, auto),
        text="Não fui eu.",
        filed_on=dt.date(2026, 7, 3),
    )
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=defence,
        upheld=True,
        reasoning="Procedente.",
        on=dt.date(2026, 7, 4),
    )
    with pytest.raises(InvalidTransition, match="art. 34, §3"):
        permit_suspension_lift(
            actor=world.jari,
            municipality=world.m,
            permit=permit_of(world),
            appeal=defence,
            on=dt.date(2026, 7, 6),
            reason="anulada",
        )
    assert permit_of(world).status == Permit.Status.SUSPENDED


def test_art_34_par3_an_appeal_upheld_for_another_permit_lifts_nothing_here(world):
    case = suspended(world)
    f = appeal(world, case, START + dt.timedelta(days=2))
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Anulada.",
        on=dt.date(2026, 7, 6),
    )
    other = make_permit(world.m, clerk=world.clerk)
    permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=other,
        days=15,
        start=START,
        reason="suspensão de 15 dias (art. 32 I)",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    with tenant(world.m):
        other = Permit.objects.get(pk=other.pk)
    with pytest.raises(InvalidTransition, match="desta permissão"):
        permit_suspension_lift(
            actor=world.jari,
            municipality=world.m,
            permit=other,
            appeal=f,
            on=dt.date(2026, 7, 7),
            reason="anulada",
        )
    with tenant(world.m):
        assert Permit.objects.get(pk=other.pk).status == Permit.Status.SUSPENDED

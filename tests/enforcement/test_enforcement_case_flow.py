"""The processo administrativo end to end: auto → notice → defence → decision → JARI → final, revelia,
finality with the fine as a debt (D-5), escalation (D-1, D-2), proposals (D-3), art. 31 §2."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, issue, make_final, pay, pending_notice
from registry_factories import make_permit

from outorga.core.errors import Refused
from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, Filing, InfractionNotice, Penalty
from outorga.enforcement.services.annulment import case_annul_ex_officio, infraction_cancel
from outorga.enforcement.services.common import InvalidStep, NotOwner
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_decide
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent
from outorga.registry.models import Auxiliary, Permit

D = dt.date(2026, 4, 6)  # a Monday


def test_an_auto_signed_by_the_offender_is_notified_that_day_and_opens_the_defence(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    assert auto.number.startswith("AI-") and auto.holder_name == world.permit.holder.name
    assert case.stage == Case.Stage.DEFENCE and case.waiting == Case.Waiting.DEADLINE
    # Art. 42: 10 days from the notice (D-4: the day of notice excluded) → 16/04/2026 (Thursday).
    assert case.deadline == dt.date(2026, 4, 16)
    with tenant(world.m):
        act = Act.objects.filter(action="infraction.issue").latest("seq")
    assert any("art. 30" in c for c in act.record["basis"]["citations"])


def test_the_full_path_defence_dismissed_jari_dismissed_then_final_with_a_fine_debt(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    f = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case,
        text="Não estava em serviço.",
        filed_on=D + dt.timedelta(days=3),
        attachments=[("prova.pdf", b"%PDF-1.4 prova")],
    )
    assert case_of(world, auto).waiting == Case.Waiting.JUDGMENT
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=f,
        upheld=False,
        reasoning="Fotos mostram o condutor em serviço.",
        on=D + dt.timedelta(days=5),
    )
    case = case_of(world, auto)
    assert case.stage == Case.Stage.JARI and case.waiting == Case.Waiting.NOTICE
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="postal",
        on=D + dt.timedelta(days=9),
        reference="AR BR123",
    )
    case = case_of(world, auto)
    assert case.waiting == Case.Waiting.DEADLINE and case.deadline == dt.date(2026, 4, 27)
    appeal = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case,
        text="Recorro à JARI.",
        filed_on=dt.date(2026, 4, 27),
    )
    assert appeal.stage == Filing.Stage.JARI
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=appeal,
        upheld=False,
        reasoning="Mantida a decisão.",
        on=dt.date(2026, 5, 4),
    )
    case = case_of(world, auto)
    assert case.stage == Case.Stage.EXECUTIVE
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=dt.date(2026, 5, 5),
    )
    case = case_of(world, auto)
    # Nothing happens while the deadline to appeal to the Chief Executive is open (D-1).
    assert sweep(world.m, case.deadline)["final"] == []
    report = sweep(world.m, case.deadline + dt.timedelta(days=1))
    assert report["final"] == [case.number]
    case = case_of(world, auto)
    assert case.stage == Case.Stage.FINAL
    with tenant(world.m):
        fine = Penalty.objects.get(case=case, kind=Penalty.Kind.FINE)
        assert fine.debt is not None and fine.debt.origin == Debt.Origin.FINE
        assert fine.debt.amount_cents == fine.amount_cents > 0
        assert "D-5" in " ".join(fine.debt.basis.get("citations", []))
    # Idempotent: a second run changes nothing.
    with tenant(world.m):
        acts = Act.objects.count()
    assert sweep(world.m, case.final_on + dt.timedelta(days=1)) == {
        "reconsider_until": [],
        "judge_until": [],
        "revelia": [],
        "final": [],
        "proposals_ready": [],
        "storage": [],
        "suspensions_served": [],
        "suspensions_ended": [],
    }
    with tenant(world.m):
        assert Act.objects.count() == acts


def test_defence_upheld_closes_the_case_and_no_fine_is_charged(world):
    auto = issue(world, on=D)
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case_of(world, auto), text="x", filed_on=D
    )
    filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=True, reasoning="ok", on=D
    )
    case = case_of(world, auto)
    assert case.stage == Case.Stage.ANNULLED
    with tenant(world.m):
        assert not Penalty.objects.filter(case=case).exists()


def test_art_42_par3_revelia_when_no_defence_by_the_deadline(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    assert sweep(world.m, case.deadline)["revelia"] == []  # the last day still counts
    assert sweep(world.m, case.deadline + dt.timedelta(days=1))["revelia"] == [case.number]
    case = case_of(world, auto)
    assert case.revelia and case.stage == Case.Stage.JARI and case.waiting == Case.Waiting.NOTICE
    with tenant(world.m):
        act = Act.objects.filter(action="case.revelia").latest("seq")
    assert any("art. 42, §3" in c for c in act.record["basis"]["citations"])


def test_a_late_defence_is_refused_with_the_article(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    with pytest.raises(Refused) as exc:
        filing_file(
            actor=world.holder,
            municipality=world.m,
            case=case,
            text="x",
            filed_on=case.deadline + dt.timedelta(days=1),
        )
    assert "art. 42" in str(exc.value)


def test_a_holder_cannot_file_in_someone_elses_case(world, user_of):
    other = make_permit(world.m, clerk=world.clerk)
    auto = issue(world, on=D, permit=other)
    with pytest.raises(NotOwner):
        filing_file(
            actor=world.holder,
            municipality=world.m,
            case=case_of(world, auto),
            text="x",
            filed_on=D,
        )


def _final_autos(world, codes, start=D, permit=None, **kw):
    autos = []
    for i, code in enumerate(codes):
        auto = issue(
            world,
            code=code,
            on=start + dt.timedelta(days=7 * i),
            permit=permit or world.permit,
            **kw,
        )
        autos.append(auto)
    for auto in autos:
        make_final(world, auto, timezone_date(auto))
    return autos


def timezone_date(auto: InfractionNotice) -> dt.date:
    from django.utils import timezone

    return timezone.localtime(auto.committed_at).date()


def test_d2_three_final_leve_or_media_lead_to_a_15_day_suspension_imposed_by_the_authority(world):
    _final_autos(world, ["art38-II", "art38-III", "art39-II"])
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
        assert esc.days == 15 and esc.status == Escalation.Status.PENDING
        assert esc.counted.count() == 3
    # Nothing is applied automatically: the permit stays active until the authority's click.
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
    with pytest.raises(NotCompetent):
        suspension_impose(
            actor=world.fiscal, municipality=world.m, escalation=esc, start=dt.date(2026, 7, 1)
        )
    suspension_impose(
        actor=world.authority,
        municipality=world.m,
        escalation=esc,
        start=dt.date(2026, 7, 1),
        on=dt.date(2026, 7, 1),
    )
    with tenant(world.m):
        p = Permit.objects.get(pk=world.permit.pk)
    assert p.status == Permit.Status.SUSPENDED and p.suspended_until == dt.date(2026, 7, 15)
    # The sweep lists it after the end; the clerk reinstates with the proof (art. 32 §2).
    assert sweep(world.m, dt.date(2026, 7, 16))["suspensions_ended"] == [
        f"{p.number} (suspensão até 15/07/2026): aguardando a comprovação (Lei de mototáxi de Ipatinga (2013), art. 32, §2)"
    ]
    with tenant(world.m):
        assert Permit.objects.get(pk=p.pk).status == Permit.Status.SUSPENDED


def test_d2_three_grave_lead_to_30_days(world):
    _final_autos(world, ["art40-I", "art40-II", "art40-V"])
    with tenant(world.m):
        assert Escalation.objects.get(permit=world.permit).days == 30


def test_art_32_ii_five_media_or_worse_in_12_months_open_a_revocation_proposal_for_the_mayor(world):
    _final_autos(world, ["art39-II", "art39-III", "art39-IV", "art39-V", "art40-I"])
    with tenant(world.m):
        proposal = Case.objects.get(permit=world.permit, kind=Case.Kind.REVOCATION)
    assert proposal.waiting == Case.Waiting.NOTICE
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, proposal),
        form="pessoal",
        on=dt.date(2026, 8, 3),
    )
    proposal = case_of_pk(world, proposal.pk)
    # Before the defence or its deadline, nobody decides (art. 34 §2, D-3).
    with pytest.raises(InvalidStep):
        proposal_decide(
            actor=world.mayor,
            municipality=world.m,
            case=proposal,
            accept=True,
            reasoning="x",
            on=dt.date(2026, 8, 4),
        )
    filing_file(
        actor=world.holder,
        municipality=world.m,
        case=proposal,
        text="Defesa.",
        filed_on=dt.date(2026, 8, 5),
    )
    proposal = case_of_pk(world, proposal.pk)
    with pytest.raises(NotCompetent):
        proposal_decide(
            actor=world.authority,
            municipality=world.m,
            case=proposal,
            accept=True,
            reasoning="x",
            on=dt.date(2026, 8, 10),
        )
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=proposal,
        accept=True,
        reasoning="Reincidência.",
        on=dt.date(2026, 8, 10),
    )
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.REVOKED
        act = Act.objects.filter(action="penalty.revocation.decide").latest("seq")
    assert act.actor_name == world.mayor.name


def case_of_pk(world, pk):
    with tenant(world.m):
        return Case.objects.get(pk=pk)


def test_art_31_par2_the_holder_answers_for_the_auxiliary(world):
    with tenant(world.m):
        helper_person = world.permit.holder  # reuse: only the link matters
        aux = Auxiliary.objects.create(
            permit=world.permit, person=helper_person, registration_number=77, added_on=D
        )
    autos = _final_autos(
        world, ["art38-II", "art38-III", "art38-IV"], committed_by="auxiliary", auxiliary=aux
    )
    assert all(a.committed_by == "auxiliary" for a in autos)
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
        fines = Penalty.objects.filter(permit=world.permit, kind=Penalty.Kind.FINE)
        assert {p.debt.person_id for p in fines} == {world.permit.holder_id}
    assert any("art. 31, §2" in c for c in esc.decision["citations"])


def test_fine_paid_debt_is_left_alone(world):
    auto = issue(world, on=D)
    case = make_final(world, auto, D)
    with tenant(world.m):
        debt = Penalty.objects.get(case=case).debt
    pay(world, debt)
    with tenant(world.m):
        assert Debt.objects.get(pk=debt.pk).status == Debt.Status.PAID


def test_art_34_par3_a_suspension_can_be_appealed_to_the_jari(world):
    _final_autos(world, ["art38-II", "art38-III", "art38-IV"])
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
    suspension_impose(
        actor=world.authority,
        municipality=world.m,
        escalation=esc,
        start=dt.date(2026, 7, 1),
        on=dt.date(2026, 7, 1),
    )
    with tenant(world.m):
        appeal_case = Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
    assert appeal_case.stage == Case.Stage.JARI and appeal_case.waiting == Case.Waiting.NOTICE
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, appeal_case),
        form="pessoal",
        on=dt.date(2026, 7, 1),
    )
    f = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_of_pk(world, appeal_case.pk),
        text="A terceira infração foi do auxiliar já desligado.",
        filed_on=dt.date(2026, 7, 3),
    )
    with pytest.raises(NotCompetent):
        filing_judge(
            actor=world.authority,
            municipality=world.m,
            filing=f,
            upheld=True,
            reasoning="x",
            on=dt.date(2026, 7, 5),
        )
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=False,
        reasoning="Mantida.",
        on=dt.date(2026, 7, 5),
    )
    assert case_of_pk(world, appeal_case.pk).stage == Case.Stage.EXECUTIVE
    # No appeal to the Chief Executive: the suspension is final (nothing else changes).
    appeal_case = case_of_pk(world, appeal_case.pk)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, appeal_case),
        form="pessoal",
        on=dt.date(2026, 7, 6),
    )
    sweep(world.m, dt.date(2026, 7, 17))
    assert case_of_pk(world, appeal_case.pk).stage == Case.Stage.FINAL


def test_cancelling_a_counted_auto_withdraws_the_pending_suspension(world):
    autos = _final_autos(world, ["art38-II", "art38-III", "art39-II"])
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
    assert esc.status == Escalation.Status.PENDING
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=autos[1], reason="placa trocada"
    )
    with tenant(world.m):
        esc = Escalation.objects.get(pk=esc.pk)
        assert esc.status == Escalation.Status.DISMISSED
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE


def test_d_1_lei_9784_art_53_annulling_a_counted_final_case_withdraws_the_pending_suspension(
    world,
):
    """A final infraction annulled of the authority's own motion no longer counts (D-1): the
    suspension it supported, waiting for the authority's click, falls as when its auto is
    cancelled."""
    autos = _final_autos(world, ["art38-II", "art38-III", "art39-II"])
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
    assert esc.status == Escalation.Status.PENDING
    case_annul_ex_officio(
        actor=world.authority,
        municipality=world.m,
        case=case_of(world, autos[1]),
        on=esc.evaluated_on,
        grounds="Auto lavrado contra a placa de outro veículo.",
    )
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.DISMISSED
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE


def test_art_32_i_d_15_escalation_uses_the_days_in_force_on_the_date_of_the_newest_infraction(
    world,
):
    """Three leve infractions on 06/04, 13/04 and 20/04/2026; a law in force from 21/04 raises
    the 15 days of art. 32 I to 20. The autos become final after it, but the suspension the law
    core finds is the one of the date of the fact (D-15): 15 days."""
    with tenant(world.m):
        ParameterOverride.objects.create(
            name="mototaxi_2013.penalties.suspension_days_light",
            effective=D + dt.timedelta(days=15),
            value=20,
            legal_reference="Lei de teste que altera o art. 32, I",
        )
    _final_autos(world, ["art38-II", "art38-III", "art39-II"])
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit)
    assert esc.evaluated_on > D + dt.timedelta(days=15)  # judged after the amendment...
    assert esc.days == 15  # ...by the law of the date of the fact


def test_art_42_v_the_sweep_ends_a_taxi_suspension_served_without_proof(ipatinga_m):
    """Taxi art. 42 V: the suspension is limited to the days fixed and the law asks no proof for
    the return (unlike mototaxi art. 32 §2): the day after its last day, the sweep makes the
    permit active again — an act of the system citing the taxi law, a line in the permit's
    history effective that day — and says so; a second sweep changes nothing."""
    from registry_factories import taxi_permit

    from outorga.core.models import Act
    from outorga.registry.models import PermitStatusChange

    permit = taxi_permit(ipatinga_m)
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(
            status=Permit.Status.SUSPENDED, suspended_until=dt.date(2026, 7, 15)
        )
    assert sweep(ipatinga_m, dt.date(2026, 7, 15))["suspensions_ended"] == []
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.SUSPENDED
    assert sweep(ipatinga_m, dt.date(2026, 7, 17))["suspensions_served"] == [
        f"{permit.number} (suspensão até 15/07/2026): período cumprido, permissão ativa desde "
        "16/07/2026 (Lei do táxi de Ipatinga (2017), art. 42, V)"
    ]
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
        assert p.status == Permit.Status.ACTIVE and p.suspended_until is None
        change = PermitStatusChange.objects.filter(permit=p).latest("pk")
        act = Act.objects.filter(action="permit.active", object_id=str(p.pk)).get()
    assert change.to_status == Permit.Status.ACTIVE
    assert change.effective_on == dt.date(2026, 7, 16)
    assert act.actor_id is None
    assert "Lei do táxi de Ipatinga (2017), art. 42, V" in act.record["basis"]["citations"]
    assert sweep(ipatinga_m, dt.date(2026, 7, 18))["suspensions_served"] == []

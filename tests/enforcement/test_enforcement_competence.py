"""Who may do each step (art. 34; competence table): the inspector issues but never judges, the
authority judges defences but never decides revocation or cassação, the JARI judges only JARI
appeals, the Chief Executive decides the last appeal and the proposals; notices and the edital are
recorded only by the clerk, the inspector or the authority (art. 29, 43), storage is billed and a
seized vehicle released only by the clerk or the authority (art. 35 §1), and only the clerk returns
a suspended permit to service (art. 4 §1, 32 §2). Refusals are acts."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import MOTO_TITLE as MOTO
from enforcement_factories import (
    World,
    case_of,
    client_of,
    issue,
    pending_notice,
    refused_acts,
)

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Notice, Seizure
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import edital_publish, notice_deliver
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.enforcement.services.seizures import (
    seizure_bill_storage,
    seizure_create,
    seizure_release,
)
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit
from outorga.registry.services.documents import document_record
from outorga.registry.services.permit_status import permit_reinstate, permit_suspend
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


# --- competence of each step ------------------------------------------------------------------


def test_art_29_only_clerk_inspector_or_authority_record_a_notice_and_refusals_are_acts(world):
    auto = issue(world, on=dt.date(2026, 4, 6), signed=False)
    notice = pending_notice(world, case_of(world, auto))
    wrong = [world.jari, world.mayor, world.finance, world.holder]
    for actor in wrong:
        with pytest.raises(NotCompetent) as exc:
            notice_deliver(
                actor=actor,
                municipality=world.m,
                notice=notice,
                form="pessoal",
                on=dt.date(2026, 4, 7),
            )
        assert f"{MOTO}, art. 29" in str(exc.value)
    acts = refused_acts(world, "notice.record")
    assert [a.role for a in acts] == ["jari", "chefe_executivo", "financas", "permissionario"]
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE
    with tenant(world.m):
        assert Notice.objects.get(pk=notice.pk).notified_on is None
    notice_deliver(
        actor=world.fiscal,
        municipality=world.m,
        notice=notice,
        form="pessoal",
        on=dt.date(2026, 4, 7),
    )
    assert case_of(world, auto).deadline == dt.date(2026, 4, 17)


def test_art_29_43_only_who_records_notices_publishes_the_edital(world, user_of):
    auto = issue(world, on=dt.date(2026, 4, 6), signed=False)
    notice = pending_notice(world, case_of(world, auto))
    for actor in (world.jari, world.mayor, world.finance):
        with pytest.raises(NotCompetent):
            edital_publish(
                actor=actor,
                municipality=world.m,
                notices=[notice],
                published_on=dt.date(2026, 4, 8),
                edition="DOM 321",
            )
    assert [a.role for a in refused_acts(world, "notice.record")] == [
        "jari",
        "chefe_executivo",
        "financas",
    ]
    # The screen refuses the JARI too, with the article, and publishes nothing.
    r = client_of(user_of("ipatinga", Role.JARI)).post(
        "/fiscalizacao/edital/", {"n": [notice.pk], "published_on": "2026-04-08", "edition": "X"}
    )
    assert r.status_code == 403 and "art. 29" in r.content.decode()
    with tenant(world.m):
        assert Notice.objects.get(pk=notice.pk).notified_on is None
    [done] = edital_publish(
        actor=world.authority,
        municipality=world.m,
        notices=[notice],
        published_on=dt.date(2026, 4, 8),
        edition="DOM 321",
    )
    assert (done.form, done.notified_on, done.reference) == (
        "edital",
        dt.date(2026, 4, 8),
        "DOM 321",
    )


def _seized(w: World) -> Seizure:
    auto = issue(w, code="art38-I", on=dt.date(2026, 4, 6))  # art. 38 §2: seizes the vehicle
    return seizure_create(
        actor=w.fiscal,
        municipality=w.m,
        person=w.permit.holder,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=dt.date(2026, 4, 6),
        removal_cents=10_000,
        storage_daily_cents=1_500,
        auto=auto,
    )


def test_art_35_par1_only_clerk_or_authority_bill_storage_and_refusals_are_acts(world):
    s = _seized(world)
    through = dt.date(2026, 4, 9)
    for actor in (world.fiscal, world.jari, world.finance, world.mayor):
        with pytest.raises(NotCompetent) as exc:
            seizure_bill_storage(actor=actor, municipality=world.m, seizure=s, through=through)
        assert f"{MOTO}, art. 35, §1" in str(exc.value)
    assert [a.role for a in refused_acts(world, "seizure.release")] == [
        "fiscal",
        "jari",
        "financas",
        "chefe_executivo",
    ]
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.storage_billed_until is None and not s.storage_debts.exists()
    debt = seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=through)
    assert debt is not None and debt.origin == Debt.Origin.STORAGE
    assert debt.amount_cents == 4 * 1_500  # 06 to 09/04, the day of entry included


def test_art_35_par1_only_clerk_or_authority_release_the_vehicle_and_refusals_are_acts(world):
    s = _seized(world)
    for actor in (world.fiscal, world.jari, world.finance, world.mayor, world.holder):
        with pytest.raises(NotCompetent):
            seizure_release(actor=actor, municipality=world.m, seizure=s, on=dt.date(2026, 4, 9))
    assert [a.role for a in refused_acts(world, "seizure.release")] == [
        "fiscal",
        "jari",
        "financas",
        "chefe_executivo",
        "permissionario",
    ]
    with tenant(world.m):
        assert Seizure.objects.get(pk=s.pk).status == Seizure.Status.HELD
    # The clerk may ask; the law then refuses while fine, removal and storage are unpaid.
    with pytest.raises(Refused):
        seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=dt.date(2026, 4, 9))


def test_art_32_par2_only_the_clerk_returns_a_suspended_permit_to_service(world):
    start = dt.date(2026, 4, 6)
    suspended = permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        days=15,
        start=start,
        reason="art. 32 I",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    with tenant(world.m):
        proof = document_record(
            actor=world.clerk,
            municipality=world.m,
            law="ipatinga.mototaxi-2013",
            doc_type="other",
            issued_on=dt.date(2026, 4, 10),
            presented_on=dt.date(2026, 4, 10),
            person=world.permit.holder,
            number="NF 5",
        )
    back = dt.date(2026, 4, 21)  # the day after the 15th day
    for actor in (world.authority, world.fiscal, world.jari, world.mayor):
        with pytest.raises(NotCompetent):
            permit_reinstate(
                actor=actor,
                municipality=world.m,
                permit=suspended,
                on=back,
                proof="colete trocado",
                document=proof,
            )
    assert [a.role for a in refused_acts(world, "permit.renew")] == [
        "autoridade",
        "fiscal",
        "jari",
        "chefe_executivo",
    ]
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.SUSPENDED
    p = permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=suspended,
        on=back,
        proof="colete trocado",
        document=proof,
    )
    assert p.status == Permit.Status.ACTIVE

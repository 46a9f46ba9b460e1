"""Taxi (D-17: defence then appeal to the Chief Executive, no JARI; suspension ≤ 90 days, art. 42)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import at, case_of, final_taxi_auto, pending_notice, taxi_auto
from registry_factories import taxi_permit

from outorga.core.errors import FieldError, Refused
from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services import taxi_suspensions
from outorga.enforcement.services.annulment import case_annul_ex_officio, infraction_cancel
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.taxi_suspensions import (
    taxi_register_suspension_impose,
    taxi_suspension_impose,
)
from outorga.law.competence import NotCompetent
from outorga.registry.models import Permit

D = dt.date(2026, 4, 6)
EARLIER = dt.date(2026, 2, 2)  # an auto final before D (D-1)


def _taxi_permit(m):
    """The taxi permit TX-9001 of "Taxista Teste", car TAX1A23."""
    return taxi_permit(m, n=9001, name="Taxista Teste", plate="TAX1A23")


def test_taxi_case_goes_from_defence_to_the_chief_executive_without_jari(world):
    permit = _taxi_permit(world.m)
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="recusa_passageiro",
        committed_at=at(D),
        place="Rodoviária",
        description="Recusou passageiro.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
    )
    case = case_of(world, auto)
    assert case.law == "ipatinga.taxi-2017" and case.deadline == dt.date(2026, 4, 16)
    f = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case,
        text="papel",
        filed_on=D,
        channel="paper",
    )
    filing_judge(
        actor=world.authority, municipality=world.m, filing=f, upheld=False, reasoning="x", on=D
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
    appeal = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="r",
        filed_on=D,
        channel="paper",
    )
    with pytest.raises(NotCompetent):  # no JARI under the taxi law (D-17)
        filing_judge(
            actor=world.jari, municipality=world.m, filing=appeal, upheld=False, reasoning="x", on=D
        )
    # Lei 9.784/1999 art. 56 §1 (D-17): the Chief Executive judges once the authority's five days
    # to reconsider are over (Saturday 11/04 → Monday 13/04/2026, D-4).
    filing_judge(
        actor=world.mayor,
        municipality=world.m,
        filing=appeal,
        upheld=False,
        reasoning="x",
        on=dt.date(2026, 4, 14),
    )
    case = case_of(world, auto)
    assert case.stage == Case.Stage.FINAL
    with tenant(world.m):
        fine = case.penalties.get()
    assert fine.amount_cents == 150 * 500  # grave: 150 UFPI × R$ 5,00 (demo UFPI)


def test_taxi_suspension_is_never_over_90_days(world):
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    with pytest.raises(Refused):
        taxi_suspension_impose(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            auto=auto,
            days=91,
            start=D,
            on=D,
        )
    p = taxi_suspension_impose(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        days=90,
        start=D,
        on=D,
    )
    assert p.status == Permit.Status.SUSPENDED and p.suspended_until == D + dt.timedelta(days=89)


def _suspend_permission(world, permit, auto):
    return taxi_suspension_impose(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        days=30,
        start=D,
        on=D,
    )


def test_art_41_caput_d_1_permission_suspension_refused_while_the_auto_is_not_final(world):
    permit = _taxi_permit(world.m)
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="recusa_passageiro",
        committed_at=at(EARLIER),
        place="Rodoviária",
        description="Recusa de passageiro.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
    )
    with pytest.raises(FieldError, match="D-1") as exc:
        _suspend_permission(world, permit, auto)
    assert "art. 41, caput" in str(exc.value) and "art. 42, V" in str(exc.value)
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE


@pytest.mark.parametrize("target", ["permissao", "cadastro"])
def test_art_41_caput_d_1_a_suspension_never_starts_before_its_auto_became_final(world, target):
    """Art. 42 IV–V on one final infraction (D-1), "observados o contraditório e a ampla defesa"
    (art. 41 caput): the suspension may not start on a day the infraction's process was still
    running — it would be served, backdated, while the defence or appeal was open."""
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    final_on = case_of(world, auto).final_on
    assert final_on is not None and final_on > EARLIER

    def suspend(start):  # type: ignore[no-untyped-def]
        common = {"actor": world.authority, "municipality": world.m, "permit": permit}
        if target == "permissao":
            return taxi_suspension_impose(**common, auto=auto, days=10, start=start, on=start)
        return taxi_register_suspension_impose(
            **common, infraction=auto, days=10, start=start, on=start
        )

    with pytest.raises(FieldError, match="D-1") as exc:
        suspend(final_on - dt.timedelta(days=1))
    assert f"{final_on:%d/%m/%Y}" in str(exc.value) and "art. 41, caput" in str(exc.value)
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()
    suspend(final_on)
    with tenant(world.m):
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 1


def test_art_42_V_permission_suspension_refused_on_another_permits_auto(world):
    permit, other = _taxi_permit(world.m), taxi_permit(world.m)
    auto = final_taxi_auto(world, other, on=EARLIER)
    with pytest.raises(FieldError, match=r"desta permissão.*art\. 42, V"):
        _suspend_permission(world, permit, auto)
    with pytest.raises(FieldError, match=r"art\. 42, V"):
        _suspend_permission(world, permit, None)


def test_art_42_V_permission_suspension_refused_on_a_cancelled_auto(world):
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    infraction_cancel(actor=world.authority, municipality=world.m, auto=auto, reason="erro")
    with pytest.raises(FieldError, match=r"cancelado.*art\. 42, V"):
        _suspend_permission(world, permit, auto)
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE


def test_art_42_V_one_auto_backs_one_permission_suspension_and_may_also_back_the_register_one(
    world,
):
    """Art. 42: measures "individual ou cumulativamente" — the permission's suspension and the
    offender's inscription's on one auto, but not the same measure twice for one infraction, not
    even after the first has run out."""
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    later = D + dt.timedelta(days=60)
    common = {"actor": world.authority, "municipality": world.m, "permit": permit, "days": 10}

    def register(infraction, start):  # type: ignore[no-untyped-def]
        return taxi_register_suspension_impose(
            **common, infraction=infraction, start=start, on=start
        )

    _suspend_permission(world, permit, auto)  # 30 days from D
    with pytest.raises(FieldError, match=r"já fundamenta a suspensão da permissão.*art\. 42, V"):
        taxi_suspension_impose(**common, auto=auto, start=later, on=later)
    assert register(auto, D).decision["target"] == "cadastro"
    with pytest.raises(FieldError, match=r"já fundamenta a suspensão do cadastro.*art\. 42, IV"):
        register(auto, later)
    register(final_taxi_auto(world, permit, on=EARLIER), later)  # another infraction
    with tenant(world.m):
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 3


@pytest.mark.parametrize(
    ("target", "action", "inciso"),
    [("permissao", "permit.suspended", "V"), ("cadastro", "penalty.suspension.register", "IV")],
)
def test_art_42_caput_the_law_refuses_a_second_suspension_of_one_kind_on_the_auto_and_logs_it(
    world, target, action, inciso
):
    """The law core judges the second suspension of one kind on one auto (art. 42 caput, from
    the suspensions the records show it backs): refused on the field "auto", naming the day the
    first started and the article, and kept in the acts log like the law's other refusals."""
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    common = {"actor": world.authority, "municipality": world.m, "permit": permit, "days": 10}

    def suspend(start):  # type: ignore[no-untyped-def]
        if target == "permissao":
            return taxi_suspension_impose(**common, auto=auto, start=start, on=start)
        return taxi_register_suspension_impose(**common, infraction=auto, start=start, on=start)

    suspend(D)
    with pytest.raises(FieldError) as exc:
        suspend(D + dt.timedelta(days=60))
    assert exc.value.field == "auto"
    assert f"{D:%d/%m/%Y}" in exc.value.message and auto.number in exc.value.message
    assert "mesma medida duas vezes" in exc.value.message
    assert "art. 42;" in exc.value.citation and f"art. 42, {inciso}" in exc.value.citation
    with tenant(world.m):
        refused = Act.objects.filter(action=action, outcome="refused").get()
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 1
    assert "art_42_caput_the_same_measure_not_twice" in refused.canonical


def test_art_42_caput_a_suspension_committed_after_the_laws_answer_is_judged_under_the_lock(
    world, monkeypatch
):
    """The law's first answer is given before the change's transaction; a suspension on the same
    auto committed in between is read again under the permit's lock and the law refuses the
    second on it — the refusal logged, one suspension written."""
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    allowed = taxi_suspensions._suspension_allowed
    raced: list[Permit] = []
    calls = [0]

    def another_comes_first(*args):  # type: ignore[no-untyped-def]
        calls[0] += 1
        if calls[0] == 1:  # the outer imposition's: the other one runs whole, and commits
            raced.append(_suspend_permission(world, permit, auto))
        return allowed(*args)

    monkeypatch.setattr(taxi_suspensions, "_suspension_allowed", another_comes_first)
    with pytest.raises(FieldError, match=f"já fundamenta.*{D:%d/%m/%Y}") as exc:
        taxi_suspension_impose(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            auto=auto,
            days=10,
            start=D + dt.timedelta(days=60),
            on=D + dt.timedelta(days=60),
        )
    assert exc.value.field == "auto" and raced[0].suspended_until == D + dt.timedelta(days=29)
    with tenant(world.m):
        refused = Act.objects.filter(action="permit.suspended", outcome="refused").get()
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 1
    assert "art_42_caput_the_same_measure_not_twice" in refused.canonical


@pytest.mark.parametrize(("committed", "allowed"), [(D - dt.timedelta(days=1), False), (D, True)])
def test_art_42_v_d_15_the_limit_is_the_one_in_force_when_the_infraction_was_committed(
    world, committed, allowed
):
    """An amendment raising the 90 days of art. 42 V to 120 from D does not reach an infraction
    committed the day before, though the suspension is imposed later (D-15): 100 days are
    refused for it, and allowed for one committed on the day the amendment takes effect."""
    with tenant(world.m):
        ParameterOverride.objects.create(
            name="taxi_2017.permit_suspension_max_days",
            effective=D,
            value=120,
            legal_reference="Lei de teste que altera o art. 42",
        )
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=committed)
    start = D + dt.timedelta(days=60)
    if not allowed:
        with pytest.raises(Refused, match="90"):
            taxi_suspension_impose(
                actor=world.authority,
                municipality=world.m,
                permit=permit,
                auto=auto,
                days=100,
                start=start,
                on=start,
            )
        return
    p = taxi_suspension_impose(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        days=100,
        start=start,
        on=start,
    )
    assert p.suspended_until == start + dt.timedelta(days=99)


@pytest.mark.parametrize(
    ("amended", "target", "allowed"),
    [
        ("permit", "permissao", True),
        ("permit", "cadastro", False),
        ("registration", "cadastro", True),
        ("registration", "permissao", False),
    ],
)
def test_art_42_iv_and_v_each_suspension_has_its_own_limit(world, amended, target, allowed):
    """Art. 42, IV limits the suspension of the cadastro de taxista and V that of the permission,
    each to 90 days: an amendment raising one of them to 120 days (D-15) lets 100 days of that
    suspension and still refuses 100 days of the other, citing its own inciso."""
    with tenant(world.m):
        ParameterOverride.objects.create(
            name=f"taxi_2017.{amended}_suspension_max_days",
            effective=EARLIER,
            value=120,
            legal_reference="Lei de teste que altera o art. 42",
        )
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    start = D + dt.timedelta(days=60)
    common = {"actor": world.authority, "municipality": world.m, "permit": permit, "days": 100}

    def suspend():  # type: ignore[no-untyped-def]
        if target == "permissao":
            return taxi_suspension_impose(**common, auto=auto, start=start, on=start)
        return taxi_register_suspension_impose(**common, infraction=auto, start=start, on=start)

    if allowed:
        suspend()
        with tenant(world.m):
            assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 1
        return
    inciso = "IV" if target == "cadastro" else "V"
    with pytest.raises(Refused) as exc:
        suspend()
    assert "a lei limita a 90 dias corridos" in str(exc.value)
    assert f"art. 42, {inciso}" in str(exc.value)
    with tenant(world.m):
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()


def test_art_43_d_17_a_taxi_defence_the_day_after_its_last_day_is_refused_by_the_law(world):
    # Notified (signed) on Monday 06/04/2026: ten days end on Thursday 16/04 (D-17, D-4). The law
    # judges the filing (art. 43 with Lei 9.784/1999 art. 63, I), not the service's own date test.
    auto = taxi_auto(world, _taxi_permit(world.m), "recusa_passageiro", on=D)
    case = case_of(world, auto)
    assert case.deadline == dt.date(2026, 4, 16)
    with pytest.raises(Refused) as exc:
        filing_file(
            actor=world.clerk,
            municipality=world.m,
            case=case,
            text="papel",
            filed_on=dt.date(2026, 4, 17),
            channel="paper",
        )
    message = str(exc.value)
    assert message.startswith("Intempestivo: o prazo terminou em 16/04/2026")
    assert "Lei do táxi de Ipatinga (2017), art. 43" in message and "art. 63, I" in message
    (refusal,) = exc.value.decision.refusals
    assert refusal.rule == "taxi_2017.art_43_d_17_filed_in_time"
    with tenant(world.m):
        assert not case.filings.exists()
        assert not Act.objects.filter(action="defence.file").exists()
    assert case_of(world, auto).waiting == Case.Waiting.DEADLINE
    # The last day itself is in time.
    f = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="papel",
        filed_on=dt.date(2026, 4, 16),
        channel="paper",
    )
    assert f.deadline == dt.date(2026, 4, 16)


def test_lei_9784_art_53_art_42_V_annulling_the_auto_lifts_the_permission_suspension_it_backs(
    world,
):
    """The auto annulled of the authority's own motion (Lei 9.784/1999 art. 53, D-17) takes with
    it the suspension of the permission that rested on it (art. 41 caput, art. 42 V): the
    permission is active again at once, and the penalty is kept, marked annulled."""
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    _suspend_permission(world, permit, auto)
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.SUSPENDED
    on = D + dt.timedelta(days=3)
    case_annul_ex_officio(
        actor=world.authority,
        municipality=world.m,
        case=case_of(world, auto),
        on=on,
        grounds="Auto lavrado por agente sem competência (art. 43).",
    )
    with tenant(world.m):
        permit = Permit.objects.get(pk=permit.pk)
        penalty = Penalty.objects.get(permit=permit, kind=Penalty.Kind.SUSPENSION)
        act = Act.objects.get(action="penalty.suspension.annul", object_id=str(penalty.pk))
    assert permit.status == Permit.Status.ACTIVE and permit.suspended_until is None
    assert penalty.annulled_on == on
    assert act.record["payload"]["new"]["lifted_on"] == on.isoformat()
    assert "Lei Federal 9.784/1999, art. 53" in act.record["basis"]["citations"]
    assert case_of(world, auto).outcome.endswith(
        "a suspensão da permissão anulada, permissão restabelecida"
    )

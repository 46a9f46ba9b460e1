"""Taxi cassação (art. 41 §3–5; D-1, D-3, D-17): a proposal on one final infraction of the permit,
asked of taxi.penalty — the register for grave or gravíssima (§3), the permission for gravíssima
(§4) —, notified with its defence period, decided only by the Chief Executive; and the screens that
open it and impose a taxi suspension (art. 42 V, ≤ 90 days)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import (
    client_of,
    final_taxi_auto,
    make_final,
    pending_notice,
    refused_acts,
    taxi_auto,
)
from public_factories import badge_without_law  # type: ignore[import-not-found]
from registry_factories import taxi_permit
from validate_docbr import CPF

from outorga.core.errors import FieldError, Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.enforcement.services.taxi_suspensions import taxi_suspension_impose
from outorga.law.competence import NotCompetent, Role
from outorga.public.selectors import badges as public
from outorga.registry.models import Auxiliary, Permit, PermitStatusChange, Person

D = dt.date(2026, 4, 6)  # a Monday
TAXI = "ipatinga.taxi-2017"


def auxiliary_of(m, permit: Permit) -> Auxiliary:
    with tenant(m):
        person = Person.objects.create(document=CPF().generate(), name="Auxiliar do Táxi")
        return Auxiliary.objects.create(
            permit=permit, person=person, registration_number=77, added_on=dt.date(2025, 2, 1)
        )


def fresh(world, obj):
    with tenant(world.m):
        return type(obj).objects.get(pk=obj.pk)


def propose(world, permit, auto, target, actor=None, on=dt.date(2026, 6, 1)) -> Case:
    return proposal_open_cassacao(
        actor=actor or world.authority,
        municipality=world.m,
        permit=permit,
        auto=auto,
        target=target,
        on=on,
    )


def ready_for_decision(world, case: Case, notified_on=dt.date(2026, 6, 1)) -> Case:
    """The proposal notified in person; no defence; the sweep after the deadline (D-17: 10 days)."""
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=notified_on,
    )
    case = fresh(world, case)
    assert case.deadline == dt.date(2026, 6, 11)
    sweep(world.m, case.deadline + dt.timedelta(days=1))
    case = fresh(world, case)
    assert case.waiting == Case.Waiting.JUDGMENT
    return case


def test_art_41_par_4_permit_cassacao_of_a_final_gravissima_decided_by_the_chief_executive(world):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    # D-1: not while the infraction's own case runs.
    with pytest.raises(Refused, match="D-1"):
        propose(world, permit, auto, "permissao", on=D)
    make_final(world, auto, D)
    with pytest.raises(NotCompetent):
        propose(world, permit, auto, "permissao", actor=world.fiscal)
    case = propose(world, permit, auto, "permissao")
    assert case.kind == Case.Kind.CASSACAO and case.law == TAXI
    # The taxi rulebook was asked, not the mototaxi one.
    assert case.proposal["question"] == "ipatinga.taxi-2017.penalty"
    assert case.proposal["outcome"]["may_propose"] is True
    assert case.proposal["target"] == "permissao" and case.proposal["auto"] == auto.number
    with pytest.raises(InvalidStep, match="já há proposta"):
        propose(world, permit, auto, "permissao")
    case = ready_for_decision(world, case)
    with tenant(world.m):
        ready = Act.objects.filter(action="case.proposal.ready").latest("seq")
    # The proposal waits for whom decides a cassação (art. 41 §3–4), not a revocation (art. 15);
    # each article once.
    ready_cites = ready.record["basis"]["citations"]
    assert any("art. 41, §4" in c for c in ready_cites), ready_cites
    assert not any("art. 15" in c for c in ready_cites), ready_cites
    assert len(ready_cites) == len(set(ready_cites)), ready_cites
    decided_on = dt.date(2026, 6, 12)
    for actor in (world.authority, world.jari, world.fiscal):
        with pytest.raises(NotCompetent):
            proposal_decide(
                actor=actor,
                municipality=world.m,
                case=case,
                accept=True,
                reasoning="x",
                on=decided_on,
            )
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="Suspendeu o serviço sem autorização.",
        on=decided_on,
    )
    permit = fresh(world, permit)
    assert permit.status == Permit.Status.CASSADA
    with tenant(world.m):
        change = PermitStatusChange.objects.get(permit=permit, to_status=Permit.Status.CASSADA)
        assert change.effective_on == decided_on
        act = Act.objects.filter(action="penalty.cassacao.decide").latest("seq")
        penalty = Penalty.objects.get(case=case)
    cites = act.record["basis"]["citations"]
    assert any("art. 41, §4" in c for c in cites) and any("art. 41, §5" in c for c in cites)
    assert any("D-17" in c for c in cites)
    assert act.actor_name == world.mayor.name
    assert penalty.kind == Penalty.Kind.CASSACAO and penalty.decision["target"] == "permissao"
    assert penalty.decision["outcome"]["may_impose"] is True


def test_art_41_par_4_the_permission_is_not_cassated_for_a_grave_infraction(world):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "recusa_passageiro")
    make_final(world, auto, D)
    with pytest.raises(Refused, match=r"art\. 41, §4"):
        propose(world, permit, auto, "permissao")


def test_art_41_par_3_register_cassacao_of_the_auxiliary_takes_his_credential_only(world):
    permit = taxi_permit(world.m)
    aux = auxiliary_of(world.m, permit)
    auto = taxi_auto(world, permit, "recusa_passageiro", committed_by="auxiliary", auxiliary=aux)
    make_final(world, auto, D)
    case = propose(world, permit, auto, "cadastro")
    assert case.proposal["offender"]["kind"] == "auxiliary"
    case = ready_for_decision(world, case)
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="Recusa reiterada de passageiros.",
        on=dt.date(2026, 6, 12),
    )
    aux = fresh(world, aux)
    assert aux.status == Auxiliary.Status.CASSADO and aux.removed_on == dt.date(2026, 6, 12)
    assert fresh(world, permit).status == Permit.Status.ACTIVE  # §4 is for gravíssima only


def test_art_41_par_3_register_cassacao_of_the_holder_keeps_the_permission(world):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "tarifa_diferente")
    make_final(world, auto, D)
    case = ready_for_decision(world, propose(world, permit, auto, "cadastro"))
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=case,
        accept=True,
        reasoning="Cobrança de tarifa diferente.",
        on=dt.date(2026, 6, 12),
    )
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    with tenant(world.m):
        penalty = Penalty.objects.get(case=case)
    assert penalty.decision["target"] == "cadastro"
    assert penalty.decision["offender"]["person_id"] == permit.holder_id
    # The permission stays, but its holder may no longer drive a taxi: the badge anyone scans
    # says "cassado" from the decision on, with the article.
    badge = badge_without_law(world.m, permit, world.clerk)
    with tenant(world.m):
        before = public.badge_status(badge, dt.date(2026, 6, 11))
        status = public.badge_status(badge, dt.date(2026, 6, 12))
    assert before.code == "valido"
    assert (status.code, status.valid) == ("cassado", False) and "art. 41, IV" in status.detail


def test_art_41_par_3_register_cassacao_needs_an_identified_offender(world):
    """The law's penalty judges it from who the auto records as the offender; its refusal names
    the field and is kept in the acts log, and no process opens."""
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "recusa_passageiro", committed_by="unknown")
    make_final(world, auto, D)
    with pytest.raises(FieldError, match=r"art\. 41, §3") as exc:
        propose(world, permit, auto, "cadastro")
    assert isinstance(exc.value, Refused) and exc.value.field == "infrator"
    assert "que o auto não identifica" in exc.value.message
    assert exc.value.decision.question == "ipatinga.taxi-2017.penalty"
    [act] = refused_acts(world, "case.proposal.open")
    assert act.record["payload"]["new"]["target"] == "cadastro"
    assert act.record["basis"]["decision"]["question"] == "ipatinga.taxi-2017.penalty"
    with tenant(world.m):
        assert not Case.objects.filter(kind=Case.Kind.CASSACAO).exists()


def test_art_41_par_5_the_chief_executive_decides_only_after_the_defence(world):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    make_final(world, auto, D)
    case = propose(world, permit, auto, "permissao")
    with pytest.raises(InvalidStep, match="D-3"):  # not notified yet
        proposal_decide(
            actor=world.mayor,
            municipality=world.m,
            case=case,
            accept=True,
            reasoning="x",
            on=dt.date(2026, 6, 2),
        )
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=dt.date(2026, 6, 1),
    )
    filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=fresh(world, case),
        text="Defesa: havia autorização verbal.",
        filed_on=dt.date(2026, 6, 3),
        channel="paper",
    )
    proposal_decide(
        actor=world.mayor,
        municipality=world.m,
        case=fresh(world, case),
        accept=False,
        reasoning="Defesa acolhida.",
        on=dt.date(2026, 6, 4),
    )
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    assert fresh(world, case).outcome.startswith("rejeitada")


def test_a_taxi_cassacao_loses_its_basis_when_the_auto_is_cancelled(world):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    make_final(world, auto, D)
    case = ready_for_decision(world, propose(world, permit, auto, "permissao"))
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=auto, reason="Placa trocada."
    )
    with pytest.raises(Refused, match=r"cancelado: a cassação perdeu a base.*art\. 41, §3"):
        proposal_decide(
            actor=world.mayor,
            municipality=world.m,
            case=fresh(world, case),
            accept=True,
            reasoning="x",
            on=dt.date(2026, 6, 12),
        )
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    # The law's refusal is kept in the acts log; the case waits as it was.
    [act] = refused_acts(world, "penalty.cassacao.decide")
    assert act.object_id == str(case.pk)
    assert act.record["basis"]["decision"]["question"] == "ipatinga.taxi-2017.penalty"
    assert fresh(world, case).waiting == Case.Waiting.JUDGMENT


def test_a_mototaxi_suspension_is_not_imposed_by_the_taxi_rule(world):
    # The refusal cites the mototaxi law's own suspension: by accumulation (art. 32, I).
    with pytest.raises(FieldError, match=r"mototáxi de Ipatinga \(2013\), art\. 32, I"):
        taxi_suspension_impose(
            actor=world.authority,
            municipality=world.m,
            permit=world.permit,
            auto=None,
            days=10,
            start=D,
            on=D,
            reason="x",
        )


# --- screens ---------------------------------------------------------------------------------------


def test_the_authority_opens_a_taxi_cassacao_on_its_screen(world, user_of):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    make_final(world, auto, D)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{permit.pk}/cassacao/"
    page = authority.get(f"{url}?auto={auto.pk}")
    assert page.status_code == 200
    body = page.content.decode()
    assert auto.number in body and "art. 41, V; art. 41, §4" in body
    r = authority.post(url, {"auto": auto.pk, "target": "permissao", "on": "2026-06-01"})
    assert r.status_code == 302
    with tenant(world.m):
        case = Case.objects.get(kind=Case.Kind.CASSACAO, permit=permit)
    assert r["Location"] == f"/fiscalizacao/processos/{case.pk}/"
    shown = authority.get(r["Location"]).content.decode()
    assert "cassação da permissão (art. 41, V; art. 41, §4)" in shown
    # A grave infraction: refused on the screen with the article.
    other = taxi_auto(world, permit, "recusa_passageiro")
    make_final(world, other, D)
    r = authority.post(url, {"auto": other.pk, "target": "permissao", "on": "2026-06-01"})
    assert r.status_code == 422 and "art. 41, §4" in r.content.decode()
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post(url, {"auto": auto.pk, "target": "cadastro", "on": "2026-06-01"})
    assert r.status_code == 403


def test_the_authority_opens_a_mototaxi_cassacao_on_its_screen(world, user_of):
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{world.permit.pk}/cassacao/"
    assert "art. 32, III" in authority.get(url).content.decode()
    r = authority.post(url, {"ctb_points": "19", "on": "2026-04-06"})
    assert r.status_code == 422  # and says why: no reason of the law's is refused, none found
    assert "Nenhuma causa de cassação reconhecida pela lei" in r.content.decode()
    r = authority.post(url, {"ctb_points": "20", "on": "2026-04-06"})
    assert r.status_code == 302
    with tenant(world.m):
        case = Case.objects.get(kind=Case.Kind.CASSACAO, permit=world.permit)
    assert case.proposal["question"] == "ipatinga.mototaxi-2013.penalty"


def test_art_32_iii_f_another_permission_in_the_registry_is_a_cause_by_itself(world, user_of):
    """D-13: the holder's other live permission is read from the registry, not typed."""
    other = taxi_permit(world.m)
    with tenant(world.m):
        Permit.objects.filter(pk=other.pk).update(holder=world.permit.holder)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{world.permit.pk}/cassacao/"
    assert other.number in authority.get(url).content.decode()
    r = authority.post(url, {"on": "2026-04-06"})  # no cause ticked nor typed
    assert r.status_code == 302
    with tenant(world.m):
        case = Case.objects.get(kind=Case.Kind.CASSACAO, permit=world.permit)
    cause = next(r for r in case.proposal["reasons"] if other.number in r["message"])
    assert {(c["article"], c.get("inciso"), c.get("alinea")) for c in cause["citations"]} >= {
        ("32", "III", "f"),
        ("D-13", None, None),
    }


def test_the_authority_suspends_a_taxi_permission_on_its_screen_up_to_90_days(world, user_of):
    permit = taxi_permit(world.m)
    # Art. 42 V (ADR 0067): the screen decides today, and the suspension starts then.
    start = today_of(world.m).isoformat()
    pending = taxi_auto(world, permit, "recusa_passageiro")
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{permit.pk}/suspensao/"
    page = authority.get(url).content.decode()
    assert "art. 42, V" in page and "Nenhum auto definitivo" in page
    # D-1 / art. 41 caput: an auto whose case still runs is not offered, and refused if posted.
    r = authority.post(url, {"auto": pending.pk, "days": "30", "start": start})
    assert r.status_code == 422 and "D-1" in r.content.decode()
    auto = final_taxi_auto(world, permit, on=D)
    page = authority.get(url).content.decode()
    assert auto.number in page and pending.number not in page
    r = authority.post(url, {"auto": auto.pk, "days": "91", "start": start})
    assert r.status_code == 422 and "90" in r.content.decode()
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post(url, {"auto": auto.pk, "days": "30", "start": start})
    assert r.status_code == 403
    r = authority.post(url, {"auto": auto.pk, "days": "90", "start": start, "reason": "Recusa."})
    assert r.status_code == 302
    permit = fresh(world, permit)
    assert permit.status == Permit.Status.SUSPENDED
    assert permit.suspended_until == today_of(world.m) + dt.timedelta(days=89)
    with tenant(world.m):
        penalty = Penalty.objects.get(permit=permit, kind=Penalty.Kind.SUSPENSION)
        act = Act.objects.filter(action="permit.suspended").latest("seq")
    assert penalty.decision["auto_id"] == auto.pk and penalty.decision["target"] == "permissao"
    assert auto.number in act.canonical
    # Only taxi permissions have this screen.
    moto = f"/fiscalizacao/permissoes/{world.permit.pk}/suspensao/"
    assert authority.get(moto).status_code == 404


def test_api_opens_a_taxi_cassacao_with_the_auto_and_the_target(world, user_of):
    permit = taxi_permit(world.m)
    auto = taxi_auto(world, permit, "suspensao_servico")
    make_final(world, auto, D)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/api/v1/enforcement/permits/{permit.pk}/cassacao-proposal"
    r = authority.post(
        url, {"auto_id": auto.pk, "target": "permissao"}, content_type="application/json"
    )
    assert r.status_code == 201, r.content
    assert r.json()["kind"] == "cassacao" and r.json()["law"] == TAXI
    r = authority.post(url, {"causes": {"ctb_points": 20}}, content_type="application/json")
    assert r.status_code == 422  # a taxi permit: the auto and the target, never art. 32 III

"""The revocation or the cassação of a permission annulled of the administration's own motion for
a vício de legalidade (Lei 9.784/1999 art. 53, D-17; ADR 0066), by the authority that decided it
(D-3: the Chief Executive; mototaxi art. 34 §1; taxi art. 41 §4), with its grounds (art. 50 I and
VIII): void from its origin, the permission was never lost — the permit is back in the status it
had, the auxiliaries its end unlinked (ADR 0061) are linked again where their standing allows, its
badges verify as valid again; a full quota does not refuse it, it is named and counted."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from enforcement_factories import (
    cassacao_ready,
    client_of,
    decided,
    final_taxi_auto,
    notify_case,
    refused_acts,
    revocation_ready,
)
from public_factories import badge_without_law  # type: ignore[import-not-found]
from registry_factories import moto_auxiliary, taxi_permit

from outorga.core.errors import FieldRefused
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, Penalty
from outorga.enforcement.services.annulment import case_annul_ex_officio
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.proposals import proposal_open_cassacao
from outorga.law.competence import NotCompetent
from outorga.registry.facts import cassations
from outorga.registry.models import Auxiliary, Permit, PermitStatusChange
from outorga.registry.services.auxiliaries import auxiliary_add
from outorga.registry.services.permit_status import permit_suspend
from outorga.registry.tender_facts import active_permits

GROUNDS = "A cassação se apoiou em pontuação da CNH de outro condutor: a causa não existia."
LATER = dt.date(2026, 6, 1)
ART_53 = "Lei Federal 9.784/1999, art. 53"


def fresh(world, obj):
    with tenant(world.m):
        return type(obj).objects.get(pk=obj.pk)


def annul(world, case: Case, *, actor=None, grounds: str = GROUNDS, on: dt.date = LATER) -> Case:
    return case_annul_ex_officio(
        actor=actor or world.mayor, municipality=world.m, case=case, on=on, grounds=grounds
    )


def acts(world, action: str, obj) -> list[Act]:
    with tenant(world.m):
        return list(
            Act.objects.filter(action=action, object_id=str(obj.pk), outcome="done").order_by("seq")
        )


def cassada_with_auxiliary(world, n: int = 330) -> tuple[Case, Permit, Auxiliary]:
    """A mototaxi permission with its auxiliary (art. 14), cassada by the Chief Executive (art. 32
    III g, 34 §1): the auxiliary's link ended with it (ADR 0061)."""
    permit, aux = moto_auxiliary(world.m, world.permit.tender, n, prefix="ANU9L")
    case = decided(world, cassacao_ready(world, permit))
    assert fresh(world, permit).status == Permit.Status.CASSADA
    assert fresh(world, aux).status == Auxiliary.Status.REMOVED
    return case, permit, aux


def test_lei_9784_art_53_mototaxi_art_34_par_1_the_chief_executive_annuls_a_cassacao_the_permit_is_active_again(
    world,
):
    case, permit, aux = cassada_with_auxiliary(world)
    with tenant(world.m):
        assert cassations(permit.holder, "mototaxi")  # the bar of art. 32 §1, while it stands
    annul(world, case)
    case, permit, aux = fresh(world, case), fresh(world, permit), fresh(world, aux)
    assert permit.status == Permit.Status.ACTIVE and permit.suspended_until is None
    assert case.stage == Case.Stage.ANNULLED and "Cassação anulada de ofício" in case.outcome
    # Ex tunc: the auxiliary's link ended only by the cassação is back, undated.
    assert aux.status == Auxiliary.Status.ACTIVE and aux.removed_on is None
    with tenant(world.m):
        assert Penalty.objects.get(case=case).annulled_on == LATER
        change = PermitStatusChange.objects.get(permit=permit, to_status=Permit.Status.CASSADA)
        assert change.annulled_on == LATER
        # The cassação annulled bars no new grant (art. 32 §1): it never was.
        assert cassations(permit.holder, "mototaxi") == []


def test_lei_9784_art_50_art_53_the_acts_log_records_the_annulment_its_grounds_and_articles(world):
    case, permit, aux = cassada_with_auxiliary(world, n=340)
    annul(world, case)
    (restored,) = acts(world, "permit.ending_annulled", permit)
    record = restored.record
    assert record["payload"]["old"]["status"] == Permit.Status.CASSADA
    assert record["payload"]["new"]["status"] == Permit.Status.ACTIVE
    assert record["payload"]["auxiliaries_restored"] == [aux.pk]
    assert record["basis"]["grounds"] == GROUNDS
    cites = record["basis"]["citations"]
    assert ART_53 in cites and any("art. 50" in c and "VIII" in c for c in cites)
    assert any("art. 34, §1" in c for c in cites) and "decisão D-3" in cites
    assert restored.actor_name == world.mayor.name
    (linked,) = acts(world, "auxiliary.restore", aux)
    assert linked.record["payload"]["new"] == {"status": "active", "removed_on": None}
    assert ART_53 in linked.record["basis"]["citations"]
    (closed,) = acts(world, "case.annul_ex_officio", case)
    new = closed.record["payload"]["new"]
    assert new["permit_status"] == Permit.Status.ACTIVE and new["grounds"] == GROUNDS
    assert new["auxiliaries_restored"] == [aux.pk] and new["auxiliaries_kept_ended"] == []


def test_mototaxi_art_34_par_1_d_3_the_authority_and_the_clerk_may_not_annul_a_cassacao(world):
    case, permit, _ = cassada_with_auxiliary(world, n=350)
    for actor in (world.authority, world.clerk):
        with pytest.raises(NotCompetent, match=r"art\. 34"):
            annul(world, case, actor=actor)
    assert fresh(world, permit).status == Permit.Status.CASSADA
    assert fresh(world, case).stage == Case.Stage.DECIDED


def test_lei_9784_art_50_viii_the_annulment_of_a_cassacao_without_grounds_is_refused(world):
    case, permit, _ = cassada_with_auxiliary(world, n=360)
    with pytest.raises(FieldRefused) as exc:
        annul(world, case, grounds="   ")
    assert exc.value.field == "fundamentos" and "art. 50" in exc.value.citation
    assert fresh(world, permit).status == Permit.Status.CASSADA
    (refused,) = refused_acts(world, "case.annul_ex_officio")
    assert any("art. 50" in c for c in refused.record["basis"]["citations"])


def test_lei_9784_art_53_a_cassacao_already_annulled_is_not_annulled_twice(world):
    case, permit, _ = cassada_with_auxiliary(world, n=370)
    annul(world, case)
    with pytest.raises(Exception, match=r"art\. 53"):
        annul(world, fresh(world, case), grounds="De novo.")
    assert len(acts(world, "permit.ending_annulled", permit)) == 1


def test_adr_0061_an_auxiliary_linked_since_to_another_permission_stays_ended_and_is_listed(world):
    case, permit, aux = cassada_with_auxiliary(world, n=380)
    with tenant(world.m):
        person = aux.person
    elsewhere = auxiliary_add(
        actor=world.clerk,
        municipality=world.m,
        permit=world.permit,
        person=person,
        on=dt.date(2026, 5, 20),
        work_schedule="seg a sex, 14h–22h",
        indication="Protocolo 88/2026",
    )
    case = annul(world, case)
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    assert fresh(world, aux).status == Auxiliary.Status.REMOVED
    assert fresh(world, elsewhere).status == Auxiliary.Status.ACTIVE
    (closed,) = acts(world, "case.annul_ex_officio", case)
    (kept,) = closed.record["payload"]["new"]["auxiliaries_kept_ended"]
    assert kept["auxiliary"] == aux.pk
    assert f"à permissão {world.permit.number}" in kept["why"]
    assert acts(world, "auxiliary.restore", aux) == []


def test_d_7_mototaxi_art_10_i_a_full_quota_does_not_refuse_the_annulment_it_warns(world):
    case, permit, _ = cassada_with_auxiliary(world, n=390)
    with tenant(world.m):
        in_force = active_permits("mototaxi")
        # D-7: a figure that leaves no place: one mototaxi per 300 inhabitants (art. 10 I).
        PopulationFigure.objects.create(
            value=300 * in_force, reference_year=2026, effective=dt.date(2026, 5, 1), source="teste"
        )
    # The screen warns before and after, naming the article and how many are over.
    mayor = client_of(world.mayor.user)
    url = f"/fiscalizacao/processos/{case.pk}/anular-de-oficio/"
    asked = mayor.post(url, {"grounds": GROUNDS, "on": LATER.isoformat()}).content.decode()
    assert "Atenção" in asked and "1 acima do limite" in asked and "art. 10, I" in asked
    done = mayor.post(
        url, {"grounds": GROUNDS, "on": LATER.isoformat(), "confirmado": "1"}, follow=True
    ).content.decode()
    assert "1 acima do limite" in done
    case = fresh(world, case)
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    assert "1 permissão(ões) acima do limite" in case.outcome and "art. 10, I" in case.outcome
    (closed,) = acts(world, "case.annul_ex_officio", case)
    new = closed.record["payload"]["new"]
    assert new["quota"] == {"limit": in_force, "in_force": in_force + 1, "over": 1}
    assert "art. 10, I" in new["quota_warning"] and "1 acima do limite" in new["quota_warning"]


def test_mototaxi_art_5_par_4_the_badge_of_a_permission_restored_verifies_as_valid_again(world):
    case, permit, _ = cassada_with_auxiliary(world, n=400)
    badge = badge_without_law(world.m, fresh(world, permit), world.clerk)
    public = Client()
    before = public.get(f"/api/v1/public/verify/{badge.token}").json()
    assert (before["valido"], before["situacao_codigo"]) == (False, "cassado")
    annul(world, case)
    after = public.get(f"/api/v1/public/verify/{badge.token}").json()
    assert after["situacao_codigo"] != "cassado" and after["sem_efeito_desde"] is None
    assert after["valido"] is True, after


def test_lei_9784_art_52_a_request_still_waiting_on_the_decided_case_is_prejudicado(world):
    case, permit, _ = cassada_with_auxiliary(world, n=410)
    with tenant(world.m):
        waiting = Filing.objects.create(
            case=case,
            stage=Filing.Stage.EXECUTIVE,
            channel="paper",
            text="Pedido de revisão.",
            filed_on=LATER - dt.timedelta(days=3),
            deadline=LATER,
            filed_by=world.clerk.user,
        )
    annul(world, case)
    waiting = fresh(world, waiting)
    assert waiting.result == Filing.Result.MOOT and "art. 52" in waiting.reasoning


def test_taxi_art_41_par_4_the_annulled_cassacao_of_a_taxi_permission_restores_it(world):
    permit = taxi_permit(world.m, n=9301, name="Taxista Cassado", plate="TAX9C31")
    auto = final_taxi_auto(world, permit, code="suspensao_servico", on=dt.date(2026, 4, 6))
    case = cassacao_ready(world, permit, dt.date(2026, 6, 1), auto=auto)
    case = decided(world, case, "Suspendeu o serviço sem autorização.")
    assert fresh(world, permit).status == Permit.Status.CASSADA
    with pytest.raises(NotCompetent):
        annul(world, case, actor=world.authority, on=dt.date(2026, 7, 1))
    annul(world, case, on=dt.date(2026, 7, 1))
    assert fresh(world, permit).status == Permit.Status.ACTIVE
    (restored,) = acts(world, "permit.ending_annulled", permit)
    cites = restored.record["basis"]["citations"]
    assert any("art. 41, §4" in c for c in cites) and ART_53 in cites


def test_lei_9784_art_53_the_api_annuls_a_cassacao_for_the_chief_executive_only(world):
    case, permit, _ = cassada_with_auxiliary(world, n=420)
    url = f"/api/v1/enforcement/cases/{case.pk}/annul"
    body = {"grounds": GROUNDS, "on": LATER.isoformat()}
    authority = client_of(world.authority.user)
    assert authority.post(url, body, content_type="application/json").status_code == 403
    r = client_of(world.mayor.user).post(url, body, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["stage"] == "annulled" and "restabelecida" in r.json()["outcome"]
    assert fresh(world, permit).status == Permit.Status.ACTIVE


def test_lei_9784_art_53_the_case_page_offers_the_annulment_to_the_chief_executive_only(world):
    case, permit, aux = cassada_with_auxiliary(world, n=430)
    page = f"/fiscalizacao/processos/{case.pk}/"
    title = "Anular de ofício (Lei Federal 9.784/1999, art. 53)"
    for actor in (world.authority, world.clerk):
        assert title not in client_of(actor.user).get(page).content.decode()
    mayor = client_of(world.mayor.user)
    assert title in mayor.get(page).content.decode()
    url = f"/fiscalizacao/processos/{case.pk}/anular-de-oficio/"
    asked = mayor.post(url, {"grounds": GROUNDS, "on": LATER.isoformat()}).content.decode()
    # Irreversible: the confirmation says what it does, read from the records.
    assert f"restabelece a permissão {permit.number}" in asked
    assert "religa" in asked and aux.person.name in asked
    assert fresh(world, permit).status == Permit.Status.CASSADA
    done = mayor.post(
        url, {"grounds": GROUNDS, "on": LATER.isoformat(), "confirmado": "1"}, follow=True
    ).content.decode()
    assert "Cassação anulada de ofício" in done
    assert fresh(world, permit).status == Permit.Status.ACTIVE


def cassada_while_suspended(world) -> tuple[Case, dt.date]:
    """The world's permit suspended for 15 days (mototaxi art. 32 I, D-2) from two days before the
    Chief Executive's decision that cassates it: the suspension's last day."""
    case = cassacao_ready(world)
    assert case.deadline is not None
    start = case.deadline - dt.timedelta(days=1)
    permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        days=15,
        start=start,
        reason="suspensão de 15 dias (art. 32 I)",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    case = decided(world, case)
    assert fresh(world, world.permit).status == Permit.Status.CASSADA
    return case, start + dt.timedelta(days=14)


def test_lei_9784_art_53_a_suspension_still_running_on_the_day_comes_back_with_the_permit(world):
    case, until = cassada_while_suspended(world)
    annul(world, case, on=until - dt.timedelta(days=3))
    permit = fresh(world, world.permit)
    assert permit.status == Permit.Status.SUSPENDED and permit.suspended_until == until


def test_mototaxi_art_32_par_2_a_suspension_served_meanwhile_still_waits_for_the_proof(world):
    """Ex tunc, the permit is as it would be had the cassação never been: its suspension served,
    the mototaxi law returns it to active only on the proof of art. 32 §2 — the clerk's return,
    as after any suspension served."""
    case, until = cassada_while_suspended(world)
    annul(world, case, on=until + dt.timedelta(days=20))
    permit = fresh(world, world.permit)
    assert permit.status == Permit.Status.SUSPENDED and permit.suspended_until == until


def test_mototaxi_art_32_ii_art_34_par_1_an_annulled_revocation_restores_the_permission(world):
    case = decided(world, revocation_ready(world), "Cinco infrações médias em doze meses.")
    assert case.kind == Case.Kind.REVOCATION
    assert fresh(world, world.permit).status == Permit.Status.REVOKED
    with pytest.raises(NotCompetent, match=r"art\. 34"):
        annul(world, case, actor=world.authority, on=dt.date(2026, 10, 1))
    case = annul(world, case, on=dt.date(2026, 10, 1))
    assert fresh(world, world.permit).status == Permit.Status.ACTIVE
    assert "Revogação anulada de ofício" in case.outcome
    (restored,) = acts(world, "permit.ending_annulled", world.permit)
    assert restored.record["payload"]["old"]["status"] == Permit.Status.REVOKED
    assert any("art. 32, II" in c for c in restored.record["basis"]["citations"])


def test_mototaxi_art_32_iv_the_cassacao_of_an_auxiliary_s_credential_is_not_annulled_here(world):
    """Not built (ADR 0066): undoing it restores the person's register across permissions."""
    permit, aux = moto_auxiliary(world.m, world.permit.tender, 440, prefix="ANU9M")
    case = proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        causes={"criminal_sentence_months": 30},
        auxiliary=aux,
        on=dt.date(2026, 4, 6),
    )
    notify_case(world, case, dt.date(2026, 4, 6))
    case = fresh(world, case)
    assert case.deadline is not None
    sweep(world.m, case.deadline + dt.timedelta(days=1))
    case = decided(world, fresh(world, case), "Condenação criminal.")
    assert fresh(world, aux).status == Auxiliary.Status.CASSADO
    with pytest.raises(InvalidStep, match="credenciamento do auxiliar"):
        annul(world, case)
    assert fresh(world, aux).status == Auxiliary.Status.CASSADO
    assert fresh(world, permit).status == Permit.Status.ACTIVE

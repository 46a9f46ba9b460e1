"""Taxi (D-17: defence then appeal to the Chief Executive, no JARI; suspension ≤ 90 days, art. 42)
and the screens and API of enforcement, driven through the web client."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from enforcement_factories import at, case_of, final_taxi_auto, pending_notice
from registry_factories import taxi_permit
from validate_docbr import CPF, RENAVAM

from outorga.core.errors import FieldError, Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, InfractionNotice, Penalty
from outorga.enforcement.services.autos import infraction_cancel, infraction_issue
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.suspensions import (
    taxi_register_suspension_impose,
    taxi_suspension_impose,
)
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit, Person, Vehicle

D = dt.date(2026, 4, 6)
EARLIER = dt.date(2026, 2, 2)  # an auto final before D (D-1)


def _taxi_permit(m):
    with tenant(m):
        person = Person.objects.create(document=CPF().generate(), name="Taxista Teste")
        vehicle = Vehicle.objects.create(
            plate="TAX1A23",
            renavam=RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan",
            manufacture_year=2023,
            colour="prata",
            registration_uf="MG",
            owner=person,
        )
        return Permit.objects.create(
            service="taxi",
            taxi_category="convencional",
            holder=person,
            number="TX-9001",
            registration_number=9001,
            granted_on=dt.date(2025, 1, 1),
            term_start=dt.date(2025, 1, 1),
            term_end=dt.date(2035, 1, 1),
            vehicle=vehicle,
        )


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
    filing_judge(
        actor=world.mayor, municipality=world.m, filing=appeal, upheld=False, reasoning="x", on=D
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
            actor=world.authority, municipality=world.m, permit=permit, auto=auto, days=91, start=D
        )
    p = taxi_suspension_impose(
        actor=world.authority, municipality=world.m, permit=permit, auto=auto, days=90, start=D
    )
    assert p.status == Permit.Status.SUSPENDED and p.suspended_until == D + dt.timedelta(days=89)


def _suspend_permission(world, permit, auto):
    return taxi_suspension_impose(
        actor=world.authority, municipality=world.m, permit=permit, auto=auto, days=30, start=D
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
        return taxi_register_suspension_impose(**common, infraction=infraction, start=start)

    _suspend_permission(world, permit, auto)  # 30 days from D
    with pytest.raises(FieldError, match=r"já fundamenta a suspensão da permissão.*art\. 42, V"):
        taxi_suspension_impose(**common, auto=auto, start=later)
    assert register(auto, D).decision["target"] == "cadastro"
    with pytest.raises(FieldError, match=r"já fundamenta a suspensão do cadastro.*art\. 42, IV"):
        register(auto, later)
    register(final_taxi_auto(world, permit, on=EARLIER), later)  # another infraction
    with tenant(world.m):
        assert Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).count() == 3


def _client(user):
    c = Client()
    c.force_login(user)
    return c


def test_the_inspector_writes_an_auto_through_the_phone_form_and_the_pdfs_render(world, user_of):
    fiscal = _client(user_of("ipatinga", Role.FISCAL))
    r = fiscal.get("/fiscalizacao/", {"q": world.permit.vehicle.plate})
    assert r.status_code == 200 and world.permit.holder.name in r.content.decode()
    r = fiscal.post(
        f"/fiscalizacao/autos/novo/?permit={world.permit.pk}",
        {
            "permit": world.permit.pk,
            "code": "art38-II",
            "committed_by": "holder",
            "place": "Centro",
            "date": "2026-04-06",
            "time": "10:30",
            "description": "Sem asseio.",
            "agent_registration": "F-1",
            "signature": "refused",
            "witness_1": "Ana",
            "witness_2": "Bruno",
            "lat": "-19.468",
            "lon": "-42.536",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(world.m):
        auto = InfractionNotice.objects.get(permit=world.permit)
    assert auto.refusal_certified and auto.witness_2 == "Bruno" and auto.gps_lat is not None
    authority = _client(user_of("ipatinga", Role.AUTORIDADE))
    assert authority.get(f"/fiscalizacao/autos/{auto.pk}/auto.pdf").content.startswith(b"%PDF")
    case = case_of(world, auto)
    n = pending_notice(world, case)
    assert authority.get(f"/fiscalizacao/notificacoes/{n.pk}/notificacao.pdf").content.startswith(
        b"%PDF"
    )
    r = authority.get(f"/fiscalizacao/processos/{case.pk}/")
    assert r.status_code == 200 and auto.number in r.content.decode()
    batch = authority.get("/fiscalizacao/edital/lote.csv").content.decode()
    assert case.number in batch
    assert authority.get("/fiscalizacao/edital/lote.pdf").content.startswith(b"%PDF")
    r = authority.post(
        "/fiscalizacao/edital/", {"n": [n.pk], "published_on": "2026-04-08", "edition": "DOM 123"}
    )
    assert r.status_code == 302
    assert case_of(world, auto).deadline == dt.date(2026, 4, 20)


def test_a_refusal_without_two_witnesses_is_refused_with_art_29_par3(world):
    with pytest.raises(Refused) as exc:
        infraction_issue(
            actor=world.fiscal,
            municipality=world.m,
            code="art38-II",
            committed_at=at(D),
            place="x",
            description="x",
            agent_registration="F",
            permit=world.permit,
            refusal_certified=True,
            witnesses=["Só uma"],
        )
    assert "art. 29" in str(exc.value)


def test_api_steps_and_the_holder_portal(world, user_of, monkeypatch):
    fiscal = _client(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {
            "code": "art39-II",
            "committed_at": "2026-04-06T10:00:00-03:00",
            "place": "Centro",
            "description": "x",
            "agent_registration": "F-2",
            "permit_id": world.permit.pk,
            "offender_signed": True,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    case_id = r.json()["id"]
    assert r.json()["deadline"] == "2026-04-16"
    holder = _client(world.holder_user)
    assert holder.get("/portal/infracoes/").status_code == 200
    with tenant(world.m):
        notice = Case.objects.get(pk=case_id).notices.get()
    r = holder.get(f"/portal/notificacoes/{notice.pk}/notificacao.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    r = holder.get(f"/portal/processos/{case_id}/")
    assert "Notificação (PDF)" in r.content.decode()
    # The portal files "today": the day after the last day (16/04/2026) the defence is late and
    # refused with the article (art. 42); on the last day itself it is in time.
    monkeypatch.setattr("outorga.enforcement.api._today", lambda: dt.date(2026, 4, 17))
    r = holder.post(
        f"/api/v1/enforcement/me/cases/{case_id}/filings",
        {"text": "Defesa pela API", "attachments": []},
        content_type="application/json",
    )
    assert r.status_code == 422
    decision = r.json()["decisao"]
    assert "Lei de mototáxi de Ipatinga (2013), art. 42" in decision["citations"]
    [late] = [x for x in decision["reasons"] if x["verdict"] == "refused"]
    assert late["message"] == "Apresentado em 17/04/2026, após o prazo de 16/04/2026: intempestivo."
    monkeypatch.setattr("outorga.enforcement.api._today", lambda: dt.date(2026, 4, 16))
    r = holder.post(
        f"/api/v1/enforcement/me/cases/{case_id}/filings",
        {"text": "Defesa pela API", "attachments": []},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    assert (r.json()["filed_on"], r.json()["deadline"]) == ("2026-04-16", "2026-04-16")
    types = (
        _client(user_of("ipatinga", Role.AUTORIDADE))
        .get("/api/v1/enforcement/infraction-types")
        .json()
    )
    assert len(types) == 12 + 15 + 14 + 2  # art. 38–41 complete
    jari = _client(user_of("ipatinga", Role.JARI))
    assert jari.get("/api/v1/enforcement/queue").status_code == 200


def test_api_cassacao_proposal_and_taxi_suspension(world, user_of):
    permit = _taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=EARLIER)
    authority = _client(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/api/v1/enforcement/permits/{permit.pk}/taxi-suspension"
    r = authority.post(url, {"days": 30, "start": "2026-04-06"}, content_type="application/json")
    assert r.status_code == 422  # the auto it punishes is required (art. 41 caput, D-1)
    r = authority.post(
        url,
        {"auto_id": auto.pk, "days": 91, "start": "2026-04-06", "reason": "x"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "90" in r.content.decode()
    r = authority.post(
        url,
        {"auto_id": auto.pk, "days": 30, "start": "2026-04-06", "reason": "art. 42 V"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["status"] == "suspended"
    fiscal = _client(user_of("ipatinga", Role.FISCAL))
    url = f"/api/v1/enforcement/permits/{world.permit.pk}/cassacao-proposal"
    body = {"causes": {"service_interrupted_days": 31}, "on": "2026-04-06"}
    assert fiscal.post(url, body, content_type="application/json").status_code == 403
    r = authority.post(url, body, content_type="application/json")
    assert r.status_code == 201 and r.json()["kind"] == "cassacao"
    assert r.json()["waiting"] == "notice"

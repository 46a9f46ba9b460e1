"""Clerk screens of the permit services: each one does the act, shows the law's refusal with its
article, and answers 403 to a role the law does not give the act to."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from django.test import Client
from registry_factories import (
    DECLARATIONS,
    EQUIPMENT,
    actor,
    awarded_tender,
    grant,
    make_applicant,
    moto_vehicle,
    person,
    taxi_documents,
    taxi_holder,
    taxi_vehicle,
)
from registry_factories import TAXI_ON as ON
from validate_docbr import CPF

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import (
    Auxiliary,
    ExtinctionCase,
    Permit,
    VehicleChange,
)
from outorga.registry.services.auxiliaries import auxiliary_add
from outorga.registry.services.documents import document_record
from outorga.registry.services.permits import permit_grant
from outorga.registry.validation import format_cpf

MOTO_ON = dt.date(2026, 3, 10)
C = "/cadastro/permissoes"
TAXI_CHECKS = {
    "inspection_approved": "on",
    "inspection_accredited_inmetro": "on",
    "taximeter_approved_by": "INMETRO",
    "roof_sign_taxi": "on",
    "ctb_equipment_ok": "on",
}


def refusal_block(response) -> str:  # type: ignore[no-untyped-def]
    """The refusal section only (the page's intro also cites articles)."""
    body = response.content.decode()
    assert response.status_code == 200, response.status_code
    assert 'aria-label="Recusado pela lei"' in body, body
    return body.split('aria-label="Recusado pela lei"', 1)[1].split("</section>", 1)[0]


def forbidden(response) -> bool:  # type: ignore[no-untyped-def]
    return response.status_code == 403 and "Sem competência" in response.content.decode()


def day(d: dt.date) -> str:
    return d.isoformat()


@pytest.fixture
def moto_permit(ipatinga_m, tender) -> Permit:  # type: ignore[no-untyped-def]
    m = ipatinga_m
    clerk = actor(m.slug, Role.ATENDENTE)
    holder, vehicle = make_applicant(m, clerk, n=901, plate="MTS9D01")
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=MOTO_ON,
        term_years=10,
        decree="Decreto 1/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


@pytest.fixture
def taxi_permit(ipatinga_m) -> Permit:  # type: ignore[no-untyped-def]
    holder, vehicle = taxi_holder(ipatinga_m, ON)
    return grant(ipatinga_m, holder, vehicle)


def moto_person(m, n: int):  # type: ignore[no-untyped-def]
    p, _ = make_applicant(m, actor(m.slug, Role.ATENDENTE), n=n, plate=f"MTA{n % 10}D{n % 100:02d}")
    return p


def taxi_person(m, on: dt.date = ON, **kw):  # type: ignore[no-untyped-def]
    p = person(m, **kw)
    taxi_documents(p, on)
    return p


# Auxiliaries -------------------------------------------------------------------------------------


def test_mototaxi_art_6_par_4_one_auxiliary_then_the_second_is_refused(
    ipatinga_m, user_of, moto_permit
):
    m = ipatinga_m
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/{moto_permit.pk}/auxiliares/novo/"
    assert "art. 14, §3" in c.get(url).content.decode()
    first, second = moto_person(m, 911), moto_person(m, 912)
    body = {
        "on": "2026-03-12",
        "work_schedule": "titular 6h–14h; auxiliar 14h–22h",
        "indication": "Protocolo 1/2026",
        "safety_gear": "on",  # art. 5 IV with art. 14 §2
    }
    r = c.post(url, {**body, "person": format_cpf(first.document)})
    assert r.status_code == 302 and r["Location"] == f"{C}/{moto_permit.pk}/"
    with tenant(m):
        assert Auxiliary.objects.get(permit=moto_permit).person_id == first.pk
    refused = refusal_block(c.post(url, {**body, "person": second.document}))
    assert "Lei de mototáxi de Ipatinga (2013), art. 6, §4" in refused
    with tenant(m):
        assert Auxiliary.objects.filter(permit=moto_permit).count() == 1


def test_an_unknown_cpf_is_an_error_on_the_field_in_portuguese(ipatinga_m, user_of, moto_permit):
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{C}/{moto_permit.pk}/auxiliares/novo/",
        {
            "on": "2026-03-12",
            "person": CPF().generate(mask=True),
            "work_schedule": "x",
            "indication": "Protocolo 1/2026",
        },
    )
    assert r.status_code == 200 and "CPF/CNPJ não encontrado no cadastro" in r.content.decode()


def test_an_inspector_cannot_register_an_auxiliary(ipatinga_m, user_of, moto_permit):
    aux = moto_person(ipatinga_m, 913)
    c = client_as(user_of, Role.FISCAL)
    assert "não tem competência" in c.get(f"{C}/{moto_permit.pk}/auxiliares/novo/").content.decode()
    r = c.post(
        f"{C}/{moto_permit.pk}/auxiliares/novo/",
        {
            "on": "2026-03-12",
            "person": aux.document,
            "work_schedule": "x",
            "indication": "Protocolo 1/2026",
        },
    )
    assert forbidden(r)
    with tenant(ipatinga_m):
        assert not Auxiliary.objects.filter(permit=moto_permit).exists()


def test_taxi_art_20_par_unico_two_auxiliaries_then_the_third_is_refused(
    ipatinga_m, user_of, taxi_permit
):
    m = ipatinga_m
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/{taxi_permit.pk}/auxiliares/novo/"
    body = {"on": day(ON), "declarations": list(DECLARATIONS), **TAXI_CHECKS}
    for _ in range(2):
        r = c.post(url, {**body, "person": taxi_person(m).document})
        assert r.status_code == 302, r.content.decode()
    refused = refusal_block(c.post(url, {**body, "person": taxi_person(m).document}))
    assert "Lei do táxi de Ipatinga (2017), art. 20, parágrafo único" in refused
    with tenant(m):
        assert Auxiliary.objects.filter(permit=taxi_permit, status="active").count() == 2


def test_removing_an_auxiliary_frees_the_place_and_only_once(ipatinga_m, user_of, moto_permit):
    m = ipatinga_m
    aux = auxiliary_add(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=moto_permit,
        person=moto_person(m, 914),
        on=dt.date(2026, 3, 12),
        work_schedule="x",
        indication="Protocolo 1/2026",
    )
    url = f"{C}/{moto_permit.pk}/auxiliares/{aux.pk}/desligar/"
    assert forbidden(client_as(user_of, Role.FISCAL).post(url, {"on": "2026-04-01", "reason": "x"}))
    c = client_as(user_of, Role.ATENDENTE)
    assert f"auxiliares/{aux.pk}/desligar/" in c.get(f"{C}/{moto_permit.pk}/").content.decode()
    r = c.post(url, {"on": "2026-04-01", "reason": "pedido do permissionário"})
    assert r.status_code == 302
    with tenant(m):
        assert Auxiliary.objects.get(pk=aux.pk).status == Auxiliary.Status.REMOVED
    again = c.post(url, {"on": "2026-04-02", "reason": "de novo"}).content.decode()
    assert "o auxiliar não está ativo" in again


def test_an_auxiliary_of_another_permit_is_not_found_under_this_one(
    ipatinga_m, user_of, moto_permit, taxi_permit
):
    m = ipatinga_m
    aux = auxiliary_add(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        permit=moto_permit,
        person=moto_person(m, 915),
        on=dt.date(2026, 3, 12),
        work_schedule="x",
        indication="Protocolo 1/2026",
    )
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{C}/{taxi_permit.pk}/auxiliares/{aux.pk}/desligar/", {"on": "2026-04-01", "reason": "x"}
    )
    assert r.status_code == 404


# Renewal -----------------------------------------------------------------------------------------


def test_mototaxi_art_4_par_1_renewal_shows_the_reasons_then_renews(
    ipatinga_m, user_of, moto_permit
):
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/{moto_permit.pk}/renovar/"
    page = c.get(url).content.decode()
    assert "art. 4, §1" in page and 'aria-label="Verificação dos requisitos"' in page
    # Art. 5 IV: the holder is checked again, the vest and helmet the desk sees among it.
    refused = refusal_block(c.post(url, {"on": "2027-03-01"}))
    assert "Lei de mototáxi de Ipatinga (2013), art. 5, IV" in refused
    r = c.post(url, {"on": "2027-03-01", "safety_gear": "on"})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        moto_permit.refresh_from_db()
    assert moto_permit.certificate_valid_until == dt.date(2028, 3, 1)


def test_mototaxi_renewal_is_refused_with_the_article_when_the_cnh_expired(
    ipatinga_m, user_of, moto_permit
):
    # make_applicant's CNH expires on 01/01/2030 (art. 5 II asks a valid category A licence).
    refused = refusal_block(
        client_as(user_of, Role.ATENDENTE).post(
            f"{C}/{moto_permit.pk}/renovar/", {"on": "2030-02-01"}
        )
    )
    assert "Lei de mototáxi de Ipatinga (2013), art. 5" in refused
    with tenant(ipatinga_m):
        moto_permit.refresh_from_db()
    assert moto_permit.certificate_valid_until == dt.date(2027, 3, 10)


def test_only_the_clerk_renews_the_certificate(ipatinga_m, user_of, moto_permit):
    r = client_as(user_of, Role.AUTORIDADE).post(
        f"{C}/{moto_permit.pk}/renovar/", {"on": "2027-03-01"}
    )
    assert forbidden(r) and "art. 4, §1" in r.content.decode()


def test_taxi_renewal_goes_to_the_termo_screen_and_the_permit_links_its_pdf(
    ipatinga_m, user_of, taxi_permit
):
    c = client_as(user_of, Role.ATENDENTE)
    r = c.get(f"{C}/{taxi_permit.pk}/renovar/")
    assert r.status_code == 302 and r["Location"] == f"/termos/{taxi_permit.pk}/"
    page = c.get(f"{C}/{taxi_permit.pk}/").content.decode()
    assert f'href="/termos/{taxi_permit.pk}/termo.pdf"' in page
    assert "Renovar o Termo (art. 13; art. 21)" in page


# Vehicles ----------------------------------------------------------------------------------------


def test_mototaxi_art_2_xxii_substitution_on_screen(ipatinga_m, user_of, moto_permit):
    m = ipatinga_m
    new = moto_vehicle(m, moto_permit.holder)
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{C}/{moto_permit.pk}/veiculo/substituir/",
        {"vehicle": new.plate, "on": "2026-03-12", "equipment": EQUIPMENT},
    )
    assert r.status_code == 302
    with tenant(m):
        moto_permit.refresh_from_db()
        assert moto_permit.vehicle_id == new.pk
        assert VehicleChange.objects.get(permit=moto_permit).kind == "substituicao"


def test_mototaxi_art_2_xxiii_emergency_substitution_without_cause_names_the_field(
    ipatinga_m, user_of, moto_permit
):
    new = moto_vehicle(ipatinga_m, moto_permit.holder)
    body = client_as(user_of, Role.ATENDENTE).post(
        f"{C}/{moto_permit.pk}/veiculo/substituir/",
        {
            "vehicle": new.plate,
            "on": "2026-03-12",
            "emergency_until": "2026-03-30",
            "equipment": EQUIPMENT,
        },
    )
    text = body.content.decode()
    assert "descreva a força maior comprovada" in text and "art. 2, XXIII" in text


def test_taxi_art_27_a_white_substitute_car_is_refused(ipatinga_m, user_of, taxi_permit):
    white = taxi_vehicle(ipatinga_m, taxi_permit.holder, colour="branca")
    refused = refusal_block(
        client_as(user_of, Role.ATENDENTE).post(
            f"{C}/{taxi_permit.pk}/veiculo/substituir/",
            {"vehicle": white.plate, "on": day(ON + dt.timedelta(days=5)), **TAXI_CHECKS},
        )
    )
    assert "Lei do táxi de Ipatinga (2017), art. 27" in refused


def test_an_inspector_cannot_substitute_the_vehicle(ipatinga_m, user_of, moto_permit):
    new = moto_vehicle(ipatinga_m, moto_permit.holder)
    r = client_as(user_of, Role.FISCAL).post(
        f"{C}/{moto_permit.pk}/veiculo/substituir/",
        {"vehicle": new.plate, "on": "2026-03-12", "equipment": EQUIPMENT},
    )
    assert forbidden(r)


def test_taxi_art_30_reserve_vehicle_after_theft_then_ended(ipatinga_m, user_of, taxi_permit):
    m = ipatinga_m
    own = taxi_permit.vehicle
    spare = taxi_vehicle(m, taxi_permit.holder)
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/{taxi_permit.pk}/veiculo/reserva/"
    body = {"vehicle": spare.plate, "on": "2026-03-01", "until": "2026-03-20"}
    refused = refusal_block(c.post(url, {**body, "cause": "outro"}))
    assert "Lei do táxi de Ipatinga (2017), art. 30" in refused
    assert c.post(url, {**body, "cause": "roubo"}).status_code == 302
    with tenant(m):
        change = VehicleChange.objects.get(permit=taxi_permit, status="active")
        assert Permit.objects.get(pk=taxi_permit.pk).vehicle_id == spare.pk
    end = f"{C}/{taxi_permit.pk}/veiculo/trocas/{change.pk}/encerrar/"
    assert end in c.get(f"{C}/{taxi_permit.pk}/").content.decode()
    assert c.post(end, {"on": "2026-03-15"}).status_code == 302
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).vehicle_id == own.pk


def test_the_reserve_vehicle_screen_is_for_taxis_and_for_the_clerk(
    ipatinga_m, user_of, taxi_permit, moto_permit
):
    spare = taxi_vehicle(ipatinga_m, taxi_permit.holder)
    body = {"vehicle": spare.plate, "on": "2026-03-01", "until": "2026-03-20", "cause": "furto"}
    assert forbidden(
        client_as(user_of, Role.FISCAL).post(f"{C}/{taxi_permit.pk}/veiculo/reserva/", body)
    )
    c = client_as(user_of, Role.ATENDENTE)
    assert c.get(f"{C}/{moto_permit.pk}/veiculo/reserva/").status_code == 404


def test_taxi_art_32_swap_between_two_holders_on_screen(ipatinga_m, user_of, taxi_permit):
    m = ipatinga_m
    holder2, car2 = taxi_holder(m, ON)
    other = grant(m, holder2, car2)
    mine = taxi_permit.vehicle
    url = f"{C}/{taxi_permit.pk}/veiculo/permuta/"
    body = {"other": other.number.lower(), "on": day(ON + dt.timedelta(days=3)), **TAXI_CHECKS}
    body.update({f"other_{k}": v for k, v in TAXI_CHECKS.items()})
    assert forbidden(client_as(user_of, Role.FISCAL).post(url, body))
    c = client_as(user_of, Role.ATENDENTE)
    refused = refusal_block(c.post(url, {**body, "other_inspection_approved": ""}))
    assert "Lei do táxi de Ipatinga (2017), art. 29" in refused
    assert c.post(url, body).status_code == 302
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).vehicle_id == car2.pk
        assert Permit.objects.get(pk=other.pk).vehicle_id == mine.pk


# Renúncia, transfer, extinction ------------------------------------------------------------------


def test_mototaxi_art_6_par_6_renuncia_on_written_request(ipatinga_m, user_of, moto_permit):
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/{moto_permit.pk}/renunciar/"
    assert "art. 6, §6" in c.get(url).content.decode()
    assert forbidden(
        client_as(user_of, Role.FISCAL).post(url, {"on": "2026-04-01", "request": "x"})
    )
    asked = c.post(url, {"on": "2026-04-01", "request": "protocolo 55/2026"}).content.decode()
    assert f"A renúncia extingue a permissão {moto_permit.number}" in asked
    assert "art. 6, §6" in asked
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=moto_permit.pk).status == Permit.Status.ACTIVE
    r = c.post(url, {"on": "2026-04-01", "request": "protocolo 55/2026", "confirmado": "1"})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=moto_permit.pk).status == Permit.Status.RENOUNCED
    again = c.post(url, {"on": "2026-04-02", "request": "de novo", "confirmado": "1"})
    again = again.content.decode()
    assert "não pode passar a" in again


def test_a_renuncia_without_the_written_request_names_the_field(ipatinga_m, user_of, moto_permit):
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{C}/{moto_permit.pk}/renunciar/", {"on": "2026-04-01", "request": ""}
    )
    text = r.content.decode()
    assert r.status_code == 200 and "Pedido escrito do permissionário" in text
    assert "Este campo é obrigatório" in text


def test_taxi_art_13_par_unico_transfer_on_death_and_not_otherwise(
    ipatinga_m, user_of, taxi_permit
):
    m = ipatinga_m
    on = ON + dt.timedelta(days=60)
    heir = taxi_person(m, on, name="Herdeira Exemplo")
    url = f"{C}/{taxi_permit.pk}/transferir/"
    body = {
        "successor": heir.document,
        "proof": "certidão de óbito nº 77",
        "on": day(on),
        "declarations": list(DECLARATIONS),
        **TAXI_CHECKS,
    }
    assert forbidden(client_as(user_of, Role.FISCAL).post(url, {**body, "event": "falecimento"}))
    c = client_as(user_of, Role.ATENDENTE)
    refused = refusal_block(c.post(url, {**body, "event": "outro"}))
    assert "Lei do táxi de Ipatinga (2017), art. 13, parágrafo único" in refused
    assert c.post(url, {**body, "event": "falecimento"}).status_code == 302
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).holder_id == heir.pk


def test_taxi_art_15_extinction_case_on_screen_decided_by_the_chief_executive(
    ipatinga_m, user_of, taxi_permit
):
    m = ipatinga_m
    url = f"{C}/{taxi_permit.pk}/extincao/"
    body = {"facts": "sem operar desde 01/03/2026", "on": "2026-05-04"}
    assert forbidden(client_as(user_of, Role.ATENDENTE).post(url, {**body, "cause": "abandono"}))
    authority = client_as(user_of, Role.AUTORIDADE)
    refused = refusal_block(authority.post(url, {**body, "cause": "extincao_pessoa_juridica"}))
    assert "Lei do táxi de Ipatinga (2017), art. 15, VII" in refused
    r = authority.post(url, {**body, "cause": "abandono"})
    with tenant(m):
        case = ExtinctionCase.objects.get(permit=taxi_permit)
    assert r.status_code == 302 and r["Location"] == f"/cadastro/extincoes/{case.pk}/"
    page = f"/cadastro/extincoes/{case.pk}/"
    assert "Lei do táxi de Ipatinga (2017), art. 15, V" in authority.get(page).content.decode()
    r = authority.post(page, {"step": "notify", "notify-notified_on": "2026-05-05"})
    assert r.status_code == 302
    with tenant(m):
        case.refresh_from_db()
    assert case.defence_deadline is not None
    after = day(case.defence_deadline + dt.timedelta(days=1))
    decide = {
        "step": "decide",
        "decide-extinguish": "1",
        "decide-grounds": "abandono",
        "decide-on": after,
    }
    assert forbidden(authority.post(page, decide))
    chief = client_as(user_of, Role.CHEFE_EXECUTIVO)
    asked = chief.post(page, decide).content.decode()
    assert f"A decisão extingue a permissão {taxi_permit.number}" in asked
    assert "sem indenização" in asked and "Confirmar?" in asked
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).status == Permit.Status.ACTIVE
    decide["confirmado"] = "1"
    early = chief.post(page, {**decide, "decide-on": "2026-05-06"}).content.decode()
    assert "o prazo de defesa vai até" in early
    assert chief.post(page, decide).status_code == 302
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).status == Permit.Status.EXTINCT
        assert ExtinctionCase.objects.get(pk=case.pk).status == ExtinctionCase.Status.EXTINCT


def test_the_holders_defence_is_filed_by_the_clerk_within_the_deadline(
    ipatinga_m, user_of, taxi_permit
):
    from outorga.registry.services.extinctions import extinction_open

    m = ipatinga_m
    case = extinction_open(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        permit=taxi_permit,
        cause="abandono",
        facts="sem operar",
        on=dt.date(2026, 5, 4),
        notified_on=dt.date(2026, 5, 4),
    )
    page = f"/cadastro/extincoes/{case.pk}/"
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(
        page, {"step": "defence", "defence-text": "estive internado", "defence-on": "2026-05-06"}
    )
    assert r.status_code == 302
    with tenant(m):
        assert ExtinctionCase.objects.get(pk=case.pk).defence_filed_on == dt.date(2026, 5, 6)


# Taxi grant --------------------------------------------------------------------------------------


def _grant_form(holder, vehicle, tender, **more):  # type: ignore[no-untyped-def]
    return {
        "holder": holder.document,
        "vehicle": vehicle.plate,
        "category": "convencional",
        "tender": tender.pk,
        "signed_on": day(ON),
        "option": "I",
        "mode": "pagamento",
        "instalments": "18",
        "declarations": list(DECLARATIONS),
        **TAXI_CHECKS,
        **more,
    }


def test_taxi_grant_shows_every_reason_before_the_grant_button(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{C}/taxi/nova/"
    first = c.get(f"{url}?pessoa={holder.pk}").content.decode()
    assert holder.document in first and 'name="outorgar"' not in first
    form = _grant_form(holder, vehicle, tender)
    page = c.post(url, {**form, "verificar": ""}).content.decode()
    assert "Lei do táxi de Ipatinga (2017), art. 10" in page
    assert "Lei do táxi de Ipatinga (2017), art. 22" in page
    # The reasons come before the button that grants.
    assert page.index("art. 22") < page.index('name="outorgar"')
    with tenant(m):
        assert not Permit.objects.filter(service="taxi").exists()
    r = c.post(url, {**form, "outorgar": ""})
    assert r.status_code == 302
    with tenant(m):
        permit = Permit.objects.get(service="taxi", holder=holder)
    assert r["Location"] == f"{C}/{permit.pk}/" and permit.number.startswith("TX-")


def test_taxi_grant_without_the_declarations_is_refused_with_art_22(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    c = client_as(user_of, Role.ATENDENTE)
    form = _grant_form(holder, vehicle, tender, declarations=[])
    page = c.post(f"{C}/taxi/nova/", {**form, "verificar": ""}).content.decode()
    assert 'name="outorgar"' not in page and "art. 22, IX" in page
    refused = refusal_block(c.post(f"{C}/taxi/nova/", {**form, "outorgar": ""}))
    assert "Lei do táxi de Ipatinga (2017), art. 22, IX" in refused
    with tenant(m):
        assert not Permit.objects.filter(service="taxi").exists()


def test_an_inspector_cannot_grant_a_taxi_permit(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    r = client_as(user_of, Role.FISCAL).post(
        f"{C}/taxi/nova/", {**_grant_form(holder, vehicle, tender), "outorgar": ""}
    )
    assert forbidden(r) and "art. 3" in r.content.decode()


def test_the_permit_page_offers_only_the_acts_of_the_users_role(ipatinga_m, user_of, taxi_permit):
    clerk_page = client_as(user_of, Role.ATENDENTE).get(f"{C}/{taxi_permit.pk}/").content.decode()
    for path in ("auxiliares/novo/", "veiculo/substituir/", "veiculo/reserva/", "renunciar/"):
        assert f"{C}/{taxi_permit.pk}/{path}" in clerk_page
    assert f"{C}/{taxi_permit.pk}/extincao/" not in clerk_page
    fiscal_page = client_as(user_of, Role.FISCAL).get(f"{C}/{taxi_permit.pk}/").content.decode()
    assert f"{C}/{taxi_permit.pk}/auxiliares/novo/" not in fiscal_page
    authority_page = client_as(user_of, Role.AUTORIDADE).get(f"{C}/{taxi_permit.pk}/")
    assert f"{C}/{taxi_permit.pk}/extincao/" in authority_page.content.decode()


# Documents ---------------------------------------------------------------------------------------


def test_an_uploaded_criminal_certificate_is_served_to_the_clerk_and_its_reading_is_an_act(
    ipatinga_m, user_of, moto_permit
):
    from outorga.core.models import Act

    m = ipatinga_m
    doc = document_record(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        law="ipatinga.mototaxi-2013",
        doc_type="criminal_certificate",
        issued_on=dt.date(2026, 3, 1),
        person=moto_permit.holder,
        content=b"%PDF-1.4\n% certidao\n",
    )
    url = f"/cadastro/documentos/{doc.pk}/arquivo/"
    assert forbidden(client_as(user_of, Role.FISCAL).get(url))
    c = client_as(user_of, Role.ATENDENTE)
    assert url in c.get(f"/cadastro/pessoas/{moto_permit.holder_id}/").content.decode()
    r = c.get(url)
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    with tenant(m):
        assert Act.objects.filter(action="document.read").count() == 1


def test_a_document_without_file_sends_the_clerk_back_saying_so(ipatinga_m, user_of, moto_permit):
    m = ipatinga_m
    doc = document_record(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        law="ipatinga.mototaxi-2013",
        doc_type="rg",
        issued_on=dt.date(2026, 3, 1),
        person=moto_permit.holder,
    )
    r = client_as(user_of, Role.ATENDENTE).get(
        f"/cadastro/documentos/{doc.pk}/arquivo/", follow=True
    )
    assert "Arquivo: documento sem arquivo" in r.content.decode()


def test_a_municipality_without_the_taxi_law_is_told_so_on_the_taxi_grant(barra_m, user_of):
    holder = person(barra_m)
    vehicle = taxi_vehicle(barra_m, holder)
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    r = c.post(
        f"{C}/taxi/nova/",
        {
            "holder": holder.document,
            "vehicle": vehicle.plate,
            "category": "convencional",
            "signed_on": "2026-04-01",
            "option": "I",
            "mode": "pagamento",
            "instalments": "1",
            "verificar": "",
        },
    )
    assert r.status_code == 200
    assert "Serviço: serviço não regulado pela legislação deste município" in r.content.decode()

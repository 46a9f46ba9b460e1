"""Tender screens (/licitacoes/<id>/): the applicant enrolled in the tender's taxi category with the
law's reasons shown first, and the grant to the next ranked applicant only, within the places
(taxi art. 3, 5–6; mototaxi art. 6)."""

from __future__ import annotations

import datetime as dt

from auth_factories import client_as
from registry_factories import (
    EQUIPMENT,
    actor,
    awarded_tender,
    make_applicant,
    person,
    taxi_documents,
    taxi_holder,
    taxi_vehicle,
)
from registry_factories import TAXI_ON as ON
from validate_docbr import CNPJ

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.tenders import tender_create
from outorga.registry.validation import format_cpf

OPEN = dt.date(2026, 2, 1)
TAXI_LAW = "Lei do táxi de Ipatinga (2017)"
MOTO_LAW = "Lei de mototáxi de Ipatinga (2013)"
CHECKS = {
    "outorga-inspection_approved": "on",
    "outorga-inspection_accredited_inmetro": "on",
    "outorga-taximeter_approved_by": "INMETRO",
    "outorga-roof_sign_taxi": "on",
    "outorga-ctb_equipment_ok": "on",
}


def open_taxi_tender(m, number: str = "L-1", places: int = 2) -> Tender:  # type: ignore[no-untyped-def]
    return tender_create(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        service="taxi",
        taxi_category="especial",
        number=number,
        places=places,
        opened_on=OPEN,
    )


def refusal(body: str) -> str:
    assert 'role="alert"' in body, body
    return body.split('role="alert"', 1)[1].split("</div></div>", 1)[0]


# Enrolment ---------------------------------------------------------------------------------------


def test_art_5_6_applicant_enrolled_in_the_tenders_category_after_seeing_every_reason(
    ipatinga_m, user_of
):
    m = ipatinga_m
    tender = open_taxi_tender(m)
    candidate = person(m, name="Candidata Regular")
    taxi_documents(candidate, OPEN)
    url = f"/licitacoes/{tender.pk}/"
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(url).content.decode()
    assert "categoria <strong>especial</strong>" in page and "Inscrever candidato" in page
    body = {"cand-person": format_cpf(candidate.document), "cand-on": OPEN.isoformat()}
    checked = c.post(url, {**body, "step": "check"}).content.decode()
    assert 'aria-label="Verificação dos requisitos"' in checked
    assert f"{TAXI_LAW}, art. 12" in checked  # each reason with its article, before enrolling
    with tenant(m):
        assert not TenderApplicant.objects.filter(tender=tender).exists()
    r = c.post(url, {**body, "step": "apply"})
    assert r.status_code == 302 and r["Location"] == url
    with tenant(m):
        applicant = TenderApplicant.objects.get(tender=tender)
        assert Act.objects.filter(action="tender.apply", object_id=str(applicant.pk)).exists()
    assert (applicant.person_id, applicant.taxi_category) == (candidate.pk, "especial")
    listed = c.get(url).content.decode()
    assert "Candidata Regular" in listed and "<td>especial</td>" in listed


def test_art_12_a_public_servant_is_shown_refused_before_enrolment(ipatinga_m, user_of):
    m = ipatinga_m
    tender = open_taxi_tender(m)
    servant = person(m, name="Servidor Municipal", is_public_servant=True)
    taxi_documents(servant, OPEN)
    body = {"cand-person": servant.document, "cand-on": OPEN.isoformat(), "step": "check"}
    page = client_as(user_of, Role.ATENDENTE).post(f"/licitacoes/{tender.pk}/", body)
    text = page.content.decode()
    refused = text.split('aria-label="Verificação dos requisitos"', 1)[1]
    assert 'class="reason refused"' in refused and f"{TAXI_LAW}, art. 12" in refused


def test_mototaxi_art_6_par_1_a_company_is_refused_at_enrolment(ipatinga_m, user_of):
    m = ipatinga_m
    tender = tender_create(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        service="mototaxi",
        number="M-UI",
        places=2,
        opened_on=OPEN,
    )
    company = person(m, legal=True, name="Empresa Exemplo")
    r = client_as(user_of, Role.ATENDENTE).post(
        f"/licitacoes/{tender.pk}/",
        {"cand-person": CNPJ().mask(company.document), "cand-on": "2026-02-02", "step": "apply"},
    )
    assert r.status_code == 200
    assert f"{MOTO_LAW}, art. 6, §1" in refusal(r.content.decode())
    with tenant(m):
        assert not TenderApplicant.objects.filter(tender=tender).exists()


def test_an_inspector_cannot_enrol_an_applicant(ipatinga_m, user_of):
    m = ipatinga_m
    tender = open_taxi_tender(m)
    candidate = person(m)
    c = client_as(user_of, Role.FISCAL)
    assert (
        "não tem competência para inscrever" in c.get(f"/licitacoes/{tender.pk}/").content.decode()
    )
    r = c.post(
        f"/licitacoes/{tender.pk}/",
        {"cand-person": candidate.document, "cand-on": "2026-02-02", "step": "apply"},
    )
    assert r.status_code == 403 and "Sem competência" in r.content.decode()
    with tenant(m):
        assert not TenderApplicant.objects.filter(tender=tender).exists()


def test_a_tender_recorded_without_a_category_asks_it_at_enrolment(ipatinga_m, user_of):
    m = ipatinga_m
    with tenant(m):
        tender = Tender.objects.create(service="taxi", number="L-OLD", places=1, opened_on=OPEN)
    candidate = person(m)
    url = f"/licitacoes/{tender.pk}/"
    c = client_as(user_of, Role.ATENDENTE)
    body = {"cand-person": candidate.document, "cand-on": "2026-02-02", "step": "apply"}
    r = c.post(url, body)
    assert "use convencional, especial ou executivo" in r.content.decode()
    assert c.post(url, {**body, "cand-taxi_category": "executivo"}).status_code == 302
    with tenant(m):
        assert TenderApplicant.objects.get(tender=tender).taxi_category == "executivo"


# Grants in ranking order ---------------------------------------------------------------------------


def grant_body(applicant: TenderApplicant, plate: str) -> dict[str, str]:
    return {
        "step": "grant",
        "applicant": str(applicant.pk),
        "outorga-vehicle": plate,
        "outorga-on": ON.isoformat(),
        "outorga-option": "I",
        "outorga-mode": "pagamento",
        "outorga-instalments": "18",
        "outorga-declarations": ["declaracao_outorgas", "declaracao_vinculo"],
        **CHECKS,
    }


def test_art_3_grants_go_in_ranking_order_within_the_places(ipatinga_m, user_of):
    m = ipatinga_m
    first, first_car = taxi_holder(m, ON, name="Primeiro Colocado")
    second, second_car = taxi_holder(m, ON, name="Segundo Colocado")
    third, third_car = taxi_holder(m, ON, name="Terceiro Colocado")
    white = taxi_vehicle(m, first, colour="branca")  # art. 27: refused at the grant
    tender = awarded_tender(m, first, second, third, places=1)
    with tenant(m):
        a1, a2, a3 = TenderApplicant.objects.filter(tender=tender).order_by("rank")
    url = f"/licitacoes/{tender.pk}/"
    c = client_as(user_of, Role.AUTORIDADE)
    page = c.get(url).content.decode()
    assert "Próximo: <strong>Primeiro Colocado</strong>" in page and "Outorgar a" in page

    # Nobody jumps the ranking: the second cannot be granted while the first is called.
    r = c.post(url, grant_body(a2, second_car.plate))
    assert "a outorga segue a ordem de classificação" in refusal(r.content.decode())
    assert f"{TAXI_LAW}, art. 3" in refusal(r.content.decode())
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()

    # The first brings a white car: the law refuses (art. 27), the reasons shown, the next called.
    r = c.post(url, grant_body(a1, white.plate))
    text = r.content.decode()
    assert r.status_code == 200 and "Outorga recusada a Primeiro Colocado" in text
    assert f"{TAXI_LAW}, art. 27" in refusal(text)
    assert "Próximo: <strong>Segundo Colocado</strong>" in text

    r = c.post(url, grant_body(a2, second_car.plate))
    assert r.status_code == 302
    with tenant(m):
        permit = Permit.objects.get(tender=tender)
        tender.refresh_from_db()
    assert permit.holder_id == second.pk and permit.taxi_category == "convencional"
    assert tender.status == Tender.Status.CLOSED  # the one place is granted: nobody else called
    page = c.get(url).content.decode()
    assert "Outorga ao próximo classificado" not in page
    assert f"permissão {permit.number}" in page
    r = c.post(url, grant_body(a3, third_car.plate))
    assert "não há candidato a chamar" in refusal(r.content.decode())
    with tenant(m):
        assert Permit.objects.filter(tender=tender).count() == 1


def test_only_the_authority_grants_through_the_tender(ipatinga_m, user_of):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    with tenant(m):
        applicant = TenderApplicant.objects.get(tender=tender)
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"/licitacoes/{tender.pk}/").content.decode()
    assert "não tem competência para conduzir a licitação" in page
    r = c.post(f"/licitacoes/{tender.pk}/", grant_body(applicant, car.plate))
    assert r.status_code == 403 and "Sem competência" in r.content.decode()
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()


def test_mototaxi_art_6_grant_by_decree_through_the_tender_screen(ipatinga_m, user_of, tender):
    m = ipatinga_m
    holder, _ = make_applicant(m, actor(m.slug, Role.ATENDENTE), n=931, plate="MTG9A31")
    with tenant(m):
        applicant = TenderApplicant.objects.create(
            tender=tender, person=holder, eligible=True, rank=1
        )
    url = f"/licitacoes/{tender.pk}/"
    c = client_as(user_of, Role.AUTORIDADE)
    page = c.get(url).content.decode()
    assert "Prazo em anos (art. 6)" in page and "Contrapartida" not in page
    body = {
        "step": "grant",
        "applicant": str(applicant.pk),
        "outorga-vehicle": "MTG-9A31",
        "outorga-on": "2026-03-10",
        "outorga-decree": "Decreto 31/2026",
        "outorga-term_years": "10",
        "outorga-equipment": EQUIPMENT,
    }
    assert c.post(url, {**body, "outorga-safety_gear": "on"}).status_code == 302  # art. 5 IV
    with tenant(m):
        permit = Permit.objects.get(holder=holder)
    assert (permit.tender_id, permit.service, permit.decree) == (
        tender.pk,
        "mototaxi",
        "Decreto 31/2026",
    )


def test_mototaxi_art_5_iv_the_tender_s_grant_asks_the_vest_and_helmet(ipatinga_m, user_of, tender):
    """The grant to the applicant the ranking calls asks the desk what the grant's own form asks:
    unticked, the law refuses citing art. 5 IV, and the refusal is the applicant's call."""
    m = ipatinga_m
    holder, _ = make_applicant(m, actor(m.slug, Role.ATENDENTE), n=933, plate="MTG9A33")
    with tenant(m):
        applicant = TenderApplicant.objects.create(
            tender=tender, person=holder, eligible=True, rank=1
        )
    url = f"/licitacoes/{tender.pk}/"
    c = client_as(user_of, Role.AUTORIDADE)
    assert "dispositivos retrorrefletivos verificados (art. 5, IV)" in c.get(url).content.decode()
    page = c.post(
        url,
        {
            "step": "grant",
            "applicant": str(applicant.pk),
            "outorga-vehicle": "MTG-9A33",
            "outorga-on": "2026-03-10",
            "outorga-decree": "Decreto 33/2026",
            "outorga-term_years": "10",
            "outorga-equipment": EQUIPMENT,
        },
    ).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
        assert TenderApplicant.objects.get(pk=applicant.pk).decision["grant"]["granted"] is False

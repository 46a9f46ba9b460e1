"""The guided taxi grant (issue "back office", item 3, "likewise a taxi grant"): the same page walks
the clerk from the person to the signed Termo de Permissão and the badge, asking for exactly the
records the taxi law reads (art. 22–24) and checking, before the grant, the very questions the grant
asks (art. 3, 10, 22–29). A complete grant by one clerk takes 8 submissions and the authority 3
(evaluate, rank and homologate the tender, art. 3); the test fails if either grows."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from guided_client import Counting, conduct_tender, next_step
from registry_factories import person as make_person
from registry_factories import png
from validate_docbr import CNH, CPF, RENAVAM

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public.models import Badge
from outorga.registry.facts import TAXI_COMPANY_RECORDS, TAXI_PERSON_RECORDS
from outorga.registry.models import Document, Permit, PermitTerm, Person, Tender, Vehicle

pytestmark = pytest.mark.django_db

CLERK_LIMIT = 8
AUTHORITY_LIMIT = 3
URL = "/cadastro/outorga-guiada/"
FINDINGS = {
    "inspection_approved": "on",
    "inspection_accredited_inmetro": "on",
    "taximeter_approved_by": "INMETRO",
    "roof_sign_taxi": "on",
    "ctb_equipment_ok": "on",
}


def _open_tender(m, today):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Tender.objects.create(
            service="taxi",
            taxi_category="convencional",
            number="GT-01/2026",
            places=3,
            opened_on=today - dt.timedelta(days=10),
            status=Tender.Status.OPEN,
        )


def test_art_3_22_24_a_complete_taxi_grant_by_one_clerk_takes_8_submissions(ipatinga_m, user_of):
    m = ipatinga_m
    today = timezone.localdate()
    issued = (today - dt.timedelta(days=3)).isoformat()
    tender = _open_tender(m, today)
    clerk = Counting(user_of("ipatinga", Role.ATENDENTE))
    authority = Counting(user_of("ipatinga", Role.AUTORIDADE))
    url = f"{URL}?servico=taxi"
    page = clerk.get(url).content.decode()
    assert next_step(page) == "person" and "Outorga guiada de táxi" in page
    cpf = CPF().generate()
    r = clerk.post(
        url,
        {
            "step": "person",
            "kind": "natural",
            "document": cpf,
            "name": "Tereza Taxista",
            "birth_date": "1985-04-01",
            "city": "Ipatinga",
            "address": "Rua B, 2",
        },
    )
    with tenant(m):
        person = Person.objects.get(document=cpf)
    assert "servico=taxi" in r["Location"] and f"pessoa={person.pk}" in r["Location"]
    url = r["Location"]

    assert next_step(clerk.get(url).content.decode()) == "licence"
    clerk.post(
        url,
        {
            "step": "licence",
            "cnh-number": CNH().generate(),
            "cnh-categories": "B",
            "cnh-first_licence_on": "2008-01-01",
            "cnh-expires_on": (today + dt.timedelta(days=900)).isoformat(),
            "cnh-ear": "on",
            "cnh-points": "0",
        },
    )
    page = clerk.get(url).content.decode()
    assert next_step(page) == "person_docs"
    # The checklist asks for the records of art. 22, not the mototaxi law's (no CRV, no 3x4).
    for t in TAXI_PERSON_RECORDS:
        assert Document.Type(t).label in page
    assert Document.Type.MILITARY.label not in page
    docs = {f"pdoc-{t}-issued_on": issued for t in TAXI_PERSON_RECORDS}
    clerk.post(
        url,
        {
            "step": "person_docs",
            **docs,
            "pdoc-photo": SimpleUploadedFile("f.png", png(), "image/png"),
        },
    )

    assert next_step(clerk.get(url).content.decode()) == "vehicle"
    r = clerk.post(
        url,
        {
            "step": "vehicle",
            "veh-service": "taxi",
            "veh-plate": "GTX1A23",
            "veh-renavam": RENAVAM().generate(),
            "veh-kind": "automovel",
            "veh-make_model": "Exemplo Sedan 1.6",
            "veh-manufacture_year": today.year,
            "veh-colour": "prata",
            "veh-doors": 5,
            "veh-seats": 5,
            "veh-fuel": "flex",
            "veh-rental_category": "on",
            "veh-registration_uf": "MG",
            "veh-registration_city": "Ipatinga",
        },
    )
    url = r["Location"]
    page = clerk.get(url).content.decode()
    assert next_step(page) == "vehicle_docs"
    assert Document.Type.CNG.label not in page  # not a GNV vehicle (art. 24 IV)
    vdocs = {
        "step": "vehicle_docs",
        **{f"vdoc-{t}-issued_on": issued for t in ("crlv", "dpvat", "vistoria_report")},
        "vdoc-taximeter_calibration-issued_on": issued,
        # The category printed on the mandatory insurance (art. 22 XI).
        "vdoc-dpvat-category": "3",
        # The validity of the licensing printed on the CRLV (art. 24 I, art. 28 I).
        "vdoc-crlv-valid_until": (today + dt.timedelta(days=365)).isoformat(),
    }
    clerk.post(url, vdocs)
    page = clerk.get(url).content.decode()
    assert "Inscrever na licitação GT-01/2026" in page
    clerk.post(url, {"step": "apply", "tender": tender.pk})

    conduct_tender(authority, tender, person, today)

    # Before the clerk answers, the check refuses only for what the clerk has still to answer:
    # the inspection's findings (art. 24, 27, 29) and the declarations signed at the counter.
    page = clerk.get(url).content.decode()
    refused = re.findall(r"✘ ([^<]+)", page)
    assert refused, page
    assert "Outorgar e assinar o Termo" in page
    grant = {
        "step": "grant",
        "tender": tender.pk,
        "category": "convencional",
        "decree": "Decreto 2.345/2026",
        "signed_on": today.isoformat(),
        "option": "I",
        "mode": "pagamento",
        "instalments": "18",
        "declarations": ["declaracao_outorgas", "declaracao_vinculo"],
        **FINDINGS,
    }
    r = clerk.post(url, grant)
    with tenant(m):
        permit = Permit.objects.get(holder=person, service="taxi")
        assert PermitTerm.objects.get(permit=permit).option == "I"
        assert permit.vehicle.plate == "GTX1A23"
    assert r["Location"] == f"/cadastro/permissoes/{permit.pk}/"
    page = clerk.get(r["Location"]).content.decode()
    assert "Termo de Permissão assinado" in page and "Emitir crachá" in page
    clerk.post("/crachas/", {"permissao": permit.number})
    with tenant(m):
        assert Badge.objects.filter(permit=permit).exists()
    assert clerk.posts <= CLERK_LIMIT, clerk.posts
    assert authority.posts <= AUTHORITY_LIMIT, authority.posts


def test_art_22_ix_the_guided_taxi_grant_without_the_declarations_is_refused_and_kept(
    ipatinga_m, user_of
):
    """The grant asks what the check asked: without the declaration of art. 22, IX the grant is
    refused, citing it, and every value typed stays on the page."""
    from registry_factories import awarded_tender, taxi_holder

    m = ipatinga_m
    today = timezone.localdate()
    holder, vehicle = taxi_holder(m, today)
    with tenant(m):
        Person.objects.filter(pk=holder.pk).update(photo="x.png")
    tender = awarded_tender(m, holder)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    url = f"{URL}?servico=taxi&pessoa={holder.pk}&veiculo={vehicle.pk}"
    page = c.get(url).content.decode()
    assert next_step(page) == "grant", page[-2000:]
    r = c.post(
        url,
        {
            "step": "grant",
            "tender": tender.pk,
            "category": "convencional",
            "decree": "Decreto 9/2026",
            "signed_on": today.isoformat(),
            "option": "II",
            "mode": "pagamento",
            "instalments": "36",
            "declarations": ["declaracao_vinculo"],
            **FINDINGS,
        },
    )
    page = r.content.decode()
    assert r.status_code == 200 and "Outorga recusada" in page
    assert "art. 22, IX" in page
    assert 'value="Decreto 9/2026"' in page
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()


def test_art_23_a_legal_person_has_no_cnh_step_and_is_asked_the_company_records(
    ipatinga_m, user_of
):
    company = make_person(ipatinga_m, legal=True, name="Táxi Ltda")
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = c.get(f"{URL}?servico=taxi&pessoa={company.pk}").content.decode()
    assert next_step(page) == "person_docs"
    for t in TAXI_COMPANY_RECORDS:
        assert Document.Type(t).label in page
    assert "CNH" not in re.sub(r"<[^>]+>", " ", page).split("Próximo passo")[0]


def test_a_gnv_taxi_is_asked_its_safety_certificate_art_24_iv(ipatinga_m, user_of):
    from registry_factories import taxi_holder

    holder, vehicle = taxi_holder(ipatinga_m, timezone.localdate())
    with tenant(ipatinga_m):
        Vehicle.objects.filter(pk=vehicle.pk).update(cng=True)
        Person.objects.filter(pk=holder.pk).update(photo="x.png")
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = c.get(f"{URL}?servico=taxi&pessoa={holder.pk}&veiculo={vehicle.pk}").content.decode()
    assert next_step(page) == "vehicle_docs"
    assert Document.Type.CNG.label in page


def test_the_guided_grant_offers_only_the_services_a_law_governs(barra_m, user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    assert c.get(f"{URL}?servico=taxi").status_code == 404


def test_art_22_the_person_page_offers_the_taxi_records_in_one_step(ipatinga_m, user_of):
    someone = make_person(ipatinga_m, name="Candidato Táxi")
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = c.get(f"/cadastro/pessoas/{someone.pk}/").content.decode()
    link = f"/cadastro/pessoas/{someone.pk}/documentos/?servico=taxi"
    assert link in page and "documentos que a lei do táxi lê (art. 22)" in page
    checklist = c.get(link).content.decode()
    for t in TAXI_PERSON_RECORDS:
        assert Document.Type(t).label in checklist
    assert Document.Type.MILITARY.label not in checklist
    today = timezone.localdate()
    r = c.post(
        f"{link}&proximo=/cadastro/pessoas/{someone.pk}/",
        {f"pdoc-{t}-issued_on": today.isoformat() for t in TAXI_PERSON_RECORDS},
    )
    assert r.status_code == 302 and r["Location"] == f"/cadastro/pessoas/{someone.pk}/"
    with tenant(ipatinga_m):
        kept = set(Document.objects.filter(person=someone).values_list("doc_type", flat=True))
    assert kept == set(TAXI_PERSON_RECORDS)

"""Motofrete art. 25 through the product: the clerk records who employs the motofrete driver (or
contracts his continued service); the law says whether that party is jointly liable, the permit
page shows it, the act is logged; a mototaxi permit is refused with the article."""

from __future__ import annotations

from django.test import Client
from registry_factories import make_permit, person

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import PermitContractor

API = "/api/v1/registry/permits"


def _clerk(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def test_art_25_the_employer_of_a_motofretista_is_recorded_as_jointly_liable(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "FRETE25", service="motofrete", plate="FRT2A25")
    company = person(ipatinga_m, name="Entregas Rápidas Ltda", legal=True)
    c = _clerk(user_of)
    body = {"document": company.document, "relation": "employment", "started_on": "2026-03-01"}
    r = c.post(f"{API}/{permit.pk}/contractors", body, content_type="application/json")
    assert r.status_code == 200, r.content
    r = c.post(
        f"{API}/{permit.pk}/contractors",
        {**body, "relation": "occasional", "started_on": "2026-04-01"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    with tenant(ipatinga_m):
        rows = {x.relation: x for x in PermitContractor.objects.filter(permit=permit)}
        act = Act.objects.filter(action="permit.contractor").earliest("id")
    assert rows["employment"].joint is True and rows["occasional"].joint is False
    assert "art. 25" in str(act.record["basis"]["citations"])
    page = c.get(f"/cadastro/permissoes/{permit.pk}/").content.decode()
    assert "Entregas Rápidas Ltda — empregador" in page
    assert "responsável solidário pelos danos cíveis (art. 25)" in page


def test_art_25_a_mototaxi_permit_is_refused_with_the_article(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "MOTO25", plate="MTX2A25")
    company = person(ipatinga_m, legal=True)
    r = _clerk(user_of).post(
        f"{API}/{permit.pk}/contractors",
        {"document": company.document, "relation": "employment", "started_on": "2026-03-01"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 25" in r.content.decode()
    with tenant(ipatinga_m):
        assert not PermitContractor.objects.filter(permit=permit).exists()


def test_art_25_an_unknown_document_is_refused_naming_the_field(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "FRETE26", service="motofrete", plate="FRT3A26")
    r = _clerk(user_of).post(
        f"{API}/{permit.pk}/contractors",
        {"document": "11.222.333/0001-81", "relation": "employment", "started_on": "2026-03-01"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "CPF/CNPJ" in r.content.decode()


def test_art_25_the_clerk_screen_records_a_continued_service_contractor(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "FRETE27", service="motofrete", plate="FRT4A27")
    company = person(ipatinga_m, name="Farmácia Central Ltda", legal=True)
    c = _clerk(user_of)
    page = f"/cadastro/permissoes/{permit.pk}/"
    assert "Empregador ou contratante (art. 25)" in c.get(page).content.decode()
    r = c.post(
        f"{page}contratantes/",
        {"document": company.document, "relation": "continued", "started_on": "2026-03-01"},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        row = PermitContractor.objects.get(permit=permit)
    assert row.joint and row.relation == "continued"

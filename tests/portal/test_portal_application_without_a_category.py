"""A taxi applicant enrolled in a tender recorded without a category (older data: the category
was added to tenders and inscriptions after tenders existed, migration 0004) and who has none:
the law judges an applicant in the tender's category (taxi art. 3, 5–6), which the desk gives at
the habilitação (``tender_evaluate``). Their Candidatura page opens and says so, naming the
field and the article, instead of failing."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import person, portal_login

from outorga.core.tenancy import tenant
from outorga.registry.models import Tender, TenderApplicant


def test_taxi_art_5_the_page_of_an_applicant_without_a_category_says_the_desk_gives_it(
    ipatinga_m,
):
    applicant = person(ipatinga_m, name="Candidato Sem Categoria")
    with tenant(ipatinga_m):
        tender = Tender.objects.create(
            service="taxi", number="LIC-ANTIGA", places=1, opened_on=dt.date(2026, 1, 5)
        )
        TenderApplicant.objects.create(tender=tender, person=applicant)
    client = Client()
    client.force_login(portal_login(ipatinga_m, applicant))
    page = client.get("/portal/candidatura/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Inscrição na licitação LIC-ANTIGA" in html
    assert "categoria" in html and "art. 5" in html
    assert "habilitação" in html

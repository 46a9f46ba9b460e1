"""The person page shows what a taxi grant asks of the person (bar on the Cadastro, art. 3–12,
documents of art. 22–23), with the articles, where a law governs taxi here — as it shows the
mototaxi and motofrete eligibility."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client
from django.utils import timezone
from registry_factories import awarded_tender, person, taxi_documents, taxi_vehicle

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.services.eligibility import taxi_eligibility, taxi_person_requirements


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def _text(c: Client, url: str) -> str:
    page = c.get(url).content.decode()
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", page)))


def _reason(decisions, rule):  # type: ignore[no-untyped-def]
    return next(r for d in decisions for r in d.reasons if r.rule.endswith(rule))


def test_the_person_page_shows_the_taxi_grant_s_questions_with_their_articles(ipatinga_m, clerk_c):
    today = timezone.localdate()
    p = person(ipatinga_m)
    taxi_documents(p, today)
    vehicle = taxi_vehicle(ipatinga_m, p)
    awarded_tender(ipatinga_m, p)
    with tenant(ipatinga_m):
        # What the grant itself asks of the holder (``taxi_grant_decisions``' person part).
        grant_asks = taxi_eligibility(
            person=p, category="convencional", on=today, awarded_in_tender=True, vehicle=vehicle
        )
    text = _text(clerk_c, f"/cadastro/pessoas/{p.pk}/?servico=taxi")
    assert f"Requisitos para táxi convencional em {today:%d/%m/%Y}" in text
    for decision in grant_asks:
        assert decision.summary in text
        for r in decision.reasons:
            assert r.message in text
            for c in r.citations:
                assert c.render() in text
    # The links offer every service a law governs here, taxi among them.
    page = clerk_c.get(f"/cadastro/pessoas/{p.pk}/").content.decode()
    assert 'href="?servico=taxi"' in page and 'href="?servico=motofrete"' in page


def test_the_tender_requirement_follows_the_records(ipatinga_m):
    today = timezone.localdate()
    p = person(ipatinga_m)
    taxi_documents(p, today)
    with tenant(ipatinga_m):
        before = _reason(taxi_person_requirements(p, today), "art_3_tender")
    assert before.verdict == "refused"
    awarded_tender(ipatinga_m, p, category="executivo")
    with tenant(ipatinga_m):
        # Ranked for another category: still no award for this one (art. 6).
        assert _reason(taxi_person_requirements(p, today), "art_3_tender").verdict == "refused"
        after = taxi_person_requirements(p, today, "executivo")
    assert _reason(after, "art_3_tender").verdict == "ok"


def test_a_category_is_chosen_by_link_and_an_unknown_one_falls_back(ipatinga_m, clerk_c):
    p = person(ipatinga_m)
    text = _text(clerk_c, f"/cadastro/pessoas/{p.pk}/?servico=taxi&categoria=especial")
    assert "Requisitos para táxi especial" in text
    text = _text(clerk_c, f"/cadastro/pessoas/{p.pk}/?servico=taxi&categoria=gravissima")
    assert "Requisitos para táxi convencional" in text


def test_where_no_law_governs_taxi_there_is_no_taxi_link(barra_m, user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    p = person(barra_m)
    page = c.get(f"/cadastro/pessoas/{p.pk}/?servico=taxi").content.decode()
    assert 'href="?servico=taxi"' not in page and "Requisitos para táxi" not in page

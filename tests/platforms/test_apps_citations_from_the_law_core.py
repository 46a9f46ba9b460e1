"""The platforms' pages cite the articles of the law bound to the municipality, as its law core
names them (``CITES`` through the law seam), never an article written in a template: the platform
page and the portal's "O que a plataforma deve ao município" say which articles demand the
drivers' documents (apps art. 4, II) and their compliance (art. 14, I) — and, were the bound
law another (here: the same concept cited elsewhere), that law's articles."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.test import Client
from test_apps_art_4_ii_driver_documents_recheck import lapsed  # noqa: F401

from outorga.law import interfaces
from outorga.law.barra_do_garcas import apps_2025
from outorga.law.citations import cite, render_within
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db

LAW = "barra-do-garcas.apps-2025"


def short(concept: str) -> str:
    """What the law's interface gives for ``concept``, as a page naming the law writes it."""
    return render_within(interfaces.citations(LAW, concept), LAW)


def city_hall_page(user_of, platform) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    return c.get(f"/plataformas/{platform.pk}/").content.decode()


def owed(portal) -> str:  # type: ignore[no-untyped-def]
    html = portal.get("/plataforma/").content.decode()
    found = re.search(r'<section[^>]*id="deveres".*?</section>', html, re.S)
    assert found, html[:3000]
    return found.group(0)


def test_art_4_ii_art_14_i_the_platform_page_cites_what_the_law_core_gives(
    user_of,
    platform,
    lapsed,  # noqa: F811
):
    html = city_hall_page(user_of, platform)
    assert short("driver_documents") == "art. 4, II"
    assert f"Motoristas com documentos a atualizar ({short('driver_documents')})" in html
    assert f"garantir que os motoristas cumpram a lei ({short('drivers_compliance')})" in html
    assert f"Cadastro mobiliário ({short('municipal_tax_registration')})" in html
    assert f"Canal de reclamações ({short('complaint_channel')})" in html


def test_another_law_s_articles_are_shown_not_an_article_written_in_the_template(
    monkeypatch,
    user_of,
    platform,
    portal,
    lapsed,  # noqa: F811
):
    """The concepts cited elsewhere, as another municipality's law would cite them."""
    monkeypatch.setitem(apps_2025.CITES, "driver_documents", cite(LAW, 40, inc="IX"))
    monkeypatch.setitem(apps_2025.CITES, "drivers_compliance", cite(LAW, 41, inc="II"))
    monkeypatch.setitem(apps_2025.CITES, "municipal_tax_registration", cite(LAW, 42, 3))
    html = city_hall_page(user_of, platform)
    assert "Motoristas com documentos a atualizar (art. 40, IX)" in html
    assert "cumpram a lei (art. 41, II)" in html
    assert "Cadastro mobiliário (art. 42, §3)" in html
    # What the pages write themselves; the re-check's own reasons keep the articles its
    # decision applied (a record of the law core's answer, not the page's).
    for written in (
        "a atualizar (art. 4, II)",
        "os documentos (art. 4, II)",
        "os documentos do motorista (art. 4, II)",
        "garantir que os motoristas cumpram a lei (art. 14, I)",
        "Cadastro mobiliário (art. 19, §2)",
    ):
        assert written not in html, written
    dues = owed(portal)
    assert "com documentos a atualizar</a> <small>(art. 40, IX)</small>" in dues
    assert "art. 4, II" not in dues
    home = portal.get("/plataforma/").content.decode()
    assert "Motoristas com documentos a atualizar (art. 40, IX)" in home
    assert "a atualizar (art. 4, II)" not in home
    assert "seus motoristas cumpram a lei (art. 14, I)" not in home


def test_every_concept_a_template_cites_is_answered_by_the_apps_law():
    """A concept the law does not name would render no article at all: each one the templates
    ask (``{% apps_cite "…" %}``) is in the apps law's ``CITES``."""
    src = Path(__file__).resolve().parents[2] / "src"
    asked = {
        concept
        for page in src.rglob("*.html")
        for tag in re.findall(r"{% apps_cite ([^%]+)%}", page.read_text(encoding="utf-8"))
        for concept in re.findall(r'"([a-z_]+)"', tag)
    }
    assert {"driver_documents", "drivers_compliance", "platform_cap"} <= asked
    assert {k for k in asked if not interfaces.citations(LAW, k)} == set()


def test_art_4_the_portal_s_driver_form_cites_each_document_s_alinea(portal):
    html = portal.get("/plataforma/motoristas/novo/").content.decode()
    for label in (
        "Categoria da CNH (B ou superior; art. 4, II, alínea b)",
        "exerce atividade remunerada (art. 4, II, alínea b)",
        "Tipo de veículo (duas rodas vedado; art. 17)",
        "Ano de fabricação (até 10 anos; art. 4, I)",
        "Regime do motorista para o ISSQN retido (art. 20)",
        "CRLV em dia (art. 4, II, alínea a)",
        "Certidão negativa de antecedentes criminais (art. 4, II, alínea c)",
        "Seguro obrigatório DPVAT/SPVAT (art. 4, II, alínea d)",
        "Certidão negativa de débitos com o município (art. 4, II, alínea e)",
        "Inscrito no INSS como contribuinte individual (art. 4, II, alínea f)",
    ):
        assert label in html, label


def test_art_6_and_16_the_fare_and_report_forms_cite_the_apps_law(portal):
    fares = portal.get("/plataforma/tarifas/").content.decode()
    for label in (
        "Tarifa base, R$ (art. 6, I)",
        "Custo por quilômetro, R$ (art. 6, II)",
        "Custo por minuto, R$ (art. 6, III)",
        "Taxa adicional 1 (art. 6, IV)",
        "tarifa dinâmica, % (art. 9; art. 10; vazio: sem tarifa dinâmica)",
    ):
        assert label in fares, label
    reports = portal.get("/plataforma/relatorios/").content.decode()
    assert "Faturamento da intermediação no mês, em R$ (art. 16, II)" in reports


def test_the_portal_s_forms_read_their_articles_from_the_law_core(monkeypatch, portal):
    monkeypatch.setitem(apps_2025.CITES, "driver_crlv", cite(LAW, 43, inc="IX"))
    monkeypatch.setitem(apps_2025.CITES, "fare_base", cite(LAW, 44, 2))
    html = portal.get("/plataforma/motoristas/novo/").content.decode()
    assert "CRLV em dia (art. 43, IX)" in html and "(art. 4, II, alínea a)" not in html
    fares = portal.get("/plataforma/tarifas/").content.decode()
    assert "Tarifa base, R$ (art. 44, §2)" in fares and "(art. 6, I)" not in fares


def test_the_authority_s_forms_cite_the_apps_law(monkeypatch, user_of, platform):
    html = city_hall_page(user_of, platform)
    assert "CPF do motorista (art. 26; em branco, a penalidade é da própria plataforma)" in html
    assert "Multa em UPFBG (até 500; art. 26, II)" in html
    monkeypatch.setitem(apps_2025.CITES, "fine", cite(LAW, 45, inc="II"))
    assert "Multa em UPFBG (até 500; art. 45, II)" in city_hall_page(user_of, platform)


def test_a_form_outside_a_municipality_shows_no_article() -> None:
    from outorga.platforms.views.portal import DriverForm, FareForm

    assert DriverForm().fields["crlv"].label == "CRLV em dia"
    assert FareForm().fields["base_fare"].label == "Tarifa base, R$"


def test_art_4_i_the_driver_form_says_the_vehicle_age_the_law_core_sets(portal, barra_m):
    """Art. 4, I: "no máximo, 10 (dez) anos de fabricação" — the years are the law's dated
    parameter; an amendment recorded from an earlier day is the one the form says."""
    from outorga.core.models import ParameterOverride
    from outorga.core.tenancy import tenant

    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.vehicle_max_age_years",
            effective=dt.date(2026, 1, 1),
            value=8,
            legal_reference="Lei de teste que altera o art. 4, I",
        )
    html = portal.get("/plataforma/motoristas/novo/").content.decode()
    assert "Ano de fabricação (até 8 anos; art. 4, I)" in html
    assert "até 10 anos" not in html

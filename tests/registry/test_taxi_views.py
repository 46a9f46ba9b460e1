"""Screens for tenders, stands and the Termo: the law's refusals shown with their articles."""

from __future__ import annotations

import datetime as dt

from auth_factories import client_as
from registry_factories import CHECKS, DECLARATIONS, actor, awarded_tender, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import PermitTerm
from outorga.registry.services.permits import taxi_permit_grant


def test_tenders_page_refuses_places_over_the_quota_citing_art_3(ipatinga_m, user_of):
    c = client_as(user_of, Role.AUTORIDADE)
    assert "<h1>Licitações</h1>" in c.get("/licitacoes/").content.decode()
    r = c.post(
        "/licitacoes/",
        {
            "service": "taxi",
            "taxi_category": "convencional",
            "number": "UI-1",
            "places": 100000,
            "opened_on": "2026-02-01",
        },
    )
    body = r.content.decode()
    assert r.status_code == 200 and "Recusado pela lei" in body and "art. 3, §1" in body
    r = c.post(
        "/licitacoes/",
        {"service": "taxi", "number": "UI-0", "places": 1, "opened_on": "2026-02-01"},
    )
    body = r.content.decode()
    assert r.status_code == 200 and "informe a categoria das vagas" in body and "art. 5" in body
    r = c.post(
        "/licitacoes/",
        {"service": "motofrete", "number": "UI-2", "places": 3, "opened_on": "2026-02-01"},
    )
    assert r.status_code == 302
    assert "UI-2" in c.get(r["Location"]).content.decode()


def test_stands_page_refuses_a_mototaxi_stand_at_a_bus_stop(ipatinga_m, user_of):
    c = client_as(user_of, Role.CHEFE_EXECUTIVO)
    r = c.post(
        "/pontos/",
        {
            "service": "mototaxi",
            "name": "Ponto UI",
            "place": "Rua A",
            "capacity": 3,
            "act_reference": "Decreto 5/2026",
            "at": ["onibus"],
            "on": "2026-04-01",
        },
    )
    assert r.status_code == 200 and "art. 18" in r.content.decode()


def test_termo_page_names_the_debts_that_block_the_renewal(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        instalments=3,
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    with tenant(m):
        Debt.objects.create(
            person=holder,
            origin=Debt.Origin.FINE,
            description="multa definitiva de teste",
            amount_cents=123_456,
            due_on=dt.date(2026, 3, 1),
            status=Debt.Status.FINAL,
            reference="UI-DEBT-1",
        )
    c = client_as(user_of, Role.ATENDENTE)
    body = c.get(f"/termos/{permit.pk}/").content.decode()
    assert "R$ 3.000,00" in body and "UI-DEBT-1" in body and "R$ 1.234,56" in body
    # Art. 10, I: the years the Termo runs, as granted (the law's dated number), with the inciso.
    assert "<dd>10 anos — prazo I (art. 10, I), de " in body
    # The inciso's citation is the law core's, not written in the choice's label.
    assert all("art." not in label for _, label in PermitTerm.Option.choices)
    r = c.post(
        f"/termos/{permit.pk}/",
        {
            "on": "2027-01-20",
            **{
                k: "on"
                for k in (
                    "inspection_approved",
                    "inspection_accredited_inmetro",
                    "roof_sign_taxi",
                    "ctb_equipment_ok",
                )
            },
            "taximeter_approved_by": "INMETRO",
        },
    )
    assert (
        r.status_code == 200
        and "UI-DEBT-1" in r.content.decode()
        and "art. 21, §1" in r.content.decode()
    )


def test_the_termo_pdf_states_term_contrapartida_and_articles(ipatinga_m, user_of):
    from outorga.registry.termo_pdf import termo_clauses

    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="II",
        instalments=36,
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    with tenant(m):
        permit.refresh_from_db()
        clauses = dict(termo_clauses(permit, permit.term))
    assert "20 anos" in clauses["Prazo"] and "art. 10, II" in clauses["Prazo"]
    assert "R$ 6.000,00" in clauses["Contrapartida"] and "36 parcela(s)" in clauses["Contrapartida"]
    # D-12: the days to the first instalment are the law's number on the signing — a dated value
    # recorded from after it does not change the Termo signed before.
    assert "a primeira vencendo 30 dias após a assinatura" in clauses["Contrapartida"]
    with tenant(m):
        ParameterOverride.objects.create(
            name="taxi_2017.instalment_first_due_days",
            effective=ON + dt.timedelta(days=1),
            value=45,
            legal_reference="exemplo (teste)",
            example=True,
        )
        assert "vencendo 30 dias após" in dict(termo_clauses(permit, permit.term))["Contrapartida"]
        ParameterOverride.objects.create(
            name="taxi_2017.instalment_first_due_days",
            effective=ON - dt.timedelta(days=1),
            value=20,
            legal_reference="exemplo (teste)",
            example=True,
        )
        assert "vencendo 20 dias após" in dict(termo_clauses(permit, permit.term))["Contrapartida"]
    assert "art. 13, parágrafo único" in clauses["Intransferibilidade"]
    r = client_as(user_of, Role.ATENDENTE).get(f"/termos/{permit.pk}/termo.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")


def test_art_29_the_termo_page_checks_the_renewal_before_it_is_done(ipatinga_m, user_of):
    """The check asks the renewal's own questions (art. 13, 21, 28–29): before the inspection's
    findings are given it shows what is missing; "Verificar" with them renews nothing; the renewal
    with the same answers is not refused."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        mode="servicos",
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    c = client_as(user_of, Role.ATENDENTE)
    url = f"/termos/{permit.pk}/"
    page = c.get(url).content.decode()
    assert 'name="verificar"' in page and "✘" in page and "art. 29" in page
    answers = {"on": "2027-01-20", **{k: "on" for k in CHECKS if CHECKS[k] is True}}
    answers["taximeter_approved_by"] = CHECKS["taximeter_approved_by"]
    page = c.post(url, {**answers, "verificar": ""}).content.decode()
    assert "✘" not in page, page[page.find("✘") - 300 : page.find("✘") + 300]
    with tenant(m):
        assert not permit.term.renewals.exists()
    r = c.post(url, answers)
    assert r.status_code == 302
    with tenant(m):
        assert permit.term.renewals.count() == 1

"""A company's titulares and sócios (taxi art. 11; art. 23, VIII): entered on the legal-person form
and the API by CPF (validate-docbr), each already in the registry, recorded with an act, and read
by the law when the company asks for a taxi permission."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import moto_vehicle, person
from validate_docbr import CNPJ, CPF

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Person
from outorga.registry.services.eligibility import taxi_eligibility
from outorga.registry.validation import format_cpf


def clerk_client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def company_form(partners: str, cnpj: str = "") -> dict[str, Any]:
    return {
        "kind": "legal",
        "document": cnpj or CNPJ().generate(mask=True),
        "name": "Rádio Táxi Exemplo Ltda",
        "city": "Ipatinga",
        "partners": partners,
    }


def test_art_11_23_viii_partners_are_entered_on_the_legal_person_form_with_an_act(
    ipatinga_m, user_of
):
    a, b = person(ipatinga_m, name="Sócia Ana"), person(ipatinga_m, name="Sócio Bruno")
    cnpj = CNPJ().generate(mask=True)
    r = clerk_client(user_of).post(
        "/cadastro/pessoas/nova/",
        company_form(f"{format_cpf(a.document)}\n{b.document}", cnpj),
    )
    assert r.status_code == 302, r.content.decode()[-2000:]
    with tenant(ipatinga_m):
        company = Person.objects.get(document="".join(ch for ch in cnpj if ch.isdigit()))
        assert set(company.partners.all()) == {a, b}
        act = Act.objects.filter(action="person.create", object_id=str(company.pk)).get()
    assert act.record["payload"]["new"]["partners"] == sorted([a.pk, b.pk])
    assert "art. 11" in " ".join(act.record["basis"]["citations"])
    # The partners' CPFs stay out of the acts log.
    assert a.document not in str(act.record) and b.document not in str(act.record)
    page = clerk_client(user_of).get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    assert "Titulares e sócios" in page and "Sócia Ana" in page and "Sócio Bruno" in page


def test_a_wrong_partner_cpf_is_refused_on_the_field_and_nothing_is_saved(ipatinga_m, user_of):
    a = person(ipatinga_m)
    form = company_form(f"{a.document}\n111.111.111-12")
    r = clerk_client(user_of).post("/cadastro/pessoas/nova/", form)
    assert r.status_code == 200
    assert "o 2º CPF de sócio é inválido" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Person.objects.filter(kind=Person.Kind.LEGAL).exists()


def test_a_partner_not_in_the_registry_must_be_registered_first(ipatinga_m, user_of):
    stranger = CPF().generate()
    r = clerk_client(user_of).post("/cadastro/pessoas/nova/", company_form(stranger))
    body = r.content.decode()
    assert r.status_code == 200 and "não está no cadastro" in body and "art. 23, VIII" in body
    # The message names the CPF masked (the field keeps what the clerk typed, to correct it).
    assert f"***.{stranger[3:6]}.{stranger[6:9]}-**" in body


def test_a_partner_of_another_municipality_is_not_found(ipatinga_m, barra_m, user_of):
    elsewhere = person(barra_m)
    r = clerk_client(user_of).post("/cadastro/pessoas/nova/", company_form(elsewhere.document))
    assert "não está no cadastro" in r.content.decode()


def test_a_natural_person_has_no_partners(ipatinga_m, user_of):
    a = person(ipatinga_m)
    r = clerk_client(user_of).post(
        "/cadastro/pessoas/nova/",
        {
            "kind": "natural",
            "document": CPF().generate(),
            "name": "Fulano Natural",
            "birth_date": "1990-01-01",
            "partners": a.document,
        },
    )
    assert "só a pessoa jurídica tem sócios" in r.content.decode()


def test_the_api_sets_keeps_and_clears_the_partners(ipatinga_m, user_of):
    a = person(ipatinga_m, name="Sócia API")
    c = clerk_client(user_of)
    body = {
        "kind": "legal",
        "document": CNPJ().generate(),
        "name": "Táxi API Ltda",
        "city": "Ipatinga",
        "partners": [format_cpf(a.document)],
        "service": "taxi",
    }
    r = c.post("/api/v1/registry/people", body, content_type="application/json")
    assert r.status_code == 201, r.content
    assert [p["name"] for p in r.json()["partners"]] == ["Sócia API"]
    url = f"/api/v1/registry/people/{r.json()['id']}"
    # Omitted: the partners on record stay; an empty list clears them.
    r = c.patch(url, {"city": "Ipatinga", "reason": "conferência"}, content_type="application/json")
    assert [p["name"] for p in r.json()["partners"]] == ["Sócia API"]
    r = c.patch(url, {"partners": [], "reason": "saída da sócia"}, content_type="application/json")
    assert r.json()["partners"] == []
    r = c.patch(url, {"partners": ["123"], "reason": "sócio novo"}, content_type="application/json")
    assert r.status_code == 422 and r.json()["erros"][0]["campo"] == "sócios"


def test_art_11_a_partner_holding_a_mototaxi_permission_bars_the_company(ipatinga_m, user_of):
    m = ipatinga_m
    partner = person(m, name="Sócio Mototaxista")
    with tenant(m):
        Permit.objects.create(
            service="mototaxi",
            holder=partner,
            number="MT-0900",
            registration_number=900,
            granted_on=dt.date(2024, 1, 1),
            term_start=dt.date(2024, 1, 1),
            term_end=dt.date(2034, 1, 1),
            vehicle=moto_vehicle(m, partner),
        )
    r = clerk_client(user_of).post("/cadastro/pessoas/nova/", company_form(partner.document))
    assert r.status_code == 302
    with tenant(m):
        company = Person.objects.get(kind=Person.Kind.LEGAL)
        (eligibility, _docs) = taxi_eligibility(
            person=company, category="convencional", on=ON, awarded_in_tender=True
        )
    refused = [r for r in eligibility.refusals if "art_11" in r.rule]
    assert refused and "Sócio Mototaxista" in refused[0].message
    assert any(c.article == "11" for c in refused[0].citations)


def test_art_23_viii_a_partner_in_public_service_is_refused(ipatinga_m, user_of):
    m = ipatinga_m
    servant = person(m, name="Sócia Servidora", is_public_servant=True)
    clerk_client(user_of).post("/cadastro/pessoas/nova/", company_form(servant.document))
    with tenant(m):
        company = Person.objects.get(kind=Person.Kind.LEGAL)
        (eligibility, _docs) = taxi_eligibility(
            person=company, category="convencional", on=ON, awarded_in_tender=True
        )
    cited = {(c.article, c.inciso) for r in eligibility.refusals for c in r.citations}
    assert ("23", "VIII") in cited


def _company(m, partners: list[Person]) -> Person:  # type: ignore[no-untyped-def]
    with tenant(m):
        company = Person.objects.create(
            kind=Person.Kind.LEGAL, document=CNPJ().generate(), name="Táxi Edita Ltda", city="X"
        )
        company.partners.set(partners)
    return company


def test_art_11_23_viii_the_edit_screen_changes_the_partners_with_an_act(ipatinga_m, user_of):
    a, b = person(ipatinga_m, name="Sócia Antiga"), person(ipatinga_m, name="Sócio Novo")
    company = _company(ipatinga_m, [a])
    c = clerk_client(user_of)
    assert "Editar cadastro" in c.get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    url = f"/cadastro/pessoas/{company.pk}/editar/"
    form = c.get(url).content.decode()
    # The form opens with the entry as it is: the partner's CPF, the CNPJ fixed.
    assert format_cpf(a.document) in form and "disabled" in form
    r = c.post(
        url,
        {
            "name": "Táxi Edita Ltda",
            "city": "Ipatinga",
            "phone": "31 3333-0000",
            "partners": format_cpf(b.document),
            "document": company.document,
            # A changed kind in the request is ignored: the entry keeps its own.
            "kind": "natural",
            "reason": "alteração contratual",
        },
    )
    assert r.status_code == 302, r.content.decode()[-2000:]
    with tenant(ipatinga_m):
        company.refresh_from_db()
        assert list(company.partners.all()) == [b]
        assert (company.city, company.phone, company.kind) == ("Ipatinga", "31 3333-0000", "legal")
        act = Act.objects.filter(action="person.update", object_id=str(company.pk)).latest("seq")
    assert act.record["payload"]["old"]["partners"] == [a.pk]
    assert act.record["payload"]["new"]["partners"] == [b.pk]
    assert "art. 23, VIII" in " ".join(act.record["basis"]["citations"])


def test_the_edit_screen_keeps_everything_on_a_wrong_partner(ipatinga_m, user_of):
    a = person(ipatinga_m)
    company = _company(ipatinga_m, [a])
    r = clerk_client(user_of).post(
        f"/cadastro/pessoas/{company.pk}/editar/",
        {
            "name": "Outro Nome",
            "document": company.document,
            "partners": CPF().generate(),
            "reason": "alteração contratual",
        },
    )
    assert r.status_code == 200 and "não está no cadastro" in r.content.decode()
    with tenant(ipatinga_m):
        company.refresh_from_db()
        assert company.name == "Táxi Edita Ltda" and list(company.partners.all()) == [a]


def test_the_edit_screen_is_the_clerks_and_of_this_municipality_only(ipatinga_m, barra_m, user_of):
    partner = person(ipatinga_m)
    company = _company(ipatinga_m, [partner])
    inspector = Client()
    inspector.force_login(user_of("ipatinga", Role.FISCAL))
    assert (
        "Editar cadastro" not in inspector.get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    )
    r = inspector.post(f"/cadastro/pessoas/{company.pk}/editar/", {"name": "Fiscal Mudou"})
    assert r.status_code == 403 and "art. 4" in r.content.decode()
    # Nor does the form open for the inspector: it shows the partners' CPFs.
    r = inspector.get(f"/cadastro/pessoas/{company.pk}/editar/")
    assert r.status_code == 403 and partner.document[3:9] not in r.content.decode()
    other = Client()
    other.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    assert other.get(f"/cadastro/pessoas/{company.pk}/editar/").status_code == 404
    with tenant(ipatinga_m):
        company.refresh_from_db()
        assert company.name == "Táxi Edita Ltda"


def test_a_natural_persons_edit_screen_has_no_partners_and_keeps_them(ipatinga_m, user_of):
    p = person(ipatinga_m, name="Fulana Edita")
    c = clerk_client(user_of)
    url = f"/cadastro/pessoas/{p.pk}/editar/"
    assert 'name="partners"' not in c.get(url).content.decode()
    r = c.post(
        url,
        {
            "name": "Fulana Editada",
            "document": p.document,
            "birth_date": p.birth_date.isoformat(),
            "reason": "nome digitado errado",
        },
    )
    assert r.status_code == 302, r.content.decode()[-2000:]
    with tenant(ipatinga_m):
        p.refresh_from_db()
        assert p.name == "Fulana Editada"

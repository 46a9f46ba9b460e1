"""A form of the applicant's "Candidatura" refused comes back on the same page as it was typed:
the dates, numbers and text in their inputs, each error beside its field naming it (and the
article, where the law gives one), the page answering 422 as the project's other forms; only a
success goes back by redirect (post/redirect/get)."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from portal_factories import company_of, make_applicant_account, open_tender
from registry_factories import moto_vehicle

from outorga.core.tenancy import tenant
from outorga.registry.models import (
    DocumentSubmission,
    DrivingLicence,
    Person,
    TenderApplicant,
    Vehicle,
)

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% documento de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
SEND = "/portal/candidatura/enviar/"
ART_19 = "Lei de mototáxi de Ipatinga (2013), art. 13, XXI; art. 19, §1; art. 19, §2"
ART_6_1 = "Lei de mototáxi de Ipatinga (2013), art. 6, §1"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path / "media"


def login(person: Person) -> Client:
    c = Client()
    c.force_login(person.user)
    return c


def form_of(page: str, label: str) -> str:
    """The HTML of the page's form named ``label`` (its aria-label), from its <details> on."""
    found = re.search(
        rf'<details[^>]*>(?:(?!</details>).)*?<form [^>]*aria-label="{re.escape(label)}".*?</form>',
        page,
        re.S,
    )
    assert found, f"no form {label!r} on the page"
    return found.group(0)


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def moto(ipatinga_m):  # type: ignore[no-untyped-def]
    """An applicant enrolled in a mototaxi tender, with no birth date, CNH nor vehicle yet."""
    ana = make_applicant_account(ipatinga_m, name="Ana Candidata")
    with tenant(ipatinga_m):
        Person.objects.filter(pk=ana.pk).update(birth_date=None)
    c = login(ana)
    c.post(f"/portal/candidatura/licitacoes/{open_tender(ipatinga_m).pk}/inscrever/")
    return ana, c


def test_a_document_refused_comes_back_as_typed_with_the_error_beside_its_date(moto, ipatinga_m):
    _, c = moto
    r = c.post(
        SEND,
        {
            "service": "mototaxi",
            "doc_type": "rg",
            "issued_on": "2999-01-10",
            "number": "MG-12.345.678",
            "file": SimpleUploadedFile("rg.pdf", PDF, content_type="application/pdf"),
        },
    )
    assert r.status_code == 422  # the page itself, never a redirect to its top
    form = form_of(r.content.decode(), "Enviar RG")
    assert form.startswith("<details open")
    assert 'value="2999-01-10"' in form and 'value="MG-12.345.678"' in form
    assert "Data de emissão: a data de emissão não pode ser futura" in words(form)
    assert "Escolha o arquivo de novo" in words(form)
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.exists()
    # Corrected, it goes through and back by redirect, as before.
    r = c.post(
        SEND,
        {
            "service": "mototaxi",
            "doc_type": "rg",
            "issued_on": "2026-01-10",
            "number": "MG-12.345.678",
            "file": SimpleUploadedFile("rg.pdf", PDF, content_type="application/pdf"),
        },
    )
    assert r.status_code == 302 and r["Location"] == "/portal/candidatura/"


def test_art_19_par1_a_policy_without_its_end_keeps_its_amount_and_cites_the_article(
    moto, ipatinga_m
):
    ana, c = moto
    vehicle = moto_vehicle(ipatinga_m, ana)
    r = c.post(
        SEND,
        {
            "service": "mototaxi",
            "doc_type": "insurance_policy",
            "vehicle": str(vehicle.pk),
            "issued_on": "2026-01-10",
            "number": "AP-778",
            "coverage_cents": "R$ 12.000,00",
            "file": SimpleUploadedFile("apolice.pdf", PDF, content_type="application/pdf"),
        },
    )
    assert r.status_code == 422
    form = words(
        form_of(r.content.decode(), f"Enviar apólice de seguro do veículo {vehicle.plate}")
    )
    raw = form_of(r.content.decode(), f"Enviar apólice de seguro do veículo {vehicle.plate}")
    assert 'value="2026-01-10"' in raw and 'value="AP-778"' in raw
    assert 'value="R$ 12.000,00"' in raw
    assert f"Fim da vigência: informe o fim da vigência impresso na apólice ({ART_19})" in form, (
        form
    )


# Each form of "Meus dados" and "Empresas": where it posts, what is typed, its name on the page,
# the values that must come back in its inputs, the error beside its field, and the record that
# must not have been written.
OWN_FORMS = {
    "birth date to come": (
        "/portal/candidatura/dados/",
        {
            "dados-service": "mototaxi",
            "dados-birth_date": "2099-01-01",
            "dados-address": "Rua das Flores, 10",
            "dados-city": "Ipatinga",
            "dados-phone": "(31) 98888-7777",
        },
        "Meus dados pessoais",
        ["2099-01-01", "Rua das Flores, 10", "Ipatinga", "(31) 98888-7777"],
        "Data de nascimento: a data de nascimento não pode ser futura",
        lambda: Person.objects.exclude(address="").exists(),
    ),
    "cnh number": (
        "/portal/candidatura/cnh/",
        {
            "cnh-service": "mototaxi",
            "cnh-number": "12345678901",
            "cnh-categories": "AB",
            "cnh-first_licence_on": "2010-03-04",
            "cnh-expires_on": "2030-05-06",
        },
        "Minha CNH",
        ["12345678901", "AB", "2010-03-04", "2030-05-06"],
        "Número da CNH: número da CNH inválido",
        lambda: DrivingLicence.objects.exists(),
    ),
    "vehicle renavam": (
        "/portal/candidatura/veiculo/mototaxi/",
        {
            "veiculo-mototaxi-service": "mototaxi",
            "veiculo-mototaxi-plate": "ABC1D23",
            "veiculo-mototaxi-renavam": "47467594951",
            "veiculo-mototaxi-kind": "motocicleta",
            "veiculo-mototaxi-make_model": "Moto Exemplo 160",
            "veiculo-mototaxi-manufacture_year": "2024",
            "veiculo-mototaxi-engine_cc": "160",
            "veiculo-mototaxi-colour": "vermelha",
            "veiculo-mototaxi-registration_uf": "MG",
        },
        "Cadastrar veículo para mototáxi",
        ["ABC1D23", "47467594951", "Moto Exemplo 160", "2024", "160", "vermelha"],
        "RENAVAM: RENAVAM inválido",
        lambda: Vehicle.objects.exists(),
    ),
    "company cnpj": (
        "/portal/candidatura/empresa/",
        {
            "empresa-document": "11.111.111/1111-11",
            "empresa-name": "Táxi Ipatinga Ltda",
            "empresa-address": "Rua das Flores, 10",
        },
        "Cadastrar empresa",
        ["11.111.111/1111-11", "Táxi Ipatinga Ltda", "Rua das Flores, 10"],
        "CNPJ: CNPJ inválido",
        lambda: Person.objects.filter(name="Táxi Ipatinga Ltda").exists(),
    ),
}


@pytest.mark.parametrize("case", list(OWN_FORMS))
def test_an_own_record_refused_keeps_what_was_typed_beside_the_named_error(moto, ipatinga_m, case):
    url, data, label, kept, error, written = OWN_FORMS[case]
    _, c = moto
    r = c.post(url, data)
    assert r.status_code == 422
    form = form_of(r.content.decode(), label)
    assert form.startswith("<details open")
    for value in kept:
        assert f'value="{value}"' in form, value
    assert error in words(form), words(form)
    with tenant(ipatinga_m):
        assert not written()


def test_mototaxi_art_6_par_1_an_enrolment_refused_is_shown_at_its_tender(ipatinga_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    company = company_of(ipatinga_m, ana)
    tender = open_tender(ipatinga_m, service="mototaxi", number="MT-2026/9")
    r = login(ana).post(
        f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", {"company": company.pk}
    )
    assert r.status_code == 422
    page = r.content.decode()
    enrol = re.search(
        rf'<form method="post" action="/portal/candidatura/licitacoes/{tender.pk}/inscrever/"'
        r"[^>]*>.*?</form>",
        page,
        re.S,
    )
    assert enrol, page
    said = words(enrol.group(0))
    assert f"Inscrição de {company.name} na licitação MT-2026/9 recusada" in said
    assert ART_6_1 in said
    with tenant(ipatinga_m):
        assert not TenderApplicant.objects.filter(tender=tender).exists()

"""The desk's form labels cite the articles of the law at hand as its law core names them
(``CITES`` through the law seam), never an article written in a forms module: a taxi vehicle
form shows the taxi law's articles and no mototaxi one, a mototaxi form the mototaxi law's; a
form that serves no service in particular (a person's, a document's) names each bound law's
article by its services; where no law governs, the label still renders, without an article."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from registry_factories import person, taxi_permit

from outorga.core.tenancy import tenant
from outorga.law.citations import cite
from outorga.law.competence import Role
from outorga.law.ipatinga import mototaxi_2013, taxi_2017
from outorga.registry.forms import (
    AuxiliaryForm,
    DocumentForm,
    GrantForm,
    PersonForm,
    TaxiChecks,
    VehicleForm,
)
from outorga.registry.forms_extinctions import ExtinctionDecideForm

pytestmark = pytest.mark.django_db

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"


def page(user_of, url: str, role: Role = Role.ATENDENTE, slug: str = "ipatinga") -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    r = c.get(url)
    assert r.status_code == 200, r.status_code
    return r.content.decode()


def vehicle_page(user_of, m, service: str) -> str:  # type: ignore[no-untyped-def]
    owner = person(m)
    return page(user_of, f"/cadastro/pessoas/{owner.pk}/veiculos/novo/?servico={service}")


def labels(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {name: str(f.label) for name, f in form.fields.items()}


def choices(form, name: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {v: str(text) for v, text in form.fields[name].choices}


def test_the_taxi_vehicle_form_cites_the_taxi_law_and_no_mototaxi_article(ipatinga_m, user_of):
    t = vehicle_page(user_of, ipatinga_m, "taxi")
    for label in (
        "Portas (art. 27)",
        "Lugares para passageiros (art. 2; art. 28, III)",
        "Kit GNV instalado (art. 24, IV)",
    ):
        assert label in t, label
    assert "(táxi:" not in t and "motofrete:" not in t
    assert "art. 3, I" not in t and "art. 24, §" not in t


def test_art_28_par_1_the_factory_invoice_starts_the_seven_years(ipatinga_m, user_of):
    """Art. 28 §1: the seven years run from the date of purchase on the factory's invoice (II:
    else from the year of manufacture), as the age rule (D-6) reads it."""
    t = vehicle_page(user_of, ipatinga_m, "taxi")
    assert (
        "Data da nota fiscal de fábrica, se comprado 0 km (art. 28, II; art. 28, §1; decisão D-6)"
        in t
    )


def test_the_mototaxi_and_motofrete_vehicle_forms_cite_their_law_and_no_taxi_article(
    ipatinga_m, user_of
):
    mo = vehicle_page(user_of, ipatinga_m, "mototaxi")
    assert "Cilindrada (cc) (art. 3, I)" in mo
    assert "(mototáxi e motofrete:" not in mo and "art. 27" not in mo and "art. 28" not in mo
    frete = vehicle_page(user_of, ipatinga_m, "motofrete")
    for label in (
        "Dispositivo de carga (art. 24, §1)",
        "Dispositivo e carga não comprometem os retrovisores (art. 24, §2)",
        "Sidecar (art. 24, §3; art. 24, §4; art. 24, §5)",
        "Semirreboque (art. 24, §4; art. 24, §5)",
        "Sidecar/semirreboque com faixas retrorrefletivas (art. 24, §4)",
    ):
        assert label in frete, label


def test_a_vehicle_label_reads_its_article_from_the_law_core(monkeypatch, ipatinga_m, user_of):
    monkeypatch.setitem(taxi_2017.CITES, "vehicle_doors", cite(TAXI, 90, inc="II"))
    monkeypatch.setitem(mototaxi_2013.CITES, "engine_cc", cite(MOTO, 91, 2))
    t = vehicle_page(user_of, ipatinga_m, "taxi")
    assert "Portas (art. 90, II)" in t and "art. 27" not in t
    mo = vehicle_page(user_of, ipatinga_m, "mototaxi")
    assert "Cilindrada (cc) (art. 91, §2)" in mo and "art. 3, I" not in mo


def test_art_28_v_and_vi_the_roof_sign_and_the_ctb_equipment(ipatinga_m, user_of):
    """The luminous "TÁXI" on the roof is art. 28, V; the CTB's equipment art. 28, VI (art. 27
    asks for a silver car with five doors)."""
    permit = taxi_permit(ipatinga_m)
    t = page(user_of, reverse("registry:vehicle_substitute", args=[permit.pk]))
    assert "no teto (art. 28, V)</label>" in t
    assert "Equipamentos do CTB (art. 28, VI)</label>" in t
    assert "Vistoria do veículo aprovada (art. 22, XII; art. 29)" in t
    assert "Taxímetro aferido por (art. 24, III)" in t


def test_the_permit_s_forms_cite_the_permit_s_law(monkeypatch, ipatinga_m, user_of):
    monkeypatch.setitem(taxi_2017.CITES, "roof_sign", cite(TAXI, 92, inc="I"))
    monkeypatch.setitem(taxi_2017.CITES, "extinction_cause", cite(TAXI, 93))
    permit = taxi_permit(ipatinga_m)
    t = page(user_of, reverse("registry:vehicle_substitute", args=[permit.pk]))
    assert "no teto (art. 92, I)</label>" in t
    t = page(user_of, reverse("registry:extinction_open", args=[permit.pk]), Role.AUTORIDADE)
    assert "Causa (art. 93)</label>" in t


def test_the_person_form_names_each_bound_law_s_article_by_its_service(
    monkeypatch, ipatinga_m, user_of
):
    t = page(user_of, reverse("registry:person_new"))
    assert "um por linha (táxi: art. 11; art. 23, VIII)" in t
    monkeypatch.setitem(mototaxi_2013.CITES, "partners", cite(MOTO, 94))
    t = page(user_of, reverse("registry:person_new"))
    assert "um por linha (mototáxi e motofrete: art. 94; táxi: art. 11; art. 23, VIII)" in t


def test_a_municipality_no_taxi_law_governs_renders_the_person_form_without_an_article(user_of):
    """Barra do Garças binds only its app law, which names no partners' article."""
    t = page(user_of, reverse("registry:person_new"), slug="barra-do-garcas")
    assert "um por linha</label>" in t


def test_a_municipality_with_no_binding_renders_the_forms_without_an_article(
    ipatinga_m, keep_only_laws
):
    keep_only_laws(ipatinga_m)
    with tenant(ipatinga_m):
        vehicle = labels(VehicleForm(service="taxi", services=["taxi"]))
        document = labels(DocumentForm(vehicle=True, cover_end=True))
        checks = labels(TaxiChecks())
        equipment = choices(GrantForm(), "equipment")
    assert vehicle["doors"] == "Portas" and vehicle["seats"] == "Lugares para passageiros"
    assert document["valid_until"] == "Fim da vigência (apólice de seguro)"
    assert checks["roof_sign_taxi"] == 'Luminoso "TÁXI" no teto'
    assert equipment["alcas_metalicas"] == "alças metálicas"


def test_a_taxi_only_municipality_cites_no_mototaxi_article(ipatinga_m, keep_only_laws):
    keep_only_laws(ipatinga_m, TAXI)
    with tenant(ipatinga_m):
        document = labels(DocumentForm(vehicle=True, cover_end=True))
        equipment = choices(GrantForm(), "equipment")
    assert document["valid_until"] == "Fim da vigência (apólice de seguro)"
    assert (
        document["category"]
        == "Categoria impressa no documento (seguro obrigatório; táxi: art. 22, XI)"
    )
    assert equipment["antena_corta_pipas"] == "antena corta-pipas"


def test_the_document_form_names_each_law_s_article_of_the_policy(in_ipatinga):
    form = DocumentForm(vehicle=True, cover_end=True)
    assert labels(form)["valid_until"] == (
        "Fim da vigência (apólice de seguro; mototáxi e motofrete: art. 13, XXI; art. 19, §1)"
    )
    assert labels(form)["coverage_cents"] == (
        "Valor da cobertura, R$ (apólice de seguro; mototáxi e motofrete: art. 13, XXI)"
    )
    assert labels(form)["category"] == (
        "Categoria impressa no documento (seguro obrigatório; táxi: art. 22, XI)"
    )


def test_art_5_par_7_and_art_19_each_item_of_equipment_cites_its_inciso(monkeypatch, in_ipatinga):
    equipment = choices(GrantForm(), "equipment")
    assert equipment["antena_corta_pipas"] == "antena corta-pipas (art. 5, §7)"
    assert equipment["alcas_metalicas"] == "alças metálicas (art. 19, I)"
    assert equipment["retrovisores_ambos_lados"] == "retrovisores dos dois lados (art. 19, VI)"
    monkeypatch.setitem(mototaxi_2013.CITES, "equipment_grab_handles", cite(MOTO, 95))
    assert choices(GrantForm(), "equipment")["alcas_metalicas"] == "alças metálicas (art. 95)"


def test_the_auxiliary_form_cites_the_law_of_the_permit_s_service(in_ipatinga):
    moto = labels(AuxiliaryForm(service="mototaxi"))
    assert (
        moto["work_schedule"] == "Escala de trabalho do permissionário e do auxiliar (art. 14, §3)"
    )
    assert moto["safety_gear"].endswith("verificados (art. 5, IV)")
    taxi = AuxiliaryForm(service="taxi")
    assert labels(taxi)["work_schedule"] == "Escala de trabalho (opcional)"
    assert choices(taxi, "declarations")["declaracao_socios"] == (
        "sócios sem vínculo empregatício na Administração (art. 23, VIII)"
    )


def test_art_15_par_2_the_extinction_decided_gives_no_indemnity(monkeypatch, in_ipatinga):
    assert choices(ExtinctionDecideForm(law=TAXI), "extinguish")["1"] == (
        "declarar a extinção sem indenização (art. 15, §2)"
    )
    monkeypatch.setitem(taxi_2017.CITES, "extinction_no_indemnity", cite(TAXI, 96))
    assert choices(ExtinctionDecideForm(law=TAXI), "extinguish")["1"] == (
        "declarar a extinção sem indenização (art. 96)"
    )


def test_a_form_without_a_municipality_renders_its_labels_without_an_article() -> None:
    assert labels(PersonForm())["partners"].endswith("um por linha")


def _strings(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings (what a user may read)."""
    tree = ast.parse(path.read_text())
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_no_forms_module_writes_an_article() -> None:
    import re

    written = [
        (path.name, s)
        for path in sorted(SRC.glob("*/forms*.py"))
        for s in _strings(path)
        if re.search(r"\bart\. ?\d|§", s)
    ]
    assert written == []


def test_art_5_6_a_tender_s_forms_cite_the_law_it_is_run_under(monkeypatch, ipatinga_m, user_of):
    """The tender's list asks the taxi category as the taxi law bound here cites it; an older
    taxi tender recorded without a category asks it of each applicant, under the tender's law."""
    import datetime as dt

    from outorga.registry.models import Tender

    with tenant(ipatinga_m):
        tender = Tender.objects.create(
            service="taxi", number="L-OLD", places=1, opened_on=dt.date(2026, 2, 1)
        )
    listed = page(user_of, reverse("taxi:tenders"), Role.AUTORIDADE)
    assert "Categoria das vagas (táxi; art. 5; art. 6)</label>" in listed
    t = page(user_of, f"/licitacoes/{tender.pk}/")
    assert "Categoria (art. 5; art. 6)</label>" in t
    monkeypatch.setitem(taxi_2017.CITES, "category_one", cite(TAXI, 97))
    assert "Categoria (art. 97)</label>" in page(user_of, f"/licitacoes/{tender.pk}/")
    listed = page(user_of, reverse("taxi:tenders"), Role.AUTORIDADE)
    assert "Categoria das vagas (táxi; art. 97)</label>" in listed


def test_mototaxi_art_6_the_tender_s_grant_cites_the_term_of_the_law_core(
    monkeypatch, ipatinga_m, user_of, tender
):
    from registry_factories import actor, make_applicant

    from outorga.registry.models import TenderApplicant

    holder, _ = make_applicant(
        ipatinga_m, actor("ipatinga", Role.ATENDENTE), n=932, plate="MTG9A32"
    )
    with tenant(ipatinga_m):
        TenderApplicant.objects.create(tender=tender, person=holder, eligible=True, rank=1)
    url = f"/licitacoes/{tender.pk}/"
    assert "Prazo em anos (art. 6)" in page(user_of, url, Role.AUTORIDADE)
    monkeypatch.setitem(mototaxi_2013.CITES, "term", cite(MOTO, 98, 1))
    assert "Prazo em anos (art. 98, §1)" in page(user_of, url, Role.AUTORIDADE)


def test_art_13_xx_a_the_registration_request_form_cites_the_permit_s_law(
    monkeypatch, ipatinga_m, user_of
):
    from enforcement_factories import make_world

    from outorga.registry.models import RegistrationRequest

    w = make_world(ipatinga_m, user_of)
    holder = Client()
    holder.force_login(w.holder_user)
    holder.post("/portal/cadastro/", {"kind": "update", "address": "Rua Nova, 77", "text": "."})
    with tenant(ipatinga_m):
        req = RegistrationRequest.objects.get(person=w.permit.holder)
    url = f"/cadastro/pedidos-de-cadastro/{req.pk}/"
    assert "compareceu pessoalmente em (art. 13, XX, alínea a)</label>" in page(user_of, url)
    monkeypatch.setitem(mototaxi_2013.CITES, "in_person", cite(MOTO, 99))
    assert "compareceu pessoalmente em (art. 99)</label>" in page(user_of, url)

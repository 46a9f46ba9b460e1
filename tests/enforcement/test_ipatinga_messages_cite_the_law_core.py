"""The messages, labels and PDFs a person reads beside a mototaxi or taxi record cite the articles
of the law in force for it as its law core names them (``CITES`` through the law seam:
``cited_for``), never an article written in the app: a taxi record's message shows no mototaxi
article, and were the law's citation another, the message would show that one."""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path

import pytest
from enforcement_factories import at, case_of, issue, pdf_text, pending_notice
from registry_factories import taxi_permit

from outorga.core.errors import FieldError
from outorga.core.home import _QUEUES, autodiscover
from outorga.core.tenancy import tenant
from outorga.enforcement.pdf import auto_pdf, batch_pdf
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.citations import cite
from outorga.law.ipatinga import mototaxi_2013, taxi_2017
from outorga.portal.selectors import portal_links

pytestmark = pytest.mark.django_db

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"
D = dt.date(2026, 4, 6)


def _issue_without(world, permit, **missing):  # type: ignore[no-untyped-def]
    data = {
        "place": "Rodoviária",
        "description": "Conduta constatada pelo fiscal.",
    } | missing
    code = "art38-II" if permit.service != "taxi" else "recusa_passageiro"
    with pytest.raises(FieldError) as exc:
        infraction_issue(
            actor=world.fiscal,
            municipality=world.m,
            code=code,
            committed_at=at(D),
            agent_registration="F-9",
            permit=permit,
            offender_signed=True,
            **data,
        )
    return exc.value.message


def test_art_30_vii_and_viii_the_mototaxi_auto_asks_its_place_and_description_citing_its_law(
    world,
):
    assert _issue_without(world, world.permit, place=" ") == "informe o local (art. 30, VII)"
    assert _issue_without(world, world.permit, description="") == (
        "descreva a ocorrência (art. 30, VIII)"
    )


def test_a_taxi_auto_missing_its_place_cites_no_mototaxi_article(world):
    """The taxi law leaves the auto's contents to a regulation (art. 43): no art. 30 there."""
    taxi = taxi_permit(world.m)
    assert _issue_without(world, taxi, place="") == "informe o local"
    assert _issue_without(world, taxi, description="") == "descreva a ocorrência"


def test_the_auto_s_place_is_cited_as_the_law_core_cites_it(world, monkeypatch):
    monkeypatch.setitem(mototaxi_2013.CITES, "auto_place", cite(MOTO, 93, inc="II"))
    assert _issue_without(world, world.permit, place="") == "informe o local (art. 93, II)"


def test_art_41_iv_v_the_taxi_cassacao_targets_cite_the_taxi_law(world, monkeypatch):
    from outorga.enforcement.services.proposals import taxi_cassacao_targets

    taxi = taxi_permit(world.m)
    assert taxi_cassacao_targets(taxi) == {
        "cadastro": "cassação da inscrição no Cadastro Municipal de Taxistas "
        "(art. 41, IV; art. 41, §3)",
        "permissao": "cassação da permissão (art. 41, V; art. 41, §4)",
    }
    monkeypatch.setitem(taxi_2017.CITES, "cassacao_permit", cite(TAXI, 94, 1))
    assert taxi_cassacao_targets(taxi)["permissao"] == "cassação da permissão (art. 94, §1)"


def test_art_29_par_2_the_unsigned_mototaxi_auto_pdf_cites_it_the_taxi_one_does_not(world):
    moto = issue(world, on=D, signed=False)
    with tenant(world.m):
        assert "não assinado (não invalida o auto, art. 29, §2)" in pdf_text(auto_pdf(moto, ""))
    taxi = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="recusa_passageiro",
        committed_at=at(D),
        place="Rodoviária",
        description="Conduta constatada pelo fiscal.",
        agent_registration="F-9",
        permit=taxi_permit(world.m),
        offender_signed=False,
    )
    with tenant(world.m):
        text = pdf_text(auto_pdf(taxi, ""))
    assert "não assinado" in text and "art. 29" not in text


def test_the_edital_cites_the_law_of_each_notice_it_lists(world, monkeypatch):
    """Mototaxi art. 29 (the auto's publication) and art. 43–44 (the decisions', the offender not
    found); no taxi article on an edital that lists no taxi notice."""
    with tenant(world.m):
        notice = pending_notice(world, case_of(world, issue(world, on=D, signed=False)))
        text = pdf_text(batch_pdf("Ipatinga", [notice]))
        assert "(Lei de mototáxi de Ipatinga (2013), art. 29; art. 43; art. 44)" in text
        assert "Lei do táxi" not in text and "art. 41" not in text
        monkeypatch.setitem(mototaxi_2013.CITES, "edital", cite(MOTO, 95))
        assert "(Lei de mototáxi de Ipatinga (2013), art. 95)" in pdf_text(
            batch_pdf("Ipatinga", [notice])
        )


def test_art_4_par_2_the_portal_s_update_link_cites_the_holder_s_law(world, monkeypatch):
    links = dict(portal_links([world.permit]))
    assert "Atualizar o cadastro (art. 4, §2)" in links
    monkeypatch.setitem(mototaxi_2013.CITES, "registration_update", cite(MOTO, 96, 1))
    assert "Atualizar o cadastro (art. 96, §1)" in dict(portal_links([world.permit]))


def test_the_registration_requests_queue_cites_the_mototaxi_law_bound_here(world, monkeypatch):
    autodiscover()
    help_text = _QUEUES["registry.registration_requests"].help
    assert callable(help_text)
    with tenant(world.m):
        assert help_text() == (
            "Atualizações e cancelamentos pedidos pelo portal (art. 4, §2): aplique cada um "
            "quando o permissionário comparecer (art. 13, XX, alínea a), ou recuse com o motivo "
            "que ele lê."
        )
        monkeypatch.setitem(mototaxi_2013.CITES, "in_person", cite(MOTO, 97))
        assert "comparecer (art. 97)" in help_text()


def test_art_42_par_3_the_sweep_cites_the_revelia_of_mototaxi_cases_only(world, monkeypatch):
    """Mototaxi art. 42 §3 (no defence in time: judged by default) is that law's: a taxi case
    judged by default in the same sweep cites no article of it."""
    from enforcement_factories import taxi_auto

    from outorga.enforcement.sweep import revelia_cites

    moto = case_of(world, issue(world, on=D)).number
    taxi = case_of(world, taxi_auto(world, taxi_permit(world.m), "recusa_passageiro")).number
    assert revelia_cites(world.m, [moto, taxi]) == {moto: " (art. 42, §3)", taxi: ""}
    monkeypatch.setitem(mototaxi_2013.CITES, "revelia", cite(MOTO, 98, 1))
    assert revelia_cites(world.m, [moto])[moto] == " (art. 98, §1)"


#: The modules whose messages and form labels were written with articles of the municipal laws
#: (Ipatinga's, Barra do Garças' apps law): none writes one now. Lines citing a federal law (Lei
#: 9.784/1999 under D-17, the LGPD) may stay.
CONVERTED = (
    "enforcement/services/autos.py",
    "enforcement/services/notices.py",
    "enforcement/services/proposals.py",
    "enforcement/services/suspensions.py",
    "enforcement/services/taxi_suspensions.py",
    "enforcement/pdf.py",
    "enforcement/regulation.py",
    "enforcement/sweep.py",
    "enforcement/management/commands/enforcement_sweep.py",
    "enforcement/views/cases.py",
    "finance/services.py",
    "inspections/orders.py",
    "inspections/services.py",
    # The apps law's (Barra do Garças): its CITES through the law seam.
    "platforms/demo.py",
    "platforms/selectors.py",
    "platforms/services/case_annulment.py",
    "platforms/services/complaints.py",
    "platforms/services/driver_documents.py",
    "platforms/services/penalties.py",
    "platforms/services/reports.py",
    "platforms/services/staff.py",
    "platforms/sweeping.py",
    "platforms/views/cases.py",
    "platforms/views/credentialing.py",
    "platforms/views/penalties.py",
    "platforms/views/portal.py",
    "platforms/views/staff.py",
    "portal/selectors.py",
    "registry/home.py",
    "registry/importer/rows.py",
    "registry/management/commands/import.py",
    "registry/services/extinctions.py",
    "registry/services/permit_status.py",
    "registry/services/permits.py",
    "registry/services/registration_requests.py",
    "registry/views/registration_requests.py",
    "registry/views/tenders.py",
)
FEDERAL = re.compile(r"9\.784|LGPD|13\.709")
#: A docstring given as an argument (a function's ``__doc__``), read by developers only.
DOCS = {"Only the competent authority (mototaxi art. 34 §1), after defence (D-3)."}


def _strings_read(path: Path) -> list[str]:
    """The string literals of ``path`` that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_no_converted_module_writes_an_article_of_the_municipal_laws():
    written = [
        f"{name}: {text[:100]}"
        for name in CONVERTED
        for text in _strings_read(SRC / name)
        if re.search(r"\barts?\. ?\d", text) and not FEDERAL.search(text) and text not in DOCS
    ]
    assert written == []

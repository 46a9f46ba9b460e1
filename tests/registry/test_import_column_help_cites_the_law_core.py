"""The registry spreadsheet's column help cites the articles of the law bound to each service in
the municipality importing, as its law core names them (``CITES``), never an article written in
the importer: ``outorga import registry --columns`` prints it, and docs/import-registry.md gives
the columns as Ipatinga's laws cite them today (checked here, so the doc cannot drift)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from outorga.law.citations import cite
from outorga.law.ipatinga import mototaxi_2013, taxi_2017
from outorga.registry.importer.rows import BY_NAME, column_help, columns_markdown

pytestmark = pytest.mark.django_db

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
DOC = Path(__file__).resolve().parents[2] / "docs" / "import-registry.md"


def helped(m, name: str) -> str:  # type: ignore[no-untyped-def]
    return column_help(BY_NAME[name], m)


def test_each_column_cites_the_law_bound_to_its_services(ipatinga_m):
    assert helped(ipatinga_m, "cilindrada") == "cc (mototáxi e motofrete: art. 3, I)"
    assert helped(ipatinga_m, "cnh_categoria_a_desde") == (
        "DD/MM/AAAA (mototáxi e motofrete: art. 5, II)"
    )
    assert helped(ipatinga_m, "portas") == "número de portas (táxi: art. 27)"
    assert helped(ipatinga_m, "lugares") == "lugares (táxi: art. 2; art. 28, III)"
    assert helped(ipatinga_m, "crlv_valido_ate") == (
        "DD/MM/AAAA, validade do licenciamento impressa no CRLV (mototáxi e motofrete: art. 5, "
        "§1, I; táxi: art. 24, I; art. 28, I)"
    )
    assert helped(ipatinga_m, "dpvat_emissao") == (
        "DD/MM/AAAA, emissão do seguro obrigatório — DPVAT (mototáxi e motofrete: art. 5, §1, I; "
        "art. 5, §5; táxi: art. 22, XI)"
    )
    assert helped(ipatinga_m, "vistoria_emissao") == (
        "DD/MM/AAAA, emissão do laudo de vistoria (mototáxi e motofrete: art. 5, §1, II; táxi: "
        "art. 22, XII; art. 24, II)"
    )
    assert helped(ipatinga_m, "faixas_retrorrefletivas") == (
        "sim ou não, no sidecar ou semirreboque (motofrete: art. 24, §4)"
    )
    assert helped(ipatinga_m, "parcelas") == (
        "número de parcelas da contrapartida em pagamento (táxi: art. 10)"
    )


def test_a_column_s_articles_are_the_law_core_s(monkeypatch, ipatinga_m):
    monkeypatch.setitem(mototaxi_2013.CITES, "engine_cc", cite(MOTO, 91, 2))
    monkeypatch.setitem(taxi_2017.CITES, "crlv", cite(TAXI, 92, inc="I"))
    assert helped(ipatinga_m, "cilindrada") == "cc (mototáxi e motofrete: art. 91, §2)"
    assert helped(ipatinga_m, "crlv_valido_ate").endswith(
        "(mototáxi e motofrete: art. 5, §1, I; táxi: art. 92, I)"
    )


def test_a_taxi_only_municipality_s_help_cites_no_mototaxi_article(ipatinga_m, keep_only_laws):
    keep_only_laws(ipatinga_m, TAXI)
    assert helped(ipatinga_m, "cilindrada") == "cc"
    assert helped(ipatinga_m, "crv_emissao") == "DD/MM/AAAA, emissão do CRV"
    assert helped(ipatinga_m, "crlv_valido_ate").endswith("CRLV (táxi: art. 24, I; art. 28, I)")


def test_without_a_municipality_the_help_names_no_article() -> None:
    assert column_help(BY_NAME["portas"], None) == "número de portas"


def test_the_command_prints_the_columns_with_the_municipality_s_articles(ipatinga_m):
    out = StringIO()
    call_command("import", "registry", "--columns", "--municipality", "ipatinga", stdout=out)
    assert out.getvalue() == columns_markdown(ipatinga_m)
    assert "| `portas` |  | número de portas (táxi: art. 27) |" in out.getvalue()


def test_the_doc_gives_the_columns_as_ipatinga_s_laws_cite_them(ipatinga_m):
    """Regenerate with ``outorga import registry --columns --municipality ipatinga``."""
    assert columns_markdown(ipatinga_m) in DOC.read_text(encoding="utf-8")

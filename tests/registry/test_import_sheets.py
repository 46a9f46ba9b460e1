"""Spreadsheets as municipalities have them (issue #22, item 3): an Excel workbook (.xlsx) and
Excel's "Texto Unicode" (UTF-16 with tabs) are read like the CSV; document numbers that lost their
leading zeros in Excel are restored when the check digits confirm them, else refused with a hint;
and no file, however damaged, ends the command in a traceback: every failure is an
"erro: linha N, coluna C: …" line and a non-zero exit."""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import random
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook
from validate_docbr import CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer.run import import_registry
from outorga.registry.models import DrivingLicence, Person, Vehicle

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"

#: Fictitious numbers whose check digits hold only with their leading zeros.
CPF_WITH_ZERO = "01234567890"
RENAVAM_WITH_ZEROS = "00123456789"
CNH_WITH_ZERO = "08301661350"  # the sample's first CNH
DATE_COLUMNS = {
    "data_nascimento",
    "cnh_primeira_habilitacao",
    "cnh_categoria_a_desde",
    "cnh_validade",
    "nota_fiscal_data",
    "data_outorga",
    "fim_prazo",
    "certificado_valido_ate",
    "suspensa_ate",
}
NUMBER_COLUMNS = {"cpf", "cnh_numero", "renavam", "ano_fabricacao", "ano_modelo", "cilindrada"}
ERROR_LINE = re.compile(r"^erro: (linha \d+(, coluna [^:]+)?|arquivo): \S")


def sample() -> tuple[list[str], list[dict[str, str]]]:
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        return list(reader.fieldnames or []), list(reader)


def text_table(header: list[str], rows: list[dict[str, str]], delimiter: str = ";") -> str:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=delimiter, lineterminator="\r\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue()


def as_excel_keeps(column: str, text: str) -> Any:
    """A cell as Excel keeps what a clerk typed in a "Geral" column: dates as dates, numbers as
    numbers (without their leading zeros)."""
    if not text:
        return None
    if column in DATE_COLUMNS:
        return dt.datetime.strptime(text, "%d/%m/%Y")
    if column in NUMBER_COLUMNS and text.isdigit():
        return int(text)
    return text


def xlsx(header: list[str], rows: list[list[Any]], sheets: tuple[str, ...] = ()) -> bytes:
    wb = Workbook()
    ws = wb.active
    for title in sheets:  # sheets before the registry's, as a workbook's instructions tab
        ws.title = title
        ws.append(["Instruções: preencha a aba Cadastro"])
        ws = wb.create_sheet()
    ws.title = "Cadastro"
    ws.append(header)
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def sample_xlsx(edit: Any = None, sheets: tuple[str, ...] = ()) -> bytes:
    header, rows = sample()
    if edit:
        edit(rows)
    table = [[as_excel_keeps(c, r[c]) for c in header] for r in rows]
    return xlsx(header, table, sheets)


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def rendered(report: Any) -> list[str]:
    return [e.render() for e in report.errors]


def test_the_numbers_used_here_hold_only_with_their_leading_zeros():
    assert CPF().validate(CPF_WITH_ZERO)
    assert RENAVAM().validate(RENAVAM_WITH_ZEROS)
    assert not RENAVAM().validate(RENAVAM_WITH_ZEROS.lstrip("0"))


def test_an_xlsx_workbook_is_imported_with_dates_and_numbers_as_excel_keeps_them(
    ipatinga_m, clerk_actor
):
    """The sample saved from Excel: dates are date cells, the CNH and RENAVAM numbers and the
    years are numbers — the CNH 08301661350 is kept by Excel as 8301661350."""

    def edit(rows: list[dict[str, str]]) -> None:
        rows[3]["cpf"] = CPF_WITH_ZERO
        rows[0]["renavam"] = RENAVAM_WITH_ZEROS

    raw = sample_xlsx(edit, sheets=("Instruções",))
    report = import_registry(
        municipality=ipatinga_m, raw=raw, filename="cadastro.xlsx", actor=clerk_actor, dry_run=False
    )
    assert report.ok, rendered(report)
    assert report.written["pessoas"] == 4 and report.written["permissões novas"] == 3
    with tenant(ipatinga_m):
        ana = Person.objects.get(name="Exemplo Ana Mototaxista")
        assert ana.birth_date == dt.date(1988, 4, 15)
        assert DrivingLicence.objects.get(person=ana).number == CNH_WITH_ZERO
        assert Vehicle.objects.get(plate="EXA1A11").renavam == RENAVAM_WITH_ZEROS
        assert Vehicle.objects.get(plate="EXA1A11").manufacture_year == 2021
        assert Person.objects.filter(document=CPF_WITH_ZERO).exists()
    # The clerk reads which numbers were completed, and why.
    warned = {(w.line, w.column): w.message for w in report.warnings}
    assert "zeros à esquerda restaurados" in warned[(2, "cnh_numero")]
    assert "lido como 08301661350" in warned[(2, "cnh_numero")]
    assert "lido como 00123456789" in warned[(2, "renavam")]
    assert "lido como 01234567890" in warned[(5, "cpf")]


@pytest.mark.parametrize("bom", [codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE])
def test_excel_unicode_text_utf16_with_tabs_is_read(ipatinga_m, bom):
    header, rows = sample()
    text = text_table(header, rows, delimiter="\t")
    raw = bom + text.encode("utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be")
    report = import_registry(municipality=ipatinga_m, raw=raw, dry_run=True)
    assert report.ok, rendered(report)
    assert report.rows == 4


def test_a_csv_with_utf8_bom_is_read(ipatinga_m):
    header, rows = sample()
    raw = codecs.BOM_UTF8 + text_table(header, rows).encode("utf-8")
    report = import_registry(municipality=ipatinga_m, raw=raw, dry_run=True)
    assert report.ok, rendered(report)


def test_a_cpf_that_lost_its_leading_zero_is_kept_with_eleven_digits(ipatinga_m, clerk_actor):
    header, rows = sample()
    rows[3]["cpf"] = CPF_WITH_ZERO.lstrip("0")
    raw = text_table(header, rows[3:]).encode("utf-8")
    report = import_registry(municipality=ipatinga_m, raw=raw, actor=clerk_actor, dry_run=False)
    assert report.ok, rendered(report)
    with tenant(ipatinga_m):
        assert Person.objects.get(name="Exemplo Davi Sem Permissão").document == CPF_WITH_ZERO


def test_numbers_short_of_digits_whose_check_digits_fail_are_refused_with_the_hint(ipatinga_m):
    header, rows = sample()
    rows[0]["renavam"] = "1860913909"  # 18609139099 without its last digit
    rows[1]["cnh_numero"] = "2819482193"  # 28194821938 without its last digit
    rows[2]["cpf"] = "78657975408"[:10]
    report = import_registry(
        municipality=ipatinga_m, raw=text_table(header, rows).encode(), dry_run=True
    )
    found = {(e.line, e.column): e.render() for e in report.errors}
    hint = "o Excel pode ter removido zeros à esquerda: formate a coluna como texto"
    assert found[(2, "renavam")] == (
        f"linha 2, coluna renavam: RENAVAM inválido: tem 10 dígitos, e não 11 — {hint}"
    )
    assert found[(3, "cnh_numero")].endswith(hint)
    assert found[(4, "cpf")].startswith("linha 4, coluna cpf: CPF inválido: tem 10 dígitos")


def test_a_number_excel_wrote_in_scientific_notation_is_refused(ipatinga_m):
    header, rows = sample()
    rows[0]["renavam"] = "1,86091E+10"
    report = import_registry(
        municipality=ipatinga_m, raw=text_table(header, rows).encode(), dry_run=True
    )
    [error] = [e for e in report.errors if e.column == "renavam"]
    assert error.line == 2 and "notação científica e perdeu dígitos" in error.message


def test_a_date_excel_shows_as_its_serial_number_is_refused_naming_the_date(ipatinga_m):
    header, rows = sample()
    table = [[as_excel_keeps(c, r[c]) for c in header] for r in rows]
    table[0][header.index("data_outorga")] = 44683  # the serial of 02/05/2022, as a plain number
    report = import_registry(municipality=ipatinga_m, raw=xlsx(header, table), dry_run=True)
    [error] = [e for e in report.errors if e.column == "data_outorga"]
    assert error.line == 2
    assert "data inválida '44683'" in error.message and "(02/05/2022)" in error.message


def test_a_formula_is_read_by_its_saved_value_and_one_without_a_value_is_refused(ipatinga_m):
    header, rows = sample()
    table = [[as_excel_keeps(c, r[c]) for c in header] for r in rows]
    table[0][header.index("cilindrada")] = "=150+10"  # openpyxl saves no calculated value
    report = import_registry(municipality=ipatinga_m, raw=xlsx(header, table), dry_run=True)
    [error] = report.errors
    column = chr(ord("A") + header.index("cilindrada"))
    assert error.render() == (
        f"linha 2, coluna cilindrada: a célula {column}2 tem a fórmula =150+10 sem o valor "
        "calculado: abra a planilha no Excel e salve-a (ou cole a coluna como valores)"
    )


def test_a_mototaxi_grant_before_the_law_in_force_art_53_is_an_error_of_its_row(ipatinga_m):
    """The law's checks are made on the grant date (art. 5, 6); before the law was in force (art.
    53, from 27/08/2013) there is nothing to ask it, and the row says so."""
    header, rows = sample()
    rows[0].update(data_outorga="26/08/2013", fim_prazo="26/08/2023", certificado_valido_ate="")
    report = import_registry(
        municipality=ipatinga_m, raw=text_table(header, rows[:1]).encode(), dry_run=True
    )
    assert [e.render() for e in report.errors] == [
        "linha 2, coluna data_outorga: outorga em 26/08/2013, antes da vigência da lei que rege "
        "o serviço (27/08/2013)"
    ]
    rows[0].update(data_outorga="27/08/2013", fim_prazo="27/08/2023")
    report = import_registry(
        municipality=ipatinga_m, raw=text_table(header, rows[:1]).encode(), dry_run=True
    )
    assert not [e for e in report.errors if e.column == "data_outorga"]


def test_a_cell_with_a_control_character_is_refused_at_its_line_and_column(ipatinga_m):
    header, rows = sample()
    rows[1]["nome"] = "Bruno\x07Motofretista"
    report = import_registry(
        municipality=ipatinga_m, raw=text_table(header, rows).encode(), dry_run=True
    )
    assert rendered(report) == ["linha 3, coluna nome: caractere de controle U+0007"]


def _zip_of(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(name, data)
    return out.getvalue()


def _corpus() -> list[tuple[str, bytes]]:
    header, rows = sample()
    good = text_table(header, rows)
    head, body = good.split("\r\n", 1)
    head += "\r\n"
    row = rows[0]

    def one(**cells: str) -> bytes:
        return text_table(header, [dict(row, **cells)]).encode("utf-8")

    garbage = random.Random(22).randbytes(4096)
    workbook = sample_xlsx()
    formulas = [[as_excel_keeps(c, row[c]) for c in header]]
    formulas[0][header.index("data_nascimento")] = 32248  # 15/04/1988 as Excel's serial
    formulas[0][header.index("ano_modelo")] = "=YEAR(TODAY())"
    div0 = [[as_excel_keeps(c, row[c]) for c in header]]
    div0[0][header.index("cilindrada")] = "#DIV/0!"
    return [
        ("vazio", b""),
        ("só espaços", b"  \r\n\r\n"),
        ("só o cabeçalho", (";".join(header) + "\r\n").encode()),
        ("colunas erradas", b"nome;idade\nA;3\n"),
        ("cabeçalho vazio", b";;;\nA;B;C\n"),
        ("coluna repetida", good.replace("cpf;nome", "cpf;cpf", 1).encode()),
        ("valor sem coluna", (head + body.replace("\r\n", ";sobra\r\n")).encode()),
        ("lixo binário", garbage),
        ("bytes NUL", good.encode().replace(b"Ipatinga", b"Ipa\x00tinga")),
        ("UTF-16 sem BOM", good.encode("utf-16-le")),
        ("UTF-16 corrompido", codecs.BOM_UTF16_LE + good.encode("utf-16-le")[:-1]),
        ("zip que não é xlsx", _zip_of("leia-me.txt", b"nada")),
        ("xlsx cortado", workbook[: len(workbook) // 2]),
        ("xls antigo", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504),
        ("xlsx com fórmula e data em série", xlsx(header, formulas)),
        ("xlsx sem linhas", xlsx(header, [])),
        ("xlsx com erro do Excel", xlsx(header, div0)),
        ("campo enorme", one(endereco="x" * 200_000)),
        ("aspas sem fim", good.replace("Rua Exemplo", '"Rua Exemplo', 1).encode()),
        ("outorga antes da lei", one(data_outorga="02/05/2010", fim_prazo="02/05/2020")),
        ("datas do ano 1", one(data_nascimento="0001-01-01", fim_prazo="31/12/9999")),
        ("número gigante", one(numero_registro="9" * 5000, cilindrada="1e400")),
        ("nome longo demais", one(nome="N" * 300, telefone="9" * 40)),
        ("e-mail inválido", one(email="ana@")),
        ("texto com controles", one(nome="Ana\x07Maria")),
    ]


@pytest.mark.parametrize(("name", "raw"), _corpus(), ids=[n for n, _ in _corpus()])
def test_no_file_in_the_corpus_ends_in_a_traceback(ipatinga_m, tmp_path, name, raw):
    """Each malformed file, imported for real by the command, fails with "erro: …" lines in
    Portuguese naming the line (and column) and a non-zero exit (a CommandError); any other
    exception is the traceback the issue reports."""
    path = tmp_path / "cadastro.csv"
    path.write_bytes(raw)
    out = io.StringIO()
    with pytest.raises(CommandError, match="nada foi gravado"):
        call_command(
            "import",
            "registry",
            str(path),
            municipality="ipatinga",
            user="atendente.ipatinga",
            no_progress=True,
            stdout=out,
        )
    errors = [line for line in out.getvalue().splitlines() if line.startswith("erro:")]
    assert errors, out.getvalue()
    for line in errors:
        assert ERROR_LINE.match(line), line


@given(
    st.lists(
        st.text(alphabet=st.sampled_from('ab;" \r\n\u2028\x85éç'), max_size=12), max_size=8
    ).map("".join)
)
def test_the_csv_reader_sees_the_lines_io_stringio_would_give_it(text):
    """The text is read line by line from the one string (not from a copy in ``io.StringIO``):
    a quoted cell spanning lines, a lone carriage return, Unicode line separators and a last
    line without its break come out as before."""
    from outorga.registry.importer.sheets import _lines

    assert list(_lines(text)) == list(io.StringIO(text))

    def rows(lines: Any) -> list[Any]:
        reader = csv.reader(lines, delimiter=";")
        try:
            return [(reader.line_num, r) for r in reader]
        except csv.Error as exc:
            return [str(exc)]

    assert rows(_lines(text)) == rows(io.StringIO(text))


def test_the_import_freezes_its_objects_once_and_the_first_freezer_thaws():
    """The workers' pool and the bulk writing each keep the importer's objects out of the
    collector's passes; ``gc.unfreeze`` thaws everything at once, so the inner block must not
    thaw what the outer one still relies on."""
    import gc

    from outorga.registry.importer.workers import frozen

    assert gc.get_freeze_count() == 0
    with frozen():
        kept = gc.get_freeze_count()
        with frozen():
            pass
        assert gc.get_freeze_count() >= kept > 0  # the inner block left it frozen
    assert gc.get_freeze_count() == 0

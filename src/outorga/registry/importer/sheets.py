"""Reading the file as municipalities keep it: an Excel workbook (``.xlsx``, read with openpyxl),
or text — CSV in UTF-8 (with or without BOM), Windows-1252, or UTF-16 with its BOM as Excel's
"Texto Unicode" saves it — with ``;``, ``,`` or tab between the cells.

The format is told by the file's first bytes, never by its name. Whatever cannot be read becomes
a :class:`~.rows.RowError` naming the line (and the column) where it could, never an exception:
the file comes from outside, and a clerk must be able to act on every message.
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from .rows import RowError, shown

ZIP = b"PK\x03\x04"
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # Excel 97-2003 (.xls), among other old formats
BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16 (Texto Unicode)"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16 (Texto Unicode)"),
)
DELIMITERS = ";\t,"  # Excel in Portuguese saves ";"; "Texto Unicode", tabs
SAVE_AS = "salve a planilha como Pasta de Trabalho do Excel (.xlsx) ou CSV"
#: Control characters no spreadsheet cell holds (tab and line breaks excepted).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass
class Sheet:
    """The header (lower case) and each data row, with the line it came from (the header is line
    1), as text; ``errors`` are what stopped the file from being read."""

    header: list[str] = field(default_factory=list)
    #: Each row's cells in the header's order (a city's file has a hundred thousand rows: its
    #: cells are not kept as one dictionary a row, each holding the header's names again).
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)


def read(raw: bytes) -> Sheet:
    if not raw.strip():
        return _failed(0, "o arquivo está vazio: falta o cabeçalho e as linhas do cadastro")
    if raw.startswith(ZIP):
        return read_xlsx(raw)
    if raw.startswith(OLE2):
        return _failed(0, f"planilha no formato antigo do Excel (.xls), que não é lido: {SAVE_AS}")
    text, errors = decode(raw)
    if errors:
        return Sheet(errors=errors)
    return read_text(text)


def decode(raw: bytes) -> tuple[str, list[RowError]]:
    """The text of ``raw``: by its BOM (UTF-8 or UTF-16), else UTF-8, else Windows-1252."""
    for bom, codec, label in BOMS:
        if raw.startswith(bom):
            return _decode(raw, codec, f"o arquivo começa como texto {label}, mas")
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError:
        return _decode(raw, "cp1252", "o arquivo não é texto UTF-8, UTF-16 nem Windows-1252:")


def _decode(raw: bytes, codec: str, what: str) -> tuple[str, list[RowError]]:
    try:
        return raw.decode(codec), []
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].decode(codec, errors="replace").count("\n") + 1
        byte = raw[exc.start : exc.start + 1].hex().upper()
        message = f"{what} o byte 0x{byte} não é um caractere; {SAVE_AS}"
        return "", [RowError(line, "", message)]


def read_text(text: str) -> Sheet:
    nul = text.find("\x00")
    if nul >= 0:  # no cell holds one (nor could PostgreSQL keep it): binary data, or UTF-16
        hint = (
            "parece texto UTF-16 sem a marca de início (BOM); salve de novo como Texto Unicode"
            if _utf16_without_bom(text)
            else f"o arquivo não parece uma planilha; {SAVE_AS}"
        )
        return _failed(text.count("\n", 0, nul) + 1, f"caractere nulo (NUL) no texto: {hint}")
    # The header's names hold no separator: the one it holds most is the file's (csv.Sniffer,
    # reading the first rows, took a comma inside an address or a cut row for it).
    first = text[: text.find("\n")] if "\n" in text else text
    reader = csv.reader(_lines(text), delimiter=max(DELIMITERS, key=first.count))
    table: list[tuple[int, list[str]]] = []
    try:
        for values in reader:
            table.append((reader.line_num, values))
    except csv.Error as exc:
        limit = re.match(r"field larger than field limit \((\d+)\)", str(exc))
        what = f"uma célula passa de {limit[1]} caracteres" if limit else f"CSV ilegível ({exc})"
        return _failed(reader.line_num, f"{what}; {SAVE_AS}")
    return _sheet(table)


def _lines(text: str) -> Iterator[str]:
    """``text``'s lines, each with its ``\n``, as ``io.StringIO(text)`` gives them — without the
    copy of the whole text, at four bytes a character, that it reads them from."""
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start)
        end = size if end < 0 else end + 1
        yield text[start:end]
        start = end


def _utf16_without_bom(text: str) -> bool:
    """Latin text in UTF-16 read as UTF-8: every other character is NUL."""
    head = text[:200]
    return any(
        len(half) > 4 and half.count("\x00") >= 0.8 * len(half) for half in (head[::2], head[1::2])
    )


def read_xlsx(raw: bytes) -> Sheet:
    """The workbook's first sheet whose header names ``cpf`` (else its first sheet). A formula is
    read by the value Excel calculated and saved with it."""
    errors: list[RowError] = []
    try:
        values = load_workbook(io.BytesIO(raw), data_only=True)
        formulas = load_workbook(io.BytesIO(raw), data_only=False)
        names = [ws.title for ws in values.worksheets]
        if not names:
            return _failed(0, "a pasta de trabalho .xlsx não tem nenhuma planilha")
        title = next((n for n in names if "cpf" in _first_row(values[n])), names[0])
        table = _xlsx_table(values[title], formulas[title], errors)
    except Exception:  # noqa: BLE001 - a damaged or foreign ZIP raises any of the parser's errors
        return _failed(0, f"o arquivo é compactado (ZIP) mas não é uma planilha .xlsx; {SAVE_AS}")
    sheet = _sheet(table)
    sheet.errors[:0] = errors
    return sheet


def _first_row(ws: Any) -> list[str]:
    first = next(ws.iter_rows(min_row=1, max_row=1, values_only=True), ())
    return [str(v).strip().lower() if v is not None else "" for v in first]


def _xlsx_table(ws: Any, formulas: Any, errors: list[RowError]) -> list[tuple[int, list[str]]]:
    header = _first_row(ws)
    table: list[tuple[int, list[str]]] = []
    for cells, cells_f in zip(ws.iter_rows(), formulas.iter_rows(), strict=False):
        row = []
        for cell, cell_f in zip(cells, cells_f, strict=False):
            i = cell.column - 1
            column = header[i] if i < len(header) and header[i] else get_column_letter(i + 1)
            text, error = _cell_text(cell, cell_f)
            if error:
                errors.append(RowError(cell.row, column, f"a célula {cell.coordinate} {error}"))
            row.append(text)
        table.append((cells[0].row if cells else len(table) + 1, row))
    return table


def _cell_text(cell: Any, cell_f: Any) -> tuple[str, str]:
    """A cell as the text its column's parser reads — dates as DD/MM/AAAA, whole numbers without
    a decimal point (a document number kept as a number), yes/no as sim/não — or why it cannot
    be read."""
    value = cell.value
    if cell.data_type == "e":
        return "", f"tem o erro do Excel {value}"
    if value is None and cell_f.data_type == "f":
        return "", (
            f"tem a fórmula {cell_f.value} sem o valor calculado: abra a planilha no Excel e "
            "salve-a (ou cole a coluna como valores)"
        )
    if value is None:
        return "", ""
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return f"{value.day:02d}/{value.month:02d}/{value.year:04d}", ""
    if isinstance(value, bool):
        return ("sim" if value else "não"), ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value)), ""
    if isinstance(value, float):
        return repr(value).replace(".", ","), ""  # a fraction is no whole number the row reads
    return str(value), ""


def _sheet(table: list[tuple[int, list[str]]]) -> Sheet:
    """The header and the non-empty rows. A header repeated, a value under no header or a cell
    holding a control character is an error (it would be lost, or kept, without a word)."""
    if not table or not any(v.strip() for v in table[0][1]):
        return _failed(1, "a primeira linha deve ser o cabeçalho com os nomes das colunas")
    header = [h.strip().lower() for h in table[0][1]]
    if any(CONTROL.search(h) for h in header):
        return _failed(1, f"o cabeçalho tem caracteres de controle: {SAVE_AS}")
    sheet = Sheet(header=header)
    seen: set[str] = set()
    for h in header:
        if h and h in seen:
            sheet.errors.append(RowError(1, h, "coluna repetida no cabeçalho"))
        seen.add(h)
    for line, cells in table[1:]:
        cells[:] = [v.strip() for v in cells]
        if not any(cells):
            continue
        for i, v in enumerate(cells):
            named = i < len(header) and header[i]
            column = header[i] if named else get_column_letter(i + 1)
            if v and not named:
                sheet.errors.append(RowError(line, column, f"{shown(v)} sem nome no cabeçalho"))
            control = CONTROL.search(v)
            if control:
                char = f"U+{ord(control.group()):04X}"
                sheet.errors.append(RowError(line, column, f"caractere de controle {char}"))
        sheet.rows.append((line, cells))
    return sheet


def _failed(line: int, message: str) -> Sheet:
    return Sheet(errors=[RowError(line, "", message)])

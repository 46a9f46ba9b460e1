"""Parsing one row's cells, with the registry's validators, into a :class:`~.rows.Row` and its
errors (the file itself is read by :mod:`.sheets`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from openpyxl.utils.datetime import from_excel

from .. import validation
from ..models import (
    Document,
    Permit,
    PermitTerm,
    Person,
    Service,
    TaxiCategory,
    Vehicle,
)
from ..validation import FieldError
from .rows import (
    COLUMNS,
    DOCUMENT_COLUMNS,
    GROUPS,
    NO,
    STATUS_BY_LABEL,
    YES,
    Row,
    RowError,
    shown,
)

#: Digits of the numbers the registry keeps (CPF, CNH's registration number, RENAVAM): Excel
#: stores a number typed in a "Geral" column and drops its leading zeros.
DOCUMENT_DIGITS = 11
ZEROS_HINT = "o Excel pode ter removido zeros à esquerda: formate a coluna como texto"
SCIENTIFIC = re.compile(r"\d[eE][+-]?\d+$")
#: The text columns and the field each is kept in, whose length the database limits: a longer
#: cell is the row's error (an unclosed quote swallows the next cells into one), found on a dry run.
TEXT_FIELDS: dict[str, tuple[Any, str]] = {
    "nome": (Person, "name"),
    "endereco": (Person, "address"),
    "municipio_residencia": (Person, "city"),
    "telefone": (Person, "phone"),
    "email": (Person, "email"),
    "chassi": (Vehicle, "chassis"),
    "marca_modelo": (Vehicle, "make_model"),
    "cor": (Vehicle, "colour"),
    "municipio_registro": (Vehicle, "registration_city"),
    "numero_permissao": (Permit, "number"),
    "decreto": (Permit, "decree"),
}
#: Excel's date serials of 01/01/1900 and 31/12/2100: a whole number in that range in a date
#: column is what Excel shows of a date cell formatted as a number.
EXCEL_SERIALS = range(1, 73415 + 1)
YEARS = range(1900, 2100 + 1)
#: A date as most cells hold it (DD/MM/AAAA, two-digit day and month), read without ``strptime``.
DAY_MONTH_YEAR = re.compile(r"(\d\d)/(\d\d)/(\d{4})")
#: Each cell's length limit, and the columns of each group (required or not): read per row.
TEXT_LIMITS = {
    column: limit
    for column, (model, name) in TEXT_FIELDS.items()
    if (limit := getattr(model._meta.get_field(name), "max_length", None))
}
GROUP_COLUMNS = {g: [c.name for c in COLUMNS if c.group == g] for g in GROUPS}
GROUP_REQUIRED = {g: [c.name for c in COLUMNS if c.group == g and c.required] for g in GROUPS}
#: The choices of each coded column (Django computes ``values`` anew on every read).
BLOOD_TYPES = tuple(Person.BloodType.values)
VEHICLE_KINDS = tuple(Vehicle.Kind.values)
FUELS = tuple(Vehicle.Fuel.values)
CARGO_DEVICES = tuple(Vehicle.CargoDevice.values)
SERVICES = tuple(Service.values)
TAXI_CATEGORIES = tuple(TaxiCategory.values)
TERM_MODES = tuple(PermitTerm.Mode.values)


class RowParser:
    """Collects the errors of one row while its cells are parsed."""

    def __init__(self, line: int, cells: dict[str, str]) -> None:
        self.line, self.cells = line, cells
        self.errors: list[RowError] = []
        self.warnings: list[RowError] = []

    def error(self, column: str, message: str, citation: str = "") -> None:
        self.errors.append(RowError(self.line, column, message, citation))

    def warn(self, column: str, message: str, citation: str = "") -> None:
        self.warnings.append(RowError(self.line, column, message, citation))

    def text(self, name: str) -> str:
        return self.cells.get(name, "") or ""

    def filled(self, group: str) -> bool:
        return any(self.text(name) for name in GROUP_COLUMNS[group])

    def required(self, group: str) -> bool:
        missing = [name for name in GROUP_REQUIRED[group] if not self.text(name)]
        for name in missing:
            self.error(name, "campo obrigatório não preenchido")
        return not missing

    def date(self, name: str) -> dt.date | None:
        value = self.text(name)
        if not value:
            return None
        quick = DAY_MONTH_YEAR.fullmatch(value)
        if quick is not None:
            day_, month, year = (int(part) for part in quick.groups())
            if year in YEARS:
                try:
                    return dt.date(year, month, day_)
                except ValueError:
                    pass  # not a day of the calendar: read below, for the same error
        for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
            try:
                day = dt.datetime.strptime(value, fmt).date()
            except ValueError:
                continue
            if day.year not in YEARS:
                # A typo (a year of 2 digits read as year 22): no record of the registry is older.
                self.error(name, f"data {shown(value)} fora dos anos {YEARS[0]} a {YEARS[-1]}")
                return None
            return day
        hint = ""
        if value.isdigit() and int(value) in EXCEL_SERIALS:
            serial = from_excel(int(value)).date()
            hint = (
                f" — parece o número de série de uma data do Excel ({serial:%d/%m/%Y}): "
                "formate a coluna como data"
            )
        self.error(name, f"data inválida {shown(value)} (use DD/MM/AAAA){hint}")
        return None

    def integer(self, name: str, low: int = 0, high: int = 10**9) -> int | None:
        value = self.text(name).replace(".", "")
        if not value:
            return None
        try:
            n = int(value)
        except ValueError:
            self.error(name, f"número inválido {shown(self.text(name))}")
            return None
        if not low <= n <= high:
            self.error(name, f"valor {n} fora do intervalo {low}–{high}")
            return None
        return n

    def boolean(self, name: str) -> bool:
        value = self.text(name).lower()
        if value in YES:
            return True
        if value not in NO:
            self.error(name, f"use 'sim' ou 'não' (recebido {shown(self.text(name))})")
        return False

    def choice(
        self, name: str, choices: Iterable[str], default: str = "", upper: bool = False
    ) -> str:
        value = (self.text(name).upper() if upper else self.text(name).lower()) or default
        options = list(choices)
        if value and value not in options:
            self.error(
                name, f"valor {shown(self.text(name))} não aceito (use {', '.join(options)})"
            )
            return default
        return value

    def document(self, name: str, fn: Callable[[str, str], str]) -> str:
        """A number of 11 digits with check digits (CPF, CNH, RENAVAM) that a spreadsheet may
        have kept as a number: the leading zeros it lost are put back only when the number so
        completed passes its check digits (``fn``), and the row says so; else it is refused with
        the hint."""
        value = self.text(name)
        if SCIENTIFIC.search(value):
            self.error(
                name,
                f"{shown(value)} está em notação científica e perdeu dígitos: formate a coluna como "
                "texto e digite o número completo",
            )
            return ""
        found = validation.digits(value)
        if not found or len(found) >= DOCUMENT_DIGITS:
            return self.check(name, fn)
        try:
            number = fn(found.zfill(DOCUMENT_DIGITS), name)
        except FieldError as exc:
            self.error(
                name,
                f"{exc.message}: tem {len(found)} dígitos, e não {DOCUMENT_DIGITS} — {ZEROS_HINT}",
                exc.citation,
            )
            return ""
        self.warn(
            name,
            f"zeros à esquerda restaurados ({shown(value)} lido como {number}, que confere com os "
            "dígitos verificadores); formate a coluna como texto",
        )
        return number

    def check(self, name: str, fn: Callable[[str, str], str]) -> str:
        try:
            return fn(self.text(name), name)
        except FieldError as exc:
            self.error(name, exc.message, exc.citation)
            return ""


def _no_cites(service: str, on: dt.date | None, *concepts: str) -> str:
    return ""


def parse_row(
    line: int, cells: dict[str, str], cites: Callable[..., str] = _no_cites
) -> tuple[Row, RowParser]:
    """``cites(service, on, *concepts)``: the articles the law bound to the service names for the
    concepts (:meth:`LawChecks.cites`)."""
    r = RowParser(line, cells)
    for column, limit in TEXT_LIMITS.items():
        if len(r.text(column)) > limit:
            r.error(column, f"até {limit} caracteres (a célula tem {len(r.text(column))})")
    if r.text("email"):
        try:
            validate_email(r.text("email"))
        except ValidationError:
            r.error("email", f"e-mail inválido {shown(r.text('email'))}")
    person: dict[str, Any] = {}
    if r.required("pessoa"):
        person = {
            "kind": Person.Kind.NATURAL,
            "document": r.document("cpf", validation.cpf),
            "name": r.text("nome"),
            "birth_date": r.date("data_nascimento"),
            "blood_type": r.choice("tipo_sanguineo", BLOOD_TYPES, upper=True),
            "address": r.text("endereco"),
            "city": r.text("municipio_residencia"),
            "phone": r.text("telefone"),
            "email": r.text("email"),
        }
    row = Row(line, person)
    if r.filled("cnh") and r.required("cnh"):
        categories = r.text("cnh_categorias").upper()
        if not categories or set(categories) - set("ABCDE"):
            r.error("cnh_categorias", "use as letras A, B, C, D ou E")
        row.licence = {
            "number": r.document("cnh_numero", validation.cnh),
            "categories": categories,
            "first_licence_on": r.date("cnh_primeira_habilitacao"),
            "category_a_since": r.date("cnh_categoria_a_desde"),
            "expires_on": r.date("cnh_validade"),
            "ear": r.boolean("cnh_ear"),
        }
    if r.filled("veiculo") and r.required("veiculo"):
        row.vehicle = {
            "plate": r.check("placa", validation.plate),
            "renavam": r.document("renavam", validation.renavam),
            "chassis": r.text("chassi").upper(),
            "kind": r.choice("especie", VEHICLE_KINDS),
            "make_model": r.text("marca_modelo"),
            "manufacture_year": r.integer("ano_fabricacao", 1950, 2200),
            "model_year": r.integer("ano_modelo", 1950, 2200),
            "engine_cc": r.integer("cilindrada", 0, 10000),
            "colour": r.text("cor"),
            "doors": r.integer("portas", 1, 9),
            "seats": r.integer("lugares", 1, 99),
            "fuel": r.choice("combustivel", FUELS),
            "rental_category": r.boolean("aluguel"),
            "registration_uf": r.text("uf_registro").upper(),
            "registration_city": r.text("municipio_registro"),
            "invoice_date": r.date("nota_fiscal_data"),
            "cargo_device": r.choice("carga_dispositivo", CARGO_DEVICES),
            "cargo_within_contran_limits": r.boolean("carga_limites_contran"),
            "cargo_mirrors_unobstructed": r.boolean("carga_retrovisores_livres"),
            "sidecar": r.boolean("sidecar"),
            "semi_trailer": r.boolean("semirreboque"),
            "retroreflective_strips": r.boolean("faixas_retrorrefletivas"),
        }
        if len(row.vehicle["registration_uf"]) != 2:
            r.error("uf_registro", "use a sigla da UF com 2 letras")
        crlv_issued, crlv_until = r.date("crlv_emissao"), r.date("crlv_valido_ate")
        if crlv_issued is not None:
            row.crlv = {"issued_on": crlv_issued, "valid_until": crlv_until}
            if crlv_until is not None and crlv_until < crlv_issued:
                r.error("crlv_valido_ate", "a validade do CRLV é anterior à sua emissão")
        elif crlv_until is not None:
            r.error("crlv_emissao", "informe a data de emissão do CRLV cuja validade a linha traz")
        row.documents = row_documents(r)
    if r.filled("permissao") and r.required("permissao"):
        if row.vehicle is None:
            r.error("placa", "a permissão precisa do veículo (um veículo por permissão)")
        status_label = r.text("situacao").lower() or "ativa"
        status = STATUS_BY_LABEL.get(status_label)
        if status is None:
            r.error(
                "situacao",
                f"situação {shown(r.text('situacao'))} não aceita na importação "
                "(use ativa, suspensa ou em reserva)",
            )
        row.permit = {
            "service": r.choice("servico", SERVICES),
            "number": r.text("numero_permissao").upper(),
            "registration_number": r.integer("numero_registro", 1),
            "taxi_category": r.choice("categoria_taxi", TAXI_CATEGORIES),
            "granted_on": r.date("data_outorga"),
            "term_years": r.integer("prazo_anos", 1, 50),
            "extensions": r.integer("prorrogacoes", 0, 10) or 0,
            "term_end": r.date("fim_prazo"),
            "certificate_valid_until": r.date("certificado_valido_ate"),
            "decree": r.text("decreto"),
            "status": status or Permit.Status.ACTIVE,
            "suspended_until": r.date("suspensa_ate"),
            "counterpart": r.choice("contrapartida", TERM_MODES),
            "instalments": r.integer("parcelas", 1, 999),
        }
        p = row.permit
        if p["service"] == Service.TAXI and not p["taxi_category"]:
            r.error(
                "categoria_taxi",
                "informe a categoria do táxi",
                cites(Service.TAXI, p["granted_on"], "category"),
            )
        if p["service"] != Service.TAXI:
            for column in ("categoria_taxi", "contrapartida", "parcelas"):
                if r.text(column):
                    r.error(column, "só se aplica a táxi")
        if p["status"] == Permit.Status.SUSPENDED and not p["suspended_until"]:
            r.error("suspensa_ate", "informe até quando a permissão está suspensa")
        if p["granted_on"] and p["term_end"] and p["term_end"] <= p["granted_on"]:
            r.error("fim_prazo", "o termo final deve ser posterior à outorga")
    return row, r


def row_documents(r: RowParser) -> dict[str, dict[str, Any]]:
    """The vehicle's documents the row gives (:data:`~.rows.DOCUMENT_COLUMNS`), by type: an
    issue date, with the end printed on it where the column exists (not before the issue) and
    the category printed on it; an end or a category without the issue is the row's error."""
    out: dict[str, dict[str, Any]] = {}
    for doc_type, cols in DOCUMENT_COLUMNS.items():
        label = Document.Type(doc_type).label
        issued = r.date(cols.issued)
        until = r.date(cols.until) if cols.until else None
        category = r.text(cols.category).upper() if cols.category else ""
        if len(category) > 10:
            r.error(cols.category, "categoria com no máximo 10 caracteres")
        if issued is None:
            if until is not None or category:
                r.error(cols.issued, f"informe a data de emissão do documento ({label})")
            continue
        if until is not None and until < issued:
            r.error(cols.until, f"o fim da vigência ({label}) é anterior à emissão")
        out[doc_type] = {"issued_on": issued, "valid_until": until, "category": category}
    return out

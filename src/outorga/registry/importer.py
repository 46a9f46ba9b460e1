"""Import of the registry spreadsheets municipalities keep today (``outorga import registry``).

One CSV row = one person, with optionally their CNH, a vehicle and a permit (columns in
``docs/import-registry.md``). The import runs in two passes:

1. **validation** of every row, writing nothing: the registry's validators (CPF, CNH, RENAVAM,
   plate — maintained libraries), dates and choices, repeated values across the file and against
   the database, and the law core (mototaxi art. 3, 5 I–II, 6; taxi art. 2, 27, 28) — each error
   with its line, column, a message in Portuguese and the article when there is one;
2. **recording**, only without ``--dry-run`` and only when no row has an error, in ONE transaction
   for the whole file, through the registry services (``person_register``, ``licence_record``,
   ``vehicle_register``) and :func:`permit_import` — each writing its act. Any failure rolls
   every row back: nothing is ever half-written. The rows the file touches are locked first, in
   the order of ``registry/locking.py``, so a grant at the same time never deadlocks with it.

A permit that already exists with the same number, holder and service is left as it is, so
importing the same file again adds no permit.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import Asker, LawNotBound, governs, law_of
from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.competence import NotCompetent
from outorga.law.decisions import Decision, Verdict
from outorga.law.windows import add_years

from . import validation
from .facts import TAXI_VEHICLE_KIND, same_place
from .locking import lock_for_import
from .models import (
    Auxiliary,
    Document,
    Permit,
    PermitStatusChange,
    PermitTerm,
    Person,
    RegisterCounter,
    Service,
    TaxiCategory,
    Vehicle,
)
from .services.people import licence_record, person_register
from .services.vehicles import taxi_vehicle_inscribe, vehicle_register
from .validation import FieldError

#: The services a registry spreadsheet carries, in the order the import looks for a governing law.
SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)


@dataclass(frozen=True)
class Column:
    name: str
    group: str  # pessoa, cnh, veiculo, permissao
    help: str
    required: bool = False  # required whenever the group is filled


COLUMNS: list[Column] = [
    Column("cpf", "pessoa", "CPF, com ou sem pontuação", True),
    Column("nome", "pessoa", "nome completo", True),
    Column("data_nascimento", "pessoa", "DD/MM/AAAA", True),
    Column("tipo_sanguineo", "pessoa", "A+, A-, B+, B-, AB+, AB-, O+ ou O-"),
    Column("endereco", "pessoa", "endereço"),
    Column("municipio_residencia", "pessoa", "município de residência"),
    Column("telefone", "pessoa", "telefone"),
    Column("email", "pessoa", "e-mail"),
    Column("cnh_numero", "cnh", "número da CNH (11 dígitos)", True),
    Column("cnh_categorias", "cnh", "letras, ex.: AB", True),
    Column("cnh_primeira_habilitacao", "cnh", "DD/MM/AAAA", True),
    Column("cnh_categoria_a_desde", "cnh", "DD/MM/AAAA (mototáxi e motofrete: art. 5, II)"),
    Column("cnh_validade", "cnh", "DD/MM/AAAA", True),
    Column("cnh_ear", "cnh", "sim ou não (exerce atividade remunerada)"),
    Column("placa", "veiculo", "ABC1234 ou ABC1D23", True),
    Column("renavam", "veiculo", "11 dígitos", True),
    Column("chassi", "veiculo", "chassi"),
    Column("especie", "veiculo", "motocicleta, motoneta, automovel, camioneta ou outro", True),
    Column("marca_modelo", "veiculo", "marca/modelo", True),
    Column("ano_fabricacao", "veiculo", "AAAA", True),
    Column("ano_modelo", "veiculo", "AAAA"),
    Column("cilindrada", "veiculo", "cc (mototáxi e motofrete: art. 3, I)"),
    Column("cor", "veiculo", "cor", True),
    Column("portas", "veiculo", "número de portas (táxi: art. 27)"),
    Column("lugares", "veiculo", "lugares (táxi: art. 2 e 28, III)"),
    Column("combustivel", "veiculo", "gasolina, etanol, flex, diesel, gnv, eletrico ou hibrido"),
    Column("aluguel", "veiculo", "sim ou não (categoria aluguel, placa vermelha)"),
    Column("uf_registro", "veiculo", "UF", True),
    Column("municipio_registro", "veiculo", "município de registro"),
    Column("nota_fiscal_data", "veiculo", "DD/MM/AAAA, data da nota fiscal do 0 km (táxi)"),
    Column(
        "carga_dispositivo",
        "veiculo",
        "motofrete: bau, grelha, alforje, bolsa ou caixa_lateral (art. 24, §1)",
    ),
    Column(
        "carga_limites_contran",
        "veiculo",
        "motofrete: sim ou não, dispositivo nas dimensões do CONTRAN e do fabricante (art. 24, §1)",
    ),
    Column(
        "carga_retrovisores_livres",
        "veiculo",
        "motofrete: sim ou não, dispositivo e carga sem prejudicar os retrovisores (art. 24, §2)",
    ),
    Column("sidecar", "veiculo", "motofrete: sim ou não (art. 24, §5)"),
    Column("semirreboque", "veiculo", "motofrete: sim ou não (art. 24, §5)"),
    Column(
        "faixas_retrorrefletivas",
        "veiculo",
        "motofrete: sim ou não, no sidecar ou semirreboque (art. 24, §4)",
    ),
    Column("servico", "permissao", "mototaxi, motofrete ou taxi", True),
    Column("numero_permissao", "permissao", "número da permissão, ex.: MT-0001", True),
    Column("numero_registro", "permissao", "número de registro (inteiro)", True),
    Column("categoria_taxi", "permissao", "convencional, especial ou executivo (táxi)"),
    Column("data_outorga", "permissao", "DD/MM/AAAA", True),
    Column("prazo_anos", "permissao", "prazo inicial em anos", True),
    Column("prorrogacoes", "permissao", "prorrogações já concedidas (padrão 0)"),
    Column("fim_prazo", "permissao", "DD/MM/AAAA (termo final, com as prorrogações)", True),
    Column("certificado_valido_ate", "permissao", "DD/MM/AAAA (certificado de registro)"),
    Column("decreto", "permissao", "decreto de outorga"),
    Column("contrapartida", "permissao", "táxi: pagamento ou servicos (art. 10, alínea a ou b)"),
    Column("parcelas", "permissao", "táxi, contrapartida em pagamento: parcelas (art. 10)"),
    Column("situacao", "permissao", "ativa (padrão), suspensa, em reserva"),
    Column("suspensa_ate", "permissao", "DD/MM/AAAA, se suspensa"),
]
BY_NAME = {c.name: c for c in COLUMNS}
GROUPS = ("pessoa", "cnh", "veiculo", "permissao")

STATUS_BY_LABEL = {
    "ativa": Permit.Status.ACTIVE,
    "suspensa": Permit.Status.SUSPENDED,
    "em reserva": Permit.Status.RESERVE,
    "reserva": Permit.Status.RESERVE,
}
YES = {"sim", "s", "x", "1", "true", "verdadeiro"}
NO = {"não", "nao", "n", "0", "false", "falso", ""}


@dataclass(frozen=True)
class RowError:
    line: int  # line of the file (the header is line 1); 0 for the whole file
    column: str
    message: str
    citation: str = ""

    def render(self) -> str:
        where = f"linha {self.line}" if self.line else "arquivo"
        text = (
            f"{where}, coluna {self.column}: {self.message}"
            if self.column
            else (f"{where}: {self.message}")
        )
        return text + (f" ({self.citation})" if self.citation else "")


@dataclass
class Row:
    line: int
    person: dict[str, Any]
    licence: dict[str, Any] | None = None
    vehicle: dict[str, Any] | None = None
    permit: dict[str, Any] | None = None


@dataclass
class ImportReport:
    rows: int = 0
    errors: list[RowError] = field(default_factory=list)
    warnings: list[RowError] = field(default_factory=list)
    written: Counter[str] = field(default_factory=Counter)
    dry_run: bool = True

    @property
    def ok(self) -> bool:
        return not self.errors


class ImportFailed(Exception):
    """Raised inside the transaction to roll the whole file back."""

    def __init__(self, error: RowError) -> None:
        self.error = error
        super().__init__(error.render())


# Reading ----------------------------------------------------------------------------------------


def decode(raw: bytes) -> str:
    """UTF-8 (with or without BOM) or, as spreadsheets saved on Windows are, Windows-1252."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def read(raw: bytes) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    text = decode(raw)
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        return [], []
    rows = []
    for values in reader:
        if not any(v.strip() for v in values):
            continue
        rows.append((reader.line_num, dict(zip(header, (v.strip() for v in values), strict=False))))
    return header, rows


# Parsing one row --------------------------------------------------------------------------------


class _Row:
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
        return any(self.text(c.name) for c in COLUMNS if c.group == group)

    def required(self, group: str) -> bool:
        missing = [
            c.name for c in COLUMNS if c.group == group and c.required and not self.text(c.name)
        ]
        for name in missing:
            self.error(name, "campo obrigatório não preenchido")
        return not missing

    def date(self, name: str) -> dt.date | None:
        value = self.text(name)
        if not value:
            return None
        for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
            try:
                return dt.datetime.strptime(value, fmt).date()
            except ValueError:
                continue
        self.error(name, f"data inválida '{value}' (use DD/MM/AAAA)")
        return None

    def integer(self, name: str, low: int = 0, high: int = 10**9) -> int | None:
        value = self.text(name).replace(".", "")
        if not value:
            return None
        try:
            n = int(value)
        except ValueError:
            self.error(name, f"número inválido '{self.text(name)}'")
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
            self.error(name, f"use 'sim' ou 'não' (recebido '{self.text(name)}')")
        return False

    def choice(
        self, name: str, choices: Iterable[str], default: str = "", upper: bool = False
    ) -> str:
        value = (self.text(name).upper() if upper else self.text(name).lower()) or default
        options = list(choices)
        if value and value not in options:
            self.error(name, f"valor '{self.text(name)}' não aceito (use {', '.join(options)})")
            return default
        return value

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
) -> tuple[Row, _Row]:
    """``cites(service, on, *concepts)``: the articles the law bound to the service names for the
    concepts (:meth:`LawChecks.cites`)."""
    r = _Row(line, cells)
    person: dict[str, Any] = {}
    if r.required("pessoa"):
        person = {
            "kind": Person.Kind.NATURAL,
            "document": r.check("cpf", validation.cpf),
            "name": r.text("nome"),
            "birth_date": r.date("data_nascimento"),
            "blood_type": r.choice("tipo_sanguineo", Person.BloodType.values, upper=True),
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
            "number": r.check("cnh_numero", validation.cnh),
            "categories": categories,
            "first_licence_on": r.date("cnh_primeira_habilitacao"),
            "category_a_since": r.date("cnh_categoria_a_desde"),
            "expires_on": r.date("cnh_validade"),
            "ear": r.boolean("cnh_ear"),
        }
    if r.filled("veiculo") and r.required("veiculo"):
        row.vehicle = {
            "plate": r.check("placa", validation.plate),
            "renavam": r.check("renavam", validation.renavam),
            "chassis": r.text("chassi").upper(),
            "kind": r.choice("especie", Vehicle.Kind.values),
            "make_model": r.text("marca_modelo"),
            "manufacture_year": r.integer("ano_fabricacao", 1950, 2200),
            "model_year": r.integer("ano_modelo", 1950, 2200),
            "engine_cc": r.integer("cilindrada", 0, 10000),
            "colour": r.text("cor"),
            "doors": r.integer("portas", 1, 9),
            "seats": r.integer("lugares", 1, 99),
            "fuel": r.choice("combustivel", Vehicle.Fuel.values),
            "rental_category": r.boolean("aluguel"),
            "registration_uf": r.text("uf_registro").upper(),
            "registration_city": r.text("municipio_registro"),
            "invoice_date": r.date("nota_fiscal_data"),
            "cargo_device": r.choice("carga_dispositivo", Vehicle.CargoDevice.values),
            "cargo_within_contran_limits": r.boolean("carga_limites_contran"),
            "cargo_mirrors_unobstructed": r.boolean("carga_retrovisores_livres"),
            "sidecar": r.boolean("sidecar"),
            "semi_trailer": r.boolean("semirreboque"),
            "retroreflective_strips": r.boolean("faixas_retrorrefletivas"),
        }
        if len(row.vehicle["registration_uf"]) != 2:
            r.error("uf_registro", "use a sigla da UF com 2 letras")
    if r.filled("permissao") and r.required("permissao"):
        if row.vehicle is None:
            r.error("placa", "a permissão precisa do veículo (um veículo por permissão)")
        status_label = r.text("situacao").lower() or "ativa"
        status = STATUS_BY_LABEL.get(status_label)
        if status is None:
            r.error(
                "situacao",
                f"situação '{r.text('situacao')}' não aceita na importação "
                "(use ativa, suspensa ou em reserva)",
            )
        row.permit = {
            "service": r.choice("servico", Service.values),
            "number": r.text("numero_permissao").upper(),
            "registration_number": r.integer("numero_registro", 1),
            "taxi_category": r.choice("categoria_taxi", TaxiCategory.values),
            "granted_on": r.date("data_outorga"),
            "term_years": r.integer("prazo_anos", 1, 50),
            "extensions": r.integer("prorrogacoes", 0, 10) or 0,
            "term_end": r.date("fim_prazo"),
            "certificate_valid_until": r.date("certificado_valido_ate"),
            "decree": r.text("decreto"),
            "status": status or Permit.Status.ACTIVE,
            "suspended_until": r.date("suspensa_ate"),
            "counterpart": r.choice("contrapartida", PermitTerm.Mode.values),
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


def law_cites(m: Municipality, service: str, on: dt.date | None, *concepts: str) -> str:
    """The articles the law bound to ``service`` in ``m`` on ``on`` (a permit granted before the
    binding, by the first) names for ``concepts`` (its ``CITES``); empty when no law governs it."""
    law = service_law(m, service, on)
    return interfaces.cited(law, *concepts) if law else ""


def _day(value: Any) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


# The law core -----------------------------------------------------------------------------------

#: Rules whose facts the spreadsheet holds entirely: a refusal is an error of the row. The other
#: rules of the same questions need documents and inspections the spreadsheet does not carry.
MOTO_VEHICLE_ERRORS = {"art_3_kind", "art_3_i_engine"}
MOTO_VEHICLE_WARNINGS = {"art_3_ii_age", "art_3_sole_registration", "art_5_par1_iv_red_plate"}
TAXI_VEHICLE_ERRORS = {
    "art_2_capacity",
    "art_27_passenger_car",
    "art_27_silver",
    "art_27_five_doors",
    "art_28_iii_capacity",
}
TAXI_VEHICLE_WARNINGS = {"art_28_ii_max_age", "art_28_par_2_until_renewal"}


class LawChecks(Asker):
    """The law's checks of an import's rows, asked of the law bound to each row's service on the
    row's dates (a permit granted before the binding, by the first)."""

    def __init__(self, m: Municipality, today: dt.date) -> None:
        super().__init__(m)
        self.today = today

    def cites(self, service: str, on: dt.date | None, *concepts: str) -> str:
        return law_cites(self.m, service, on, *concepts)

    def report(
        self,
        r: _Row,
        d: Decision,
        column: str,
        errors: set[str],
        warnings: set[str],
    ) -> None:
        if any(e.column == column for e in r.errors):
            return  # the cell itself is wrong: the law cannot judge it
        for reason in d.reasons:
            name = reason.rule.rsplit(".", 1)[-1]
            if reason.verdict is not Verdict.REFUSED:
                continue
            cites = "; ".join(c.render() for c in reason.citations)
            if name in errors:
                r.error(column, reason.message, cites)
            elif name in warnings:
                r.warn(column, reason.message, cites)

    def row(self, row: Row, r: _Row) -> None:
        p, v, lic = row.permit, row.vehicle, row.licence
        if p is None or not p["granted_on"] or not p["service"]:
            return
        law = service_law(self.m, p["service"], p["granted_on"])
        if law is None:
            r.error("servico", f"nenhuma lei rege o serviço {p['service']} em {self.m.name}")
            return
        granted = p["granted_on"]
        if p["service"] in interfaces.MOTO_SERVICES.services:
            self._moto(row, r, granted, p, v, lic)
            return
        if v is not None:
            self._taxi(r, granted, p, v)
        self._taxi_termo(r, granted, p)

    def _moto(self, row: Row, r: _Row, granted: dt.date, p: Any, v: Any, lic: Any) -> None:
        person = row.person
        if person.get("birth_date"):
            facts = {
                "role": "permissionario",
                "service": p["service"],
                "birth_date": person["birth_date"].isoformat(),
                "cnh_category_a_since": (
                    lic["category_a_since"].isoformat() if lic and lic["category_a_since"] else None
                ),
                # The spreadsheet has no column for the course, the personal documents or the
                # medical certificate: the row presents none of them (only the rules on age and
                # CNH category, whose facts are its columns, are reported).
                "course_approved": False,
                "documents": {},
                "medical_certificate": {},
            }
            d = self.ask(p["service"], "person_eligibility", facts, granted)
            a_known = bool(lic and lic["category_a_since"])
            self.report(
                r,
                d,
                "data_nascimento",
                {"art_5_i_minimum_age"},
                set(),
            )
            self.report(
                r,
                d,
                "cnh_categoria_a_desde",
                {"art_5_ii_cnh_category_a"} if a_known else set(),
                set() if a_known else {"art_5_ii_cnh_category_a"},
            )
        if p["term_years"]:
            d = self.ask(
                p["service"],
                "permit_term",
                {
                    "granted_on": granted.isoformat(),
                    "by_decree": bool(p["decree"]),
                    # The row records a permission already granted, which the law grants only
                    # after a tender; the spreadsheet has no column for it, only for the decree,
                    # and only the decree is reported (column ``decreto``).
                    "after_tender": True,
                    "term_years": p["term_years"],
                },
                granted,
            )
            self.report(r, d, "prazo_anos", {"art_6_initial_term"}, set())
            self.report(r, d, "decreto", set(), {"art_6_grant_by_decree_after_tender"})
        if v is not None and v["manufacture_year"]:
            facts = {
                "service": p["service"],
                "kind": v["kind"] or "outro",
                "engine_cc": v["engine_cc"] or 0,
                "manufacture_year": v["manufacture_year"],
                "registration_uf": v["registration_uf"] or "??",
                "registration_category": "aluguel" if v["rental_category"] else "particular",
                "red_plate": v["rental_category"],
                **row_vehicle_documents(self.m, v, row.person.get("document", "")),
                # The spreadsheet has no column for the vehicle's equipment.
                "equipment": [],
            }
            if p["service"] == Service.MOTOFRETE:
                facts["cargo"] = {
                    "device": v["cargo_device"] or None,
                    "within_contran_limits": v["cargo_within_contran_limits"],
                    "mirrors_unobstructed": v["cargo_mirrors_unobstructed"],
                    "sidecar": v["sidecar"],
                    "semi_trailer": v["semi_trailer"],
                    "retroreflective_strips": v["retroreflective_strips"],
                }
            # The vehicle in service today: its age is judged today (the sweep then flags it).
            d = self.ask(p["service"], "vehicle_eligibility", facts, self.today)
            self.report(r, d, "especie", {"art_3_kind"}, set())
            self.report(r, d, "cilindrada", {"art_3_i_engine"}, set())
            self.report(r, d, "ano_fabricacao", set(), {"art_3_ii_age"})
            self.report(
                r, d, "aluguel", set(), {"art_3_sole_registration", "art_5_par1_iv_red_plate"}
            )
            # Motofrete cargo equipment (art. 24): never both sidecar and semi-trailer (§5) is
            # an error; a device or strips not on record is a warning to complete the record.
            self.report(r, d, "semirreboque", {"art_24_par5_not_sidecar_and_trailer"}, set())
            self.report(r, d, "carga_dispositivo", set(), {"art_24_cargo_device"})
            self.report(
                r, d, "faixas_retrorrefletivas", set(), {"art_24_par4_retroreflective_strips"}
            )

    def _taxi(self, r: _Row, granted: dt.date, p: Any, v: Any) -> None:
        if not v["manufacture_year"]:
            return
        facts: dict[str, Any] = {
            "occasion": "renovacao",
            "category": p["taxi_category"] or "convencional",
            "kind": TAXI_VEHICLE_KIND.get(v["kind"], "outro"),
            "colour": v["colour"] or "não informada",
            # An empty cell stays missing: the law core refuses it as not informed.
            "doors": v["doors"],
            "capacity": v["seats"],
            # The town the row's ``uf_registro`` and ``municipio_registro`` name (art. 28).
            "registered_municipality_ibge": self.m.ibge_code
            if v["registration_uf"] == self.m.uf
            and same_place(v["registration_city"] or "", self.m.name)
            else "0000000",
            # Licensed (art. 28 I): a CRLV on record for the plate, or the new car's invoice.
            "licensed": v["invoice_date"] is not None
            or Document.objects.filter(
                vehicle__plate=v["plate"], doc_type=Document.Type.CRLV
            ).exists(),
            "manufacture_year": v["manufacture_year"],
            "renewal_anchor": granted.isoformat(),
        }
        if v["invoice_date"]:
            facts["factory_invoice_date"] = v["invoice_date"].isoformat()
        d = self.ask(Service.TAXI, "vehicle_eligibility", facts, self.today)
        for name, column in (
            ("art_2_capacity", "lugares"),
            ("art_28_iii_capacity", "lugares"),
            ("art_27_passenger_car", "especie"),
            ("art_27_silver", "cor"),
            ("art_27_five_doors", "portas"),
        ):
            self.report(r, d, column, {name}, set())
        self.report(r, d, "ano_fabricacao", set(), TAXI_VEHICLE_WARNINGS)

    def _taxi_termo(self, r: _Row, granted: dt.date, p: dict[str, Any]) -> None:
        """The Termo de Permissão the permit was granted through (art. 13), rebuilt from the row:
        the term of art. 10 (10 or 20 years, the law core's), the contrapartida chosen, and the
        current yearly period of the Termo (``certificado_valido_ate``, art. 13). Stored in
        ``p["termo"]`` for :func:`permit_import`."""
        mode = p["counterpart"]
        if not mode:
            if not r.text("contrapartida"):
                r.error(
                    "contrapartida",
                    "informe a contrapartida do Termo: pagamento ou servicos",
                    self.cites(Service.TAXI, granted, "term"),
                )
            return
        if not p["term_years"]:
            return
        by_years: dict[int, tuple[str, Decision]] = {}
        for option in PermitTerm.Option.values:
            facts: dict[str, Any] = {
                "option": option,
                "mode": mode,
                "signed_on": granted.isoformat(),
            }
            if mode == PermitTerm.Mode.PAGAMENTO:
                facts["instalments"] = p["instalments"] or 1
            d = self.ask(Service.TAXI, "contrapartida", facts, granted)
            if d.outcome is None:  # the law was not in force on the grant date
                refusal = d.refusals[0] if d.refusals else d.reasons[0]
                r.error(
                    "data_outorga",
                    refusal.message,
                    "; ".join(c.render() for c in refusal.citations),
                )
                return
            by_years[int(d.outcome["term_years"])] = (option, d)
        if p["term_years"] not in by_years:
            allowed = " ou ".join(str(y) for y in sorted(by_years))
            r.error(
                "prazo_anos",
                f"prazo de {p['term_years']} anos; a permissão de táxi é de {allowed} anos",
                self.cites(Service.TAXI, granted, "term"),
            )
            return
        option, d = by_years[p["term_years"]]
        self.report(r, d, "parcelas", {"art_10_instalment_limit"}, set())
        term_end = _day(d.outcome["term_ends_on"])
        if p["term_end"] and p["term_end"] != term_end:
            r.error(
                "fim_prazo",
                f"o prazo de {p['term_years']} anos a partir da outorga termina em "
                f"{term_end:%d/%m/%Y}",
                self.cites(Service.TAXI, granted, "term"),
            )
        if p["extensions"]:
            r.error(
                "prorrogacoes",
                "a lei do táxi não prevê prorrogação: o Termo é renovado a cada ano até o "
                "limite do prazo",
                self.cites(Service.TAXI, granted, "term", "registration_certificate"),
            )
        until = p["certificate_valid_until"]
        if until is None:
            r.error(
                "certificado_valido_ate",
                "informe até quando vigora o Termo de Permissão (renovado a cada ano)",
                self.cites(Service.TAXI, granted, "registration_certificate"),
            )
            return
        last = self._termo_period(granted, option, until)
        if last is False:
            r.error(
                "certificado_valido_ate",
                f"o Termo vigora por períodos de um ano contados da outorga "
                f"({granted:%d/%m}); {until:%d/%m/%Y} não encerra um desses períodos",
                self.cites(Service.TAXI, granted, "registration_certificate"),
            )
            return
        p["termo"] = {
            "option": option,
            "mode": mode,
            "instalments": (p["instalments"] or 1) if mode == PermitTerm.Mode.PAGAMENTO else None,
            "total_cents": int(d.outcome["total_cents"]),
            "term_years": p["term_years"],
            "valid_until": until,
            "last_renewed_on": last,
            "decision": d.to_json(),
        }

    def _termo_period(self, granted: dt.date, option: str, until: dt.date) -> dt.date | None | bool:
        """The start of the Termo's yearly period ending on ``until`` (None: the first period,
        from the signing), as the law core counts the periods (art. 13); False if none ends
        there."""
        last: dt.date | None = None
        while True:
            facts: dict[str, Any] = {"signed_on": granted.isoformat(), "option": option}
            if last is not None:
                facts["last_renewed_on"] = last.isoformat()
            d = self.ask(Service.TAXI, "permit_term", facts, granted)
            if d.outcome is None:
                return False
            valid = _day(d.outcome["valid_until"])
            if valid == until:
                return last
            if valid > until or valid >= _day(d.outcome["term_ends_on"]):
                return False
            last = valid


def row_vehicle_documents(m: Municipality, v: dict[str, Any], holder_cpf: str) -> dict[str, Any]:
    """The facts of a row's vehicle documents (mototaxi art. 5 §1, §5), from what the import
    knows: the spreadsheet has no column for the CRLV, the CRV, the DPVAT or the vistoria report
    (``docs/import-registry.md``), so a document counts only when it is already on record for the
    plate (a vehicle registered before, a re-import). The CRLV is updated in the municipality when
    the row's ``municipio_registro`` names it; the documents are in the holder's name when the
    vehicle on record is the row's person's, or is new (the import registers it in their name)."""
    vehicle = Vehicle.objects.filter(plate=v["plate"]).select_related("owner").first()
    on_record = (
        set(vehicle.documents.values_list("doc_type", flat=True)) if vehicle is not None else set()
    )
    crlv = Document.Type.CRLV in on_record
    owned = vehicle is None or vehicle.owner.document == holder_cpf
    return {
        "documents": {
            "crlv_updated_in_ipatinga": crlv and same_place(v["registration_city"] or "", m.name),
            "dpvat": Document.Type.DPVAT in on_record,
            "vistoria_report": Document.Type.VISTORIA in on_record,
        },
        "in_holders_name": {
            "crv": owned and Document.Type.CRV in on_record,
            "crlv": owned and crlv,
            "dpvat": owned and Document.Type.DPVAT in on_record,
        },
    }


def service_law(m: Municipality, service: str, granted_on: dt.date | None) -> str | None:
    """The law bound to ``service`` on the grant date (a permit granted before any binding, by
    the first); ``None`` when no law governs the service in ``m``."""
    try:
        return law_of(m, service, granted_on, nearest=True)
    except LawNotBound:
        return None


# Across rows and against the database -----------------------------------------------------------


def cross_checks(rows: list[Row], m: Municipality) -> list[RowError]:
    errors: list[RowError] = []
    seen_number: dict[str, int] = {}
    seen_reg: dict[tuple[str, int], int] = {}
    seen_plate: dict[str, tuple[int, str]] = {}
    holders: dict[str, tuple[int, str]] = {}
    for row in rows:
        cpf = row.person.get("document", "")
        v, p = row.vehicle, row.permit
        if v is not None:
            first = seen_plate.get(v["plate"])
            if first is not None and first[1] != cpf:
                errors.append(
                    RowError(
                        row.line, "placa", f"placa já usada na linha {first[0]} por outra pessoa"
                    )
                )
            seen_plate.setdefault(v["plate"], (row.line, cpf))
        if p is None:
            continue
        if p["number"] in seen_number:
            errors.append(
                RowError(
                    row.line, "numero_permissao", f"repetido (linha {seen_number[p['number']]})"
                )
            )
        seen_number.setdefault(p["number"], row.line)
        reg = (p["service"], p["registration_number"])
        if reg in seen_reg:
            errors.append(
                RowError(
                    row.line, "numero_registro", f"repetido no serviço (linha {seen_reg[reg]})"
                )
            )
        seen_reg.setdefault(reg, row.line)
        if v is not None and seen_plate[v["plate"]][0] != row.line:
            errors.append(
                RowError(
                    row.line,
                    "placa",
                    f"o veículo já serve à permissão da linha {seen_plate[v['plate']][0]}",
                    law_cites(m, p["service"], p["granted_on"], "one_vehicle"),
                )
            )
        if cpf in holders:
            errors.append(
                RowError(
                    row.line,
                    "cpf",
                    f"a mesma pessoa já tem a permissão da linha {holders[cpf][0]}",
                    # Under the taxi law when either permit is a taxi's (art. 6), else the
                    # mototaxi law's rule on holding another permission.
                    law_cites(
                        m,
                        Service.TAXI
                        if Service.TAXI in (p["service"], holders[cpf][1])
                        else p["service"],
                        p["granted_on"],
                        "one_permission",
                    ),
                )
            )
        holders.setdefault(cpf, (row.line, p["service"]))
    # Against what is already recorded (a re-import of the same permit is fine).
    with tenant(m):
        for row in rows:
            p = row.permit
            cpf = row.person.get("document", "")
            if row.vehicle is not None:
                owner = (
                    Vehicle.objects.filter(plate=row.vehicle["plate"])
                    .values_list("owner__document", flat=True)
                    .first()
                )
                if owner is not None and owner != cpf:
                    errors.append(
                        RowError(row.line, "placa", "placa já cadastrada em nome de outra pessoa")
                    )
            if p is None:
                continue
            existing = Permit.objects.filter(number=p["number"]).select_related("holder").first()
            if existing is not None and (
                existing.holder.document != cpf or existing.service != p["service"]
            ):
                errors.append(
                    RowError(
                        row.line,
                        "numero_permissao",
                        "número já cadastrado para outro permissionário ou serviço",
                    )
                )
            same_reg = Permit.objects.filter(
                service=p["service"], registration_number=p["registration_number"]
            ).exclude(number=p["number"])
            if same_reg.exists():
                errors.append(
                    RowError(row.line, "numero_registro", "número de registro já usado no serviço")
                )
            if p["service"] == Service.TAXI and _taxi_number_taken(p["registration_number"]):
                # One register for holders, auxiliaries and vehicles (taxi art. 4 I, 20).
                errors.append(
                    RowError(
                        row.line,
                        "numero_registro",
                        "número já usado no Cadastro Municipal de Taxistas por um auxiliar ou "
                        "um veículo",
                        law_cites(m, Service.TAXI, p["granted_on"], "cadastro"),
                    )
                )
    return errors


def _taxi_number_taken(number: int) -> bool:
    return (
        Vehicle.objects.filter(cadastro_number=number).exists()
        or Auxiliary.objects.filter(
            permit__service=Service.TAXI, registration_number=number
        ).exists()
    )


# Writing ----------------------------------------------------------------------------------------


def permit_import(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    data: dict[str, Any],
    source: dict[str, Any],
) -> tuple[Permit, bool]:
    """Record a permit granted before Outorga, keeping its number and register number. The
    register's counter moves past the imported numbers, so the next grant continues the series.
    Returns the permit and whether it was created (an identical permit is left as it is)."""
    service = data["service"]
    law = service_law(municipality, service, data["granted_on"])
    if law is None:
        raise FieldError("servico", f"nenhuma lei rege o serviço {service} em {municipality.name}")
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    with transaction.atomic(), tenant(municipality):
        existing = Permit.objects.filter(number=data["number"]).first()
        if existing is not None:
            if existing.holder_id != holder.pk or existing.service != service:
                raise FieldError("numero_permissao", "número já cadastrado para outro titular")
            if service == Service.TAXI and not PermitTerm.objects.filter(permit=existing).exists():
                # Imported before the Termo was: the same row now completes it.
                _termo_import(actor, municipality, existing, data, source)
            return existing, False
        counter, _ = RegisterCounter.objects.get_or_create(series=f"register:{service}")
        counter = RegisterCounter.objects.select_for_update().get(pk=counter.pk)
        if data["registration_number"] > counter.last_number:
            counter.last_number = data["registration_number"]
            counter.save(update_fields=["last_number"])
        granted = data["granted_on"]
        permit = Permit(
            service=service,
            taxi_category=data["taxi_category"],
            holder=holder,
            number=data["number"],
            registration_number=data["registration_number"],
            decree=data["decree"],
            granted_on=granted,
            term_start=granted,
            term_end=data["term_end"] or add_years(granted, data["term_years"]),
            extensions=data["extensions"],
            certificate_valid_until=data["certificate_valid_until"],
            vehicle=vehicle,
            status=data["status"],
            suspended_until=data["suspended_until"]
            if data["status"] == Permit.Status.SUSPENDED
            else None,
        )
        permit.full_clean(exclude=["holder", "vehicle", "tender"])
        permit.save()
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.import",
            obj=permit,
            new={
                "number": permit.number,
                "registration_number": permit.registration_number,
                "holder": holder.pk,
                "vehicle": vehicle.plate,
                "service": service,
                "granted_on": granted,
                "term_end": permit.term_end,
                "status": permit.status,
            },
            # The grant, preceded by the tender, that the imported permit records.
            basis={"citations": [c.render() for c in interfaces.citations(law, "tender")]},
            extra={"source": source},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            to_status=permit.status,
            effective_on=granted,
            reason=f"importação da planilha {source.get('file', '')}, linha {source.get('line')}",
            act=act,
        )
        if service == Service.TAXI:
            _termo_import(actor, municipality, permit, data, source)
    return permit, True


def _termo_import(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    data: dict[str, Any],
    source: dict[str, Any],
) -> PermitTerm:
    """The Termo de Permissão of an imported taxi permit (art. 13), as validation rebuilt it
    from the row; the contrapartida's payments are the ledger's, not recorded here."""
    t = data.get("termo")
    if t is None:
        raise FieldError(
            "contrapartida",
            "faltam os dados do Termo de Permissão",
            law_cites(municipality, permit.service, permit.granted_on, "registration_certificate"),
        )
    term = PermitTerm.objects.create(
        permit=permit,
        option=t["option"],
        mode=t["mode"],
        instalments=t["instalments"],
        total_cents=t["total_cents"],
        signed_on=permit.granted_on,
        term_years=t["term_years"],
        term_ends_on=permit.term_end,
        valid_until=t["valid_until"],
        last_renewed_on=t["last_renewed_on"],
        decision={"contrapartida": t["decision"], "importação": source},
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="permit.termo.import",
        obj=term,
        new={
            "permit": permit.number,
            "option": term.option,
            "mode": term.mode,
            "instalments": term.instalments,
            "total_cents": term.total_cents,
            "signed_on": term.signed_on,
            "valid_until": term.valid_until,
        },
        basis={
            "citations": [
                c.render()
                for concept in ("term", "registration_certificate")
                for c in interfaces.citations(
                    law_of(municipality, permit.service, permit.granted_on, nearest=True), concept
                )
            ]
        },
        extra={"source": source},
    )
    return term


def _write(
    row: Row, *, actor: Actor, m: Municipality, default_law: str, source: dict[str, Any]
) -> Counter[str]:
    done: Counter[str] = Counter()
    law = (
        service_law(m, row.permit["service"], row.permit["granted_on"]) if row.permit else None
    ) or default_law
    data = {k: v for k, v in row.person.items() if v is not None}
    person = person_register(actor=actor, municipality=m, law=law, data=data)
    done["pessoas"] += 1
    if row.licence is not None:
        licence_record(actor=actor, municipality=m, law=law, person=person, data=row.licence)
        done["CNHs"] += 1
    vehicle = None
    if row.vehicle is not None:
        vdata = {k: v for k, v in row.vehicle.items() if v is not None}
        vehicle = vehicle_register(actor=actor, municipality=m, law=law, owner=person, data=vdata)
        done["veículos"] += 1
    if row.permit is not None and vehicle is not None:
        _, created = permit_import(
            actor=actor,
            municipality=m,
            holder=person,
            vehicle=vehicle,
            data=row.permit,
            source={**source, "line": row.line},
        )
        done["permissões novas" if created else "permissões já existentes"] += 1
    return done


def import_registry(
    *,
    municipality: Municipality,
    raw: bytes,
    filename: str = "",
    actor: Actor | None = None,
    dry_run: bool = True,
    progress: Progress | None = None,
    today: dt.date | None = None,
) -> ImportReport:
    """Validate every row; without ``dry_run`` and with no error, record the whole file in one
    transaction. Writes nothing otherwise."""
    progress = progress or NoProgress()
    report = ImportReport(dry_run=dry_run)
    services_here = [s for s in SERVICES if governs(municipality, s)]
    if not services_here:
        report.errors.append(
            RowError(0, "", f"{municipality.name} não aplica lei de mototáxi ou táxi do cadastro")
        )
        return report
    # The law a row without a permit is recorded under (who may register it).
    default_law = law_of(municipality, services_here[0], nearest=True)
    header, cells = read(raw)
    unknown = [h for h in header if h and h not in BY_NAME]
    for h in unknown:
        report.errors.append(RowError(1, h, "coluna desconhecida (veja docs/import-registry.md)"))
    for name in ("cpf", "nome", "data_nascimento"):
        if name not in header:
            report.errors.append(RowError(1, name, "coluna obrigatória ausente do cabeçalho"))
    if report.errors:
        return report
    report.rows = len(cells)
    checks = LawChecks(municipality, today or dt.date.today())
    rows: list[Row] = []
    progress.start("validação", len(cells))
    with tenant(municipality):
        for line, row_cells in cells:
            row, r = parse_row(line, row_cells, checks.cites)
            checks.row(row, r)
            if not r.errors:
                rows.append(row)
            report.errors += r.errors
            report.warnings += r.warnings
            progress.advance()
    if not report.errors:
        report.errors += cross_checks(rows, municipality)
    if dry_run or report.errors:
        return report
    if actor is None:
        raise ValueError("a importação grava atos: informe quem a faz (actor)")
    source = {"file": filename, "sha256": hashlib.sha256(raw).hexdigest()}
    progress.start("gravação", len(rows))
    written: Counter[str] = Counter()
    try:
        with transaction.atomic(), tenant(municipality):
            # Every row the file touches is locked now, in the registry's one lock order, not row
            # by row after the counter and the first act (a concurrent grant deadlocked).
            lock_for_import(
                permit_numbers=[r.permit["number"] for r in rows if r.permit],
                plates=[r.vehicle["plate"] for r in rows if r.vehicle],
                series=[f"register:{r.permit['service']}" for r in rows if r.permit],
                documents=[r.person["document"] for r in rows],
            )
            for row in rows:
                try:
                    written += _write(
                        row,
                        actor=actor,
                        m=municipality,
                        default_law=default_law,
                        source=source,
                    )
                except FieldError as exc:
                    raise ImportFailed(
                        RowError(row.line, exc.field, exc.message, exc.citation)
                    ) from exc
                except Refused as exc:
                    raise ImportFailed(RowError(row.line, "", str(exc))) from exc
                except (ValidationError, IntegrityError) as exc:
                    raise ImportFailed(RowError(row.line, "", f"dado recusado: {exc}")) from exc
                progress.advance()
            # Taxi vehicles are inscribed in the Cadastro (art. 20) after every imported number
            # moved the counter, so their numbers follow all of them and never collide.
            for row in rows:
                if row.permit and row.vehicle and row.permit["service"] == Service.TAXI:
                    taxi_vehicle_inscribe(
                        actor=actor,
                        municipality=municipality,
                        vehicle=Vehicle.objects.get(plate=row.vehicle["plate"]),
                        on=checks.today,
                    )
    except ImportFailed as exc:
        report.errors.append(exc.error)
        return report
    except NotCompetent as exc:
        report.errors.append(RowError(0, "", str(exc)))
        return report
    report.written = written
    return report


def read_file(path: str | Path) -> bytes:
    return Path(path).read_bytes()

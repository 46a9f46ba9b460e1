"""The registry spreadsheet's columns, the shapes of a row, its errors and the import's report,
and the law bound to a row's service (whose articles the errors cite).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.models import Municipality
from outorga.law import interfaces

from ..forms_citing import cited_by_service, labelled
from ..models import (
    Document,
    Permit,
    Service,
)

#: The services a registry spreadsheet carries, in the order the import looks for a governing law.
SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)
#: The services a column's articles are asked of (each its law's: :func:`column_help`).
MOTO_SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE)
TAXI_SERVICES = (Service.TAXI,)
FRETE_SERVICES = (Service.MOTOFRETE,)


@dataclass(frozen=True)
class Column:
    name: str
    group: str  # pessoa, cnh, veiculo, permissao
    help: str
    required: bool = False  # required whenever the group is filled
    #: The concepts whose articles follow the help (:func:`column_help`), as the law bound to
    #: each of ``services`` in the municipality importing names them (its ``CITES``).
    cites: tuple[str, ...] = ()
    services: tuple[str, ...] = SERVICES


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
    Column(
        "cnh_categoria_a_desde",
        "cnh",
        "DD/MM/AAAA",
        cites=("licence_category_a",),
        services=MOTO_SERVICES,
    ),
    Column("cnh_validade", "cnh", "DD/MM/AAAA", True),
    Column("cnh_ear", "cnh", "sim ou não (exerce atividade remunerada)"),
    Column("placa", "veiculo", "ABC1234 ou ABC1D23", True),
    Column("renavam", "veiculo", "11 dígitos", True),
    Column("chassi", "veiculo", "chassi"),
    Column("especie", "veiculo", "motocicleta, motoneta, automovel, camioneta ou outro", True),
    Column("marca_modelo", "veiculo", "marca/modelo", True),
    Column("ano_fabricacao", "veiculo", "AAAA", True),
    Column("ano_modelo", "veiculo", "AAAA"),
    Column("cilindrada", "veiculo", "cc", cites=("engine_cc",), services=MOTO_SERVICES),
    Column("cor", "veiculo", "cor", True),
    Column(
        "portas", "veiculo", "número de portas", cites=("vehicle_doors",), services=TAXI_SERVICES
    ),
    Column("lugares", "veiculo", "lugares", cites=("vehicle_seats",), services=TAXI_SERVICES),
    Column("combustivel", "veiculo", "gasolina, etanol, flex, diesel, gnv, eletrico ou hibrido"),
    Column("aluguel", "veiculo", "sim ou não (categoria aluguel, placa vermelha)"),
    Column("uf_registro", "veiculo", "UF", True),
    Column("municipio_registro", "veiculo", "município de registro"),
    Column(
        "nota_fiscal_data",
        "veiculo",
        "DD/MM/AAAA, data da nota fiscal de fábrica do 0 km",
        cites=("factory_invoice",),
        services=TAXI_SERVICES,
    ),
    Column(
        "crlv_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do CRLV: com ela, o CRLV do veículo é importado",
    ),
    Column(
        "crlv_valido_ate",
        "veiculo",
        "DD/MM/AAAA, validade do licenciamento impressa no CRLV",
        cites=("crlv",),
    ),
    # The other documents the vehicle must carry (each law's): each its issue, and the end
    # printed on it where the desk types one (the policy).
    Column("crv_emissao", "veiculo", "DD/MM/AAAA, emissão do CRV", cites=("crv",)),
    Column(
        "dpvat_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do seguro obrigatório — DPVAT",
        cites=("dpvat",),
    ),
    Column(
        "dpvat_categoria",
        "veiculo",
        "categoria impressa no DPVAT",
        cites=("insurance_category",),
    ),
    Column(
        "vistoria_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do laudo de vistoria",
        cites=("vistoria_report",),
    ),
    Column(
        "inspecao_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do laudo de inspeção semestral; a validade é a que a lei fixa, não "
        "se digita",
        cites=("inspection_report",),
    ),
    Column(
        "apolice_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão da apólice de seguro de condutor e passageiro",
        cites=("insurance_policy",),
        services=(Service.MOTOTAXI,),
    ),
    Column(
        "apolice_valida_ate",
        "veiculo",
        "DD/MM/AAAA, fim da vigência impresso na apólice; obrigatório com `apolice_emissao`",
        cites=("policy_cover_end",),
        services=(Service.MOTOTAXI,),
    ),
    Column(
        "taximetro_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do certificado de aferição do taxímetro",
        cites=("taximeter",),
    ),
    Column(
        "gnv_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do certificado de segurança veicular do veículo movido a GNV",
        cites=("vehicle_cng",),
    ),
    Column(
        "carga_dispositivo",
        "veiculo",
        "bau, grelha, alforje, bolsa ou caixa_lateral",
        cites=("cargo_device",),
        services=FRETE_SERVICES,
    ),
    Column(
        "carga_limites_contran",
        "veiculo",
        "sim ou não, dispositivo nas dimensões do CONTRAN e do fabricante",
        cites=("cargo_device",),
        services=FRETE_SERVICES,
    ),
    Column(
        "carga_retrovisores_livres",
        "veiculo",
        "sim ou não, dispositivo e carga sem prejudicar os retrovisores",
        cites=("cargo_mirrors",),
        services=FRETE_SERVICES,
    ),
    Column("sidecar", "veiculo", "sim ou não", cites=("sidecar",), services=FRETE_SERVICES),
    Column(
        "semirreboque", "veiculo", "sim ou não", cites=("semi_trailer",), services=FRETE_SERVICES
    ),
    Column(
        "faixas_retrorrefletivas",
        "veiculo",
        "sim ou não, no sidecar ou semirreboque",
        cites=("retroreflective_strips",),
        services=FRETE_SERVICES,
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
    Column(
        "contrapartida",
        "permissao",
        "`pagamento` (alínea a) ou `servicos` (alínea b); obrigatória no táxi",
        cites=("term",),
        services=TAXI_SERVICES,
    ),
    Column(
        "parcelas",
        "permissao",
        "número de parcelas da contrapartida em pagamento",
        cites=("term",),
        services=TAXI_SERVICES,
    ),
    Column("situacao", "permissao", "ativa (padrão), suspensa, em reserva"),
    Column("suspensa_ate", "permissao", "DD/MM/AAAA, se suspensa"),
]


def column_help(column: Column, m: Municipality | None) -> str:
    """What ``column`` records, with the articles the laws bound in ``m`` to its services name
    for it, each named by the services it governs ("táxi: art. 27"); none where no law governs
    them (or without a municipality)."""
    cited = cited_by_service(m, column.services, column.cites, named=True) if column.cites else ""
    return labelled(column.help, cited)


BY_NAME = {c.name: c for c in COLUMNS}

#: The headings of the columns' groups, as the help lists them.
GROUP_TITLES = {
    "pessoa": "Pessoa",
    "cnh": "CNH (preencha todas as obrigatórias ou nenhuma)",
    "veiculo": "Veículo (preencha todas as obrigatórias ou nenhuma)",
    "permissao": "Permissão (preencha todas as obrigatórias ou nenhuma; exige o veículo)",
}


def columns_markdown(m: Municipality | None) -> str:
    """The columns, by group, as tables (name, required, :func:`column_help`): the help of
    ``outorga import registry --columns`` and of docs/import-registry.md, with the articles of
    the laws bound in ``m``."""
    parts = []
    for group in GROUPS:
        lines = [
            f"### {GROUP_TITLES[group]}",
            "",
            "| coluna | obrigatória | conteúdo |",
            "|---|---|---|",
        ]
        lines += [
            f"| `{c.name}` | {'sim' if c.required else ''} | {column_help(c, m)} |"
            for c in COLUMNS
            if c.group == group
        ]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


@dataclass(frozen=True)
class DocumentColumns:
    """The columns of one of the vehicle's documents: its issue, the end printed on it (only
    where the desk types one, ``services.documents.takes_cover_end``) and its category."""

    issued: str
    until: str = ""
    category: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c for c in (self.issued, self.until, self.category) if c)


#: The vehicle's documents a row gives besides its CRLV, by the registry's document type: what
#: the laws require the vehicle to carry (see each column's ``cites``).
DOCUMENT_COLUMNS: dict[str, DocumentColumns] = {
    Document.Type.CRV: DocumentColumns("crv_emissao"),
    Document.Type.DPVAT: DocumentColumns("dpvat_emissao", category="dpvat_categoria"),
    Document.Type.VISTORIA: DocumentColumns("vistoria_emissao"),
    Document.Type.INSPECTION: DocumentColumns("inspecao_emissao"),
    Document.Type.INSURANCE: DocumentColumns("apolice_emissao", until="apolice_valida_ate"),
    Document.Type.TAXIMETER: DocumentColumns("taximetro_emissao"),
    Document.Type.CNG: DocumentColumns("gnv_emissao"),
}


GROUPS = tuple(GROUP_TITLES)


STATUS_BY_LABEL = {
    "ativa": Permit.Status.ACTIVE,
    "suspensa": Permit.Status.SUSPENDED,
    "em reserva": Permit.Status.RESERVE,
    "reserva": Permit.Status.RESERVE,
}


YES = {"sim", "s", "x", "1", "true", "verdadeiro"}


NO = {"não", "nao", "n", "0", "false", "falso", ""}


def shown(value: str, width: int = 40) -> str:
    """A cell's value quoted in a message, cut when long (a row swallowed by an open quote)."""
    return f"'{value}'" if len(value) <= width else f"'{value[:width]}…' ({len(value)} caracteres)"


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
    #: The vehicle's CRLV the row gives (``crlv_emissao``, ``crlv_valido_ate``): its issue and
    #: the validity of its licensing, None when the row does not give it.
    crlv: dict[str, Any] | None = None
    #: The vehicle's other documents the row gives (:data:`DOCUMENT_COLUMNS`), by type: each
    #: ``issued_on``, ``valid_until`` (the policy's printed end, else None) and ``category``.
    documents: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class ImportReport:
    rows: int = 0
    errors: list[RowError] = field(default_factory=list)
    warnings: list[RowError] = field(default_factory=list)
    written: Counter[str] = field(default_factory=Counter)
    dry_run: bool = True
    #: The bulk import's batches (``.bulk.Batch``), in file order.
    batches: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


class ImportFailed(Exception):
    """Raised inside the transaction to roll the whole file back."""

    def __init__(self, error: RowError) -> None:
        self.error = error
        super().__init__(error.render())


#: Values per ``IN (…)`` query: under PostgreSQL's 65 535 parameters and SQLite's 32 766.
IN_CHUNK = 2000


def chunked(values: list[Any], size: int = IN_CHUNK) -> Iterator[list[Any]]:
    """``values`` in slices of ``size`` (by default the bound on an ``IN (…)`` query's
    parameters)."""
    for i in range(0, len(values), size):
        yield values[i : i + size]


def service_law(m: Municipality, service: str, granted_on: dt.date | None) -> str | None:
    """The law bound to ``service`` on the grant date (a permit granted before any binding, by
    the first); ``None`` when no law governs the service in ``m``."""
    try:
        return law_of(m, service, granted_on, nearest=True)
    except LawNotBound:
        return None


def law_cites(m: Municipality, service: str, on: dt.date | None, *concepts: str) -> str:
    """The articles the law bound to ``service`` in ``m`` on ``on`` (a permit granted before the
    binding, by the first) names for ``concepts`` (its ``CITES``); empty when no law governs it."""
    law = service_law(m, service, on)
    return interfaces.cited(law, *concepts) if law else ""

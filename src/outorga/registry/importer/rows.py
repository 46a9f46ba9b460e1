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

from ..models import (
    Document,
    Permit,
    Service,
)

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
    Column("crlv_emissao", "veiculo", "DD/MM/AAAA, emissão do CRLV (importa o CRLV do veículo)"),
    Column(
        "crlv_valido_ate",
        "veiculo",
        "DD/MM/AAAA, validade do licenciamento impressa no CRLV (táxi: art. 24, I e 28, I; "
        "mototáxi e motofrete: art. 5, §1, I)",
    ),
    # The other documents the vehicle must carry (mototaxi and motofrete art. 5 §1 I–III and §5;
    # the mototaxi's policy, art. 13 XXI and 19 §1–2; taxi art. 22 XI and 24 II–IV): each its
    # issue, and the end printed on it where the desk types one (the policy).
    Column(
        "crv_emissao", "veiculo", "DD/MM/AAAA, emissão do CRV (mototáxi e motofrete: art. 5, §5)"
    ),
    Column(
        "dpvat_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do seguro obrigatório (DPVAT) (mototáxi e motofrete: art. 5, §1, I e "
        "§5; táxi: art. 22, XI)",
    ),
    Column("dpvat_categoria", "veiculo", "categoria impressa no DPVAT (táxi: 3, art. 22, XI)"),
    Column(
        "vistoria_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do laudo de vistoria (mototáxi e motofrete: art. 5, §1, II; táxi: "
        "art. 22, XII e 24, II)",
    ),
    Column(
        "inspecao_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do laudo de inspeção semestral (mototáxi e motofrete: art. 5, §1, "
        "III; validade dada pela lei)",
    ),
    Column(
        "apolice_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão da apólice de seguro de condutor e passageiro (mototáxi: art. 13, "
        "XXI e 19, §1–2)",
    ),
    Column("apolice_valida_ate", "veiculo", "DD/MM/AAAA, fim da vigência impresso na apólice"),
    Column(
        "taximetro_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do certificado de aferição do taxímetro (táxi: art. 24, III)",
    ),
    Column(
        "gnv_emissao",
        "veiculo",
        "DD/MM/AAAA, emissão do certificado de segurança veicular do GNV (táxi: art. 24, IV)",
    ),
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
#: the laws require the vehicle to carry (mototaxi and motofrete art. 5 §1 I–III, §5; mototaxi
#: art. 13 XXI, 19 §1–2; taxi art. 22 XI–XII, 24 II–IV).
DOCUMENT_COLUMNS: dict[str, DocumentColumns] = {
    Document.Type.CRV: DocumentColumns("crv_emissao"),
    Document.Type.DPVAT: DocumentColumns("dpvat_emissao", category="dpvat_categoria"),
    Document.Type.VISTORIA: DocumentColumns("vistoria_emissao"),
    Document.Type.INSPECTION: DocumentColumns("inspecao_emissao"),
    Document.Type.INSURANCE: DocumentColumns("apolice_emissao", until="apolice_valida_ate"),
    Document.Type.TAXIMETER: DocumentColumns("taximetro_emissao"),
    Document.Type.CNG: DocumentColumns("gnv_emissao"),
}


GROUPS = ("pessoa", "cnh", "veiculo", "permissao")


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

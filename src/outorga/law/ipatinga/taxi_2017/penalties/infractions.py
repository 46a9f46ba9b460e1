"""Art. 41, §2º and art. 43: the infraction catalog — the conducts the law names with their nature,
those it names without one, and the items the municipality's regulation adds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.decisions import Reason, Verdict
from outorga.law.rules import reason

from .._base import LAW, SEVERITY_INCISO, Severity, art, rule_id
from ..duties import ADVERTISING, ADVERTISING_DESCRIPTION, DUTIES
from ..illegal_transport import ILLEGAL_TRANSPORT, art_16_nature_from_regulation

# --- art. 41 §2, art. 43: the infraction catalog ----------------------------------------------------


@dataclass(frozen=True)
class InfractionType:
    """An item of the taxi infraction list. The law names a few conducts (art. 41, §2º); the rest
    is regulation (art. 43), added by the municipality as data."""

    code: str
    description: str
    nature: Severity
    citation: Citation

    @classmethod
    def from_regulation(cls, data: Mapping[str, Any]) -> InfractionType:
        """An item of the regulation, cited by its act; a conduct the law names without a nature
        (illegal transport, art. 16; the duties of art. 19; advertising, art. 44) keeps its
        article, the regulation giving only its nature."""
        note = data.get("reference") or "regulamento"
        named = NAMED_WITHOUT_NATURE.get(data["code"])
        where = named[1] if named else cite(LAW, 43)
        return cls(
            data["code"], data["description"], Severity(data["nature"]), replace(where, note=note)
        )


def _law_item(code: str, description: str, nature: Severity) -> InfractionType:
    return InfractionType(code, description, nature, art(41, 2, SEVERITY_INCISO[nature]))


LAW_CATALOG: tuple[InfractionType, ...] = (
    _law_item(
        "desobediencia_sem_risco",
        "Desobediência a determinações do Poder Executivo ou descumprimento dos parâmetros "
        "operacionais, sem afetar a segurança dos passageiros",
        Severity.LEVE,
    ),
    _law_item(
        "desobediencia_com_risco",
        "Desobediência a determinações do Poder Executivo que possam colocar em risco a "
        "segurança dos passageiros",
        Severity.MEDIA,
    ),
    _law_item(
        "descumprimento_termo",
        "Descumprimento de obrigações do Termo de Permissão, por deficiência na prestação "
        "do serviço",
        Severity.MEDIA,
    ),
    _law_item(
        "risco_prestacao", "Atitudes que coloquem em risco a prestação dos serviços", Severity.GRAVE
    ),
    _law_item("recusa_passageiro", "Recusa de passageiros", Severity.GRAVE),
    _law_item("tarifa_diferente", "Cobrança de tarifa diferente das fixadas", Severity.GRAVE),
    _law_item(
        "suspensao_servico",
        "Suspensão da prestação de serviços sem autorização do Poder Executivo",
        Severity.GRAVISSIMA,
    ),
)


#: Conducts the law names and gives no nature (art. 41 §2 classifies others): their nature, hence
#: their fine, is the regulation's (art. 43, D-10). Code → (description, article).
NAMED_WITHOUT_NATURE: dict[str, tuple[str, Citation]] = {
    ILLEGAL_TRANSPORT: ("Transporte ilegal de passageiros", art(16)),
    **{d.code: (d.description, d.citation) for d in DUTIES},
    ADVERTISING: (ADVERTISING_DESCRIPTION, art(44)),
}


def nature_from_regulation(code: str) -> Reason:
    """Art. 41 caput with art. 43: the law names the conduct (art. 19 I–IV, art. 44) without
    classifying its nature; the regulation must, before a fine can be computed (art. 41 §2 fixes
    the fine of each nature). Illegal transport keeps its own reason (art. 16)."""
    if code == ILLEGAL_TRANSPORT:
        return art_16_nature_from_regulation(code)
    description, where = NAMED_WITHOUT_NATURE[code]
    return reason(
        rule_id("art_43_nature_from_regulation"),
        Verdict.PENDING,
        f"{description}: a lei não classifica a natureza desta infração; a "
        f"multa depende de o regulamento (art. 43) listar o item com a sua natureza, o que ainda "
        "não fez.",
        where,
        art(41),
        art(43),
        decision(10),
        facts={"infração": code},
    )


def catalog(extra: Iterable[InfractionType] = ()) -> dict[str, InfractionType]:
    """The law's items plus the regulation's (art. 43). A regulation item may not reuse a code."""
    items = {i.code: i for i in LAW_CATALOG}
    for item in extra:
        if item.code in items:
            raise ValueError(f"infração {item.code} já consta do catálogo")
        items[item.code] = item
    return items

"""Cassação (art. 32, III and IV; art. 47; decision D-3): the causes of cassação of the
permission and of the auxiliary's credential found in the facts, and the proposal they open —
never automatic: only the Chief Executive decides, after the defence (art. 34 §1º–§2º). Asked
through the ``penalty`` question (``penalties``), which also weighs the counts of art. 32, I–II.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common.labels import service_label
from outorga.law.context import Context
from outorga.law.decisions import Reason, Verdict, quick_reason
from outorga.law.rules import reason, verdict_only
from outorga.law.schemas import closed, list_of

from ._common import art, authority, param, param_set

ART_47 = art(47)
CASSATION_PARAMS = (
    "cassation.sentence_min_years",
    "cassation.interruption_max_days",
    "cassation.ctb_points",
)
#: The verdicts the rules below give (a member read off its enum costs a lookup).
_OK, _INFO = Verdict.OK, Verdict.INFO


def proposal_reason(what: str, roles: list[str], comp_cites: tuple[Citation, ...]) -> Reason:
    """Decision D-3 and art. 34 §1º–§2º: revocation and cassação are proposals decided by the Chief
    Executive alone, after contraditório and ampla defesa."""
    return reason(
        f"art_34_par1_{what.replace('ç', 'c').replace('ã', 'a')}_proposal",
        _INFO,
        lambda: (
            f"A {what} não é automática: abre-se proposta, e somente o Chefe do Executivo decide, "
            "após o contraditório e a ampla defesa; o ato registra quem decidiu."
        ),
        *comp_cites,
        facts={"competente": roles},
    )


# --- Art. 32, III and art. 47: cassação of the permission -------------------------------------------


@dataclass(frozen=True)
class Cause:
    code: str  # e.g. "art32-III-a"
    citation: Citation
    message: str


class _Causes:
    """The causes of cassação found under one inciso of art. 32 (III: the permission; IV: the
    auxiliary's credential), in the order of its alíneas."""

    __slots__ = ("inciso", "found")

    def __init__(self, inciso: str) -> None:
        self.inciso = inciso
        self.found: list[Cause] = []

    def add(self, ali: str, msg: str) -> None:
        """The cause of alínea ``ali``, ``msg`` saying what the facts show."""
        code = f"art32-{self.inciso}-{ali}"
        self.found.append(Cause(code, art(32, inc=self.inciso, ali=ali), msg))


def art_32_iii_cassation_causes(ctx: Context, f: Mapping[str, Any]) -> tuple[list[Cause], tuple]:
    """Art. 32, III — cassação da permissão quando: a) reincidência, comprovada em processo, na
    condução sob embriaguez ou entorpecentes; b) condenação criminal a pena ≥ 2 anos de reclusão;
    c) interrupção do serviço por mais de 30 dias; d) tentativa de transferir a permissão por
    subterfúgios; e) descumprir suspensão ou operar veículo lacrado; f) deter do Município qualquer
    permissão para fins comerciais (D-13); g) atingir 20 pontos no CTB; h) não renovar o Termo de
    Permissão no prazo."""
    if not f and verdict_only():  # no cause recorded (the escalation's usual case)
        return [], ()  # the parameters go only into the full answer's reason
    years, days, points = param_set(ctx, CASSATION_PARAMS)
    if not f:
        return [], (years, days, points)
    causes = _Causes("III")
    add = causes.add

    if f.get("repeat_drunk_driving_proven"):
        add("a", "reincidência comprovada na condução sob embriaguez ou entorpecente")
    if f.get("criminal_sentence_months", 0) >= years.value * 12:
        add(
            "b",
            f"condenação criminal a {f['criminal_sentence_months']} meses de reclusão "
            f"(mínimo {years.value} anos)",
        )
    if f.get("service_interrupted_days", 0) > days.value:
        add(
            "c",
            f"serviço interrompido por {f['service_interrupted_days']} dias (mais de {days.value})",
        )
    if f.get("transfer_attempt"):
        add("d", "tentativa de transferência da permissão por subterfúgios")
    if f.get("suspension_breached") or f.get("sealed_vehicle_operated"):
        add("e", "descumprimento de suspensão ou operação de veículo lacrado")
    if f.get("other_commercial_permissions"):
        add(
            "f",
            "detém outra permissão do Município para fins comerciais: "
            + ", ".join(service_label(o) for o in f["other_commercial_permissions"]),
        )
    if f.get("ctb_points", 0) >= points.value:
        add("g", f"{f['ctb_points']} pontos no CTB (limite {points.value})")
    if f.get("term_not_renewed"):
        add("h", "Termo de Permissão não renovado no prazo")
    return causes.found, (years, days, points)


def art_47_drug_trafficking(ctx: Context, f: Mapping[str, Any]) -> Cause | None:
    """Art. 47 — a permissão será cassada em caso de condenação criminal por tráfico ilícito de
    drogas transitada em julgado, whatever the length of the sentence (an exception to the
    2-year floor of art. 32, III, b)."""
    if not f.get("drug_trafficking_conviction_final"):
        return None
    return Cause("art47", ART_47, "condenação por tráfico ilícito de drogas transitada em julgado")


def art_32_iv_auxiliary_cassation_causes(
    ctx: Context, aux: Mapping[str, Any], holder: Mapping[str, Any]
) -> tuple[list[Cause], tuple]:
    """Art. 32, IV — cassação do credenciamento do condutor auxiliar quando: a) reincidência na
    condução sob embriaguez ou entorpecente; b) condenação a pena ≥ 2 anos de reclusão; c) não
    cumprir suspensão do credenciamento; d) deter do Município qualquer permissão comercial;
    e) "o permissionário atingir 20 pontos" — the text names the holder's points, applied as
    written; f) não renovar o credenciamento no prazo."""
    years = param(ctx, "cassation.sentence_min_years")
    points = param(ctx, "cassation.ctb_points")
    causes = _Causes("IV")
    add = causes.add

    if aux.get("repeat_drunk_driving_proven"):
        add("a", "reincidência na condução sob embriaguez ou entorpecente")
    if aux.get("criminal_sentence_months", 0) >= years.value * 12:
        add("b", f"condenação criminal a {aux['criminal_sentence_months']} meses de reclusão")
    if aux.get("suspension_breached"):
        add("c", "descumprimento da suspensão do credenciamento")
    if aux.get("other_commercial_permissions"):
        add(
            "d",
            "detém permissão do Município para fins comerciais: "
            + ", ".join(service_label(o) for o in aux["other_commercial_permissions"]),
        )
    if holder.get("ctb_points", 0) >= points.value:
        add(
            "e",
            f"o permissionário atingiu {holder['ctb_points']} pontos no CTB (texto do "
            "art. 32, IV, e)",
        )
    if aux.get("credential_not_renewed"):
        add("f", "credenciamento não renovado no prazo")
    return causes.found, (years, points)


def cassation_proposal(
    label: str,
    rule: str,
    causes: list[Cause],
    params: tuple,
    action: str,
    base: Citation,
    on: dt.date,
) -> tuple[dict[str, Any] | None, list[Reason]]:
    if not causes:
        if verdict_only():
            return None, [quick_reason(rule, _OK, (base,))]
        return None, [reason(rule, _OK, f"Nenhuma causa de {label}.", base, params=params)]
    roles, comp_cites = authority(action, on)
    return {
        "proposal": True,
        "causes": [c.code for c in causes],
        "decided_by": roles,
    }, [
        *(
            reason(
                f"{rule}_{c.code.lower().replace('-', '_')}",
                _INFO,
                f"Causa de {label}: {c.message}.",
                c.citation,
                *((decision(13),) if c.code.endswith(("III-f", "IV-d")) else ()),
                params=params,
            )
            for c in causes
        ),
        proposal_reason(label, roles, comp_cites),
    ]


CAUSES_SCHEMA: dict[str, Any] = closed(
    {
        "repeat_drunk_driving_proven": {"type": "boolean"},
        "criminal_sentence_months": {"type": "integer", "minimum": 0},
        "service_interrupted_days": {"type": "integer", "minimum": 0},
        "transfer_attempt": {"type": "boolean"},
        "suspension_breached": {"type": "boolean"},
        "sealed_vehicle_operated": {"type": "boolean"},
        "other_commercial_permissions": list_of({"type": "string"}),
        "ctb_points": {"type": "integer", "minimum": 0},
        "term_not_renewed": {"type": "boolean"},
        "drug_trafficking_conviction_final": {"type": "boolean"},
    }
)
AUX_CAUSES_SCHEMA: dict[str, Any] = closed(
    {
        "repeat_drunk_driving_proven": {"type": "boolean"},
        "criminal_sentence_months": {"type": "integer", "minimum": 0},
        "suspension_breached": {"type": "boolean"},
        "other_commercial_permissions": list_of({"type": "string"}),
        "credential_not_renewed": {"type": "boolean"},
    }
)

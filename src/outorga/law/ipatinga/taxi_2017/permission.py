"""Capítulo II — Da permissão (art. 10–16): eligibility of the holder (art. 3º, 4º VII–VIII, 6º,
11, 12) and exclusivity. The chapter's other rules follow it, one module each: the terms,
counterpart and Termo de Permissão in :mod:`.term` (art. 10, 13), the transfer and its cassação in
:mod:`.transfer` (art. 13 §único, 14), the extinction in :mod:`.extinction` (art. 15)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common.labels import outorga_kind_label, service_label
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._base import (
    DATE,
    HOLDER_PT,
    LAW,
    Category,
    HolderKind,
    answer,
    art,
    decide,
    has_refusal,
    joined,
    opt_day,
    rule_id,
)
from .service import (
    art_3_holder_by_tender,
    art_5_category,
    art_6_one_category,
    art_6_one_permission,
    art_6_one_vehicle,
)

# --- eligibility of the holder (art. 3º, 4º VII–VIII, 6º, 11, 12) -----------------------------

SERVICES = [
    "taxi",
    "mototaxi",
    "motofrete",
    "transporte_escolar",
    "transporte_coletivo",
    "aplicativo",
    "outro",
]
OUTORGA_KINDS = ["permissao", "concessao", "autorizacao"]

_OTHER_PERMISSION: dict[str, Any] = closed(
    {
        "service": {"enum": SERVICES},
        "kind": {"enum": OUTORGA_KINDS},
        "in_municipality": {"type": "boolean"},
        "reference": {"type": "string"},
    },
    required=["service"],
)


@dataclass(frozen=True)
class OtherPermission:
    """A permission, concession or authorization of a public service the registry knows (D-13)."""

    service: str
    kind: str = "permissao"
    in_municipality: bool = True
    reference: str = ""

    @classmethod
    def from_facts(cls, data: Mapping[str, Any]) -> OtherPermission:
        return cls(
            data["service"],
            data.get("kind", "permissao"),
            bool(data.get("in_municipality", True)),
            data.get("reference", ""),
        )

    def label(self) -> str:
        ref = f" ({self.reference})" if self.reference else ""
        return f"{outorga_kind_label(self.kind)} de {service_label(self.service)}{ref}"


@dataclass(frozen=True)
class Partner:
    name: str
    other_permissions: tuple[OtherPermission, ...]
    public_employment_in_exercise: bool


def art_4_domicile(kind: HolderKind, domiciled: bool) -> Reason:
    """Art. 4º, VII: a pessoa física reside no Município; VIII: a pessoa jurídica tem sede no
    Município."""
    if kind is HolderKind.PESSOA_FISICA:
        cites: tuple[Citation, ...] = (art(4, inc="VII"), art(22, inc="VII"))
        what = "residência"
    else:
        cites = (art(4, inc="VIII"), art(23, inc="IV"))
        what = "sede"
    return check(
        rule_id("art_4_domicile"),
        domiciled,
        f"Com {what} no Município.",
        f"A {HOLDER_PT[kind]} deve ter {what} no Município.",
        *cites,
        facts={"domicílio_em_ipatinga": domiciled},
    )


def art_11_exclusivity(holder: str, others: Sequence[OtherPermission]) -> Reason:
    """Art. 11: o permissionário pessoa física, bem como titulares, sócios ou acionistas do
    permissionário pessoa jurídica, não poderão deter qualquer outra permissão, concessão ou
    autorização de serviço público no Município. D-13: verificado em todos os serviços do
    cadastro do município."""
    local = [o for o in others if o.in_municipality]
    return check(
        rule_id("art_11_exclusivity"),
        not local,
        f"{holder}: nenhuma outra outorga de serviço público no Município.",
        f"{holder} detém {joined(o.label() for o in local)} no Município; a lei veda qualquer "
        "outra permissão, concessão ou autorização de serviço público.",
        art(11),
        decision(13),
        facts={"pessoa": holder, "outras_outorgas": [o.label() for o in local]},
    )


def art_11_company_itself(others: Sequence[OtherPermission]) -> Reason | None:
    """Art. 11 names the natural-person holder and the company's partners, not the company itself;
    art. 6º already limits its taxi permissions. Another outorga held by the company is left to a
    person to judge."""
    local = [o for o in others if o.in_municipality and o.service != "taxi"]
    if not local:
        return None
    return reason(
        rule_id("art_11_company_itself"),
        Verdict.PENDING,
        f"A empresa detém {joined(o.label() for o in local)}; o art. 11 veda outras outorgas aos "
        "titulares e sócios, e é omisso quanto à própria empresa — verificar.",
        art(11),
        decision(13),
        facts={"outras_outorgas": [o.label() for o in local]},
    )


def art_12_no_municipal_servant(is_servant: bool) -> Reason:
    """Art. 12: vedada a outorga de permissão a servidor público dos Poderes Executivo e
    Legislativo do Município de Ipatinga."""
    return check(
        rule_id("art_12_no_municipal_servant"),
        not is_servant,
        "Não é servidor público do Executivo ou do Legislativo do Município.",
        "Servidor público do Executivo ou do Legislativo do Município não pode receber permissão.",
        art(12),
        decision(13),
        facts={"servidor_municipal": is_servant},
    )


def art_22_x_no_public_employment(holder: str, employed: bool, cite_: Citation) -> Reason:
    """Art. 22, X (pessoa física) e art. 23, VIII (titulares e sócios da pessoa jurídica):
    declaração de que não mantém vínculo empregatício em exercício na Administração Direta ou
    Indireta municipal, estadual ou federal."""
    return check(
        rule_id("art_22_x_no_public_employment"),
        not employed,
        f"{holder}: sem vínculo empregatício em exercício na Administração Pública.",
        f"{holder} mantém vínculo empregatício em exercício na Administração Pública; a "
        "declaração exigida não pode ser feita.",
        cite_,
        facts={"pessoa": holder, "vínculo_em_exercício": employed},
    )


def art_22_ix_outside_outorgas(others: Sequence[OtherPermission]) -> Reason | None:
    """Art. 22, IX: a declaração do cadastramento abrange qualquer outorga do Poder Público, mais
    ampla que o art. 11 (restrito ao Município): a outorga de fora fica para uma pessoa julgar."""
    outside = [o for o in others if not o.in_municipality]
    if not outside:
        return None
    return reason(
        rule_id("art_22_ix_outside_outorgas"),
        Verdict.PENDING,
        f"Detém {joined(o.label() for o in outside)} fora do Município: o art. 11 não a veda, mas "
        "a declaração do art. 22, IX abrange qualquer Poder Público — verificar.",
        art(22, inc="IX"),
        art(11),
        facts={"outorgas_fora_do_município": [o.label() for o in outside]},
    )


ELIGIBILITY_SCHEMA: dict[str, Any] = closed(
    {
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "grant_date": DATE,
        "categories": {
            "type": "array",
            "minItems": 1,
            "items": {"enum": [c.value for c in Category]},
        },
        "vehicles": {"type": "integer", "minimum": 1},
        "awarded_in_tender": {"type": "boolean"},
        "domiciled_in_ipatinga": {"type": "boolean"},
        "municipal_servant": {"type": "boolean"},
        "public_employment_in_exercise": {"type": "boolean"},
        "other_permissions": list_of(_OTHER_PERMISSION),
        "partners": list_of(
            closed(
                {
                    "name": {"type": "string", "minLength": 1},
                    "other_permissions": {"type": "array", "items": _OTHER_PERMISSION},
                    "public_employment_in_exercise": {"type": "boolean"},
                },
                required=["name"],
            )
        ),
    },
    required=["holder_kind", "categories", "awarded_in_tender", "domiciled_in_ipatinga"],
)


@question(
    "ipatinga.taxi-2017.person_eligibility",
    law=LAW,
    title="Esta pessoa física ou jurídica pode receber permissão de táxi?",
    schema=ELIGIBILITY_SCHEMA,
)
def eligibility_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.person_eligibility"
    on = opt_day(facts.get("grant_date")) or ctx.as_of

    def build() -> Decision:
        kind = HolderKind(facts["holder_kind"])
        cats = [Category(c) for c in facts["categories"]]
        own = [OtherPermission.from_facts(o) for o in facts.get("other_permissions", [])]
        reasons: list[Reason] = [
            art_3_holder_by_tender(kind, bool(facts["awarded_in_tender"])),
            art_4_domicile(kind, bool(facts["domiciled_in_ipatinga"])),
            *(art_5_category(c) for c in sorted(set(cats))),
            art_6_one_category([c.value for c in cats]),
            art_6_one_vehicle(int(facts.get("vehicles", 1)), ctx),
            art_6_one_permission(
                sum(1 for o in own if o.service == "taxi" and o.in_municipality), ctx
            ),
        ]
        if kind is HolderKind.PESSOA_FISICA:
            reasons.append(art_11_exclusivity("O requerente", own))
            reasons.append(art_12_no_municipal_servant(bool(facts.get("municipal_servant"))))
            reasons.append(
                art_22_x_no_public_employment(
                    "O requerente",
                    bool(facts.get("public_employment_in_exercise")),
                    art(22, inc="X"),
                )
            )
            outside = art_22_ix_outside_outorgas(own)
            if outside:
                reasons.append(outside)
        else:
            company = art_11_company_itself(own)
            if company:
                reasons.append(company)
            for p in facts.get("partners", []):
                partner = Partner(
                    p["name"],
                    tuple(OtherPermission.from_facts(o) for o in p.get("other_permissions", [])),
                    bool(p.get("public_employment_in_exercise")),
                )
                reasons.append(
                    art_11_exclusivity(f"Sócio {partner.name}", partner.other_permissions)
                )
                reasons.append(
                    art_22_x_no_public_employment(
                        f"Sócio {partner.name}",
                        partner.public_employment_in_exercise,
                        art(23, inc="VIII"),
                    )
                )
        ok = not has_refusal(reasons)
        pending = any(r.verdict is Verdict.PENDING for r in reasons)
        summary = (
            "Não pode receber permissão."
            if not ok
            else "Pode receber permissão, com pontos a verificar."
            if pending
            else "Pode receber permissão."
        )
        return decide(qid, ctx, {"eligible": ok, "pending_checks": pending}, reasons, summary)

    return answer(qid, ctx, on, (art(3),), build)

"""The result of an inspection: every item of the checklist in force, the overall result and what
follows from it (withdrawal from service, a deadline to fix remarks, the municipality's
confirmation of an accredited company's result).

- Items: ok / not ok / not applicable, each citing its article; items the rulebooks decide from the
  vehicle's facts (taxi art. 27 colour, doors; mototaxi art. 3 engine and age…) are asked to them.
- Overall (product reading, the laws do not grade items): a failed **critical** item fails the
  inspection; failed non-critical items approve it **with remarks** and a deadline to fix them
  (``inspections.remarks_fix_days``, counted per D-4); otherwise it is approved.
- Failed: mototaxi/motofrete — only a vehicle with a valid inspection certificate may operate
  (art. 13 XVIII) and keeping in service a vehicle the municipality barred is an infraction
  (art. 39 VIII); taxi — SESUMA withdraws from circulation a vehicle without the law's conditions
  (art. 31). Apps (Barra do Garças) — no withdrawal in the law: the inspector's finding supports an
  auto de infração and the penalties of art. 26 after due process.
- Accredited companies (mototaxi art. 2 XI–XII; taxi art. 29) inspect, but the municipality decides
  (mototaxi art. 5 §1 III "expedido pelo órgão competente", art. 27; taxi art. 27 "vistoria prévia
  realizada pela SESUMA", art. 31): their result takes effect only when the municipality confirms
  it. The apps law gives the vistoria to the posture inspectors alone (art. 22–23 I).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import FactsInvalid, ask, question
from outorga.law.rulebook import DATE, decide, refusals_text
from outorga.law.rules import reason
from outorga.law.schemas import closed

from .checklists import Checklist, ChecklistMissing, Item, checklist, codes

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
APPS = "barra-do-garcas.apps-2025"


class Kind(StrEnum):
    """Why the vehicle is inspected."""

    VISTORIA = "vistoria"  # at registration (mototaxi art. 5 §1 II; taxi art. 27, 29 cadastramento)
    SEMESTRAL = "semestral"  # mototaxi/motofrete semiannual inspection (art. 5 §1 III, §6, art. 24)
    RENOVACAO = "renovacao"  # taxi yearly renewal of the Cadastro (art. 29, art. 21)
    TROCA = "troca"  # vehicle change (taxi art. 29; mototaxi art. 5 §1 at the new registration)
    EXTRAORDINARIA = "extraordinaria"  # any time (taxi art. 29 §ú; mototaxi art. 5 §6)
    REINSPECAO = "reinspecao"  # after a failure, to return to service


KIND_PT = {
    Kind.VISTORIA: "vistoria de cadastramento",
    Kind.SEMESTRAL: "inspeção semestral",
    Kind.RENOVACAO: "vistoria de renovação anual",
    Kind.TROCA: "vistoria de troca de veículo",
    Kind.EXTRAORDINARIA: "vistoria extraordinária",
    Kind.REINSPECAO: "reinspeção",
}


class ItemResult(StrEnum):
    OK = "ok"
    NOT_OK = "not_ok"
    NA = "na"


class Result(StrEnum):
    APPROVED = "approved"
    APPROVED_WITH_REMARKS = "approved_with_remarks"
    FAILED = "failed"


RESULT_PT = {
    Result.APPROVED: "aprovado",
    Result.APPROVED_WITH_REMARKS: "aprovado com ressalvas",
    Result.FAILED: "reprovado",
}

#: Taxi art. 29 occasions of the rulebook question, by inspection kind.
TAXI_OCCASION = {
    Kind.VISTORIA: "cadastramento",
    Kind.TROCA: "troca",
    Kind.RENOVACAO: "renovacao",
    Kind.SEMESTRAL: "extraordinaria",
    Kind.EXTRAORDINARIA: "extraordinaria",
    Kind.REINSPECAO: "extraordinaria",
}

#: What a failed inspection means for the vehicle, per law.
WITHDRAWAL: dict[str, tuple[Citation, ...]] = {
    MOTO: (cite(MOTO, 13, inc="XVIII"), cite(MOTO, 39, inc="VIII"), cite(MOTO, 27)),
    TAXI: (cite(TAXI, 31),),
}
#: Deadline to fix remarks: the article that makes not fixing them actionable.
REMARKS: dict[str, tuple[Citation, ...]] = {
    MOTO: (cite(MOTO, 31, 3), cite(MOTO, 39, inc="V")),
    TAXI: (cite(TAXI, 31), cite(TAXI, 43)),
    APPS: (cite(APPS, 23, inc="III"), cite(APPS, 26, inc="I")),
}
#: Accredited inspection companies: who they are and why the municipality confirms their result.
COMPANY: dict[str, tuple[Citation, ...]] = {
    MOTO: (
        cite(MOTO, 2, inc="XI"),
        cite(MOTO, 2, inc="XII"),
        cite(MOTO, 5, 1, "III"),
        cite(MOTO, 27),
    ),
    TAXI: (cite(TAXI, 29), cite(TAXI, 27), cite(TAXI, 31)),
}


def _answer_errors(cl: Checklist, answers: Mapping[str, Any]) -> list[dict[str, str]]:
    errors = []
    known = {i.code for i in cl.items}
    for code in sorted(set(answers) - known):
        errors.append({"field": f"items.{code}", "message": "item fora da lista em vigor"})
    for i in cl.items:
        a = answers.get(i.code)
        if a is None:
            errors.append({"field": f"items.{i.code}", "message": "item não respondido"})
        elif a["result"] == ItemResult.NA and not i.allow_na:
            errors.append({"field": f"items.{i.code}", "message": "este item sempre se aplica"})
    return errors


def question_facts(
    cl: Checklist, answers: Mapping[str, Any], vehicle: Mapping[str, Any]
) -> dict[str, Any]:
    """The rulebook question's facts: the vehicle's, plus what the inspector answered."""
    facts = dict(vehicle)
    equipment = set(facts.get("equipment", ()))
    for i in cl.items:
        if i.fact is None:
            continue
        result = ItemResult(answers[i.code]["result"])
        if result is ItemResult.NA:
            continue
        ok = result is ItemResult.OK
        if i.fact.startswith("equipment:"):
            key = i.fact.split(":", 1)[1]
            if ok:
                equipment.add(key)
            else:
                equipment.discard(key)
        else:
            facts[i.fact] = i.fact_when_ok if ok else not i.fact_when_ok
    if "equipment" in facts or any((i.fact or "").startswith("equipment:") for i in cl.items):
        facts["equipment"] = sorted(equipment)
    return facts


def item_reason(i: Item, result: ItemResult, remark: str, from_rules: list[Reason]) -> Reason:
    """One item: the inspector's finding, or the rulebook's refusal where it decides the item."""
    refused = [r for r in from_rules if r.verdict is Verdict.REFUSED]
    cites = (i.citation,) + tuple(c for r in refused for c in r.citations if c != i.citation)
    note = f" Observação: {remark}" if remark else ""
    facts = {"item": i.code, "crítico": i.critical, "resultado": str(result)}
    if refused and i.fact is None:
        # The rulebook decides this item from the vehicle's facts (e.g. taxi art. 27, colour).
        return reason(
            f"inspections.item.{i.code}",
            Verdict.REFUSED,
            f"{i.label}: não conforme — {refusals_text(refused)}{note}",
            *cites,
            facts={**facts, "resultado": str(ItemResult.NOT_OK), "automático": True},
        )
    if result is ItemResult.NOT_OK:
        return reason(
            f"inspections.item.{i.code}",
            Verdict.REFUSED,
            f"{i.label}: não conforme.{note}",
            *cites,
            facts=facts,
        )
    if result is ItemResult.NA:
        return reason(
            f"inspections.item.{i.code}",
            Verdict.INFO,
            f"{i.label}: não se aplica.{note}",
            i.citation,
            facts=facts,
        )
    return reason(
        f"inspections.item.{i.code}",
        Verdict.OK,
        f"{i.label}: conforme.{note}",
        i.citation,
        facts=facts,
    )


def evaluate_result(qid: str, law: str, ctx: Context, facts: Mapping[str, Any]) -> Decision:
    on = dt.date.fromisoformat(facts["inspected_on"])
    kind = Kind(facts["kind"])
    try:
        cl = checklist(facts["checklist"], on)
    except ChecklistMissing as e:
        raise FactsInvalid(qid, [{"field": "checklist", "message": str(e)}]) from e
    if cl.law != law:
        raise FactsInvalid(
            qid, [{"field": "checklist", "message": f"lista de outra lei ({cl.law})"}]
        )
    answers: Mapping[str, Any] = facts["items"]
    errors = _answer_errors(cl, answers)
    if errors:
        raise FactsInvalid(qid, errors)

    by_rule: dict[str, list[Reason]] = {}
    vehicle = facts.get("vehicle")
    if cl.question and vehicle is not None:
        qfacts = question_facts(cl, answers, vehicle)
        if cl.question == "ipatinga.taxi-2017.vehicle_eligibility":
            qfacts["occasion"] = TAXI_OCCASION[kind]
        rulebook = ask(cl.question, ctx, qfacts)
        for r in rulebook.reasons:
            by_rule.setdefault(r.rule, []).append(r)

    loads_found = facts.get("loads")
    item_reasons: list[Reason] = []
    items_out: list[dict[str, Any]] = []
    for i in cl.items:
        a = answers[i.code]
        from_rules = [r for rule in i.rules for r in by_rule.get(rule, [])]
        if i.loads and loads_found and loads_found.get("loads"):
            # The loads recorded are judged by the law (motofrete art. 24, §3), not ticked.
            loads_facts = {"found_on": on.isoformat(), **loads_found}
            from_rules += list(ask(i.loads, ctx, loads_facts).reasons)
        r = item_reason(i, ItemResult(a["result"]), a.get("remark", ""), from_rules)
        item_reasons.append(r)
        final = ItemResult.NOT_OK if r.verdict is Verdict.REFUSED else ItemResult(a["result"])
        items_out.append(
            {
                **i.to_json(),
                "result": str(final),
                "automatic_refusal": bool(r.facts.get("automático")),
                "remark": a.get("remark", ""),
                "message": r.message,
                "citations": [c.render() for c in r.citations],
            }
        )

    failed_critical = [o for o in items_out if o["result"] == ItemResult.NOT_OK and o["critical"]]
    failed_other = [o for o in items_out if o["result"] == ItemResult.NOT_OK and not o["critical"]]
    if failed_critical:
        result = Result.FAILED
    elif failed_other:
        result = Result.APPROVED_WITH_REMARKS
    else:
        result = Result.APPROVED

    reasons = list(item_reasons)
    fix_deadline: dt.date | None = None
    withdraw = False
    if result is Result.APPROVED_WITH_REMARKS:
        days = ctx.param("inspections.remarks_fix_days", on)
        fix_deadline = ctx.calendar.deadline(on, int(days.value))
        reasons.append(
            reason(
                "inspections.remarks_deadline",
                Verdict.INFO,
                f"Aprovado com ressalvas: sanar {len(failed_other)} item(ns) até "
                f"{fix_deadline:%d/%m/%Y} ({days.value} dias).",
                *REMARKS[law],
                decision(4),
                facts={"itens": [o["code"] for o in failed_other], "prazo": fix_deadline},
                params=(days,),
            )
        )
    if result is Result.FAILED:
        names = ", ".join(o["label"] for o in failed_critical)
        if law in WITHDRAWAL:
            withdraw = True
            reasons.append(
                reason(
                    "inspections.withdrawal",
                    Verdict.REFUSED,
                    f"Reprovado ({names}): o veículo fica retirado de circulação até ser aprovado "
                    "em nova vistoria.",
                    *WITHDRAWAL[law],
                    facts={"itens": [o["code"] for o in failed_critical]},
                )
            )
        else:
            reasons.append(
                reason(
                    "inspections.no_withdrawal",
                    Verdict.REFUSED,
                    f"Reprovado ({names}). A lei não prevê retirada de circulação pela vistoria: "
                    "a constatação fundamenta auto de infração e as penalidades do art. 26, com "
                    "processo administrativo.",
                    cite(APPS, 23, inc="I"),
                    cite(APPS, 26),
                    cite(APPS, 26, "único"),
                    decision(3),
                )
            )

    by_company = bool(facts.get("by_company"))
    needs_confirmation = False
    company_allowed = True
    if by_company:
        if law in COMPANY:
            accredited = bool(facts.get("company_accredited"))
            company_allowed = accredited
            needs_confirmation = accredited
            reasons.append(
                reason(
                    "inspections.company_result",
                    Verdict.INFO if accredited else Verdict.REFUSED,
                    "Resultado de empresa credenciada no INMETRO e cadastrada no município: "
                    "produz efeitos após a confirmação do município."
                    if accredited
                    else "A empresa não está credenciada no INMETRO e cadastrada no município.",
                    *COMPANY[law],
                    facts={"credenciada": accredited},
                )
            )
        else:
            company_allowed = False
            reasons.append(
                reason(
                    "inspections.company_result",
                    Verdict.REFUSED,
                    "A lei atribui a vistoria aos fiscais do órgão de Fiscalização de Posturas; "
                    "não prevê empresas de inspeção.",
                    cite(APPS, 22),
                    cite(APPS, 23, inc="I"),
                )
            )

    summary = f"{sentence(KIND_PT[kind])}: {RESULT_PT[result]}"
    if fix_deadline:
        summary += f"; ressalvas a sanar até {fix_deadline:%d/%m/%Y}"
    if withdraw:
        summary += "; veículo retirado de circulação até nova aprovação"
    if needs_confirmation:
        summary += "; aguarda confirmação do município"
    return decide(
        qid,
        ctx,
        {
            "result": str(result),
            "checklist": cl.code,
            "version": cl.version,
            "kind": str(kind),
            "items": items_out,
            "fix_deadline": fix_deadline,
            "withdraw": withdraw,
            "needs_confirmation": needs_confirmation,
            "company_allowed": company_allowed,
        },
        tuple(reasons),
        summary + ".",
    )


def result_schema(law: str) -> dict[str, Any]:
    return closed(
        {
            "checklist": {"enum": codes()},
            "kind": {"enum": [k.value for k in Kind]},
            "inspected_on": DATE,
            "items": {
                "type": "object",
                "additionalProperties": closed(
                    {
                        "result": {"enum": [r.value for r in ItemResult]},
                        "remark": {"type": "string", "maxLength": 500},
                    },
                    required=["result"],
                ),
            },
            "vehicle": {"type": "object"},
            # What the vehicle carried when inspected, for an item that judges loads (motofrete
            # art. 24, §3): the law's own question checks each load's kind and capacity.
            "loads": closed(
                {"sidecar": {"type": "boolean"}, "loads": {"type": "array"}},
                required=["sidecar", "loads"],
            ),
            "by_company": {"type": "boolean"},
            "company_accredited": {"type": "boolean"},
        },
        required=["checklist", "kind", "inspected_on", "items"],
    )


#: The result question of each law: its id, its title and the articles it applies.
RESULT_QUESTIONS: tuple[tuple[str, str, str, str], ...] = (
    (
        MOTO,
        "ipatinga.mototaxi-2013.inspection_result",
        "Qual o resultado desta vistoria ou inspeção de mototáxi/motofrete?",
        "Art. 2 XI–XII, 5 §1 II–III, §6, §7, 13 VIII, XVIII, 19, 24 §1–5 (§3: the loads found, "
        "asked of motofrete_load), 39 VIII.",
    ),
    (
        TAXI,
        "ipatinga.taxi-2017.inspection_result",
        "Qual o resultado desta vistoria de táxi?",
        "Art. 8, 9, 27, 28, 29 and 31.",
    ),
    (
        APPS,
        "barra-do-garcas.apps-2025.inspection_result",
        "Qual o resultado desta vistoria de veículo de aplicativo?",
        "Art. 22, 23 I–III, 25 and 26.",
    ),
)
RESULT_QUESTION = {law: qid for law, qid, _, _ in RESULT_QUESTIONS}


def _register_result(law: str, qid: str, title: str, articles: str) -> None:
    """One question per law, all answered by :func:`evaluate_result` with that law's checklists."""

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        return evaluate_result(qid, law, ctx, facts)

    evaluate.__doc__ = articles
    question(qid, law=law, title=title, schema=result_schema(law))(evaluate)


for _law, _qid, _title, _articles in RESULT_QUESTIONS:
    _register_result(_law, _qid, _title, _articles)

"""Art. 16 (transporte ilegal) and the administrative measures of art. 42 I–III, VI, §1, §2 and §4:
retention, removal and withdrawal of the vehicle, withdrawal of the driver, the transport costs on
the infractor, and the release of a removed vehicle.

What the law leaves open, and how it is read here (ADR 0023):

- Art. 16 characterizes illegal transport but gives it no nature (art. 41 §2 classifies other
  conducts): its nature, hence its fine, is the regulation's (art. 43). Until the municipality's
  regulation lists the item ``transporte_ilegal`` with a nature, the fine is pending; no value is
  invented.
- Art. 42 §2 puts the costs of transporting a seized vehicle on the infractor "sem prejuízo" of
  the fine and the fees; unlike the mototaxi law (art. 35 §1) it does not make the fine a
  condition of the release. The fine follows its own due process (art. 41 caput, §5); the release
  waits for the transport (removal) and storage charges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.seizure import charges_paid, release_schema
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._base import (
    DATE,
    LAW,
    answer,
    art,
    day,
    decide,
    has_refusal,
    refusals_text,
    rule_id,
)

#: The code an auto cites for illegal transport (art. 16); the regulation (art. 43) may list an
#: item with this code to give it its nature.
ILLEGAL_TRANSPORT = "transporte_ilegal"
ILLEGAL_TRANSPORT_DESCRIPTION = (
    "Transporte ilegal de passageiros: exploração do transporte individual sem permissão ou sem "
    "cumprir os requisitos da lei"
)

#: Art. 42: the measures this module decides, by inciso, as a person reads them.
MEASURES: dict[str, tuple[str, str]] = {
    "retencao": ("I", "retenção do veículo"),
    "remocao": ("II", "remoção do veículo"),
    "afastamento_veiculo": ("III", "afastamento do veículo"),
    "afastamento_taxista": ("VI", "afastamento do taxista"),
}

#: The measures as the agent's form names them, with the article (``interfaces.measures``).
MEASURE_LABELS: dict[str, str] = {
    code: f"{label} (art. 42, {inciso}"
    + ("; só se sanável no local, em segurança, §1)" if code == "retencao" else ")")
    for code, (inciso, label) in MEASURES.items()
}


def art_16_illegal_transport(unlicensed: bool) -> Reason:
    """Art. 16: a exploração de transporte individual de passageiros sem o cumprimento dos
    requisitos da lei e da regulamentação caracteriza transporte ilegal, sujeito às sanções
    administrativas e penais cabíveis."""
    return reason(
        rule_id("art_16_illegal_transport"),
        Verdict.INFO,
        "Transporte individual de passageiros sem permissão: transporte ilegal, sujeito às sanções "
        "administrativas (art. 41) e às medidas do art. 42."
        if unlicensed
        else "Transporte ilegal imputado a quem não cumpre os requisitos da lei.",
        art(16),
        facts={"sem_permissão": unlicensed},
    )


def art_16_nature_from_regulation(code: str) -> Reason:
    """Art. 16 with art. 43: the law gives illegal transport no nature; the regulation must, before
    a fine can be computed (art. 41 §2 fixes the fine of each nature)."""
    return reason(
        rule_id("art_16_nature_from_regulation"),
        Verdict.PENDING,
        "A lei caracteriza o transporte ilegal (art. 16) sem classificar sua natureza; a multa "
        f"depende de o regulamento (art. 43) listar o item '{code}' com a sua natureza, o que "
        "ainda não fez.",
        art(16),
        art(43),
        decision(10),
        facts={"infração": code},
    )


def art_42_par_1_retention(fixable_on_site: bool, safe: bool) -> Reason:
    """Art. 42, §1º: o veículo poderá ser retido quando a irregularidade puder ser sanada de
    imediato no local da infração, desde que em condições de segurança."""
    return check(
        rule_id("art_42_par_1_retention"),
        fixable_on_site and safe,
        "Retenção do veículo: a irregularidade pode ser sanada no local, em segurança.",
        "A retenção só cabe quando a irregularidade puder ser sanada de imediato no local, em "
        f"condições de segurança (sanável no local: {'sim' if fixable_on_site else 'não'}; em "
        f"segurança: {'sim' if safe else 'não'}).",
        art(42, inc="I"),
        art(42, 1),
        facts={"sanável_no_local": fixable_on_site, "em_segurança": safe},
    )


def art_42_measure(measure: str) -> Reason:
    """Art. 42, II, III and VI: remoção e afastamento do veículo, afastamento do taxista — medidas
    que o agente aplica individual ou cumulativamente, sem outra condição na lei."""
    inciso, label = MEASURES[measure]
    return reason(
        rule_id(f"art_42_{inciso.lower()}_{measure}"),
        Verdict.OK,
        f"{label[0].upper()}{label[1:]} (art. 42, {inciso}).",
        art(42, inc=inciso),
        facts={"medida": measure},
    )


def art_42_par_2_costs_on_the_infractor() -> Reason:
    """Art. 42, §2º: os custos do transporte dos veículos apreendidos são atribuídos ao infrator,
    sem prejuízo da multa correspondente à infração e da cobrança das taxas."""
    return reason(
        rule_id("art_42_par_2_costs_on_the_infractor"),
        Verdict.INFO,
        "Os custos do transporte (remoção) e da estadia do veículo são do infrator, sem prejuízo da "
        "multa e das taxas.",
        art(42, 2),
    )


def art_42_par_4_penalties_still_apply() -> Reason:
    """Art. 42, §4º: a adoção das medidas administrativas não afasta as penalidades."""
    return reason(
        rule_id("art_42_par_4_penalties_still_apply"),
        Verdict.INFO,
        "As medidas administrativas não afastam as penalidades do art. 41, aplicadas no processo "
        "do auto.",
        art(42, 4),
    )


MEASURES_SCHEMA: dict[str, Any] = closed(
    {
        "committed_on": DATE,
        "unlicensed": {"type": "boolean"},
        "measures": list_of({"enum": list(MEASURES)}, minItems=1, uniqueItems=True),
        "fixable_on_site": {"type": "boolean"},
        "safe": {"type": "boolean"},
    },
    required=["committed_on", "unlicensed", "measures"],
)


@question(
    "ipatinga.taxi-2017.measures",
    law=LAW,
    title="Quais medidas administrativas (retenção, remoção, afastamento) cabem nesta autuação de "
    "táxi?",
    schema=MEASURES_SCHEMA,
)
def measures_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.measures"
    committed = day(facts["committed_on"])

    def build() -> Decision:
        asked: list[str] = list(facts["measures"])
        reasons: list[Reason] = []
        if facts["unlicensed"]:
            reasons.append(art_16_illegal_transport(True))
        for m in asked:
            if m == "retencao":
                reasons.append(
                    art_42_par_1_retention(
                        bool(facts.get("fixable_on_site")), bool(facts.get("safe"))
                    )
                )
            else:
                reasons.append(art_42_measure(m))
        removal = "remocao" in asked
        if removal:
            reasons.append(art_42_par_2_costs_on_the_infractor())
        reasons.append(art_42_par_4_penalties_still_apply())
        ok = not has_refusal(reasons)
        labels = ", ".join(MEASURES[m][1] for m in asked)
        outcome = {"allowed": ok, "measures": asked, "removal": removal}
        summary = f"Medidas cabíveis: {labels}." if ok else refusals_text(reasons)
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, committed, (art(42),), build)


# --- art. 42 §2: release of a removed vehicle ----------------------------------------------------

CHARGE_KINDS = {
    "taxa": "taxas",
    "remocao": "custos do transporte (remoção)",
    "estadia": "estadia",
    "outro": "outros encargos",
}
REQUIRED_CHARGES = ("remocao", "estadia")


def art_42_par_2_charges_paid(charges: Sequence[Mapping[str, Any]]) -> Reason:
    """Art. 42, §2º: the transport of the seized vehicle is charged to the infractor; the vehicle
    goes back once the transport and the storage charged are paid (ADR 0023)."""
    return charges_paid(
        rule_id("art_42_par_2_charges_paid"),
        charges,
        CHARGE_KINDS,
        REQUIRED_CHARGES,
        "Custos do transporte e estadia pagos pelo infrator.",
        art(42, 2),
    )


def art_41_par_5_fine_in_its_own_process() -> Reason:
    """Art. 41, caput and §5º; art. 42, §2º ("sem prejuízo da aplicação da multa"): the fine is
    imposed in the auto's process, after notice and defence; the taxi law does not make it a
    condition of the release (unlike mototaxi art. 35 §1)."""
    return reason(
        rule_id("art_41_par_5_fine_in_its_own_process"),
        Verdict.INFO,
        "A multa da infração é aplicada no processo do auto, após notificação e defesa, e não "
        "condiciona a liberação do veículo.",
        art(41, 5),
        art(42, 2),
    )


#: Read for the interface's sake: ``fine_paid`` (the taxi law charges no fine at the seizure).
RELEASE_SCHEMA: dict[str, Any] = release_schema(CHARGE_KINDS, {"type": "string", "minLength": 1})


@question(
    "ipatinga.taxi-2017.seizure_release",
    law=LAW,
    title="O veículo removido pode ser liberado?",
    schema=RELEASE_SCHEMA,
)
def seizure_release_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.seizure_release"
    seized = day(facts["seized_on"])

    def build() -> Decision:
        reasons: list[Reason] = []
        if facts["grounds"] == "sem_permissao":
            reasons.append(art_16_illegal_transport(True))
        reasons += [
            art_42_par_2_costs_on_the_infractor(),
            art_41_par_5_fine_in_its_own_process(),
            art_42_par_2_charges_paid(facts["charges"]),
        ]
        ok = not any(r.verdict in (Verdict.REFUSED, Verdict.PENDING) for r in reasons)
        due = sum(c["amount_cents"] for c in facts["charges"] if not c["paid"])
        # Nothing is charged as a fine at the seizure: ``fine_cents`` 0 (art. 41 §5).
        outcome = {"may_release": ok, "fine_cents": 0, "outstanding_cents": due}
        summary = (
            "Veículo pode ser liberado." if ok else f"Liberação bloqueada; em aberto {brl(due)}."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, seized, (art(42, 2),), build)

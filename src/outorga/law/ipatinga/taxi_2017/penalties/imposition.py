"""Art. 41: the penalty of a conduct — the warning for a primary one (§1), the fine by nature in
UFPI (§2), the cassações proposed (§3, §4) and their prior notice (§5); D-1 counts only final
infractions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, fiscal_units_to_cents, number_br
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from .._base import (
    DATE,
    LAW,
    SEVERITY_INCISO,
    SEVERITY_PT,
    Severity,
    answer,
    art,
    day,
    decide,
    deciders,
    fmt,
    has_refusal,
    opt_day,
    param,
    refusals_text,
    rule_id,
)
from ..illegal_transport import ILLEGAL_TRANSPORT, art_16_nature_from_regulation
from .deadlines import LEI_9784, d_17_procedure_days
from .infractions import NAMED_WITHOUT_NATURE, InfractionType, catalog, nature_from_regulation

# --- art. 41: penalties ------------------------------------------------------------------------------

PENALTIES = {
    "advertencia": ("I", "penalty.warning"),
    "multa": ("II", "penalty.fine"),
    "apreensao": ("III", "penalty.seizure"),
    "cassacao_cadastro": ("IV", "penalty.cassacao"),
    "cassacao_permissao": ("V", "penalty.cassacao"),
}


#: The penalties that are only proposed and decided in an administrative process (art. 41 §3–4).
PROPOSED = ("cassacao_cadastro", "cassacao_permissao")
#: How a person reads each penalty of art. 41.
PENALTY_PT = {
    "advertencia": "advertência",
    "multa": "multa",
    "apreensao": "apreensão do veículo",
    "cassacao_cadastro": "cassação do cadastro de taxista",
    "cassacao_permissao": "cassação da permissão",
}


def art_41_par_1_primary(
    committed: dt.date, priors: Sequence[Mapping[str, Any]]
) -> tuple[bool, Reason]:
    """Art. 41, §1º, "condutas primárias": the offender has no earlier infraction whose penalty is
    final (D-1: only final penalties count) — read from the offender's record on the date of the
    fact: the taxista's prontuário (holder or auxiliary, whichever permit), or the plate's without
    a permit. A prior whose penalty became final only after the fact (``final_on``) was not final
    when the offender acted, and does not count (D-1, D-15)."""
    earlier = [p for p in priors if (opt_day(p["committed_on"]) or committed) < committed]
    counted = [p for p in earlier if p.get("final") and _final_by(p, committed)]
    primary = not counted
    shown = ", ".join(
        f"{p['id']} ({fmt(opt_day(p['committed_on']) or committed)})" for p in counted
    )
    return primary, reason(
        rule_id("art_41_par_1_primary"),
        Verdict.INFO,
        "Conduta primária: nenhuma infração anterior com penalidade definitiva."
        if primary
        else f"Conduta não primária: infração anterior com penalidade definitiva ({shown}).",
        art(41, 1),
        decision(1),
        facts={
            "anteriores": [p["id"] for p in earlier],
            "definitivas": [p["id"] for p in counted],
        },
    )


def _final_by(prior: Mapping[str, Any], committed: dt.date) -> bool:
    """Whether ``prior``'s penalty was already final on ``committed`` (the day of the new fact):
    when it says since when it is final; without that day, final as the caller read it."""
    since = opt_day(prior.get("final_on"))
    return since is None or since <= committed


def art_41_par_1_warning(primary: bool, affects: bool) -> Reason:
    """Art. 41, §1º: a advertência refere-se a condutas primárias que não afetem o conforto ou a
    segurança dos passageiros."""
    return check(
        rule_id("art_41_par_1_warning"),
        primary and not affects,
        "Conduta primária que não afeta conforto nem segurança: cabe advertência.",
        "Advertência só cabe para conduta primária que não afete o conforto ou a segurança dos "
        f"passageiros (primária: {'sim' if primary else 'não'}; afeta: {'sim' if affects else 'não'}).",
        art(41, 1),
        facts={"primária": primary, "afeta_conforto_ou_segurança": affects},
    )


def art_41_par_2_fine(
    ctx: Context, nature: Severity, committed_on: dt.date, imposed_on: dt.date
) -> tuple[int, ParameterValue, Reason]:
    """Art. 41, §2º: multa leve 50, média 100, grave 150, gravíssima 200 UFPI. D-5: convertida pelo
    valor da UFPI em vigor na data em que a penalidade é imposta; D-15: a quantidade de UFPI é a da
    lei em vigor na data da infração."""
    units = param(ctx, f"fine_{nature.value}_ufpi", committed_on)
    ufpi = ctx.fiscal_unit("UFPI", imposed_on)
    cents = fiscal_units_to_cents(units.value, ufpi.value)
    example = ", valor de exemplo" if ufpi.example else ""
    return (
        cents,
        units,
        reason(
            rule_id("art_41_par_2_fine"),
            Verdict.INFO,
            f"Multa {SEVERITY_PT[nature]}: {number_br(units.value)} UFPI × {brl_unit(ufpi.value)} "
            f"(UFPI em vigor desde {fmt(ufpi.valid_from)}{example}) = {brl(cents)}.",
            art(41, 2, SEVERITY_INCISO[nature]),
            decision(5),
            decision(15),
            facts={
                "natureza": nature,
                "cometida_em": committed_on,
                "imposta_em": imposed_on,
                "ufpi": ufpi.value,
                "ufpi_desde": ufpi.valid_from,
                "ufpi_referência": ufpi.reference,
            },
            params=(units,),
        ),
    )


def art_41_par_3_register_cassacao(nature: Severity) -> Reason:
    """Art. 41, §3º: a cassação do cadastro de taxista pode ser aplicada às infrações graves ou
    gravíssimas, mediante processo administrativo; o punido fica impedido de dirigir táxi no
    Município. D-3: o sistema só propõe."""
    return check(
        rule_id("art_41_par_3_register_cassacao"),
        nature in (Severity.GRAVE, Severity.GRAVISSIMA),
        "Cabe propor a cassação do cadastro de taxista, em processo administrativo (o punido fica "
        "impedido de dirigir táxi no Município).",
        f"Cassação do cadastro só para infração grave ou gravíssima (esta é "
        f"{SEVERITY_PT[nature]}).",
        art(41, 3),
        decision(3),
        facts={"natureza": nature},
    )


def art_41_par_4_permit_cassacao(nature: Severity) -> Reason:
    """Art. 41, §4º: a cassação da permissão será aplicada às infrações gravíssimas, mediante
    processo administrativo. D-3: o sistema só propõe."""
    return check(
        rule_id("art_41_par_4_permit_cassacao"),
        nature is Severity.GRAVISSIMA,
        "Cabe propor a cassação da permissão, em processo administrativo.",
        f"Cassação da permissão só para infração gravíssima (esta é {SEVERITY_PT[nature]}).",
        art(41, 4),
        decision(3),
        facts={"natureza": nature},
    )


def d_1_final_infraction(final: bool) -> Reason:
    """D-1: a penalty applies only once the infraction is final — no defence or appeal pending and
    every deadline lapsed, or confirmed on appeal. A cassação (art. 41 §3–4) punishes one
    infraction, so it is proposed only on a final one; its own process then gives the defence."""
    return check(
        rule_id("d_1_final_infraction"),
        final,
        "A infração é definitiva (sem defesa ou recurso pendente): cabe abrir o processo de "
        "cassação.",
        "A infração ainda não é definitiva (defesa ou recurso pendente, ou prazo em curso): a "
        "cassação só pode ser proposta depois.",
        decision(1),
        art(41, 3),
        art(41, 4),
        facts={"definitiva": final},
    )


#: Who committed the auto's infraction, as the cassação of the register reads it (art. 41 §3).
OFFENDERS = ("titular", "auxiliar", "desconhecido")


def art_41_par_3_the_offender_punished(offender: str) -> Reason:
    """Art. 41, IV and §3º — the cassação of the taxista's inscription in the Cadastro leaves "o
    infrator punido impedido de dirigir táxi no Município": it punishes the taxista (holder or
    auxiliary) who committed the infraction, so the auto must identify them."""
    return check(
        rule_id("art_41_par_3_the_offender_punished"),
        offender in ("titular", "auxiliar"),
        lambda: f"O auto identifica o taxista infrator ({offender}), cuja inscrição é cassada.",
        "A cassação do cadastro pune o taxista infrator, que o auto não identifica.",
        art(41, inc="IV"),
        art(41, 3),
        facts={"infrator": offender},
    )


def art_41_par_3_4_a_standing_auto(cancelled: bool) -> Reason:
    """Art. 41, §3º and §4º — a cassação is applied "para as infrações" of its nature: it punishes
    the infraction of one auto. The auto cancelled, there is no infraction left to punish, and the
    cassação proposed on it loses its basis."""
    return check(
        rule_id("art_41_par_3_4_a_standing_auto"),
        not cancelled,
        "O auto de infração que fundamenta a proposta está em vigor.",
        "O auto de infração que fundamenta a proposta foi cancelado: a cassação perdeu a base.",
        art(41, 3),
        art(41, 4),
        facts={"auto_cancelado": cancelled},
    )


def art_41_par_5_notice_of_the_proposal() -> Reason:
    """Art. 41, §5º: a cassação deve ser precedida da notificação ao permissionário. Ao propor, a
    notificação ainda não houve: ela abre o processo administrativo (§3–4) e o prazo de defesa
    (D-17); a decisão só vem depois dele."""
    return reason(
        rule_id("art_41_par_5_prior_notice"),
        Verdict.INFO,
        "A proposta será notificada ao permissionário, com prazo de defesa, antes da decisão "
        "(contraditório e ampla defesa).",
        art(41, 5),
        art(41),
        decision(17),
    )


def art_41_par_5_prior_notice(
    ctx: Context,
    notified_on: dt.date | None,
    imposed_on: dt.date,
    defence_judged_on: dt.date | None,
) -> Reason:
    """Art. 41, §5º: multa, apreensão e cassações devem ser precedidas de notificação; art. 41,
    caput: observados o contraditório e a ampla defesa — a penalidade só é imposta depois do prazo
    de defesa (D-17) ou do julgamento da defesa."""
    if notified_on is None or notified_on >= imposed_on:
        return reason(
            rule_id("art_41_par_5_prior_notice"),
            Verdict.REFUSED,
            "A penalidade deve ser precedida de notificação ao permissionário"
            + (
                f" (notificado em {fmt(notified_on)}, imposta em {fmt(imposed_on)})."
                if notified_on
                else "; não há notificação."
            ),
            art(41, 5),
            facts={"notificado_em": notified_on, "imposta_em": imposed_on},
        )
    days, _ = d_17_procedure_days(ctx, "defesa", notified_on)
    last = ctx.calendar.deadline(notified_on, int(days.value))
    judged = defence_judged_on is not None and defence_judged_on <= imposed_on
    return check(
        rule_id("art_41_par_5_prior_notice"),
        judged or imposed_on > last,
        f"Notificado em {fmt(notified_on)}; "
        + ("defesa julgada." if judged else f"prazo de defesa encerrado em {fmt(last)}."),
        f"Notificado em {fmt(notified_on)}: o prazo de defesa vai até {fmt(last)}; a penalidade "
        "não pode ser imposta antes dele nem do julgamento da defesa.",
        art(41, 5),
        art(41),
        decision(17),
        cite(LEI_9784, 44),
        facts={
            "notificado_em": notified_on,
            "prazo_de_defesa": last,
            "defesa_julgada_em": defence_judged_on,
            "imposta_em": imposed_on,
        },
        params=(days,),
    )


def _cassacao_grounds(requested: str, facts: Mapping[str, Any]) -> list[Reason]:
    """Art. 41 §3–4: what a cassação rests on, where the facts say it — the auto still standing,
    and for the register's (§3) the offender it identifies."""
    found: list[Reason] = []
    if "auto_cancelled" in facts:
        found.append(art_41_par_3_4_a_standing_auto(bool(facts["auto_cancelled"])))
    if requested == "cassacao_cadastro" and "offender" in facts:
        found.append(art_41_par_3_the_offender_punished(facts["offender"]))
    return found


_REG_ITEM: dict[str, Any] = closed(
    {
        "code": {"type": "string", "minLength": 1},
        "description": {"type": "string", "minLength": 1},
        "nature": {"enum": [s.value for s in Severity]},
        "reference": {"type": "string"},
    },
    required=["code", "description", "nature"],
)

PENALTY_SCHEMA: dict[str, Any] = closed(
    {
        "infraction": {"type": "string", "minLength": 1},
        "regulation_items": list_of(_REG_ITEM),
        "committed_on": DATE,
        "imposed_on": DATE,
        # The offender's earlier infractions (the law reads "conduta primária" from them);
        # ``primary`` as a given answer is kept for callers that judged it themselves.
        "prior_infractions": list_of(
            closed(
                {
                    "id": {"type": "string"},
                    "committed_on": DATE,
                    "final": {"type": "boolean"},
                    # The day the penalty became final (D-1): only a prior final by the day of
                    # the fact makes it non-primary (art. 41 §1).
                    "final_on": {"anyOf": [DATE, {"type": "null"}]},
                },
                required=["id", "committed_on", "final"],
            )
        ),
        "primary": {"type": "boolean"},
        "affects_comfort_or_safety": {"type": "boolean"},
        "notified_on": DATE,
        "defence_judged_on": DATE,
        "requested": {"enum": list(PENALTIES)},
        # Only opening a cassação process (art. 41 §3–4): the notice of §5 comes after it.
        "proposal": {"type": "boolean"},
        "infraction_final": {"type": "boolean"},
        # A cassação (art. 41 §3–4): who committed the auto's infraction (the register's is the
        # offender's, §3), and whether the auto was cancelled since (the cassação's basis).
        "offender": {"enum": list(OFFENDERS)},
        "auto_cancelled": {"type": "boolean"},
    },
    required=["infraction", "committed_on"],
)


@question(
    "ipatinga.taxi-2017.penalty",
    law=LAW,
    title="Quais penalidades cabem para esta infração de táxi e qual o valor da multa?",
    schema=PENALTY_SCHEMA,
)
def penalty_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.penalty"
    committed = day(facts["committed_on"])
    imposed = opt_day(facts.get("imposed_on")) or ctx.as_of

    def build() -> Decision:
        items = catalog(
            InfractionType.from_regulation(i) for i in facts.get("regulation_items", [])
        )
        item = items.get(facts["infraction"])
        if item is None and facts["infraction"] == ILLEGAL_TRANSPORT:
            r = art_16_nature_from_regulation(ILLEGAL_TRANSPORT)
            return decide(qid, ctx, None, [r], "Pendente: natureza do transporte ilegal.")
        if item is None and facts["infraction"] in NAMED_WITHOUT_NATURE:
            r = nature_from_regulation(facts["infraction"])
            return decide(
                qid, ctx, None, [r], "Pendente: natureza da infração a definir pelo regulamento."
            )
        if item is None:
            r = reason(
                rule_id("art_43_catalog"),
                Verdict.REFUSED,
                f"Infração '{facts['infraction']}' não descrita na lei nem no regulamento.",
                art(43),
                decision(10),
            )
            return decide(qid, ctx, None, [r], "Infração desconhecida.")
        nature = item.nature
        reasons: list[Reason] = [
            reason(
                rule_id("art_43_catalog"),
                Verdict.INFO,
                f"{item.description}: natureza {SEVERITY_PT[nature]}.",
                item.citation,
                decision(10),
                facts={"infração": item.code},
            )
        ]
        primary = bool(facts.get("primary"))
        if "prior_infractions" in facts:
            primary, read = art_41_par_1_primary(committed, facts["prior_infractions"])
            reasons.append(read)
        warning = art_41_par_1_warning(primary, bool(facts.get("affects_comfort_or_safety", True)))
        cents, units, fine = art_41_par_2_fine(ctx, nature, committed, imposed)
        register = art_41_par_3_register_cassacao(nature)
        permit = art_41_par_4_permit_cassacao(nature)
        reasons += [
            fine,
            reason(
                rule_id("art_41_iii_seizure"),
                Verdict.INFO,
                "A apreensão do veículo é penalidade prevista; as hipóteses são do regulamento.",
                art(41, inc="III"),
                art(43),
            ),
        ]
        requested = facts.get("requested", "multa")
        by_penalty = {
            "advertencia": warning,
            "cassacao_cadastro": register,
            "cassacao_permissao": permit,
        }
        # The requested penalty decides the outcome; the other options are shown as information.
        for name, r in by_penalty.items():
            if name == requested or r.verdict is Verdict.OK:
                reasons.append(r)
            else:
                reasons.append(reason(r.rule, Verdict.INFO, r.message, *r.citations, facts=r.facts))
        proposing = bool(facts.get("proposal")) and requested in PROPOSED
        if requested in PROPOSED:
            reasons += _cassacao_grounds(requested, facts)
        if proposing:
            reasons.append(art_41_par_5_notice_of_the_proposal())
            if "infraction_final" in facts:
                reasons.append(d_1_final_infraction(bool(facts["infraction_final"])))
        elif requested != "advertencia":
            reasons.append(
                art_41_par_5_prior_notice(
                    ctx,
                    opt_day(facts.get("notified_on")),
                    imposed,
                    opt_day(facts.get("defence_judged_on")),
                )
            )
        ok = not has_refusal(reasons)
        options = ["multa", "apreensao"]
        if warning.verdict is Verdict.OK:
            options.insert(0, "advertencia")
        proposals = [
            n
            for n, r in (("cassacao_cadastro", register), ("cassacao_permissao", permit))
            if r.verdict is Verdict.OK
        ]
        outcome = {
            "infraction": item.code,
            "nature": nature.value,
            "requested": requested,
            "may_impose": ok and not proposing,
            "may_propose": ok and proposing,
            "options": options,
            "proposals": proposals,
            "fine_ufpi": units.value,
            "fine_cents": cents,
            "decided_by": {
                p: deciders(PENALTIES[p][1], ctx.as_of)[0] for p in [*options, *proposals]
            },
        }
        if proposing:
            what = "do cadastro de taxista" if requested == "cassacao_cadastro" else "da permissão"
            summary = (
                f"Infração {SEVERITY_PT[nature]}: cabe propor a cassação {what}, em processo "
                "administrativo, decidida após a defesa."
                if ok
                else f"Cassação {what} não pode ser proposta: " + refusals_text(reasons)
            )
        else:
            summary = (
                f"Infração {SEVERITY_PT[nature]}: multa de {brl(cents)}"
                + (
                    f"; propostas: {', '.join(PENALTY_PT[p] for p in proposals)}"
                    if proposals
                    else ""
                )
                + "."
                if ok
                else "Penalidade pedida não pode ser imposta: " + refusals_text(reasons)
            )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, committed, (art(41), art(43)), build)

"""Capítulo VII — Das infrações e penalidades (art. 41–43), and the procedure the law leaves to a
regulation (decision D-17: Lei 9.784/1999 by default; never the mototaxi JARI path)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from outorga.law.calendar import DEADLINE_CITATIONS
from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, fiscal_units_to_cents, number_br
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of
from outorga.law.windows import add_months

from ._base import (
    DATE,
    LAW,
    LAW_DATE,
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
    optional_param,
    param,
    refusals_text,
    rule_id,
)
from .duties import ADVERTISING, ADVERTISING_DESCRIPTION, DUTIES
from .illegal_transport import ILLEGAL_TRANSPORT, art_16_nature_from_regulation

LEI_9784 = "federal.9784-1999"

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


# --- D-17: procedure deadlines -------------------------------------------------------------------

STEPS = {
    # step: (taxi regulation parameter, Lei 9.784 default, Lei 9.784 article)
    "defesa": ("procedure_defence_days", "procedure.default_defence_days", 44),
    "recurso": ("procedure_appeal_days", "procedure.default_appeal_days", 59),
}


def d_17_procedure_days(ctx: Context, step: str, on: dt.date) -> tuple[ParameterValue, Reason]:
    """D-17: a lei do táxi deixa o procedimento ao regulamento (art. 43). Enquanto o regulamento
    não fixar o prazo, vale o padrão da Lei 9.784/1999 — 10 dias para a defesa (art. 44) e 10 dias
    para o recurso (art. 59) —, e a decisão diz que usou o padrão."""
    own, default, article = STEPS[step]
    regulation = optional_param(ctx, own, on)
    if regulation is not None:
        return regulation, reason(
            rule_id("d_17_procedure_days"),
            Verdict.INFO,
            f"Prazo de {step} fixado pelo regulamento do táxi: {regulation.value} dias.",
            art(43),
            decision(17),
            params=(regulation,),
        )
    value = ctx.param(default, on)
    return value, reason(
        rule_id("d_17_procedure_days"),
        Verdict.INFO,
        f"O regulamento do táxi (art. 43) não fixou o prazo de {step}; usa-se o padrão da Lei "
        f"9.784/1999, art. {article}: {value.value} dias (decisão D-17).",
        art(43),
        decision(17),
        cite(LEI_9784, article),
        facts={"etapa": step, "padrão_usado": True},
        params=(value,),
    )


def d_4_deadline(
    ctx: Context, step: str, notified_on: dt.date, days: int
) -> tuple[dt.date, Reason]:
    """D-4: dias corridos, exclui o dia da notificação e inclui o último; último dia sem expediente
    passa ao próximo dia útil (Lei 9.784/1999, art. 66)."""
    last = ctx.calendar.deadline(notified_on, days)
    return last, reason(
        rule_id("d_4_deadline"),
        Verdict.INFO,
        f"Notificado em {fmt(notified_on)}: prazo de {step} de {days} dias termina em {fmt(last)}.",
        *DEADLINE_CITATIONS,
        facts={"notificação": notified_on, "dias": days, "último_dia": last},
    )


DEADLINE_SCHEMA: dict[str, Any] = closed(
    {"step": {"enum": list(STEPS)}, "notified_on": DATE}, required=["step", "notified_on"]
)


@question(
    "ipatinga.taxi-2017.appeal_deadline",
    law=LAW,
    title="Até quando vai o prazo de defesa ou de recurso num processo de táxi?",
    schema=DEADLINE_SCHEMA,
)
def deadline_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.appeal_deadline"
    notified = day(facts["notified_on"])
    step = facts["step"]

    def build() -> Decision:
        days, source = d_17_procedure_days(ctx, step, notified)
        last, counted = d_4_deadline(ctx, step, notified, int(days.value))
        default_used = bool(source.facts.get("padrão_usado"))
        outcome = {"step": step, "days": days.value, "deadline": last, "default_used": default_used}
        summary = f"Prazo de {step} até {fmt(last)}" + (
            " (padrão da Lei 9.784/1999, decisão D-17)." if default_used else "."
        )
        return decide(qid, ctx, outcome, [source, counted], summary)

    return answer(qid, ctx, notified, (art(43), decision(17)), build)


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
    fact: the holder's own on the permit, the auxiliary's, or the plate's without a permit."""
    earlier = [p for p in priors if (opt_day(p["committed_on"]) or committed) < committed]
    counted = [p for p in earlier if p.get("final")]
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


# --- art. 42: administrative measures ------------------------------------------------------------------


def art_42_suspension_limit(ctx: Context, target: str, days: int) -> Reason:
    """Art. 42, IV: suspensão do cadastro de taxista, e V: suspensão da permissão, limitadas a 90
    (noventa) dias corridos (D-10)."""
    limit = param(ctx, "suspension_max_days")
    inciso = "IV" if target == "cadastro" else "V"
    what = "do cadastro de taxista" if target == "cadastro" else "da permissão"
    return check(
        rule_id("art_42_suspension_limit"),
        days <= limit.value,
        f"Suspensão {what} por {days} dias, dentro do limite de {limit.value}.",
        f"Suspensão {what} por {days} dias; a lei limita a {limit.value} dias corridos.",
        art(42, inc=inciso),
        decision(10),
        facts={"dias": days, "alvo": target},
        params=(limit,),
    )


SUSPENSION_SCHEMA: dict[str, Any] = closed(
    {
        "target": {"enum": ["cadastro", "permissao"]},
        "days": {"type": "integer", "minimum": 1},
        "start": DATE,
    },
    required=["target", "days"],
)


@question(
    "ipatinga.taxi-2017.suspension",
    law=LAW,
    title="A suspensão do cadastro ou da permissão de táxi pode ter esta duração?",
    schema=SUSPENSION_SCHEMA,
)
def suspension_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.suspension"
    start = opt_day(facts.get("start")) or ctx.as_of

    def build() -> Decision:
        days = int(facts["days"])
        r = art_42_suspension_limit(ctx, facts["target"], days)
        ok = r.verdict is Verdict.OK
        outcome = {
            "allowed": ok,
            "ends_on": start + dt.timedelta(days=days - 1) if ok else None,
            "decided_by": deciders("penalty.suspension", ctx.as_of)[0],
        }
        return decide(qid, ctx, outcome, [r], "Duração admitida." if ok else "Acima do limite.")

    return answer(qid, ctx, start, (art(42),), build)


@dataclass(frozen=True)
class CountedInfraction:
    id: str
    committed_on: dt.date
    #: None: a conduct the law names without a nature (art. 16, 19, 44) the regulation has not
    #: classified yet — its points are pending like its fine.
    nature: Severity | None
    final: bool


def art_42_par_3_windows(
    infractions: Iterable[CountedInfraction], months: int
) -> list[tuple[dt.date, dt.date, list[CountedInfraction]]]:
    """Art. 42, §3º: a pontuação é computada no período de 12 meses subsequentes à data da primeira
    infração. Cada período começa na primeira infração ainda não contada e tem 12 meses, ambas as
    pontas incluídas (como a janela de D-1, mas ancorada na primeira infração, não na mais
    recente)."""
    ordered = sorted(infractions, key=lambda i: (i.committed_on, i.id))
    windows: list[tuple[dt.date, dt.date, list[CountedInfraction]]] = []
    for inf in ordered:
        if windows and inf.committed_on <= windows[-1][1]:
            windows[-1][2].append(inf)
            continue
        start = inf.committed_on
        windows.append((start, add_months(start, months) - dt.timedelta(days=1), [inf]))
    return windows


POINTS_SCHEMA: dict[str, Any] = closed(
    {
        "infractions": list_of(
            closed(
                {
                    "id": {"type": "string", "minLength": 1},
                    "committed_on": DATE,
                    # "": not classified yet (art. 43), the points pending.
                    "nature": {"enum": [*(s.value for s in Severity), ""]},
                    "final": {"type": "boolean"},
                },
                required=["id", "committed_on", "nature", "final"],
            )
        ),
    },
    required=["infractions"],
)


@question(
    "ipatinga.taxi-2017.points",
    law=LAW,
    title="Quantos pontos o taxista tem no período de 12 meses após a primeira infração?",
    schema=POINTS_SCHEMA,
)
def points_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.points"

    def build() -> Decision:
        all_infs = [
            CountedInfraction(
                i["id"],
                opt_day(i["committed_on"]) or ctx.as_of,
                Severity(i["nature"]) if i["nature"] else None,
                bool(i["final"]),
            )
            for i in facts["infractions"]
        ]
        counted = [i for i in all_infs if i.final and i.committed_on >= LAW_DATE]
        months = param(ctx, "points_window_months")
        reasons: list[Reason] = [
            reason(
                rule_id("d_1_final_only"),
                Verdict.INFO,
                f"{len(counted)} infração(ões) definitiva(s) contada(s); "
                f"{len(all_infs) - len(counted)} sem decisão definitiva (ou anterior à lei) "
                "não conta(m).",
                decision(1, note="só infrações com penalidade definitiva contam"),
                facts={"não_contadas": [i.id for i in all_infs if i not in counted]},
            ),
            reason(
                rule_id("art_42_par_3_window"),
                Verdict.INFO,
                f"Período de {months.value} meses a partir da primeira infração (art. 42, §3º); "
                "a lei prevalece sobre a janela de D-1, que terminaria na infração mais recente.",
                art(42, 3),
                params=(months,),
            ),
        ]
        windows = art_42_par_3_windows(counted, int(months.value))
        missing: set[Severity] = set()
        unclassified: list[str] = []
        out_windows: list[dict[str, Any]] = []
        for start, end, infs in windows:
            total: int | None = 0
            used: list[ParameterValue] = []
            for inf in infs:
                if inf.nature is None:
                    unclassified.append(inf.id)
                    total = None
                    continue
                value = optional_param(ctx, f"points_{inf.nature.value}", inf.committed_on)
                if value is None:
                    missing.add(inf.nature)
                    total = None
                    continue
                used.append(value)
                if total is not None:
                    total += int(value.value)
            out_windows.append(
                {"start": start, "end": end, "infractions": [i.id for i in infs], "points": total}
            )
            if total is not None:
                reasons.append(
                    reason(
                        rule_id("art_42_vii_points"),
                        Verdict.INFO,
                        f"De {fmt(start)} a {fmt(end)}: {total} ponto(s) ({len(infs)} infração(ões)).",
                        art(42, inc="VII"),
                        art(42, 3),
                        decision(10),
                        facts={"infrações": [i.id for i in infs]},
                        params=tuple({p.name: p for p in used}.values()),
                    )
                )
        if missing:
            names = ", ".join(SEVERITY_PT[s] for s in Severity if s in missing)
            reasons.append(
                reason(
                    rule_id("art_42_vii_points"),
                    Verdict.PENDING,
                    f"O regulamento não fixou os pontos por infração {names}; sem valor padrão.",
                    art(42, inc="VII"),
                    art(43),
                    decision(10),
                )
            )
        if unclassified:
            reasons.append(
                reason(
                    rule_id("art_42_vii_points"),
                    Verdict.PENDING,
                    "Infração(ões) sem natureza classificada pelo regulamento: "
                    f"{', '.join(unclassified)}; seus pontos dependem dela.",
                    art(42, inc="VII"),
                    art(43),
                    decision(10),
                    facts={"sem_natureza": unclassified},
                )
            )
        current = next((w for w in out_windows if w["start"] <= ctx.as_of <= w["end"]), None)
        outcome = {"windows": out_windows, "current": current}
        summary = (
            "Pontos pendentes de regulamento."
            if missing or unclassified
            else f"{current['points']} ponto(s) no período atual."
            if current
            else "Nenhum período de contagem em curso."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, ctx.as_of, (art(42, 3),), build)

"""Art. 6º: the permission granted by decree after a tender, its term, its extensions and the events
that end or suspend it (art. 6 §6, art. 2 XX–XXIII), and one more extension of the term.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import Requirement, check, reason
from outorga.law.schemas import closed, list_of, nullable
from outorga.law.windows import years_elapsed_on

from .._common import (
    DATE,
    LAW_ID,
    SERVICE_PT,
    SERVICES,
    art,
    day,
    decide,
    fmt,
    has_refusal,
    opt_day,
    param,
    yes_no,
)

# --- Art. 6º: grant by decree after a tender, term and extensions --------------------------------


@dataclass(frozen=True)
class Extension:
    years: int


@dataclass(frozen=True)
class PermitEvent:
    """Art. 2º, XX–XXIII and art. 6º §6º: what may happen to a permission during its term."""

    kind: str  # cancelamento | renuncia | reserva | substituicao | substituicao_emergencial
    on: dt.date
    written: bool


@dataclass(frozen=True)
class TenderFacts:
    """The tender a grant names: its service and the day it was homologated (None: not yet)."""

    service: str
    homologated_on: dt.date | None


@dataclass(frozen=True)
class PermitFacts:
    granted_on: dt.date
    by_decree: bool
    after_tender: bool
    term_years: int
    extensions: tuple[Extension, ...]
    events: tuple[PermitEvent, ...]
    service: str | None = None
    tender: TenderFacts | None = None

    @classmethod
    def from_json(cls, f: Mapping[str, Any]) -> PermitFacts:
        tender = f.get("tender")
        return cls(
            granted_on=day(f["granted_on"]),
            by_decree=bool(f["by_decree"]),
            after_tender=bool(f["after_tender"]),
            term_years=int(f["term_years"]),
            extensions=tuple(Extension(int(e["years"])) for e in f.get("extensions", ())),
            events=tuple(
                PermitEvent(e["kind"], day(e["on"]), bool(e.get("written", False)))
                for e in f.get("events", ())
            ),
            service=f.get("service"),
            tender=None
            if tender is None
            else TenderFacts(tender["service"], opt_day(tender.get("homologated_on"))),
        )


def art_6_grant_by_decree_after_tender(ctx: Context, p: PermitFacts) -> Reason:
    """Art. 6º, caput e §5º — a permissão é efetivada por Decreto do Poder Executivo, precedida de
    licitação."""
    return check(
        "art_6_grant_by_decree_after_tender",
        p.by_decree and p.after_tender,
        "Permissão outorgada por decreto, precedida de licitação.",
        "A permissão deve ser outorgada por decreto do Executivo, precedida de licitação.",
        art(6),
        art(6, 5),
        facts={"por_decreto": p.by_decree, "apos_licitacao": p.after_tender},
    )


def art_6_tender_precedes(ctx: Context, p: PermitFacts) -> Reason | None:
    """Art. 6º — "precedida de licitação": the tender the grant names is one of the permission's
    own service, concluded (homologated) by the day of the grant; one still open, homologated
    after the grant or run for the other service precedes nothing. None when the facts name no
    tender (:func:`art_6_grant_by_decree_after_tender` judges its absence)."""
    t = p.tender
    if t is None:
        return None
    same = p.service is None or t.service == p.service
    done = t.homologated_on is not None and t.homologated_on <= p.granted_on
    homologated = t.homologated_on

    def refused() -> str:
        if not same:
            return (
                f"A licitação é de {SERVICE_PT[SERVICES[t.service]]}, não de "
                f"{SERVICE_PT[SERVICES[str(p.service)]]}: não precede esta outorga."
            )
        if homologated is None:
            return f"A licitação não foi homologada: não precede a outorga de {fmt(p.granted_on)}."
        return (
            f"A licitação foi homologada em {fmt(homologated)}: não precede a outorga de "
            f"{fmt(p.granted_on)}."
        )

    return check(
        "art_6_tender_precedes",
        same and done,
        lambda: (
            f"Licitação homologada em {fmt(homologated)}: precede a outorga."
            if homologated is not None
            else ""
        ),
        refused,
        art(6),
        facts={
            "licitacao_servico": t.service,
            "homologada_em": homologated,
            "outorga": p.granted_on,
        },
    )


def art_6_initial_term(ctx: Context, p: PermitFacts) -> Reason:
    """Art. 6º — pelo prazo máximo de 10 (dez) anos."""
    limit = param(ctx, "permit.max_term_years", p.granted_on)
    return check(
        "art_6_initial_term",
        1 <= p.term_years <= limit.value,
        f"Prazo inicial de {p.term_years} anos (máximo {limit.value}).",
        f"Prazo inicial de {p.term_years} anos; o máximo é {limit.value} anos.",
        art(6),
        facts={"prazo_anos": p.term_years},
        params=(limit,),
    )


def art_6_extensions(ctx: Context, p: PermitFacts) -> Reason:
    """Art. 6º — prorrogável por até 03 (três) períodos de 05 (cinco) anos, a critério do Executivo."""
    count = param(ctx, "permit.max_extensions", p.granted_on)
    each = param(ctx, "permit.extension_years", p.granted_on)
    too_long = [e.years for e in p.extensions if not 1 <= e.years <= each.value]
    return check(
        "art_6_extensions",
        len(p.extensions) <= count.value and not too_long,
        f"{len(p.extensions)} prorrogação(ões), dentro do limite de {count.value} períodos de "
        f"até {each.value} anos.",
        f"Prorrogações acima do permitido ({len(p.extensions)} de até {count.value}; cada uma "
        f"de até {each.value} anos).",
        art(6),
        facts={"prorrogacoes": [e.years for e in p.extensions]},
        params=(count, each),
    )


#: Events that extinguish the permission (art. 2º XX: renúncia; art. 6º §6º: cancelamento).
ENDING_EVENTS = {"cancelamento": art(6, 6), "renuncia": art(2, inc="XX")}
OTHER_EVENTS = {
    "reserva": art(2, inc="XXI"),
    "substituicao": art(2, inc="XXII"),
    "substituicao_emergencial": art(2, inc="XXIII"),
}
EVENT_PT = {
    "cancelamento": "cancelamento",
    "renuncia": "renúncia",
    "reserva": "reserva",
    "substituicao": "substituição",
    "substituicao_emergencial": "substituição emergencial",
}


def art_6_par6_and_art_2_xx_xxiii_events(ctx: Context, p: PermitFacts) -> list[Reason]:
    """Art. 6º, §6º — o cancelamento é solicitado por escrito; art. 2º, XX — a renúncia extingue a
    autorização; XXI — na reserva a autorização não se extingue; XXII–XXIII — substituição
    (emergencial) de veículo não altera a permissão."""
    out = []
    for e in sorted(p.events, key=lambda e: e.on):
        if e.on > ctx.as_of:
            continue
        if e.kind == "cancelamento" and not e.written:
            out.append(
                reason(
                    "art_6_par6_written_cancellation",
                    Verdict.REFUSED,
                    f"Pedido de cancelamento de {fmt(e.on)} sem forma escrita: não produz efeito.",
                    art(6, 6),
                    facts={"evento": e},
                )
            )
        elif e.kind in ENDING_EVENTS:
            out.append(
                reason(
                    f"permit_event_{e.kind}",
                    Verdict.INFO,
                    f"Permissão extinta por {EVENT_PT[e.kind]} em {fmt(e.on)}.",
                    ENDING_EVENTS[e.kind],
                    facts={"evento": e},
                )
            )
        else:
            out.append(
                reason(
                    f"permit_event_{e.kind}",
                    Verdict.INFO,
                    f"{sentence(EVENT_PT[e.kind])} em {fmt(e.on)}; a permissão continua em vigor.",
                    OTHER_EVENTS[e.kind],
                    facts={"evento": e},
                )
            )
    return out


def ended_on(ctx: Context, p: PermitFacts) -> dt.date | None:
    ends = [
        e.on
        for e in p.events
        if e.on <= ctx.as_of and (e.kind == "renuncia" or (e.kind == "cancelamento" and e.written))
    ]
    return min(ends) if ends else None


PERMIT_SCHEMA: dict[str, Any] = closed(
    {
        "granted_on": DATE,
        "by_decree": {"type": "boolean"},
        "after_tender": {"type": "boolean"},
        "service": {"enum": list(SERVICES)},
        "tender": closed(
            {"service": {"enum": list(SERVICES)}, "homologated_on": nullable(DATE)},
            required=["service"],
        ),
        "term_years": {"type": "integer", "minimum": 0},
        "extensions": list_of(
            closed({"years": {"type": "integer", "minimum": 0}}, required=["years"])
        ),
        "events": list_of(
            closed(
                {
                    "kind": {"enum": [*ENDING_EVENTS, *OTHER_EVENTS]},
                    "on": DATE,
                    "written": {"type": "boolean"},
                },
                required=["kind", "on"],
            )
        ),
    },
    required=["granted_on", "by_decree", "after_tender", "term_years"],
)


@question(
    "ipatinga.mototaxi-2013.permit_term",
    law=LAW_ID,
    title="Até quando vale esta permissão e ela pode ser prorrogada?",
    schema=PERMIT_SCHEMA,
)
def permit_term(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º — term of a permission: expiry after the extensions granted, extensions left, and
    whether it is in force on ``as_of`` (art. 2º XX–XXIII, art. 6º §6º)."""
    p = PermitFacts.from_json(facts)
    reasons = [art_6_grant_by_decree_after_tender(ctx, p)]
    if (precedes := art_6_tender_precedes(ctx, p)) is not None:
        reasons.append(precedes)
    reasons += [art_6_initial_term(ctx, p), art_6_extensions(ctx, p)]
    count = param(ctx, "permit.max_extensions", p.granted_on)
    # Each period of extension counts from the term end it extends, as ``permit_extension``
    # adds it: from 29/02 the years run out on 01/03 and the next period counts from there.
    expires = years_elapsed_on(p.granted_on, p.term_years)
    for e in p.extensions:
        expires = years_elapsed_on(expires, e.years)
    valid = not has_refusal(reasons)
    reasons += art_6_par6_and_art_2_xx_xxiii_events(ctx, p)
    ended = ended_on(ctx, p)
    in_force = valid and ended is None and p.granted_on <= ctx.as_of <= expires
    left = max(count.value - len(p.extensions), 0)
    reasons.append(
        reason(
            "art_6_term_end",
            Verdict.INFO,
            f"Termo final em {fmt(expires)}; restam {left} prorrogação(ões) possíveis, "
            "a critério do Executivo.",
            art(6),
            facts={"outorga": p.granted_on, "termo_final": expires},
            params=(count,),
        )
    )
    summary = (
        f"Permissão em vigor até {fmt(expires)}."
        if in_force
        else f"Permissão não está em vigor em {fmt(ctx.as_of)}."
    )
    return decide(
        "ipatinga.mototaxi-2013.permit_term",
        ctx,
        {
            "valid": valid,
            "in_force": in_force,
            "expires_on": expires,
            "extensions_left": left,
            "ended_on": ended,
        },
        reasons,
        summary,
    )


# --- Art. 6º: one more extension of the term ---------------------------------------------------

#: Registry statuses a permission may be in when an extension is asked for, in the law's words.
PERMIT_STATUSES = ("ativa", "suspensa", "reserva", "revogada", "cassada", "extinta", "renunciada")
#: A permission that is not extinguished keeps its term running: the suspension is a temporary
#: interruption (art. 2º XXIV) and in the reserve the authorization is not extinguished (XXI).
LIVE_STATUSES = {
    "ativa": (art(6),),
    "suspensa": (art(2, inc="XXIV"),),
    "reserva": (art(2, inc="XXI"),),
}
#: What ended a permission that is no longer live, by the article that ends it.
ENDED_STATUSES = {
    "revogada": (art(31, inc="IV"),),
    "cassada": (art(2, inc="II"),),
    "extinta": (art(6), art(6, 6)),
    "renunciada": (art(2, inc="XX"),),
}
ENDED_PT = {
    "revogada": "foi revogada",
    "cassada": "foi cassada: a cassação a extinguiu",
    "extinta": "está extinta",
    "renunciada": "foi renunciada: a renúncia a extinguiu",
}


@dataclass(frozen=True)
class ExtensionFacts:
    granted_on: dt.date
    term_end: dt.date
    extensions_granted: int
    status: str
    executive_act: bool

    @classmethod
    def from_json(cls, f: Mapping[str, Any]) -> ExtensionFacts:
        return cls(
            granted_on=day(f["granted_on"]),
            term_end=day(f["term_end"]),
            extensions_granted=int(f["extensions_granted"]),
            status=f["status"],
            executive_act=bool(f["executive_act"]),
        )


EXTENSION_BY_EXECUTIVE_ACT = Requirement("art_6_extension_at_executive_discretion", art(6))


def art_6_extension_at_executive_discretion(ctx: Context, e: ExtensionFacts) -> Reason:
    """Art. 6º — prorrogável [...] a critério do Poder Executivo municipal: the extension is the
    Executive's decision, so it rests on an act of the Executive, never on the request alone."""
    return yes_no(
        EXTENSION_BY_EXECUTIVE_ACT,
        e.executive_act,
        "Prorrogação concedida por ato do Poder Executivo municipal, a seu critério.",
        "A prorrogação é concedida a critério do Poder Executivo municipal: informe o ato do "
        "Executivo (decreto ou despacho) que a concedeu.",
        fact="ato_do_executivo",
    )


def art_6_extension_count(ctx: Context, e: ExtensionFacts) -> Reason:
    """Art. 6º — prorrogável por até 03 (três) períodos: a fourth extension is refused. The
    parameters are those in force on the grant, the date of the conditions the permission was
    granted under."""
    count = param(ctx, "permit.max_extensions", e.granted_on)
    return check(
        "art_6_extension_count",
        e.extensions_granted < count.value,
        f"Será a {e.extensions_granted + 1}ª de até {count.value} prorrogações.",
        f"A permissão já teve {e.extensions_granted} prorrogação(ões): a lei admite até "
        f"{count.value} períodos de prorrogação.",
        art(6),
        facts={"prorrogacoes_concedidas": e.extensions_granted},
        params=(count,),
    )


def art_6_extension_while_the_term_runs(ctx: Context, e: ExtensionFacts) -> Reason:
    """Art. 6º — the permission lasts for its term: an extension prolongs a term still running
    (through its last day, as in ``ipatinga.mototaxi-2013.permit_term``). Once the term has ended there is no
    term left to extend; the law sets no earliest date for the extension."""
    on = ctx.as_of
    if on < e.granted_on:
        return reason(
            "art_6_extension_while_the_term_runs",
            Verdict.REFUSED,
            f"A permissão foi outorgada em {fmt(e.granted_on)}: não há prazo a prorrogar em "
            f"{fmt(on)}.",
            art(6),
            facts={"outorga": e.granted_on, "data": on},
        )
    return check(
        "art_6_extension_while_the_term_runs",
        on <= e.term_end,
        f"Prazo em curso até {fmt(e.term_end)}: a prorrogação o estende.",
        f"O prazo da permissão terminou em {fmt(e.term_end)}: prorroga-se apenas o prazo em "
        "curso; terminado, a permissão não se prorroga.",
        art(6),
        facts={"termo_final": e.term_end, "data": on},
    )


def art_6_extension_of_a_live_permission(ctx: Context, e: ExtensionFacts) -> Reason:
    """Art. 6º with art. 2º II (cassação extingue), XX (renúncia extingue), art. 31 IV
    (revogação) and art. 6º §6º (cancelamento, baixa no cadastro): only a permission not
    extinguished is extended. Suspended (art. 2º XXIV, a temporary interruption) or in reserve
    (art. 2º XXI, the authorization is not extinguished), it still has a term to extend."""
    if e.status in ENDED_STATUSES:
        return reason(
            "art_6_extension_of_a_live_permission",
            Verdict.REFUSED,
            f"A permissão {ENDED_PT[e.status]}; extinta, não há prazo a prorrogar.",
            *ENDED_STATUSES[e.status],
            facts={"situacao": e.status},
        )
    note = {
        "ativa": "Permissão ativa.",
        "suspensa": "Permissão suspensa: a suspensão é interrupção temporária e não a extingue.",
        "reserva": "Permissão em reserva: a autorização não é extinta.",
    }[e.status]
    return reason(
        "art_6_extension_of_a_live_permission",
        Verdict.OK,
        note,
        *LIVE_STATUSES[e.status],
        facts={"situacao": e.status},
    )


@question(
    "ipatinga.mototaxi-2013.permit_extension",
    law=LAW_ID,
    title="Esta permissão pode ser prorrogada por mais um período?",
    schema=closed(
        {
            "granted_on": DATE,
            "term_end": DATE,
            "extensions_granted": {"type": "integer", "minimum": 0},
            "status": {"enum": list(PERMIT_STATUSES)},
            "executive_act": {"type": "boolean"},
        },
        required=["granted_on", "term_end", "extensions_granted", "status", "executive_act"],
    ),
)
def permit_extension(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º — prorrogável por até 03 (três) períodos de 05 (cinco) anos, a critério do Poder
    Executivo municipal. One extension is one period of ``permit.extension_years`` (the law speaks
    of periods of five years), added to the term end in force on ``as_of``, the date of the
    extension."""
    e = ExtensionFacts.from_json(facts)
    each = param(ctx, "permit.extension_years", e.granted_on)
    count = param(ctx, "permit.max_extensions", e.granted_on)
    reasons = [
        art_6_extension_at_executive_discretion(ctx, e),
        art_6_extension_count(ctx, e),
        art_6_extension_while_the_term_runs(ctx, e),
        art_6_extension_of_a_live_permission(ctx, e),
    ]
    new_end = years_elapsed_on(e.term_end, each.value)
    may = not has_refusal(reasons)
    left = max(count.value - e.extensions_granted - (1 if may else 0), 0)
    reasons.append(
        reason(
            "art_6_extension_new_term_end",
            Verdict.INFO,
            f"Um período de {each.value} anos: o termo final passa de {fmt(e.term_end)} a "
            f"{fmt(new_end)}; restarão {left} prorrogação(ões)."
            if may
            else f"Termo final mantido em {fmt(e.term_end)}.",
            art(6),
            facts={"termo_final": e.term_end, "novo_termo_final": new_end if may else None},
            params=(each, count),
        )
    )
    return decide(
        "ipatinga.mototaxi-2013.permit_extension",
        ctx,
        {
            "may_extend": may,
            "extension_years": each.value,
            "term_end": e.term_end,
            "new_term_end": new_end if may else None,
            "extensions_after": e.extensions_granted + (1 if may else 0),
            "extensions_left": left,
        },
        reasons,
        f"Prorrogação por {each.value} anos: termo final em {fmt(new_end)}."
        if may
        else "Prorrogação recusada.",
    )

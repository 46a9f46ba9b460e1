"""Suspensions of the permission (art. 32, I with art. 2, XXIV; art. 32, §2º): what a
suspension rests on — the count of :mod:`.penalties`, never a free measure — and the return to
service after it is served, once the holder proves the irregularities mended."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common.suspension import PERMIT_SUSPENSION_SCHEMA
from outorga.law.context import Context
from outorga.law.decisions import Decision, Message, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason, verdict_only
from outorga.law.schemas import closed
from outorga.law.windows import years_elapsed_on

from ._common import (
    DATE,
    LAW_ID,
    art,
    day,
    decide,
    fmt,
    has_refusal,
    opt_day,
    param,
    param_set,
)
from .penalties import ART_32_I, ART_32_P2, SUSPENSION_PARAMS

# --- Art. 32, I with art. 2, XXIV: what a suspension of the permission rests on ----------------------

ART_2_XXIV = art(2, inc="XXIV")


def art_32_i_suspension_follows_the_count(
    ctx: Context, grounds: Mapping[str, Any] | None
) -> Reason:
    """Art. 32, I with art. 2, XXIV — a suspensão da permissão é "resultado de Processo
    Administrativo por infração legal ou regulamentar": 30 dias após 3 infrações graves ou
    gravíssimas em 12 meses, 15 dias após 3 leves e médias (D-1: only final ones count; D-2: not
    those that already caused a suspension). The authority applies it (art. 34), but does not
    choose it: without the count there is no suspension to apply. The other suspension of art. 2,
    XXIV — while the holder holds an elected or confidence post — is not a penalty and has its
    own act. One auto alone, however final, does not suspend a mototaxi permission."""
    counted = list((grounds or {}).get("infractions") or ())
    found = grounds is not None and grounds.get("kind") == "escalation" and bool(counted)
    # The count's numbers are the law's on the day of the fact (D-1, D-2), read where they are said.
    params = () if found or verdict_only() else param_set(ctx, SUSPENSION_PARAMS)

    def refused() -> str:
        window, threshold, light, serious = (p.value for p in params)
        return (
            f"A suspensão da permissão resulta do processo por infração: {threshold} infrações "
            f"definitivas em {window} meses, contadas pelo sistema, dão {light} dias de "
            f"suspensão, ou {serious} se forem graves ou gravíssimas, e a autoridade a impõe na "
            "fila de fiscalização; sem essa contagem não há suspensão a aplicar (a suspensão "
            "enquanto o permissionário exerce cargo eletivo ou de confiança tem ato próprio)."
        )

    return check(
        "art_32_i_suspension_follows_the_count",
        found,
        lambda: f"Suspensão decorrente da contagem de infrações definitivas: {', '.join(counted)}.",
        refused,
        ART_32_I,
        ART_2_XXIV,
        decision(1),
        decision(2),
        facts={"fundamento": dict(grounds) if grounds else None},
        params=params,
    )


def art_32_i_suspension_days_of_the_count(days: int, grounds: Mapping[str, Any]) -> Reason:
    """Art. 32, I — "suspensão da permissão por 30 (trinta) dias ... ou de suspensão de 15
    (quinze) dias": the length is the one the count gave (D-2), never another the authority
    picks."""
    counted_days = int(grounds.get("days") or 0)
    return check(
        "art_32_i_suspension_days_of_the_count",
        days == counted_days,
        lambda: f"Suspensão por {days} dias, a que a contagem determina.",
        lambda: (
            f"A contagem das infrações determina {counted_days} dias de suspensão; a lei não "
            f"admite {days}."
        ),
        ART_32_I,
        decision(2),
        facts={"dias": days, "dias_da_contagem": counted_days},
    )


def _starts_on_or_after(
    rule: str,
    start: dt.date,
    earliest: dt.date | None,
    ok: Message,
    refused: Message,
    *citations: Citation,
    fact: str,
) -> Reason:
    """A suspension whose first day, ``start``, is not before ``earliest``, a day its grounds give
    (recorded under ``fact``); grounds without that day hold it to none."""
    return check(
        rule,
        earliest is None or start >= earliest,
        ok,
        refused,
        *citations,
        facts={"inicio": start, fact: earliest},
    )


def art_32_i_not_before_the_count(start: dt.date, grounds: Mapping[str, Any]) -> Reason:
    """Art. 32, I with D-1 — "após o condutor atingir 03 (três) infrações": the suspension exists
    from the day the count is reached, the day the last counted infraction's penalty became final
    (``final_on``). The authority chooses the first day (art. 34), never one before that: it would
    be served, backdated, while the defence or the appeal of a counted auto still ran."""
    final_on = opt_day(grounds.get("final_on"))
    return _starts_on_or_after(
        "art_32_i_not_before_the_count",
        start,
        final_on,
        lambda: f"A suspensão começa em {fmt(start)}, com a contagem já definitiva.",
        lambda: (
            f"A contagem do art. 32, I, tornou-se definitiva em "
            f"{fmt(final_on) if final_on else '?'} (a última infração contada): a suspensão não "
            f"começa antes ({fmt(start)}), quando a defesa ou o recurso ainda corriam."
        ),
        ART_32_I,
        decision(1),
        fact="contagem_definitiva_em",
    )


ART_34 = art(34)
ART_43 = art(43)


def art_32_i_not_before_the_decision(start: dt.date, grounds: Mapping[str, Any]) -> Reason:
    """Art. 2, XXIV with art. 34 and art. 43 — the suspension is a "proibição da prestação do
    serviço por um período de tempo determinado pela SESUMA, como resultado de Processo
    Administrativo": the period is the one the SESUMA's decision (art. 34) determines, and that
    decision reaches the holder by its notice (art. 43), never dated before it (D-4). So the
    period runs from the day it is decided, at the earliest (ADR 0085, as ADR 0067 for the taxi):
    begun before, its first days would count as served days the holder worked unaware of it, and
    a breach of it — a cause of cassação (art. 32, III, e) — would be a breach of what he could
    not know. Asked where the day of the decision is given (``decided_on``)."""
    decided_on = opt_day(grounds.get("decided_on"))
    return _starts_on_or_after(
        "art_32_i_not_before_the_decision",
        start,
        decided_on,
        lambda: (
            f"A suspensão começa em {fmt(start)}, a partir da decisão de "
            f"{fmt(decided_on) if decided_on else '?'}."
        ),
        lambda: (
            f"A suspensão da permissão não pode começar ({fmt(start)}) antes do dia da decisão "
            f"que a aplica ({fmt(decided_on) if decided_on else '?'}): o período é determinado "
            "pela SESUMA no processo e vale a partir da decisão, notificada ao permissionário, "
            "sem efeito retroativo (art. 2, XXIV; art. 34; art. 43)."
        ),
        ART_2_XXIV,
        ART_34,
        ART_43,
        fact="decidida_em",
    )


def art_32_i_not_inside_an_earlier_suspension(start: dt.date, grounds: Mapping[str, Any]) -> Reason:
    """Art. 32, I — "suspensão da permissão por 30 (trinta) dias ... ou de suspensão de 15
    (quinze) dias": the days are served in full. A suspension imposed after the permission came
    back from an earlier one (art. 32 §2, ``active_again_on``) starts on that day at the earliest:
    begun before it, its first days would be days the permission was already suspended, served
    twice at once, and it would be shorter than the law orders."""
    back = opt_day(grounds.get("active_again_on"))
    return _starts_on_or_after(
        "art_32_i_not_inside_an_earlier_suspension",
        start,
        back,
        lambda: f"A suspensão começa em {fmt(start)}, depois da suspensão anterior.",
        lambda: (
            f"A permissão esteve suspensa até voltar à atividade em "
            f"{fmt(back) if back else '?'}: a nova suspensão não começa antes ({fmt(start)}), "
            "nos dias da anterior — cada suspensão é cumprida por inteiro."
        ),
        ART_32_I,
        fact="ativa_de_novo_em",
    )


@question(
    "ipatinga.mototaxi-2013.permit_suspension",
    law=LAW_ID,
    title="A suspensão da permissão tem o fundamento que a lei exige?",
    schema=PERMIT_SUSPENSION_SCHEMA,
)
def permit_suspension(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 32, I and art. 2, XXIV: a suspension of the permission by penalty only follows the
    count of final infractions (D-1, D-2), for the days it gives."""
    days = int(facts["days"])
    grounds = facts.get("grounds")
    reasons = [art_32_i_suspension_follows_the_count(ctx, grounds)]
    if grounds is not None and not has_refusal(reasons):
        reasons.append(art_32_i_suspension_days_of_the_count(days, grounds))
        reasons.append(art_32_i_not_before_the_count(day(facts["start"]), grounds))
        if "decided_on" in grounds:
            reasons.append(art_32_i_not_before_the_decision(day(facts["start"]), grounds))
        reasons.append(art_32_i_not_inside_an_earlier_suspension(day(facts["start"]), grounds))
    ok = not has_refusal(reasons)
    return decide(
        "ipatinga.mototaxi-2013.permit_suspension",
        ctx,
        {"allowed": ok},
        reasons,
        "Suspensão fundada na contagem do art. 32, I."
        if ok
        else "Suspensão recusada (art. 32, I): "
        + " ".join(r.message for r in reasons if r.verdict is Verdict.REFUSED),
    )


# --- Art. 32, I with art. 34 and art. 2, XXV: the suspension of the auxiliary's credential --------

ART_2_XXV = art(2, inc="XXV")
ART_32_IV = art(32, inc="IV")
ART_32_IV_C = art(32, inc="IV", ali="c")
ART_32_P3 = art(32, 3)
#: The numbers of the count of art. 32, I the refusal of an auxiliary's suspension says (D-1, D-2).
AUXILIARY_COUNT_PARAMS = ("penalties.suspension_threshold", "penalties.window_months")


def art_32_iv_par3_auxiliary_credential_cassado(
    ctx: Context, start: dt.date, cassado_on: dt.date
) -> Reason:
    """Art. 32, IV and §3 — the credential cassado is taken from the auxiliary ("devolução
    compulsória do Registro", art. 2, III) and no other is had for two years: from the day of the
    cassação there is no credential left to suspend (art. 2, XXV), whatever his count. A cassação
    after the suspension's first day does not undo a suspension that began before it."""
    years = param(ctx, "person.cassation_bar_years")
    free_on = years_elapsed_on(cassado_on, years.value)
    return check(
        "art_32_iv_par3_auxiliary_credential_cassado",
        cassado_on > start,
        lambda: (
            f"Credenciamento cassado em {fmt(cassado_on)}, depois do início da suspensão "
            f"({fmt(start)})."
        ),
        lambda: (
            f"O credenciamento deste condutor auxiliar foi cassado em {fmt(cassado_on)} "
            "(art. 32, IV): não há credenciamento a suspender. Ele só poderá obter outro a partir "
            f"de {fmt(free_on)}, decorridos {years.value} anos da cassação (art. 32, §3º)."
        ),
        ART_32_IV,
        ART_32_P3,
        facts={"cassado_em": cassado_on, "inicio": start},
        params=(years,),
    )


def art_32_i_auxiliary_suspension_follows_his_count(
    ctx: Context, auxiliary: str, grounds: Mapping[str, Any]
) -> Reason:
    """Art. 32 caput and I with art. 34 and art. 2, XXV (ADR 0088) — the suspension of an
    auxiliary's credential is the penalty of his own count of art. 32, I (D-1, D-2): his, not
    another auxiliary's nor the holder's (whose count suspends the permission)."""
    counted = list(grounds.get("infractions") or ())
    found = (
        grounds.get("kind") == "escalation"
        and grounds.get("target") == "credenciamento"
        and grounds.get("auxiliary") == auxiliary
        and bool(counted)
    )
    # The count's numbers are the law's on the day of the fact (D-1, D-2), read where they are said.
    params = () if found or verdict_only() else param_set(ctx, AUXILIARY_COUNT_PARAMS)

    def refused() -> str:
        threshold, window = (p.value for p in params)
        return (
            "A suspensão do credenciamento do condutor auxiliar resulta da contagem das infrações "
            f"definitivas dele ({threshold} em {window} meses); sem essa contagem não há "
            "suspensão a aplicar."
        )

    return check(
        "art_32_i_auxiliary_suspension_follows_his_count",
        found,
        lambda: (
            "Suspensão do credenciamento decorrente da contagem do próprio condutor auxiliar: "
            f"{', '.join(counted)}."
        ),
        refused,
        ART_32_I,
        ART_34,
        ART_2_XXV,
        decision(1),
        decision(2),
        facts={"auxiliar": auxiliary, "fundamento": dict(grounds)},
        params=params,
    )


def art_2_xxv_auxiliary_not_before_the_decision(
    start: dt.date, grounds: Mapping[str, Any]
) -> Reason:
    """Art. 2, XXV with art. 34 and art. 43 — the "suspensão do condutor" is a prohibition of
    driving "por um período de tempo determinado pela SESUMA": the period runs from the SESUMA's
    decision at the earliest, notified to the auxiliary (ADR 0085 for the permission; ADR 0088):
    begun before, a breach of it (art. 32, IV, c) would be of what he could not know."""
    decided_on = opt_day(grounds.get("decided_on"))
    return _starts_on_or_after(
        "art_2_xxv_auxiliary_not_before_the_decision",
        start,
        decided_on,
        lambda: f"A suspensão do credenciamento começa em {fmt(start)}, a partir da decisão.",
        lambda: (
            f"A suspensão do credenciamento não pode começar ({fmt(start)}) antes do dia da "
            f"decisão que a aplica ({fmt(decided_on) if decided_on else '?'}): o período é "
            "determinado pela SESUMA e vale a partir da decisão, notificada ao condutor "
            "auxiliar, sem efeito retroativo (art. 2, XXV; art. 34; art. 43)."
        ),
        ART_2_XXV,
        ART_34,
        ART_43,
        fact="decidida_em",
    )


def art_32_i_auxiliary_not_inside_an_earlier_suspension(
    start: dt.date, grounds: Mapping[str, Any]
) -> Reason:
    """Art. 32, I — the days are served in full: a new suspension of the auxiliary's credential
    starts after the last day of his earlier one (``previous_end``)."""
    previous = opt_day(grounds.get("previous_end"))
    return _starts_on_or_after(
        "art_32_i_auxiliary_not_inside_an_earlier_suspension",
        start,
        previous + dt.timedelta(days=1) if previous else None,
        lambda: (
            f"A suspensão do credenciamento começa em {fmt(start)}, "
            + ("depois da anterior." if previous else "sem suspensão anterior em curso.")
        ),
        lambda: (
            "O credenciamento do condutor auxiliar está suspenso até "
            f"{fmt(previous) if previous else '?'}: a nova suspensão não começa antes do fim da "
            f"anterior ({fmt(start)}) — cada suspensão é cumprida por inteiro."
        ),
        ART_32_I,
        fact="inicio_possivel",
    )


AUXILIARY_SUSPENSION_SCHEMA: dict[str, Any] = closed(
    {
        "auxiliary": {"type": "string", "minLength": 1},
        "days": {"type": "integer", "minimum": 1},
        "start": DATE,
        "grounds": closed(
            {
                "kind": {"type": "string"},
                "target": {"type": "string"},
                "auxiliary": {"type": ["string", "null"]},
                "days": {"type": "integer"},
                "infractions": {"type": "array", "items": {"type": "string"}},
                "final_on": DATE,
                "decided_on": DATE,
                "previous_end": DATE,
            },
            required=["kind", "days", "infractions"],
        ),
        # The day his credential was cassado (art. 32, IV; §3), from the registry, if it was.
        "credential_cassado_on": DATE,
    },
    required=["auxiliary", "days", "start", "grounds"],
)


@question(
    "ipatinga.mototaxi-2013.auxiliary_suspension",
    law=LAW_ID,
    title="A suspensão do credenciamento do condutor auxiliar tem o fundamento que a lei exige?",
    schema=AUXILIARY_SUSPENSION_SCHEMA,
)
def auxiliary_suspension(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 32 caput and I, art. 34 and art. 2, XXV (ADR 0088): the suspension of the auxiliary's
    credential follows his own count, for its days, from the day it is decided at the earliest,
    not inside his earlier one; it ends with its period (no proof of art. 32, §2). A credential
    cassado on or before its first day is not suspended (art. 32, IV and §3)."""
    days = int(facts["days"])
    start = day(facts["start"])
    grounds = facts["grounds"]
    cassado_on = opt_day(facts.get("credential_cassado_on"))
    reasons = (
        [art_32_iv_par3_auxiliary_credential_cassado(ctx, start, cassado_on)]
        if cassado_on is not None
        else []
    )
    if not has_refusal(reasons):
        reasons.append(
            art_32_i_auxiliary_suspension_follows_his_count(ctx, facts["auxiliary"], grounds)
        )
    if not has_refusal(reasons):
        reasons.append(art_32_i_suspension_days_of_the_count(days, grounds))
        reasons.append(art_32_i_not_before_the_count(start, grounds))
        if "decided_on" in grounds:
            reasons.append(art_2_xxv_auxiliary_not_before_the_decision(start, grounds))
        reasons.append(art_32_i_auxiliary_not_inside_an_earlier_suspension(start, grounds))
    ok = not has_refusal(reasons)
    ends_on = start + dt.timedelta(days=days - 1)
    return decide(
        "ipatinga.mototaxi-2013.auxiliary_suspension",
        ctx,
        {"allowed": ok, "ends_on": ends_on},
        reasons,
        f"Suspensão do credenciamento do condutor auxiliar de {fmt(start)} a {fmt(ends_on)} "
        "(art. 32, I; art. 34; art. 2, XXV)."
        if ok
        else "Suspensão do credenciamento recusada: "
        + " ".join(r.message for r in reasons if r.verdict is Verdict.REFUSED),
    )


def art_32_iv_c_operated_while_suspended(
    periods: list[tuple[dt.date, dt.date]], autos: list[tuple[str, dt.date]]
) -> Reason:
    """Art. 32, IV, c — "não cumprir a penalidade de suspensão do credenciamento de condutor
    auxiliar", from the records (ADR 0088): an auto against the auxiliary committed on a day of a
    suspension of his credential (first and last day) shows him operating in service while
    forbidden to (art. 2, XXV). It is the cause of a proposal only: the Chief Executive decides
    after his defence (art. 34, §1º–§2º)."""
    found = [(n, on, start, end) for n, on in autos for start, end in periods if start <= on <= end]
    said = "; ".join(
        f"auto {n} de {fmt(on)}, lavrado contra ele durante a suspensão do credenciamento "
        f"({fmt(start)} a {fmt(end)})"
        for n, on, start, end in found
    )
    return reason(
        "art_32_iv_c_operated_while_suspended",
        Verdict.INFO if found else Verdict.OK,
        f"Descumprimento da suspensão do credenciamento: {said}."
        if found
        else "Nenhum auto contra o condutor auxiliar durante a suspensão do seu credenciamento.",
        ART_32_IV_C,
        ART_2_XXV,
        facts={"autos": [n for n, *_ in found]},
    )


BREACH_SCHEMA: dict[str, Any] = closed(
    {
        "credential_suspensions": {
            "type": "array",
            "items": closed({"start": DATE, "end": DATE}, required=["start", "end"]),
        },
        "autos_against_him": {
            "type": "array",
            "items": closed(
                {"id": {"type": "string", "minLength": 1}, "committed_on": DATE},
                required=["id", "committed_on"],
            ),
        },
    },
    required=["credential_suspensions", "autos_against_him"],
)


@question(
    "ipatinga.mototaxi-2013.auxiliary_suspension_breach",
    law=LAW_ID,
    title="O condutor auxiliar descumpriu a suspensão do seu credenciamento?",
    schema=BREACH_SCHEMA,
)
def auxiliary_suspension_breach(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 32, IV, c with art. 2, XXV: the autos against the auxiliary inside a suspension of his
    credential, the cause of a cassação proposal (``breached`` and which autos)."""
    periods = [(day(p["start"]), day(p["end"])) for p in facts["credential_suspensions"]]
    autos = [(a["id"], day(a["committed_on"])) for a in facts["autos_against_him"]]
    r = art_32_iv_c_operated_while_suspended(periods, autos)
    breached = r.verdict is Verdict.INFO
    return decide(
        "ipatinga.mototaxi-2013.auxiliary_suspension_breach",
        ctx,
        {"breached": breached, "autos": r.facts["autos"]},
        [r],
        r.message,
    )


# --- Art. 32, §2º: return after a suspension served ----------------------------------------------------


def art_32_par2_served(started_on: dt.date, until: dt.date, on: dt.date) -> Reason:
    """Art. 32, §2º — "Cumprida a suspensão da permissão": the return comes only after the last
    day of the suspension."""
    return check(
        "art_32_par2_served",
        on > until,
        lambda: f"Suspensão de {fmt(started_on)} a {fmt(until)} cumprida.",
        lambda: f"A suspensão vai até {fmt(until)}: o retorno só depois de cumprida.",
        ART_32_P2,
        facts={"inicio": started_on, "fim": until, "retorno": on},
    )


def art_32_par2_proof(
    description: str, document: Mapping[str, Any] | None, started_on: dt.date, on: dt.date
) -> Reason:
    """Art. 32, §2º — o permissionário deverá apresentar-se ao Órgão Municipal de Trânsito,
    comprovando terem sido sanadas as irregularidades que lhe deram causa. "Comprovando" asks for
    proof, not a statement: what was remedied, said in words, and a document recorded in the
    registry that shows it, presented for this return — from the first day of the suspension up
    to the day of the return (an older paper cannot show a remedy of what the suspension
    punished)."""
    described = bool(description.strip())
    presented = day(document["presented_on"]) if document else None
    dated = presented is not None and started_on <= presented <= on
    missing = []
    if not described:
        missing.append("a descrição das irregularidades sanadas")
    if document is None:
        missing.append("o documento comprobatório registrado no cadastro")
    elif not dated:
        missing.append(
            f"um documento apresentado entre {fmt(started_on)} (início da suspensão) e "
            f"{fmt(on)} (o apresentado em {fmt(presented) if presented else '?'} não serve)"
        )
    return check(
        "art_32_par2_proof",
        not missing,
        lambda: (
            "Comprovado que as irregularidades que deram causa à suspensão foram sanadas: "
            f"{description.strip()} (documento apresentado em "
            f"{fmt(presented) if presented else '?'})."
        ),
        lambda: (
            "Para voltar a operar o permissionário deve comprovar que sanou as irregularidades que "
            "deram causa à suspensão; falta " + "; ".join(missing) + "."
        ),
        ART_32_P2,
        facts={
            "descricao": description.strip(),
            "documento": dict(document) if document else None,
            "inicio_da_suspensao": started_on,
        },
    )


RETURN_SCHEMA: dict[str, Any] = closed(
    {
        "suspension_started_on": DATE,
        "suspended_until": DATE,
        "returned_on": DATE,
        "proof": closed(
            {
                "description": {"type": "string"},
                "document": closed(
                    {
                        "id": {"type": "integer"},
                        "kind": {"type": "string", "minLength": 1},
                        "presented_on": DATE,
                    },
                    required=["id", "kind", "presented_on"],
                ),
            },
            required=["description"],
        ),
    },
    required=["suspension_started_on", "suspended_until", "returned_on", "proof"],
)


@question(
    "ipatinga.mototaxi-2013.suspension_return",
    law=LAW_ID,
    title="O permissionário suspenso pode voltar a operar (suspensão cumprida e comprovação)?",
    schema=RETURN_SCHEMA,
)
def suspension_return(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 32, §2º: back to active only after the suspension is served and with the proof that
    the irregularities that caused it were remedied."""
    started = day(facts["suspension_started_on"])
    until = day(facts["suspended_until"])
    on = day(facts["returned_on"])
    proof = facts["proof"]
    reasons = [
        art_32_par2_served(started, until, on),
        art_32_par2_proof(proof["description"], proof.get("document"), started, on),
    ]
    ok = not has_refusal(reasons)
    return decide(
        "ipatinga.mototaxi-2013.suspension_return",
        ctx,
        {"may_return": ok},
        reasons,
        "Retorno admitido (art. 32, §2º)."
        if ok
        else "Retorno recusado (art. 32, §2º): "
        + " ".join(r.message for r in reasons if r.verdict is Verdict.REFUSED),
    )

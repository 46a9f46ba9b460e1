"""Art. 42, IV–V and VII, §3º: the length of a suspension (D-10) and the points counted in the 12
months after the first infraction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.suspension import PERMIT_SUSPENSION_SCHEMA
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of
from outorga.law.windows import months_elapsed_on

from .._base import (
    DATE,
    LAW,
    LAW_DATE,
    SEVERITY_PT,
    Severity,
    answer,
    art,
    decide,
    deciders,
    fmt,
    has_refusal,
    opt_day,
    optional_param,
    param,
    rule_id,
)

# --- art. 42: administrative measures ------------------------------------------------------------------


#: Art. 42, IV and V: each suspension has its own limit (both 90 days in the law's text).
SUSPENSION_MAX_DAYS = {
    "cadastro": "registration_suspension_max_days",
    "permissao": "permit_suspension_max_days",
}


def art_42_suspension_limit(ctx: Context, target: str, days: int) -> Reason:
    """Art. 42, IV: suspensão do cadastro de taxista, e V: suspensão da permissão, limitadas a 90
    (noventa) dias corridos (D-10)."""
    inciso = "IV" if target == "cadastro" else "V"
    limit = param(ctx, SUSPENSION_MAX_DAYS[target])
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
        # The day the authority decides (the act's day): who decides is the authority competent
        # then (D-15 judges the fact by its day, not who decides it; ADR 0067).
        "decided_on": DATE,
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
    # The limit is the law's of the day of the fact (``ctx.as_of``, D-15); who decides is the
    # authority of the day of the act, the one who actually decides (ADR 0067).
    decided_on = opt_day(facts.get("decided_on")) or ctx.as_of

    def build() -> Decision:
        days = int(facts["days"])
        r = art_42_suspension_limit(ctx, facts["target"], days)
        ok = r.verdict is Verdict.OK
        outcome = {
            "allowed": ok,
            "ends_on": start + dt.timedelta(days=days - 1) if ok else None,
            "decided_by": deciders("penalty.suspension", decided_on)[0],
        }
        return decide(qid, ctx, outcome, [r], "Duração admitida." if ok else "Acima do limite.")

    return answer(qid, ctx, start, (art(42),), build)


#: What each suspension of art. 42 suspends, by its inciso: IV the taxista's inscription in the
#: Cadastro (art. 20), V the permission.
SUSPENDED = {"cadastro": ("IV", "do cadastro de taxista"), "permissao": ("V", "da permissão")}


def art_41_caput_d_1_on_a_final_auto(
    grounds: Mapping[str, Any] | None, target: str = "permissao"
) -> Reason:
    """Art. 41, caput — penalties "observados o contraditório e a ampla defesa"; art. 42, IV: the
    suspension of the taxista's inscription, and V: of the permission, are measures against an
    infractor. D-1: either applies on one infraction whose process is over (no defence or appeal
    pending, every deadline lapsed, or confirmed on appeal). Without a final auto there is
    nothing the suspension punishes; the mototaxi count (art. 32 I) is no ground under this law."""
    inciso, what = SUSPENDED[target]
    auto = (grounds or {}).get("auto") or ""
    is_auto = grounds is not None and grounds.get("kind") == "auto" and bool(auto)
    final = is_auto and bool(grounds and grounds.get("final"))
    if not is_auto:
        refused = (
            f"A suspensão {what} pune uma infração: informe o auto de infração definitivo desta "
            f"permissão (suspensão pela fiscalização, art. 42, {inciso})."
        )
    else:
        refused = (
            f"O auto {auto} ainda não é definitivo (defesa ou recurso pendente, ou prazo em "
            f"curso): a suspensão {what} só se aplica depois, observados o contraditório e a "
            "ampla defesa (art. 41, caput)."
        )
    return check(
        rule_id("art_41_caput_d_1_on_a_final_auto"),
        final,
        lambda: f"Suspensão {what} sobre o auto {auto}, definitivo.",
        refused,
        art(41),
        art(42, inc=inciso),
        decision(1),
        facts={"auto": auto or None, "definitivo": final, "alvo": target},
    )


def art_41_caput_d_1_not_before_final(
    start: dt.date, auto: str, final_on: dt.date | None, target: str = "permissao"
) -> Reason:
    """Art. 41, caput with D-1 — a suspension (art. 42, IV or V) may not start on a day the
    infraction's process was still running: it would be served, backdated, while the defence or
    appeal was open."""
    inciso, what = SUSPENDED[target]
    return check(
        rule_id("art_41_caput_d_1_not_before_final"),
        final_on is None or start >= final_on,
        lambda: f"A suspensão {what} começa em {fmt(start)}, com o auto {auto} já definitivo.",
        lambda: (
            f"O auto {auto} tornou-se definitivo em {fmt(final_on) if final_on else '?'}: a "
            f"suspensão {what} não começa antes ({fmt(start)}), quando a defesa ou o recurso "
            "ainda corriam (art. 41, caput)."
        ),
        art(41),
        art(42, inc=inciso),
        decision(1),
        facts={"inicio": start, "definitivo_em": final_on, "alvo": target},
    )


def art_42_iv_v_not_before_the_decision(
    start: dt.date, decided_on: dt.date, target: str = "permissao"
) -> Reason:
    """Art. 42, IV and V — the suspension is a measure the authority applies: it takes effect
    from the day it is decided, never before (ADR 0067). A start before the decision would count
    as served days the taxista was free to work, shortening the suspension the law limits to 90
    days, and would run before the person could know of it."""
    inciso, what = SUSPENDED[target]
    return check(
        rule_id("art_42_iv_v_not_before_the_decision"),
        start >= decided_on,
        lambda: (
            f"A suspensão {what} começa em {fmt(start)}, a partir da decisão de {fmt(decided_on)}."
        ),
        lambda: (
            f"A suspensão {what} não pode começar ({fmt(start)}) antes do dia da decisão "
            f"({fmt(decided_on)}): a medida vale a partir de quando é decidida, sem efeito "
            f"retroativo (art. 42, {inciso})."
        ),
        art(42, inc=inciso),
        facts={"inicio": start, "decidida_em": decided_on, "alvo": target},
    )


#: Who the inscription suspended is, as the refusal names them.
WHOSE = {"titular": "pelo titular", "auxiliar": "por este auxiliar"}


def art_42_iv_the_offenders_inscription(auto: str, committed: bool, role: str | None) -> Reason:
    """Art. 42, IV — "suspensão do cadastro de taxista": a measure against the infractor, so it
    suspends the inscription of the taxista (holder or auxiliary) who committed the infraction
    of the auto, never another taxista's of the same permission."""
    whom = WHOSE.get(role or "", "por este taxista")
    return check(
        rule_id("art_42_iv_the_offenders_inscription"),
        committed,
        lambda: f"O auto {auto} foi cometido {whom}.",
        lambda: (
            f"O auto {auto} não foi cometido {whom}: a suspensão do cadastro pune o taxista "
            "infrator (art. 42, IV)."
        ),
        art(42, inc="IV"),
        facts={"auto": auto, "cometido_pelo_suspenso": committed, "suspenso": role},
    )


#: What the earlier suspension of each kind suspended, as the refusal of a second one names it.
SUSPENDED_BEFORE = {"cadastro": "do cadastro deste taxista", "permissao": "da permissão"}


def art_42_caput_the_same_measure_not_twice(
    auto: str, target: str, offender: str | None, backed: Iterable[Mapping[str, Any]]
) -> Reason:
    """Art. 42, caput — the measures "poderão ser aplicadas individual ou cumulativamente":
    different measures together on one infraction, not the same one twice. One final auto backs
    one suspension of the permission (V) and one of each offender's inscription (IV), even after
    the first has run out; another infraction backs another. ``backed``: the suspensions the
    auto already backs (``target``, ``start``, and for IV the ``offender``)."""
    inciso, _what = SUSPENDED[target]
    what = SUSPENDED_BEFORE[target]
    same = sorted(
        day
        for b in backed
        if b["target"] == target and (target == "permissao" or b.get("offender") == offender)
        for day in [opt_day(b["start"])]
        if day is not None
    )
    earlier_on = same[0] if same else None
    return check(
        rule_id("art_42_caput_the_same_measure_not_twice"),
        earlier_on is None,
        lambda: f"O auto {auto} ainda não fundamenta a suspensão {what}.",
        lambda: (
            f"O auto {auto} já fundamenta a suspensão {what} iniciada em "
            f"{fmt(earlier_on) if earlier_on else '?'}: a mesma infração não sustenta a mesma "
            "medida duas vezes (art. 42, caput: medidas aplicadas individual ou "
            "cumulativamente)."
        ),
        art(42),
        art(42, inc=inciso),
        facts={"auto": auto, "alvo": target, "mesma_medida_desde": earlier_on},
    )


def _suspension_on_a_final_auto(
    qid: str, ctx: Context, facts: Mapping[str, Any], target: str
) -> Decision:
    """Art. 41 caput, art. 42 IV or V, D-1: the suspension of ``target`` on one final auto, from
    the day it became final at the earliest, and not the second of its kind that auto backs
    (art. 42 caput) — one reading for both suspensions."""
    start = opt_day(facts["start"]) or ctx.as_of
    inciso, what = SUSPENDED[target]

    def build() -> Decision:
        grounds = facts.get("grounds")
        reasons = [art_41_caput_d_1_on_a_final_auto(grounds, target)]
        if (
            target == "cadastro"
            and grounds is not None
            and "committed_by_the_suspended" in grounds
            and not has_refusal(reasons)
        ):
            reasons.append(
                art_42_iv_the_offenders_inscription(
                    grounds["auto"],
                    bool(grounds["committed_by_the_suspended"]),
                    grounds.get("suspended_role"),
                )
            )
        if grounds is not None and "suspensions_backed" in grounds and not has_refusal(reasons):
            reasons.append(
                art_42_caput_the_same_measure_not_twice(
                    grounds["auto"],
                    target,
                    grounds.get("offender"),
                    grounds["suspensions_backed"],
                )
            )
        if grounds is not None and not has_refusal(reasons):
            final_on = opt_day(grounds.get("final_on"))
            reasons.append(
                art_41_caput_d_1_not_before_final(start, grounds["auto"], final_on, target)
            )
        decided_on = opt_day((grounds or {}).get("decided_on"))
        if decided_on is not None and not has_refusal(reasons):
            reasons.append(art_42_iv_v_not_before_the_decision(start, decided_on, target))
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {"allowed": ok},
            reasons,
            f"Suspensão {what} sobre auto definitivo."
            if ok
            else "Suspensão recusada: "
            + " ".join(r.message for r in reasons if r.verdict is Verdict.REFUSED),
        )

    return answer(qid, ctx, start, (art(41), art(42, inc=inciso)), build)


@question(
    "ipatinga.taxi-2017.permit_suspension",
    law=LAW,
    title="A suspensão da permissão de táxi tem o fundamento que a lei exige?",
    schema=PERMIT_SUSPENSION_SCHEMA,
)
def permit_suspension_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 41 caput, art. 42 V, D-1: the suspension of the permission on one final auto, from
    the day it became final at the earliest. Its length is ``suspension`` (at most 90 days)."""
    return _suspension_on_a_final_auto(
        "ipatinga.taxi-2017.permit_suspension", ctx, facts, "permissao"
    )


@question(
    "ipatinga.taxi-2017.register_suspension",
    law=LAW,
    title="A suspensão do cadastro de taxista tem o fundamento que a lei exige?",
    schema=PERMIT_SUSPENSION_SCHEMA,
)
def register_suspension_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 41 caput, art. 42 IV, D-1: the suspension of the taxista's inscription in the
    Cadastro (art. 20) on one final auto, from the day it became final at the earliest — as the
    permission's (art. 42 V). Its length is ``suspension`` (at most 90 days)."""
    return _suspension_on_a_final_auto(
        "ipatinga.taxi-2017.register_suspension", ctx, facts, "cadastro"
    )


@dataclass(frozen=True)
class CountedInfraction:
    id: str
    committed_on: dt.date
    #: None: a conduct the law names without a nature (art. 16, 19, 44) the regulation has not
    #: classified yet — its points are pending like its fine.
    nature: Severity | None
    final: bool


def art_42_par_3_windows(
    infractions: Iterable[CountedInfraction], months: int | Callable[[dt.date], int]
) -> list[tuple[dt.date, dt.date, list[CountedInfraction]]]:
    """Art. 42, §3º: a pontuação é computada no período de 12 meses subsequentes à data da primeira
    infração. Cada período começa na primeira infração ainda não contada e tem 12 meses, ambas as
    pontas incluídas (como a janela de D-1, :func:`months_ending`, mas ancorada na primeira
    infração, não na mais recente): aberto em 29/02/2024, vai até 28/02/2025; aberto em 01/03/2023,
    até 29/02/2024 (os meses correm como o Código Civil os conta, art. 132 §3º). ``months``: the
    length, or the length in force on the day a period opens (D-15)."""
    length = months if callable(months) else (lambda _on: months)
    ordered = sorted(infractions, key=lambda i: (i.committed_on, i.id))
    windows: list[tuple[dt.date, dt.date, list[CountedInfraction]]] = []
    for inf in ordered:
        if windows and inf.committed_on <= windows[-1][1]:
            windows[-1][2].append(inf)
            continue
        start = inf.committed_on
        # The day before the months from ``start`` run out (Civil Code art. 132 §3º, ADR 0074):
        # both ends included, as D-1 counts its 12 months; from 01/03/2023, through 29/02/2024.
        end = months_elapsed_on(start, length(start)) - dt.timedelta(days=1)
        windows.append((start, end, [inf]))
    return windows


def art_42_vii_points_pending(message: str, facts: dict[str, Any] | None = None) -> Reason:
    """Art. 42, VII with art. 43 (D-10): the points of an infraction are the regulation's data;
    while it has not set those of a nature, or not classified an infraction's nature, the count
    waits for it."""
    return reason(
        rule_id("art_42_vii_points"),
        Verdict.PENDING,
        message,
        art(42, inc="VII"),
        art(43),
        decision(10),
        facts=facts,
    )


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
    title="Quantos pontos o taxista tem no período de contagem que começa na primeira infração?",
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
        # D-15: each period lasts what the law in force on its first infraction gives it.
        periods: dict[dt.date, ParameterValue] = {}

        def months_on(start: dt.date) -> int:
            value = param(ctx, "points_window_months", start)
            periods.setdefault(value.effective, value)
            return int(value.value)

        windows = art_42_par_3_windows(counted, months_on)
        lengths = list(periods.values()) or [param(ctx, "points_window_months")]
        told = " ou ".join(dict.fromkeys(str(v.value) for v in lengths))
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
                f"Período de {told} meses a partir da primeira infração (art. 42, §3º); "
                "a lei prevalece sobre a janela de D-1, que terminaria na infração mais recente.",
                art(42, 3),
                *((decision(15),) if len(lengths) > 1 else ()),
                params=tuple(lengths),
            ),
        ]
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
                art_42_vii_points_pending(
                    f"O regulamento não fixou os pontos por infração {names}; sem valor padrão."
                )
            )
        if unclassified:
            reasons.append(
                art_42_vii_points_pending(
                    "Infração(ões) sem natureza classificada pelo regulamento: "
                    f"{', '.join(unclassified)}; seus pontos dependem dela.",
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

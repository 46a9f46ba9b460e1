"""Penalties and escalation (art. 31–32, 34, 47; decisions D-1, D-2, D-3).

Evaluated each time an infraction's penalty becomes final (D-1): suspension after 3 counted
infractions in 12 months, revocation after 5 média/grave/gravíssima, cassação for the causes of
art. 32 III and art. 47, cassação of the auxiliary's credential for art. 32 IV. Revocation and
cassação are only proposed: the Chief Executive decides, after the defence (art. 34 §1º–§2º, D-3).
"""

from __future__ import annotations

import datetime as dt
import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from outorga.law.citations import Citation, decision
from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict, quick_reason
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import Requirement, reason, verdict_only
from outorga.law.schemas import closed, list_of
from outorga.law.windows import months_ending

from ._common import (
    DATE,
    LAW_ID,
    Severity,
    art,
    authority,
    day,
    decide,
    fmt,
    param_set,
)
from .cassation import (
    AUX_CAUSES_SCHEMA,
    CAUSES_SCHEMA,
    art_32_iii_cassation_causes,
    art_32_iv_auxiliary_cassation_causes,
    art_47_drug_trafficking,
    cassation_proposal,
    proposal_reason,
)
from .catalog import CODE_SCHEMA, infraction_type

#: The citations the rules below make on every call, made once.
ART_2_VI = art(2, inc="VI")
ART_2_XXV = art(2, inc="XXV")
ART_34 = art(34)
ART_32_IV_C = art(32, inc="IV", ali="c")
ART_31_P2 = art(31, 2)
ART_32 = art(32)
ART_32_I = art(32, inc="I")
ART_32_II = art(32, inc="II")
ART_32_III = art(32, inc="III")
ART_32_IV = art(32, inc="IV")
ART_32_P2 = art(32, 2)
ART_34_P3 = art(34, 3)
#: The citations of the suspension's and the revocation's reasons (decision D-1 and D-2 with them).
D_1, D_2 = decision(1), decision(2)
SUSPENSION_CITES = (ART_32_I, D_1, D_2)
#: The parameters each count reads, together (``param_set``).
SUSPENSION_PARAMS = (
    "penalties.window_months",
    "penalties.suspension_threshold",
    "penalties.suspension_days_light",
    "penalties.suspension_days_serious",
)
REVOCATION_PARAMS = ("penalties.window_months", "penalties.revocation_threshold")
D1_CITES = (D_1, ART_32)
REVOCATION_CITES = (ART_32_II, D_1, D_2)
#: The counts of art. 32, I and II, named once: their OK below the threshold, and the reasons
#: they give verdict-only once it is reached (rule and verdict: the competence's articles, read
#: on the day, are checked to exist before these stand in for them).
SUSPENSION = Requirement("art_32_i_suspension", *SUSPENSION_CITES)
REVOCATION = Requirement("art_32_ii_revocation", *REVOCATION_CITES)
SUSPENSION_IMPOSED = (
    quick_reason("art_32_i_suspension", Verdict.INFO, SUSPENSION_CITES),
    quick_reason("art_34_suspension_competence", Verdict.INFO, (ART_34_P3,)),
    quick_reason("art_32_par2_return_after_suspension", Verdict.INFO, (ART_32_P2,)),
)
#: The auxiliary's own count reached (art. 32 caput and I with art. 34 and art. 2, XXV; ADR
#: 0088): the suspension of his credential, which art. 32, IV, c names.
AUX_SUSPENSION_CITES = (*SUSPENSION_CITES, ART_34, ART_2_XXV, ART_32_IV_C)
AUX_SUSPENSION_IMPOSED = (
    quick_reason("art_32_i_suspension", Verdict.INFO, AUX_SUSPENSION_CITES),
    quick_reason("art_34_suspension_competence", Verdict.INFO, (ART_34_P3,)),
    quick_reason("art_2_xxv_auxiliary_suspension", Verdict.INFO, (ART_2_XXV, ART_32_IV_C)),
)
REVOCATION_PROPOSED = (
    quick_reason("art_32_ii_revocation", Verdict.INFO, REVOCATION_CITES),
    quick_reason("art_34_par1_revogacao_proposal", Verdict.INFO, (ART_32_II,)),
)
#: Verdict-only, the D-1 count and the holder's cassação with no cause recorded (the escalation's
#: usual case): their reasons, made once.
D1_COUNTED = quick_reason("d1_final_infractions", Verdict.INFO, D1_CITES)
NO_CASSATION = quick_reason("art_32_iii_cassation", Verdict.OK, (ART_32_III,))

#: The verdicts the rules below give on every call (a member read off its enum costs a lookup).
_OK, _INFO = Verdict.OK, Verdict.INFO
SERIOUS = frozenset({Severity.GRAVE, Severity.GRAVISSIMA})
SEVERITIES = {s.value: s for s in Severity}  # ``Severity(value)``, a lookup
TOWARD_REVOCATION = frozenset({Severity.MEDIA, Severity.GRAVE, Severity.GRAVISSIMA})


def _n_serious(items: Sequence[Infraction]) -> int:
    """How many of ``items`` are grave or gravíssima (art. 32, I: the 30 days' count)."""
    return len([i for i in items if i.severity in SERIOUS])


_tuple, _from_iso = tuple.__new__, dt.date.fromisoformat
_COMMITTED_ON, _ID = operator.attrgetter("committed_on"), operator.attrgetter("id")
_BY_AUXILIARY = operator.attrgetter("by_auxiliary")
_CAUSED_SUSPENSION = operator.attrgetter("caused_suspension")


class Infraction(NamedTuple):
    """An infraction of the permit's record (committed by the holder or the auxiliary): a named
    tuple, read from the facts without a call per field (issue #21)."""

    id: str
    committed_on: dt.date
    severity: Severity
    final: bool  # no defence or appeal pending and every deadline lapsed, or confirmed (D-1)
    caused_suspension: bool  # already counted for a suspension (D-2)
    by_auxiliary: bool
    code: str | None = None
    #: Who the auxiliary is (an id of his person), when the auto names him: each condutor's
    #: infractions are counted apart (art. 32, I and II with art. 2, VI; ADR 0085).
    auxiliary: str | None = None

    @classmethod
    def from_json(cls, f: Mapping[str, Any]) -> Infraction:
        code = f.get("code")
        committed_on = day(f["committed_on"])
        if code is not None:
            severity = infraction_type(code, committed_on).severity
            if "severity" in f and Severity(f["severity"]) is not severity:
                raise ValueError(f"natureza informada não confere com a infração {code}")
        else:
            severity = SEVERITIES.get(f["severity"]) or Severity(f["severity"])
        # The facts schema gave the id as a string and the flags as booleans.
        return cls(
            f["id"],
            committed_on,
            severity,
            f["final"],
            f.get("caused_suspension", False),
            f.get("by_auxiliary", False),
            code,
            f.get("auxiliary"),
        )

    @classmethod
    def all_from_json(cls, items: Sequence[Mapping[str, Any]]) -> list[Infraction]:
        """:meth:`from_json` of each of ``items``, as the facts schema admitted them: an
        infraction given by its nature alone (no code, the escalation's usual case) is made
        here as its tuple (issue #21); one given by its code, by :meth:`from_json`."""
        return [
            cls.from_json(f)
            if "code" in f
            else _tuple(
                cls,
                (
                    f["id"],
                    _from_iso(f["committed_on"]),
                    SEVERITIES[f["severity"]],
                    f["final"],
                    f.get("caused_suspension", False),
                    f.get("by_auxiliary", False),
                    None,
                    f.get("auxiliary"),
                ),
            )
            for f in items
        ]


def d1_counted(ctx: Context, infractions: Sequence[Infraction]) -> tuple[list[Infraction], Reason]:
    """Decision D-1 — only infractions whose penalty is final count, judged on ``as_of``."""
    as_of = ctx.as_of
    counted = [i for i in infractions if i.final and i.committed_on <= as_of]
    if verdict_only():
        return counted, D1_COUNTED
    # Those not counted: an infraction equal to a counted one is counted (the same fields).
    left_out = [i.id for i in infractions if not (i.final and i.committed_on <= as_of)]
    return counted, reason(
        "d1_final_infractions",
        _INFO,
        lambda: (
            f"{len(counted)} infração(ões) com penalidade definitiva contada(s)"
            + (f"; não contadas (não definitivas): {', '.join(left_out)}." if left_out else ".")
        ),
        *D1_CITES,
        facts={"contadas": [i.id for i in counted], "nao_contadas": left_out},
    )


def art_31_par2_holder_answers(ctx: Context, infractions: Sequence[Infraction]) -> Reason | None:
    """Art. 31, §2º — os permissionários são responsáveis pelas infrações cometidas por si e pelos
    respectivos condutores auxiliares; art. 32, I and II with art. 2, VI — each condutor reaches
    his own count (ADR 0085): the auxiliary's infractions weigh on the permission by his count,
    never added to the holder's."""
    if not any(map(_BY_AUXILIARY, infractions)):
        return None
    by_aux = [i.id for i in infractions if i.by_auxiliary]
    return reason(
        "art_31_par2_holder_answers",
        _INFO,
        lambda: (
            f"Infrações do condutor auxiliar ({', '.join(by_aux)}) entram na contagem do próprio "
            'auxiliar, sem somar às do permissionário (art. 32, I e II: "o condutor atingir"); '
            "atingida pelo auxiliar a contagem do art. 32, I, suspende-se o credenciamento dele "
            "(com o art. 34); atingida a do art. 32, II, propõe-se a revogação da permissão, a "
            "única penalidade que o inciso II nomeia, decidida pelo Chefe do Executivo após a "
            "defesa: o permissionário responde pelas infrações do seu auxiliar no que concorrer."
        ),
        ART_31_P2,
        ART_2_VI,
        ART_32,
        facts={"do_auxiliar": by_aux},
    )


#: The condutor (art. 2, VI) whose count an infraction joins: the holder — also for an auto that
#: identifies no offender, drawn against him (art. 30, I–II and IV; art. 31, §2) — or one auxiliary.
HOLDER_DRIVER: tuple[str, str | None] = ("permissionario", None)


def _driver(i: Infraction) -> tuple[str, str | None]:
    return ("auxiliar", i.auxiliary) if i.by_auxiliary else HOLDER_DRIVER


def _per_driver(items: Sequence[Infraction]) -> list[list[Infraction]]:
    """Art. 32, I and II with art. 2, VI — "após o condutor atingir": each condutor's infractions
    apart (ADR 0085); one list when the holder alone committed them all."""
    if not any(map(_BY_AUXILIARY, items)):
        return [list(items)]
    groups: dict[tuple[str, str | None], list[Infraction]] = {}
    for i in items:
        groups.setdefault(_driver(i), []).append(i)
    return list(groups.values())


def _whose(record: Sequence[Infraction], inside: Sequence[Infraction]) -> str | None:
    """Whose count ``inside`` is (one condutor's, :func:`_driver_reached`), as a message names
    him: only where the ``record`` has an auxiliary's infraction, else None."""
    if not any(map(_BY_AUXILIARY, record)):
        return None
    return "condutor auxiliar" if inside[0].by_auxiliary else "permissionário"


def _of(who: str | None) -> str:
    """`` do <who>`` inside a count's message, or nothing (:func:`_whose`)."""
    return f" do {who}" if who else ""


def _fact_date(ctx: Context, items: Sequence[Infraction]) -> dt.date:
    """Decision D-15 (tempus regit actum): an escalation judges the record as it stood on the date
    of the newest infraction counted — the fact that completes it and closes the D-1 window —, by
    the parameters in force that day; with none, the reference date."""
    return max(map(_COMMITTED_ON, items)) if items else ctx.as_of


def _window(newest: dt.date, months: ParameterValue) -> tuple[dt.date, dt.date]:
    """D-1: the window (``penalties.window_months``, the law's 12) ending on ``newest``, the
    newest counted infraction (the date of the fact, :func:`_fact_date`)."""
    return months_ending(newest, int(months.value))


def _window_reached(
    ctx: Context, items: Sequence[Infraction], names: tuple[str, ...]
) -> tuple[dt.date, tuple[ParameterValue, ...], tuple[dt.date, dt.date], list[Infraction]]:
    """Art. 32, I and II — "após o condutor atingir [n] infrações [...] no período de 12 meses",
    with D-1: the window ends on the newest counted infraction that reaches the threshold (``names``:
    the window's months, then the threshold, read on that date, D-15). Usually the newest of
    ``items``; an older one when the count was reached before and a later infraction, outside
    those months, became final first (an auto not contested is final before older ones under
    appeal). With no window reaching it, the window ending on the newest of ``items``. Returns
    the date of the fact, its parameters, the window and the infractions inside it."""
    newest = None
    for on in sorted({i.committed_on for i in items}, reverse=True):
        params = param_set(ctx, names, on)
        start, end = _window(on, params[0])
        inside = [i for i in items if start <= i.committed_on <= end]
        found = (on, params, (start, end), inside)
        if len(inside) >= params[1].value:
            return found
        newest = newest or found
    assert newest is not None, "no infraction to weigh"
    return newest


def _driver_reached(
    ctx: Context,
    items: Sequence[Infraction],
    names: tuple[str, ...],
    weight: Callable[[Sequence[Infraction]], int] = len,
) -> tuple[dt.date, tuple[ParameterValue, ...], tuple[dt.date, dt.date], list[Infraction]]:
    """:func:`_window_reached` of each condutor's infractions apart (art. 32, I and II: "o
    condutor atingir"; art. 2, VI; ADR 0085): the count of the one who reached the threshold —
    the heaviest by ``weight`` when several did —, else of the one nearest to it. Every
    infraction in the window returned is that condutor's."""
    groups = _per_driver(items)
    if len(groups) == 1:
        return _window_reached(ctx, groups[0], names)
    found = [_window_reached(ctx, g, names) for g in groups]
    return max(found, key=lambda f: (len(f[3]) >= f[1][1].value, weight(f[3]), len(f[3]), f[0]))


def art_34_suspension_competence(roles: list[str], comp_cites: tuple[Citation, ...]) -> Reason:
    """Art. 34 and its §3º: the suspension — of the permission or of an auxiliary's credential —
    is applied by SESUMA, the authority the competence table names on the day (``roles``,
    ``comp_cites``), with the appeal to the JARI and to the Chief Executive."""
    return reason(
        "art_34_suspension_competence",
        _INFO,
        "A suspensão é aplicada pela SESUMA (autoridade), cabendo recurso à JARI e ao Chefe "
        "do Executivo.",
        *comp_cites,
        ART_34_P3,
        facts={"competente": roles},
    )


def art_32_i_suspension(
    ctx: Context, counted: Sequence[Infraction]
) -> tuple[dict[str, Any] | None, list[Reason]]:
    """Art. 32, I — suspensão da permissão por 30 dias após 3 infrações graves ou gravíssimas em 12
    meses, ou por 15 dias ao atingir 3 infrações leves e médias no mesmo período. D-2: 3 counted
    infractions of any nature → 15 days; 30 days when 3 of them are grave/gravíssima; infractions
    that already caused a suspension do not count toward another. D-15: the window, threshold and
    days are those in force on the date of the fact — the newest infraction counted, which closes
    the window (D-1) —, not on the day the record is weighed."""
    eligible = (
        [i for i in counted if not i.caused_suspension]
        if any(map(_CAUSED_SUSPENSION, counted))
        else counted
    )
    cites = SUSPENSION_CITES
    if not eligible:
        params = param_set(ctx, SUSPENSION_PARAMS, _fact_date(ctx, eligible))
        return None, [
            reason(
                "art_32_i_suspension",
                _OK,
                "Nenhuma infração definitiva ainda não considerada em suspensão anterior.",
                *cites,
                params=params,
            )
        ]
    # ``on``: the newest of one condutor's ``eligible`` that reaches the count, or the newest of
    # the one nearest to it (D-1; art. 32, I, "o condutor atingir").
    on, params, (start, end), inside = _driver_reached(ctx, eligible, SUSPENSION_PARAMS, _n_serious)
    months, threshold, light, serious = params
    if len(inside) < threshold.value and verdict_only():
        return None, [SUSPENSION.stand_in[True]]
    n_serious = _n_serious(inside)
    who = _whose(counted, inside)

    def facts() -> dict[str, Any]:  # written for the full answer only
        return {
            "janela": {"inicio": start, "fim": end},
            "na_janela": [i.id for i in inside],
            "graves_ou_gravissimas": n_serious,
            "ja_suspensas_excluidas": [i.id for i in counted if i.caused_suspension],
            **({"condutor": who} if who else {}),
        }

    if len(inside) < threshold.value:
        return None, [
            reason(
                "art_32_i_suspension",
                _OK,
                lambda: (
                    f"{len(inside)} infração(ões) contada(s){_of(who)} de {fmt(start)} a "
                    f"{fmt(end)}; "
                    f"a suspensão exige {threshold.value}."
                ),
                *cites,
                facts=facts,
                params=params,
            )
        ]
    days = serious.value if n_serious >= threshold.value else light.value
    roles, comp_cites = authority("penalty.suspension", ctx.as_of)
    outcome = {
        "days": days,
        "infractions": [i.id for i in inside],
        "window_start": start,
        "window_end": end,
        "decided_by": roles,
        "return_requires_proof": True,
    }
    if inside[0].by_auxiliary:
        return _auxiliary_suspension(
            outcome,
            inside,
            comp_cites,
            roles,
            facts,
            params,
            kind_of=("graves ou gravíssimas" if days == serious.value else "de qualquer natureza"),
            span=(start, end),
            n_serious=n_serious,
        )
    if comp_cites and verdict_only():  # the three reasons below, rule and verdict
        return outcome, list(SUSPENSION_IMPOSED)
    kind = "graves ou gravíssimas" if days == serious.value else "de qualquer natureza"
    return outcome, [
        reason(
            "art_32_i_suspension",
            _INFO,
            lambda: (
                f"{len(inside)} infrações {kind}{_of(who)} de {fmt(start)} a {fmt(end)} "
                f"({n_serious} graves ou gravíssimas): suspensão da permissão por {days} dias."
            ),
            *cites,
            facts=facts,
            params=params,
        ),
        art_34_suspension_competence(roles, comp_cites),
        reason(
            "art_32_par2_return_after_suspension",
            _INFO,
            "Cumprida a suspensão, o permissionário deve comprovar ao órgão municipal de trânsito "
            "que sanou as irregularidades antes de voltar a operar.",
            ART_32_P2,
        ),
    ]


def _auxiliary_suspension(
    outcome: dict[str, Any],
    inside: Sequence[Infraction],
    comp_cites: tuple[Citation, ...],
    roles: list[str],
    facts: Callable[[], dict[str, Any]],
    params: tuple[ParameterValue, ...],
    *,
    kind_of: str,
    span: tuple[dt.date, dt.date],
    n_serious: int,
) -> tuple[dict[str, Any], list[Reason]]:
    """Art. 32 caput and I with art. 34 and art. 2, XXV (ADR 0088) — the penalty of the count is
    applied "ao permissionário ou condutor auxiliar que desrespeitar": the auxiliary who reached
    his own count has his credential suspended — "suspensão da permissão [...] do condutor
    auxiliar" (art. 34), "suspensão do credenciamento de condutor auxiliar" (art. 32, IV, c), a
    "proibição de conduzir o veículo em serviço" for the period (art. 2, XXV). The holder's
    permission is not suspended by another's count: he answers for his auxiliary only "no que
    concorrer" (art. 31, §2), which no count shows. The return after it needs no proof of art.
    32, §2, which is the permission's."""
    days = outcome["days"]
    out = {
        **outcome,
        "target": "credenciamento",
        "auxiliary": inside[0].auxiliary,
        "return_requires_proof": False,
    }
    if comp_cites and verdict_only():
        return out, list(AUX_SUSPENSION_IMPOSED)
    start, end = span
    return out, [
        reason(
            "art_32_i_suspension",
            _INFO,
            lambda: (
                f"{len(inside)} infrações {kind_of} do condutor auxiliar de {fmt(start)} a "
                f"{fmt(end)} ({n_serious} graves ou gravíssimas): suspensão do credenciamento do "
                f"condutor auxiliar por {days} dias, aplicada a ele (art. 32, caput; art. 34); a "
                "permissão do titular não é suspensa pela contagem do auxiliar."
            ),
            *AUX_SUSPENSION_CITES,
            facts=facts,
            params=params,
        ),
        art_34_suspension_competence(roles, comp_cites),
        reason(
            "art_2_xxv_auxiliary_suspension",
            _INFO,
            "Durante a suspensão o condutor auxiliar não pode conduzir veículo em serviço; "
            "descumpri-la é causa de cassação do seu credenciamento. Terminado o período, volta "
            "a conduzir sem a comprovação do art. 32, §2º, que é da suspensão da permissão.",
            ART_2_XXV,
            ART_32_IV_C,
        ),
    ]


def art_32_ii_revocation(
    ctx: Context, counted: Sequence[Infraction]
) -> tuple[dict[str, Any] | None, list[Reason]]:
    """Art. 32, II — revogação da permissão após 5 infrações médias, graves ou gravíssimas em 12
    meses. Infractions that caused a suspension still count here (D-2). Only a proposal: the
    Chief Executive decides, after the defence (art. 34 §1º–§2º, D-3). D-15: the window and
    threshold in force on the date of the newest such infraction."""
    relevant = [i for i in counted if i.severity in TOWARD_REVOCATION]
    cites = REVOCATION_CITES
    if not relevant:
        months, threshold = param_set(ctx, REVOCATION_PARAMS, _fact_date(ctx, relevant))
        return None, [
            reason(
                "art_32_ii_revocation",
                _OK,
                "Nenhuma infração média, grave ou gravíssima definitiva.",
                *cites,
                params=(months, threshold),
            )
        ]
    # ``on``: the newest of one condutor's ``relevant`` that reaches the count, or the newest of
    # the one nearest to it (D-1; art. 32, II, "o condutor atingir").
    on, (months, threshold), (start, end), inside = _driver_reached(
        ctx, relevant, REVOCATION_PARAMS
    )
    if len(inside) < threshold.value and verdict_only():
        return None, [REVOCATION.stand_in[True]]

    who = _whose(counted, inside)

    def facts() -> dict[str, Any]:  # written for the full answer only
        return {
            "janela": {"inicio": start, "fim": end},
            "na_janela": [i.id for i in inside],
            **({"condutor": who} if who else {}),
        }

    if len(inside) < threshold.value:
        return None, [
            reason(
                "art_32_ii_revocation",
                _OK,
                lambda: (
                    f"{len(inside)} infração(ões) média(s), grave(s) ou gravíssima(s){_of(who)} de "
                    f"{fmt(start)} a {fmt(end)}; a revogação exige {threshold.value}."
                ),
                *cites,
                facts=facts,
                params=(months, threshold),
            )
        ]
    roles, comp_cites = authority("penalty.revocation", ctx.as_of)
    outcome = {
        "proposal": True,
        "infractions": [i.id for i in inside],
        "window_start": start,
        "window_end": end,
        "decided_by": roles,
    }
    if comp_cites and verdict_only():  # the two reasons below, rule and verdict
        return outcome, list(REVOCATION_PROPOSED)
    return outcome, [
        reason(
            "art_32_ii_revocation",
            _INFO,
            lambda: (
                f"{len(inside)} infrações médias, graves ou gravíssimas{_of(who)} de {fmt(start)} a "
                f"{fmt(end)}: proposta de revogação da permissão."
            ),
            *cites,
            facts=facts,
            params=(months, threshold),
        ),
        proposal_reason("revogação", roles, comp_cites),
    ]


PENALTY_SCHEMA: dict[str, Any] = closed(
    {
        "infractions": list_of(
            {
                "type": "object",
                "required": ["id", "committed_on", "final"],
                "anyOf": [{"required": ["severity"]}, {"required": ["code"]}],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "committed_on": DATE,
                    "severity": {"enum": [s.value for s in Severity]},
                    "code": CODE_SCHEMA,
                    "final": {"type": "boolean"},
                    "caused_suspension": {"type": "boolean"},
                    "by_auxiliary": {"type": "boolean"},
                    # Which auxiliary (an id of his person): each condutor counts apart (art.
                    # 32, I and II with art. 2, VI; ADR 0085).
                    "auxiliary": {"type": "string", "minLength": 1},
                },
            }
        ),
        "cassation": CAUSES_SCHEMA,
        "auxiliary": AUX_CAUSES_SCHEMA,
    },
    required=["infractions"],
)


@question(
    "ipatinga.mototaxi-2013.penalty",
    law=LAW_ID,
    title="Que penalidade cabe ao permissionário diante das infrações definitivas?",
    schema=PENALTY_SCHEMA,
)
def penalty(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 31–32, 34, 47: suspension, revocation proposal, cassação proposals (holder and
    auxiliary), with the competent authority and the return requirement after a suspension."""
    infractions = Infraction.all_from_json(facts["infractions"])
    counted, r_counted = d1_counted(ctx, infractions)
    reasons: list[Reason] = [r_counted]
    holder_answers = art_31_par2_holder_answers(ctx, counted)
    if holder_answers is not None:
        reasons.append(holder_answers)
    suspension, r = art_32_i_suspension(ctx, counted)
    reasons += r
    revocation, r = art_32_ii_revocation(ctx, counted)
    reasons += r
    holder = facts.get("cassation") or {}
    if holder or not verdict_only():
        causes, params = art_32_iii_cassation_causes(ctx, holder)
        trafficking = art_47_drug_trafficking(ctx, holder)
        if trafficking is not None:
            causes.append(trafficking)
        cassation, r = cassation_proposal(
            "cassação da permissão",
            "art_32_iii_cassation",
            causes,
            params,
            "penalty.cassacao",
            ART_32_III,
            ctx.as_of,
        )
        reasons += r
    else:  # no cause recorded, verdict-only: what ``cassation_proposal`` answers for none
        cassation = None
        reasons.append(NO_CASSATION)
    aux_cassation = None
    if "auxiliary" in facts:
        aux_causes, aux_params = art_32_iv_auxiliary_cassation_causes(
            ctx, facts["auxiliary"], holder
        )
        aux_cassation, r = cassation_proposal(
            "cassação do credenciamento do condutor auxiliar",
            "art_32_iv_auxiliary_cassation",
            aux_causes,
            aux_params,
            "penalty.cassacao",
            ART_32_IV,
            ctx.as_of,
        )
        reasons += r
    return decide(
        "ipatinga.mototaxi-2013.penalty",
        ctx,
        {
            "counted": list(map(_ID, counted)),
            "suspension": suspension,
            "revocation": revocation,
            "cassation": cassation,
            "auxiliary_cassation": aux_cassation,
            "responsible": "permissionario",
        },
        reasons,
        _summary(
            suspension["days"] if suspension else None,
            bool(revocation),
            bool(cassation),
            bool(aux_cassation),
        ),
    )


@functools.cache
def _summary(days: Any, revocation: bool, cassation: bool, aux_cassation: bool) -> str:
    """The decision's summary: the penalties it imposes or proposes, by their kind (a few
    combinations, each written once)."""
    parts = []
    if days is not None:
        parts.append(f"suspensão de {days} dias")
    if revocation:
        parts.append("proposta de revogação")
    if cassation:
        parts.append("proposta de cassação da permissão")
    if aux_cassation:
        parts.append("proposta de cassação do credenciamento do auxiliar")
    return (sentence("; ".join(parts)) + ".") if parts else "Nenhuma penalidade por acúmulo."

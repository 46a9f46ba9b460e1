"""Lei 9.784/1999 art. 53, where a municipal law is silent on the annulment of its own acts
(decision D-17): "A Administração deve anular seus próprios atos, quando eivados de vício de
legalidade" (STF Súmula 473). Neither the mototaxi law (2013) nor the taxi law (2017) says how an
auto de infração or a penalty found illegal afterwards — a wrong plate, an agent without
competence, a wrong article — is undone; by D-17 the federal rule applies, of the
administration's own motion and even after the decision became final.

The act that annuls must state its reasons: art. 50 — "Os atos administrativos deverão ser
motivados, com indicação dos fatos e dos fundamentos jurídicos, quando: I - neguem, limitem ou
afetem direitos ou interesses; […] VIII - importem anulação, revogação, suspensão ou convalidação
de ato administrativo" —, "de forma explícita, clara e congruente" (§1º). An annulment without the
vício de legalidade described is refused.

An act already annulled, or a case already closed in the holder's favour (a defence or appeal
upheld, a decision reconsidered — the case "arquivado"), has nothing left to annul.

Art. 54 does not limit this annulment: its five years of decadência protect "atos
administrativos de que decorram efeitos favoráveis para os destinatários". Annulling an auto or a
penalty is favourable to the holder — the act annulled was against them —, so no period runs
against it; the decision says so in its trace.

Who annuls is the authority that imposes the penalty under each law (the competence table's
``case.annul``, beside ``penalty.fine`` and ``penalty.suspension``); each law binds the question
with its own articles (``grounds``) and rule ids. ``case_annulment`` takes the cases of an
infraction and of a suspension; the revocation and the cassação of a permission are
``permission_annulment``'s (:func:`permission_annulment`): the same federal rule, annulled by the
authority that decided them (the competence table's ``penalty.revocation`` and
``penalty.cassacao``: the Chief Executive, D-3), and undoing them restores a permission, whose
place in the quota the answer reports.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision, render_many
from outorga.law.competence import role_names
from outorga.law.decisions import Reason, Verdict
from outorga.law.parameters import ParameterMissing
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

FEDERAL = "federal.9784-1999"
ART_53 = cite(FEDERAL, 53)
ART_50_I = cite(FEDERAL, 50, inc="I")
ART_50_VIII = cite(FEDERAL, 50, inc="VIII")
ART_50_1 = cite(FEDERAL, 50, 1)
ART_54 = cite(FEDERAL, 54)

#: The kinds of case this question annuls: an infraction's (auto, fine, seizure) and a suspension's.
KINDS = ("infraction", "suspension")
#: The stages of a case (``enforcement.Case.Stage``); ``annulled`` is the case already closed in
#: the holder's favour.
STAGES = ("defence", "jari", "executive", "final", "decided", "annulled")


def question_schema(
    day: dict[str, Any],
    kinds: tuple[str, ...] = KINDS,
    stages: tuple[str, ...] = STAGES,
) -> dict[str, Any]:
    """The facts of a ``case_annulment`` question, the same under every law: the case's kind and
    stage, the grounds (the vício de legalidade described) and the day of the act. ``kinds`` and
    ``stages``: what the law's processes are (an enforcement case's by default; the apps law's
    penalties name theirs), ``annulled`` among the stages."""
    return closed(
        {
            "kind": {"enum": list(kinds)},
            "stage": {"enum": list(stages)},
            "grounds": {"type": "string"},
            "decided_on": day,
        },
        required=["kind", "stage", "grounds", "decided_on"],
    )


def art_50_viii_grounds_stated(grounds: str, *, rule: str, base: tuple[Citation, ...]) -> Reason:
    """Lei 9.784/1999 art. 50, I and VIII, §1º: an act that annuls another must be motivated,
    "com indicação dos fatos e dos fundamentos jurídicos", explicitly — the vício de legalidade
    described. Blank grounds are refused."""
    text = grounds.strip()
    return check(
        rule,
        bool(text),
        "Fundamentos da anulação informados (vício de legalidade descrito).",
        "A anulação de ofício deve ser motivada: descreva o vício de legalidade do ato, com os "
        "fatos e os fundamentos jurídicos.",
        ART_50_I,  # the articles that refuse first: a brief answer names the first one
        ART_50_VIII,
        ART_50_1,
        *base,
        facts={"fundamentos": text},
    )


#: Whom a penalty punished, as the texts name them: the article and the noun ("o permissionário").
Holder = tuple[str, str]
PERMISSIONARIO: Holder = ("o", "permissionário")
_OF = {"o": "do", "a": "da"}


def art_53_act_still_standing(
    stage: str, *, rule: str, base: tuple[Citation, ...], holder: Holder = PERMISSIONARIO
) -> Reason:
    """Lei 9.784/1999 art. 53: the administration annuls its acts that stand. A case already
    annulled — or closed in the holder's favour, a defence or appeal upheld, a decision
    reconsidered — has no act left to annul."""
    return check(
        rule,
        stage != "annulled",
        "O processo tem ato de penalidade em vigor, que pode ser anulado.",
        f"O processo já está arquivado (anulado, ou encerrado em favor {_OF[holder[0]]} "
        f"{holder[1]}): não "
        "há ato a anular.",
        ART_53,
        *base,
        facts={"fase": stage},
    )


def art_54_no_decadence(
    *, rule: str, base: tuple[Citation, ...], holder: Holder = PERMISSIONARIO
) -> Reason:
    """Lei 9.784/1999 art. 54: the five years of decadência bind only the annulment of acts
    favourable to their addressees; annulling a penalty favours the holder, so none applies — even
    to a case long final."""
    return reason(
        rule,
        Verdict.INFO,
        f"A anulação de penalidade favorece {holder[0]} {holder[1]}: o prazo decadencial de "
        "cinco anos "
        "do art. 54 da Lei 9.784/1999, que protege atos favoráveis ao destinatário, não a limita; "
        "cabe mesmo após a decisão definitiva.",
        *base,
        ART_54,
        facts={"favorável_ao_destinatário": True},
    )


def who_annuls(
    deciders: Callable[[str, dt.date], tuple[list[str], tuple[Citation, ...]]],
    on: dt.date,
    *,
    rule: str,
    base: tuple[Citation, ...],
    action: str = "case.annul",
    who: str = "a autoridade que aplica a penalidade",
) -> tuple[list[str], tuple[Citation, ...], Reason]:
    """Who annuls of its own motion (``action``: ``case.annul``, or the competence that decided
    a revocation or cassação): the authority that imposed the penalty (``who``), as the law's
    competence table names it on the day of the act, and the articles that say so."""
    roles, cites = deciders(action, on)
    return (
        roles,
        cites,
        reason(
            rule,
            Verdict.INFO,
            f"Anula de ofício: {role_names(roles) or 'ninguém nesta data'} ({who}; "
            "Lei 9.784/1999, art. 53).",
            *dict.fromkeys((*base, *cites, ART_53)),
            facts={"anula": roles},
        ),
    )


def case_annulment(
    facts: Mapping[str, Any],
    *,
    rules: tuple[str, str, str, str],
    base: tuple[Citation, ...],
    deciders: Callable[[str, dt.date], tuple[list[str], tuple[Citation, ...]]],
    holder: Holder = PERMISSIONARIO,
) -> tuple[dict[str, Any], list[Reason], str]:
    """The ``case_annulment`` answer of a law silent on the annulment of its own acts (D-17, Lei
    9.784/1999 art. 53): may the case (``kind``, ``stage``) be annulled of the administration's own
    motion on ``decided_on``, on these ``grounds``, and who decides it. ``rules``: the law's ids of
    the grounds, standing, decadência and competence reasons; ``base``: the law's articles and
    D-17; ``holder``: whom the penalty punished, as the texts name them. The outcome, the reasons
    and the summary."""
    on = dt.date.fromisoformat(facts["decided_on"])
    base = (*base, decision(17))
    roles, cites, named = who_annuls(deciders, on, rule=rules[3], base=base)
    reasons = [
        art_50_viii_grounds_stated(str(facts["grounds"]), rule=rules[0], base=base),
        art_53_act_still_standing(str(facts["stage"]), rule=rules[1], base=base, holder=holder),
        art_54_no_decadence(rule=rules[2], base=base, holder=holder),
        named,
    ]
    allowed = not any(r.verdict is Verdict.REFUSED for r in reasons)
    outcome = {
        "allowed": allowed,
        "kind": facts["kind"],
        "decided_by": roles,
        "decadence_applies": False,
    }
    summary = (
        "Anulação de ofício cabível (Lei 9.784/1999, art. 53)."
        if allowed
        else "Anulação de ofício recusada (Lei 9.784/1999, art. 50 e 53)."
    )
    return outcome, reasons, summary


# --- the revocation and the cassação of a permission ---------------------------------------------

#: The kinds of case ``permission_annulment`` annuls, each with the competence that decided it
#: (D-3: the Chief Executive) — the same authority annuls it.
PERMISSION_KINDS = {"revocation": "penalty.revocation", "cassacao": "penalty.cassacao"}
_PERMISSION_PT = {"revocation": "a revogação", "cassacao": "a cassação"}

#: What a law's quota gives for the permission restored: the limit on the day (None: the service
#: has none) and the articles that set it. May raise ``ParameterMissing`` (no IBGE figure).
Quota = Callable[[str, dt.date, int], tuple[int | None, tuple[Citation, ...]]]


def permission_question_schema(day: dict[str, Any], services: tuple[str, ...]) -> dict[str, Any]:
    """The facts of a ``permission_annulment`` question: the case's kind (revocation or
    cassação) and stage, the grounds, the day of the act, the permit's service and the permits of
    that service in force without it (the quota's count, D-7)."""
    return closed(
        {
            "kind": {"enum": list(PERMISSION_KINDS)},
            "stage": {"enum": list(STAGES)},
            "grounds": {"type": "string"},
            "decided_on": day,
            "service": {"enum": list(services)},
            "active_permits": {"type": "integer", "minimum": 0},
        },
        required=["kind", "stage", "grounds", "decided_on", "service", "active_permits"],
    )


def restored_over_quota(
    quota: Quota,
    service: str,
    on: dt.date,
    active: int,
    *,
    rule: str,
    base: tuple[Citation, ...],
) -> tuple[dict[str, Any] | None, Reason]:
    """The permission restored counts in the quota again (D-7: the permits in force): with it,
    ``active`` + 1. Over the law's limit, the annulment is still due — the place was never
    lawfully free (Lei 9.784/1999 art. 53: the act annulled is void from its origin) — and the
    answer warns how many permissions stand above the limit, citing the article that sets it; no
    new grant fits until the count falls back (D-7). Never a refusal."""
    try:
        limit, cites = quota(service, on, active)
    except ParameterMissing as e:
        return None, reason(
            rule,
            Verdict.PENDING,
            f"Não foi possível conferir o limite de permissões: {e}. A anulação não depende "
            "dele; confira o número de permissões em vigor.",
            *base,
            ART_53,
            facts={"permissões_em_vigor_sem_esta": active},
        )
    in_force = active + 1
    if limit is None:
        return {"limit": None, "in_force": in_force, "over": 0}, reason(
            rule,
            Verdict.INFO,
            "O serviço não tem limite de permissões: a permissão restabelecida não excede cota.",
            *cites,
            facts={"permissões_em_vigor": in_force},
        )
    over = max(in_force - limit, 0)
    where = render_many(cites)
    message = (
        f"Com a permissão restabelecida ficam {in_force} permissões em vigor para o limite de "
        f"{limit} ({where}): {over} acima do limite. A anulação não é recusada por isso — a "
        "vaga nunca esteve licitamente livre (Lei 9.784/1999, art. 53) —, mas nenhuma nova "
        "outorga cabe enquanto o número não voltar ao limite."
        if over
        else f"Com a permissão restabelecida ficam {in_force} permissões em vigor, dentro do "
        f"limite de {limit} ({where})."
    )
    return {"limit": limit, "in_force": in_force, "over": over}, reason(
        rule,
        Verdict.INFO,
        message,
        *cites,
        ART_53,
        facts={"permissões_em_vigor": in_force, "limite": limit, "acima_do_limite": over},
    )


def permission_annulment(
    facts: Mapping[str, Any],
    *,
    rules: tuple[str, str, str, str, str],
    base: tuple[Citation, ...],
    deciders: Callable[[str, dt.date], tuple[list[str], tuple[Citation, ...]]],
    quota: Quota,
) -> tuple[dict[str, Any], list[Reason], str]:
    """The ``permission_annulment`` answer of a law silent on the annulment of its own acts
    (D-17, Lei 9.784/1999 art. 53): may the revocation or cassação of a permission (``kind``,
    its case at ``stage``) be annulled of the administration's own motion on ``decided_on``, on
    these ``grounds``, and who decides it — the authority that decided it (``penalty.revocation``
    or ``penalty.cassacao``: D-3) —; and the permission restored against the law's ``quota``.
    ``rules``: the law's ids of the grounds, standing, decadência, competence and quota reasons;
    ``base``: the law's articles and D-17. The outcome, the reasons and the summary."""
    on = dt.date.fromisoformat(facts["decided_on"])
    kind = str(facts["kind"])
    base = (*base, decision(17))
    roles, cites, named = who_annuls(
        deciders,
        on,
        rule=rules[3],
        base=base,
        action=PERMISSION_KINDS[kind],
        who=f"a autoridade que decidiu {_PERMISSION_PT[kind]}",
    )
    counted, over = restored_over_quota(
        quota,
        str(facts["service"]),
        on,
        int(facts["active_permits"]),
        rule=rules[4],
        base=base,
    )
    reasons = [
        art_50_viii_grounds_stated(str(facts["grounds"]), rule=rules[0], base=base),
        art_53_act_still_standing(str(facts["stage"]), rule=rules[1], base=base),
        art_54_no_decadence(rule=rules[2], base=base),
        named,
        over,
    ]
    allowed = not any(r.verdict is Verdict.REFUSED for r in reasons)
    outcome = {
        "allowed": allowed,
        "kind": kind,
        "decided_by": roles,
        "decadence_applies": False,
        "quota": counted,
    }
    summary = (
        f"Anulação de ofício de {_PERMISSION_PT[kind]} cabível: a permissão é restabelecida "
        "(Lei 9.784/1999, art. 53)."
        if allowed
        else "Anulação de ofício recusada (Lei 9.784/1999, art. 50 e 53)."
    )
    if allowed and counted and counted["over"]:
        summary += f" {counted['over']} permissão(ões) acima do limite."
    return outcome, reasons, summary

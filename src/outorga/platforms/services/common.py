"""What several aggregates of the platforms' services share: the refusals (``PlatformError``;
the law's, ``PlatformRefused``), the law governing transport by app in a municipality, the
reasons and citations of the law core's decisions as the API and screens show them, the lock the
caps are counted under, the platform's earlier measures."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar

from django.db.models import F, QuerySet

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import DomainError, Refused
from outorga.core.lawseam import BoundLaw, LawNotBound, cited_for, law_for, law_of
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import current_municipality_or_none, tenant
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.citations import Citation, lei_9784, render_many
from outorga.law.common.judgment import may_extend, question_facts
from outorga.law.decisions import Decision

from ..models import (
    AppealFiling,
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)

AppealT = TypeVar("AppealT", bound=AppealFiling)
#: A proposal's appeal that annulled the measure it applied.
ANNULLED_ON_APPEAL = PlatformCaseAppeal.Result.UPHELD

# --- errors ---------------------------------------------------------------------------------------


class PlatformError(DomainError):
    """A request the law or the data refuses. ``status`` is the HTTP status the API answers with;
    ``errors`` names the fields; ``decisions`` carry the law core's reasons and citations."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 422,
        errors: list[dict[str, str]] | None = None,
        decisions: Iterable[Decision] = (),
        obj_id: int | None = None,
    ) -> None:
        DomainError.__init__(self, message)  # not the next in a subclass's MRO (PlatformRefused)
        self.message = message
        self.status = status
        self.errors = errors or []
        self.decisions = tuple(decisions)
        self.obj_id = obj_id

    code = "recusado_plataformas"

    def body(self) -> dict[str, Any]:
        return self.to_json()

    def lines(self) -> list[str]:
        # A field's error that is a refused reason of the law, or the message itself (a
        # ``field_error``), reads once — not again behind the API's code of the field.
        told = {self.message, *(r["mensagem"] for r in refusing_reasons(self.decisions))}
        return [
            self.message,
            *(f"{e['campo']}: {e['erro']}" for e in self.errors if e["erro"] not in told),
            *refusal_lines(self.decisions),
        ]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"detail": self.message}
        if self.errors:
            out["erros"] = self.errors
        if self.decisions:
            out["fundamentos"] = reasons_json(self.decisions)
            out["citacoes"] = citations_of(self.decisions)
        if self.obj_id is not None:
            out["id"] = self.obj_id
        return out


class PlatformRefused(PlatformError, Refused):
    """The law's refusal of a step of the platforms: a core :class:`Refused` — kept in the acts
    log by ``core.acts.law_refused`` (``error=``), answered with the code of every law's refusal,
    ``recusado_pela_lei`` (422) — in the platforms' words and body: ``lead`` and the decision's
    summary (``each_reason``: every refused or pending reason with its first article), then the
    reasons (``fundamentos``) and the articles (``citacoes``); ``errors``: the fields it names."""

    code = Refused.code

    def __init__(
        self,
        lead: str,
        decision: Decision,
        *,
        each_reason: bool = False,
        errors: list[dict[str, str]] | None = None,
        fields: Mapping[str, str] | None = None,
        status: int = 422,
    ) -> None:
        detail = refusal_text([decision]) if each_reason else decision.summary
        # ``fields`` maps a refused rule, by the last part of its name, to the input it is about:
        # that reason is also an error on the field, with its articles (``fundamento``).
        named = [(r, (fields or {}).get(r.rule.rsplit(".", 1)[-1])) for r in decision.refusals]
        errors = [
            *(errors or []),
            *(
                {"campo": fld, "erro": r.message, "fundamento": render_many(r.citations)}
                for r, fld in named
                if fld
            ),
        ]
        # Without a lead, the summary with every article the decision cites.
        text = f"{lead}: {detail}" if lead else f"{detail} ({', '.join(citations_of([decision]))})"
        super().__init__(text, status=status, errors=errors, decisions=[decision])
        self.decision = decision


def field_error(fld: str, message: str, status: int = 422) -> PlatformError:
    return PlatformError(message, status=status, errors=[{"campo": fld, "erro": message}])


# --- helpers --------------------------------------------------------------------------------------


def decision_day(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    obj: Any,
    on: dt.date | None,
    what: str = "da decisão",
) -> dt.date:
    """The day a decision of the apps law is given — a penalty imposed, a proposal decided, an
    appeal judged or reconsidered: ``on``, else the municipality's today (Barra do Garças lives an
    hour behind Brasília). Never a day still to come on that clock: the law in force is the
    decision's day's (D-15) and the periods run from it (D-4). Checked before the step's
    transaction, so that the refusal, an act on ``obj`` named ``action``, is kept."""
    today_ = today_of(municipality)
    if on is None:
        return today_
    if on <= today_:
        return on
    why = (
        f"A data {what} ({on:%d/%m/%Y}) não pode estar no futuro: hoje é {today_:%d/%m/%Y} "
        "no Município (o ato é julgado pela lei em vigor no dia em que é praticado e os prazos "
        "correm dele: decisões D-4 e D-15)."
    )
    _refuse_the_date(
        municipality, actor, action, obj, "on", on, why, ("decisão D-15", "decisão D-4")
    )


def _refuse_the_date(
    municipality: Municipality,
    actor: Actor,
    action: str,
    obj: Any,
    field: str,
    value: dt.date,
    why: str,
    citations: tuple[str, ...],
) -> NoReturn:
    """Keep the refusal of a step's date ``field`` as an act on ``obj`` named ``action``, then
    refuse it naming the field (called before the step's transaction, so the act stays)."""
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=obj,
        outcome="refused",
        new={field: value},
        basis={"citations": list(citations)},
        extra={"motivo": why},
    )
    raise field_error(field, why)


def annulment_day(
    *,
    actor: Actor,
    municipality: Municipality,
    competence: str,
    action: str,
    obj: PlatformCase | PlatformPenalty,
    on: dt.date | None,
    appeals: type[PlatformCaseAppeal] | type[PlatformPenaltyAppeal],
    since: Callable[[Any], dt.date | None],
) -> dt.date:
    """The day of an annulment of the authority's own motion of ``obj`` (a case or a penalty),
    checked before the step's transaction: the actor's ``competence``, the day as
    :func:`decision_day` reads it, and never before the decision it annuls (``since`` that
    decision, read as stored; None: nothing decided yet, which the law refuses in the step) nor
    before the appeal of ``appeals`` still waiting on it, which it moots (Lei 9.784/1999 art. 53,
    52). A day refused is kept as an act ``action`` on ``obj``."""
    authorize_apps(actor=actor, municipality=municipality, action=competence)
    on = decision_day(actor=actor, municipality=municipality, action=action, obj=obj, on=on)
    of = "case" if isinstance(obj, PlatformCase) else "penalty"
    with tenant(municipality):
        current = type(obj).objects.get(pk=obj.pk)
        waiting = appeals.objects.filter(**{of: current}, result=appeals.Result.PENDING).first()
    annulled_since = since(current)
    appeal_filed_on = waiting.filed_on if waiting else None
    if annulled_since is None:
        return on
    if on < annulled_since:
        why = (
            f"A anulação ({on:%d/%m/%Y}) não pode ser anterior à decisão que anula "
            f"({annulled_since:%d/%m/%Y})."
        )
    elif appeal_filed_on is not None and on < appeal_filed_on:
        why = (
            f"A anulação ({on:%d/%m/%Y}) não pode ser anterior ao recurso que ela torna "
            f"prejudicado ({appeal_filed_on:%d/%m/%Y}; {lei_9784(52)})."
        )
    else:
        return on
    _refuse_the_date(municipality, actor, action, current, "on", on, why, (lei_9784(53),))


def apps_law(m: Municipality, on: dt.date | None = None) -> str:
    """The law governing transport by app in ``m`` on ``on`` (today): the one competence is checked
    under. A municipality where no law governs it has no platforms (403)."""
    try:
        return law_of(m, Service.APLICATIVO, on)
    except LawNotBound as exc:
        raise PlatformError(str(exc), status=403) from None


def authorize_apps(*, actor: Actor, municipality: Municipality, action: str) -> None:
    """The actor's competence for ``action`` under the law governing transport by app in
    ``municipality`` today (:func:`apps_law`), checked before the service's transaction so that a
    refusal's act is kept (``NotCompetent``)."""
    authorize(actor=actor, municipality=municipality, action=action, law=apps_law(municipality))


def bound_law(m: Municipality, on: dt.date | None = None) -> BoundLaw:
    """The law governing transport by app in ``m`` on ``on`` (today), ready to be asked."""
    try:
        return law_for(m, Service.APLICATIVO, on)
    except LawNotBound as exc:
        raise PlatformError(str(exc), status=403) from None


def cited_here(*concepts: str) -> str:
    """The articles the law governing transport by app in the current municipality today names
    for ``concepts``, without its title: what a page of that law writes (``{% apps_cite %}``, a
    form's labels). Empty where none governs it, or outside a municipality."""
    return cited_for(Service.APLICATIVO, *concepts, m=current_municipality_or_none())


def cited(m: Municipality, *concepts: str, on: dt.date | None = None) -> str:
    """The articles the law governing transport by app in ``m`` names for ``concepts`` (its
    ``CITES``), as a person reads them: never a literal law title here."""
    return interfaces.cited_once(apps_law(m, on), *concepts)


def credential_standing(m: Municipality, platform: Platform, act: str, on: dt.date) -> Decision:
    """Whether ``platform`` may do ``act`` (``roster``, ``fares``, ``operate``) on ``on``: not while
    its credential is suspended — through the suspension's last day, even before the sweep ends
    it — nor once cancelled (art. 3, art. 26 IV)."""
    facts: dict[str, Any] = {"status": platform.status, "act": act}
    if platform.suspended_until is not None:
        facts["suspended_until"] = platform.suspended_until.isoformat()
    return bound_law(m, on).ask("credential_standing", facts)


def require_standing(
    m: Municipality,
    platform: Platform,
    act: str,
    on: dt.date,
    *,
    actor: Actor,
    action: str,
    extra: Mapping[str, Any] | None = None,
) -> Decision:
    """:func:`credential_standing`; when the platform may not, the refusal of ``action`` kept in
    the acts log (``core.acts.law_refused``, ``extra`` with it) and answered 403, with the
    decision's summary and articles."""
    d = credential_standing(m, platform, act, on)
    if not d.outcome["may_operate"]:
        raise law_refused(
            actor=actor,
            municipality=m,
            action=action,
            d=d,
            obj=platform,
            extra=extra,
            error=lambda d: PlatformRefused("", d, status=403),
        )
    return d


def reasons_json(decisions: Iterable[Decision]) -> list[dict[str, Any]]:
    """Every reason of the decisions, as the API and the screens show them."""
    return [
        {
            "regra": r.rule,
            "resultado": str(r.verdict),
            "mensagem": r.message,
            "citacoes": [c.render() for c in r.citations],
        }
        for d in decisions
        for r in d.reasons
    ]


def refusing_reasons(decisions: Iterable[Decision]) -> list[dict[str, Any]]:
    """The reasons that refuse or leave pending — what is to be corrected — as
    :func:`reasons_json` shows them."""
    return [r for r in reasons_json(decisions) if r["resultado"] in ("refused", "pending")]


def refusal_lines(decisions: Iterable[Decision]) -> list[str]:
    """Each of the :func:`refusing_reasons` with all its articles, a line each, as a person reads
    them on a screen."""
    return [f"{r['mensagem']} ({'; '.join(r['citacoes'])})" for r in refusing_reasons(decisions)]


def refusal_text(decisions: Iterable[Decision]) -> str:
    """What was refused or is pending, each with its first article: the ``detail`` of a refusal,
    so that its text alone tells what to correct and why."""
    parts = [
        r["mensagem"] + (f" ({r['citacoes'][0]})" if r["citacoes"] else "")
        for r in refusing_reasons(decisions)
    ]
    return "; ".join(parts) or "; ".join(d.summary for d in decisions)


def citations_of(decisions: Iterable[Decision]) -> list[str]:
    seen: dict[str, None] = {}
    for d in decisions:
        for c in d.citations:
            seen.setdefault(c.render(), None)
    return list(seen)


def basis_many(decisions: Iterable[Decision], extra: Iterable[Citation] = ()) -> dict[str, Any]:
    ds = list(decisions)
    cites = set(citations_of(ds)) | {c.render() for c in extra}
    return {"citations": sorted(cites), "decisions": [d.to_json() for d in ds]}


def occurrences(platform: Platform, before: dt.date, on: dt.date) -> list[dict[str, Any]]:
    """The platform's earlier measures as the record holds them — penalties and proposals for
    facts up to ``before``, each with its status and, once final in the administrative sphere,
    the day it became final; the law counts the occurrences (art. 26 I and IV; ADR 0082). ``on``
    is the day of the decision that asks: the day the law reads each measure's finality on."""
    m = platform.municipality
    penalties = PlatformPenalty.objects.filter(
        platform=platform, driver__isnull=True, infraction_on__lte=before
    )
    cases = PlatformCase.objects.filter(platform=platform, infraction_on__lte=before)
    return _as_occurrences(m, on, penalties) + _cases_as_occurrences(m, on, cases)


def driver_occurrences(
    driver: PlatformDriver, before: dt.date, on: dt.date
) -> list[dict[str, Any]]:
    """The driver's earlier penalties — the person's, by CPF, whatever platform they drove for —
    for facts up to ``before``; the law counts the occurrences (art. 26 I: a warning only on the
    first; ADR 0082)."""
    penalties = PlatformPenalty.objects.filter(driver__cpf=driver.cpf, infraction_on__lte=before)
    return _as_occurrences(driver.municipality, on, penalties)


def _as_occurrences(
    m: Municipality, on: dt.date, penalties: QuerySet[PlatformPenalty]
) -> list[dict[str, Any]]:
    """Each penalty with its status in its process and the day it became final, as the process
    recorded them (D-1: the notice, the appeal's judgment and the daily sweep ask the law) — one
    whose appeal period is recorded open is read by the law on ``on``, so that a period lapsed
    since the last sweep is final all the same."""
    out = []
    for p in penalties.order_by("infraction_on", "pk"):
        status, final_on = p.status, p.final_on
        if status == PlatformPenalty.Status.APPEAL_PERIOD and p.decision_notice_on is not None:
            finality = _finality(m, on, p.decision_notice_on, "none", None)
            status, final_on = finality["status"], finality["final_on"]
        out.append(_occurrence(f"penalidade {p.pk}", "penalty", p.infraction_on, status, final_on))
    return out


def _cases_as_occurrences(
    m: Municipality, on: dt.date, cases: QuerySet[PlatformCase]
) -> list[dict[str, Any]]:
    """Each proposal of IV with its status. A measure the Chief Executive annulled, on appeal or
    of its own motion (Lei 9.784/1999 art. 53, 56 §1), established nothing: the law reads it as
    annulled (art. 26, I). An upheld one stands as the law reads its finality on ``on`` from the
    notice of the decision and the appeal's decision (D-1; ADR 0082)."""
    out = []
    for c in cases.annotate(
        appeal_result=F("appeal__result"), appeal_decided_on=F("appeal__decided_on")
    ).order_by("infraction_on", "pk"):
        status, final_on = c.status, None
        if c.appeal_result == ANNULLED_ON_APPEAL or c.annulled_on is not None:
            status = "annulled"
        elif c.status == PlatformCase.Status.UPHELD:
            finality = _finality(
                m, on, c.decision_notice_on, c.appeal_result or "none", c.appeal_decided_on
            )
            status, final_on = finality["status"], finality["final_on"]
        out.append(_occurrence(f"processo {c.pk}", "proposal", c.infraction_on, status, final_on))
    return out


def _occurrence(
    ident: str, kind: str, on: dt.date, status: str, final_on: dt.date | None
) -> dict[str, Any]:
    occ = {"id": ident, "kind": kind, "on": on.isoformat(), "status": status}
    return {**occ, "final_on": final_on.isoformat()} if final_on is not None else occ


def _finality(
    m: Municipality,
    on: dt.date,
    notice_on: dt.date | None,
    appeal: str,
    judged_on: dt.date | None,
) -> Mapping[str, Any]:
    """The law's finality (D-1) of a decision of the apps law on ``on``: its appeal period runs
    from the decision's notice (``notice_on``); ``appeal`` is its appeal's result, decided on
    ``judged_on``."""
    facts: dict[str, Any] = {"appeal": appeal}
    if notice_on is not None:
        facts["decision_notice_on"] = notice_on.isoformat()
    if judged_on is not None:
        facts["appeal_judged_on"] = judged_on.isoformat()
    return bound_law(m, on).ask("penalty_finality", facts).outcome


def decision_json_text(decision: Mapping[str, Any]) -> str:
    return json.dumps(decision, ensure_ascii=False, indent=2)


def appeal_admission(
    municipality: Municipality,
    on: dt.date,
    filed_on: dt.date,
    decision_notice_on: dt.date | None,
    forwarded_on: dt.date | None = None,
) -> tuple[Decision, Decision | None]:
    """The law core's answer on an appeal against a penalty of the apps law — a warning, fine,
    suspension or cancellation (art. 26 sole paragraph): whether it is in time (regulation, else
    Lei 9.784/1999 art. 59: 10 days from the notice of the decision, D-4 counting; D-17) and,
    when it is, the period the deciding authority has to reconsider (art. 56 §1) and the one the
    superior authority has to judge it from receiving it (``forwarded_on``, when sent up;
    art. 59 §1)."""
    facts: dict[str, Any] = {"filed_on": filed_on.isoformat()}
    if decision_notice_on is not None:
        facts["decision_notice_on"] = decision_notice_on.isoformat()
    if forwarded_on is not None:
        facts["forwarded_on"] = forwarded_on.isoformat()
    admission = bound_law(municipality, on).ask("penalty_appeal", facts)
    if not admission.outcome["timely"]:
        return admission, None
    return admission, reconsideration_period(municipality, on, filed_on)


def appeal_judgment_period(
    municipality: Municipality,
    on: dt.date,
    filed_on: dt.date,
    forwarded_on: dt.date | None,
    extended_on: dt.date | None,
    *,
    extended_before: bool = False,
) -> Decision:
    """The superior authority's period to judge an appeal filed on ``filed_on`` (sent up on
    ``forwarded_on``, if it was), as the law in force on ``on`` counts it (``appeal_judgment``:
    the rule ``penalty_appeal`` counts ``judge_until`` by, art. 26 sole paragraph with Lei
    9.784/1999 art. 59 §1), with its extension on ``extended_on`` (art. 59 §2; ``extended_before``:
    a new extension of a period already extended). An extension recorded was justified: its
    service refuses one without."""
    facts = question_facts(filed_on, forwarded_on, extended_on, extended_before=extended_before)
    return bound_law(municipality, on).ask("appeal_judgment", facts)


def judge_until_extended(municipality: Municipality, appeal: Any, counted: dt.date) -> dt.date:
    """The last day to judge ``appeal`` (a platform's penalty appeal): ``counted``, the day the
    law's admission gives, or, once its period was extended (Lei 9.784/1999 art. 59 §2), the
    extended day the law counts again with it (:func:`appeal_judgment_period`)."""
    if appeal.judgment_extended_on is None:
        return counted
    d = appeal_judgment_period(
        municipality,
        counted_on(appeal.admission, appeal.filed_on),
        appeal.filed_on,
        appeal.forwarded_on,
        appeal.judgment_extended_on,
    )
    return d.outcome["judge_until"]


def appeal_extendable(municipality: Municipality, appeal: Any, on: dt.date) -> bool:
    """Whether the period to judge ``appeal`` (pending, with a day) may still be extended on
    ``on`` (the page's today) under Lei 9.784/1999 art. 59 §2, as the law answers it
    (``judgment.may_extend``: the §1 default, not yet extended, and running on ``on`` — received
    by the superior authority, so not while the appeal awaits reconsideration, and not past its
    last day) — what the page offers; the service asks again."""
    if appeal.judge_until is None or appeal.judgment_extended_on is not None:
        return False
    return may_extend(
        appeal_judgment_period(
            municipality,
            counted_on(appeal.admission, appeal.filed_on),
            appeal.filed_on,
            appeal.forwarded_on,
            None,
        ),
        on,
    )


def reconsideration_period(municipality: Municipality, on: dt.date, filed_on: dt.date) -> Decision:
    """The period the authority that decided has to reconsider an appeal filed on ``filed_on``
    (Lei 9.784/1999 art. 56 §1; regulation, else 5 days, D-4 counting; D-17), asked of the law
    in force on ``on``, the day the appeal was recorded; its last day is the outcome's
    ``reconsider_until``. One question for the filing, a recount (D-4) and a period recorded
    late (``penalty_period_fill.platform_penalty_appeal_periods_fill``)."""
    return bound_law(municipality, on).ask(
        "penalty_revision", revision_facts("reconsideration", filed_on, filed_on, "confirm")
    )


def counted_on(trace: Mapping[str, Any] | None, default: dt.date) -> dt.date:
    """The day a stored deadline was counted on (its trace's ``as_of``): counted again the same
    way, under the law in force then."""
    as_of = (trace or {}).get("as_of")
    return dt.date.fromisoformat(as_of) if as_of else default


def revision_facts(
    by: str, appeal_filed_on: dt.date, decided_on: dt.date, result: str
) -> dict[str, Any]:
    """The facts every question on revising a decision appealed against (``penalty_revision``)
    puts to the law core: who revises it (``by``: the deciding authority reconsidering, the
    superior one, or the decider of a case on appeal), the day the appeal was filed, the day of
    the revision and its ``result`` (Lei 9.784/1999 art. 56 §1, 64)."""
    return {
        "by": by,
        "appeal_filed_on": appeal_filed_on.isoformat(),
        "decided_on": decided_on.isoformat(),
        "result": result,
    }


def reasoned(reasoning: str, what: str, *, also: str = "") -> None:
    """A decision without its reasons is refused naming ``what`` is to be reasoned (Lei
    9.784/1999, art. 50, V: the facts and the legal grounds; ``also``: a further citation)."""
    if not reasoning.strip():
        raise field_error(
            "reasoning",
            f"Fundamente {what}, com os fatos e os fundamentos jurídicos "
            f"({lei_9784(50, inc='V')}{also}).",
        )


#: Why a date of notice matters (D-4): the periods run from it, so it cannot be moved earlier.
NOTICE_DATE_GROUNDS = f"o prazo de recurso corre da ciência (decisão D-4; {lei_9784(66)})"


def notice_date_refusal(notice_on: dt.date, decided_on: dt.date, today: dt.date) -> str | None:
    """Why ``notice_on`` cannot be the date a decision of ``decided_on`` reached the platform, or
    None (D-4): not before the decision it notifies, not after the municipality's ``today``."""
    if notice_on > today:
        return (
            f"A data da notificação ({notice_on:%d/%m/%Y}) não pode estar no futuro: hoje é "
            f"{today:%d/%m/%Y} ({NOTICE_DATE_GROUNDS})."
        )
    if notice_on < decided_on:
        return (
            f"A notificação ({notice_on:%d/%m/%Y}) não pode ser anterior à decisão que notifica, "
            f"de {decided_on:%d/%m/%Y}: {NOTICE_DATE_GROUNDS}."
        )
    return None


def fact_before_notice(infraction_on: dt.date, notice_on: dt.date, notice: str) -> None:
    """The fact comes before the notice that opened the defence against it (``notice``: which
    notice, as the refusal names it): a fact dated after it is refused on ``infraction_on``."""
    if infraction_on > notice_on:
        raise field_error(
            "infraction_on",
            f"A data do fato ({infraction_on:%d/%m/%Y}) não pode ser posterior à da notificação "
            f"{notice} ({notice_on:%d/%m/%Y}).",
        )


def notice_recording(
    *,
    actor: Actor,
    municipality: Municipality,
    notice_on: dt.date,
    on: dt.date | None,
    channel: str | None = None,
) -> dt.date:
    """The checks every notice of a decision of the apps law passes before what it notifies is
    locked — the recorder's competence (``notice.record``), the channel where it names one, a
    date not after the day it is recorded — and that day (``on``, today by default). The date
    against the decision and the municipality's today: :func:`notice_dated_rightly`."""
    authorize_apps(actor=actor, municipality=municipality, action="notice.record")
    if channel is not None and channel not in PlatformPenalty.NoticeChannel.values:
        raise field_error("channel", "Meio da notificação: entrega pessoal, AR ou publicação.")
    on = on or today_of(municipality)
    if notice_on > on:
        raise field_error(
            "notice_on",
            f"A data da notificação ({notice_on:%d/%m/%Y}) não pode ser posterior ao dia do "
            f"registro ({on:%d/%m/%Y}) ({NOTICE_DATE_GROUNDS}).",
        )
    return on


def notice_dated_rightly(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    obj: Any,
    notice_on: dt.date,
    decided_on: dt.date,
) -> None:
    """Refuse, before anything is written, a notice of the decision of ``decided_on`` dated before
    it or after the municipality's today (:func:`notice_date_refusal`); the refusal is an act on
    ``obj``, like the law's refusals of a step."""
    why = notice_date_refusal(notice_on, decided_on, today_of(municipality))
    if why is None:
        return
    _refuse_the_date(
        municipality, actor, action, obj, "notice_on", notice_on, why, ("decisão D-4",)
    )


def notice_period(
    municipality: Municipality, on: dt.date, notice_on: dt.date, decided_on: dt.date
) -> Decision:
    """The law core's appeal period from the legal date a decision of the apps law reached the
    platform (art. 26 sole paragraph; D-4; D-17: Lei 9.784/1999 art. 59), never before that
    decision; its outcome also says whether the period has already lapsed."""
    if notice_on < decided_on:
        # The services refused it, as an act, before locking; a stale caller still cannot pass.
        raise field_error("notice_on", notice_date_refusal(notice_on, decided_on, notice_on) or "")
    return bound_law(municipality, on).ask(
        "penalty_finality", {"decision_notice_on": notice_on.isoformat(), "appeal": "none"}
    )

"""Escalation (D-1, D-2, D-3): when an infraction becomes final, the law weighs the permit's
record; a suspension waits for the authority's click, a revocation opens a proposal case. Under
the taxi law it is the taxista's prontuário that counts points instead (art. 42, VII and §3)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import QuerySet

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.lawseam import governs
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.transitions import status_change
from outorga.enforcement.lawbridge import ask, catalog, escalates_by_accumulation
from outorga.enforcement.models import Case, Escalation, Filing, InfractionNotice, Notice
from outorga.enforcement.selectors import prontuario
from outorga.law.decisions import Decision
from outorga.registry.models import Permit, Person

#: Escalations whose infractions no longer count toward another suspension (D-2). One annulled on
#: appeal stays here: the appeal judged that suspension, and the same infractions must not bring
#: it back the next time one becomes final (they still count toward revocation, art. 32 II).
#: The reading and its alternative: docs/decisions/0011-annulled-suspension-counting.md.
COUNTED_FOR_SUSPENSION = (Escalation.Status.IMPOSED, Escalation.Status.ANNULLED)


def _history(permit: Permit) -> list[InfractionNotice]:
    return list(
        InfractionNotice.objects.filter(permit=permit, status=InfractionNotice.Status.ISSUED)
        # The date of each fact on its clock; the auxiliary who committed it (ADR 0085).
        .select_related("case", "municipality", "auxiliary")
        .order_by("committed_at", "id")
    )


def escalation_facts(permit: Permit) -> dict[str, Any]:
    """Every auto of the permit — the holder's and the auxiliaries' (art. 31 §2) — as facts for
    mototaxi.penalty: final or not (D-1), already counted for a suspension (D-2), and the
    auxiliary who committed it, by his person, whose own count it joins (art. 32 I–II with art.
    2 VI; ADR 0085). An auto that names no auxiliary is the holder's count, the law says."""
    used = set(
        InfractionNotice.objects.filter(
            escalations__permit=permit, escalations__status__in=COUNTED_FOR_SUSPENSION
        ).values_list("id", flat=True)
    )
    rows = []
    codes = {k.code for k in catalog(permit.law)}
    for a in _history(permit):
        if a.infraction_code not in codes:
            continue
        by_auxiliary = a.committed_by == InfractionNotice.CommittedBy.AUXILIARY
        row = {
            **_counted(a),
            "code": a.infraction_code,
            "caused_suspension": a.pk in used,
            "by_auxiliary": by_auxiliary,
        }
        if by_auxiliary and a.auxiliary is not None:
            row["auxiliary"] = str(a.auxiliary.person_id)
        rows.append(row)
    return {"infractions": rows}


def _counted(a: InfractionNotice) -> dict[str, Any]:
    """What every law's count reads of an auto: its number, its day on the municipality's clock,
    and whether its penalty is final (D-1)."""
    case = getattr(a, "case", None)
    return {
        "id": a.number,
        "committed_on": a.committed_on.isoformat(),
        "final": bool(case and case.stage == Case.Stage.FINAL),
    }


def taxista_of(auto: InfractionNotice) -> Person | None:
    """Taxi art. 42, §3: whose prontuário an infraction's points go to — the taxista auxiliar who
    committed it, else the taxista permissionário its case is against when the auto names him as
    the offender. None for one caught without a permit (no taxista's record), an auto that
    identifies nobody (the law imputes it to no taxista, art. 41 caput; ADR 0068) or an auto
    with no case yet."""
    by = InfractionNotice.CommittedBy
    if auto.permit_id is None:
        return None
    if auto.committed_by == by.AUXILIARY:
        return auto.auxiliary.person if auto.auxiliary is not None else None
    if auto.committed_by != by.HOLDER:
        return None
    case = getattr(auto, "case", None)
    return case.person if case is not None else None


def points_facts(law: str, taxista: Person) -> dict[str, Any]:
    """Every auto of ``law`` in the taxista's prontuário (art. 42, §3: :func:`.selectors.prontuario`),
    with its nature, as the law's ``points`` question reads them."""
    autos = prontuario(law, taxista).select_related("case", "municipality")
    autos = autos.order_by("committed_at", "id")
    return {"infractions": [{**_counted(a), "nature": a.severity} for a in autos]}


def points_evaluate(
    *, actor: Actor, municipality: Municipality, auto: InfractionNotice, on: dt.date
) -> dict[str, Any]:
    """Taxi art. 42, VII and §3: when an infraction becomes final, the points of the taxista
    whose prontuário it goes to, over the 12 months after their first infraction — counted per
    taxista, not per permit. Informative: the law ties no measure to a total."""
    taxista = taxista_of(auto)
    if taxista is None:
        return {}
    d = ask(municipality, auto.law, "points", points_facts(auto.law, taxista), on)
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.evaluate",
        obj=taxista,
        new={"summary": d.summary, "auto": auto.number},
        basis=basis_of(d),
    )
    return {"points": d.to_json()["outcome"]}


def escalate_without(
    *, actor: Actor, municipality: Municipality, auto: InfractionNotice, on: dt.date
) -> None:
    """A counted infraction fell — its auto cancelled, its case annulled of the authority's own
    motion —: where the law weighs a permit's accumulated final infractions, the escalation is
    judged again without it (D-1), and a pending suspension or proposal it supported falls."""
    if auto.permit is not None and escalates_by_accumulation(auto.law):
        escalate(actor=actor, municipality=municipality, permit=auto.permit, on=on)


def escalate(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date
) -> dict[str, Any]:
    """Evaluate escalation when an infraction becomes final (D-1): a suspension waits for the
    authority's one click (art. 34); revocation opens a proposal case decided by the Chief
    Executive after the defence (art. 34 §1–2, D-3). Nothing is applied here; a permit whose
    service no law of the municipality governs (its binding removed) escalates to nothing."""
    if not governs(municipality, permit.service):
        return {}
    facts = escalation_facts(permit)
    d = ask(municipality, permit.law, "penalty", facts, on)
    out = d.to_json()["outcome"]
    by_number = {a.number: a for a in _history(permit)}
    made: dict[str, Any] = {}
    if out.get("suspension"):
        counted = [by_number[i] for i in out["suspension"]["infractions"]]
        esc = Escalation.objects.filter(permit=permit, status=Escalation.Status.PENDING).first()
        if esc is None:
            esc = Escalation.objects.create(
                permit=permit,
                law=permit.law,
                days=out["suspension"]["days"],
                decision=d.to_json(),
                evaluated_on=on,
            )
        else:
            esc.days, esc.decision, esc.evaluated_on = out["suspension"]["days"], d.to_json(), on
            esc.save(update_fields=["days", "decision", "evaluated_on"])
        esc.counted.set(counted)
        made["suspension"] = esc.pk
    else:
        # The count fell below the threshold (an auto cancelled or annulled): the suspension
        # waiting for the authority no longer has a basis.
        for esc in Escalation.objects.filter(permit=permit, status=Escalation.Status.PENDING):
            status_change(
                esc,
                Escalation.Status.DISMISSED,
                actor=actor,
                municipality=municipality,
                action="penalty.suspension.withdraw",
                basis=basis_of(d),
            )
            made["withdrawn"] = esc.pk
    if out.get("revocation"):
        proposals = Case.objects.filter(permit=permit, kind=Case.Kind.REVOCATION)
        open_case = proposals.exclude(stage__in=(Case.Stage.DECIDED, Case.Stage.ANNULLED))
        if not open_case.exists() and not _judged(proposals, out["revocation"]["infractions"]):
            made["revocation"] = proposal_open(
                actor, municipality, permit, Case.Kind.REVOCATION, d, on=on
            ).pk
    else:
        # The count fell below the threshold (an auto cancelled or annulled, D-1): a revocation
        # proposal it opened and the Chief Executive has not decided no longer has the ground of
        # art. 32 II (D-3), and falls as the pending suspension does.
        withdrawn = [
            proposal_withdraw(actor, municipality, case, d, on)
            for case in Case.objects.filter(permit=permit, kind=Case.Kind.REVOCATION).exclude(
                stage__in=(Case.Stage.DECIDED, Case.Stage.ANNULLED)
            )
        ]
        if withdrawn:
            made["revocation_withdrawn"] = withdrawn
    # Art. 32 IV c (ADR 0088): an auxiliary's final auto inside his credential's suspension.
    from outorga.enforcement.services.proposals import auxiliary_breaches_propose

    breaches = auxiliary_breaches_propose(
        actor=actor, municipality=municipality, permit=permit, on=on
    )
    if breaches:
        made["auxiliary_cassacao"] = breaches
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.evaluate",
        obj=permit,
        new={"summary": d.summary, **made},
        basis=basis_of(d),
    )
    return made


def _judged(proposals: QuerySet[Case], infractions: list[str]) -> bool:
    """The count of art. 32 II is reached by infractions a decided proposal already weighed (the
    Chief Executive kept the permission): a fact judged, not a new one — a later infraction, a
    count the law finds again in those same 12 months (D-1), opens no second proposal on them."""
    counted = set(infractions)
    return any(
        counted <= set(c.proposal.get("outcome", {}).get("revocation", {}).get("infractions", ()))
        for c in proposals.filter(stage=Case.Stage.DECIDED)
    )


def proposal_withdraw(
    actor: Actor, municipality: Municipality, case: Case, d: Decision, on: dt.date
) -> str:
    """A revocation proposal whose count of art. 32 II the law no longer finds (``d``): archived
    undecided, a defence still waiting prejudicado with it; the act cites the law's answer."""
    old = {"stage": case.stage, "waiting": case.waiting}
    case.stage, case.waiting, case.deadline = Case.Stage.ANNULLED, Case.Waiting.NONE, None
    case.outcome = f"proposta retirada em {on:%d/%m/%Y}: {d.summary}"
    case.save(update_fields=["stage", "waiting", "deadline", "outcome"])
    case.filings.filter(result=Filing.Result.PENDING).update(
        result=Filing.Result.MOOT, judged_on=on, reasoning="Prejudicada: a proposta foi retirada."
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="case.proposal.withdraw",
        obj=case,
        old=old,
        new={"stage": case.stage, "outcome": case.outcome},
        basis=basis_of(d),
    )
    return case.number


def proposal_open(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    kind: str,
    d: Decision,
    extra: dict[str, Any] | None = None,
    *,
    on: dt.date,
    person: Person | None = None,
) -> Case:
    """A revocation or cassação proposal opened on ``on``: its notice, which opens the defence,
    cannot be dated before it (D-4). ``person``: who is notified and defends it — the holder,
    unless the proposal takes another's credential (an auxiliary's: mototaxi art. 32 IV)."""
    case = Case.objects.create(
        number=f"PA-{next_number('processo'):06d}",
        kind=kind,
        law=permit.law,
        permit=permit,
        person=person or permit.holder,
        proposal={**d.to_json(), **(extra or {})},
    )
    Notice.objects.create(case=case, purpose=Notice.Purpose.PROPOSAL, act_on=on)
    record_act(
        municipality=municipality,
        actor=actor,
        action="case.proposal.open",
        obj=case,
        new={"kind": kind, "permit": permit.number, "summary": d.summary, **(extra or {})},
        basis=basis_of(d),
    )
    return case

"""What several enforcement services share: the refusals of a step out of order (``InvalidStep``)
and of another person's case (``NotOwner``), the articles of a competence, the upload check, and
a case's debts in the finance ledger (charged, cancelled, and whether the case still awaits its
defence or appeals, D-1, D-11). A law's refusal kept in the acts log is core's
(``core.acts.law_refused``)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from outorga.core import uploads
from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.errors import Conflict, DomainError
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, Notice, Seizure
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.law.citations import render_within
from outorga.law.competence import NotCompetent, competence
from outorga.law.decisions import Decision
from outorga.registry.models import Permit, Person

PROPOSALS = (Case.Kind.REVOCATION, Case.Kind.CASSACAO)


def proposal_action(case: Case) -> str:
    """The competence deciding the proposal ``case`` needs: to revoke or to cassate (D-3)."""
    return "penalty.revocation" if case.kind == Case.Kind.REVOCATION else "penalty.cassacao"


class InvalidStep(Conflict, ValueError):
    """The case is not at the step the request assumes (e.g. judging a defence not filed)."""


class NotOwner(DomainError, PermissionError):
    """A holder acting on a case that is not theirs: to them it does not exist."""

    status = 404
    code = "nao_encontrado"

    def body(self) -> dict[str, Any]:
        return {"detail": "Não encontrado."}


# --- helpers -------------------------------------------------------------------------------------


def competence_citations(law: str, action: str, on: dt.date) -> list[str]:
    """The articles that give ``action`` under ``law`` to its authority on ``on``, the date of the
    act (the competence table is dated, D-15)."""
    comp = competence(law, action, on)
    return [c.render() for c in comp.citations] if comp else []


def basis_with_competence(
    decision: Decision | None, law: str, action: str, on: dt.date
) -> dict[str, Any]:
    """The basis stored with an act the law allowed: ``decision`` (:func:`basis_of`) and the
    articles that give ``action`` to its authority on ``on`` (:func:`competence_citations`),
    each citation once, sorted."""
    basis = basis_of(decision)
    basis["citations"] = sorted(
        set(basis["citations"]) | set(competence_citations(law, action, on))
    )
    return basis


def competence_cited(law: str, action: str, on: dt.date) -> str:
    """:func:`competence_citations` as a message beside a record of ``law`` writes them: its own
    articles without its title ("art. 43; art. 34, §3"), another law's with its own."""
    comp = competence(law, action, on) if action else None
    return render_within(comp.citations, law) if comp else ""


def photo_checked(content: bytes) -> tuple[str, str]:
    """An auto's photo judged by its bytes (``core.uploads``), kept as sent: it is evidence, and
    its SHA-256 is what the act records (a filing's attachments: ``core.attachments``)."""
    ctype = uploads.checked(content, kind="photo", field="fotos", images_only=True)
    return ctype, hashlib.sha256(content).hexdigest()


def debt_charge(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    permit: Permit | None,
    origin: str,
    description: str,
    amount_cents: int,
    due_on: dt.date,
    basis: dict[str, Any],
    status: str = Debt.Status.OPEN,
    awaiting_finality: bool = False,
) -> Debt:
    """A debt in the finance ledger, inside the caller's transaction (whose competence — penalty,
    seizure — was already checked); the reference and the ``debt.create`` act are the ledger's."""
    return ledger.debt_create_in_transaction(
        actor=actor,
        municipality=municipality,
        person=person,
        permit=permit,
        origin=origin,
        description=description,
        amount_cents=amount_cents,
        due_on=due_on,
        status=status,
        basis=basis,
        awaiting_finality=awaiting_finality,
    )


def case_pending(case: Case | None) -> bool:
    """The case is still in its defence or appeals (art. 42–44): nothing it charges is final yet
    (D-1). Its charges wait for :func:`.finality.case_make_final`, which clears them."""
    return case is not None and case.stage in (
        Case.Stage.DEFENCE,
        Case.Stage.JARI,
        Case.Stage.EXECUTIVE,
    )


def case_contested(case: Case | None) -> bool:
    """A defence or appeal was filed and the case is not over: its debts are under appeal (D-11)."""
    return (
        case is not None
        and case.stage in (Case.Stage.DEFENCE, Case.Stage.JARI, Case.Stage.EXECUTIVE)
        and case.filings.exists()
    )


def debt_cancel(
    *, actor: Actor, municipality: Municipality, debt: Debt, reason: str, basis: dict[str, Any]
) -> None:
    """Cancel an unpaid debt whose penalty fell (defence upheld, auto cancelled; art. 42 §1–2).
    Paid debts are left to the finance app's refund (art. 42 §1–2: refund on request)."""
    ledger.debt_cancel_in_transaction(
        actor=actor, municipality=municipality, debt=debt, reason=reason, basis=basis
    )


def case_debts(case: Case) -> list[Debt]:
    ids: set[int] = set()
    for p in case.penalties.all():
        if p.debt_id:
            ids.add(p.debt_id)
    if case.auto_id:
        for s in Seizure.objects.filter(auto_id=case.auto_id):
            ids |= {i for i in (s.fine_debt_id, s.removal_debt_id) if i}
            ids |= set(s.storage_debts.values_list("id", flat=True))
    return list(Debt.objects.filter(pk__in=ids))


def auto_defence(case: Case | None) -> dict[str, Any]:
    """What a penalty of the auto's process reads of its due process (taxi art. 41 caput and §5,
    D-17): the day the auto's notice reached the person (``notified_on``), the day the defence
    was judged (``defence_judged_on``) and whether one waits for judgment (``defence_pending``);
    the days only when there is one, as the law's facts take them."""
    if case is None:
        return {"defence_pending": False}
    notice = case.notices.filter(purpose=Notice.Purpose.AUTO).first()
    defences = case.filings.filter(stage=Filing.Stage.DEFENCE)
    judged = defences.exclude(judged_on=None).first()
    facts: dict[str, Any] = {
        "defence_pending": defences.filter(result=Filing.Result.PENDING).exists()
    }
    if notice is not None and notice.notified_on is not None:
        facts["notified_on"] = notice.notified_on
    if judged is not None and judged.judged_on is not None:
        facts["defence_judged_on"] = judged.judged_on
    return facts


def not_competent_message(exc: NotCompetent) -> str:
    return str(exc)


def filing_day_record(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    field: str,
    d: Decision,
    action: str,
    **shown: object,
) -> bool:
    """Write on ``filing`` the day ``d`` gives for ``field`` (``reconsider_until``, the last day
    to reconsider, Lei 9.784/1999 art. 56 §1; ``judge_until``, the last day to judge, art. 59
    §1), with the act ``action``: the day it replaces, ``shown`` and the new day, the law's
    answer as its basis. False, and nothing written, when the day is the same. Inside the
    caller's transaction."""
    before = getattr(filing, field)
    new = d.outcome[field]
    if new == before:
        return False
    setattr(filing, field, new)
    filing.save(update_fields=[field])
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=filing,
        old={field: before},
        new={**shown, field: new},
        basis=basis_of(d),
    )
    return True


def filings_fill(
    municipality: Municipality,
    missing: Callable[[], QuerySet[Filing]],
    law_has: Callable[[str], bool],
    fill: Callable[[Filing], bool],
) -> list[str]:
    """The daily sweep's fill of a day pending filings lack because they were filed before their
    law gave it (the period to reconsider, art. 56 §1; the day to judge, art. 59 §1 — Lei
    9.784/1999, D-17): the filings of ``missing()`` whose law has it (``law_has``), each locked
    with its case in its own transaction and given it by ``fill`` (False when it no longer
    needs it: judged, sent up or filled meanwhile). The cases filled."""
    with tenant(municipality):
        rows = missing()
        laws = rows.order_by().values_list("case__law", flat=True).distinct()
        ids = list(
            rows.filter(case__law__in=[law for law in laws if law_has(law)])
            .order_by("id")
            .values_list("pk", flat=True)
        )
    filled = []
    for pk in ids:
        with transaction.atomic(), tenant(municipality):
            filing = (
                Filing.objects.select_for_update(of=("self",)).select_related("case").get(pk=pk)
            )
            if fill(filing):
                filled.append(filing.case.number)
    return filled

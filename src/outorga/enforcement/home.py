"""The enforcement area's work on the staff home page (``core.home``): defences and appeals to judge
by whoever the case's law makes competent for its stage, the Chief Executive's proposals, the
suspensions the authority is to apply and the notices to deliver — each with the case's running
deadline (``Case.deadline``, the one the procedure computed) and a link to the case."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse
from django.utils.text import capfirst

from outorga.core.home import Task, queue
from outorga.law.competence import Role, is_allowed
from outorga.registry.services.common import ungoverned

from . import selectors
from .lawbridge import Asker
from .models import Case, Escalation, Filing, Notice
from .services.common import PROPOSALS, proposal_action
from .services.filings import JUDGE_ACTION
from .services.judgment import awaiting_basis, page_asker

_JUDGES = frozenset({Role.AUTORIDADE.value, Role.JARI.value, Role.CHEFE_EXECUTIVO.value})


def _case_url(case: Case) -> str:
    return reverse("enforcement:case", args=[case.pk])


def _about(case: Case) -> str:
    if case.auto is not None:
        return f"auto {case.auto.number} ({case.auto.plate})"
    if case.permit is not None:
        return f"permissão {case.permit.number}"
    return ""


@queue(
    "enforcement.judge",
    "Defesas e recursos a julgar",
    roles=_JUDGES,
    more="enforcement:queue",
    help="Apresentados e aguardando o seu julgamento: até o dia em que a lei manda julgá-los, "
    "ou desde a data em que foram apresentados, onde ela não fixa prazo para julgar.",
    order=10,
    competent=JUDGE_ACTION.values(),
)
def to_judge(user: Any, today: dt.date) -> list[Task] | None:
    """Defences and appeals filed and awaiting judgment, at the stages the user's role judges under
    each case's law on ``today`` (defence: the authority; JARI; Chief Executive): an appeal the
    law gives the superior authority a period to judge, by its last day (taxi art. 43 with Lei
    9.784/1999 art. 59 §1, D-17; ADR 0084); the others since the day they were presented, the
    law setting the days to file them, not a day to judge them by (mototaxi art. 42–44;
    ``selectors.awaiting_judgment``)."""
    waiting = (
        selectors.awaiting_judgment()
        .filter(stage__in=(Case.Stage.DEFENCE, Case.Stage.JARI, Case.Stage.EXECUTIVE))
        .exclude(kind__in=PROPOSALS)
        .select_related("auto", "permit", "municipality")
    )
    # What each day to judge rests on, asked of the law once per distinct question on the page.
    asker = page_asker(user.municipality)
    return [
        _to_judge(c, asker)
        for c in waiting
        if is_allowed(user.role, JUDGE_ACTION[Filing.Stage(c.stage)], c.law, today)
    ]


def _to_judge(c: Case, asker: Asker) -> Task:
    """The row of a filing awaiting judgment: by its day to judge, where the law sets one; since
    the day it was presented otherwise."""
    text = f"{capfirst(c.get_stage_display())} — processo {c.number}, {_about(c)}".rstrip(", ")
    if c.judge_until is not None:
        return Task(
            text,
            _case_url(c),
            c.judge_until,
            due_label="julgar até",
            basis=awaiting_basis(c, asker),
        )
    return Task(text, _case_url(c), c.filed_on, due_label="desde")


@queue(
    "enforcement.proposals",
    "Propostas de revogação e cassação",
    roles={Role.CHEFE_EXECUTIVO},
    more="enforcement:queue",
    help="Decididas após a defesa do permissionário ou o fim do prazo de defesa; as prontas, "
    "desde quando aguardam a decisão.",
    order=11,
    competent={"penalty.revocation", "penalty.cassacao"},
)
def proposals(user: Any, today: dt.date) -> list[Task] | None:
    """Revocation and cassação proposals not yet decided, which only the competent authority
    (the Chief Executive, art. 34 §1–2, D-3) decides: until the defence is in or its period over,
    the defence deadline is shown; once ready, the day it has waited since — no law sets a period
    to decide it (``selectors.open_proposals``)."""
    out = []
    open_ = selectors.open_proposals(Case.Stage.DECIDED, Case.Stage.ANNULLED, Case.Stage.FINAL)
    for c in open_:
        if not is_allowed(user.role, proposal_action(c), c.law, today):
            continue
        text = f"{capfirst(c.get_kind_display())} — processo {c.number}, {_about(c)}"
        note = c.get_waiting_display() if c.waiting != Case.Waiting.NONE else ""
        if c.waiting_since is not None:
            out.append(Task(text, _case_url(c), c.waiting_since, due_label="desde", note=note))
        else:
            out.append(Task(text, _case_url(c), c.deadline, note=note))
    return out


@queue(
    "enforcement.suspensions",
    "Suspensões a aplicar",
    roles={Role.AUTORIDADE},
    more="enforcement:queue",
    order=12,
    competent={"penalty.suspension"},
)
def suspensions(user: Any, today: dt.date) -> list[Task] | None:
    """Suspensions the counted infractions call for (art. 32 I), waiting for the authority since
    the day they were evaluated."""
    return [
        Task(
            f"Suspensão de {e.days} dias — permissão {e.permit.number}, {e.permit.holder.name}",
            reverse("enforcement:queue") + f"#esc-{e.pk}",
            e.evaluated_on,
            due_label="desde",
        )
        for e in Escalation.objects.filter(status=Escalation.Status.PENDING).select_related(
            "permit", "permit__holder"
        )
        # The permit's service under no law today (none bound, or its binding ended): its
        # penalty screens go back to it saying so (``ungoverned_back``), so no task is shown.
        if ungoverned(e.permit) is None
        and is_allowed(user.role, "penalty.suspension", e.permit.law_on(today), today)
    ]


@queue(
    "enforcement.notices",
    "Notificações a entregar",
    roles={Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL},
    more="enforcement:edital",
    help="O prazo de defesa ou de recurso só corre depois da notificação.",
    order=20,
    competent={"notice.record"},
)
def notices(user: Any, today: dt.date) -> list[Task] | None:
    """Notices not yet delivered: the deadline they start runs only once they are."""
    pending = Notice.objects.filter(notified_on__isnull=True).select_related(
        "case", "case__auto", "case__permit"
    )
    return [
        Task(
            f"Notificar {n.get_purpose_display()} — processo {n.case.number}",
            _case_url(n.case),
            n.created_at.date(),
            due_label="desde",
        )
        for n in pending
        if is_allowed(user.role, "notice.record", n.case.law, today)
    ]


@queue(
    "enforcement.own",
    "Prazos de defesa e recurso",
    roles={Role.PERMISSIONARIO},
    more="enforcement:portal",
    help="Apresente a defesa ou o recurso pelo portal até o prazo.",
    order=10,
)
def own_deadlines(user: Any, today: dt.date) -> list[Task] | None:
    """The holder's cases whose defence or appeal period is running: filed online from the portal
    until the deadline the notice started."""
    person = selectors.person_of(user)
    if person is None:
        return None
    running = selectors.holder_cases(person).filter(
        waiting=Case.Waiting.DEADLINE,
        stage__in=(Case.Stage.DEFENCE, Case.Stage.JARI, Case.Stage.EXECUTIVE),
    )
    return [
        Task(
            f"{'Defesa' if c.stage == Case.Stage.DEFENCE else capfirst(c.get_stage_display())}"
            f" — processo {c.number}, {_about(c)}".rstrip(", "),
            reverse("enforcement:portal_case", args=[c.pk]),
            c.deadline,
        )
        for c in running
    ]

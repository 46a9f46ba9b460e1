"""Defence and appeals (art. 42–44; taxi D-17): filed within the deadline from the notice, and
judged by the authority, the JARI or the Chief Executive."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.attachments import attachment_checked
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import deadline as stage_deadline
from outorga.enforcement.lawbridge import deadline_citations, next_stage
from outorga.enforcement.models import Case, Filing, FilingAttachment, Notice
from outorga.enforcement.selectors import running_notice
from outorga.enforcement.services.annulment import case_annul, defence_result
from outorga.enforcement.services.common import (
    PROPOSALS,
    InvalidStep,
    NotOwner,
    basis_with_competence,
    case_debts,
)
from outorga.enforcement.services.finality import case_make_final
from outorga.enforcement.services.judgment import judgment_period
from outorga.enforcement.services.notices import (
    appearance_supplies,
    notice_date_refusal,
    notice_deliver_in_transaction,
    pending_notice_of_stage,
)
from outorga.enforcement.services.reconsideration import (
    before_the_superior,
    reconsideration_period,
    reconsiders,
)
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.law.citations import lei_9784, render_many
from outorga.law.competence import Role
from outorga.law.decisions import Decision
from outorga.registry.acting import speaks_for
from outorga.registry.validation import FieldError

# --- defence and appeals (art. 42–44; taxi D-17) --------------------------------------------------

FILING_STAGE = {
    Case.Stage.DEFENCE: Filing.Stage.DEFENCE,
    Case.Stage.JARI: Filing.Stage.JARI,
    Case.Stage.EXECUTIVE: Filing.Stage.EXECUTIVE,
}
JUDGE_ACTION = {
    Filing.Stage.DEFENCE: "defence.judge",
    Filing.Stage.JARI: "appeal.jari.judge",
    Filing.Stage.EXECUTIVE: "appeal.executive.judge",
}
DECISION_NOTICE = {
    Filing.Stage.DEFENCE: Notice.Purpose.DEFENCE_DECISION,
    Filing.Stage.JARI: Notice.Purpose.JARI_DECISION,
    Filing.Stage.EXECUTIVE: Notice.Purpose.EXECUTIVE_DECISION,
}


#: The notice each stage's period runs from, as a person reads it ("a notificação …").
AWAITED_NOTICE = {
    Notice.Purpose.AUTO: "da autuação",
    Notice.Purpose.DEFENCE_DECISION: "da decisão de primeira instância",
    Notice.Purpose.JARI_DECISION: "da decisão da JARI",
    Notice.Purpose.PROPOSAL: "da abertura da proposta",
}


def no_open_period(case: Case) -> str:
    """Why no defence or appeal may be filed in ``case`` now, naming the stage and the articles
    by which its period runs (the law's procedure, ``deadline_citations``): the stage awaits the
    notice its period runs from (mototaxi art. 42 with art. 29, 43, 44; taxi art. 43 and apps
    art. 26 parágrafo único with Lei 9.784/1999 art. 44, 59, 66, D-17), its filing awaits
    judgment, or no stage of the law is left."""
    stage = FILING_STAGE.get(Case.Stage(case.stage))
    if stage is None:
        return (
            f"Não cabe defesa nem recurso: o processo está {case.get_stage_display()} e as "
            f"etapas da lei se encerraram ({render_many(deadline_citations(case.law))})."
        )
    label = Filing.Stage(stage).label
    cites = render_many(deadline_citations(case.law, stage))
    if case.waiting == Case.Waiting.NOTICE:
        notice = pending_notice_of_stage(case)
        what = AWAITED_NOTICE.get(Notice.Purpose(notice.purpose), "") if notice else ""
        return (
            f"Ainda não corre o prazo de {label}: o processo aguarda a notificação"
            f"{' ' + what if what else ''}, a partir da qual o prazo é contado ({cites})."
        )
    if case.waiting == Case.Waiting.JUDGMENT:
        return (
            f"Não há prazo aberto: a peça de {label} já apresentada aguarda julgamento ({cites})."
        )
    return f"Não há prazo aberto de {label} neste processo ({cites})."


def filing_open(municipality: Municipality, case: Case, on: dt.date) -> bool:
    """Whether a defence or appeal may be filed in ``case`` on ``on`` (the screens offer the form
    only then; :func:`filing_file` decides): its stage takes one and its deadline runs, or the
    notice that opens it is pending and the person's appearance supplies it (Lei 9.784/1999 art.
    26 §5, where the case's law follows it, D-17)."""
    if FILING_STAGE.get(Case.Stage(case.stage)) is None:
        return False
    if case.waiting == Case.Waiting.DEADLINE:
        return True
    return appearance_supplies(municipality, case, on) is not None


def filing_file(
    *,
    actor: Actor,
    municipality: Municipality,
    case: Case,
    text: str,
    filed_on: dt.date,
    attachments: Iterable[tuple[str, bytes]] = (),
    channel: str = Filing.Channel.PORTAL,
) -> Filing:
    """Defence (art. 42) or appeal (art. 43–44) within its deadline from the notice (D-4); online
    by the holder or on paper through the clerk."""
    authorize(actor=actor, municipality=municipality, action="defence.file", law=case.law)
    if actor.role == Role.PERMISSIONARIO:
        # The case's person, or the company whose confirmed responsible person files its
        # defence (``registry.acting``, ADR 0047); read in its municipality (ADR 0024).
        with tenant(municipality):
            own = case.person is not None and speaks_for(actor.user, case.person)
        if not own:
            raise NotOwner("processo de outra pessoa")
    if not text.strip():
        raise FieldError("razões", "escreva as razões da defesa ou do recurso")
    files = [(name, c, *attachment_checked(c)) for name, c in attachments]
    assert actor.user is not None
    with transaction.atomic(), tenant(municipality):
        # A notice this filing may supply is locked before its case, as ``notice_deliver``
        # locks them (ADR 0015): the post's AR and the filing never cross.
        list(
            Notice.objects.select_for_update()
            .filter(case_id=case.pk, notified_on__isnull=True)
            .order_by("pk")
        )
        case = Case.objects.select_for_update().get(pk=case.pk)
        stage = FILING_STAGE.get(Case.Stage(case.stage))
        supplied: Decision | None = None
        if stage is not None and case.waiting == Case.Waiting.NOTICE:
            # Lei 9.784/1999 art. 26 §5 where the case's law follows it (D-17): the holder who
            # files before the notice reached him is notified that day, as a delivered notice
            # would be (its deadline runs from the filing's day), and the filing is then received
            # as any other. The mototaxi law has its own notice (art. 29) and does not answer.
            supplied = _supply_notice(actor, municipality, case, stage, filed_on)
            case = Case.objects.select_for_update().get(pk=case.pk)
        if stage is None or case.waiting != Case.Waiting.DEADLINE:
            raise InvalidStep(no_open_period(case))
        notice = running_notice(case)
        assert notice is not None and notice.notified_on is not None
        deadline, decision = stage_deadline(
            municipality,
            case.law,
            stage,
            notice.form,
            notice.notified_on,
            filed_on=filed_on,
            unlocated_on=notice.unlocated_on,
        )
        # The law's: presented after the last day (intempestivo). An edital recorded before the
        # attempt to find the person was kept (mototaxi art. 43–44) is refused in the trace but
        # never makes a filing late.
        late = [r for r in decision.refusals if r.rule.endswith("_in_time")]
        if late:
            raise Refused(
                decision,
                f"Intempestivo: o prazo terminou em {deadline:%d/%m/%Y} "
                f"({render_many(c for r in late for c in r.citations)}).",
            )
        filing = Filing(
            case=case,
            stage=stage,
            channel=channel,
            text=text.strip(),
            filed_on=filed_on,
            deadline=deadline,
            filed_by=actor.user,
            decision=decision.to_json(),
        )
        decisions = [decision, *([supplied] if supplied else [])]
        if reconsiders(case.law, stage):
            # The appeal reaches the authority that decided first (Lei 9.784/1999 art. 56 §1).
            period = reconsideration_period(municipality, case.law, filing)
            filing.reconsider_until = period.outcome["reconsider_until"]
            decisions.append(period)
        judged = judgment_period(municipality, case.law, filing)
        if judged is not None:
            # The superior authority's day to judge it, from its receipt (Lei 9.784/1999 art. 59
            # §1, where the law follows it; D-17, ADR 0084).
            filing.judge_until = judged.outcome["judge_until"]
            decisions.append(judged)
        filing.save()
        for name, content, ctype, digest in files:
            a = FilingAttachment(
                filing=filing,
                name=name[:200],
                content_type=ctype,
                sha256=digest,
            )
            a.store(content, f"{case.number}-{digest[:12]}")
        case.waiting = Case.Waiting.JUDGMENT
        case.save(update_fields=["waiting"])
        for debt in case_debts(case):
            # D-11: what the filing contests (a seizure's fine, removal, storage) blocks nothing
            # until the case is final.
            ledger.debt_contest_in_transaction(
                actor=actor,
                municipality=municipality,
                debt=debt,
                reason=f"{filing.get_stage_display()} no processo {case.number}",
                basis=basis_of(decision),
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="defence.file" if stage == Filing.Stage.DEFENCE else f"appeal.{stage}.file",
            obj=filing,
            new={
                "case": case.number,
                "stage": stage,
                "channel": channel,
                "filed_on": filed_on,
                "deadline": deadline,
                "reconsider_until": filing.reconsider_until,
                "judge_until": filing.judge_until,
                "attachments": [d for *_, d in files],
                **({"notice_supplied_on": filed_on} if supplied else {}),
            },
            basis=basis_of(decisions[0], more=decisions[1:]),
        )
    return filing


def _supply_notice(
    actor: Actor, municipality: Municipality, case: Case, stage: str, filed_on: dt.date
) -> Decision | None:
    """The notice of the case's current stage supplied by the filing of ``filed_on`` (Lei
    9.784/1999 art. 26 §5, D-17), recorded as delivered that day by ``notice_deliver_in_transaction``
    (deadline, case waiting for it, act citing the article); None where the law does not say so."""
    found = appearance_supplies(municipality, case, filed_on)
    if found is None:
        return None
    notice, supplied = found
    why = notice_date_refusal(municipality, notice, filed_on)
    if why is not None:
        raise FieldError(
            "apresentado em",
            f"o comparecimento em {filed_on:%d/%m/%Y} não supre a notificação: {why}",
            "; ".join(c.render() for c in supplied.citations),
        )
    # Whatever the filing contests is locked before the notice's act (ADR 0015).
    list(Debt.objects.select_for_update().filter(pk__in=[d.pk for d in case_debts(case)]))
    notice_deliver_in_transaction(
        actor,
        municipality,
        notice,
        Notice.Form.COMPARECIMENTO,
        filed_on,
        f"peça ({Filing.Stage(stage).label}) apresentada em {filed_on:%d/%m/%Y} "
        f"({lei_9784(26, 5)})",
        supplied=supplied,
    )
    return supplied


def filing_judge(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    upheld: bool,
    reasoning: str,
    on: dt.date,
) -> Filing:
    """Judge a defence (the authority, art. 42), a JARI appeal (the JARI, art. 43) or an appeal to
    the Chief Executive (art. 44; taxi D-17). Upheld: the case is closed and the fine refunded /
    removal and storage waived (art. 42 §1–2). Dismissed: the decision is notified and the next
    appeal's deadline runs from that notice; after the last instance the penalty is final (D-1)."""
    with tenant(municipality):  # read in its municipality (ADR 0024)
        case = filing.case
    if case.kind in PROPOSALS:
        raise InvalidStep(
            "propostas de revogação ou cassação são decididas pelo Chefe do Executivo"
        )
    authorize(
        actor=actor,
        municipality=municipality,
        action=JUDGE_ACTION[Filing.Stage(filing.stage)],
        law=case.law,
        on=on,
    )
    if not reasoning.strip():
        raise FieldError("fundamentação", "a decisão deve ser fundamentada")
    # Lei 9.784/1999 art. 56 §1 (D-17), where the law has it: the superior authority judges only
    # an appeal sent up by the authority that decided, or past its period to reconsider.
    before_the_superior(actor=actor, municipality=municipality, filing=filing, on=on)
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().get(pk=filing.pk)
        case = Case.objects.select_for_update().get(pk=filing.case_id)
        if filing.result == Filing.Result.MOOT:
            raise InvalidStep(
                "esta defesa ou recurso ficou prejudicado: o processo foi anulado de ofício "
                f"({lei_9784(52)})"
            )
        if filing.result != Filing.Result.PENDING or case.waiting != Case.Waiting.JUDGMENT:
            raise InvalidStep("esta defesa ou recurso já foi julgado")
        debts = case_debts(case)
        decision = defence_result(municipality, case, debts, upheld, on)
        filing.result = Filing.Result.UPHELD if upheld else Filing.Result.DISMISSED
        filing.judged_by, filing.judged_on = actor.user, on
        filing.reasoning = reasoning.strip()
        filing.judgment = decision.to_json() if decision else {}
        filing.save(update_fields=["result", "judged_by", "judged_on", "reasoning", "judgment"])
        basis = basis_with_competence(
            decision, case.law, JUDGE_ACTION[Filing.Stage(filing.stage)], on
        )
        old = {"stage": case.stage, "waiting": case.waiting}
        Notice.objects.create(
            case=case, purpose=DECISION_NOTICE[Filing.Stage(filing.stage)], act_on=on
        )
        if upheld:
            case_annul(
                actor,
                municipality,
                case,
                filing,
                debts,
                decision,
                on,
                basis,
                f"{filing.get_stage_display()} procedente",
            )
        else:
            nxt = next_stage(case.law, filing.stage)
            if nxt is None:
                case.save()
                case_make_final(
                    actor, municipality, case, on, f"{filing.get_stage_display()} improcedente"
                )
            else:
                case.stage, case.waiting, case.deadline = nxt, Case.Waiting.NOTICE, None
                case.save(update_fields=["stage", "waiting", "deadline"])
        record_act(
            municipality=municipality,
            actor=actor,
            action=f"{JUDGE_ACTION[Filing.Stage(filing.stage)]}",
            obj=filing,
            old=old,
            new={
                "case": case.number,
                "result": filing.result,
                "stage": case.stage,
                "reasoning": filing.reasoning,
            },
            basis=basis,
        )
    return filing

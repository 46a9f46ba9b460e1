"""The revocation or the cassação of a mototaxi or taxi permission annulled of the
administration's own motion for a vício de legalidade (Lei 9.784/1999 art. 53, D-17; STF Súmula
473; ADR 0066), by the authority that decided it (D-3: the Chief Executive; mototaxi art. 34 §1;
taxi art. 15 and art. 41 §4): the law's ``permission_annulment`` asked, the permission restored
ex tunc by the registry (``registry.services.permit_restore``), the case closed as any annulment
closes one (``annulment._annul_ex_officio``: its debts, a defence or appeal still waiting
prejudicado), and the quota the restored permission may exceed named, never a refusal."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import answers, ask
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services.common import PROPOSALS, InvalidStep, proposal_action
from outorga.law.citations import lei_9784, render_many
from outorga.law.decisions import Decision, Reason
from outorga.registry.models import Permit
from outorga.registry.services.common import lock_quota
from outorga.registry.services.permit_restore import Restoration, permit_ending_annulled
from outorga.registry.tender_facts import active_permits

#: The question a law answers to annul a revocation or a cassação of a permission.
QUESTION = "permission_annulment"
#: The status each kind of case left the permission in.
ENDED = {Case.Kind.REVOCATION: Permit.Status.REVOKED, Case.Kind.CASSACAO: Permit.Status.CASSADA}
ART_53 = lei_9784(53)


def standing_penalty(case: Case) -> Penalty | None:
    """The revocation or cassação of the permission ``case`` decided, still in force: a proposal
    accepted (its penalty not annulled) whose target was the permission — not an auxiliary's
    credential (mototaxi art. 32 IV) nor a taxista's inscription in the Cadastro (taxi art. 41
    §3), whose annulment this does not do."""
    if case.kind not in PROPOSALS or case.permit_id is None:
        return None
    penalty = case.penalties.filter(
        kind__in=(Penalty.Kind.REVOCATION, Penalty.Kind.CASSACAO), annulled_on__isnull=True
    ).first()
    if penalty is None or (penalty.decision or {}).get("target", "permissao") != "permissao":
        return None
    return penalty


def annullable(case: Case) -> bool:
    """Whether ``case`` holds a revocation or cassação of the permission that the ex officio
    annulment may undo, under a law that answers it (the screen's and the confirmation's test;
    the service checks again)."""
    return (
        case.stage != Case.Stage.ANNULLED
        and answers(case.law, QUESTION)
        and standing_penalty(case) is not None
    )


def permission_annulment(
    municipality: Municipality, case: Case, grounds: str, on: dt.date
) -> Decision:
    """The law's ``permission_annulment`` for ``case`` on ``on``: the grounds (Lei 9.784/1999 art.
    50), the act still standing (art. 53), who annuls (the competence that decided it), and the
    quota the permission restored counts in again, with the permits of its service in force."""
    permit = case.permit
    assert permit is not None
    return ask(
        municipality,
        case.law,
        QUESTION,
        {
            "kind": case.kind,
            "stage": case.stage,
            "grounds": grounds,
            "decided_on": on.isoformat(),
            "service": permit.service,
            "active_permits": active_permits(permit.service),
        },
        on,
    )


def _quota_reason(d: Decision) -> Reason | None:
    """The law's reason on the quota the permission restored counts in, when it is over it."""
    if not ((d.outcome or {}).get("quota") or {}).get("over"):
        return None
    return next((r for r in d.reasons if r.rule.endswith("restored_permission_in_the_quota")), None)


def quota_warning(d: Decision) -> str:
    """The warning of a permission restored above its quota, as the law writes it (the article
    and how many are over); empty within it."""
    found = _quota_reason(d)
    return found.message if found is not None else ""


def quota_article(d: Decision) -> str:
    """The article of the quota the permission restored exceeds, as the law cites it (mototaxi
    art. 10 I; taxi art. 3 §1; D-7); empty within it."""
    found = _quota_reason(d)
    if found is None:
        return ""
    return render_many(c for c in found.citations if c.law != "federal.9784-1999")


def annulment_quota_warning(case: Case) -> str:
    """The quota warning the annulment of ``case`` recorded (its act), for the screen."""
    from outorga.core.models import Act
    from outorga.enforcement.services.annulment import EX_OFFICIO_ACT

    with tenant(case.municipality):
        act = (
            Act.objects.filter(action=EX_OFFICIO_ACT, object_id=str(case.pk), outcome="done")
            .order_by("-seq")
            .first()
        )
    return str(act.record["payload"]["new"].get("quota_warning") or "") if act else ""


def _outcome(case: Case, permit: Permit, out: Restoration, d: Decision) -> str:
    """The case's outcome line (300 characters at most): what was annulled, the permit restored
    and, above the quota, how many permissions are over it."""
    what = "Revogação" if case.kind == Case.Kind.REVOCATION else "Cassação"
    text = (
        f"{what} anulada de ofício por vício de legalidade ({ART_53}): permissão "
        f"{permit.number} restabelecida ({Permit.Status(out.status).label})"
    )
    counted = (d.outcome or {}).get("quota") or {}
    if counted.get("over"):
        text += (
            f"; {counted['over']} permissão(ões) acima do limite de {counted['limit']} "
            f"({quota_article(d)})"
        )
    return text[:300]


def permission_annul_ex_officio(
    *, actor: Actor, municipality: Municipality, case: Case, on: dt.date, grounds: str
) -> Case:
    """The authority that decided the revocation or cassação of ``case``'s permission
    (``penalty.revocation`` / ``penalty.cassacao``: the Chief Executive, D-3) annuls it of its
    own motion on ``on`` for a vício de legalidade, with its ``grounds`` (Lei 9.784/1999 art. 50
    and 53, D-17; no decadência, art. 54). Void from its origin: the permit returns to the status
    it had, the auxiliaries its end unlinked are linked again where their standing allows, the
    penalty is annulled, the case's debts cancelled or refunded and a defence or appeal still
    waiting prejudicado (art. 52), as every annulment closes a case. A full quota does not
    refuse it (the place was never lawfully free): the outcome and the act say how many
    permissions are over it and the article. The law's refusal stays in the acts log."""
    from outorga.enforcement.services.annulment import (
        _annul_ex_officio,
        ex_officio_refused,
        not_before_waiting,
    )

    with tenant(municipality):
        case = Case.objects.select_related("permit").get(pk=case.pk)
    action = proposal_action(case)
    authorize(actor=actor, municipality=municipality, action=action, law=case.law, on=on)
    if not answers(case.law, QUESTION):
        raise InvalidStep(f"a lei deste processo não prevê a anulação de ofício ({ART_53})")
    with tenant(municipality):
        penalty = standing_penalty(case)
        target = case.proposal.get("target", "permissao")
        if target != "permissao":
            raise InvalidStep(
                "a anulação de ofício da cassação do credenciamento do auxiliar ou da inscrição "
                "no Cadastro não se faz por aqui: desfazê-la restabelece o registro da pessoa"
            )
        if penalty is None and case.stage != Case.Stage.ANNULLED:
            raise InvalidStep(
                f"o processo {case.number} não impôs revogação ou cassação da permissão em vigor: "
                f"não há ato a anular por aqui ({ART_53})"
            )
        not_before_waiting(case, on)
    permit = case.permit
    assert permit is not None
    restored: Restoration | None = None
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case.pk)
        lock_quota(permit.service)  # registry.locking: the quota's count, as a grant takes it
        d = permission_annulment(municipality, case, grounds, on)
        allowed = bool((d.outcome or {}).get("allowed"))
        if allowed and penalty is not None:
            restored = _restore(actor, municipality, case, permit, penalty, grounds.strip(), on, d)
            more: dict[str, Any] = {
                "permit": permit.number,
                "permit_status": restored.status,
                "suspended_until": restored.suspended_until,
                "auxiliaries_restored": [a.pk for a in restored.restored],
                "auxiliaries_kept_ended": restored.kept_json(),
                "quota": (d.outcome or {}).get("quota"),
                "quota_warning": quota_warning(d),
            }
            _annul_ex_officio(
                actor,
                municipality,
                case,
                grounds.strip(),
                on,
                d,
                competence=action,
                outcome=_outcome(case, permit, restored, d),
                more=more,
            )
    if not allowed:  # kept in the acts log after the transaction, which wrote nothing
        raise ex_officio_refused(actor, municipality, case, d, grounds)
    return case


def _restore(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    permit: Permit,
    penalty: Penalty,
    grounds: str,
    on: dt.date,
    d: Decision,
) -> Restoration:
    """Inside the annulment's transaction: the penalty annulled and the permission restored by
    the registry, with the decision, its citations and the grounds as the basis."""
    from outorga.enforcement.services.annulment import annulment_basis

    basis = annulment_basis(case, d, grounds, proposal_action(case), on)
    penalty.annulled_on = on
    penalty.save(update_fields=["annulled_on"])
    what = "revogação" if case.kind == Case.Kind.REVOCATION else "cassação"
    return permit_ending_annulled(
        actor=actor,
        municipality=municipality,
        permit=permit,
        competence=proposal_action(case),
        ended=ENDED[Case.Kind(case.kind)],
        on=on,
        reason=f"{what} do processo {case.number} anulada de ofício ({ART_53}): {grounds}",
        basis=basis,
    )

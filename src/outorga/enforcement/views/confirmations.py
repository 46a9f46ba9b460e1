"""What an irreversible enforcement act says before it runs (``core.confirm``): the consequence
read from the records and the case's own law — an article only where the law names it."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from django.urls import reverse

from outorga.core.confirm import Confirmation
from outorga.core.lawctx import context
from outorga.core.localtime import today_of
from outorga.core.requests import user_of
from outorga.enforcement.lawbridge import escalates_by_accumulation, taxi_like
from outorga.enforcement.models import Case, Filing, InfractionNotice, Penalty, Seizure
from outorga.enforcement.services.annulment import EX_OFFICIO, EX_OFFICIO_KINDS
from outorga.enforcement.services.common import PROPOSALS, case_debts, proposal_action
from outorga.enforcement.services.permission_annulment import (
    ENDED,
    annullable,
    permission_annulment,
    quota_warning,
)
from outorga.enforcement.services.taxi_suspensions import TAXI_SUSPENSIONS
from outorga.finance.models import Debt
from outorga.finance.payments import OWED, paid_cents
from outorga.law import interfaces
from outorga.law.competence import is_allowed
from outorga.law.money import brl
from outorga.registry.models import Permit
from outorga.registry.services.permit_restore import restoration_preview


def case_annulable(case: Case, role: str, on: dt.date) -> bool:
    """Whether the ex officio annulment of ``case`` may run for ``role`` on ``on``: the
    competence (``case.annul``; for a revocation or cassação of the permission, the one that
    decided it, D-3), a kind of case the service annuls and an act still standing — else no form
    is offered, no confirmation is asked and the service answers why."""
    if case.kind in PROPOSALS:
        return annullable(case) and is_allowed(role, proposal_action(case), case.law, on)
    return (
        case.kind in EX_OFFICIO_KINDS
        and case.stage != Case.Stage.ANNULLED
        and interfaces.answers(case.law, "case_annulment")
        and is_allowed(role, EX_OFFICIO, case.law, on)
    )


def annulable_by(case: Case, request: HttpRequest) -> bool:
    """:func:`case_annulable` for the person asking, today."""
    return case_annulable(case, user_of(request).role, today_of(case.municipality))


def _annulment_effects(case: Case) -> str:
    """What annulling ``case`` does (``case_annul``), read from the records: its open debts
    cancelled, what was paid of its fine given back, a seized vehicle released, a suspension
    lifted (the case's, or a taxi suspension resting on its auto), a defence or appeal still
    waiting prejudicado."""
    text = ""
    debts = case_debts(case)
    owed = [d for d in debts if d.status in OWED]
    if owed:  # what is still owed of each: a part already paid is given back, not cancelled
        total = sum(d.amount_cents - paid_cents(d) for d in owed)
        refs = ", ".join(d.reference for d in owed)
        text += f", cancela o saldo de {len(owed)} débito(s) dele ({refs}; {brl(total)})"
    paid = sum(paid_cents(d) for d in debts if d.origin == Debt.Origin.FINE)
    if paid:
        text += f", devolve o que foi pago da multa ({brl(paid)})"
    unlicensed = bool(case.auto and case.auto.permit_id is None)
    others = sum(paid_cents(d) for d in debts if d.origin != Debt.Origin.FINE)
    if unlicensed and others:  # mototaxi art. 42 §2: caught without a permission
        text += f", devolve o que foi pago de taxas, remoção e estada ({brl(others)})"
    if case.kind == Case.Kind.SUSPENSION and case.permit is not None:
        text += f", anula a suspensão da permissão {case.permit.number} (restabelecida, se ainda "
        text += "suspensa por ela)"
    if case.auto_id is not None:
        for s in Seizure.objects.filter(auto_id=case.auto_id, status=Seizure.Status.HELD):
            text += f", libera o veículo {s.plate} apreendido sem cobrar remoção e estada"
        for p in Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__auto_id=case.auto_id,
            decision__target__in=list(TAXI_SUSPENSIONS),
            annulled_on__isnull=True,
        ):
            what = TAXI_SUSPENSIONS[p.decision["target"]][2]
            text += f", anula {what} por {p.days} dias que nele se apoia"
    if case.filings.filter(result=Filing.Result.PENDING).exists():
        text += ", e a defesa ou o recurso pendente fica prejudicado"
    return text


def _no_longer_counts(auto: InfractionNotice | None) -> str:
    """An infraction annulled leaves the permit's count (D-1), under a law that escalates."""
    if auto is None or auto.permit is None or not escalates_by_accumulation(auto.law):
        return ""
    return f"; o auto deixa de contar nas infrações da permissão {auto.permit.number}"


def auto_cancel(auto: InfractionNotice, reason: str) -> Confirmation:
    """Cancelling an auto annuls its case as an annulment of the authority's own motion does
    (``infraction_cancel``): :func:`_annulment_effects`."""
    case = Case.objects.filter(auto=auto, kind=Case.Kind.INFRACTION).first()
    text = f"O cancelamento do auto {auto.number} é definitivo"
    if case is not None and case.stage != Case.Stage.ANNULLED:
        text += f": anula o processo {case.number}" + _annulment_effects(case)
    text += _no_longer_counts(auto)
    back = reverse("enforcement:case", args=[case.pk]) if case else reverse("enforcement:index")
    return Confirmation(
        title=f"cancelar o auto {auto.number}",
        consequence=f"{text}.",
        back=back,
        details=(("Motivo", reason),),
        button="Confirmar o cancelamento",
    )


def _restoration_effects(case: Case, grounds: str, on: dt.date) -> str:
    """What annulling the revocation or cassação of ``case`` does (``permission_annul_ex_
    officio``), read from the records and the law: the permit restored in the status it had, the
    auxiliaries linked again or left ended (and why), the quota it exceeds (the law's article)."""
    permit = case.permit
    assert permit is not None
    out = restoration_preview(case.municipality, permit, ENDED[Case.Kind(case.kind)], on)
    status = Permit.Status(out.status).label
    if out.suspended_until is not None:
        status += f" até {out.suspended_until:%d/%m/%Y}"
    text = f": restabelece a permissão {permit.number} de {permit.holder.name} ({status})"
    if out.restored:
        names = ", ".join(a.person.name for a in out.restored)
        text += f", religa o(s) auxiliar(es) desligado(s) com ela ({names})"
    for aux, why in out.kept:
        text += f"; {aux.person.name} continua desligado ({why})"
    warning = quota_warning(permission_annulment(case.municipality, case, grounds or "-", on))
    if warning:
        text += f". Atenção: {warning.rstrip('.')}"
    return text


def case_annul(case: Case, grounds: str, on: dt.date) -> Confirmation:
    """The annulment of a case of the authority's own motion (Lei 9.784/1999 art. 53,
    ``case_annul_ex_officio``): :func:`_annulment_effects`, and for a revocation or cassação of
    the permission :func:`_restoration_effects`."""
    text = f"A anulação de ofício do processo {case.number} é definitiva"
    if case.kind in PROPOSALS:
        text += _restoration_effects(case, grounds, on)
    text += _annulment_effects(case)
    if case.kind == Case.Kind.INFRACTION:
        text += _no_longer_counts(case.auto)
    return Confirmation(
        title=f"anular de ofício o processo {case.number}",
        consequence=f"{text}.",
        back=reverse("enforcement:case", args=[case.pk]),
        details=(("Fundamentos (vício de legalidade)", grounds), ("Data do ato", f"{on:%d/%m/%Y}")),
        button="Confirmar a anulação",
    )


def proposal_accept(case: Case, reasoning: str, on: dt.date) -> Confirmation:
    """Accepting a revocation or cassação proposal ends the permission (or the offender's
    inscription in the taxi Cadastro); the mototaxi law bars a new grant for years (its LIMITS)."""
    permit = case.permit
    assert permit is not None
    holder = permit.holder.name
    target = case.proposal.get("target", "permissao")
    if case.kind == Case.Kind.REVOCATION:
        text = f"A revogação extingue a permissão {permit.number} de {holder}."
    elif taxi_like(case.law) and target == "cadastro":
        offender = (case.proposal.get("offender") or {}).get("name") or holder
        cite = interfaces.cited_once(case.law, "cadastro_cassado")
        text = (
            f"A cassação da inscrição de {offender} no Cadastro Municipal de Taxistas o impede "
            f"de dirigir táxi no Município" + (f" ({cite})" if cite else "") + "."
        )
    else:
        text = f"A cassação extingue a permissão {permit.number} de {holder}"
        bar = interfaces.limit(case.law, "cassation_bar_years", context(case.municipality, on))
        where = interfaces.citation(case.law, "cassation_bar")
        if bar is not None:
            text += f" e impede nova outorga a {holder} por {bar.value} anos"
            text += f" ({where.render()})." if where else "."
        else:
            text += "."
    return Confirmation(
        title=f"acolher a proposta do processo {case.number}",
        consequence=text,
        back=reverse("enforcement:case", args=[case.pk]),
        details=(("Decisão", "acolher a proposta"), ("Fundamentação", reasoning)),
        button="Confirmar a decisão",
    )

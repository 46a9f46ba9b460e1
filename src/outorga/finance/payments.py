"""Payments, reconciliation and refunds (restituições): writes, each one an act in its transaction.

Paying never edits a debt's history: a :class:`Payment` row links to the debt and only the debt's
status moves (to paid, refunded, cancelled), each move an act with the payments that caused it.

Reconciliation is by reference: the debt's reference, or its txid in the PIX payload (the reference
without punctuation, see :func:`outorga.finance.pix.txid_of`). What the applied payments of a debt
add up to decides: exactly the amount → paid; less → partial, listed for a person; more (or a debt
no longer owed) → over, listed for a person, who refunds the excess; no such debt → unknown,
listed for a person, who assigns it to a debt or returns it.

A bank statement is read and imported in :mod:`outorga.finance.bank_statement`, which applies each
line through :func:`apply_to_debt` like a payment recorded by hand.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Sum

from outorga.core import lawseam
from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Conflict
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.core.transitions import status_change
from outorga.law.citations import Citation
from outorga.law.competence import competence, is_allowed
from outorga.law.interfaces import answers, citations
from outorga.law.money import brl
from outorga.registry.validation import FieldError, digits

from . import services as ledger
from .guias import find_debt, unknown_why
from .models import Debt
from .models_payments import Payment, Refund
from .refund_dates import decided_day, owed_from, paid_out_day
from .twins import ANOTHER, held_for, imported_twin, twin_note

#: Statuses of a debt still owed.
OWED = (Debt.Status.OPEN, Debt.Status.UNDER_APPEAL, Debt.Status.FINAL)
PAY = "debt.payment.record"
#: Who may judge a defence or an appeal, by law: the one who upholds it triggers the refund.
JUDGING = (
    "defence.judge",
    "appeal.jari.judge",
    "appeal.executive.judge",
    "case.annul",
    "debt.record",
)
#: Debts that follow a fine's fate under art. 42 §1–2: fees, removal and storage of the seizure.
WAIVABLE = (Debt.Origin.FEE, Debt.Origin.REMOVAL, Debt.Origin.STORAGE)


class InvalidPaymentTransition(Conflict, ValueError):
    """A payment not in the state the step needs (matched, refunded…)."""


class PaymentAlreadyRecorded(Conflict):
    """The form (or request) that records a payment by hand was sent again: ``payment`` is the one
    it recorded the first time."""

    def __init__(self, payment: Payment) -> None:
        super().__init__(f"pagamento {payment.pk} já registrado por este formulário")
        self.payment = payment


def manual_hash(actor: Actor, once: str) -> str:
    """The line hash of a payment recorded by hand with the key ``once``: per user, and apart
    from any bank file's (``bank_statement`` hashes the file's fields, never this prefix)."""
    user = actor.user.pk if actor.user is not None else ""
    return hashlib.sha256(f"manual|{user}|{once.strip()[:64]}".encode()).hexdigest()


# The debt's own transitions (each with a reason, each an act) live in the ledger's services;
# these are the names the payments side and enforcement use for them.
debt_mark_final = ledger.debt_make_final
debt_mark_under_appeal = ledger.debt_contest
debt_cancel = ledger.debt_cancel


# --- which law ---------------------------------------------------------------------------------


def municipality_law(m: Municipality, action: str = PAY) -> str:
    """The first law of the municipality that gives ``action`` to someone."""
    for law in m.laws:
        if competence(law, action, today_of(m)) is not None:
            return str(law)
    return str(m.laws[0]) if m.laws else "sistema"


def law_of(debt: Debt, m: Municipality) -> str:
    """The law a debt was issued under: its basis says so, else its permit's service."""
    law = (debt.basis or {}).get("law")
    if isinstance(law, str) and law in m.laws:
        return law
    permit = debt.permit if debt.permit_id is not None else None
    if permit is not None and lawseam.governs(m, permit.service):
        # A debt stays owed, and payable, once no law governs its permit's service (its binding
        # removed): the municipality's law that gives the act answers for it then (ADR 0062).
        found = permit.law
        if found in m.laws:
            return found
    return municipality_law(m)


def future_date(what: str, day: dt.date, municipality: Municipality) -> FieldError:
    """The refusal of a payment's or refund's date after the municipality's today: a fact is
    judged on its own date (decision D-15), which cannot be one still to come."""
    why = in_the_future(municipality, day, f"a {what}")
    return FieldError("data", f"{why} (o fato é julgado na sua data, decisão D-15)")


def _applied(debt: Debt, exclude: int | None = None) -> list[Payment]:
    qs = Payment.objects.filter(debt=debt, status__in=Payment.APPLIED)
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    return list(qs)


# --- applying a payment --------------------------------------------------------------------------


def apply_to_debt(
    *, actor: Actor, municipality: Municipality, payment: Payment, debt: Debt
) -> None:
    """Link ``payment`` to ``debt`` and settle the debt when the applied payments reach its
    amount. The caller holds the transaction and the tenant; the debt row is locked here so two
    payments of one debt never both see it open."""
    debt = Debt.objects.select_for_update().get(pk=debt.pk)
    payment.debt = debt
    if debt.status not in OWED:
        payment.status, payment.excess_cents = Payment.Status.OVER, payment.amount_cents
        payment.save()
        return
    before = sum(p.amount_cents - p.excess_cents for p in _applied(debt, exclude=payment.pk))
    total = before + payment.amount_cents
    if total < debt.amount_cents:
        payment.status, payment.excess_cents = Payment.Status.PARTIAL, 0
        payment.save()
        return
    excess = total - debt.amount_cents
    payment.status = Payment.Status.MATCHED if excess == 0 else Payment.Status.OVER
    payment.excess_cents = excess
    payment.save()
    partials = list(Payment.objects.filter(debt=debt, status=Payment.Status.PARTIAL))
    Payment.objects.filter(pk__in=[p.pk for p in partials]).update(status=Payment.Status.MATCHED)
    status_change(
        debt,
        Debt.Status.PAID,
        actor=actor,
        municipality=municipality,
        action="debt.paid",
        extra={"payments": sorted([payment.pk, *[p.pk for p in partials]])},
    )


def record_payment_act(
    actor: Actor,
    municipality: Municipality,
    payment: Payment,
    action: str = "payment.record",
    other_than: Payment | None = None,
) -> None:
    """``other_than``: the imported payment of its debt, amount and day the clerk confirmed this
    one is not (:func:`payment_record`'s ``another``)."""
    other = {"other_than": other_than.pk} if other_than is not None else {}
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=payment,
        new={
            "reference": payment.reference,
            "amount_cents": payment.amount_cents,
            "paid_on": payment.paid_on,
            "method": payment.method,
            "source": payment.source,
            "debt": payment.debt.reference if payment.debt else None,
            "status": payment.status,
            "excess_cents": payment.excess_cents,
            "line_hash": payment.line_hash,
            **({"hold": payment.hold} if payment.hold else {}),
            **other,
        },
    )


def payment_record(
    *,
    actor: Actor,
    municipality: Municipality,
    reference: str,
    amount_cents: int,
    paid_on: dt.date,
    method: str = Payment.Method.PIX,
    payer_document: str = "",
    note: str = "",
    once: str = "",
    another: bool = False,
) -> Payment:
    """A payment registered by hand (the cashier's receipt, a transfer seen on the statement).

    ``another``: the clerk confirms it is another payment than the bank's line of its debt,
    amount and day already imported and counted toward the debt; without it such a payment is
    refused naming that line (:func:`imported_twin`), never counted twice unseen.

    ``once``: the key of the form (or the API's ``Idempotency-Key``) that records it. The same
    key again with the same payment — a double click, a request retried — records nothing and
    raises :class:`PaymentAlreadyRecorded` with the payment it recorded: a second row would be an
    over-payment the desk would refund without ever having received it; with another payment it
    is refused. Held by the database's unique line hash, also for two requests at once."""
    with tenant(municipality):
        debt = find_debt(reference)
        law = law_of(debt, municipality) if debt else municipality_law(municipality)
    authorize(actor=actor, municipality=municipality, action=PAY, law=law)
    if amount_cents <= 0:
        raise FieldError("valor", "o valor deve ser positivo")
    # The municipality's day, not Brasília's: past midnight there it is still today here (D-4).
    if paid_on > today_of(municipality):
        raise future_date("data do pagamento", paid_on, municipality)
    if method not in Payment.Method.values:
        raise FieldError("forma", "forma de pagamento desconhecida")
    line_hash = manual_hash(actor, once) if once.strip() else None
    with transaction.atomic(), tenant(municipality):
        try:
            with transaction.atomic():
                payment = Payment.objects.create(
                    reference=reference.strip()[:60],
                    amount_cents=amount_cents,
                    paid_on=paid_on,
                    payer_document=digits(payer_document)[:14],
                    method=method,
                    source=Payment.Source.MANUAL,
                    line_hash=line_hash,
                    status=Payment.Status.UNKNOWN,
                    hold=unknown_why(reference) if debt is None else Payment.Hold.NONE,
                    note=note.strip()[:300],
                    recorded_by=actor.user,
                )
        except IntegrityError:
            if line_hash is None:
                raise
            first = Payment.objects.get(line_hash=line_hash)
            if (first.reference, first.amount_cents, first.paid_on) != (
                reference.strip()[:60],
                amount_cents,
                paid_on,
            ):
                # The same key with another payment: not a resend, and not to be dropped.
                raise FieldError(
                    "formulário",
                    f"este formulário já registrou o pagamento {first.pk} "
                    f"({brl(first.amount_cents)} em {first.paid_on:%d/%m/%Y}, referência "
                    f"{first.reference}); abra um novo para registrar outro pagamento",
                ) from None
            raise PaymentAlreadyRecorded(first) from None
        twin = imported_twin(debt, payment) if debt is not None else None
        if twin is not None and not another:
            raise FieldError(ANOTHER, twin_note(twin))
        if debt is not None:
            apply_to_debt(actor=actor, municipality=municipality, payment=payment, debt=debt)
        record_payment_act(actor, municipality, payment, other_than=twin)
    return payment


# --- a person resolves what did not reconcile ----------------------------------------------------


def _locked_payment(payment: Payment) -> Payment:
    """The payment's row locked, after its debt's: every writer of a debt's payments — a new
    payment (:func:`apply_to_debt`), an upheld defence's refund, a cancellation — locks the debt
    first, so a partial payment given back while another payment completes the debt, or while the
    fine falls, waits its turn instead of deadlocking with it (or paying the debt with money
    returned)."""
    debt_id = Payment.objects.filter(pk=payment.pk).values_list("debt_id", flat=True).get()
    if debt_id is not None:
        list(Debt.objects.select_for_update().filter(pk=debt_id).only("pk"))
    locked = Payment.objects.select_for_update().get(pk=payment.pk)
    if locked.debt_id != debt_id:
        raise InvalidPaymentTransition(
            f"o pagamento {payment.pk} acaba de ser atribuído a um débito; confira e tente de novo"
        )
    return locked


def _authorize_giving_back(actor: Actor, municipality: Municipality, payment: Payment) -> None:
    """Paying back is competence under the law of the debt paid, else the municipality's."""
    with tenant(municipality):
        law = law_of(payment.debt, municipality) if payment.debt else municipality_law(municipality)
    authorize(actor=actor, municipality=municipality, action=PAY, law=law)


def _give_back(
    *,
    actor: Actor,
    municipality: Municipality,
    payment: Payment,
    kind: str,
    amount_cents: int,
    note: str,
    old: str,
    status: str,
    action: str,
    amount_in_act: bool,
    decided_on: dt.date | None,
) -> Refund:
    """The refund of (part of) a locked payment, decided on ``decided_on`` (by default today;
    :func:`refund_dates.decided_day`), the payment's new status and the act."""
    refund = Refund.objects.create(
        debt=payment.debt,
        payment=payment,
        kind=kind,
        amount_cents=amount_cents,
        note=note.strip()[:300],
        decided_on=decided_day(municipality, decided_on, [payment]),
    )
    payment.status = status
    payment.save(update_fields=["status"])
    new: dict[str, Any] = {
        "payment": payment.pk,
        "payment_status": payment.status,
        "decided_on": refund.decided_on,
    }
    if amount_in_act:
        new["amount_cents"] = refund.amount_cents
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=refund,
        old={"payment_status": old},
        new=new,
        extra={"note": refund.note},
    )
    return refund


def payment_assign(
    *, actor: Actor, municipality: Municipality, payment: Payment, debt: Debt, note: str
) -> Payment:
    """A payment whose reference matched no debt is assigned to the right one by a person."""
    authorize(actor=actor, municipality=municipality, action=PAY, law=law_of(debt, municipality))
    if not note.strip():
        raise FieldError("observação", "diga por que o pagamento é deste débito")
    with transaction.atomic(), tenant(municipality):
        payment = _locked_payment(payment)
        if payment.status != Payment.Status.UNKNOWN:
            raise InvalidPaymentTransition(
                f"o pagamento {payment.pk} está {payment.get_status_display()}; só um pagamento de "
                "referência desconhecida é atribuído a um débito"
            )
        payment.note = note.strip()[:300]
        apply_to_debt(actor=actor, municipality=municipality, payment=payment, debt=debt)
        record_payment_act(actor, municipality, payment, "payment.assign")
    return payment


def payment_refund_excess(
    *,
    actor: Actor,
    municipality: Municipality,
    payment: Payment,
    note: str = "",
    decided_on: dt.date | None = None,
) -> Refund:
    """The excess of an over-payment is owed back to the payer: a refund to pay out, owed from
    ``decided_on`` (by default today)."""
    _authorize_giving_back(actor, municipality, payment)
    with transaction.atomic(), tenant(municipality):
        payment = _locked_payment(payment)
        if payment.status != Payment.Status.OVER or payment.excess_cents <= 0:
            raise InvalidPaymentTransition(
                f"o pagamento {payment.pk} está {payment.get_status_display()}; só o excedente de "
                "um pagamento a maior é restituído"
            )
        return _give_back(
            actor=actor,
            municipality=municipality,
            payment=payment,
            kind=Refund.Kind.EXCESS,
            amount_cents=payment.excess_cents,
            note=note,
            old=Payment.Status.OVER,
            status=Payment.Status.RESOLVED,
            action="payment.refund_excess",
            amount_in_act=True,
            decided_on=decided_on,
        )


def payment_return(
    *,
    actor: Actor,
    municipality: Municipality,
    payment: Payment,
    note: str,
    decided_on: dt.date | None = None,
) -> Refund:
    """Give a payment back whole (a partial payment the payer will redo, an unknown one, or a
    payment of a debt no longer owed), owed from ``decided_on`` (by default today). A payment
    that settled part of a debt is not returned: refund its excess instead."""
    _authorize_giving_back(actor, municipality, payment)
    if not note.strip():
        raise FieldError("observação", "informe o motivo da devolução")
    with transaction.atomic(), tenant(municipality):
        payment = _locked_payment(payment)
        whole_excess = (
            payment.status == Payment.Status.OVER and payment.excess_cents == payment.amount_cents
        )
        if payment.status not in (Payment.Status.PARTIAL, Payment.Status.UNKNOWN) and not (
            whole_excess
        ):
            raise InvalidPaymentTransition(
                f"o pagamento {payment.pk} está {payment.get_status_display()} e não pode ser "
                "devolvido por inteiro"
            )
        return _give_back(
            actor=actor,
            municipality=municipality,
            payment=payment,
            kind=Refund.Kind.RETURNED,
            amount_cents=payment.amount_cents,
            note=note,
            old=payment.status,
            status=Payment.Status.RETURNED,
            action="payment.return",
            amount_in_act=False,
            decided_on=decided_on,
        )


# --- a bank line of a payment already recorded by hand (matched in .twins) -------------------


def payment_same_as_recorded(
    *, actor: Actor, municipality: Municipality, payment: Payment, note: str
) -> Payment:
    """A bank line held because a payment of its debt, amount and day was recorded by hand is
    that payment, as a person checked: it is resolved, counted toward no debt, and nothing is
    owed back (the money came in once)."""
    _authorize_giving_back(actor, municipality, payment)
    if not note.strip():
        raise FieldError("observação", "diga por que é o mesmo pagamento")
    with transaction.atomic(), tenant(municipality):
        payment = _locked_payment(payment)
        twin = held_for(payment)
        if twin is None:
            raise InvalidPaymentTransition(
                f"o pagamento {payment.pk} está {payment.get_status_display()}; só uma linha do "
                "banco retida por um pagamento registrado à mão do mesmo débito, valor e data é "
                "dada como o mesmo pagamento"
            )
        payment.note = note.strip()[:300]
        status_change(
            payment,
            Payment.Status.RESOLVED,
            actor=actor,
            municipality=municipality,
            action="payment.same_as",
            fields=("note",),
            new={"same_as": twin.pk, "debt": twin.debt.reference if twin.debt else None},
            extra={"note": payment.note},
        )
    return payment


def refund_mark_paid_out(
    *, actor: Actor, municipality: Municipality, refund: Refund, on: dt.date, note: str = ""
) -> Refund:
    """The treasury paid the refund back to the person."""
    with tenant(municipality):
        law = law_of(refund.debt, municipality) if refund.debt else municipality_law(municipality)
    authorize(actor=actor, municipality=municipality, action=PAY, law=law)
    if on > today_of(municipality):
        raise future_date("data da restituição", on, municipality)
    with transaction.atomic(), tenant(municipality):
        refund = Refund.objects.select_for_update().get(pk=refund.pk)
        if refund.status != Refund.Status.PENDING:
            raise InvalidPaymentTransition(f"a restituição {refund.pk} já foi paga")
        # Only what is owed back is paid out: the refund is owed from the day it was decided,
        # which may come before the day it was recorded (D-15).
        paid_out_day(refund, on)
        refund.paid_out_on = on
        if note.strip():
            refund.note = note.strip()[:300]
        status_change(
            refund,
            Refund.Status.PAID_OUT,
            actor=actor,
            municipality=municipality,
            action="refund.paid_out",
            fields=("paid_out_on", "note"),
            new={"on": on, "amount_cents": refund.amount_cents, "decided_on": refund.decided_on},
        )
    return refund


# --- defence upheld (mototaxi art. 42 §1–2) ---------------------------------------------------


def _decision_ref(decision: Any) -> tuple[str, dict[str, Any]]:
    """How the judgement that upheld the defence is named in the act and the refund."""
    if decision is None:
        return "", {}
    if hasattr(decision, "to_json") and hasattr(decision, "question"):
        return f"{decision.question}@{decision.as_of}", {"judgement": decision.to_json()}
    meta = getattr(decision, "_meta", None)
    if meta is not None:
        return f"{meta.label_lower}:{decision.pk}", {}
    return str(decision)[:120], {}


def _related_debts(debt: Debt) -> list[Debt]:
    """Debts of the same infraction: enforcement writes ``basis["infraction"]`` (or ``"case"``)
    on the fine and on its fees, removal and storage debts."""
    basis = debt.basis or {}
    for key in ("infraction", "case"):
        value = basis.get(key)
        if value is not None:
            return [
                d
                for d in Debt.objects.filter(person_id=debt.person_id)
                .exclude(pk=debt.pk)
                .exclude(origin=Debt.Origin.FINE)
                .order_by("id")
                if (d.basis or {}).get(key) == value
            ]
    return []


def _kept_cents(d: Debt) -> int:
    """What the municipality keeps of the payments applied to ``d``: paid, less what a partial
    provision already owes back (Lei 9.784/1999 art. 64) — never refunded twice."""
    paid = sum(p.amount_cents - p.excess_cents for p in _applied(d))
    owed_back = d.refunds.filter(kind=Refund.Kind.PARTIAL).aggregate(n=Sum("amount_cents"))["n"]
    return paid - int(owed_back or 0)


def paid_cents(d: Debt) -> int:
    """What was paid of ``d`` and is kept: all of it once paid, and of a debt still owed its
    partial payments (an instalment, a part paid) — money a fallen fine must give back as well
    (mototaxi art. 42 §1–2). Nothing of a debt refunded or cancelled: that was settled already."""
    if d.status != Debt.Status.PAID and d.status not in OWED:
        return 0
    return _kept_cents(d)


def _authorize_judging(actor: Actor, municipality: Municipality, law: str) -> None:
    """Whoever upheld the defence or appeal under ``law``, or annulled the case of its own motion
    (Lei 9.784/1999 art. 53), or finance, who records debts."""
    action = next(
        (a for a in JUDGING if is_allowed(actor.role, a, law, today_of(municipality))), JUDGING[0]
    )
    authorize(actor=actor, municipality=municipality, action=action, law=law)


def refund_for_upheld_defence(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    decision: Any,
    related: Iterable[Debt] | None = None,
    unlicensed: bool = False,
    vehicle_seized: bool | None = None,
    on: dt.date | None = None,
) -> list[Refund]:
    """A defence (or appeal) against a fine was upheld: the fine falls.

    Mototaxi art. 42 §1: a paid fine is refunded (a :class:`Refund` to pay out on request) and,
    if the vehicle is still seized, removal and storage are waived (their unpaid debts cancelled);
    §2 (vehicle caught without permission): the fine, fees, removal and storage paid are all
    refunded. The law core answers ``mototaxi.defence_result``; this applies its outcome.
    A fine paid in part (instalments, a partial payment) is refunded what was paid, like a paid
    one; an unpaid fine is cancelled. Under the other laws (no such rule), only the fine falls,
    and what was paid of it is owed back all the same (a payment of a debt no longer owed).
    Idempotent: a fine already refunded or cancelled returns no refund and changes nothing.

    ``related``: the infraction's fee/removal/storage debts; by default those sharing the fine's
    ``basis["infraction"]``. ``vehicle_seized``: by default, whether a removal or storage debt of
    the infraction is still owed (release needs them paid, art. 35 §1).
    """
    with tenant(municipality):
        debt = Debt.objects.get(pk=debt.pk)
        law = law_of(debt, municipality)
        others = list(related) if related is not None else _related_debts(debt)
    _authorize_judging(actor, municipality, law)
    ref, judgement = _decision_ref(decision)
    as_of = on or today_of(municipality)
    refunds: list[Refund] = []
    with transaction.atomic(), tenant(municipality):
        locked = {
            d.pk: d
            for d in Debt.objects.select_for_update().filter(
                pk__in=[debt.pk, *[o.pk for o in others]]
            )
        }
        fine = locked[debt.pk]
        rest = [locked[o.pk] for o in others if o.pk in locked]
        if fine.status in (Debt.Status.REFUNDED, Debt.Status.CANCELLED):
            # Already settled by an earlier call (or the case cancelled the unpaid fine): running
            # it again must never refund twice, so there is nothing more to do.
            return []
        seizure = [d for d in rest if d.origin in (Debt.Origin.REMOVAL, Debt.Origin.STORAGE)]
        seized = (
            vehicle_seized if vehicle_seized is not None else any(d.status in OWED for d in seizure)
        )
        paid = {
            "fine_cents": paid_cents(fine),
            "fees_cents": sum(paid_cents(d) for d in rest if d.origin == Debt.Origin.FEE),
            "removal_cents": sum(paid_cents(d) for d in rest if d.origin == Debt.Origin.REMOVAL),
            "storage_cents": sum(paid_cents(d) for d in rest if d.origin == Debt.Origin.STORAGE),
        }
        if answers(law, "defence_result"):
            # A law that says what an upheld defence refunds (mototaxi art. 42 §1–2).
            answer = lawseam.ask(
                municipality,
                law,
                "defence_result",
                {"upheld": True, "unlicensed": unlicensed, "vehicle_seized": seized, "paid": paid},
                as_of,
            )
            basis = basis_of(answer)
            waive = bool(answer.outcome["waive_removal_and_storage"])
        else:
            answer = None
            basis = {"citations": [], "note": "defesa procedente: a multa deixa de ser devida"}
            waive = unlicensed = False
        basis.update(judgement)
        for d in [fine, *rest]:
            if d is not fine and not (unlicensed or waive):
                continue
            refund_it = d is fine or (unlicensed and d.origin in WAIVABLE)
            waive_it = d is fine or d.origin in WAIVABLE
            cents = paid_cents(d) if refund_it else 0
            if cents > 0:
                # Paid in full, or in part (instalments, a partial payment) while still owed:
                # what was paid is refunded and nothing more is owed.
                refund = Refund.objects.create(
                    debt=d,
                    kind=Refund.Kind.UPHELD_DEFENCE,
                    amount_cents=cents,
                    decision_ref=ref,
                    basis=basis,
                    # Owed from the judgement's day (art. 42 §1), not the day it is recorded.
                    decided_on=owed_from(municipality, as_of, _applied(d)),
                )
                refunds.append(refund)
                new: dict[str, Any] = {
                    "refund": refund.pk,
                    "amount_cents": cents,
                    "decided_on": refund.decided_on,
                }
                partials = Payment.objects.filter(debt=d, status=Payment.Status.PARTIAL)
                settled = sorted(partials.values_list("pk", flat=True))
                if settled:
                    # The refund gives them back: none waits for a person, or is returned twice.
                    partials.update(status=Payment.Status.RESOLVED)
                    new["payments"] = settled
                status_change(
                    d,
                    Debt.Status.REFUNDED,
                    actor=actor,
                    municipality=municipality,
                    action="debt.refund",
                    new=new,
                    basis=basis,
                    extra={"decision": ref},
                )
            elif d.status in OWED and waive_it:
                # Waived (art. 42 §1, vehicle still seized): a part already paid of it is no
                # longer owed and goes back to the payer.
                status_change(
                    d,
                    Debt.Status.CANCELLED,
                    actor=actor,
                    municipality=municipality,
                    action="debt.waive",
                    new=ledger.payments_give_back_in_transaction(
                        d, "dispensado: defesa julgada procedente", decided_on=as_of
                    ),
                    basis=basis,
                    extra={"decision": ref, "reason": "defesa julgada procedente"},
                )
        if answer is not None:
            expected = int(answer.outcome["refund_cents"])
            got = sum(r.amount_cents for r in refunds)
            if got != expected:  # the ledger and the law core must agree, or nothing is written
                raise RuntimeError(f"restituição {got} difere da resposta da lei ({expected})")
    return refunds


def debt_reduce_in_transaction(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    amount_cents: int,
    decision: Any,
    basis: dict[str, Any],
    on: dt.date,
) -> Refund | None:
    """A fine reduced by a decision granting an appeal in part, or reconsidering it in part (Lei
    9.784/1999 art. 56 §1, 64), taken on ``on``: the debt's amount becomes ``amount_cents``.
    While owed, only less is owed (and a debt already paid up to the new amount is paid); once
    paid, what was paid beyond the new amount is owed back — a refund to pay out, as for an upheld
    defence, owed from the decision's day (or from a payment it gives back made after it,
    :func:`refund_dates.owed_from`), not the day it is recorded (D-15). Inside the caller's
    transaction, whose competence was checked (the judgment's); one act either way."""
    debt = Debt.objects.select_for_update().get(pk=debt.pk)
    if not 0 < amount_cents < debt.amount_cents:
        raise ledger.InvalidDebtTransition(
            f"o débito {debt.reference} de {brl(debt.amount_cents)} só pode ser reduzido a um "
            f"valor maior que zero e menor que o atual ({brl(amount_cents)} pedidos)"
        )
    if debt.status not in (*OWED, Debt.Status.PAID):
        raise ledger.InvalidDebtTransition(
            f"o débito {debt.reference} está {debt.get_status_display()} e não pode ser reduzido"
        )
    ref, judgement = _decision_ref(decision)
    basis = {**basis, **judgement}
    old = {"amount_cents": debt.amount_cents, "status": debt.status}
    paid = _kept_cents(debt)
    debt.amount_cents = amount_cents
    refund = None
    if paid > amount_cents:
        refund = Refund.objects.create(
            debt=debt,
            kind=Refund.Kind.PARTIAL,
            amount_cents=paid - amount_cents,
            decision_ref=ref,
            basis=basis,
            decided_on=owed_from(municipality, on, _applied(debt)),
        )
    settled: list[int] = []
    if paid >= amount_cents:
        debt.status = Debt.Status.PAID
        # The partial payments now pay the debt, as when the last payment reaches it
        # (apply_to_debt): none waits for a person or can be given back whole beside the refund.
        partials = Payment.objects.filter(debt=debt, status=Payment.Status.PARTIAL)
        settled = sorted(partials.values_list("pk", flat=True))
        partials.update(status=Payment.Status.MATCHED)
    debt.save(update_fields=["amount_cents", "status"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="debt.reduce",
        obj=debt,
        old=old,
        new={
            "amount_cents": debt.amount_cents,
            "status": debt.status,
            "refund": refund.pk if refund else None,
            "refund_cents": refund.amount_cents if refund else 0,
            **({"refund_decided_on": refund.decided_on} if refund else {}),
            **({"payments": settled} if settled else {}),
        },
        basis=basis,
        extra={"decision": ref},
    )
    return refund


def refund_citations(m: Municipality) -> list[Citation]:
    """The articles on refunds of the laws ``m`` applies (mototaxi art. 42 §1–2), for the screens."""
    return [c for law in m.laws for c in citations(law, "refund")]

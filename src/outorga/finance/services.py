"""Ledger writes: debts and their status transitions, each one an act.

Payments and refunds live in ``payments``. Services that charge a debt as part of their own step
(enforcement's fines and seizure charges, platform fines, the registry's contrapartida plan through
:func:`debts_from_plan`) call :func:`debt_create_in_transaction` inside their transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any, NotRequired, TypedDict, Unpack

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Conflict
from outorga.core.lawctx import context
from outorga.core.lawseam import cited_titled, service_citations
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import CrossTenantWrite, tenant
from outorga.core.transitions import status_change
from outorga.law.bindings import Service
from outorga.law.citations import decision
from outorga.law.common import payment as payment_law
from outorga.law.competence import competence
from outorga.law.decisions import Decision
from outorga.law.money import brl
from outorga.law.rulebook import day
from outorga.registry.facts import ACTIVE_STATUSES
from outorga.registry.validation import FieldError

from .models import Debt
from .models_payments import Payment, Refund
from .refund_dates import owed_from


def debt_law(
    m: Municipality,
    *,
    permit: Any = None,
    basis: Mapping[str, Any] | None = None,
    on: dt.date | None = None,
) -> str:
    """The law a debt is recorded or moved under, whose competences are checked: the one its
    basis names (a fine's, a fee's), else the one bound to its permit's service in ``m`` on ``on``
    (the municipality's today; D-15), else the first law in force there on that date that gives someone the recording
    of debts (or, when none does, the first in force, under which competence is refused). There is
    no default law."""
    when = on or today_of(m)
    named = (basis or {}).get("law")
    if isinstance(named, str) and named in m.laws:
        return named
    if permit is not None:
        return str(permit.law_on(when))
    laws = list(dict.fromkeys([*(b.law for b in m.law_bindings() if b.covers(when)), *m.laws]))
    if not laws:
        raise FieldError("lei", f"nenhuma lei rege serviço algum em {m.name}")
    # A law that gives no one the recording of debts is still the law: competence then refuses.
    return next((law for law in laws if competence(law, "debt.record", when) is not None), laws[0])


class InvalidDebtTransition(Conflict, ValueError):
    """A debt not in the state the step needs (paid, cancelled…)."""


def fine_due_on(*, municipality: Municipality, imposed_on: dt.date) -> tuple[dt.date, Decision]:
    """Due date of a fine imposed on ``imposed_on``, with its trace: the municipality's payment
    term (the dated parameter ``payment.fine_due_days``, which no law fixes), the last day moved
    to the next business day of the municipal calendar (decision D-4). Every service that charges
    a fine — enforcement's, the platforms' — dates it here."""
    d = payment_law.fine_due_date(context(municipality, imposed_on), imposed_on)
    return d.outcome["due_on"], d


def _reference(municipality: Municipality) -> tuple[str, int]:
    """The debt's reference and its number. Gapless per municipality (counter row locked in the
    caller's transaction); the IBGE code makes the reference unique across the deployment, and
    the number alone (digits) is what the FEBRABAN barcode carries."""
    number = next_number("debt")
    return f"{municipality.ibge_code}-D{number:07d}", number


class NewDebt(TypedDict):
    """What a new debt is made of: whose, where from, what, how much, due when; ``permit``,
    ``status`` (open) and ``basis`` (its law and citations) when given."""

    person: Any
    origin: str
    description: str
    amount_cents: int
    due_on: dt.date
    permit: NotRequired[Any]
    status: NotRequired[str]
    basis: NotRequired[Mapping[str, Any] | None]


def debt_create_in_transaction(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Any,
    origin: str,
    description: str,
    amount_cents: int,
    due_on: dt.date,
    permit: Any = None,
    status: str = Debt.Status.OPEN,
    instalment: int | None = None,
    instalments: int | None = None,
    basis: Mapping[str, Any] | None = None,
    awaiting_finality: bool = False,
) -> Debt:
    """Record one debt and its ``debt.create`` act inside the caller's transaction.

    For services that charge a debt as part of their own step — a fine when a penalty becomes
    final, a seizure's removal and storage, a platform's fine, the contrapartida plan — and have
    already checked the competence of that step. Use :func:`debt_create` otherwise. Outside a
    transaction it refuses: the reference counter is locked until the caller commits, so the
    debt and the step that caused it are saved or lost together.

    ``awaiting_finality`` marks a charge of an infraction whose case is not final yet (a seizure's
    charges, due at once for the release, mototaxi art. 35 §1): it never becomes final by its due
    date nor blocks a renewal until the caller's app clears it when the case becomes final
    (:func:`debt_make_final_in_transaction`; decisions D-1, D-11)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("debt_create_in_transaction precisa da transação de quem a chama")
    if origin not in Debt.Origin.values:
        raise FieldError("origem", "origem de débito desconhecida")
    if status not in (Debt.Status.OPEN, Debt.Status.FINAL, Debt.Status.UNDER_APPEAL):
        raise FieldError("situação", "um débito novo está em aberto, definitivo ou em recurso")
    if awaiting_finality and status == Debt.Status.FINAL:
        raise FieldError("situação", "um débito que aguarda a decisão definitiva não é definitivo")
    if amount_cents <= 0:
        raise FieldError("valor", "o valor deve ser positivo")
    if not description.strip():
        raise FieldError("descrição", "descreva o débito")
    for row in (person, permit):
        if row is not None and row.municipality_id != municipality.pk:
            raise CrossTenantWrite("débito de pessoa ou permissão de outro município recusado")
    with tenant(municipality):
        reference, number = _reference(municipality)
        debt = Debt.objects.create(
            person=person,
            permit=permit,
            origin=origin,
            description=description.strip(),
            amount_cents=amount_cents,
            due_on=due_on,
            status=status,
            instalment=instalment,
            instalments=instalments,
            reference=reference,
            number=number,
            basis=dict(basis or {}),
            awaiting_finality=awaiting_finality,
        )
        new: dict[str, Any] = {
            "reference": debt.reference,
            "person": person.pk,
            "origin": origin,
            "amount_cents": amount_cents,
            "due_on": due_on,
            "status": status,
        }
        if awaiting_finality:
            new["awaiting_finality"] = True
        record_act(
            municipality=municipality,
            actor=actor,
            action="debt.create",
            obj=debt,
            new=new,
            basis={"citations": list((basis or {}).get("citations", []))},
        )
        if instalment in (None, 1):
            _tell_debtor(municipality, debt)
    return debt


def _tell_debtor(municipality: Municipality, debt: Debt) -> None:
    """The aviso of a new debt with its due date, in the portal and by email as a courtesy; a plan
    of instalments is told once, by its first."""
    part = f", parcela 1 de {debt.instalments}" if debt.instalments else ""
    _aviso(
        municipality,
        debt,
        f"finance-debt-{debt.pk}",
        f"Débito {debt.reference} ({debt.description}{part}) de {brl(debt.amount_cents)}: "
        f"vence em {debt.due_on:%d/%m/%Y}.",
    )


def _aviso(municipality: Municipality, debt: Debt, key: str, text: str) -> None:
    """An aviso to the debtor about ``debt`` (portal, email as a courtesy), which says where its
    document of arrecadação is."""
    from outorga.registry.models import Notification
    from outorga.registry.notifications import notification_send

    notification_send(
        municipality=municipality,
        key=key,
        kind=Notification.Kind.OTHER,
        message=f"{text} O documento de arrecadação está em “Meus débitos”.",
        person=debt.person,
        permit=debt.permit,
        due_on=debt.due_on,
    )


def debt_create(
    *, actor: Actor, municipality: Municipality, law: str | None = None, **debt: Unpack[NewDebt]
) -> Debt:
    """Record a debt in the ledger (fines, fees, taxes…), with its legal basis. Competence is
    checked under ``law``, or else under :func:`debt_law`."""
    law = law or debt_law(municipality, permit=debt.get("permit"), basis=debt.get("basis"))
    authorize(actor=actor, municipality=municipality, action="debt.record", law=law)
    with transaction.atomic():
        return debt_create_in_transaction(actor=actor, municipality=municipality, **debt)


def debts_from_plan(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Any,
    permit: Any,
    plan: Iterable[Mapping[str, Any]],
    description: str,
    basis: Mapping[str, Any],
) -> list[Debt]:
    """The contrapartida instalment plan (taxi art. 10, D-12) as debts, one per instalment.

    Called inside the grant's transaction, which already checked competence."""
    rows = list(plan)
    return [
        debt_create_in_transaction(
            actor=actor,
            municipality=municipality,
            person=person,
            permit=permit,
            origin=Debt.Origin.CONTRAPARTIDA,
            description=f"{description} — parcela {row['number']}/{len(rows)}",
            amount_cents=int(row["amount_cents"]),
            due_on=day(row["due_on"]),
            instalment=int(row["number"]),
            instalments=len(rows),
            basis=basis,
        )
        for row in rows
    ]


#: Allowed status transitions of a debt, each one its own service below.
_TRANSITIONS = {
    "contest": ({Debt.Status.OPEN, Debt.Status.FINAL}, Debt.Status.UNDER_APPEAL),
    "make_final": ({Debt.Status.OPEN, Debt.Status.UNDER_APPEAL}, Debt.Status.FINAL),
    "cancel": (
        {Debt.Status.OPEN, Debt.Status.UNDER_APPEAL, Debt.Status.FINAL},
        Debt.Status.CANCELLED,
    ),
}


class DebtStep(TypedDict):
    """A debt's status step: who takes it, where, on which debt and why."""

    actor: Actor
    municipality: Municipality
    debt: Debt
    reason: str


class DebtMove(DebtStep):
    """A step on its own, its competence checked under ``law`` (else :func:`debt_law`)."""

    law: NotRequired[str | None]


class DebtMoveInTransaction(DebtStep):
    """A step inside the caller's transaction, which checked competence; ``basis`` its act's."""

    basis: NotRequired[Mapping[str, Any] | None]


def _move(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    step: str,
    reason: str,
    law: str | None = None,
) -> Debt:
    if law is None:
        with tenant(municipality):
            permit = debt.permit if debt.permit_id is not None else None
        law = debt_law(municipality, permit=permit, basis=debt.basis)
    authorize(actor=actor, municipality=municipality, action="debt.record", law=law)
    with transaction.atomic():
        return _move_in_transaction(
            actor=actor, municipality=municipality, debt=debt, step=step, reason=reason
        )


def _move_in_transaction(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    step: str,
    reason: str,
    basis: Mapping[str, Any] | None = None,
    case_final: bool = False,
) -> Debt:
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo")
    sources, target = _TRANSITIONS[step]
    with tenant(municipality):
        debt = Debt.objects.select_for_update().get(pk=debt.pk)
        if debt.status not in sources:
            raise InvalidDebtTransition(
                f"o débito {debt.reference} está {debt.get_status_display()}; "
                f"não pode passar a {Debt.Status(target).label}"
            )
        if target == Debt.Status.FINAL and debt.awaiting_finality and not case_final:
            # D-1: only the case the charge comes from makes it final, once no defence or
            # appeal is pending and every deadline lapsed.
            law = debt_law(municipality, permit=debt.permit_id and debt.permit, basis=debt.basis)
            steps = cited_titled(law, "defence_and_appeals")
            raise InvalidDebtTransition(
                f"o débito {debt.reference} aguarda a decisão definitiva do processo que o "
                f"originou (defesa e recursos{f', {steps}' if steps else ''}; decisão D-1)"
            )
        fields: tuple[str, ...] = ()
        if target == Debt.Status.FINAL and debt.awaiting_finality:
            debt.awaiting_finality = False
            fields = ("awaiting_finality",)
        given_back = (
            payments_give_back_in_transaction(debt, f"débito cancelado: {reason.strip()}")
            if target == Debt.Status.CANCELLED
            else {}
        )
        status_change(
            debt,
            target,
            actor=actor,
            municipality=municipality,
            action=f"debt.{step}",
            fields=fields,
            new=given_back,
            basis=basis,
            extra={"reason": reason},
        )
    return debt


def payments_give_back_in_transaction(
    debt: Debt, note: str, decided_on: dt.date | None = None
) -> dict[str, Any]:
    """What was already paid of a debt that stops being owed without being paid — an instalment
    or a partial payment of a fine whose auto is annulled, or a debt cancelled — is owed back: each
    partial payment is returned whole (a :class:`Refund` to pay out, as :func:`payment_return`
    would by hand), so none stays applied to a debt no longer owed nor waits for a person to give
    it back a second time. Only partial payments can be applied to a debt still owed
    (``payments.apply_to_debt``: reaching the amount pays it). Inside the caller's transaction,
    whose act carries what this returns: the payments, the refunds, their sum and the day they
    were decided (``decided_on``, by default today; empty when nothing was paid)."""
    partials = list(
        Payment.objects.select_for_update()
        .filter(debt=debt, status=Payment.Status.PARTIAL)
        .order_by("id")
    )
    if not partials:
        return {}
    decided = owed_from(debt.municipality, decided_on, partials)
    refunds = [
        Refund.objects.create(
            debt=debt,
            payment=p,
            kind=Refund.Kind.RETURNED,
            amount_cents=p.amount_cents,
            note=note[:300],
            decided_on=decided,
        )
        for p in partials
    ]
    Payment.objects.filter(pk__in=[p.pk for p in partials]).update(status=Payment.Status.RETURNED)
    return {
        "payments": [p.pk for p in partials],
        "refunds": [r.pk for r in refunds],
        "refund_cents": sum(r.amount_cents for r in refunds),
        "decided_on": decided,
    }


def debt_contest(**move: Unpack[DebtMove]) -> Debt:
    """A defence or appeal was filed against the debt: it stops blocking renewals (D-11)."""
    return _move(step="contest", **move)


def debt_make_final(**move: Unpack[DebtMove]) -> Debt:
    """The debt became final (deadlines lapsed or appeal dismissed): it blocks renewals (D-11)."""
    return _move(step="make_final", **move)


def debt_cancel(**move: Unpack[DebtMove]) -> Debt:
    return _move(step="cancel", **move)


def _move_where_allowed(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    step: str,
    reason: str,
    basis: Mapping[str, Any] | None = None,
    sources: frozenset[str] | None = None,
) -> Debt | None:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError(f"debt_{step}_in_transaction precisa da transação de quem a chama")
    with tenant(municipality):
        locked = Debt.objects.select_for_update().get(pk=debt.pk)
        if locked.status not in (sources or _TRANSITIONS[step][0]):
            return None
        return _move_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=locked,
            step=step,
            reason=reason,
            basis=basis,
        )


def debt_cancel_in_transaction(**move: Unpack[DebtMoveInTransaction]) -> Debt | None:
    """Cancel a debt whose cause fell (a defence upheld, an auto cancelled: mototaxi art. 42 §1–2)
    inside the caller's transaction, which checked the competence of that decision. What was
    paid of it in part is given back in the same step (:func:`payments_give_back_in_transaction`).
    A debt no longer owed (paid, refunded, cancelled) is left as it is and ``None`` returned: a
    paid fine goes to the refund instead."""
    return _move_where_allowed(step="cancel", **move)


def debt_contest_in_transaction(**move: Unpack[DebtMoveInTransaction]) -> Debt | None:
    """A defence or appeal was filed against the decision the debt comes from (inside the filing's
    transaction): the debt is under appeal and blocks nothing (D-11). Only an open or final debt
    moves; any other is left as it is and ``None`` returned."""
    return _move_where_allowed(step="contest", **move)


def debt_make_final_in_transaction(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    reason: str,
    basis: Mapping[str, Any] | None = None,
) -> Debt | None:
    """The decision the debt comes from became final (inside that step's transaction; D-1): the
    debt no longer awaits it and is final from this day — under appeal or still open — so it
    blocks renewals at once, whether or not its payment term has ended (D-11, D-18). A debt no
    longer owed is left as it is. Returns the debt when it changed, else ``None``."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("debt_make_final_in_transaction precisa da transação de quem a chama")
    with tenant(municipality):
        locked = Debt.objects.select_for_update().get(pk=debt.pk)
        if locked.status == Debt.Status.UNDER_APPEAL or (
            locked.status == Debt.Status.OPEN and locked.awaiting_finality
        ):
            return _move_in_transaction(
                actor=actor,
                municipality=municipality,
                debt=locked,
                step="make_final",
                reason=reason,
                basis=basis,
                case_final=True,
            )
    return None


# --- the daily sweep -------------------------------------------------------------------------------

SYSTEM = Actor.system("varredura diária")


def _renewal_blocked(debt: Debt) -> bool:
    """Whether the debtor is in the Cadastro Municipal de Taxistas, whose yearly renewal is
    released only once every debt with the Municipality is paid — fines, fees, taxes and other
    charges, whatever they come from (taxi art. 20–21 §1). The block is per person, so it follows
    the person's live taxi permit or auxiliary credential, not the permit the debt belongs to."""
    from outorga.registry.models import Auxiliary, Permit, Service

    return (
        Permit.objects.filter(
            holder_id=debt.person_id, service=Service.TAXI, status__in=ACTIVE_STATUSES
        ).exists()
        or Auxiliary.objects.filter(
            person_id=debt.person_id,
            permit__service=Service.TAXI,
            status=Auxiliary.Status.ACTIVE,
        ).exists()
    )


def debts_overdue_make_final(*, municipality: Municipality, on: dt.date) -> list[Debt]:
    """Debts past their last day to pay, unpaid and not contested, become final (status
    ``final``): from then on they block the renewal of a taxi driver's Cadastro (taxi art. 21 §1;
    decision D-11). The last day to pay is still on time: it is the due date, or the next business
    day when the due date is a weekend, a holiday or a day the office was closed (D-4). A debt
    under defence or appeal never becomes final here (D-11), nor one whose case is not final yet
    (``awaiting_finality``: enforcement makes it final with its case, D-1), nor a paid, refunded or
    cancelled one. Each change is an act and the holder gets an aviso in the portal. Running it
    twice for one date changes nothing."""
    calendar = context(municipality, on).calendar
    with tenant(municipality):
        ids = [
            pk
            for pk, due_on in Debt.objects.filter(
                status=Debt.Status.OPEN, awaiting_finality=False, due_on__lt=on
            )
            .order_by("due_on", "id")
            .values_list("id", "due_on")
            if payment_law.is_overdue(calendar, due_on, on)
        ]
    changed: list[Debt] = []
    for pk in ids:
        with transaction.atomic(), tenant(municipality):
            debt = Debt.objects.select_for_update(of=("self",)).select_related("permit").get(pk=pk)
            if (
                debt.status != Debt.Status.OPEN
                or debt.awaiting_finality
                or not payment_law.is_overdue(calendar, debt.due_on, on)
            ):
                continue  # paid, contested or rescheduled since the list was read
            last_day = payment_law.last_day_to_pay(calendar, debt.due_on)
            due = f"vencido em {debt.due_on:%d/%m/%Y}" + (
                f" (último dia para pagar: {last_day:%d/%m/%Y}, decisão D-4)"
                if last_day != debt.due_on
                else ""
            )
            blocks = _renewal_blocked(debt)
            citations = [decision(11).render()]
            if blocks:
                # The law that makes debts block the renewal (taxi art. 21 §1), by the taxi
                # service's binding here.
                citations += [
                    c.render() for c in service_citations(municipality, Service.TAXI, "debts_block")
                ]
            if last_day != debt.due_on:
                citations.append(decision(4).render())
            debt = _move_in_transaction(
                actor=SYSTEM,
                municipality=municipality,
                debt=debt,
                step="make_final",
                reason=f"{due} sem pagamento nem defesa",
                basis={"citations": citations, "due_on": debt.due_on.isoformat()},
            )
            consequence = ""
            if blocks:
                blocking = cited_titled(Service.TAXI, "debts_block", m=municipality)
                consequence = (
                    " e impede a renovação do cadastro de taxista enquanto não for pago"
                    + (f" ({blocking})" if blocking else "")
                )
            _aviso(
                municipality,
                debt,
                f"finance-overdue-{debt.pk}",
                f"Débito {debt.reference} ({debt.description}) {due} sem pagamento: "
                f"passou a definitivo{consequence} (decisão D-11).",
            )
            changed.append(debt)
    return changed

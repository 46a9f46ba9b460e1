"""Fees charged as debts: the catalogue of the municipality's laws, the amount the law core gives
for a date, and :func:`fee_charge`, the one write.

The catalogue is the laws': each law the municipality binds lists the fees it charges, with
their articles (``interfaces.fee_types``, the rulebook's ``FEE_TYPES``); its ``fee`` question
gives the amount. Where a law prices no fee, the amount is the municipality's dated value, in
reais or in a fiscal unit converted at the value in force on the day of the charge (D-5, D-15;
:mod:`outorga.law.common.fees`). Without a value nothing is charged, and the refusal names what
the municipality must record.

No law sets a payment term for a fee either, so a fee falls due like a fine: the municipality's
term (``payment.fine_due_days``), moved off a day without business (D-4), through
:func:`outorga.finance.services.fine_due_on`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawctx import context
from outorga.core.lawseam import out_of_force, services_under
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import CrossTenantWrite, tenant
from outorga.law import questions
from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import LAW_TITLES, Citation
from outorga.law.decisions import Decision, Verdict
from outorga.law.interfaces import fee_types as law_fee_types
from outorga.registry.facts import ACTIVE_STATUSES
from outorga.registry.models import Auxiliary, Permit, Person
from outorga.registry.services.common import governed, in_force_today
from outorga.registry.validation import FieldError

from . import services as ledger
from .models import Debt
from .payments import future_date

#: Charging a fee is recording a debt: the finance role's, under the fee's own law.
ACTION = "debt.record"


@dataclass(frozen=True)
class FeeType:
    """One fee of a law: ``key`` is ``<law id>:<code>``, the code the law gives the fee (the
    inciso of the article that institutes it, say)."""

    law: str
    question: str
    code: str
    label: str
    citations: tuple[Citation, ...]

    @property
    def key(self) -> str:
        return f"{self.law}:{self.code}"

    @property
    def cites(self) -> str:
        """The articles, as a person reads them (the law's title, article, inciso)."""
        return "; ".join(c.render() for c in self.citations)


def catalogue(law: str) -> list[FeeType]:
    """The fees ``law`` charges, each answered by its ``fee`` question."""
    kinds = law_fee_types(law)
    if not kinds:
        return []
    qid = questions.find(law, "fee").id
    return [FeeType(law, qid, code, label, cites) for code, (label, cites) in kinds.items()]


def fee_types(municipality: Municipality) -> list[FeeType]:
    """The fees of the laws the municipality applies, in the laws' order."""
    return [f for law in municipality.laws for f in catalogue(law)]


def fee_type(municipality: Municipality, key: str) -> FeeType:
    for f in fee_types(municipality):
        if f.key == key:
            return f
    raise FieldError("taxa", f"taxa desconhecida para {municipality.name}: {key}")


@dataclass(frozen=True)
class FeeQuote:
    """What the law core says a fee is on a date, and when it falls due."""

    fee: FeeType
    on: dt.date
    decision: Decision
    amount_cents: int | None
    due_on: dt.date | None = None
    due: Decision | None = None

    @property
    def example(self) -> bool:
        return bool((self.decision.outcome or {}).get("example"))

    @property
    def problem(self) -> str:
        """Why there is no amount (Portuguese, with the articles), or ``""``."""
        if self.amount_cents is not None:
            return ""
        stop = [r for r in self.decision.reasons if r.verdict is Verdict.REFUSED] or [
            r for r in self.decision.reasons if r.verdict is Verdict.PENDING
        ]
        return "; ".join(
            f"{r.message.rstrip('.')} ({', '.join(c.render() for c in r.citations)})" for r in stop
        )

    @property
    def act_reference(self) -> str:
        """The municipal act that fixed the value in force, as recorded with it."""
        for r in self.decision.reasons:
            for p in r.parameters:
                if p.source == "municipality" and p.references:
                    return p.references[-1]
        return ""


def _holds_permit(person: Person, permit: Permit | None, law: str) -> bool:
    """Whether the payer holds the permit (or a live permit of a service ``law`` governs)."""
    if permit is not None:
        return permit.holder_id == person.pk and permit.status in ACTIVE_STATUSES
    return Permit.objects.filter(
        holder=person, service__in=RULEBOOKS[law].services, status__in=ACTIVE_STATUSES
    ).exists()


def _check_debtor(
    municipality: Municipality, fee: FeeType, person: Person, permit: Permit | None, on: dt.date
) -> None:
    for row in (person, permit):
        if row is not None and row.municipality_id != municipality.pk:
            raise CrossTenantWrite("taxa de pessoa ou permissão de outro município recusada")
    if permit is None:
        return
    # A fee for a permit is charged under its service's law: none where no law governs it (the
    # binding removed), nor for a day after its binding ended (D-15, ADR 0062).
    governed(permit, on)
    if permit.law != fee.law:
        raise FieldError(
            "permissão",
            f"a permissão {permit.number} é de {permit.get_service_display()}; a taxa é da "
            f"{LAW_TITLES[fee.law]}",
        )
    with tenant(municipality):
        linked = (
            permit.holder_id == person.pk
            or Auxiliary.objects.filter(permit=permit, person=person).exists()
        )
    if not linked:
        raise FieldError(
            "pessoa",
            f"{person.name} não é permissionária nem condutora auxiliar da permissão "
            f"{permit.number}",
        )


def fee_quote(
    *,
    municipality: Municipality,
    fee: FeeType | str,
    on: dt.date,
    person: Person | None = None,
    permit: Permit | None = None,
) -> FeeQuote:
    """The amount of ``fee`` charged on ``on`` (to ``person``, for ``permit`` when given) from
    the law core, with its due date when there is an amount. Reads only."""
    ft = fee if isinstance(fee, FeeType) else fee_type(municipality, fee)
    facts: dict[str, Any] = {"fee": ft.code, "on": on.isoformat()}
    if person is not None:
        _check_debtor(municipality, ft, person, permit, on)
        if "payer_is_permit_holder" in questions.get(ft.question).facts_schema["properties"]:
            # A law whose fee depends on who pays (taxi art. 40: holder or auxiliary).
            with tenant(municipality):
                facts["payer_is_permit_holder"] = _holds_permit(person, permit, ft.law)
    decision = questions.ask(ft.question, context(municipality, on), facts)
    cents = (decision.outcome or {}).get("amount_cents")
    if cents is None:
        return FeeQuote(ft, on, decision, None)
    due_on, due = ledger.fine_due_on(municipality=municipality, imposed_on=on)
    return FeeQuote(ft, on, decision, int(cents), due_on, due)


def _description(quote: FeeQuote) -> str:
    act = quote.act_reference
    return (f"{quote.fee.label} — " + (f"{act}; " if act else "") + quote.fee.cites)[:200]


def fee_charge(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    permit: Permit | None = None,
    fee: FeeType | str,
    on: dt.date,
) -> Debt:
    """Charge ``fee`` to ``person`` (for ``permit``) on ``on``: a debt of origin *fee* with the
    amount the law core gives for that day and the municipality's payment term, and its act.

    Refused — naming what is missing, with the article — when the municipality has recorded no
    value for that day (or no UFPI value to convert it), when the law says the person does not
    owe it (taxi art. 40, caput), when ``on`` is after the municipality's today (D-15), or when
    the same fee was already charged to the same person for the same permit on that day and is
    not cancelled (a second click is not a second fee)."""
    ft = fee if isinstance(fee, FeeType) else fee_type(municipality, fee)
    # A charge of today under a law in force for some service it governs (D-15).
    services = services_under(municipality, ft.law)
    if services and all(out_of_force(municipality, s) for s in services):
        in_force_today(municipality, services[0])
    authorize(actor=actor, municipality=municipality, action=ACTION, law=ft.law)
    if on > today_of(municipality):
        # A charge is judged on its own date (D-15): one still to come (a mistyped year) would
        # charge a value decreed for later, due from a day that has not happened.
        raise future_date("data da cobrança", on, municipality)
    quote = fee_quote(municipality=municipality, fee=ft, on=on, person=person, permit=permit)
    if quote.amount_cents is None or quote.due_on is None or quote.due is None:
        raise Refused(quote.decision, f"Taxa não lançada: {quote.problem}.")
    citations = sorted({c.render() for c in (*quote.decision.citations, *quote.due.citations)})
    basis = {
        "law": ft.law,
        "fee": ft.key,
        "charged_on": on.isoformat(),
        "citations": citations,
        "decision": quote.decision.to_json(),
        "due_date": quote.due.to_json(),
        "due_date_note": "nenhuma lei fixa prazo de pagamento para a taxa: vale o prazo do "
        "Município para multas (payment.fine_due_days; decisão D-4)",
    }
    with transaction.atomic(), tenant(municipality):
        # Serialise charges to one person so two clicks cannot both pass the check below.
        Person.objects.select_for_update().get(pk=person.pk)
        twice = (
            Debt.objects.filter(
                person=person,
                permit=permit,
                origin=Debt.Origin.FEE,
                basis__fee=ft.key,
                basis__charged_on=on.isoformat(),
            )
            .exclude(status__in=(Debt.Status.CANCELLED, Debt.Status.REFUNDED))
            .first()
        )
        if twice is not None:
            raise FieldError(
                "taxa",
                f"{ft.label} já lançada para esta pessoa em {on:%d/%m/%Y} (débito "
                f"{twice.reference}); cancele-o antes de lançar de novo",
            )
        return ledger.debt_create_in_transaction(
            actor=actor,
            municipality=municipality,
            person=person,
            permit=permit,
            origin=Debt.Origin.FEE,
            description=_description(quote),
            amount_cents=quote.amount_cents,
            due_on=quote.due_on,
            basis=basis,
        )

"""The permit holder's portal pages of their debts and payment slips: their own and those of the
companies they are the confirmed responsible person of (``registry.acting``, ADR 0047)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from outorga.core.access import role_screen
from outorga.core.requests import user_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import Role
from outorga.registry import acting
from outorga.registry.models import Person

from ..guias import amounts_owed, pix_payload
from ..models import Debt
from ..models_payments import FinanceSettings
from ..payments import OWED
from .common import money
from .debts import slip_response


def _holder(request: HttpRequest) -> Person | None:
    return acting.person_of(user_of(request))


portal_view = role_screen(
    {Role.PERMISSIONARIO}, "Página do permissionário.", refuse_not_competent=False
)


@portal_view
def portal_debts(request: HttpRequest) -> HttpResponse:
    person = _holder(request)
    groups: list[dict[str, Any]] = []
    settings = FinanceSettings.objects.first()
    if person is not None:
        debts = list(
            Debt.objects.filter(acting.reach("person", person))
            .select_related("person")
            .order_by("-due_on", "-id")
        )
        owed = amounts_owed(debts)
        by_debtor: dict[int, list[dict[str, Any]]] = {}
        for debt in debts:
            left = owed[debt.pk]
            payable = debt.status in OWED and left > 0  # ``debt_payable``, from the sums read once
            by_debtor.setdefault(debt.person_id, []).append(
                {
                    "debt": debt,
                    "amount": money(debt.amount_cents),
                    # Part paid: what the PIX and the slip charge is what is left.
                    "owed": money(left) if payable and left < debt.amount_cents else None,
                    "payable": payable,
                    # On a phone the QR code of the slip cannot be read by the same phone: the
                    # "copia e cola" is shown on the page too.
                    "pix": pix_payload(debt, settings) if payable and settings else "",
                }
            )
        # The holder's own debts first, then each company's by name (even one with none owed).
        debtors = [person, *acting.confirmed_companies(person)]
        groups = [{"debtor": d, "rows": by_debtor.get(d.pk, [])} for d in debtors]
    return render(
        request,
        "finance/portal_debts.html",
        {
            "person": person,
            "groups": groups,
            "settings": settings,
            # Under each debtor's heading a debt's title is one level down.
            "level": 3 if len(groups) > 1 else 2,
        },
    )


@portal_view
def portal_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    person = _holder(request)
    if person is None:
        raise Http404
    # Only the debts of the persons the login acts for (its own, its confirmed companies'):
    # another person's id is simply not found.
    debt = get_object_or_404(
        Debt.objects.select_related("person").filter(acting.reach("person", person)), pk=debt_id
    )
    return slip_response(debt, current_municipality())

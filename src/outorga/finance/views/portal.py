"""The permit holder's portal pages of their own debts and payment slips."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from outorga.core.access import role_screen
from outorga.core.requests import user_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import Role
from outorga.registry.models import Person

from ..models import Debt
from ..models_payments import FinanceSettings
from .common import money
from .debts import debt_payable, slip_response


def _holder(request: HttpRequest) -> Person | None:
    return Person.objects.filter(user=user_of(request)).first()


portal_view = role_screen(
    {Role.PERMISSIONARIO}, "Página do permissionário.", refuse_not_competent=False
)


@portal_view
def portal_debts(request: HttpRequest) -> HttpResponse:
    person = _holder(request)
    rows: list[dict[str, Any]] = []
    if person is not None:
        for debt in Debt.objects.filter(person=person).order_by("-due_on", "-id"):
            rows.append(
                {
                    "debt": debt,
                    "amount": money(debt.amount_cents),
                    "payable": debt_payable(debt),
                }
            )
    settings = FinanceSettings.objects.first()
    return render(
        request,
        "finance/portal_debts.html",
        {"person": person, "rows": rows, "settings": settings},
    )


@portal_view
def portal_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    person = _holder(request)
    if person is None:
        raise Http404
    # Only the holder's own debts: another person's id is simply not found.
    debt = get_object_or_404(Debt.objects.select_related("person"), pk=debt_id, person=person)
    return slip_response(debt, current_municipality())

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
from ..payments import pix_payload
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
    settings = FinanceSettings.objects.first()
    if person is not None:
        for debt in Debt.objects.filter(person=person).order_by("-due_on", "-id"):
            payable = debt_payable(debt)
            rows.append(
                {
                    "debt": debt,
                    "amount": money(debt.amount_cents),
                    "payable": payable,
                    # On a phone the QR code of the slip cannot be read by the same phone: the
                    # "copia e cola" is shown on the page too.
                    "pix": pix_payload(debt, settings) if payable and settings else "",
                }
            )
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

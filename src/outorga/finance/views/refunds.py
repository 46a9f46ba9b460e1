"""Finance screens of refunds: the list and a refund marked as paid."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.localtime import today_of
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.registry.validation import FieldError

from .. import payments
from ..models_payments import Refund
from .common import staff_view


@staff_view
def refund_list(request: HttpRequest) -> HttpResponse:
    qs = Refund.objects.select_related("debt", "debt__person", "payment").order_by(
        "status", "-created_at"
    )
    page = Paginator(qs, 50).get_page(request.GET.get("pagina"))
    return render(
        request,
        "finance/refunds.html",
        {
            "page": page,
            "citations": [c.render() for c in payments.refund_citations(current_municipality())],
        },
    )


@staff_view
@require_POST
def refund_paid(request: HttpRequest, refund_id: int) -> HttpResponse:
    refund = get_object_or_404(Refund.objects.all(), pk=refund_id)
    try:
        on = dt.date.fromisoformat(
            request.POST.get("on") or today_of(current_municipality()).isoformat()
        )
        payments.refund_mark_paid_out(
            actor=actor_of(request),
            municipality=current_municipality(),
            refund=refund,
            on=on,
            note=request.POST.get("note", ""),
        )
    except ValueError as exc:
        messages.error(
            request,
            str(exc)
            if isinstance(exc, FieldError | payments.InvalidPaymentTransition)
            else "Data inválida.",
        )
    else:
        messages.success(request, "Restituição marcada como paga.")
    return HttpResponseRedirect(reverse("finance:refunds"))

"""The clerk applies or refuses the holders' requests to update or cancel the registration
(mototaxi art. 4 §2), once the holder appeared in person (art. 13 XX a)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.errors import DomainError
from outorga.core.formerrors import form_add
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality

from ..forms_citing import CitingForm, cites
from ..models import RegistrationRequest, Service
from ..selectors import sees_private_data
from ..services.registration_requests import (
    registration_request_apply,
    registration_request_refuse,
)
from .common import DATE, competent


class DecideForm(CitingForm):
    """The decision on a request; the appearance in person cites the law of the request's permit
    (else the mototaxi law bound here, whose portal requests these are)."""

    appeared_on = cites(
        forms.DateField(
            label="O permissionário compareceu pessoalmente em", required=False, widget=DATE
        ),
        "in_person",
    )
    refusal_reason = forms.CharField(label="Motivo da recusa", required=False, max_length=300)


@competent
def registration_requests(request: HttpRequest) -> HttpResponse:
    pending = RegistrationRequest.objects.filter(
        status=RegistrationRequest.Status.PENDING
    ).select_related("person", "permit")
    return render(
        request, "registry/registration_requests.html", {"pending": pending.order_by("pk")[:200]}
    )


@competent
def registration_request(request: HttpRequest, request_id: int) -> HttpResponse:
    req = get_object_or_404(
        RegistrationRequest.objects.select_related("person", "permit"), pk=request_id
    )
    form = DecideForm(
        request.POST or None,
        initial={"appeared_on": timezone.localdate()},
        law=req.permit or Service.MOTOTAXI,
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            if request.POST.get("decisao") == "recusar":
                registration_request_refuse(
                    actor=actor_of(request),
                    municipality=current_municipality(),
                    request=req,
                    reason=d["refusal_reason"],
                    on=timezone.localdate(),
                )
                messages.success(request, "Pedido recusado.")
            else:
                registration_request_apply(
                    actor=actor_of(request),
                    municipality=current_municipality(),
                    request=req,
                    appeared_on=d["appeared_on"],
                    on=timezone.localdate(),
                )
                messages.success(request, f"Pedido aplicado: {req.get_kind_display()}.")
            return redirect("registry:registration_requests")
        except DomainError as exc:
            form_add(form, exc)
    return render(
        request,
        "registry/registration_request.html",
        {
            "req": req,
            "form": form,
            # The new address, phone and e-mail: for the desk that applies them (LGPD art. 6º, III).
            "sees_private": sees_private_data(
                actor_of(request).role, current_municipality(), person_id=req.person_id
            ),
        },
        status=422 if form.is_bound and form.errors else 200,
    )

"""Screens for a permit's status: renúncia, reserve and its end (mototaxi and motofrete)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.requests import actor_of
from outorga.law.competence import is_allowed

from ..forms import PermitReserveForm, RenounceForm
from ..models import Service
from ..services import permit_status as permit_status_services
from .common import (
    cites,
    competent,
    permit_step,
    scoped_permit,
)


@competent
def permit_renounce(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id)
    intro = (
        f"A renúncia extingue a permissão ({cites(permit, 'renounce')})."
        if permit.service == Service.TAXI
        else f"Cancelamento a pedido escrito do permissionário e renúncia, que extingue a "
        f"autorização ({cites(permit, 'renounce')})."
    )
    form = RenounceForm(request.POST or None)
    # Asked only of whom the service lets act: anyone else gets its refusal, not a question.
    may = is_allowed(actor_of(request).role, "registry.record", permit.law)
    if request.method == "POST" and may and form.is_valid() and not confirmed(request):
        return ask_confirmation(
            request,
            Confirmation(
                title=f"registrar a renúncia — {permit.number}",
                consequence=f"A renúncia extingue a permissão {permit.number} de "
                f"{permit.holder.name} ({cites(permit, 'renounce')}).",
                back=reverse("registry:permit", args=[permit.pk]),
                details=(("Pedido escrito", form.cleaned_data["request"]),),
                button="Confirmar a renúncia",
            ),
        )
    return permit_step(
        request,
        permit,
        form,
        permit_status_services.permit_renounce,
        lambda d: {"on": d["on"], "request": d["request"]},
        done=lambda d: f"Renúncia registrada: permissão {permit.number}.",
        title=f"Registrar renúncia — {permit.number}",
        intro=intro,
        submit="Registrar renúncia",
        action="registry.record",
    )


@competent
def permit_reserve(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete: the permission in reserve while its vehicle is substituted."""
    permit = scoped_permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    return permit_step(
        request,
        permit,
        PermitReserveForm(request.POST or None),
        permit_status_services.permit_reserve,
        lambda d: {"on": d["on"], "reason": d["reason"]},
        done=lambda d: f"Permissão {permit.number} em reserva.",
        title=f"Colocar em reserva — {permit.number}",
        intro=f"Reserva: a autorização não se extingue, mas o serviço não é prestado; interrupção "
        f"temporária para a substituição do veículo na mesma autorização "
        f"({cites(permit, 'reserve', 'substitution')}).",
        submit="Colocar em reserva",
        action="registry.record",
    )


@competent
def permit_reserve_end(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    return permit_step(
        request,
        permit,
        PermitReserveForm(request.POST or None, ending=True),
        permit_status_services.permit_reserve_end,
        lambda d: {"on": d["on"], "reason": d["reason"]},
        done=lambda d: f"Reserva encerrada: permissão {permit.number} ativa.",
        title=f"Encerrar a reserva — {permit.number}",
        intro=f"A reserva é temporária ({cites(permit, 'reserve')}): encerrada, a permissão "
        f"volta a ativa com o veículo vinculado (placa abaixo).",
        submit="Encerrar a reserva",
        action="registry.record",
    )

"""Screens for a permit's status: renúncia, reserve and its end, and the suspension while the
holder holds a public post (mototaxi and motofrete)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.lawseam import cited_for
from outorga.core.requests import actor_of
from outorga.law.competence import is_allowed

from ..forms import ContractorForm, PermitReserveForm, PublicPostForm, RenounceForm
from ..models import Permit, Service
from ..services import permit_status as permit_status_services
from .common import (
    cites,
    competent,
    permit_step,
    picked,
    scoped_permit,
)


def _moto_permit(permit_id: int) -> Permit:
    """The acts of these screens exist only in the mototaxi and motofrete law."""
    return scoped_permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))


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
    may = is_allowed(actor_of(request).role, "registry.record", permit.law, timezone.localdate())
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
        picked("on", "request"),
        done=lambda d: f"Renúncia registrada: permissão {permit.number}.",
        title=f"Registrar renúncia — {permit.number}",
        intro=intro,
        submit="Registrar renúncia",
        action="registry.record",
    )


@competent
def permit_reserve(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete: the permission in reserve while its vehicle is substituted."""
    permit = _moto_permit(permit_id)
    return permit_step(
        request,
        permit,
        PermitReserveForm(request.POST or None),
        permit_status_services.permit_reserve,
        picked("on", "reason"),
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
    permit = _moto_permit(permit_id)
    return permit_step(
        request,
        permit,
        PermitReserveForm(request.POST or None, ending=True),
        permit_status_services.permit_reserve_end,
        picked("on", "reason"),
        done=lambda d: f"Reserva encerrada: permissão {permit.number} ativa.",
        title=f"Encerrar a reserva — {permit.number}",
        intro=f"A reserva é temporária ({cites(permit, 'reserve')}): encerrada, a permissão "
        f"volta a ativa com o veículo vinculado (placa abaixo).",
        submit="Encerrar a reserva",
        action="registry.record",
    )


@competent
def permit_public_post(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi art. 2 XXIV: suspended from the day the holder takes an elected or confidence post,
    with no end date, until the holder leaves it (:func:`permit_public_post_end`)."""
    permit = _moto_permit(permit_id)
    return permit_step(
        request,
        permit,
        PublicPostForm(request.POST or None),
        permit_status_services.permit_public_post_suspend,
        picked("post", "took_office_on"),
        done=lambda d: (
            f"Permissão {permit.number} suspensa desde "
            f"{d['took_office_on']:%d/%m/%Y}, enquanto o permissionário exercer o cargo."
        ),
        title=f"Suspender por cargo público — {permit.number}",
        intro=f"A permissão fica suspensa, com proibição da prestação do serviço, enquanto o "
        f"permissionário exercer cargo eletivo ou de confiança na Administração Pública "
        f"({cites(permit, 'public_post')}). Não é penalidade: não tem prazo nem processo; "
        f"começa na data da posse e termina com a saída do cargo.",
        submit="Suspender enquanto exercer o cargo",
        action="penalty.suspension",
    )


@competent
def permit_public_post_end(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi art. 2 XXIV: back to active once the holder has left the post."""
    permit = _moto_permit(permit_id)
    return permit_step(
        request,
        permit,
        PublicPostForm(request.POST or None, ending=True),
        permit_status_services.permit_public_post_end,
        picked("post", "took_office_on", "left_office_on", "on"),
        done=lambda d: (
            f"Suspensão por cargo público encerrada: permissão {permit.number} ativa "
            f"desde {d['on']:%d/%m/%Y}."
        ),
        title=f"Encerrar a suspensão por cargo público — {permit.number}",
        intro=f"Deixado o cargo, a suspensão termina e o serviço pode voltar "
        f"({cites(permit, 'public_post')}); sem a comprovação do "
        f"{cited_for(permit, 'suspension_return')}, que é da "
        f"suspensão por penalidade. Enquanto o titular ainda exerce o cargo, a volta é recusada.",
        submit="Encerrar a suspensão",
        action="permit.renew",
    )


@competent
def permit_contractor(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Motofrete art. 25: record the employer or continued-service contractor of the driver."""
    permit = _moto_permit(permit_id)
    return permit_step(
        request,
        permit,
        ContractorForm(request.POST or None),
        permit_status_services.permit_contractor_record,
        picked("document", "relation", "started_on", "ended_on"),
        done=lambda d: f"Empregador ou contratante registrado na permissão {permit.number}.",
        title=f"Empregador ou contratante do motofretista — {permit.number}",
        intro="Quem emprega o condutor de motofrete ou firma com ele contrato de prestação "
        "continuada de serviço é responsável solidário pelos danos cíveis advindos do "
        f"descumprimento das normas da atividade e da profissão ({cited_for(permit, 'contractor')}). "
        "A multa administrativa continua do infrator.",
        submit="Registrar",
        action="registry.record",
    )

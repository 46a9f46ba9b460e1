"""Screens for auxiliaries: added to a permit (mototaxi and motofrete; taxi in the Cadastro),
removed, their credential renewed."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from outorga.core.lawseam import cited_for, period_for

from ..forms import AuxiliaryForm, AuxiliaryRemoveForm, AuxiliaryRenewForm
from ..models import Auxiliary, Permit, Service
from ..services import auxiliaries as auxiliary_services
from ..services.auxiliaries import auxiliary_add, taxi_auxiliary_add
from .common import (
    cites,
    competent,
    permit_attempt,
    permit_done,
    permit_page,
    post_attempt,
    scoped_permit,
)


def _permit_auxiliary(permit_id: int, aux_id: int) -> tuple[Permit, Auxiliary]:
    """The permit an auxiliary's screen acts on and that auxiliary of it (any other is a 404)."""
    permit = scoped_permit(permit_id)
    aux = get_object_or_404(
        Auxiliary.objects.select_related("person").filter(permit=permit), pk=aux_id
    )
    return permit, aux


@competent
def auxiliary_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id)
    taxi = permit.service == Service.TAXI
    form = AuxiliaryForm(request.POST or None, service=permit.service, law=permit)

    def fields(d: dict[str, Any]) -> dict[str, Any]:
        shared = {"person": d["person"], "on": d["on"], "work_schedule": d["work_schedule"]}
        if taxi:
            return {**shared, "declarations": d["declarations"], "checks": form.checks()}
        return {**shared, "indication": d["indication"], "safety_gear": d["safety_gear"]}

    result = permit_attempt(
        request, permit, form, taxi_auxiliary_add if taxi else auxiliary_add, fields
    )
    if result.done:
        person = form.cleaned_data["person"]
        return permit_done(request, permit, f"Condutor auxiliar {person.name} cadastrado.")
    intro = (
        f"Até dois taxistas auxiliares por veículo, inscritos no Cadastro com os documentos do "
        f"{cited_for(permit, 'person_documents')} ({cites(permit, 'auxiliary')})."
        if taxi
        else f"Um condutor auxiliar por veículo, com os mesmos requisitos do permissionário e a "
        f"escala de trabalho entregue ({cites(permit, 'auxiliary')})."
    )
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Cadastrar condutor auxiliar — {permit.number}",
        intro=intro,
        submit="Cadastrar auxiliar",
        action="registry.record",
        extra={
            "listing": [
                f"{a.person.name} — credencial até {a.credential_valid_until:%d/%m/%Y}"
                if a.credential_valid_until
                else a.person.name
                for a in permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE)
            ],
            "listing_title": "Auxiliares ativos",
        },
    )


@competent
def auxiliary_remove(request: HttpRequest, permit_id: int, aux_id: int) -> HttpResponse:
    permit, aux = _permit_auxiliary(permit_id, aux_id)
    form = AuxiliaryRemoveForm(request.POST or None)
    result = post_attempt(
        request,
        form,
        auxiliary_services.auxiliary_remove,
        lambda d: {"auxiliary": aux, "on": d["on"], "reason": d["reason"]},
    )
    if result.done:
        return permit_done(request, permit, f"Condutor auxiliar {aux.person.name} desligado.")
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Desligar o auxiliar {aux.person.name} — {permit.number}",
        intro="O auxiliar deixa de conduzir o veículo desta permissão; a vaga fica livre.",
        submit="Desligar auxiliar",
        action="registry.record",
    )


@competent
def auxiliary_renew(request: HttpRequest, permit_id: int, aux_id: int) -> HttpResponse:
    """Mototaxi art. 14 §2 (one-year credential, the holder's requirements again) and taxi art. 21
    (yearly renewal of the inscription in the Cadastro, documents of art. 22, no final debt)."""
    permit, aux = _permit_auxiliary(permit_id, aux_id)
    taxi = permit.service == Service.TAXI
    form = AuxiliaryRenewForm(request.POST or None, service=permit.service, law=permit)
    result = post_attempt(
        request,
        form,
        auxiliary_services.auxiliary_renew,
        lambda d: {
            "auxiliary": aux,
            "on": d["on"],
            "declarations": d.get("declarations") or (),
            "checks": form.checks() if taxi else None,
            "work_schedule": d["work_schedule"],
            "safety_gear": d.get("safety_gear"),  # mototaxi art. 5 IV, art. 14 §2; not for taxi
        },
    )
    if result.done:
        return permit_done(
            request,
            permit,
            f"Credencial de {aux.person.name} renovada até "
            f"{result.value.credential_valid_until:%d/%m/%Y}.",
        )
    until = aux.credential_valid_until
    valid = f" Credencial atual válida até {until:%d/%m/%Y}." if until else ""
    intro = (
        "O Cadastro Municipal de Taxistas é renovado "
        f"{period_for(permit, 'registration_renewal_years', permit.municipality)}, com os "
        "documentos do "
        f"{cited_for(permit, 'person_documents')} e "
        f"sem débito definitivo do auxiliar perante o Município "
        f"({cites(permit, 'auxiliary_credential', 'debts_block')})."
        if taxi
        else f"A credencial do condutor auxiliar vale um ano, com as mesmas exigências do "
        f"permissionário, verificadas de novo na renovação "
        f"({cites(permit, 'auxiliary_credential')})."
    )
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Renovar a credencial de {aux.person.name} — {permit.number}",
        intro=f"{intro}{valid} Renovada até o vencimento, o novo ano conta do vencimento; "
        f"depois dele, da data da renovação (a lei não fixa de quando conta).",
        submit="Renovar credencial",
        action="auxiliary.renew",
    )

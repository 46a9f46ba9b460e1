"""Clerk screens for what happens to a permit after the grant, and for the taxi grant itself:
auxiliaries, renewal, vehicle substitution and reserve, renúncia, transfer, extinction case.

Thin: each view parses a form, calls one service and renders the result. Competence is checked by
the services (a refusal of competence answers 403 with the article); the law's refusals come back
with every reason and its article, shown above the form.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.access import staff_required
from outorga.core.errors import Refused
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.citations import render_many
from outorga.law.competence import NotCompetent, Role, is_allowed
from outorga.law.decisions import Decision
from outorga.law.interfaces import citations, cited_once, extinction_causes

from .forms import (
    AuxiliaryForm,
    AuxiliaryRemoveForm,
    AuxiliaryRenewForm,
    ExtinctionDecideForm,
    ExtinctionDefenceForm,
    ExtinctionNotifyForm,
    ExtinctionOpenForm,
    OnForm,
    PermitExtendForm,
    PermitReserveForm,
    RenounceForm,
    ReserveVehicleForm,
    SubstituteForm,
    SwapForm,
    TaxiGrantForm,
    TransferForm,
)
from .models import (
    Auxiliary,
    ExtinctionCase,
    Permit,
    PermitTerm,
    Person,
    Service,
    VehicleChange,
)
from .selectors import SEES_DOCUMENT
from .services import auxiliaries as auxiliary_services
from .services import extinctions as extinction_services
from .services import permit_status as permit_status_services
from .services import termos as termo_services
from .services import vehicle_changes as vehicle_change_services
from .services.auxiliaries import auxiliary_add, taxi_auxiliary_add
from .services.common import InvalidTransition, service_law
from .services.eligibility import person_eligibility
from .services.extinctions import (
    extinction_decide,
    extinction_decision_action,
    extinction_defence_file,
    extinction_notify,
)
from .services.permits import taxi_grant_decisions, taxi_permit_grant, taxi_permit_transfer
from .services.termos import extension_decision
from .services.vehicle_changes import taxi_reserve_vehicle, taxi_vehicle_swap
from .validation import FieldError, format_plate

View = Callable[..., HttpResponse]


def _cites(permit: Permit, *concepts: str) -> str:
    """The articles the law governing the permit names for ``concepts`` (its rulebook's CITES)."""
    return cited_once(permit.law, *concepts)


def competent(view: View) -> View:
    """A service that refuses the user's competence answers 403 with who may do it and why."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotCompetent as exc:
            return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)

    return staff_required(wrapper)


@dataclass
class Attempt:
    """One service call: its result, or the law's refusal to show, or bad input on the form."""

    value: Any = None
    refused: Decision | None = None
    message: str = ""

    @property
    def done(self) -> bool:
        return self.value is not None


def _field_error(form: forms.Form, exc: FieldError) -> None:
    """The service's error under the field it names, or above the form naming the field."""
    cite = f" ({exc.citation})" if exc.citation else ""
    name = exc.field.lower()
    target = next(
        (
            n
            for n, f in form.fields.items()
            if name == n.lower() or (f.label and str(f.label).lower().startswith(name))
        ),
        None,
    )
    if target is None:
        form.add_error(None, f"{exc.field.capitalize()}: {exc.message}{cite}")
    else:
        form.add_error(target, f"{exc.message}{cite}")


def attempt(form: forms.Form, call: Callable[[], Any]) -> Attempt:
    try:
        return Attempt(value=call())
    except Refused as exc:
        return Attempt(refused=exc.decision, message=str(exc))
    except InvalidTransition as exc:
        form.add_error(None, f"Situação: {exc}")
    except FieldError as exc:
        _field_error(form, exc)
    return Attempt()


def _permit(permit_id: int, **filters: Any) -> Permit:
    # The scoped manager: another municipality's permit is a 404, whatever its id.
    return get_object_or_404(
        Permit.objects.select_related("holder", "vehicle").filter(**filters), pk=permit_id
    )


def _done(request: HttpRequest, permit: Permit, text: str) -> HttpResponse:
    messages.success(request, text)
    return redirect("registry:permit", permit_id=permit.pk)


def _page(
    request: HttpRequest,
    permit: Permit,
    form: forms.Form,
    result: Attempt,
    *,
    title: str,
    intro: str,
    submit: str,
    action: str,
    preview: list[Decision] | None = None,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    return render(
        request,
        "registry/permit_action.html",
        {
            "permit": permit,
            "plate": format_plate(permit.vehicle.plate) if permit.vehicle else "—",
            "form": form,
            "refused": result.refused,
            "refused_message": result.message,
            "title": title,
            "intro": intro,
            "submit": submit,
            "allowed": is_allowed(actor_of(request).role, action, permit.law),
            "preview": preview or [],
            **(extra or {}),
        },
    )


def permit_actions(permit: Permit, role: str) -> dict[str, Any]:
    """What the permit page offers: the acts this user may do on this permit in its state."""
    law = permit.law
    taxi = permit.service == Service.TAXI
    live = permit.status in (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)
    return {
        "is_taxi": taxi,
        "live": live,
        "has_term": taxi and PermitTerm.objects.filter(permit=permit).exists(),
        "can_record": is_allowed(role, "registry.record", law),
        "can_renew": is_allowed(role, "permit.renew", law),
        "can_transfer": taxi and is_allowed(role, "permit.grant", law),
        "can_reserve": not taxi and is_allowed(role, "registry.record", law),
        "can_extinction": taxi and is_allowed(role, "extinction.propose", law),
        # Mototaxi art. 6: extension by periods; the taxi law has none (art. 10, 13).
        "can_extend": not taxi and is_allowed(role, "permit.extend", law),
        "can_renew_auxiliary": is_allowed(role, "auxiliary.renew", law),
        "active_auxiliaries": permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE)
        .select_related("person")
        .order_by("pk"),
        "changes": VehicleChange.objects.filter(permit=permit)
        .select_related("from_vehicle", "to_vehicle")
        .order_by("-started_on", "-id"),
        "cases": ExtinctionCase.objects.filter(permit=permit).order_by("-opened_on", "-id"),
    }


# Auxiliaries -------------------------------------------------------------------------------------


@competent
def auxiliary_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id)
    taxi = permit.service == Service.TAXI
    form = AuxiliaryForm(request.POST or None, service=permit.service)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        if taxi:
            result = attempt(
                form,
                lambda: taxi_auxiliary_add(
                    actor=actor_of(request),
                    municipality=current_municipality(),
                    permit=permit,
                    person=d["person"],
                    on=d["on"],
                    declarations=d["declarations"],
                    checks=form.checks(),
                    work_schedule=d["work_schedule"],
                ),
            )
        else:
            result = attempt(
                form,
                lambda: auxiliary_add(
                    actor=actor_of(request),
                    municipality=current_municipality(),
                    permit=permit,
                    person=d["person"],
                    on=d["on"],
                    work_schedule=d["work_schedule"],
                    indication=d["indication"],
                ),
            )
        if result.done:
            return _done(request, permit, f"Condutor auxiliar {d['person'].name} cadastrado.")
    intro = (
        f"Até dois taxistas auxiliares por veículo, inscritos no Cadastro com os documentos do "
        f"art. 22 ({_cites(permit, 'auxiliary')})."
        if taxi
        else f"Um condutor auxiliar por veículo, com os mesmos requisitos do permissionário e a "
        f"escala de trabalho entregue ({_cites(permit, 'auxiliary')})."
    )
    return _page(
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
    permit = _permit(permit_id)
    aux = get_object_or_404(
        Auxiliary.objects.select_related("person").filter(permit=permit), pk=aux_id
    )
    form = AuxiliaryRemoveForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: auxiliary_services.auxiliary_remove(
                actor=actor_of(request),
                municipality=current_municipality(),
                auxiliary=aux,
                on=d["on"],
                reason=d["reason"],
            ),
        )
        if result.done:
            return _done(request, permit, f"Condutor auxiliar {aux.person.name} desligado.")
    return _page(
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
    permit = _permit(permit_id)
    aux = get_object_or_404(
        Auxiliary.objects.select_related("person").filter(permit=permit), pk=aux_id
    )
    taxi = permit.service == Service.TAXI
    form = AuxiliaryRenewForm(request.POST or None, service=permit.service)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: auxiliary_services.auxiliary_renew(
                actor=actor_of(request),
                municipality=current_municipality(),
                auxiliary=aux,
                on=d["on"],
                declarations=d.get("declarations") or (),
                checks=form.checks() if taxi else None,
                work_schedule=d["work_schedule"],
            ),
        )
        if result.done:
            return _done(
                request,
                permit,
                f"Credencial de {aux.person.name} renovada até "
                f"{result.value.credential_valid_until:%d/%m/%Y}.",
            )
    until = aux.credential_valid_until
    valid = f" Credencial atual válida até {until:%d/%m/%Y}." if until else ""
    intro = (
        f"O Cadastro Municipal de Taxistas é renovado anualmente, com os documentos do art. 22 e "
        f"sem débito definitivo do auxiliar perante o Município "
        f"({_cites(permit, 'auxiliary_credential', 'debts_block')})."
        if taxi
        else f"A credencial do condutor auxiliar vale um ano, com as mesmas exigências do "
        f"permissionário, verificadas de novo na renovação "
        f"({_cites(permit, 'auxiliary_credential')})."
    )
    return _page(
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


# Renewal -----------------------------------------------------------------------------------------


@competent
def permit_renew(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete yearly registration certificate (art. 4 §1); the taxi Termo is
    renewed on its own screen (art. 13, 21), where the debts that block it are named."""
    permit = _permit(permit_id)
    if permit.service == Service.TAXI:
        return redirect("taxi:termo", permit.pk)
    form = OnForm(request.POST or None, label="Data da renovação")
    result = Attempt()
    on = timezone.localdate()
    if request.method == "POST" and form.is_valid():
        on = form.cleaned_data["on"]
        result = attempt(
            form,
            lambda: termo_services.permit_renew(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=form.cleaned_data["on"],
            ),
        )
        if result.done:
            return _done(
                request,
                permit,
                f"Certificado renovado até {result.value.certificate_valid_until:%d/%m/%Y}.",
            )
    # The holder is checked again (art. 4 §1): show the reasons before the clerk renews.
    preview = (
        []
        if result.refused
        else [person_eligibility(permit.holder, permit.service, on, exclude=permit)]
    )
    until = permit.certificate_valid_until
    valid = f" Válido hoje até {until:%d/%m/%Y}." if until else ""
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Renovar o certificado de registro — {permit.number}",
        intro=f"Certificado válido por um ano, renovável, com nova verificação dos requisitos "
        f"({_cites(permit, 'registration_certificate')}).{valid}",
        submit="Renovar certificado",
        action="permit.renew",
        preview=preview,
    )


def _extension_intro(permit: Permit) -> str:
    """The extension as the bound law answers it today for this permit (its period and the
    extensions left, from its dated parameters), never as numbers written here."""
    out = extension_decision(current_municipality(), permit, timezone.localdate()).to_json()[
        "outcome"
    ]
    end = dt.date.fromisoformat(out["new_term_end"]) if out["new_term_end"] else None
    term_end = dt.date.fromisoformat(out["term_end"])
    return (
        f"Prorrogação a critério do Poder Executivo municipal ({_cites(permit, 'extension')}): "
        f"prorroga-se o prazo em curso, de permissão não extinta, por um período de "
        f"{out['extension_years']} anos"
        + (
            f" — o termo final passaria a {end:%d/%m/%Y} e restariam "
            f"{out['extensions_left']} prorrogação(ões)."
            if end
            else f"; esta permissão não pode ser prorrogada hoje: {term_end:%d/%m/%Y} é o termo "
            "final."
        )
    )


@competent
def permit_extend(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete: the term extended by one period, at the Executive's discretion
    (art. 6); the taxi law has no extension."""
    permit = _permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    form = PermitExtendForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: termo_services.permit_extend(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=d["on"],
                act_reference=d["act_reference"],
            ),
        )
        if result.done:
            return _done(
                request,
                permit,
                f"Prazo prorrogado: termo final em {result.value.term_end:%d/%m/%Y}.",
            )
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Prorrogar o prazo — {permit.number}",
        intro=_extension_intro(permit),
        submit="Registrar prorrogação",
        action="permit.extend",
        extra={
            "listing": [
                f"Outorga em {permit.granted_on:%d/%m/%Y}; prazo de {permit.term_start:%d/%m/%Y} "
                f"a {permit.term_end:%d/%m/%Y}",
                f"Prorrogações já concedidas: {permit.extensions}",
            ],
            "listing_title": "Prazo atual",
        },
    )


# Vehicles ----------------------------------------------------------------------------------------


@competent
def vehicle_substitute(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id)
    taxi = permit.service == Service.TAXI
    form = SubstituteForm(request.POST or None, service=permit.service)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: vehicle_change_services.vehicle_substitute(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                vehicle=d["vehicle"],
                on=d["on"],
                emergency_until=d.get("emergency_until"),
                cause=d.get("cause", ""),
                checks=form.checks() if taxi else None,
                equipment=d.get("equipment") or [],
            ),
        )
        if result.done:
            return _done(request, permit, f"Veículo {format_plate(d['vehicle'].plate)} vinculado.")
    intro = (
        f"Substituição do veículo, com vistoria do novo veículo "
        f"({_cites(permit, 'substitution')}); o novo veículo atende aos art. 27 e 28."
        if taxi
        else f"Substituição do veículo na mesma permissão ({_cites(permit, 'substitution')}) ou, "
        f"por força maior comprovada, substituição emergencial por prazo fixado "
        f"({_cites(permit, 'emergency_substitution')}); o novo veículo atende aos art. 3 e 5, "
        f"§1 e §7."
    )
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Substituir o veículo — {permit.number}",
        intro=intro,
        submit="Substituir veículo",
        action="registry.record",
    )


@competent
def vehicle_reserve(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id, service=Service.TAXI)
    form = ReserveVehicleForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: taxi_reserve_vehicle(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                vehicle=d["vehicle"],
                on=d["on"],
                until=d["until"],
                cause=d["cause"],
            ),
        )
        if result.done:
            return _done(
                request,
                permit,
                f"Veículo reserva {format_plate(d['vehicle'].plate)} até {d['until']:%d/%m/%Y}.",
            )
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Veículo reserva — {permit.number}",
        intro=f"Em caso de sinistro, roubo ou furto do veículo, o permissionário pode usar "
        f"veículo reserva por prazo determinado ({_cites(permit, 'reserve_vehicle')}).",
        submit="Registrar veículo reserva",
        action="registry.record",
    )


@competent
def vehicle_swap(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id, service=Service.TAXI)
    form = SwapForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: taxi_vehicle_swap(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                other=d["other"],
                on=d["on"],
                checks=form.checks(),
                other_checks=form.other_checks(),
            ),
        )
        if result.done:
            return _done(
                request, permit, f"Permuta de veículos com {d['other'].number} registrada."
            )
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Permuta de veículos — {permit.number}",
        intro=f"Permuta de veículos entre permissionários: o cadastramento de cada novo veículo "
        f"depende da comprovação de que o outro foi vinculado à outra permissão "
        f"({_cites(permit, 'vehicle_swap')}) e da vistoria (art. 29). As duas trocas são um só "
        f"ato.",
        submit="Registrar permuta",
        action="registry.record",
    )


@competent
def vehicle_change_end(request: HttpRequest, permit_id: int, change_id: int) -> HttpResponse:
    permit = _permit(permit_id)
    change = get_object_or_404(
        VehicleChange.objects.select_related("to_vehicle", "from_vehicle").filter(permit=permit),
        pk=change_id,
    )
    form = OnForm(request.POST or None, label="Encerrada em")
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        result = attempt(
            form,
            lambda: vehicle_change_services.vehicle_change_end(
                actor=actor_of(request),
                municipality=current_municipality(),
                change=change,
                on=form.cleaned_data["on"],
            ),
        )
        if result.done:
            return _done(request, permit, "Veículo próprio da permissão de volta ao serviço.")
    back = format_plate(change.from_vehicle.plate) if change.from_vehicle else "—"
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Encerrar {change.get_kind_display()} — {permit.number}",
        intro=f"O veículo {format_plate(change.to_vehicle.plate)} deixa a permissão e o veículo "
        f"{back} volta ao serviço.",
        submit="Encerrar",
        action="registry.record",
    )


# Renúncia, transfer, extinction ------------------------------------------------------------------


@competent
def permit_renounce(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id)
    form = RenounceForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: permit_status_services.permit_renounce(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=d["on"],
                request=d["request"],
            ),
        )
        if result.done:
            return _done(request, permit, f"Renúncia registrada: permissão {permit.number}.")
    intro = (
        f"A renúncia extingue a permissão ({_cites(permit, 'renounce')})."
        if permit.service == Service.TAXI
        else f"Cancelamento a pedido escrito do permissionário e renúncia, que extingue a "
        f"autorização ({_cites(permit, 'renounce')})."
    )
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Registrar renúncia — {permit.number}",
        intro=intro,
        submit="Registrar renúncia",
        action="registry.record",
    )


@competent
def permit_reserve(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete: the permission in reserve while its vehicle is substituted."""
    permit = _permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    form = PermitReserveForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: permit_status_services.permit_reserve(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=d["on"],
                reason=d["reason"],
            ),
        )
        if result.done:
            return _done(request, permit, f"Permissão {permit.number} em reserva.")
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Colocar em reserva — {permit.number}",
        intro=f"Reserva: a autorização não se extingue, mas o serviço não é prestado; interrupção "
        f"temporária para a substituição do veículo na mesma autorização "
        f"({_cites(permit, 'reserve', 'substitution')}).",
        submit="Colocar em reserva",
        action="registry.record",
    )


@competent
def permit_reserve_end(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    form = PermitReserveForm(request.POST or None, ending=True)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: permit_status_services.permit_reserve_end(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=d["on"],
                reason=d["reason"],
            ),
        )
        if result.done:
            return _done(request, permit, f"Reserva encerrada: permissão {permit.number} ativa.")
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Encerrar a reserva — {permit.number}",
        intro=f"A reserva é temporária ({_cites(permit, 'reserve')}): encerrada, a permissão "
        f"volta a ativa com o veículo vinculado (placa abaixo).",
        submit="Encerrar a reserva",
        action="registry.record",
    )


@competent
def permit_transfer(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id, service=Service.TAXI)
    form = TransferForm(request.POST or None)
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: taxi_permit_transfer(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                successor=d["successor"],
                event=d["event"],
                on=d["on"],
                proof=d["proof"],
                declarations=d["declarations"],
                checks=form.checks(),
            ),
        )
        if result.done:
            return _done(request, permit, f"Permissão transferida a {d['successor'].name}.")
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Transferir a permissão — {permit.number}",
        intro=f"A permissão só se transfere por falecimento ou incapacidade do permissionário "
        f"pessoa física ({_cites(permit, 'transfer')}); o sucessor atende a todos os "
        f"requisitos da lei (art. 3 a 12, 22).",
        submit="Transferir",
        action="permit.grant",
    )


@competent
def extinction_open(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = _permit(permit_id, service=Service.TAXI)
    form = ExtinctionOpenForm(request.POST or None, causes=extinction_causes(permit.law))
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        result = attempt(
            form,
            lambda: extinction_services.extinction_open(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                cause=d["cause"],
                facts=d["facts"],
                on=d["on"],
                notified_on=d["notified_on"],
            ),
        )
        if result.done:
            messages.success(request, f"Processo de extinção nº {result.value.number} instaurado.")
            return redirect("registry:extinction", case_id=result.value.pk)
    return _page(
        request,
        permit,
        form,
        result,
        title=f"Instaurar processo de extinção — {permit.number}",
        intro=f"Constatada causa de extinção, instaura-se processo administrativo com "
        f"contraditório e ampla defesa ({_cites(permit, 'extinction_case')}). Nada se extingue "
        f"aqui: a "
        f"autoridade competente decide depois da defesa (decisão D-3).",
        submit="Instaurar processo",
        action="extinction.propose",
    )


EXTINCTION_STEPS = {
    "notify": ExtinctionNotifyForm,
    "defence": ExtinctionDefenceForm,
    "decide": ExtinctionDecideForm,
}


@competent
def extinction_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(
        ExtinctionCase.objects.select_related("permit", "permit__holder", "decided_by"),
        pk=case_id,
    )
    step = request.POST.get("step", "")
    bound = {
        s: f(request.POST if step == s else None, prefix=s) for s, f in EXTINCTION_STEPS.items()
    }
    result = Attempt()
    if request.method == "POST" and step in bound and bound[step].is_valid():
        form = bound[step]
        d = form.cleaned_data
        actor, m = actor_of(request), current_municipality()
        calls: dict[str, Callable[[], Any]] = {
            "notify": lambda: extinction_notify(
                actor=actor, municipality=m, case=case, notified_on=d["notified_on"]
            ),
            "defence": lambda: extinction_defence_file(
                actor=actor, municipality=m, case=case, text=d["text"], on=d["on"]
            ),
            "decide": lambda: extinction_decide(
                actor=actor,
                municipality=m,
                case=case,
                extinguish=d["extinguish"],
                grounds=d["grounds"],
                on=d["on"],
            ),
        }
        result = attempt(form, calls[step])
        if result.done:
            messages.success(request, "Registrado no processo.")
            return redirect("registry:extinction", case_id=case.pk)
    role = actor_of(request).role
    law = case.permit.law
    decide_action = extinction_decision_action(case)
    # The case's cause: the article of the causes in the law governing the permit, at its inciso.
    causes = citations(law, "extinction_cause")
    cause_cite = render_many(replace(c, inciso=case.inciso) for c in causes) if causes else ""
    return render(
        request,
        "registry/extinction.html",
        {
            "case": case,
            "permit": case.permit,
            "decisions": case.decision.get("decisions", []),
            "forms": bound,
            "refused": result.refused,
            "refused_message": result.message,
            "can_notify": is_allowed(role, "extinction.propose", law),
            "can_defend": is_allowed(role, "defence.file", law),
            "can_decide": is_allowed(role, decide_action, law),
            "cause_cite": cause_cite,
        },
    )


# Taxi grant --------------------------------------------------------------------------------------


@competent
def taxi_permit_new(request: HttpRequest) -> HttpResponse:
    """Two steps, as for mototaxi: "Verificar" shows every reason with its article (quota,
    holder, documents, vehicle, contrapartida); only then "Outorgar" signs the Termo."""
    role = actor_of(request).role
    try:
        law = service_law(current_municipality(), Service.TAXI)
    except FieldError:  # no law governs the taxi service here
        law = ""
    can_grant = bool(law) and is_allowed(role, "permit.grant", law)
    form = TaxiGrantForm(
        request.POST or None, initial={"holder": _holder_document(request, role, can_grant)}
    )
    preview: list[Decision] = []
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        args: dict[str, Any] = {
            "municipality": current_municipality(),
            "holder": d["holder"],
            "vehicle": d["vehicle"],
            "category": d["category"],
            "signed_on": d["signed_on"],
            "option": d["option"],
            "mode": d["mode"],
            "instalments": d["instalments"],
            "tender": d["tender"],
            "checks": form.checks(),
            "declarations": d["declarations"],
            "public_employment": d["public_employment"],
        }
        if "outorgar" in request.POST:
            result = attempt(
                form,
                lambda: taxi_permit_grant(actor=actor_of(request), decree=d["decree"], **args),
            )
            if result.done:
                return _done(
                    request,
                    result.value,
                    f"Permissão {result.value.number} outorgada; Termo de Permissão assinado.",
                )
        else:
            preview = attempt(form, lambda: taxi_grant_decisions(**args)).value or []
    return render(
        request,
        "registry/taxi_permit_new.html",
        {
            "form": form,
            "preview": preview,
            "verified": bool(preview) and not any(p.refusals for p in preview),
            "refused": result.refused,
            "refused_message": result.message,
            "can_grant": can_grant,
        },
    )


def _holder_document(request: HttpRequest, role: str, can_grant: bool) -> str:
    """The CPF/CNPJ to fill in for ``?pessoa=<id>`` (the person page's link): looked up by id
    in the user's municipality, and only for a user who may grant and see it in full. The link
    carries the id, never the document, which would land in logs, history and the Referer."""
    raw = request.GET.get("pessoa", "")
    if not (raw.isdigit() and can_grant and Role(role) in SEES_DOCUMENT):
        return ""
    found = Person.objects.filter(pk=int(raw)).first()
    return found.document if found else ""

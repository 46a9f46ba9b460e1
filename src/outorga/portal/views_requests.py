"""The holder's requests from the portal, on their own permit: the yearly renewal, an
auxiliary's credential and its renewal (the clerk decides them with the services of the clerk's screens), and
the Termo de Permissão's PDF (taxi art. 13). Thin: the registry's services write."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.formerrors import form_messages, messages_add
from outorga.core.lawseam import LawNotBound
from outorga.core.pdfkit import private_pdf_response
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.registry.models import HolderRequest, PermitTerm, Person, Service
from outorga.registry.services.holder_requests import holder_request_file
from outorga.registry.termo_pdf import termo_pdf

from .views import holder_required, own_permit_or_404
from .views_apply import service_errors


def _note() -> forms.CharField:
    """The holder's optional note to the desk on any request."""
    return forms.CharField(
        label="Observação (opcional)",
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class AuxiliaryRequestForm(forms.Form):
    document = forms.CharField(label="CPF do condutor auxiliar", max_length=14)
    name = forms.CharField(label="Nome completo do auxiliar", max_length=200)
    note = _note()


class RenewalRequestForm(forms.Form):
    note = _note()


def aux_prefix(aux_id: int | None) -> str | None:
    """The form prefix of an auxiliary's renewal request (one form per auxiliary on the page)."""
    return None if aux_id is None else f"aux-{aux_id}"


WHAT = {
    HolderRequest.Kind.RENEWAL: "Pedido de renovação",
    HolderRequest.Kind.AUXILIARY: "Pedido de auxiliar",
    HolderRequest.Kind.AUXILIARY_RENEWAL: "Pedido de renovação da credencial do auxiliar",
}


def _back(permit_id: int) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("portal:permit", args=[permit_id]) + "#pedidos")


def _file(
    request: HttpRequest, person: Person, permit_id: int, kind: str, aux_id: int | None = None
) -> HttpResponse:
    permit = own_permit_or_404(person, permit_id)
    own_auxiliary = None
    if aux_id is not None:
        # Only an auxiliary of this very permit: another's is not found.
        own_auxiliary = permit.auxiliaries.filter(pk=aux_id).first()
        if own_auxiliary is None:
            raise Http404
    auxiliary = kind == HolderRequest.Kind.AUXILIARY
    form: forms.Form = (
        AuxiliaryRequestForm(request.POST)
        if auxiliary
        else RenewalRequestForm(request.POST, prefix=aux_prefix(aux_id))
    )
    what = WHAT[HolderRequest.Kind(kind)]
    if not form.is_valid():
        form_messages(request, form, what)
        return _back(permit.pk)
    d = form.cleaned_data
    filed = service_errors(
        request,
        what,
        lambda: holder_request_file(
            actor=actor_of(request),
            municipality=current_municipality(),
            permit=permit,
            kind=kind,
            auxiliary_document=d.get("document", ""),
            auxiliary_name=d.get("name", ""),
            note=d.get("note", ""),
            auxiliary=own_auxiliary,
        ),
    )
    if filed:
        messages.success(request, f"{what} registrado; aguarda a decisão do atendimento.")
    return _back(permit.pk)


@login_required
@require_POST
@holder_required
def renewal(request: HttpRequest, person: Person, permit_id: int) -> HttpResponse:
    return _file(request, person, permit_id, HolderRequest.Kind.RENEWAL)


@login_required
@require_POST
@holder_required
def auxiliary(request: HttpRequest, person: Person, permit_id: int) -> HttpResponse:
    return _file(request, person, permit_id, HolderRequest.Kind.AUXILIARY)


@login_required
@require_POST
@holder_required
def auxiliary_renewal(
    request: HttpRequest, person: Person, permit_id: int, aux_id: int
) -> HttpResponse:
    """The renewal of the credential of one of the permit's own auxiliaries (mototaxi art. 14 §2;
    taxi art. 21), where the permit's law renews it."""
    return _file(request, person, permit_id, HolderRequest.Kind.AUXILIARY_RENEWAL, aux_id)


@login_required
@holder_required
def termo(request: HttpRequest, person: Person, permit_id: int) -> HttpResponse | FileResponse:
    """The holder's own Termo de Permissão (taxi), the same PDF the desk prints."""
    permit = own_permit_or_404(person, permit_id)
    if permit.service != Service.TAXI:
        raise Http404
    if not PermitTerm.objects.filter(permit=permit).exists():
        raise Http404
    m = current_municipality()
    try:
        pdf = termo_pdf(permit, m.name)
    except LawNotBound as exc:  # the taxi binding removed: no law to cite its clauses by
        messages_add(request, exc)
        return redirect("portal:permit", permit.pk)
    return private_pdf_response(pdf, f"termo-{permit.number}.pdf")

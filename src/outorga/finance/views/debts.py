"""Finance screens of debts: the filtered list, a debt with its acts, its status transitions and its
payment slip."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Q, QuerySet, Sum
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.formerrors import messages_add
from outorga.core.identifiers import digits
from outorga.core.listing import Column, filtered, searched_page
from outorga.core.models import Act, Municipality
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of
from outorga.core.search import name_matches
from outorga.core.tenancy import current_municipality
from outorga.law.competence import Role
from outorga.registry.selectors import SEES_DOCUMENT, names_document, shown_document
from outorga.registry.validation import FieldError

from .. import guias, payments
from .. import services as ledger
from ..models import Debt
from ..models_payments import FinanceSettings
from ..slips import render_slip
from .common import money, staff_view


class DebtFilter(forms.Form):
    q = forms.CharField(label="Nome, CPF/CNPJ ou referência", required=False)
    status = forms.ChoiceField(
        label="Situação", required=False, choices=[("", "todas"), *Debt.Status.choices]
    )
    origin = forms.ChoiceField(
        label="Origem", required=False, choices=[("", "todas"), *Debt.Origin.choices]
    )
    due_from = forms.DateField(
        label="Vencimento de", required=False, input_formats=["%d/%m/%Y", "%Y-%m-%d"]
    )
    due_to = forms.DateField(label="até", required=False, input_formats=["%d/%m/%Y", "%Y-%m-%d"])


def _filter_debts(qs: QuerySet[Debt], data: dict[str, Any], role: str) -> QuerySet[Debt]:
    if q := (data.get("q") or "").strip():
        if names_document(q):
            # By CPF/CNPJ only for the roles that see it in full (registry.selectors).
            if Role(role) not in SEES_DOCUMENT:
                return qs.none()
            qs = qs.filter(person__document__startswith=digits(q))
        else:
            qs = qs.filter(Q(reference__icontains=q) | name_matches("person__name", q))
    return filtered(
        qs,
        data,
        {
            "status": "status",
            "origin": "origin",
            "due_from": "due_on__gte",
            "due_to": "due_on__lte",
        },
    )


def debt_columns(role: str) -> list[Column]:
    return [
        Column("referencia", "Referência", lambda d: d.reference, "reference"),
        Column("pessoa", "Pessoa", lambda d: d.person.name, "person__name"),
        Column("documento", "CPF/CNPJ", lambda d: shown_document(d.person, role)),
        Column("origem", "Origem", lambda d: d.get_origin_display(), "origin"),
        Column("descricao", "Descrição", lambda d: d.description),
        Column("vencimento", "Vencimento", lambda d: d.due_on, "due_on"),
        Column("valor", "Valor", lambda d: money(d.amount_cents), "amount_cents"),
        Column("situacao", "Situação", lambda d: d.get_status_display(), "status"),
    ]


@staff_view
def debts(request: HttpRequest) -> HttpResponseBase:
    """The debts filtered at a URL, sorted, paged and exported as CSV; a CPF searched posts and
    is answered on the POST, out of any URL (``core.listing.filters_of``)."""
    role = actor_of(request).role
    return searched_page(
        request,
        form_of=DebtFilter,
        qs=Debt.objects.select_related("person"),
        narrow=lambda qs, f: _filter_debts(qs, f, role),
        columns=debt_columns(role),
        default_order="-due_on",
        filename="debitos",
        template="finance/debts.html",
        context=lambda qs: {"total": money(qs.aggregate(total=Sum("amount_cents"))["total"] or 0)},
    )


class TransitionForm(forms.Form):
    step = forms.ChoiceField(
        label="Mudar a situação para",
        choices=[
            ("final", "definitivo"),
            ("under_appeal", "em defesa ou recurso"),
            ("cancel", "cancelado"),
        ],
    )
    reason = forms.CharField(label="Motivo", max_length=300)


def debt_payable(debt: Debt) -> bool:
    return debt.status in payments.OWED and guias.amount_owed(debt) > 0


@staff_view
def debt_detail(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(Debt.objects.select_related("person", "permit"), pk=debt_id)
    settings = FinanceSettings.objects.first()
    payload = ""
    if settings and debt_payable(debt):
        payload = guias.pix_payload(debt, settings)
    acts = Act.objects.filter(object_type="finance.debt", object_id=str(debt.pk)).order_by("seq")
    return render(
        request,
        "finance/debt.html",
        {
            "debt": debt,
            "amount": money(debt.amount_cents),
            "owed": money(guias.amount_owed(debt)) if debt.status in payments.OWED else None,
            "payments": debt.payments.order_by("paid_on", "id"),
            "refunds": debt.refunds.order_by("created_at", "id"),
            "acts": acts,
            "payload": payload,
            "payable": debt_payable(debt),
            "settings": settings,
            "transition_form": TransitionForm(),
        },
    )


@staff_view
@require_POST
def debt_transition(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(Debt.objects.all(), pk=debt_id)
    form = TransitionForm(request.POST)
    url = reverse("finance:debt", args=[debt.pk])
    if not form.is_valid():
        messages.error(request, "Escolha a nova situação e informe o motivo.")
        return HttpResponseRedirect(url)
    if form.cleaned_data["step"] == "cancel" and not confirmed(request):
        return ask_confirmation(
            request,
            Confirmation(
                title=f"cancelar o débito {debt.reference}",
                consequence=f"O cancelamento do débito {debt.reference} de {debt.person.name} "
                f"({money(debt.amount_cents)}) não se desfaz: ele deixa de ser cobrado e não "
                f"volta a ser em aberto ou definitivo.",
                back=url,
                details=(("Motivo", form.cleaned_data["reason"]),),
                button="Confirmar o cancelamento",
            ),
        )
    m = current_municipality()
    service = {
        "final": ledger.debt_make_final,
        "under_appeal": ledger.debt_contest,
        "cancel": ledger.debt_cancel,
    }[form.cleaned_data["step"]]
    try:
        service(
            actor=actor_of(request),
            municipality=m,
            debt=debt,
            reason=form.cleaned_data["reason"],
            law=payments.law_of(debt, m),
        )
    except (ledger.InvalidDebtTransition, FieldError) as exc:
        messages_add(request, exc)
    else:
        messages.success(request, "Situação do débito alterada.")
    return HttpResponseRedirect(url)


def slip_response(debt: Debt, m: Municipality) -> HttpResponse:
    settings = FinanceSettings.objects.first()
    if settings is None:
        return HttpResponse(
            "A chave PIX do município não foi configurada.", status=409, content_type="text/plain"
        )
    if not debt_payable(debt):
        return HttpResponse(
            f"O débito {debt.reference} está {debt.get_status_display()}: nada a pagar.",
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    owed = guias.amount_owed(debt)
    pdf = render_slip(
        debt,
        settings,
        guias.pix_payload(debt, settings),
        municipality_name=m.name,
        amount_cents=owed,
    )
    return pdf_response(pdf, f"debito-{debt.reference}.pdf")


@staff_view
def debt_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(Debt.objects.select_related("person"), pk=debt_id)
    return slip_response(debt, current_municipality())

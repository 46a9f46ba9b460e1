"""Finance screens of payments: the list, a payment recorded by hand, a payment's detail and its
resolution against debts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.formerrors import form_add, messages_add
from outorga.core.models import Act
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.registry.validation import FieldError

from .. import bank_statement, payments
from ..models_payments import Payment
from .common import staff_view


@staff_view
def payment_list(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("situacao", "pendentes")
    qs = Payment.objects.select_related("debt", "debt__person").order_by("-paid_on", "-id")
    if status == "pendentes":
        qs = qs.filter(status__in=Payment.PENDING)
    elif status in Payment.Status.values:
        qs = qs.filter(status=status)
    page = Paginator(qs, 50).get_page(request.GET.get("pagina"))
    return render(
        request,
        "finance/payments.html",
        {
            "page": page,
            "status": status,
            "choices": [("pendentes", "a resolver"), ("todos", "todos"), *Payment.Status.choices],
        },
    )


class PaymentForm(forms.Form):
    reference = forms.CharField(label="Referência do débito (ou txid)", max_length=60)
    amount = forms.CharField(label="Valor pago (R$)", max_length=20, help_text="ex.: 1.234,56")
    paid_on = forms.DateField(
        label="Data do pagamento", input_formats=["%d/%m/%Y", "%Y-%m-%d"], help_text="dd/mm/aaaa"
    )
    method = forms.ChoiceField(label="Forma", choices=Payment.Method.choices)
    payer_document = forms.CharField(label="CPF/CNPJ do pagador", max_length=20, required=False)
    note = forms.CharField(label="Observação", max_length=300, required=False)

    def clean_amount(self) -> int:
        try:
            return bank_statement.parse_amount(self.cleaned_data["amount"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None


@staff_view
def payment_new(request: HttpRequest) -> HttpResponse:
    initial = {"reference": request.GET.get("ref", ""), "paid_on": timezone.localdate()}
    form = PaymentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            payment = payments.payment_record(
                actor=actor_of(request),
                municipality=current_municipality(),
                reference=d["reference"],
                amount_cents=d["amount"],
                paid_on=d["paid_on"],
                method=d["method"],
                payer_document=d["payer_document"],
                note=d["note"],
            )
        except FieldError as exc:
            form_add(form, exc)
        else:
            messages.success(request, f"Pagamento registrado: {payment.get_status_display()}.")
            return HttpResponseRedirect(reverse("finance:payment", args=[payment.pk]))
    return render(request, "finance/payment_new.html", {"form": form})


class ResolveForm(forms.Form):
    action = forms.ChoiceField(
        choices=[("assign", "atribuir"), ("refund_excess", "restituir"), ("return", "devolver")]
    )
    reference = forms.CharField(max_length=60, required=False)
    note = forms.CharField(max_length=300, required=False)


@staff_view
def payment_detail(request: HttpRequest, payment_id: int) -> HttpResponse:
    payment = get_object_or_404(Payment.objects.select_related("debt", "batch"), pk=payment_id)
    if request.method == "POST":
        form = ResolveForm(request.POST)
        if form.is_valid():
            _resolve(request, payment, form.cleaned_data)
        else:
            messages.error(request, "Pedido inválido.")
        return HttpResponseRedirect(reverse("finance:payment", args=[payment.pk]))
    acts = Act.objects.filter(object_type="finance.payment", object_id=str(payment.pk))
    return render(
        request,
        "finance/payment.html",
        {
            "payment": payment,
            "refunds": payment.refunds.all(),
            "acts": acts.order_by("seq"),
            "can_return": payment.status in (Payment.Status.PARTIAL, Payment.Status.UNKNOWN)
            or (
                payment.status == Payment.Status.OVER
                and payment.excess_cents == payment.amount_cents
            ),
        },
    )


def _resolve(request: HttpRequest, payment: Payment, data: dict[str, Any]) -> None:
    m, actor, note = current_municipality(), actor_of(request), data.get("note") or ""
    try:
        if data["action"] == "assign":
            debt = payments.find_debt(data.get("reference") or "")
            if debt is None:
                messages.error(request, "Nenhum débito com essa referência.")
                return
            payments.payment_assign(
                actor=actor, municipality=m, payment=payment, debt=debt, note=note
            )
            messages.success(request, f"Pagamento atribuído ao débito {debt.reference}.")
        elif data["action"] == "refund_excess":
            payments.payment_refund_excess(actor=actor, municipality=m, payment=payment, note=note)
            messages.success(request, "Excedente lançado para restituição.")
        else:
            payments.payment_return(actor=actor, municipality=m, payment=payment, note=note)
            messages.success(request, "Pagamento lançado para devolução.")
    except (payments.InvalidPaymentTransition, FieldError) as exc:
        messages_add(request, exc)

"""Finance screens of payments: the list, a payment recorded by hand, a payment's detail and its
resolution against debts."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.formerrors import form_add, form_messages, messages_add
from outorga.core.listing import Column, Listing, filtered, listing
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.requests import actor_of
from outorga.core.search import name_matches
from outorga.core.tenancy import current_municipality
from outorga.law.money import brl
from outorga.registry.selectors import document_as_seen
from outorga.registry.validation import FieldError

from .. import bank_statement, guias, payments, twins
from ..models_payments import Payment
from .common import staff_view

_DATE = {"required": False, "input_formats": ["%d/%m/%Y", "%Y-%m-%d"], "help_text": "dd/mm/aaaa"}


class PaymentFilter(forms.Form):
    q = forms.CharField(label="Referência, débito ou nome", required=False, max_length=120)
    situacao = forms.ChoiceField(
        label="Situação",
        required=False,
        choices=[("pendentes", "a resolver"), ("todos", "todos"), *Payment.Status.choices],
    )
    forma = forms.ChoiceField(
        label="Forma", required=False, choices=[("", "todas"), *Payment.Method.choices]
    )
    origem = forms.ChoiceField(
        label="Origem", required=False, choices=[("", "todas"), *Payment.Source.choices]
    )
    de = forms.DateField(label="Pago de", **_DATE)  # type: ignore[arg-type]
    ate = forms.DateField(label="até", **_DATE)  # type: ignore[arg-type]


PAYMENT_COLUMNS = [
    Column("numero", "Nº", lambda p: p.pk, "id"),
    Column("data", "Data", lambda p: p.paid_on, "paid_on"),
    Column("referencia", "Referência informada", lambda p: p.reference, "reference"),
    Column("debito", "Débito", lambda p: p.debt.reference if p.debt else "", "debt__reference"),
    Column(
        "pessoa", "Pessoa", lambda p: p.debt.person.name if p.debt else "", "debt__person__name"
    ),
    Column("valor", "Valor", lambda p: brl(p.amount_cents), "amount_cents"),
    Column(
        "excedente",
        "Excedente",
        lambda p: brl(p.excess_cents) if p.excess_cents else "",
        "excess_cents",
    ),
    Column("forma", "Forma", lambda p: p.get_method_display(), "method"),
    # A payment held says why (ADR 0026), not only "referência desconhecida".
    Column("situacao", "Situação", lambda p: p.status_label, "status"),
]


def filter_payments(qs: QuerySet[Payment], f: dict[str, Any]) -> QuerySet[Payment]:
    status = f.get("situacao") or "pendentes"
    if status == "pendentes":
        qs = qs.filter(status__in=Payment.PENDING)
    elif status in Payment.Status.values:
        qs = qs.filter(status=status)
    if q := (f.get("q") or "").strip():
        qs = qs.filter(
            Q(reference__icontains=q)
            | Q(debt__reference__icontains=q)
            | name_matches("debt__person__name", q)
        )
    return filtered(
        qs,
        f,
        {"forma": "method", "origem": "source", "de": "paid_on__gte", "ate": "paid_on__lte"},
    )


@staff_view
def payment_list(request: HttpRequest) -> HttpResponseBase:
    """The payments ("a resolver" unless another status is asked) filtered at a URL, sorted,
    paged and exported as CSV."""
    form = PaymentFilter(request.GET or None)
    qs = Payment.objects.select_related("debt", "debt__person")
    qs = filter_payments(qs, form.cleaned_data if form.is_valid() else {})
    result = listing(
        request, qs, PAYMENT_COLUMNS, default_order="-paid_on", filename="pagamentos", form=form
    )
    if not isinstance(result, Listing):
        return result
    return render(request, "finance/payments.html", {"listing": result, "form": form})


class PaymentForm(forms.Form):
    reference = forms.CharField(label="Referência do débito (ou txid)", max_length=60)
    amount = forms.CharField(label="Valor pago (R$)", max_length=20, help_text="ex.: 1.234,56")
    paid_on = forms.DateField(
        label="Data do pagamento", input_formats=["%d/%m/%Y", "%Y-%m-%d"], help_text="dd/mm/aaaa"
    )
    method = forms.ChoiceField(label="Forma", choices=Payment.Method.choices)
    payer_document = forms.CharField(label="CPF/CNPJ do pagador", max_length=20, required=False)
    note = forms.CharField(label="Observação", max_length=300, required=False)
    another = forms.BooleanField(
        label="É outro pagamento",
        required=False,
        help_text="marque só se conferiu que não é o pagamento do arquivo do banco, já importado, "
        "de mesmo débito, valor e data",
    )
    #: This form's key: sent twice (a double click), it records one payment.
    once = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def clean_amount(self) -> int:
        try:
            return bank_statement.parse_amount(self.cleaned_data["amount"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None


@staff_view
def payment_new(request: HttpRequest) -> HttpResponse:
    initial = {
        "reference": request.GET.get("ref", ""),
        "paid_on": today_of(current_municipality()),
        "once": secrets.token_urlsafe(24),
    }
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
                once=d["once"],
                another=d["another"],
            )
        except payments.PaymentAlreadyRecorded as exc:
            messages.info(request, "Este pagamento já foi registrado por este formulário.")
            return HttpResponseRedirect(reverse("finance:payment", args=[exc.payment.pk]))
        except FieldError as exc:
            form_add(form, exc)
        else:
            messages.success(request, f"Pagamento registrado: {payment.status_label}.")
            return HttpResponseRedirect(reverse("finance:payment", args=[payment.pk]))
    return render(request, "finance/payment_new.html", {"form": form})


class ResolveForm(forms.Form):
    action = forms.ChoiceField(
        choices=[
            ("assign", "atribuir"),
            ("same", "mesmo pagamento"),
            ("refund_excess", "restituir"),
            ("return", "devolver"),
        ]
    )
    reference = forms.CharField(max_length=60, required=False)
    note = forms.CharField(max_length=300, required=False)
    #: The day a refund or a return was decided (by default today): owed from it (D-15).
    decided_on = forms.DateField(
        label="Data da decisão",
        required=False,
        input_formats=["%d/%m/%Y", "%Y-%m-%d"],
        error_messages={"invalid": "informe a data como dd/mm/aaaa"},
    )


@staff_view
def payment_detail(request: HttpRequest, payment_id: int) -> HttpResponse:
    payment = get_object_or_404(Payment.objects.select_related("debt", "batch"), pk=payment_id)
    if request.method == "POST":
        form = ResolveForm(request.POST)
        if form.is_valid():
            _resolve(request, payment, form.cleaned_data)
        else:
            form_messages(request, form)
        return HttpResponseRedirect(reverse("finance:payment", args=[payment.pk]))
    acts = Act.objects.filter(object_type="finance.payment", object_id=str(payment.pk))
    return render(
        request,
        "finance/payment.html",
        {
            "payment": payment,
            # The payer's CPF/CNPJ in full only to the roles that need it (registry's rule).
            "payer": document_as_seen(payment.payer_document, actor_of(request).role),
            "refunds": payment.refunds.all(),
            "acts": acts.order_by("seq"),
            "held_for": twins.held_for(payment),
            "can_return": payment.status in (Payment.Status.PARTIAL, Payment.Status.UNKNOWN)
            or (
                payment.status == Payment.Status.OVER
                and payment.excess_cents == payment.amount_cents
            ),
        },
    )


def _resolve(request: HttpRequest, payment: Payment, data: dict[str, Any]) -> None:
    m, actor, note = current_municipality(), actor_of(request), data.get("note") or ""
    decided_on = data.get("decided_on")
    try:
        if data["action"] == "assign":
            debt = guias.find_debt(data.get("reference") or "")
            if debt is None:
                messages.error(request, "Nenhum débito com essa referência.")
                return
            payments.payment_assign(
                actor=actor, municipality=m, payment=payment, debt=debt, note=note
            )
            messages.success(request, f"Pagamento atribuído ao débito {debt.reference}.")
        elif data["action"] == "same":
            payments.payment_same_as_recorded(
                actor=actor, municipality=m, payment=payment, note=note
            )
            messages.success(request, "Pagamento dado como o já registrado à mão.")
        elif data["action"] == "refund_excess":
            payments.payment_refund_excess(
                actor=actor, municipality=m, payment=payment, note=note, decided_on=decided_on
            )
            messages.success(request, "Excedente lançado para restituição.")
        else:
            payments.payment_return(
                actor=actor, municipality=m, payment=payment, note=note, decided_on=decided_on
            )
            messages.success(request, "Pagamento lançado para devolução.")
    except (payments.InvalidPaymentTransition, FieldError) as exc:
        messages_add(request, exc)

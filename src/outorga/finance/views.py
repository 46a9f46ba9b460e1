"""Finance staff screens (debts, payments, bank imports, refunds, PIX settings) and the permit
holder's portal page of debts. Thin: parse the input, call one service, render."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.access import role_screen
from outorga.core.errors import Refused
from outorga.core.models import Act, Municipality
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of, user_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import Role, is_allowed
from outorga.law.money import brl
from outorga.registry.models import Permit, Person
from outorga.registry.validation import FieldError

from . import bank_statement, charts, fees, payments
from . import services as ledger
from .models import Debt
from .models_payments import FinanceSettings, Payment, PaymentImport, Refund
from .slips import render_slip

#: Staff who read the ledger (writes are checked by each service against the law).
READERS = frozenset({Role.FINANCAS, Role.AUTORIDADE, Role.ATENDENTE, Role.CHEFE_EXECUTIVO})
MONTHS_PT = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez")

#: Logged in, of a municipality, and in a role that reads the ledger.
staff_view = role_screen(READERS, "Débitos e pagamentos: acesso da Secretaria.")


def _money(cents: int) -> str:
    return brl(cents)


# --- dashboard -----------------------------------------------------------------------------------


def _month_label(d: dt.date) -> str:
    return f"{MONTHS_PT[d.month - 1]}/{d.year % 100:02d}"


def _ledger_summary(today: dt.date) -> dict[str, Any]:
    by_status = {
        row["status"]: (row["n"], row["total"] or 0)
        for row in Debt.objects.values("status").annotate(n=Count("id"), total=Sum("amount_cents"))
    }
    status_rows = [
        (value, label, by_status.get(value, (0, 0))[1], by_status.get(value, (0, 0))[0])
        for value, label in Debt.Status.choices
    ]
    # Eleven months back and three ahead: what fell due and what is about to.
    first = (today.replace(day=1) - dt.timedelta(days=320)).replace(day=1)
    last = (today.replace(day=1) + dt.timedelta(days=95)).replace(day=1)
    months: list[dt.date] = []
    cursor = first
    while cursor <= last:
        months.append(cursor)
        cursor = (cursor + dt.timedelta(days=32)).replace(day=1)
    series: dict[str, tuple[str, list[int]]] = {
        value: (label, [0] * len(months)) for value, label in Debt.Status.choices
    }
    index = {m: i for i, m in enumerate(months)}
    rows = (
        Debt.objects.filter(
            due_on__gte=first, due_on__lt=(last + dt.timedelta(days=32)).replace(day=1)
        )
        .annotate(month=TruncMonth("due_on"))
        .values("month", "status")
        .annotate(total=Sum("amount_cents"))
    )
    for row in rows:
        month = row["month"]
        month = month.date() if isinstance(month, dt.datetime) else month
        if month in index:
            series[row["status"]][1][index[month]] += row["total"] or 0
    series = {k: v for k, v in series.items() if any(v[1])}
    return {
        "status_rows": [(label, n, _money(c)) for _, label, c, n in status_rows],
        "status_svg": charts.status_bars(
            [(v, label, c) for v, label, c, _ in status_rows], title="Valores por situação"
        ),
        "month_svg": charts.monthly_stacked(
            [_month_label(m) for m in months],
            series,
            title="Valores por mês de vencimento e situação",
        ),
        "month_rows": [
            (_month_label(m), [_money(series[s][1][i]) for s in series])
            for i, m in enumerate(months)
        ],
        "month_heads": [label for label, _ in series.values()],
    }


@staff_view
def index(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    pending = Payment.objects.filter(status__in=Payment.PENDING).count()
    refunds = Refund.objects.filter(status=Refund.Status.PENDING).aggregate(
        n=Count("id"), total=Sum("amount_cents")
    )
    return render(
        request,
        "finance/index.html",
        {
            **_ledger_summary(today),
            "pending_payments": pending,
            "pending_refunds": refunds["n"],
            "pending_refunds_total": _money(refunds["total"] or 0),
            "settings": FinanceSettings.objects.first(),
        },
    )


# --- debts ---------------------------------------------------------------------------------------


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


def _filter_debts(qs: QuerySet[Debt], data: dict[str, Any]) -> QuerySet[Debt]:
    if q := (data.get("q") or "").strip():
        only_digits = "".join(ch for ch in q if ch.isdigit())
        cond = Q(person__name__icontains=q) | Q(reference__icontains=q)
        if len(only_digits) >= 11:
            cond |= Q(person__document=only_digits)
        qs = qs.filter(cond)
    if data.get("status"):
        qs = qs.filter(status=data["status"])
    if data.get("origin"):
        qs = qs.filter(origin=data["origin"])
    if data.get("due_from"):
        qs = qs.filter(due_on__gte=data["due_from"])
    if data.get("due_to"):
        qs = qs.filter(due_on__lte=data["due_to"])
    return qs


@staff_view
def debts(request: HttpRequest) -> HttpResponse:
    form = DebtFilter(request.GET or None)
    qs = Debt.objects.select_related("person").order_by("-due_on", "-id")
    if form.is_valid():
        qs = _filter_debts(qs, form.cleaned_data)
    total = qs.aggregate(total=Sum("amount_cents"))["total"] or 0
    page = Paginator(qs, 50).get_page(request.GET.get("pagina"))
    query = request.GET.copy()
    query.pop("pagina", None)
    return render(
        request,
        "finance/debts.html",
        {
            "form": form,
            "page": page,
            "total": _money(total),
            "count": page.paginator.count,
            "query": query.urlencode(),
        },
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


def _debt_payable(debt: Debt) -> bool:
    return debt.status in payments.OWED and payments.amount_owed(debt) > 0


@staff_view
def debt_detail(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(Debt.objects.select_related("person", "permit"), pk=debt_id)
    settings = FinanceSettings.objects.first()
    payload = ""
    if settings and _debt_payable(debt):
        payload = payments.pix_payload(debt, settings)
    acts = Act.objects.filter(object_type="finance.debt", object_id=str(debt.pk)).order_by("seq")
    return render(
        request,
        "finance/debt.html",
        {
            "debt": debt,
            "amount": _money(debt.amount_cents),
            "owed": _money(payments.amount_owed(debt)) if debt.status in payments.OWED else None,
            "payments": debt.payments.order_by("paid_on", "id"),
            "refunds": debt.refunds.order_by("created_at", "id"),
            "acts": acts,
            "payload": payload,
            "payable": _debt_payable(debt),
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
        messages.error(request, str(exc))
    else:
        messages.success(request, "Situação do débito alterada.")
    return HttpResponseRedirect(url)


def _slip_response(debt: Debt, m: Municipality) -> HttpResponse:
    settings = FinanceSettings.objects.first()
    if settings is None:
        return HttpResponse(
            "A chave PIX do município não foi configurada.", status=409, content_type="text/plain"
        )
    if not _debt_payable(debt):
        return HttpResponse(
            f"O débito {debt.reference} está {debt.get_status_display()}: nada a pagar.",
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    owed = payments.amount_owed(debt)
    pdf = render_slip(
        debt,
        settings,
        payments.pix_payload(debt, settings),
        municipality_name=m.name,
        amount_cents=owed,
    )
    return pdf_response(pdf, f"debito-{debt.reference}.pdf")


@staff_view
def debt_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(Debt.objects.select_related("person"), pk=debt_id)
    return _slip_response(debt, current_municipality())


# --- fees ----------------------------------------------------------------------------------------


class FeeForm(forms.Form):
    fee = forms.ChoiceField(label="Taxa")
    document = forms.CharField(
        label="CPF/CNPJ de quem paga",
        max_length=20,
        required=False,
        help_text="em branco: o permissionário da permissão informada",
    )
    permit = forms.CharField(label="Número da permissão", max_length=20, required=False)
    on = forms.DateField(
        label="Data da cobrança",
        input_formats=["%d/%m/%Y", "%Y-%m-%d"],
        help_text="dd/mm/aaaa — o valor é o que vigora nesta data",
    )

    def __init__(self, *args: Any, types: list[fees.FeeType], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fee = self.fields["fee"]
        assert isinstance(fee, forms.ChoiceField)
        fee.choices = [(f.key, f"{f.label} ({f.cites})") for f in types]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        document = "".join(ch for ch in data.get("document", "") if ch.isdigit())
        number = (data.get("permit") or "").strip()
        permit = Permit.objects.filter(number=number).first() if number else None
        if number and permit is None:
            self.add_error("permit", "Nenhuma permissão com esse número.")
        person = Person.objects.filter(document=document).first() if document else None
        if document and person is None:
            self.add_error("document", "Nenhuma pessoa cadastrada com esse CPF/CNPJ.")
        if not document and not number:
            raise forms.ValidationError("Informe o CPF/CNPJ de quem paga ou a permissão.")
        data["person"] = person or (permit.holder if permit and not document else None)
        data["permit_row"] = permit
        return data


@staff_view
def fee_charge(request: HttpRequest) -> HttpResponse:
    """Pick the fee and who pays; the amount comes with its article before anything is charged."""
    m = current_municipality()
    types = fees.fee_types(m)
    form = FeeForm(
        request.POST or None, types=types, initial={"on": timezone.localdate().strftime("%d/%m/%Y")}
    )
    quote = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            if "confirm" in request.POST:
                debt = fees.fee_charge(
                    actor=actor_of(request),
                    municipality=m,
                    person=d["person"],
                    permit=d["permit_row"],
                    fee=d["fee"],
                    on=d["on"],
                )
                messages.success(request, f"Taxa lançada: débito {debt.reference}.")
                return HttpResponseRedirect(reverse("finance:debt", args=[debt.pk]))
            quote = fees.fee_quote(
                municipality=m,
                fee=d["fee"],
                on=d["on"],
                person=d["person"],
                permit=d["permit_row"],
            )
        except (FieldError, Refused) as exc:
            form.add_error(None, str(exc))
    return render(
        request,
        "finance/fee_charge.html",
        {
            "form": form,
            "quote": quote,
            "amount": _money(quote.amount_cents) if quote and quote.amount_cents else "",
            "person": form.cleaned_data.get("person") if quote else None,
            "permit": form.cleaned_data.get("permit_row") if quote else None,
            "can_charge": is_allowed(user_of(request).role, fees.ACTION, quote.fee.law)
            if quote
            else False,
        },
    )


# --- payments ------------------------------------------------------------------------------------


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
            form.add_error(None, str(exc))
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
        messages.error(request, str(exc))


# --- bank CSV import -----------------------------------------------------------------------------

MAX_WEB_CSV_BYTES = 1_500_000
CSV_TEMPLATE = (
    "data;valor;referencia;documento_pagador\n"
    "15/03/2026;123,45;3131307D0000001;12345678909\n"
    "2026-03-16;1234.56;3131307-D0000002;11222333000181\n"
)


@staff_view
def csv_template(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(CSV_TEMPLATE, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="modelo-pagamentos.csv"'
    return response


@staff_view
def payment_import(request: HttpRequest) -> HttpResponse:
    m = current_municipality()
    if request.method != "POST":
        return render(request, "finance/import.html", {})
    if "confirm" in request.POST:
        try:
            content = base64.b64decode(request.POST.get("content", ""), validate=True)
        except (binascii.Error, ValueError):
            messages.error(
                request, "Arquivo perdido entre a prévia e a confirmação; envie de novo."
            )
            return HttpResponseRedirect(reverse("finance:import"))
        try:
            batch = bank_statement.payments_import(
                actor=actor_of(request),
                municipality=m,
                content=content,
                file_name=request.POST.get("file_name", "extrato.csv"),
            )
        except FieldError as exc:
            messages.error(request, str(exc))
            return HttpResponseRedirect(reverse("finance:import"))
        return HttpResponseRedirect(reverse("finance:import_result", args=[batch.pk]))
    upload = request.FILES.get("file")
    if upload is None:
        return render(request, "finance/import.html", {"error": "Escolha o arquivo CSV do banco."})
    if upload.size and upload.size > MAX_WEB_CSV_BYTES:
        # The preview carries the file to the confirmation inside the form (base64), which must
        # stay under Django's request body limit; larger statements go through the command/API.
        return render(
            request,
            "finance/import.html",
            {
                "error": "Arquivo maior que 1,5 MB: divida o extrato ou use o comando "
                "payments_import / a API."
            },
        )
    content = upload.read()
    preview = bank_statement.payments_import_preview(
        municipality=m, content=content, file_name=upload.name or "extrato.csv"
    )
    return render(
        request,
        "finance/import_preview.html",
        {
            "preview": preview,
            "content": base64.b64encode(content).decode("ascii"),
            "labels": OUTCOME_LABELS,
            "counts": [
                (OUTCOME_LABELS[k], preview.count(k)) for k in OUTCOME_LABELS if preview.count(k)
            ],
            "importable": sum(1 for ln in preview.lines if ln.ok and not ln.duplicate),
        },
    )


OUTCOME_LABELS = {
    Payment.Status.MATCHED.value: "conciliado (débito pago)",
    Payment.Status.PARTIAL.value: "parcial — a resolver",
    Payment.Status.OVER.value: "a maior — a resolver",
    Payment.Status.UNKNOWN.value: "referência desconhecida — a resolver",
    "duplicate": "já importado (ignorado)",
    "invalid": "linha inválida (ignorada)",
}


@staff_view
def import_result(request: HttpRequest, import_id: int) -> HttpResponse:
    batch = get_object_or_404(PaymentImport.objects.all(), pk=import_id)
    rows = [
        {
            **entry,
            "label": OUTCOME_LABELS.get(entry.get("resultado", ""), entry.get("resultado", "")),
            "valor": _money(entry["valor_centavos"]) if "valor_centavos" in entry else "",
        }
        for entry in batch.report
    ]
    return render(request, "finance/import_result.html", {"batch": batch, "rows": rows})


# --- refunds -------------------------------------------------------------------------------------


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
        on = dt.date.fromisoformat(request.POST.get("on") or timezone.localdate().isoformat())
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


# --- PIX settings --------------------------------------------------------------------------------


class SettingsForm(forms.Form):
    pix_key = forms.CharField(label="Chave PIX do município", max_length=77)
    merchant_name = forms.CharField(
        label="Nome do recebedor", max_length=60, help_text="até 25 caracteres no PIX"
    )
    merchant_city = forms.CharField(
        label="Cidade do recebedor", max_length=60, help_text="até 15 caracteres no PIX"
    )
    slip_instructions = forms.CharField(
        label="Instruções no documento", max_length=300, required=False
    )


@staff_view
def settings_view(request: HttpRequest) -> HttpResponse:
    current = FinanceSettings.objects.first()
    initial = (
        {
            "pix_key": current.pix_key,
            "merchant_name": current.merchant_name,
            "merchant_city": current.merchant_city,
            "slip_instructions": current.slip_instructions,
        }
        if current
        else {}
    )
    form = SettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            payments.finance_settings_save(
                actor=actor_of(request), municipality=current_municipality(), **form.cleaned_data
            )
        except FieldError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "Configuração do PIX salva.")
            return HttpResponseRedirect(reverse("finance:settings"))
    return render(request, "finance/settings.html", {"form": form, "current": current})


# --- portal (the permit holder) ----------------------------------------------------------------


def _holder(request: HttpRequest) -> Person | None:
    return Person.objects.filter(user=user_of(request)).first()


portal_view = role_screen(
    {Role.PERMISSIONARIO}, "Página do permissionário.", refuse_not_competent=False
)


@portal_view
def portal_debts(request: HttpRequest) -> HttpResponse:
    person = _holder(request)
    rows: list[dict[str, Any]] = []
    if person is not None:
        for debt in Debt.objects.filter(person=person).order_by("-due_on", "-id"):
            rows.append(
                {
                    "debt": debt,
                    "amount": _money(debt.amount_cents),
                    "payable": _debt_payable(debt),
                }
            )
    settings = FinanceSettings.objects.first()
    return render(
        request,
        "finance/portal_debts.html",
        {"person": person, "rows": rows, "settings": settings},
    )


@portal_view
def portal_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    person = _holder(request)
    if person is None:
        raise Http404
    # Only the holder's own debts: another person's id is simply not found.
    debt = get_object_or_404(Debt.objects.select_related("person"), pk=debt_id, person=person)
    return _slip_response(debt, current_municipality())

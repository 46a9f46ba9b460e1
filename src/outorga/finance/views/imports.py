"""Finance screens of the bank file import (CSV, OFX, FEBRABAN 150, CNAB 240/400): the CSV
template, the upload and its result."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.formerrors import messages_add
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import BadFile
from outorga.registry.validation import FieldError

from .. import bank_statement
from ..models_payments import Payment, PaymentImport
from .common import money, staff_view

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
            messages_add(request, exc)
            return HttpResponseRedirect(reverse("finance:import"))
        return HttpResponseRedirect(reverse("finance:import_result", args=[batch.pk]))
    upload = request.FILES.get("file")
    if upload is None:
        return render(
            request,
            "finance/import.html",
            {"error": "Escolha o arquivo do banco (retorno, OFX ou CSV)."},
        )
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
    try:
        preview = bank_statement.payments_import_preview(
            municipality=m, content=content, file_name=upload.name or "extrato.csv"
        )
    except BadFile as exc:
        return render(request, "finance/import.html", {"error": exc.message}, status=exc.status)
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
    bank_statement.HELD: "já registrado à mão (mesmo débito, valor e data) — a conferir",
    "duplicate": "já importado (ignorado)",
    "invalid": "linha inválida (ignorada)",
}


def _outcome_label(entry: dict[str, Any], held: Payment | None) -> str:
    """What the import made of a line; a line held for a person says why (ADR 0026)."""
    if held is not None:
        return f"{held.hold_label} — a resolver"
    outcome = entry.get("resultado", "")
    return OUTCOME_LABELS.get(outcome, outcome)


@staff_view
def import_result(request: HttpRequest, import_id: int) -> HttpResponse:
    batch = get_object_or_404(PaymentImport.objects.all(), pk=import_id)
    held = {p.pk: p for p in batch.payments.exclude(hold="")}
    rows = [
        {
            **entry,
            "label": _outcome_label(entry, held.get(entry.get("pagamento", 0))),
            "valor": money(entry["valor_centavos"]) if "valor_centavos" in entry else "",
        }
        for entry in batch.report
    ]
    label = bank_statement.FORMAT_LABELS.get(batch.file_format, batch.file_format)
    return render(
        request,
        "finance/import_result.html",
        {"batch": batch, "rows": rows, "format_label": label},
    )

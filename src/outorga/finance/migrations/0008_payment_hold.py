"""A payment held for a person keeps why (ADR 0026): the same debt, amount and day as a payment
recorded by hand, the debt's number alone in 17 digits, a guia's code with a debt's number but
another due date, or a reference unknown. The lines held before are given their reason from what
the import kept: the report's ``mesmo_que`` (the payment recorded by hand it matched), the
reference and the municipality's debts."""

import datetime as dt
import re
from typing import Any

from django.db import migrations, models
from django.db.models import Q

from outorga.finance import febraban


def _free_field(text: str, company_code: str) -> str | None:
    """The guia's free field a reference carries (25 digits, or in a barcode or linha digitável
    of the municipality's own FEBRABAN code), else None."""
    if len(text) == febraban.FREE_DIGITS:
        return text
    if len(text) in (febraban.BARCODE_DIGITS, febraban.LINE_DIGITS):
        try:
            guia = febraban.decode(text)
        except febraban.FebrabanError:
            return None
        return guia.free_field if guia.company_code == company_code else None
    return None


def _reason(payment: Any, debts: Any, codes: dict[int, str]) -> str:
    text = payment.reference.strip()
    if re.fullmatch(r"\d{17}", text):
        return "bare_number"
    free = _free_field(text, codes.get(payment.municipality_id, "")) if text.isdigit() else None
    if free is not None:
        try:
            due = dt.datetime.strptime(free[:8], "%Y%m%d").date()  # noqa: DTZ007 - a calendar date
        except ValueError:
            return "unknown"
        mine = debts.filter(municipality_id=payment.municipality_id, number=int(free[8:]))
        if mine.exclude(due_on=due).exists():
            return "other_due"
    return "unknown"


def backfill(apps: Any, schema_editor: Any) -> None:
    Payment = apps.get_model("finance", "Payment")
    PaymentImport = apps.get_model("finance", "PaymentImport")
    Debt = apps.get_model("finance", "Debt")
    FinanceSettings = apps.get_model("finance", "FinanceSettings")
    by_hand = {
        entry["pagamento"]
        for batch in PaymentImport._base_manager.only("report").iterator()
        for entry in batch.report or []
        if isinstance(entry, dict) and "mesmo_que" in entry and "pagamento" in entry
    }
    codes = dict(FinanceSettings._base_manager.values_list("municipality_id", "febraban_code"))
    rows = Payment._base_manager.filter(hold="").filter(Q(status="unknown") | Q(pk__in=by_hand))
    for payment in rows.iterator():
        hold = "by_hand" if payment.pk in by_hand else _reason(payment, Debt._base_manager, codes)
        Payment._base_manager.filter(pk=payment.pk).update(hold=hold)


class Migration(migrations.Migration):
    dependencies = [
        ("finance", "0007_refund_decided_on"),
    ]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="hold",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "—"),
                    ("by_hand", "igual a pagamento já registrado à mão"),
                    (
                        "bare_number",
                        "número de 17 dígitos sem vencimento — pode ser outro tributo",
                    ),
                    (
                        "other_due",
                        "guia com o número de um débito e outro vencimento — pode ser outro tributo",
                    ),
                    ("unknown", "referência desconhecida"),
                ],
                default="",
                max_length=12,
                verbose_name="motivo da retenção",
            ),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]

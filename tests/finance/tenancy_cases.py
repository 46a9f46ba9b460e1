"""Finance routes for the route-walking tenancy test (tests/core/test_tenancy_routes.py): a user
of municipality A never sees nor changes B's debts, payments, imports, refunds or PIX settings."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from validate_docbr import CPF

from outorga.finance.models import Debt
from outorga.finance.models_payments import FinanceSettings, Payment, PaymentImport, Refund
from outorga.registry.models import Person

D = dt.date(2026, 3, 10)


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    person = Person.objects.create(
        document=CPF().generate(), name=f"Devedor {marker}", birth_date=dt.date(1990, 1, 1)
    )
    n = Debt.objects.count() + 1
    debt = Debt.objects.create(
        person=person,
        origin=Debt.Origin.FINE,
        description=f"Multa {marker}",
        amount_cents=10000,
        due_on=D,
        reference=f"{m.ibge_code}-T{n:07d}",
    )
    paid = Debt.objects.create(
        person=person,
        origin=Debt.Origin.FEE,
        description=f"Taxa {marker}",
        amount_cents=5000,
        due_on=D,
        status=Debt.Status.PAID,
        reference=f"{m.ibge_code}-T{n + 1:07d}",
    )
    batch = PaymentImport.objects.create(
        file_name=f"extrato {marker}.csv", file_sha256="0" * 64, report=[{"linha": 2}]
    )
    unknown = Payment.objects.create(
        reference=f"REF{marker}",
        amount_cents=100,
        paid_on=D,
        method=Payment.Method.PIX,
        source=Payment.Source.IMPORT,
        batch=batch,
        status=Payment.Status.UNKNOWN,
        note=marker,
    )
    over = Payment.objects.create(
        debt=paid,
        reference=paid.reference,
        amount_cents=6000,
        excess_cents=1000,
        paid_on=D,
        method=Payment.Method.PIX,
        source=Payment.Source.MANUAL,
        status=Payment.Status.OVER,
        note=marker,
    )
    refund = Refund.objects.create(
        debt=paid, kind=Refund.Kind.EXCESS, amount_cents=500, note=marker
    )
    if not FinanceSettings.objects.exists():
        FinanceSettings.objects.create(
            pix_key="12345678909", merchant_name="Prefeitura", merchant_city="Cidade"
        )
    return {
        "finance_person": person.pk,
        "finance_person_document": person.document,
        "debt": debt.pk,
        "debt_ref": debt.reference,
        "paid_debt": paid.pk,
        "import": batch.pk,
        "payment_unknown": unknown.pk,
        "payment_over": over.pk,
        "refund": refund.pk,
    }


F = "/financas"
A = "/api/v1/finance"
FIN = "financas"
TODAY = dt.date.today().isoformat()

ROUTES = {
    # Staff web screens: lists show only A's rows (200), B's objects are not found (404).
    "financas/": lambda b: ("get", f"{F}/", {200}, None, FIN),
    "financas/debitos/": lambda b: (
        "get",
        f"{F}/debitos/?q={b.extra['debt_ref']}",
        {200},
        None,
        FIN,
    ),
    "financas/debitos/<int:debt_id>/": lambda b: (
        "get",
        f"{F}/debitos/{b.extra['debt']}/",
        {404},
        None,
        FIN,
    ),
    "financas/debitos/<int:debt_id>/situacao/": lambda b: (
        "post",
        f"{F}/debitos/{b.extra['debt']}/situacao/",
        {404},
        {"__form__": {"step": "cancel", "reason": "invasão"}},
        FIN,
    ),
    "financas/debitos/<int:debt_id>/documento.pdf": lambda b: (
        "get",
        f"{F}/debitos/{b.extra['debt']}/documento.pdf",
        {404},
        None,
        FIN,
    ),
    # Charging a fee to B's person (by B's CPF) from A: nobody with that CPF in A, nothing charged.
    "financas/taxas/": lambda b: (
        "post",
        f"{F}/taxas/",
        {200},
        {
            "__form__": {
                "fee": "ipatinga.taxi-2017:VIII",
                "document": b.extra["finance_person_document"],
                "on": "10/03/2026",
                "confirm": "1",
            }
        },
        FIN,
    ),
    "financas/pagamentos/": lambda b: ("get", f"{F}/pagamentos/?situacao=todos", {200}, None, FIN),
    # A payment of A quoting B's reference is an unknown reference in A, never B's payment.
    "financas/pagamentos/novo/": lambda b: (
        "post",
        f"{F}/pagamentos/novo/",
        {302},
        {
            "__form__": {
                "reference": b.extra["debt_ref"],
                "amount": "100,00",
                "paid_on": TODAY,
                "method": "pix",
            }
        },
        FIN,
    ),
    "financas/pagamentos/<int:payment_id>/": lambda b: (
        "post",
        f"{F}/pagamentos/{b.extra['payment_unknown']}/",
        {404},
        {"__form__": {"action": "return", "note": "invasão"}},
        FIN,
    ),
    "financas/importar/": lambda b: ("get", f"{F}/importar/", {200}, None, FIN),
    "financas/importar/modelo.csv": lambda b: ("get", f"{F}/importar/modelo.csv", {200}, None, FIN),
    "financas/importacoes/<int:import_id>/": lambda b: (
        "get",
        f"{F}/importacoes/{b.extra['import']}/",
        {404},
        None,
        FIN,
    ),
    "financas/restituicoes/": lambda b: ("get", f"{F}/restituicoes/", {200}, None, FIN),
    "financas/restituicoes/<int:refund_id>/paga/": lambda b: (
        "post",
        f"{F}/restituicoes/{b.extra['refund']}/paga/",
        {404},
        {"__form__": {"on": "2026-03-11"}},
        FIN,
    ),
    "financas/configuracao/": lambda b: ("get", f"{F}/configuracao/", {200}, None, FIN),
    # Portal: the holder of A asking for B's debt slip.
    "portal/debitos/": lambda b: ("get", "/portal/debitos/", {200}, None, "permissionario"),
    "portal/debitos/<int:debt_id>/documento.pdf": lambda b: (
        "get",
        f"/portal/debitos/{b.extra['debt']}/documento.pdf",
        {404},
        None,
        "permissionario",
    ),
    # API.
    "api/v1/finance/debts": lambda b: (
        "get",
        f"{A}/debts?q={b.extra['debt_ref']}",
        {200},
        None,
        FIN,
    ),
    "api/v1/finance/debts/<debt_id>": lambda b: (
        "get",
        f"{A}/debts/{b.extra['debt']}",
        {404},
        None,
        FIN,
    ),
    "api/v1/finance/debts/<debt_id>/pix": lambda b: (
        "get",
        f"{A}/debts/{b.extra['debt']}/pix",
        {404},
        None,
        FIN,
    ),
    "api/v1/finance/debts/<debt_id>/slip.pdf": lambda b: (
        "get",
        f"{A}/debts/{b.extra['debt']}/slip.pdf",
        {404},
        None,
        FIN,
    ),
    "api/v1/finance/fees": lambda b: ("get", f"{A}/fees?on=2026-03-10", {200}, None, FIN),
    "api/v1/finance/fees/charge": lambda b: (
        "post",
        f"{A}/fees/charge",
        {404},
        {"fee": "ipatinga.taxi-2017:VIII", "person_id": b.extra["finance_person"], "on": TODAY},
        FIN,
    ),
    "api/v1/finance/payments": lambda b: (
        "post",
        f"{A}/payments",
        {201},
        {"reference": b.extra["debt_ref"], "amount_cents": 10000, "paid_on": TODAY},
        FIN,
    ),
    "api/v1/finance/payments/import": lambda b: (
        "post",
        f"{A}/payments/import",
        {201},
        {
            "__form__": {
                "file": SimpleUploadedFile(
                    "b.csv",
                    f"data;valor;referencia\n{TODAY};100,00;{b.extra['debt_ref']}\n".encode(),
                )
            }
        },
        FIN,
    ),
    "api/v1/finance/payments/<payment_id>/assign": lambda b: (
        "post",
        f"{A}/payments/{b.extra['payment_unknown']}/assign",
        {404},
        {"reference": b.extra["debt_ref"], "note": "invasão"},
        FIN,
    ),
    "api/v1/finance/payments/<payment_id>/refund-excess": lambda b: (
        "post",
        f"{A}/payments/{b.extra['payment_over']}/refund-excess",
        {404},
        {"note": "x"},
        FIN,
    ),
    "api/v1/finance/payments/<payment_id>/return": lambda b: (
        "post",
        f"{A}/payments/{b.extra['payment_unknown']}/return",
        {404},
        {"note": "x"},
        FIN,
    ),
    "api/v1/finance/refunds": lambda b: ("get", f"{A}/refunds", {200}, None, FIN),
    "api/v1/finance/refunds/<refund_id>/paid-out": lambda b: (
        "post",
        f"{A}/refunds/{b.extra['refund']}/paid-out",
        {404},
        {"on": "2026-03-11"},
        FIN,
    ),
    "api/v1/finance/settings": lambda b: (
        "put",
        f"{A}/settings",
        {200},
        {"pix_key": "12345678909", "merchant_name": "Invasor", "merchant_city": "Outra"},
        FIN,
    ),
}

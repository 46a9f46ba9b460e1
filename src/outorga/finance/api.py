"""Finance API (/api/v1/finance): debts with their PIX payload and slip, payments (by hand or from
a bank CSV), their resolution, refunds, and the municipality's PIX receiver."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Router, Schema, Status
from ninja.files import UploadedFile

from outorga.core import uploads
from outorga.core.acts import Actor
from outorga.core.apikit import IsoDate, acting, staff
from outorga.core.apipages import paged
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit, Person
from outorga.registry.validation import FieldError

from . import bank_statement, febraban, fees, guias, payments, pix, receiver
from .models import Debt
from .models_payments import FinanceSettings, Payment, Refund
from .slips import render_slip

router = Router(tags=["finanças"], auth=staff)

READERS = frozenset({Role.FINANCAS, Role.AUTORIDADE, Role.ATENDENTE, Role.CHEFE_EXECUTIVO})


def _reader(request: HttpRequest) -> Actor:
    actor = actor_of(request)
    if Role(actor.role) not in READERS:
        raise NotCompetent(actor.role, "sistema", "debt.read", None)
    return actor


class DebtOut(Schema):
    id: int
    reference: str
    person_id: int
    person_name: str = Field(..., validation_alias="person.name")
    permit_id: int | None
    origin: str
    description: str
    amount_cents: int
    due_on: IsoDate
    status: str
    status_label: str = Field(..., validation_alias="get_status_display")
    instalment: int | None
    instalments: int | None


class PaymentOut(Schema):
    id: int
    debt_reference: str | None
    reference: str
    amount_cents: int
    excess_cents: int
    paid_on: IsoDate
    method: str
    source: str
    status: str
    #: Why a payment of unknown reference was held, in the status label too (ADR 0026):
    #: "by_hand", "bare_number", "other_due", "unknown"; "" when it was not held.
    status_label: str
    hold_reason: str = Field(..., validation_alias="hold")
    batch_id: int | None
    line_number: int | None

    @staticmethod
    def resolve_debt_reference(p: Payment) -> str | None:
        return p.debt.reference if p.debt else None


class RefundOut(Schema):
    id: int
    debt_reference: str | None
    payment_id: int | None
    kind: str
    amount_cents: int
    status: str
    decision_ref: str
    #: The day the refund became owed (by default the day it was recorded): paid out from it.
    decided_on: IsoDate
    paid_out_on: IsoDate | None

    @staticmethod
    def resolve_debt_reference(r: Refund) -> str | None:
        return r.debt.reference if r.debt else None


class DebtDetailOut(DebtOut):
    owed_cents: int
    payments: list[PaymentOut]
    refunds: list[RefundOut]
    basis: dict[str, Any]

    @staticmethod
    def resolve_owed_cents(d: Debt) -> int:
        return guias.amount_owed(d) if d.status in payments.OWED else 0

    @staticmethod
    def resolve_payments(d: Debt) -> QuerySet[Payment]:
        return d.payments.order_by("paid_on", "id")

    @staticmethod
    def resolve_refunds(d: Debt) -> QuerySet[Refund]:
        return d.refunds.order_by("created_at", "id")

    @staticmethod
    def resolve_basis(d: Debt) -> dict[str, Any]:
        return d.basis or {}


@router.get("/debts", response=list[DebtOut], summary="Débitos (filtros: situação, origem, texto)")
@paged("-due_on", "-id")
def debt_list(
    request: HttpRequest,
    status: str | None = None,
    origin: str | None = None,
    q: str | None = None,
    due_from: IsoDate | None = None,
    due_to: IsoDate | None = None,
) -> QuerySet[Debt]:
    _reader(request)
    qs = Debt.objects.select_related("person")
    if status:
        qs = qs.filter(status=status)
    if origin:
        qs = qs.filter(origin=origin)
    if q:
        qs = qs.filter(Q(person__name__icontains=q) | Q(reference__icontains=q))
    if due_from:
        qs = qs.filter(due_on__gte=due_from)
    if due_to:
        qs = qs.filter(due_on__lte=due_to)
    return qs


@router.get(
    "/debts/{debt_id}", response=DebtDetailOut, summary="Um débito, pagamentos e restituições"
)
def debt_detail(request: HttpRequest, debt_id: int) -> Debt:
    _reader(request)
    return get_object_or_404(Debt.objects.select_related("person"), pk=debt_id)


def _payable(d: Debt) -> FinanceSettings:
    settings = FinanceSettings.objects.first()
    if settings is None:
        raise FieldError("chave PIX", "a chave PIX do município não foi configurada")
    if d.status not in payments.OWED or guias.amount_owed(d) <= 0:
        raise payments.InvalidPaymentTransition(
            f"o débito {d.reference} está {d.get_status_display()}: nada a pagar"
        )
    return settings


class PixOut(Schema):
    reference: str
    txid: str
    amount_cents: int
    payload: str
    #: The FEBRABAN arrecadação barcode and linha digitável; null without the FEBRABAN code.
    barcode: str | None = None
    digitable_line: str | None = None


@router.get("/debts/{debt_id}/pix", response=PixOut, summary="PIX copia e cola do débito")
def debt_pix(request: HttpRequest, debt_id: int) -> dict[str, Any]:
    _reader(request)
    d = get_object_or_404(Debt.objects.all(), pk=debt_id)
    settings = _payable(d)
    owed = guias.amount_owed(d)
    code = guias.guia_barcode(d, settings, owed)
    return {
        "reference": d.reference,
        "txid": pix.txid_of(d.reference),
        "amount_cents": owed,
        "payload": guias.pix_payload(d, settings),
        "barcode": code,
        "digitable_line": febraban.line(code) if code else None,
    }


@router.get("/debts/{debt_id}/slip.pdf", summary="Documento de arrecadação (PDF com PIX)")
def debt_slip(request: HttpRequest, debt_id: int) -> HttpResponse:
    _reader(request)
    d = get_object_or_404(Debt.objects.select_related("person"), pk=debt_id)
    settings = _payable(d)
    m = current_municipality()
    pdf = render_slip(
        d,
        settings,
        guias.pix_payload(d, settings),
        municipality_name=m.name,
        amount_cents=guias.amount_owed(d),
    )
    return pdf_response(pdf, f"debito-{d.reference}.pdf")


class FeeOut(Schema):
    key: str
    law: str
    label: str
    citations: list[str]
    on: IsoDate
    amount_cents: int | None
    example: bool
    due_on: IsoDate | None
    problem: str
    decision: dict[str, Any]


def _fee_out(q: fees.FeeQuote) -> dict[str, Any]:
    return {
        "key": q.fee.key,
        "law": q.fee.law,
        "label": q.fee.label,
        "citations": [c.render() for c in q.fee.citations],
        "on": q.on,
        "amount_cents": q.amount_cents,
        "example": q.example,
        "due_on": q.due_on,
        "problem": q.problem,
        "decision": q.decision.to_json(),
    }


@router.get(
    "/fees", response=list[FeeOut], summary="Taxas das leis do município e seu valor na data"
)
@paged(as_listed="key")
def fee_list(request: HttpRequest, on: IsoDate) -> list[dict[str, Any]]:
    _reader(request)
    m = current_municipality()
    return [_fee_out(fees.fee_quote(municipality=m, fee=f, on=on)) for f in fees.fee_types(m)]


class FeeChargeIn(Schema):
    fee: str
    person_id: int
    permit_id: int | None = None
    on: IsoDate


class FeeChargeOut(Schema):
    debt: DebtOut
    decision: dict[str, Any]


@router.post(
    "/fees/charge",
    response={201: FeeChargeOut},
    summary="Lançar taxa como débito (lei do táxi art. 40; cadastro e vistoria do mototáxi)",
)
def fee_charge(request: HttpRequest, payload: FeeChargeIn) -> Status[dict[str, Any]]:
    person = get_object_or_404(Person.objects.all(), pk=payload.person_id)
    permit = (
        get_object_or_404(Permit.objects.all(), pk=payload.permit_id)
        if payload.permit_id is not None
        else None
    )
    debt = fees.fee_charge(
        **acting(request),
        person=person,
        permit=permit,
        fee=payload.fee,
        on=payload.on,
    )
    return Status(201, {"debt": debt, "decision": debt.basis.get("decision", {})})


@router.get("/payments", response=list[PaymentOut], summary="Pagamentos (pendentes=a resolver)")
@paged("-paid_on", "-id")
def payment_list(request: HttpRequest, status: str | None = None) -> QuerySet[Payment]:
    _reader(request)
    qs = Payment.objects.select_related("debt")
    if status == "pendentes":
        qs = qs.filter(status__in=Payment.PENDING)
    elif status:
        qs = qs.filter(status=status)
    return qs


class PaymentIn(Schema):
    reference: str
    amount_cents: int
    paid_on: IsoDate
    method: str = Payment.Method.PIX.value
    payer_document: str = ""
    note: str = ""
    #: "É outro pagamento": not the imported bank line of its debt, amount and day.
    another_payment: bool = False


@router.post(
    "/payments",
    response={201: PaymentOut, 200: PaymentOut},
    summary="Registrar pagamento à mão",
    description="Com o cabeçalho `Idempotency-Key`, o mesmo pedido reenviado não registra um "
    "segundo pagamento: devolve o já registrado (200); a mesma chave com outro pagamento é "
    "recusada. Um pagamento cujo débito já tem, contado, um pagamento do arquivo do banco de "
    "mesmo valor e data é recusado (422, campo `é outro pagamento`, nomeando esse pagamento): "
    "se não é o mesmo, envie `another_payment: true` (é outro pagamento) e ele é registrado, "
    "a maior.",
)
def payment_create(request: HttpRequest, payload: PaymentIn) -> Status[Payment]:
    try:
        p = payments.payment_record(
            **acting(request),
            reference=payload.reference,
            amount_cents=payload.amount_cents,
            paid_on=payload.paid_on,
            method=payload.method,
            payer_document=payload.payer_document,
            note=payload.note,
            once=request.headers.get("Idempotency-Key", ""),
            another=payload.another_payment,
        )
    except payments.PaymentAlreadyRecorded as exc:
        return Status(200, exc.payment)
    return Status(201, p)


class ImportOut(Schema):
    id: int
    file_name: str
    file_sha256: str
    file_format: str
    lines_total: int
    lines_new: int
    lines_duplicate: int
    lines_invalid: int
    report: list[dict[str, Any]]


@router.post(
    "/payments/import",
    response={201: ImportOut},
    summary="Importar arquivo do banco: retorno FEBRABAN 150, CNAB 240/400, OFX ou CSV",
)
def payment_import(request: HttpRequest, file: UploadedFile = File(...)) -> Status[Any]:  # noqa: B008
    batch = bank_statement.payments_import(
        **acting(request),
        content=file.read(uploads.max_bytes("csv") + 1),
        file_name=file.name or "extrato.csv",
    )
    return Status(201, batch)


class AssignIn(Schema):
    reference: str
    note: str


class NoteIn(Schema):
    note: str = ""


class RefundIn(NoteIn):
    #: The day the refund was decided (AAAA-MM-DD; by default today): not in the future, nor
    #: before the payment it gives back; the refund is paid out from it.
    decided_on: IsoDate | None = None


def _payment(payment_id: int) -> Payment:
    return get_object_or_404(Payment.objects.all(), pk=payment_id)


@router.post("/payments/{payment_id}/assign", response=PaymentOut, summary="Atribuir a um débito")
def payment_assign(request: HttpRequest, payment_id: int, payload: AssignIn) -> Payment:
    payment = _payment(payment_id)
    debt = guias.find_debt(payload.reference)
    if debt is None:
        raise FieldError("reference", "nenhum débito com essa referência")
    p = payments.payment_assign(
        **acting(request),
        payment=payment,
        debt=debt,
        note=payload.note,
    )
    return p


@router.post(
    "/payments/{payment_id}/same-as-recorded",
    response=PaymentOut,
    summary="Dar a linha do banco como o pagamento já registrado à mão",
)
def payment_same_as_recorded(request: HttpRequest, payment_id: int, payload: NoteIn) -> Payment:
    p = payments.payment_same_as_recorded(
        **acting(request), payment=_payment(payment_id), note=payload.note
    )
    return p


@router.post(
    "/payments/{payment_id}/refund-excess", response=RefundOut, summary="Restituir o excedente"
)
def payment_refund_excess(request: HttpRequest, payment_id: int, payload: RefundIn) -> Refund:
    r = payments.payment_refund_excess(
        **acting(request),
        payment=_payment(payment_id),
        note=payload.note,
        decided_on=payload.decided_on,
    )
    return r


@router.post("/payments/{payment_id}/return", response=RefundOut, summary="Devolver o pagamento")
def payment_return(request: HttpRequest, payment_id: int, payload: RefundIn) -> Refund:
    r = payments.payment_return(
        **acting(request),
        payment=_payment(payment_id),
        note=payload.note,
        decided_on=payload.decided_on,
    )
    return r


@router.get("/refunds", response=list[RefundOut], summary="Restituições")
@paged("-created_at", "-id")
def refund_list(request: HttpRequest, status: str | None = None) -> QuerySet[Refund]:
    _reader(request)
    qs = Refund.objects.select_related("debt")
    if status:
        qs = qs.filter(status=status)
    return qs


class PaidOutIn(Schema):
    on: IsoDate
    note: str = ""


@router.post("/refunds/{refund_id}/paid-out", response=RefundOut, summary="Restituição paga")
def refund_paid_out(request: HttpRequest, refund_id: int, payload: PaidOutIn) -> Refund:
    refund = get_object_or_404(Refund.objects.all(), pk=refund_id)
    r = payments.refund_mark_paid_out(
        **acting(request),
        refund=refund,
        on=payload.on,
        note=payload.note,
    )
    return r


class SettingsIO(Schema):
    pix_key: str
    merchant_name: str
    merchant_city: str
    slip_instructions: str = ""
    #: The municipality's FEBRABAN code for arrecadação (4 digits; empty: guias with PIX only)
    #: and the check digits' módulo its bank agreement sets ("6": módulo 10, "8": módulo 11).
    febraban_code: str = ""
    febraban_check: str = "6"
    example: bool = False


@router.get("/settings", response={200: SettingsIO, 404: dict}, summary="PIX do município")
def settings_get(request: HttpRequest) -> Any:
    _reader(request)
    s = FinanceSettings.objects.first()
    if s is None:
        return Status(404, {"detail": "Chave PIX não configurada."})
    return Status(200, s)


@router.put("/settings", response=SettingsIO, summary="Alterar o PIX do município")
def settings_put(request: HttpRequest, payload: SettingsIO) -> Any:
    return receiver.finance_settings_save(
        **acting(request),
        pix_key=payload.pix_key,
        merchant_name=payload.merchant_name,
        merchant_city=payload.merchant_city,
        slip_instructions=payload.slip_instructions,
        febraban_code=payload.febraban_code,
        febraban_check=payload.febraban_check,
    )

"""What a debt still owes, and the codes of its guia: the PIX "copia e cola", the FEBRABAN
arrecadação barcode, and the digits a bank reports back read as the debt they stand for.

Reading only: the writes that apply a payment live in :mod:`outorga.finance.payments`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from django.db.models import F, QuerySet, Sum

from . import febraban, pix
from .models import Debt
from .models_payments import FinanceSettings, Payment


def find_debt(reference: str) -> Debt | None:
    """The debt a reference or txid stands for, or, for digits, the debt whose guia they read
    back: its barcode or linha digitável, or its free field as a bank's return file reports the
    title (:func:`guia_in_code`; call inside the tenant)."""
    text = reference.strip()
    if re.fullmatch(r"\d{1,48}", text):
        found = guia_in_code(text)
        if found is None:
            return None
        number, due_on = found
        return Debt.objects.filter(number=number, due_on=due_on).order_by("id").first()
    candidates = pix.reference_candidates(reference)
    if not candidates:
        return None
    return Debt.objects.filter(reference__in=candidates).order_by("id").first()


def unknown_why(reference: str) -> str:
    """Why a reference that names no debt (:func:`find_debt` found none) is held, as a
    :class:`Payment.Hold`: the debt's number alone in 17 digits, or a guia's code with a debt's
    number but another due date — either may be another guia of the municipality (ADR
    0018/0026) —, else a reference unknown (call inside the tenant)."""
    text = reference.strip()
    if re.fullmatch(rf"\d{{{NUMBER_DIGITS}}}", text):
        return Payment.Hold.BARE_NUMBER
    found = guia_in_code(text) if re.fullmatch(r"\d{1,48}", text) else None
    if found is not None and Debt.objects.filter(number=found[0]).exists():
        return Payment.Hold.OTHER_DUE
    return Payment.Hold.UNKNOWN


def guia_in_code(text: str) -> tuple[int, dt.date] | None:
    """The debt's number read back from the bank in digits, with the due date the guia's free
    field carries beside it (call inside the tenant).

    44 or 48 digits: a barcode or linha digitável of this municipality's guia (its FEBRABAN code,
    every check digit right), whose free field is the due date and the number
    (:func:`guia_barcode`); 25 digits: that free field (what a boleto registered for the guia
    carries as "seu número"). The due date must be the debt's own: the municipality's other guias
    (IPTU, ISS…) carry the same FEBRABAN code and come in the same return file, and one whose
    free field merely ends in a debt's number is not that debt's. Other digits — the number alone
    in 17 digits included, which no layout reports for Outorga's guias (the barcode carries the
    free field whole, and a CNAB title's own number has room for all 25 digits) and which another
    guia's title may carry as well —, a code of another órgão or one whose digits do not check:
    None, and the payment waits for a person (a short number such as ``42`` is too easily
    something else to settle a debt)."""
    if len(text) in (febraban.BARCODE_DIGITS, febraban.LINE_DIGITS):
        settings = FinanceSettings.objects.first()
        try:
            guia = febraban.decode(text)
        except febraban.FebrabanError:
            return None
        if settings is None or guia.company_code != settings.febraban_code:
            return None
        return _free_field(guia.free_field)
    if len(text) == febraban.FREE_DIGITS:
        return _free_field(text)
    return None


def _free_field(field: str) -> tuple[int, dt.date] | None:
    """The number and due date of a guia's free field (AAAAMMDD and 17 digits); None when its
    first 8 digits are no date, as no guia of a debt writes them."""
    try:
        due_on = dt.datetime.strptime(field[:8], "%Y%m%d").date()  # noqa: DTZ007 - a calendar date
    except ValueError:
        return None
    return int(field[8:]), due_on


# --- the guia's payment codes ----------------------------------------------------------------


def pix_payload(debt: Debt, settings: FinanceSettings) -> str:
    """The "copia e cola" of a debt: its amount still owed and its reference as txid."""
    return pix.build_payload(
        key=settings.pix_key,
        merchant_name=settings.merchant_name,
        merchant_city=settings.merchant_city,
        amount_cents=amount_owed(debt),
        txid=pix.txid_of(debt.reference),
        description=f"Debito {debt.reference}",
    )


#: The debt's number in the barcode's free field, after the due date (AAAAMMDD).
NUMBER_DIGITS = 17


def guia_barcode(debt: Debt, settings: FinanceSettings, amount_cents: int) -> str | None:
    """The FEBRABAN arrecadação barcode of a debt's guia (segment 1, prefeituras): the amount, the
    municipality's FEBRABAN code and, in the free field, the due date (AAAAMMDD) and the debt's
    number (17 digits). None while the municipality has recorded no FEBRABAN code, or for a debt
    recorded without a number."""
    if not settings.febraban_code or debt.number is None:
        return None
    return febraban.barcode(
        amount_cents=amount_cents,
        company_code=settings.febraban_code,
        value_id=settings.febraban_check,
        free_field=f"{debt.due_on:%Y%m%d}{debt.number:0{NUMBER_DIGITS}d}",
    )


def amount_owed(debt: Debt) -> int:
    """What is still to pay on a debt (its amount less what was already applied to it)."""
    return amounts_owed([debt])[debt.pk]


#: What the payments applied to a debt paid of it (an excess is not: it is given back).
APPLIED_CENTS = Sum(F("amount_cents") - F("excess_cents"))


def amounts_owed(debts: Iterable[Debt]) -> dict[int, int]:
    """:func:`amount_owed` of each debt, by id, in one query (a dashboard sums them all)."""
    debts = list(debts)
    paid = dict(
        Payment.objects.filter(debt__in=debts, status__in=Payment.APPLIED)
        .order_by()
        .values("debt")
        .annotate(paid=APPLIED_CENTS)
        .values_list("debt", "paid")
    )
    return {d.pk: max(0, d.amount_cents - (paid.get(d.pk) or 0)) for d in debts}


def owed_in_total(debts: QuerySet[Debt]) -> int:
    """The sum of :func:`amount_owed` over ``debts`` still owed (open, under appeal or final:
    what was applied to each falls short of its amount), in two aggregates however many they
    are — what a sweep reports of every overdue debt."""
    issued = debts.aggregate(cents=Sum("amount_cents"))["cents"]
    paid = Payment.objects.filter(debt__in=debts, status__in=Payment.APPLIED).aggregate(
        cents=APPLIED_CENTS
    )["cents"]
    return int(issued or 0) - int(paid or 0)

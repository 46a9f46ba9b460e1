"""The bank statement: its formats, parsing, the preview of an import and the import itself.

A file is a CSV made by hand (header line, one payment a line), an OFX statement
(:mod:`outorga.finance.ofx_statement`) or one of the bank's return files — FEBRABAN arrecadação
(150 positions), CNAB 240, CNAB 400 (:mod:`outorga.finance.bank_returns`); the format is told
from the content. Each payment becomes a :class:`Payment` applied to the debt its reference
names, through :func:`outorga.finance.payments.apply_to_debt`, exactly as a payment recorded by
hand; a payment already imported (same hash) is a duplicate and imports nothing. A return file
or OFX with any error is refused whole. The formats are documented in
docs/finance-payments-csv.md.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from outorga.core import uploads
from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.money import to_cents
from outorga.registry.validation import FieldError, digits

from . import bank_returns, ofx_statement
from .guias import amount_owed, find_debt, unknown_why
from .models import Debt
from .models_payments import Payment, PaymentImport
from .payments import (
    OWED,
    PAY,
    apply_to_debt,
    municipality_law,
    record_payment_act,
)
from .twins import counted_already, held_note

#: The outcome of a bank line held for a person: its debt has a payment recorded by hand of its
#: amount and day (``twins.counted_already``); the line is kept unknown, applied to nothing.
HELD = "held"

# --- the bank CSV ----------------------------------------------------------------------------------

#: Accepted column names (first line), by field. Documented in docs/finance-payments-csv.md.
COLUMNS = {
    "date": ("data", "date", "data_pagamento"),
    "amount": ("valor", "amount", "valor_pago"),
    "reference": ("referencia", "referência", "reference", "txid"),
    "payer": ("documento_pagador", "documento", "payer_document", "cpf_cnpj"),
}


@dataclass
class ParsedLine:
    number: int
    raw: str
    paid_on: dt.date | None = None
    amount_cents: int | None = None
    reference: str = ""
    payer: str = ""
    errors: list[str] = field(default_factory=list)
    line_hash: str = ""
    duplicate: bool = False
    debt: Debt | None = None
    #: What the import will make of it: a Payment.Status value, ``HELD`` or "duplicate".
    outcome: str = ""
    method: str = Payment.Method.PIX
    #: Why a line of unknown reference will wait for a person (a ``Payment.Hold`` value).
    hold: str = ""

    @property
    def hold_label(self) -> str:
        return str(Payment.Hold(self.hold).label) if self.hold else ""

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ImportPreview:
    file_name: str
    sha256: str
    lines: list[ParsedLine]
    errors: list[str] = field(default_factory=list)  # errors of the file itself
    file_format: str = "csv"

    @property
    def format_label(self) -> str:
        return FORMAT_LABELS.get(self.file_format, self.file_format)

    def count(self, outcome: str) -> int:
        return sum(1 for ln in self.lines if ln.outcome == outcome)

    @property
    def invalid(self) -> int:
        return sum(1 for ln in self.lines if not ln.ok)


def _date(text: str) -> dt.date:
    t = text.strip()
    for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(t, fmt).date()  # noqa: DTZ007 - a calendar date
        except ValueError:
            continue
    raise ValueError("data inválida (use dd/mm/aaaa ou aaaa-mm-dd)")


def parse_amount(text: str) -> int:
    """``1.234,56`` (Brazilian) or ``1234.56`` → cents."""
    t = text.strip().replace("R$", "").replace(" ", "")
    if "," in t:
        t = t.replace(".", "").replace(",", ".")
    if not re.fullmatch(r"\d+(\.\d{1,2})?", t):
        raise ValueError("valor inválido (use 1234,56 ou 1234.56)")
    try:
        cents = to_cents(Decimal(t))
    except InvalidOperation:
        raise ValueError("valor inválido") from None
    if cents <= 0:
        raise ValueError("o valor deve ser positivo")
    return cents


#: The formats an import reads, as people name them.
FORMAT_LABELS = {
    "csv": "CSV (planilha)",
    **bank_returns.LABELS,
    ofx_statement.OFX: ofx_statement.LABEL,
}


def parse_file(content: bytes, file_name: str = "extrato.csv", *, zone: dt.tzinfo) -> ImportPreview:
    """Read a bank file of any accepted format into lines with their hash; ``zone`` is the
    municipality's clock, which dates an OFX posting given as an instant and says which day is
    today: a payment dated after it is refused. A file over the size limit, or whose bytes are
    not text, is refused whole naming the line (``core.uploads``)."""
    uploads.within_limit(content, "csv")
    text = uploads.text_decoded(content)
    today = timezone.localdate(timezone=zone)
    if ofx_statement.looks_like_ofx(text):
        ofx = ofx_statement.parse(content, text, zone)
        return _preview_of(content, file_name, ofx_statement.OFX, ofx.entries, ofx.errors, today)
    found = bank_returns.parse(text)
    if found is not None:
        return _preview_of(content, file_name, found.kind, found.entries, found.errors, today)
    return _parse_csv(content, file_name, text, today)


def _not_after(day: dt.date, today: dt.date) -> str | None:
    """A payment cannot be dated after the day it is imported: the bank reports what it has
    received, and a date ahead is a wrong file or a wrong field."""
    if day > today:
        return f"{day:%d/%m/%Y} é posterior à data da importação ({today:%d/%m/%Y})"
    return None


def _line_hash(norm: str, seen: dict[str, int]) -> str:
    """The hash of a payment's normalised identity and how many identical ones came before it in
    the file: the same payment twice in one file is two payments; the same file twice is not."""
    k = seen.get(norm, 0)
    seen[norm] = k + 1
    return hashlib.sha256(f"{norm}#{k}".encode()).hexdigest()


_METHODS = {
    "barcode": Payment.Method.BARCODE,
    "pix": Payment.Method.PIX,
    "transfer": Payment.Method.TRANSFER,
}


def _preview_of(
    content: bytes,
    file_name: str,
    file_format: str,
    entries: Sequence[bank_returns.Entry],
    errors: list[str],
    today: dt.date,
) -> ImportPreview:
    """The payments a return file or an OFX reports, as lines of the preview. The hash is made
    of what the bank identifies the payment by, so the same payment in a later file (a resent
    return, an overlapping statement) is a duplicate."""
    preview = ImportPreview(
        file_name=file_name[:200],
        sha256=hashlib.sha256(content).hexdigest(),
        lines=[],
        errors=list(errors),
        file_format=file_format,
    )
    if not errors:
        # An invalid payment refuses a return file or OFX whole, as its other errors do.
        for e in entries:
            if (ahead := _not_after(e.paid_on, today)) is not None:
                preview.errors.append(f"{e.date_at}: {ahead}")
        preview.errors = preview.errors[: bank_returns.MAX_ERRORS]
    if preview.errors:
        return preview
    seen: dict[str, int] = {}
    for e in entries:
        line = ParsedLine(
            number=e.line,
            raw=e.bank_id,
            paid_on=e.paid_on,
            amount_cents=e.amount_cents,
            reference=e.reference[:60],
            payer=e.payer[:14],
            method=_METHODS[e.method],
        )
        if e.amount_cents <= 0:
            line.errors.append("o valor deve ser positivo")
        if not line.reference:
            line.errors.append("sem referência do débito")
        norm = f"{file_format}|{e.bank_id}|{e.paid_on}|{e.amount_cents}|{line.reference.upper()}"
        line.line_hash = _line_hash(norm, seen)
        preview.lines.append(line)
    return preview


def _parse_csv(content: bytes, file_name: str, text: str, today: dt.date) -> ImportPreview:
    """Read a bank CSV (header line, ``;`` or ``,`` separated) into lines with their hash."""
    sha = hashlib.sha256(content).hexdigest()
    preview = ImportPreview(file_name=file_name[:200], sha256=sha, lines=[])
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        preview.errors.append("arquivo vazio")
        return preview
    header = [h.strip().lower() for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names:
                where[key] = i
                break
    missing = [COLUMNS[k][0] for k in ("date", "amount", "reference") if k not in where]
    if missing:
        preview.errors.append(
            "linha 1: cabeçalho sem a(s) coluna(s) "
            + ", ".join(missing)
            + " (veja o modelo de arquivo); não é um CSV com cabeçalho, um OFX nem um arquivo "
            "retorno FEBRABAN 150, CNAB 240 ou CNAB 400 (a 1ª linha tem "
            + f"{len(text.splitlines()[0]) if text.strip() else 0} posições)"
        )
        return preview
    seen: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        line = ParsedLine(number=number, raw=delimiter.join(row))

        def cell(key: str, row: Sequence[str] = row) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""

        try:
            line.paid_on = _date(cell("date"))
        except ValueError as exc:
            line.errors.append(str(exc))
        else:
            if (ahead := _not_after(line.paid_on, today)) is not None:
                line.errors.append(f"campo data: {ahead}")
        try:
            line.amount_cents = parse_amount(cell("amount"))
        except ValueError as exc:
            line.errors.append(str(exc))
        line.reference = cell("reference")[:60]
        line.payer = digits(cell("payer"))[:14]
        if not line.reference:
            line.errors.append("referência (txid) vazia")
        if line.ok:
            # The same payment twice in one file is two payments; the same file twice is not.
            norm = f"{line.paid_on}|{line.amount_cents}|{line.reference.upper()}|{line.payer}"
            line.line_hash = _line_hash(norm, seen)
        preview.lines.append(line)
    return preview


def payments_import_preview(
    *, municipality: Municipality, content: bytes, file_name: str
) -> ImportPreview:
    """What importing the file would do, without writing anything."""
    preview = parse_file(content, file_name, zone=zone_of(municipality))
    with tenant(municipality):
        hashes = [ln.line_hash for ln in preview.lines if ln.ok]
        known = set(
            Payment.objects.filter(line_hash__in=hashes).values_list("line_hash", flat=True)
        )
        owed: dict[int, int] = {}
        for ln in preview.lines:
            if not ln.ok:
                ln.outcome = "invalid"
                continue
            if ln.line_hash in known:
                ln.duplicate, ln.outcome = True, "duplicate"
                continue
            ln.debt = find_debt(ln.reference)
            if ln.debt is None:
                ln.outcome, ln.hold = Payment.Status.UNKNOWN, unknown_why(ln.reference)
                continue
            assert ln.amount_cents is not None and ln.paid_on is not None
            twin = counted_already(ln.debt, ln.amount_cents, ln.paid_on, Payment.Source.MANUAL)
            if twin is not None:
                ln.outcome = HELD
                continue
            if ln.debt.pk not in owed:
                owed[ln.debt.pk] = amount_owed(ln.debt) if ln.debt.status in OWED else 0
            left = owed[ln.debt.pk]
            if left == 0 or ln.amount_cents > left:
                ln.outcome = Payment.Status.OVER
            elif ln.amount_cents == left:
                ln.outcome = Payment.Status.MATCHED
            else:
                ln.outcome = Payment.Status.PARTIAL
            owed[ln.debt.pk] = max(0, left - ln.amount_cents)
    return preview


def payments_import(
    *, actor: Actor, municipality: Municipality, content: bytes, file_name: str
) -> PaymentImport:
    """Import a bank CSV. Idempotent: a line already imported (same hash) is reported as a
    duplicate and imports nothing, also when two imports of one file run at the same time."""
    authorize(
        actor=actor, municipality=municipality, action=PAY, law=municipality_law(municipality)
    )
    preview = parse_file(content, file_name, zone=zone_of(municipality))
    if preview.errors:
        raise FieldError("arquivo", "; ".join(preview.errors))
    report: list[dict[str, Any]] = []
    with transaction.atomic(), tenant(municipality):
        batch = PaymentImport.objects.create(
            file_name=preview.file_name,
            file_sha256=preview.sha256,
            file_format=preview.file_format,
            imported_by=actor.user,
        )
        for ln in preview.lines:
            entry: dict[str, Any] = {"linha": ln.number, "referencia": ln.reference}
            if not ln.ok:
                entry.update(resultado="invalid", erros=ln.errors)
                batch.lines_invalid += 1
                report.append(entry)
                continue
            assert ln.paid_on is not None and ln.amount_cents is not None
            entry["valor_centavos"] = ln.amount_cents
            try:
                with transaction.atomic():
                    payment = Payment.objects.create(
                        reference=ln.reference,
                        amount_cents=ln.amount_cents,
                        paid_on=ln.paid_on,
                        payer_document=ln.payer,
                        method=ln.method,
                        source=Payment.Source.IMPORT,
                        batch=batch,
                        line_number=ln.number,
                        line_hash=ln.line_hash,
                        status=Payment.Status.UNKNOWN,
                        recorded_by=actor.user,
                    )
            except IntegrityError:
                entry["resultado"] = "duplicate"
                batch.lines_duplicate += 1
                report.append(entry)
                continue
            debt = find_debt(ln.reference)
            twin = (
                counted_already(debt, ln.amount_cents, ln.paid_on, Payment.Source.MANUAL)
                if debt
                else None
            )
            if twin is not None:
                # Recorded by hand already (the statement seen, the receipt): a person says
                # whether it is the same payment or another, never applied twice unseen.
                payment.note, payment.hold = held_note(twin), Payment.Hold.BY_HAND
                payment.save(update_fields=["note", "hold"])
                entry["mesmo_que"] = twin.pk
            elif debt is not None:
                apply_to_debt(actor=actor, municipality=municipality, payment=payment, debt=debt)
            else:
                payment.hold = unknown_why(ln.reference)
                payment.save(update_fields=["hold"])
            if payment.hold:
                entry["motivo"] = payment.hold
            record_payment_act(actor, municipality, payment)
            entry.update(
                resultado=HELD if twin is not None else payment.status,
                pagamento=payment.pk,
                debito=debt.reference if debt else None,
                excedente_centavos=payment.excess_cents,
            )
            batch.lines_new += 1
            report.append(entry)
        batch.lines_total = len(preview.lines)
        batch.report = report
        batch.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="payment.import",
            obj=batch,
            new={
                "file": batch.file_name,
                "format": batch.file_format,
                "sha256": batch.file_sha256,
                "total": batch.lines_total,
                "new": batch.lines_new,
                "duplicate": batch.lines_duplicate,
                "invalid": batch.lines_invalid,
            },
        )
    return batch

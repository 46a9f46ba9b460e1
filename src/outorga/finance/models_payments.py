"""Payments, refunds, bank imports and the municipality's PIX receiver.

A payment never edits the debt it pays: it is its own row linked to the debt, and the debt's status
moves (paid, refunded) through the services in :mod:`outorga.finance.payments`, each one an act.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel

__all__ = ["FinanceSettings", "Payment", "PaymentImport", "Refund"]


class FinanceSettings(TenantModel):
    """Who receives PIX payments of the municipality's debts (fields 26-01, 59 and 60), and the
    municipality's FEBRABAN code for the guias' arrecadação barcode."""

    class Check(models.TextChoices):
        """Position 3 of the barcode: the amount in reais, and the módulo of its check digits."""

        MOD10 = "6", "módulo 10 (identificador 6)"
        MOD11 = "8", "módulo 11 (identificador 8)"

    pix_key = models.CharField("chave PIX", max_length=77)
    merchant_name = models.CharField("nome do recebedor", max_length=25)
    merchant_city = models.CharField("cidade do recebedor", max_length=15)
    slip_instructions = models.CharField("instruções no documento", max_length=300, blank=True)
    #: The 4-digit company/órgão code FEBRABAN gave the municipality for arrecadação (segment 1,
    #: prefeituras); blank: the guia carries no barcode, only the PIX.
    febraban_code = models.CharField("código FEBRABAN do órgão", max_length=4, blank=True)
    febraban_check = models.CharField(
        "dígitos verificadores do código de barras",
        max_length=1,
        choices=Check.choices,
        default=Check.MOD10,
    )
    example = models.BooleanField("valores de exemplo", default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "configuração financeira"
        constraints = [
            models.UniqueConstraint(fields=["municipality"], name="uniq_finance_settings")
        ]

    def __str__(self) -> str:
        return f"PIX {self.merchant_name}"


class PaymentImport(TenantModel):
    """One bank file imported (a CSV, an OFX statement or a return file: FEBRABAN 150, CNAB 240
    or 400); ``report`` lists what each payment became."""

    file_name = models.CharField("arquivo", max_length=200)
    file_sha256 = models.CharField(max_length=64)
    #: ``csv``, ``ofx``, ``febraban150``, ``cnab240`` or ``cnab400`` (``bank_statement``).
    file_format = models.CharField("formato", max_length=12, default="csv")
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    lines_total = models.PositiveIntegerField(default=0)
    lines_new = models.PositiveIntegerField(default=0)
    lines_duplicate = models.PositiveIntegerField(default=0)
    lines_invalid = models.PositiveIntegerField(default=0)
    report = models.JSONField(default=list)

    class Meta:
        verbose_name = "importação de pagamentos"
        ordering = ["-imported_at", "-id"]

    def __str__(self) -> str:
        return f"importação {self.file_name}"


class Payment(TenantModel):
    class Method(models.TextChoices):
        PIX = "pix", "PIX"
        TRANSFER = "transfer", "transferência/TED"
        CASH = "cash", "dinheiro no caixa"
        BARCODE = "barcode", "guia ou boleto (código de barras)"
        OTHER = "other", "outro"

    class Source(models.TextChoices):
        MANUAL = "manual", "registrado à mão"
        IMPORT = "import", "arquivo do banco"

    class Status(models.TextChoices):
        MATCHED = "matched", "conciliado"  # the debt is paid with this payment
        PARTIAL = "partial", "parcial"  # less than owed: a person decides
        OVER = "over", "a maior"  # more than owed (or debt no longer owed): a person decides
        UNKNOWN = "unknown", "referência desconhecida"  # no debt with that reference
        # The excess was refunded or the line assigned, or (no debt) the bank's line of a payment
        # already recorded by hand (payments.payment_same_as_recorded).
        RESOLVED = "resolved", "resolvido"
        RETURNED = "returned", "devolvido"  # the whole amount is returned to the payer

    class Hold(models.TextChoices):
        """Why a payment waits for a person as of unknown reference (stored when it comes in:
        the page, the report and the API say it, ADR 0026)."""

        NONE = "", "—"
        #: The debt has a payment recorded by hand of this amount and day (``twins``).
        BY_HAND = "by_hand", "igual a pagamento já registrado à mão"
        #: The debt's number alone, without the due date in front (ADR 0018/0026).
        BARE_NUMBER = "bare_number", "número de 17 dígitos sem vencimento — pode ser outro tributo"
        #: A guia's code with a debt's number but not its due date (ADR 0018/0026).
        OTHER_DUE = (
            "other_due",
            "guia com o número de um débito e outro vencimento — pode ser outro tributo",
        )
        UNKNOWN = "unknown", "referência desconhecida"

    #: Statuses that need a person.
    PENDING = (Status.PARTIAL, Status.OVER, Status.UNKNOWN)
    #: Statuses whose amount counts toward the debt.
    APPLIED = (Status.MATCHED, Status.PARTIAL, Status.OVER, Status.RESOLVED)

    debt = models.ForeignKey(
        "finance.Debt", on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    reference = models.CharField("referência informada (txid)", max_length=60, blank=True)
    amount_cents = models.BigIntegerField("valor (centavos)")
    paid_on = models.DateField("data do pagamento")
    payer_document = models.CharField("CPF/CNPJ do pagador", max_length=14, blank=True)
    method = models.CharField("forma", max_length=10, choices=Method.choices)
    source = models.CharField("origem", max_length=10, choices=Source.choices)
    batch = models.ForeignKey(
        PaymentImport, on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    line_number = models.PositiveIntegerField("linha do arquivo", null=True, blank=True)
    # SHA-256 of the normalised bank line (and its repetition within the file): importing the
    # same statement twice finds every line already there. A payment recorded by hand carries
    # the hash of its form's key instead (payments.manual_hash): a form sent twice is one payment.
    line_hash = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 - unique when set
    status = models.CharField("situação", max_length=10, choices=Status.choices)
    excess_cents = models.BigIntegerField("excedente (centavos)", default=0)
    #: Why it was left of unknown reference; kept after a person resolves it.
    hold = models.CharField(
        "motivo da retenção", max_length=12, choices=Hold.choices, blank=True, default=""
    )
    note = models.CharField("observação", max_length=300, blank=True)
    recorded_by = models.ForeignKey(
        "core.User", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "pagamento"
        ordering = ["-paid_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "line_hash"],
                condition=models.Q(line_hash__isnull=False),
                name="uniq_payment_line",
            ),
            models.CheckConstraint(condition=models.Q(amount_cents__gt=0), name="payment_positive"),
        ]
        indexes = [models.Index(fields=["municipality", "status"], name="payment_status_idx")]

    def __str__(self) -> str:
        return f"pagamento {self.pk} {self.reference}"

    @property
    def status_label(self) -> str:
        """The status as the screens and the API say it: a payment waiting of unknown reference
        says why it was held."""
        if self.status != self.Status.UNKNOWN or not self.hold:
            return str(self.get_status_display())
        return self.hold_label

    @property
    def hold_label(self) -> str:
        """Why the payment was held ("" if it was not); the payment recorded by hand it matches
        has its day, which is this one's."""
        if self.hold == self.Hold.BY_HAND:
            return f"{self.get_hold_display()} em {self.paid_on:%d/%m/%Y}"
        return str(self.get_hold_display()) if self.hold else ""


class Refund(TenantModel):
    """Money the municipality owes back (restituição): an upheld defence (mototaxi art. 42 §1–2),
    a fine reduced on appeal after it was paid (Lei 9.784/1999 art. 64), the excess of a payment,
    or a payment returned whole."""

    class Kind(models.TextChoices):
        UPHELD_DEFENCE = "defence", "defesa julgada procedente"
        EXCESS = "excess", "pagamento a maior"
        RETURNED = "returned", "pagamento devolvido"
        PARTIAL = "partial", "recurso provido em parte (multa reduzida)"

    class Status(models.TextChoices):
        PENDING = "pending", "a restituir"
        PAID_OUT = "paid_out", "restituído ao pagador"

    debt = models.ForeignKey(
        "finance.Debt", on_delete=models.PROTECT, null=True, blank=True, related_name="refunds"
    )
    payment = models.ForeignKey(
        Payment, on_delete=models.PROTECT, null=True, blank=True, related_name="refunds"
    )
    kind = models.CharField("motivo", max_length=10, choices=Kind.choices)
    amount_cents = models.BigIntegerField("valor (centavos)")
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.PENDING
    )
    decision_ref = models.CharField("decisão", max_length=120, blank=True)
    note = models.CharField("observação", max_length=300, blank=True)
    basis = models.JSONField("fundamentos", default=dict, blank=True)
    #: The day the refund became owed (the decision, or the person's act giving it back): it may
    #: come before the day it was recorded, never after it nor before the payment it gives back.
    decided_on = models.DateField("data da decisão")
    paid_out_on = models.DateField("restituído em", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "restituição"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount_cents__gt=0), name="refund_positive")
        ]

    def __str__(self) -> str:
        return f"restituição {self.pk}"

"""The ledger: debts (fines, fees, contrapartida instalments, removal and storage) and payments.

The registry issue needs only debts (taxi renewal is blocked by final debts, D-11; the taxi
contrapartida plan becomes debts, D-12); enforcement extends this with payments and refunds.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class Debt(TenantModel):
    class Origin(models.TextChoices):
        FINE = "fine", "multa"
        FEE = "fee", "taxa"
        CONTRAPARTIDA = "contrapartida", "contrapartida da permissão"
        REMOVAL = "removal", "remoção"
        STORAGE = "storage", "estadia"
        TAX = "tax", "tributo"

    class Status(models.TextChoices):
        OPEN = "open", "em aberto"  # issued, not yet due
        UNDER_APPEAL = "under_appeal", "em defesa ou recurso"
        FINAL = "final", "definitivo"  # due and not contested: blocks renewals (D-11)
        PAID = "paid", "pago"
        REFUNDED = "refunded", "restituído"
        CANCELLED = "cancelled", "cancelado"

    person = models.ForeignKey("registry.Person", on_delete=models.PROTECT, related_name="debts")
    permit = models.ForeignKey(
        "registry.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="debts"
    )
    origin = models.CharField("origem", max_length=15, choices=Origin.choices)
    description = models.CharField("descrição", max_length=200)
    amount_cents = models.BigIntegerField("valor (centavos)")
    due_on = models.DateField("vencimento")
    status = models.CharField(
        "situação", max_length=15, choices=Status.choices, default=Status.OPEN
    )
    instalment = models.PositiveSmallIntegerField("parcela", null=True, blank=True)
    instalments = models.PositiveSmallIntegerField("de", null=True, blank=True)
    reference = models.CharField("referência", max_length=40, unique=True)
    #: The debt's number in the municipality, digits only: the reference holds a letter and the
    #: FEBRABAN barcode's free field holds digits (``finance.febraban``).
    number = models.PositiveBigIntegerField("número da guia", null=True, blank=True)
    basis = models.JSONField("fundamentos", default=dict, blank=True)
    #: A charge of an infraction whose case is not final yet — a seizure's fine, removal and
    #: storage, due at once so the vehicle can be released (mototaxi art. 35 §1) while the defence
    #: and appeals run (art. 42–44). Until enforcement clears it when the case becomes final, the
    #: debt never turns final by its due date nor blocks a renewal (decisions D-1, D-11); it can
    #: be paid all the same.
    awaiting_finality = models.BooleanField("aguarda decisão definitiva", default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="final", awaiting_finality=True),
                name="debt_final_not_awaiting_finality",
            ),
            models.UniqueConstraint(fields=["municipality", "number"], name="uniq_debt_number"),
        ]

    def __str__(self) -> str:
        return f"{self.get_origin_display()} {self.reference}"


from .models_payments import *  # noqa: E402,F403

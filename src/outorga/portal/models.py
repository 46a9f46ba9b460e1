"""Avisos (notifications): what the daily sweep tells the clerks and the permit holder — documents
about to expire, a permit marked irregular, a vehicle to replace, an auxiliary's credential ending.

A notification is a message, not an administrative act: the acts it follows from (a permit marked
irregular…) are in the acts log. UI label "aviso", so it is not confused with the formal
notificação (``Notice``) of the enforcement procedure.
"""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class Notification(TenantModel):
    class Kind(models.TextChoices):
        DOCUMENT_EXPIRING = "document_expiring", "documento a vencer"
        DOCUMENT_EXPIRED = "document_expired", "documento vencido"
        LICENCE_EXPIRING = "licence_expiring", "CNH a vencer"
        CERTIFICATE_EXPIRING = "certificate_expiring", "certificado de registro a vencer"
        PERMIT_IRREGULAR = "permit_irregular", "permissão irregular"
        PERMIT_REGULAR = "permit_regular", "permissão regularizada"
        VEHICLE_AGE = "vehicle_age", "substituição de veículo por idade"
        AUXILIARY_CREDENTIAL = "auxiliary_credential", "credencial de auxiliar a vencer"
        AUXILIARY_CREDENTIAL_EXPIRED = (
            "auxiliary_credential_expired",
            "credencial de auxiliar vencida",
        )
        OTHER = "other", "outro"

    #: The holder it is addressed to; null for a notice to the staff only.
    person = models.ForeignKey(
        "registry.Person",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name="destinatário",
    )
    permit = models.ForeignKey(
        "registry.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name="permissão",
    )
    kind = models.CharField("tipo", max_length=40, choices=Kind.choices)
    message = models.CharField("mensagem", max_length=500)
    due_on = models.DateField("prazo", null=True, blank=True)
    #: Identifies what the notice is about (document, threshold…): the sweep creates each once.
    key = models.CharField(max_length=160)
    created_at = models.DateTimeField("criado em", auto_now_add=True)
    read_at = models.DateTimeField("lido em", null=True, blank=True)

    class Meta:
        verbose_name = "aviso"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "key"], name="uniq_notification_key")
        ]
        indexes = [models.Index(fields=["municipality", "person", "read_at"], name="notif_inbox")]

    def __str__(self) -> str:
        return self.message

"""The portal keeps one model of its own: how an outside person's account came about (self
sign-up with activation by email, or a clerk's invitation). The avisos it shows are the
registry's (``registry.models.Notification``)."""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class Account(TenantModel):
    class Origin(models.TextChoices):
        SIGNUP = "signup", "cadastro pelo próprio interessado"
        INVITATION = "invitation", "convite do atendimento"

    user = models.OneToOneField("core.User", on_delete=models.PROTECT, related_name="account")
    #: The CPF given (digits): the registry's person is found or created by it on activation.
    document = models.CharField("CPF", max_length=11)
    name = models.CharField("nome", max_length=200)
    origin = models.CharField("origem", max_length=12, choices=Origin.choices)
    created_at = models.DateTimeField("criada em", auto_now_add=True)
    activated_at = models.DateTimeField("ativada em", null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["municipality", "document"], name="uniq_account_cpf")
        ]

    def __str__(self) -> str:
        return f"Conta {self.user_id}"

"""Ride-hailing platforms (OTTC). The foundation keeps only what API credentials need; the
platforms issue extends it (credentialing, rosters, reports)."""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel


class Platform(TenantModel):
    class Status(models.TextChoices):
        CREDENTIALED = "credentialed", "credenciada"
        SUSPENDED = "suspended", "suspensa"
        CANCELLED = "cancelled", "cancelada"

    cnpj = models.CharField("CNPJ", max_length=14)
    name = models.CharField("nome", max_length=120)
    status = models.CharField(
        "situação", max_length=20, choices=Status.choices, default=Status.CREDENTIALED
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "cnpj"], name="uniq_platform_cnpj")
        ]

    def __str__(self) -> str:
        return self.name

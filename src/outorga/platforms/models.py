"""Ride-hailing platforms (OTTC). The foundation keeps only what API credentials need; the
platforms issue extends it (credentialing, rosters, reports)."""

from __future__ import annotations

from django.db import models

from outorga.core.tenancy import TenantModel

from .validators import validate_cpf, validate_plate


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


class PlatformDriver(TenantModel):
    """A driver (and the vehicle) a platform registered through the API (apps art. 4, 17)."""

    class VehicleKind(models.TextChoices):
        CAR = "car", "automóvel"
        UTILITY = "utility", "utilitário"
        MOTORCYCLE = "motorcycle", "motocicleta"
        MOTONETA = "motoneta", "motoneta"
        CICLOMOTOR = "ciclomotor", "ciclomotor"
        OTHER_TWO_WHEELER = "other_two_wheeler", "outro veículo de duas rodas"
        OTHER = "other", "outro"

    class Status(models.TextChoices):
        ENABLED = "enabled", "habilitado"
        DISABLED = "disabled", "desativado"
        REFUSED = "refused", "recusado"

    platform = models.ForeignKey(
        Platform, on_delete=models.PROTECT, related_name="drivers", verbose_name="plataforma"
    )
    cpf = models.CharField("CPF", max_length=11, validators=[validate_cpf])
    name = models.CharField("nome", max_length=160)
    cnh_number = models.CharField("número da CNH", max_length=20)
    cnh_category = models.CharField("categoria da CNH", max_length=3)
    cnh_ear = models.BooleanField("CNH com observação EAR", default=False)
    vehicle_plate = models.CharField("placa", max_length=7, validators=[validate_plate])
    vehicle_kind = models.CharField("tipo de veículo", max_length=20, choices=VehicleKind.choices)
    vehicle_manufacture_year = models.PositiveSmallIntegerField("ano de fabricação")
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.ENABLED
    )
    enabled_at = models.DateTimeField("habilitado em", null=True, blank=True)
    disabled_at = models.DateTimeField("desativado em", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Documents of apps art. 4 (II–VI).
    criminal_certificate = models.BooleanField("certidão negativa criminal", default=False)
    criminal_certificate_date = models.DateField("data da certidão criminal", null=True, blank=True)
    app_insurance = models.BooleanField("seguro APP", default=False)
    app_insurance_policy = models.CharField("apólice do seguro APP", max_length=40, blank=True)
    app_insurance_valid_until = models.DateField("seguro APP válido até", null=True, blank=True)
    dpvat = models.BooleanField("seguro DPVAT/SPVAT", default=False)
    debt_clearance = models.BooleanField("certidão negativa de débitos municipais", default=False)
    debt_clearance_date = models.DateField("data da certidão de débitos", null=True, blank=True)
    inss = models.BooleanField("inscrição no INSS", default=False)
    inss_number = models.CharField(
        "número de inscrição no INSS (NIT/PIS)", max_length=20, blank=True
    )

    # The law core's decision trace of the last eligibility check (JSON-serialisable).
    decision = models.JSONField("decisão (rastro do núcleo jurídico)", default=dict, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = "motorista de plataforma"
        verbose_name_plural = "motoristas de plataforma"
        indexes = [
            models.Index(fields=["municipality", "cpf"], name="platdriver_cpf_idx"),
            models.Index(fields=["platform", "status"], name="platdriver_status_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.platform})"

"""Municipalities, their dated facts, users and roles, API tokens and the acts log."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models

from outorga.law.bindings import SERVICE_LABELS, Binding, laws_of
from outorga.law.competence import ROLE_LABELS, Role

from .tenancy import TenantModel, unscoped


class Municipality(models.Model):
    ibge_code = models.CharField("código IBGE", max_length=7, unique=True)
    name = models.CharField("nome", max_length=120)
    uf = models.CharField("UF", max_length=2)
    slug = models.SlugField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "município"
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name}/{self.uf}"

    def law_bindings(self) -> tuple[Binding, ...]:
        """Which law governs which service here, from when (``LawBinding`` rows), read once per
        instance; recording a binding forgets what was read."""
        cached: tuple[Binding, ...] | None = getattr(self, "_bindings", None)
        if cached is None:
            with unscoped():  # the municipality's own rows, whichever is current
                rows = LawBinding.objects.filter(municipality_id=self.pk).order_by("valid_from")
                cached = tuple(r.as_binding() for r in rows)
            self._bindings = cached
        return cached

    def forget_bindings(self) -> None:
        self.__dict__.pop("_bindings", None)

    @property
    def laws(self) -> tuple[str, ...]:
        """Every law bound here, now or before: facts of a past date are judged by the law bound
        on that date (D-15)."""
        return laws_of(self.law_bindings())


class PopulationFigure(TenantModel):
    """An IBGE population figure, in force from ``effective`` (D-7)."""

    value = models.PositiveIntegerField("população")
    reference_year = models.PositiveSmallIntegerField("ano de referência")
    effective = models.DateField("em vigor desde")
    source = models.CharField("fonte", max_length=200)

    class Meta:
        ordering = ["-effective"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "reference_year", "effective"], name="uniq_population"
            )
        ]


class FiscalUnitValue(TenantModel):
    """Value in reais of the municipality's fiscal unit (UFPI, UPFBG…) from a date (D-5)."""

    name = models.CharField("unidade", max_length=20)
    value = models.DecimalField("valor (R$)", max_digits=12, decimal_places=4)
    valid_from = models.DateField("válido a partir de")
    legal_reference = models.CharField("referência legal", max_length=300)
    example = models.BooleanField("valor de exemplo", default=False)

    class Meta:
        ordering = ["name", "-valid_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "name", "valid_from"], name="uniq_fiscal_unit"
            )
        ]


class CalendarDay(TenantModel):
    """A municipal holiday, an optional day (ponto facultativo) or a day the office was declared
    closed: none of them is a business day (D-4; Lei 9.784/1999 art. 66 §1)."""

    class Kind(models.TextChoices):
        HOLIDAY = "holiday", "feriado municipal"
        OPTIONAL = "optional", "ponto facultativo"
        CLOSED = "closed", "expediente suspenso"

    date = models.DateField("data")
    kind = models.CharField("tipo", max_length=10, choices=Kind.choices)
    description = models.CharField("descrição", max_length=200)
    legal_reference = models.CharField("ato", max_length=200, blank=True)

    class Meta:
        ordering = ["date"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "date"], name="uniq_calendar_day")
        ]


class ParameterOverride(TenantModel):
    """A municipality's dated value for a law parameter (decree values, amendments; D-15)."""

    name = models.CharField("parâmetro", max_length=120)
    effective = models.DateField("em vigor desde")
    value = models.JSONField("valor")
    legal_reference = models.CharField("ato", max_length=300)
    example = models.BooleanField("valor de exemplo", default=False)

    class Meta:
        ordering = ["name", "-effective"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "name", "effective"], name="uniq_param_override"
            )
        ]


class RuleSuspension(TenantModel):
    """A rule suspended by a court from a date (D-16)."""

    rule = models.CharField("regra", max_length=120)
    start = models.DateField("início")
    end = models.DateField("fim", null=True, blank=True)
    reference = models.CharField("decisão (tribunal, processo, data)", max_length=300)

    class Meta:
        ordering = ["rule", "start"]


class LawBinding(TenantModel):
    """From ``valid_from`` (to ``valid_until``, inclusive, when set) ``service`` is governed here
    by the rulebook ``law`` — the municipality's own law or another's adopted by reference."""

    service = models.CharField(
        "serviço", max_length=12, choices=[(str(k), v) for k, v in SERVICE_LABELS.items()]
    )
    law = models.CharField("lei (regras)", max_length=60)
    valid_from = models.DateField("em vigor desde")
    valid_until = models.DateField("em vigor até", null=True, blank=True)
    reference = models.CharField("ato (lei, decreto de adoção)", max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["service", "valid_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "service", "valid_from"], name="uniq_law_binding_start"
            ),
            models.CheckConstraint(
                condition=models.Q(valid_until__isnull=True)
                | models.Q(valid_until__gte=models.F("valid_from")),
                name="law_binding_period",
            ),
        ]

    def as_binding(self) -> Binding:
        return Binding(self.service, self.law, self.valid_from, self.valid_until, self.reference)


class User(AbstractUser):
    """A person (or a platform's API client) using Outorga in one municipality."""

    class RoleChoice(models.TextChoices):
        ATENDENTE = Role.ATENDENTE.value, ROLE_LABELS[Role.ATENDENTE]
        FISCAL = Role.FISCAL.value, ROLE_LABELS[Role.FISCAL]
        AUTORIDADE = Role.AUTORIDADE.value, ROLE_LABELS[Role.AUTORIDADE]
        JARI = Role.JARI.value, ROLE_LABELS[Role.JARI]
        CHEFE_EXECUTIVO = Role.CHEFE_EXECUTIVO.value, ROLE_LABELS[Role.CHEFE_EXECUTIVO]
        FINANCAS = Role.FINANCAS.value, ROLE_LABELS[Role.FINANCAS]
        PLATAFORMA = Role.PLATAFORMA.value, ROLE_LABELS[Role.PLATAFORMA]
        PERMISSIONARIO = Role.PERMISSIONARIO.value, ROLE_LABELS[Role.PERMISSIONARIO]
        ADMIN = Role.ADMIN.value, ROLE_LABELS[Role.ADMIN]

    # Null only for system administrators, who are not of any municipality.
    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, null=True, blank=True, related_name="users"
    )
    role = models.CharField("papel", max_length=20, choices=RoleChoice.choices)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(municipality__isnull=False) | models.Q(role="admin"),
                name="user_has_municipality_unless_admin",
            )
        ]

    @property
    def role_enum(self) -> Role:
        return Role(self.role)

    @property
    def role_label(self) -> str:
        return ROLE_LABELS[Role(self.role)]


def secret_sha256(secret: str) -> str:
    """What is kept of a secret shown once (a token, a complaint's tracking code): its SHA-256,
    against which ``core.tokens.matching`` checks a presented one."""
    return hashlib.sha256(secret.encode()).hexdigest()


class ClientToken(TenantModel):
    """A machine client's API credential, whoever the client (``core.tokens``): shown once,
    stored as a SHA-256 digest, revocable.

    The secret has 256 random bits, so a fast digest is enough (nothing to brute-force).
    """

    name = models.CharField("nome", max_length=80)
    prefix = models.CharField(max_length=12, unique=True)
    digest = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    digest_of = staticmethod(secret_sha256)

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class ApiToken(ClientToken):
    """A platform's API credential."""

    platform = models.ForeignKey(
        "platforms.Platform", on_delete=models.PROTECT, related_name="tokens"
    )


class ActChain(models.Model):
    """Head of a municipality's hash chain; locked while an act is appended."""

    municipality = models.OneToOneField(Municipality, on_delete=models.PROTECT, primary_key=True)
    last_seq = models.PositiveBigIntegerField(default=0)
    last_hash = models.CharField(max_length=64, default="0" * 64)

    def __str__(self) -> str:
        return f"cadeia de atos de {self.municipality_id} até {self.last_seq}"


class Act(TenantModel):
    """One administrative act: append-only, hash-chained per municipality.

    ``canonical`` holds the exact JSON text that was hashed, so verification never depends on how
    the database renders JSON.
    """

    class Outcome(models.TextChoices):
        DONE = "done", "realizado"
        REFUSED = "refused", "recusado"

    seq = models.PositiveBigIntegerField()
    created_at = models.DateTimeField()
    actor = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True)
    role = models.CharField(max_length=20, blank=True)
    action = models.CharField(max_length=80)
    object_type = models.CharField(max_length=80, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.DONE)
    ip = models.GenericIPAddressField(null=True, blank=True)
    canonical = models.TextField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["municipality_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["municipality", "seq"], name="uniq_act_seq")]

    def __str__(self) -> str:
        return f"ato {self.seq} ({self.action})"

    @property
    def record(self) -> dict[str, Any]:
        import json

        data: dict[str, Any] = json.loads(self.canonical)
        return data


class ActCheckpoint(TenantModel):
    """A signed statement of a municipality's chain head (how many acts, the last one's hash),
    kept here and as a JSON file the municipality keeps or publishes outside the database
    (``outorga audit checkpoint``). ``outorga audit verify`` checks the log against every one:
    acts cut from the tail or a wiped log cannot pass unseen. No foreign key to an act, so a
    ``TRUNCATE core_act CASCADE`` leaves the checkpoints that expose it."""

    created_at = models.DateTimeField()
    last_seq = models.PositiveBigIntegerField()
    count = models.PositiveBigIntegerField()
    head_hash = models.CharField(max_length=64)
    key_id = models.PositiveIntegerField()
    # The signed body exactly as signed, and its Ed25519 signature (base64url).
    signed = models.TextField()
    signature = models.CharField(max_length=100)

    class Meta:
        verbose_name = "ponto de controle do registro de atos"
        ordering = ["municipality_id", "last_seq", "id"]

    def __str__(self) -> str:
        return f"ponto de controle até o ato {self.last_seq}"


class TaskLease(models.Model):
    """A worker's hold on a background task while it runs (``outorga db_worker``): renewed while
    the worker lives; once expired, the task is taken again by another worker (ADR 0016)."""

    task = models.OneToOneField(
        "django_tasks_database.DBTaskResult",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="outorga_lease",
    )
    worker_id = models.CharField(max_length=64)
    expires_at = models.DateTimeField(db_index=True)
    attempts = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"tarefa {self.task_id} com {self.worker_id} até {self.expires_at:%H:%M:%S}"


from .models_mail import *  # noqa: E402,F403
from .models_sweep import *  # noqa: E402,F403

"""Trip and session files of the platforms (apps art. 21, 24) and what Outorga keeps of them.

Individual trips are not stored in the application database (docs/decisions/0005): the uploaded
file is kept as evidence, and the tables hold the aggregates the municipality acts on — per driver
per month, per platform per month, validation counts with sample rows, the concurrency peak and the
ISSQN statements.
"""

from __future__ import annotations

import datetime as dt

from django.db import models

from outorga.core.tenancy import TenantModel


class TripUpload(TenantModel):
    """One file a platform sent for one month. Processing runs in a background task."""

    class Kind(models.TextChoices):
        TRIPS = "trips", "corridas"
        SESSIONS = "sessions", "sessões (motorista on-line)"
        VEHICLES = "vehicles", "veículos (MDS /vehicles)"

    class Schema(models.TextChoices):
        NATIVE = "native", "esquema do Outorga"
        MDS = "mds", "MDS 2.0 (passenger services)"

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        PARQUET = "parquet", "Parquet"
        NDJSON = "ndjson", "NDJSON"

    class Status(models.TextChoices):
        QUEUED = "queued", "na fila"
        PROCESSING = "processing", "processando"
        DONE = "done", "processado"
        FAILED = "failed", "falhou"

    platform = models.ForeignKey(
        "platforms.Platform", on_delete=models.PROTECT, related_name="trip_uploads"
    )
    month = models.DateField("mês de competência")  # first day of the month
    kind = models.CharField("conteúdo", max_length=10, choices=Kind.choices)
    schema = models.CharField("esquema", max_length=10, choices=Schema.choices)
    file_format = models.CharField("formato", max_length=10, choices=Format.choices)
    file = models.FileField("arquivo", upload_to="tripdata/%Y/%m/")
    original_name = models.CharField("nome do arquivo", max_length=200)
    size = models.PositiveBigIntegerField("tamanho (bytes)")
    sha256 = models.CharField("SHA-256 do conteúdo", max_length=64)
    # Counted on receipt; the worker checks that the reader separated every one (a stray quote
    # must not silently swallow the lines after it). Null for files received before it.
    lines = models.PositiveBigIntegerField("linhas do arquivo", null=True, blank=True)
    idempotency_key = models.CharField(max_length=100, blank=True)
    # A trips file may cover part of the month: the trips that end in [window_start, window_end)
    # (as the MDS Provider API pages /trips by the hour of end_time). The month adds up the
    # files whose window no later file's window contains (``tripdata.months``); no window is the
    # whole month, which replaces every file before it.
    window_start = models.DateTimeField(
        "início da janela (fim das corridas)", null=True, blank=True
    )
    window_end = models.DateTimeField("fim da janela (exclusivo)", null=True, blank=True)
    submitted_by = models.CharField("enviado por", max_length=60)
    status = models.CharField(
        "situação", max_length=12, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField("progresso (%)", default=0)
    stage = models.CharField("etapa", max_length=80, blank=True)
    error = models.TextField("erro", blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    #: Each run of the processing task takes the next number; only the run holding the latest
    #: stores its results (a run taken for dead that comes back stores nothing).
    attempts = models.PositiveIntegerField("tentativas de processamento", default=0)
    rows = models.PositiveBigIntegerField("linhas", null=True, blank=True)
    rows_counted = models.PositiveBigIntegerField("linhas contabilizadas", null=True, blank=True)
    rows_clean = models.PositiveBigIntegerField("linhas sem ocorrência", null=True, blank=True)
    peak_drivers = models.PositiveIntegerField("pico de motoristas", null=True, blank=True)
    peak_at = models.DateTimeField("instante do pico", null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["platform", "month", "kind"], name="tripupload_month_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="uniq_tripupload_idempotency",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.month:%m/%Y} ({self.original_name})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class ValidationCount(TenantModel):
    """How many rows of a file showed one kind of problem, with a few of them as samples."""

    upload = models.ForeignKey(TripUpload, on_delete=models.CASCADE, related_name="validation")
    kind = models.CharField("ocorrência", max_length=30)
    label = models.CharField("descrição", max_length=120)
    count = models.PositiveBigIntegerField("linhas")
    excludes = models.BooleanField("linha fora dos totais", default=False)
    samples = models.JSONField("exemplos", default=list)

    class Meta:
        ordering = ["-count", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["upload", "kind"], name="uniq_validation_kind")
        ]


class MdsVehicle(TenantModel):
    """A vehicle of a platform's MDS ``/vehicles`` file: the device its MDS trips name, its
    plate and what the platform reports it to be (art. 17). A device's plate and type are the
    ones of the newest processed file that lists it."""

    upload = models.ForeignKey(TripUpload, on_delete=models.CASCADE, related_name="vehicles")
    platform = models.ForeignKey("platforms.Platform", on_delete=models.PROTECT, related_name="+")
    device_id = models.CharField("device_id (MDS)", max_length=64)
    plate = models.CharField("placa", max_length=10)
    vehicle_type = models.CharField("vehicle_type (MDS)", max_length=32, blank=True, default="")
    propulsion_types = models.JSONField("propulsion_types (MDS)", default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["upload", "device_id"], name="uniq_mds_vehicle")
        ]
        indexes = [models.Index(fields=["platform", "device_id"], name="mdsvehicle_device_idx")]


class DriverMonth(TenantModel):
    """Totals of one driver in one month, from one trips file (the month adds up its current
    files, ``tripdata.months.current_trip_uploads``; replaced files' rows stay as history)."""

    upload = models.ForeignKey(TripUpload, on_delete=models.CASCADE, related_name="drivers")
    platform = models.ForeignKey("platforms.Platform", on_delete=models.PROTECT, related_name="+")
    month = models.DateField("mês")
    driver_cpf = models.CharField("CPF do motorista", max_length=11)
    on_roster = models.BooleanField("cadastrado pela plataforma")
    trips = models.PositiveIntegerField("corridas")
    gross_cents = models.BigIntegerField("receita bruta das corridas")
    retention_cents = models.BigIntegerField("retenção da plataforma")
    distance_m = models.BigIntegerField("distância (m)")
    duration_s = models.BigIntegerField("duração (s)")

    class Meta:
        ordering = ["driver_cpf"]
        constraints = [
            models.UniqueConstraint(fields=["upload", "driver_cpf"], name="uniq_driver_month")
        ]


class PlatformMonth(TenantModel):
    """A platform's month as Outorga measured it: the current trips and sessions files, totals,
    the concurrency peak (D-9 b) and the law core's answer on it. ``trips_upload`` is the newest
    of the month's current trips files (one per window, ``tripdata.months``)."""

    class PeakSource(models.TextChoices):
        SESSIONS = "sessions", "sessões"
        TRIPS = "trips", "corridas"

    platform = models.ForeignKey(
        "platforms.Platform", on_delete=models.PROTECT, related_name="trip_months"
    )
    month = models.DateField("mês")
    trips_upload = models.ForeignKey(
        TripUpload, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sessions_upload = models.ForeignKey(
        TripUpload, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    trips = models.PositiveBigIntegerField("corridas", default=0)
    drivers = models.PositiveIntegerField("motoristas com corridas", default=0)
    gross_cents = models.BigIntegerField("receita bruta das corridas", default=0)
    retention_cents = models.BigIntegerField("receita de intermediação", default=0)
    peak_trips = models.PositiveIntegerField("pico medido pelas corridas", null=True, blank=True)
    peak_trips_at = models.DateTimeField(null=True, blank=True)
    peak_sessions = models.PositiveIntegerField("pico medido pelas sessões", null=True, blank=True)
    peak_sessions_at = models.DateTimeField(null=True, blank=True)
    peak = models.PositiveIntegerField("pico de motoristas simultâneos", null=True, blank=True)
    peak_at = models.DateTimeField("instante do pico", null=True, blank=True)
    peak_source = models.CharField(max_length=10, choices=PeakSource.choices, blank=True)
    candidate = models.BooleanField("candidato a infração (art. 3, §2)", default=False)
    decision = models.JSONField("rastro da decisão (pico)", default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-month", "platform__name"]
        constraints = [
            models.UniqueConstraint(fields=["platform", "month"], name="uniq_platform_month")
        ]

    @property
    def year_month(self) -> tuple[int, int]:
        return self.month.year, self.month.month


class IssqnStatement(TenantModel):
    """The month's ISSQN (D-14): the platform's own tax and each driver's tax it withholds."""

    platform = models.ForeignKey(
        "platforms.Platform", on_delete=models.PROTECT, related_name="issqn_statements"
    )
    month = models.DateField("mês")
    source_upload = models.ForeignKey(TripUpload, on_delete=models.PROTECT, related_name="+")
    base_source = models.CharField("base da intermediação", max_length=20)
    intermediation_base_cents = models.BigIntegerField("base da plataforma")
    platform_iss_cents = models.BigIntegerField("ISS próprio", null=True, blank=True)
    withheld_cents = models.BigIntegerField("ISS retido dos motoristas", null=True, blank=True)
    total_cents = models.BigIntegerField("total", null=True, blank=True)
    complete = models.BooleanField("completo", default=False)
    decision = models.JSONField("rastro da decisão", default=dict)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-month", "platform__name"]
        constraints = [
            models.UniqueConstraint(fields=["platform", "month"], name="uniq_issqn_statement")
        ]


#: How a statement line's regime reads (D-14): the platform's general regime, the driver's
#: capacity of apps art. 20.
REGIME_LABELS = {
    "geral": "regime geral",
    "mei": "MEI",
    "autonomo": "autônomo pessoa física",
}


def regime_label(code: str) -> str:
    return REGIME_LABELS.get(code, code)


class IssqnLine(TenantModel):
    """One taxpayer's line of a statement: the platform itself or one driver."""

    class Taxpayer(models.TextChoices):
        PLATFORM = "platform", "plataforma (ISS próprio)"
        DRIVER = "driver", "motorista (ISS retido)"

    statement = models.ForeignKey(IssqnStatement, on_delete=models.CASCADE, related_name="lines")
    taxpayer_kind = models.CharField(max_length=10, choices=Taxpayer.choices)
    taxpayer = models.CharField("contribuinte", max_length=40)
    regime = models.CharField(max_length=20)
    gross_cents = models.BigIntegerField("receita bruta")
    deduction_cents = models.BigIntegerField("retenção deduzida", default=0)
    base_cents = models.BigIntegerField("base de cálculo")
    rate = models.CharField("alíquota", max_length=20, blank=True)
    iss_cents = models.BigIntegerField("ISS", null=True, blank=True)

    class Meta:
        ordering = ["taxpayer_kind", "taxpayer"]


def month_start(year: int, month: int) -> dt.date:
    return dt.date(year, month, 1)

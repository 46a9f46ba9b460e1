"""The daily sweep split over the task workers (``outorga sweep --enqueue --shards N``): one row
per part of a step — a shard of a heavy step, its tail, or a whole light step — with its place in
the order, its progress and its summary (core/sweep.py, ADR 0049)."""

from __future__ import annotations

from django.db import models

from .tenancy import TenantModel

__all__ = ["SweepPart"]


class SweepPart(TenantModel):
    """One task of a sweep run: the parts of a stage run in parallel; the next stage's parts are
    queued by the part that finishes its stage last."""

    class Status(models.TextChoices):
        WAITING = "waiting", "aguardando a etapa anterior"
        QUEUED = "queued", "na fila"
        RUNNING = "running", "em execução"
        DONE = "done", "concluída"
        FAILED = "failed", "falhou"

    class Kind(models.TextChoices):
        WHOLE = "whole", "passo inteiro"
        SHARD = "shard", "parte"
        TAIL = "tail", "fecho"

    run = models.CharField("execução", max_length=32, db_index=True)
    on = models.DateField("data de referência")
    stage = models.PositiveSmallIntegerField("etapa")
    step = models.CharField("passo", max_length=60)
    kind = models.CharField(max_length=5, choices=Kind.choices)
    index = models.PositiveSmallIntegerField(default=0)
    count = models.PositiveSmallIntegerField(default=1)
    #: The shard's keys, ``lo`` ≤ key < ``hi`` (none: unbounded on that side).
    lo = models.BigIntegerField(null=True, blank=True)
    hi = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(
        "situação", max_length=10, choices=Status.choices, default=Status.WAITING
    )
    task_id = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField("tentativas", default=0)
    progress_label = models.CharField(max_length=60, blank=True)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    checked = models.PositiveIntegerField("verificados", default=0)
    changes = models.PositiveIntegerField("alterações", default=0)
    lines = models.JSONField("resumo", default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "parte da varredura"
        ordering = ["run", "stage", "index", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["run", "stage", "step", "kind", "index"], name="sweep_part_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.step} {self.index + 1}/{self.count} de {self.on:%d/%m/%Y}"

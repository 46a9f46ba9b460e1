"""The trip files' step of the daily sweep: files kept past the municipality's retention period
are deleted (LGPD art. 15, I and art. 16; ``retention.trip_files_days``).

A platform's file carries its drivers' CPFs and every trip's places and times; what the
municipality acts on — the counts per driver and month, the reports, the ISSQN, the acts — is
computed from it once and kept. Only the file goes: from the disk or the bucket, then its name on
the upload and the rows its validation report copied from it as samples (the counts stay), with
one act naming every file removed. A file still queued or processing is never
touched. Running it twice for one date removes nothing the second time.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.localtime import day_of
from outorga.core.models import Municipality
from outorga.core.retention import retention_start
from outorga.core.sweep import NoProgress, Progress, SweepResult, register
from outorga.core.tenancy import tenant
from outorga.law.citations import lgpd
from outorga.law.common.retention import TRIP_FILES_DAYS

from .models import TripUpload, ValidationCount

SYSTEM = "guarda de dados pessoais (LGPD)"


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    progress = progress or NoProgress()
    result = SweepResult()
    decision, cutoff, before = retention_start(m, on, TRIP_FILES_DAYS)
    with tenant(m):
        expired = list(
            TripUpload.objects.filter(
                created_at__lt=before,
                status__in=(TripUpload.Status.DONE, TripUpload.Status.FAILED),
            )
            # A file removed before its samples were: their rows are still to go.
            .filter(
                ~Q(file="") | Q(pk__in=ValidationCount.objects.exclude(samples=[]).values("upload"))
            )
            .order_by("pk")
        )
        result.checked = len(expired)
        if not expired:
            return result
        progress.start("arquivos de corridas além do prazo de guarda", len(expired))
        removed = []
        for upload in expired:
            # The file first: a failure here leaves the upload naming it, and the next run
            # tries again (deleting a file already gone is no error).
            if upload.file.name:
                upload.file.storage.delete(upload.file.name)
            removed.append(
                {
                    "envio": upload.pk,
                    "arquivo": upload.file.name,
                    "sha256": upload.sha256,
                    "plataforma": upload.platform_id,
                    "competencia": upload.month.isoformat(),
                    "enviado_em": day_of(m, upload.created_at).isoformat(),
                }
            )
            progress.advance()
        with transaction.atomic():
            ids = [r["envio"] for r in removed]
            TripUpload.objects.filter(pk__in=ids).update(file="")
            ValidationCount.objects.filter(upload__in=ids).exclude(samples=[]).update(samples=[])
            record_act(
                municipality=m,
                actor=Actor.system(SYSTEM),
                action="retention.trip_files",
                object_type="tripdata.tripupload",
                new={
                    "eliminar_antes_de": cutoff.isoformat(),
                    "total": len(removed),
                    "arquivos": removed,
                },
                basis=basis_of(decision),
            )
    result.note(
        f"{len(removed)} arquivo(s) de corridas enviado(s) antes de {cutoff:%d/%m/%Y} "
        f"eliminado(s) ({lgpd(16)}; os totais apurados continuam guardados)",
        changes=len(removed),
    )
    return result


register("tripdata_retention", run)

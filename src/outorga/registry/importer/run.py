"""The two passes of an import: validate every row, writing nothing; then, without ``dry_run``
and with no error, record the whole file in one transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.lawseam import governs, law_ended, law_of
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent

from ..locking import lock_for_import
from ..models import (
    Service,
    Vehicle,
)
from ..services.vehicles import taxi_vehicle_inscribe
from . import workers
from .bulk import bulk_import
from .crosschecks import cross_checks
from .lawchecks import LawChecks
from .rows import BY_NAME, SERVICES, ImportFailed, ImportReport, Row, RowError
from .sheets import read
from .writing import guarded, row_write

#: Rows parsed before their law checks read the database together (:meth:`LawChecks.load`).
VALIDATION_CHUNK = 1000


def import_registry(
    *,
    municipality: Municipality,
    raw: bytes,
    filename: str = "",
    actor: Actor | None = None,
    dry_run: bool = True,
    progress: Progress | None = None,
    today: dt.date | None = None,
    batch_size: int | None = None,
    processes: int = 1,
) -> ImportReport:
    """Validate every row; without ``dry_run``, record the file. Writes nothing otherwise.

    ``batch_size`` ``None``: with no error anywhere, the whole file in one transaction, row by
    row through the services. A number: the bulk import (:mod:`.bulk`) — batches of that many
    rows, each written at once and all or nothing, resumable.

    ``processes`` above 1: the rows are validated, and the bulk import's records built, on that
    many worker processes where they can be (:mod:`.workers`); the result is the same."""
    progress = progress or NoProgress()
    report = ImportReport(dry_run=dry_run)
    services_here = [s for s in SERVICES if governs(municipality, s)]
    if not services_here:
        report.errors.append(
            RowError(0, "", f"{municipality.name} não aplica lei de mototáxi ou táxi do cadastro")
        )
        return report
    # The law a row without a permit is recorded under (who may register it): one in force today
    # — the import is the desk's act of today, which a binding that ended no longer covers
    # (ADR 0062); a permit's row is judged by the law of its grant's date.
    in_force = [s for s in services_here if law_ended(municipality, s) is None]
    if not in_force:
        report.errors.append(RowError(0, "", str(law_ended(municipality, services_here[0]))))
        return report
    default_law = law_of(municipality, in_force[0], nearest=True)
    # The workers start now, while this process is small: they never share the file's pages.
    with workers.pool(processes) as executor:
        sheet = read(raw)
        if sheet.errors:
            report.errors += sheet.errors
            return report
        header, cells = sheet.header, sheet.rows
        unknown = [h for h in header if h and h not in BY_NAME]
        for h in unknown:
            report.errors.append(
                RowError(1, h, "coluna desconhecida (veja as colunas com --columns)")
            )
        for name in ("cpf", "nome", "data_nascimento"):
            if name not in header:
                report.errors.append(RowError(1, name, "coluna obrigatória ausente do cabeçalho"))
        if not report.errors and not cells:
            report.errors.append(RowError(2, "", "nenhuma linha de cadastro depois do cabeçalho"))
        if report.errors:
            return report
        report.rows = len(cells)
        lines = [line for line, _ in cells]
        chunks = [cells[i : i + VALIDATION_CHUNK] for i in range(0, len(cells), VALIDATION_CHUNK)]
        del sheet, cells  # each chunk's cells are dropped once checked
        checks = LawChecks(municipality, today or today_of(municipality))
        rows = _validate(header, chunks, len(lines), checks, report, progress, executor)
        return _record(
            rows,
            report,
            lines=lines,
            raw=raw,
            filename=filename,
            actor=actor,
            municipality=municipality,
            default_law=default_law,
            checks=checks,
            dry_run=dry_run,
            progress=progress,
            batch_size=batch_size,
            executor=executor,
        )


def _validate(
    header: list[str],
    chunks: list[workers.Cells],
    total: int,
    checks: LawChecks,
    report: ImportReport,
    progress: Progress,
    executor: ProcessPoolExecutor | None,
) -> list[Row]:
    """Every row parsed and checked by the law, by chunk (on the workers when there are any);
    the rows without an error, in file order. Fills the report's errors and warnings."""
    rows: list[Row] = []
    progress.start("validação", total)
    with tenant(checks.m):
        for checked in workers.checked_chunks(executor, checks, header, chunks):
            for row, errors, warnings in checked:
                if not errors:
                    rows.append(row)
                report.errors += errors
                report.warnings += warnings
            progress.advance(len(checked))
    return rows


def _record(
    rows: list[Row],
    report: ImportReport,
    *,
    lines: list[int],
    raw: bytes,
    filename: str,
    actor: Actor | None,
    municipality: Municipality,
    default_law: str,
    checks: LawChecks,
    dry_run: bool,
    progress: Progress,
    batch_size: int | None,
    executor: ProcessPoolExecutor | None,
) -> ImportReport:
    """The file's checks across rows, then, without ``dry_run``, its records written."""
    if not report.errors or batch_size is not None:
        report.errors += cross_checks(rows, municipality, asker=checks, on=checks.today)
    if dry_run:
        return report
    source = {"file": filename, "sha256": hashlib.sha256(raw).hexdigest()}
    if batch_size is not None:
        if actor is None:
            raise ValueError("a importação grava atos: informe quem a faz (actor)")
        # The file's rows live until the end: the collector's passes over the batches' short-
        # lived records need not walk them again and again (a city's file holds millions of
        # objects); they are handed back to it at the end.
        with workers.frozen():
            bulk_import(
                rows,
                report,
                lines=lines,
                actor=actor,
                m=municipality,
                default_law=default_law,
                source=source,
                batch_size=batch_size,
                progress=progress,
                today=checks.today,
                executor=executor,
            )
        return report
    if report.errors:
        return report
    if actor is None:
        raise ValueError("a importação grava atos: informe quem a faz (actor)")
    progress.start("gravação", len(rows))
    written: Counter[str] = Counter()
    try:
        with transaction.atomic(), tenant(municipality):
            # Every row the file touches is locked now, in the registry's one lock order, not row
            # by row after the counter and the first act (a concurrent grant deadlocked).
            lock_for_import(
                permit_numbers=[r.permit["number"] for r in rows if r.permit],
                plates=[r.vehicle["plate"] for r in rows if r.vehicle],
                series=[f"register:{r.permit['service']}" for r in rows if r.permit],
                documents=[r.person["document"] for r in rows],
            )
            for row in rows:
                written += guarded(
                    row,
                    row_write,
                    actor=actor,
                    m=municipality,
                    default_law=default_law,
                    source=source,
                )
                progress.advance()
            # Taxi vehicles are inscribed in the Cadastro (art. 20) after every imported number
            # moved the counter, so their numbers follow all of them and never collide.
            for row in rows:
                if row.permit and row.vehicle and row.permit["service"] == Service.TAXI:
                    taxi_vehicle_inscribe(
                        actor=actor,
                        municipality=municipality,
                        vehicle=Vehicle.objects.get(plate=row.vehicle["plate"]),
                        on=checks.today,
                    )
    except ImportFailed as exc:
        report.errors.append(exc.error)
        return report
    except NotCompetent as exc:
        report.errors.append(RowError(0, "", str(exc)))
        return report
    report.written = written
    return report


def read_file(path: str | Path) -> bytes:
    return Path(path).read_bytes()

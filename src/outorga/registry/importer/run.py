"""The two passes of an import: validate every row, writing nothing; then, without ``dry_run``
and with no error, record the whole file in one transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.lawseam import governs, law_of
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
from ..validation import FieldError
from .crosschecks import cross_checks
from .lawchecks import LawChecks
from .parsing import parse_row
from .rows import BY_NAME, SERVICES, ImportFailed, ImportReport, Row, RowError
from .sheets import read
from .writing import row_write


def import_registry(
    *,
    municipality: Municipality,
    raw: bytes,
    filename: str = "",
    actor: Actor | None = None,
    dry_run: bool = True,
    progress: Progress | None = None,
    today: dt.date | None = None,
) -> ImportReport:
    """Validate every row; without ``dry_run`` and with no error, record the whole file in one
    transaction. Writes nothing otherwise."""
    progress = progress or NoProgress()
    report = ImportReport(dry_run=dry_run)
    services_here = [s for s in SERVICES if governs(municipality, s)]
    if not services_here:
        report.errors.append(
            RowError(0, "", f"{municipality.name} não aplica lei de mototáxi ou táxi do cadastro")
        )
        return report
    # The law a row without a permit is recorded under (who may register it).
    default_law = law_of(municipality, services_here[0], nearest=True)
    sheet = read(raw)
    if sheet.errors:
        report.errors += sheet.errors
        return report
    header, cells = sheet.header, sheet.rows
    unknown = [h for h in header if h and h not in BY_NAME]
    for h in unknown:
        report.errors.append(RowError(1, h, "coluna desconhecida (veja docs/import-registry.md)"))
    for name in ("cpf", "nome", "data_nascimento"):
        if name not in header:
            report.errors.append(RowError(1, name, "coluna obrigatória ausente do cabeçalho"))
    if not report.errors and not cells:
        report.errors.append(RowError(2, "", "nenhuma linha de cadastro depois do cabeçalho"))
    if report.errors:
        return report
    report.rows = len(cells)
    checks = LawChecks(municipality, today or dt.date.today())
    rows: list[Row] = []
    progress.start("validação", len(cells))
    with tenant(municipality):
        for line, row_cells in cells:
            row, r = parse_row(line, row_cells, checks.cites)
            checks.row(row, r)
            if not r.errors:
                rows.append(row)
            report.errors += r.errors
            report.warnings += r.warnings
            progress.advance()
    if not report.errors:
        report.errors += cross_checks(rows, municipality)
    if dry_run or report.errors:
        return report
    if actor is None:
        raise ValueError("a importação grava atos: informe quem a faz (actor)")
    source = {"file": filename, "sha256": hashlib.sha256(raw).hexdigest()}
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
                try:
                    written += row_write(
                        row,
                        actor=actor,
                        m=municipality,
                        default_law=default_law,
                        source=source,
                    )
                except FieldError as exc:
                    raise ImportFailed(
                        RowError(row.line, exc.field, exc.message, exc.citation)
                    ) from exc
                except Refused as exc:
                    raise ImportFailed(RowError(row.line, "", str(exc))) from exc
                except (ValidationError, IntegrityError) as exc:
                    raise ImportFailed(RowError(row.line, "", f"dado recusado: {exc}")) from exc
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

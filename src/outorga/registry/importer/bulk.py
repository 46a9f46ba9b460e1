"""The bulk import (``outorga import registry --batch-size N``): the validated rows written in
batches of N file lines, each batch in one transaction — all of its rows or none — with one act
that names every record it created.

In a batch, the rows that only create records (a person, their CNH, vehicle and mototaxi or
motofrete permit, none of them on record yet) are written at once (``bulk_create``), from the
same values the services compute (``person_values``, ``licence_values``, ``vehicle_values``,
:func:`~.writing.imported_permit`). The others go through the per-row path (:func:`row_write`),
after them and in the same transaction: a person or vehicle already on record (its correction is
an act of its own, with the values before and after), a CPF or plate repeated within the batch,
and taxi permits (their Termo, art. 13, and the Cadastro's inscription, art. 20).

A batch holding a row with an error is not written; the others are. Every batch written is
recorded by its act (``registry.import.batch``, object ``<file's SHA-256>:<first>-<last line>``),
so importing the same file again skips the lines already written: a run stopped by a failure is
resumed by running it again, and nothing is written twice.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models.expressions import DatabaseDefault

from outorga.core.acts import Actor, canonical_json, record_act
from outorga.core.authz import authorize
from outorga.core.bulkwrite import insert_rows
from outorga.core.models import Act, Municipality
from outorga.core.sweep import Progress
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.competence import NotCompetent

from ..locking import lock_for_import
from ..models import DrivingLicence, Permit, Person, Service, Vehicle
from ..services.common import snapshot
from ..services.people import LICENCE_FIELDS, PERSON_FIELDS, licence_values, person_values
from ..services.vehicles import VEHICLE_FIELDS, taxi_vehicle_inscribe, vehicle_values
from . import workers
from .rows import ImportFailed, ImportReport, Row, RowError, chunked, service_law
from .writing import (
    counter_past,
    guarded,
    imported_permit,
    imported_permit_snapshot,
    imported_status,
    row_write,
)

#: The act of a batch and the type of the object it names (the file's lines it wrote).
BATCH_ACTION = "registry.import.batch"
BATCH_OBJECT = "registry.importbatch"
TAXI_SERIES = "register:taxi"


@dataclass
class Batch:
    """What became of one batch of the file's lines."""

    first: int
    last: int
    status: str = "não tentado"  # gravado · já gravado · recusado · não tentado
    written: Counter[str] = field(default_factory=Counter)
    errors: list[RowError] = field(default_factory=list)

    def render(self) -> str:
        lines = f"linhas {self.first} a {self.last}"
        if self.status == "gravado":
            parts = ", ".join(f"{n} {what}" for what, n in sorted(self.written.items()))
            return f"{lines}: gravado ({parts})"
        if self.status == "recusado":
            return f"{lines}: NÃO gravado — {'; '.join(e.render() for e in self.errors[:3])}"
        return f"{lines}: {self.status}"


def bulk_import(
    rows: list[Row],
    report: ImportReport,
    *,
    lines: list[int],
    actor: Actor,
    m: Municipality,
    default_law: str,
    source: dict[str, Any],
    batch_size: int,
    progress: Progress,
    today: dt.date,
    executor: ProcessPoolExecutor | None = None,
) -> None:
    """Write ``rows`` (the valid rows, in file order) in batches of ``batch_size`` of the file's
    ``lines``; a batch with a line in ``report.errors`` is refused whole. Fills
    ``report.batches`` and ``report.written``. With an ``executor`` (:mod:`.workers`), the new
    records of the next batches are built on it while this process writes."""
    if batch_size < 1:
        raise ValueError("o lote tem ao menos uma linha")
    by_line = {row.line: row for row in rows}
    wrong: dict[int, list[RowError]] = {}
    for error in report.errors:
        wrong.setdefault(error.line, []).append(error)
    done = _lines_written(m, source["sha256"])
    taxi_numbers = [
        r.permit["registration_number"]
        for r in rows
        if r.permit and r.vehicle and r.permit["service"] == Service.TAXI
    ]
    progress.start("gravação em lotes", len(lines))
    parts = list(chunked(lines, batch_size))
    todos = [[by_line[n] for n in part if n not in done and n in by_line] for part in parts]
    errors = [[e for n in part for e in wrong.get(n, [])] for part in parts]
    ahead = Ahead(
        executor, m, default_law, [t if not e else [] for t, e in zip(todos, errors, strict=True)]
    )
    try:
        stop = False
        for i, part in enumerate(parts):
            batch = Batch(part[0], part[-1])
            report.batches.append(batch)
            todo, batch.errors = todos[i], errors[i]
            if stop:
                pass
            elif batch.errors:
                batch.status = "recusado"
            elif not todo:
                batch.status = "já gravado"
            else:
                try:
                    batch.written = _write(
                        todo,
                        actor=actor,
                        m=m,
                        default_law=default_law,
                        source=source,
                        today=today,
                        taxi_past=max(taxi_numbers, default=0),
                        built=ahead.built(i),
                    )
                    batch.status = "gravado"
                    report.written += batch.written
                except ImportFailed as exc:
                    batch.status, batch.errors = "recusado", [exc.error]
                except NotCompetent as exc:
                    batch.status, batch.errors = "recusado", [RowError(0, "", str(exc))]
                    stop = True  # no other batch may be written by this actor either
                except DatabaseError as exc:
                    # The database itself failed (connection lost, out of space): the batch was
                    # rolled back; running the import again resumes from it.
                    batch.errors = [RowError(0, "", f"falha do banco de dados: {exc}")]
                    batch.status, stop = "recusado", True
                if batch.status == "recusado":
                    report.errors += batch.errors
            progress.advance(len(part))
    finally:
        _CLEANED.clear()  # the values of this file only


def _lines_written(m: Municipality, sha256: str) -> set[int]:
    """The lines of this file that earlier runs wrote, read from their batches' acts."""
    prefix = f"{sha256[:40]}:"
    with tenant(m):
        ids = Act.objects.filter(
            action=BATCH_ACTION, object_type=BATCH_OBJECT, object_id__startswith=prefix
        ).values_list("object_id", flat=True)
        written: set[int] = set()
        for object_id in ids:
            first, last = object_id.removeprefix(prefix).split("-")
            written.update(range(int(first), int(last) + 1))
    return written


def _write(
    rows: list[Row],
    *,
    actor: Actor,
    m: Municipality,
    default_law: str,
    source: dict[str, Any],
    today: dt.date,
    taxi_past: int,
    built: dict[int, Built] | None = None,
) -> Counter[str]:
    """One batch, in one transaction: the new records at once, then the other rows one by one.
    ``built``: records already built for some of the rows, by line (:class:`Ahead`)."""
    written: Counter[str] = Counter()
    taxi = [r for r in rows if r.permit and r.vehicle and r.permit["service"] == Service.TAXI]
    with transaction.atomic(), tenant(m):
        lock_for_import(
            permit_numbers=[r.permit["number"] for r in rows if r.permit],
            plates=[r.vehicle["plate"] for r in rows if r.vehicle],
            series=[f"register:{r.permit['service']}" for r in rows if r.permit]
            + ([TAXI_SERIES] if taxi else []),
            documents=[r.person["document"] for r in rows],
        )
        fresh, others = _split(rows)
        named = _create(fresh, actor=actor, m=m, default_law=default_law, built=built or {})
        written["pessoas"] += len(fresh)
        written["CNHs"] += sum(1 for r in fresh if r.licence is not None)
        written["veículos"] += sum(1 for r in fresh if r.vehicle is not None)
        written["permissões novas"] += sum(1 for r in fresh if r.permit and r.vehicle)
        if taxi:
            # The Cadastro's numbers follow every number the file imports (taxi art. 20), as
            # when the whole file is written at once.
            counter_past(TAXI_SERIES, taxi_past)
        for row in others:
            written += guarded(row, row_write, actor=actor, m=m, default_law=default_law,
                                source=source)  # fmt: skip
        for row in taxi:
            guarded(
                row,
                lambda r, **_: taxi_vehicle_inscribe(
                    actor=actor,
                    municipality=m,
                    vehicle=Vehicle.objects.get(plate=r.vehicle["plate"]),
                    on=today,
                ),
            )
        act = record_act(
            municipality=m,
            actor=actor,
            action=BATCH_ACTION,
            object_type=BATCH_OBJECT,
            object_id=f"{source['sha256'][:40]}:{rows[0].line}-{rows[-1].line}",
            new={
                "linhas": [rows[0].line, rows[-1].line],
                # [line, person, CNH, vehicle, permit]: the records created at once.
                "registros": named.records,
                "valores_sha256": named.digest,
                # Lines written row by row, each with its own acts.
                "por_linha": [r.line for r in others],
                "gravado": dict(written),
            },
            basis={"citations": named.citations},
            extra={"source": source},
        )
        insert_rows([imported_status(permit, {**source, "line": line}, act)
                for line, permit in named.permits])  # fmt: skip
    return written


def _split(rows: list[Row]) -> tuple[list[Row], list[Row]]:
    """The rows whose every record is new (written at once) and the others (row by row)."""
    cpfs = {r.person["document"] for r in rows}
    plates = {r.vehicle["plate"] for r in rows if r.vehicle}
    numbers = {r.permit["number"] for r in rows if r.permit}
    taken_cpfs = set(Person.objects.filter(document__any=cpfs).values_list("document", flat=True))
    taken_plates = set(Vehicle.objects.filter(plate__any=plates).values_list("plate", flat=True))
    taken_numbers = set(Permit.objects.filter(number__any=numbers).values_list("number", flat=True))
    fresh: list[Row] = []
    others: list[Row] = []
    for row in rows:
        plate = row.vehicle["plate"] if row.vehicle else None
        new = (
            row.person["document"] not in taken_cpfs
            and (plate is None or plate not in taken_plates)
            and (row.permit is None or row.permit["number"] not in taken_numbers)
            and not (row.permit and row.permit["service"] == Service.TAXI)
            and row.crlv is None  # its CRLV recorded by the desk's service, with its act
            and not row.documents  # so are its other documents
        )
        (fresh if new else others).append(row)
        # A CPF or plate seen again later in the batch is then on record: that row corrects it.
        taken_cpfs.add(row.person["document"])
        if plate:
            taken_plates.add(plate)
    return fresh, others


@dataclass
class Created:
    """What the batch's act names of the records created at once."""

    records: list[list[int | None]]  # [line, person, CNH, vehicle, permit] ids
    digest: str  # SHA-256 of their values, as the per-row acts would have recorded them
    citations: list[str]
    permits: list[tuple[int, Permit]]  # (line, permit)


def _create(
    rows: list[Row],
    *,
    actor: Actor,
    m: Municipality,
    default_law: str,
    built: dict[int, Built],
) -> Created:
    """Create the records of ``rows`` (none of them on record) with one insert per table;
    ``built`` holds some rows' records already built, by line."""
    laws = {row.line: row_law(m, row, default_law) for row in rows}
    granted = {laws[r.line] for r in rows if r.permit and r.vehicle}
    for law in set(laws.values()):
        authorize(actor=actor, municipality=m, action="registry.record", law=law)
    for law in granted:
        authorize(actor=actor, municipality=m, action="permit.grant", law=law)
    made = [built.get(row.line) or guarded(row, _build, m=m, law=laws[row.line]) for row in rows]
    try:
        insert_rows([b[0] for b in made])
        insert_rows([b[1] for b in made if b[1] is not None])
        insert_rows([b[2] for b in made if b[2] is not None])
        insert_rows([b[3] for b in made if b[3] is not None])
    except IntegrityError as exc:
        first, last = rows[0].line, rows[-1].line
        raise ImportFailed(
            RowError(0, "", f"linhas {first} a {last}: dado recusado pelo banco: {exc}")
        ) from exc
    top: dict[str, int] = {}
    for *_, permit in made:
        if permit is not None:
            top[permit.service] = max(top.get(permit.service, 0), permit.registration_number)
    for service, number in sorted(top.items()):
        counter_past(f"register:{service}", number)
    values = [
        {
            "pessoa": snapshot(person, PERSON_FIELDS),
            "cnh": snapshot(lic, LICENCE_FIELDS) if lic else None,
            "veículo": snapshot(vehicle, VEHICLE_FIELDS) if vehicle else None,
            "permissão": imported_permit_snapshot(permit) if permit else None,
        }
        for person, lic, vehicle, permit in made
    ]
    return Created(
        records=[
            [row.line, *(x.pk if x is not None else None for x in records)]
            for row, records in zip(rows, made, strict=True)
        ],
        digest=hashlib.sha256(canonical_json({"valores": values}).encode()).hexdigest(),
        citations=sorted(
            {c.render() for law in granted for c in interfaces.citations(law, "tender")}
        ),
        permits=[(row.line, b[3]) for row, b in zip(rows, made, strict=True) if b[3]],
    )


Built = tuple[Person, DrivingLicence | None, Vehicle | None, Permit | None]


def row_law(m: Municipality, row: Row, default_law: str) -> str:
    """The law a row's records are written under: its permit's service's on the grant date, or
    the one a row without a permit is recorded under."""
    law = service_law(m, row.permit["service"], row.permit["granted_on"]) if row.permit else None
    return law or default_law


#: Batches whose records are being built on the workers ahead of the one being written.
AHEAD = 2


class Ahead:
    """The new records of the batches to come, built on the workers (:mod:`.workers`) while
    this process writes the current one, :data:`AHEAD` batches ahead (their records only are
    held). A row whose records fail to build there is built again here, where its error is
    raised as the row's; without workers, nothing is built ahead."""

    def __init__(
        self,
        executor: ProcessPoolExecutor | None,
        m: Municipality,
        default_law: str,
        todos: list[list[Row]],
    ) -> None:
        self.executor, self.m, self.default_law, self.todos = executor, m, default_law, todos
        self.futures: dict[int, Future[dict[int, Built]]] = {}

    def built(self, i: int) -> dict[int, Built]:
        """The records built for batch ``i``'s rows, by line; the next batches are started."""
        if self.executor is None:
            return {}
        try:
            for j in range(i, min(i + AHEAD + 1, len(self.todos))):
                if j not in self.futures and self.todos[j]:
                    self.futures[j] = workers.submit(
                        self.executor, build_rows, self.m, self.default_law, self.todos[j]
                    )
            future = self.futures.pop(i, None)
            return future.result() if future is not None else {}
        except BrokenProcessPool:  # a worker died: this process builds the records itself
            self.executor = None
            self.futures.clear()
            return {}


def build_rows(m: Municipality, default_law: str, rows: list[Row]) -> dict[int, Built]:
    """The records of ``rows`` (on a worker), by line; a row whose records cannot be built is
    left out (the writing process builds it and reports its error)."""
    made: dict[int, Built] = {}
    for row in rows:
        try:
            made[row.line] = guarded(row, _build, m=m, law=row_law(m, row, default_law))
        except ImportFailed:
            continue
    return made


def _build(row: Row, *, m: Municipality, law: str) -> Built:
    """A row's records as the services would write them (not yet saved). Their fields are
    checked as the services' ``full_clean`` does; what it would also ask the database — the
    municipality and the related rows exist, nothing repeats a unique value — holds by
    construction (the tenant's own records, created together, ``_split``'s new CPFs and plates,
    the cross checks' new numbers) and is the database's constraints' to refuse."""
    person = Person(municipality_id=m.pk, **person_values(m, law, _given(row.person))[0])
    _clean(person, "partners", "photo", "user")
    lic = vehicle = permit = None
    if row.licence is not None:
        lic = DrivingLicence(municipality_id=m.pk, person=person, **licence_values(row.licence))
        _clean(lic, "person")
    if row.vehicle is not None:
        values = vehicle_values(law, _given(row.vehicle))
        vehicle = Vehicle(municipality_id=m.pk, owner=person, **values)
        _clean(vehicle, "owner")
        if row.permit is not None:
            permit = imported_permit(row.permit, person, vehicle)
            permit.municipality_id = m.pk
            _clean(permit, "holder", "vehicle", "tender")
    return person, lic, vehicle, permit


#: Cleaned field values already seen in this import, ``(field, type, value) → cleaned``: a city's
#: file repeats most of them (dates, years, colours, models, choices) thousands of times.
_CLEANED: dict[tuple[Any, type, Any], Any] = {}
#: Distinct values kept before :data:`_CLEANED` starts over (memory stays flat).
CLEANED_KEPT = 100_000


def _clean(obj: Any, *related: str) -> None:
    """``obj.full_clean`` as the services call it, but for the fields unique and constraints
    (the database's). A field's ``clean`` depends on its value alone (these models' fields do
    not read the record, and their ``clean()`` is Django's, which checks nothing), so a value
    cleaned once is not cleaned again; should any field refuse its value, Django's own
    ``full_clean`` runs and raises its error as it would have."""
    exclude = {"municipality", *related}
    if _fields_clean(obj, exclude):
        obj.clean()
    else:
        obj.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)


def _fields_clean(obj: Any, exclude: set[str]) -> bool:
    """Django's ``clean_fields``, remembering each value it accepted; False at the first value
    it refuses."""
    values = obj.__dict__
    for f, attname in _cleaned_fields(obj._meta.label, frozenset(exclude)):
        raw = values[attname] if attname in values else getattr(obj, attname)
        if (f.blank and raw in f.empty_values) or isinstance(raw, DatabaseDefault):
            continue
        try:
            key = (f, type(raw), raw)
            cleaned = _CLEANED[key]
        except TypeError:  # a value that cannot be a key (a dict): cleaned every time
            key, cleaned = None, _MISSING
        except KeyError:
            cleaned = _MISSING
        if cleaned is _MISSING:
            try:
                cleaned = f.clean(raw, obj)
            except ValidationError:
                return False
            if key is not None:
                if len(_CLEANED) >= CLEANED_KEPT:
                    _CLEANED.clear()
                _CLEANED[key] = cleaned
        if cleaned is not raw:
            setattr(obj, attname, cleaned)
    return True


@functools.cache
def _cleaned_fields(label: str, exclude: frozenset[str]) -> list[tuple[Any, str]]:
    """The fields ``clean_fields(exclude)`` cleans on the model ``label``, with their attribute
    names."""
    fields = apps.get_model(label)._meta.fields
    return [(f, f.attname) for f in fields if f.name not in exclude and not f.generated]


_MISSING = object()


def _given(data: dict[str, Any]) -> dict[str, Any]:
    """A row's group as the services take it: the cells left empty are not given."""
    return {k: v for k, v in data.items() if v is not None}

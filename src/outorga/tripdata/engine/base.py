"""The engine's vocabulary: the data-quality limits, the formats, schemas and kinds of file, the
error kinds and their bits, and the values the service passes in (roster, month, fare limits) and
gets back (results, per-driver totals, the concurrency peak)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Data-quality limits (not law): beyond these a trip is physically implausible and is left out of
#: the totals. A trip longer than a day or faster than 200 km/h on average is a recording error.
MAX_TRIP_SECONDS = 24 * 3600
MAX_TRIP_METRES = 1_000_000
MAX_SPEED_KMH = 200
#: Extras beyond this (R$ 10 bilhões) are absurd: capped inside the fare ceiling so that the
#: integer arithmetic cannot overflow (a fare would have to be as absurd to be flagged).
CEILING_EXTRAS_CAP = 10**12
#: Tolerance between the declared duration and end − start (clock rounding, GPS lag).
DURATION_TOLERANCE_S = 300
SAMPLES_PER_KIND = 5


FORMATS = ("csv", "parquet", "ndjson")
SCHEMAS = ("native", "mds")
KINDS = ("trips", "sessions", "vehicles")


ERROR_KINDS: dict[str, str] = {
    "missing_field": "campo obrigatório ausente ou ilegível",
    "duplicate": "corrida duplicada (mesmo identificador)",
    "outside_month": "início fora do mês de competência",
    "negative_duration": "duração negativa (fim antes do início)",
    "impossible_duration": "duração impossível ou incoerente com início e fim",
    "negative_distance": "distância negativa",
    "impossible_distance": "distância ou velocidade média impossível",
    "inconsistent_amounts": "valores negativos ou retenção maior que a tarifa",
    "unknown_driver": "motorista não cadastrado pela plataforma",
    "driver_not_enabled": "motorista fora do cadastro (não habilitado) na hora da corrida",
    "plate_mismatch": "placa diferente da cadastrada para o motorista",
    "two_wheeler": "veículo de duas rodas (vedado)",
    "fare_above_limit": "tarifa acima do máximo fixado pelo Executivo",
    # MDS 2.0 only (a native row has none of these: its columns are typed and required).
    "unknown_trip_type": "tipo de corrida (trip_type) ausente ou fora do MDS 2.0",
    "currency_not_brl": "valor em moeda diferente de BRL (currency ausente vale USD no MDS)",
    "missing_fare": "corrida paga sem o valor cobrado do passageiro (actual_cost)",
    "missing_retention": "corrida paga sem driver_trip_pay (retenção da plataforma desconhecida)",
    "test_trip": "corrida de teste (payment_type test): não é serviço prestado, fora das corridas "
    "e da receita",
    "outside_window": "fim da corrida fora da janela de tempo do envio",
    # Not a flaw of the row: evidence the platform operated while it could not (art. 3 with
    # art. 26, IV), kept in the totals (the ISSQN of a service rendered is still due) and listed
    # for the authority (ADR 0053).
    "credential_stopped": "corrida iniciada com o credenciamento da plataforma suspenso ou "
    "cancelado (art. 3 e art. 26, IV)",
}
#: Kinds that make a row untrustworthy: left out of totals and of the concurrency measure.
EXCLUDING = (
    "missing_field",
    "duplicate",
    "outside_month",
    "negative_duration",
    "impossible_duration",
    "negative_distance",
    "impossible_distance",
    "inconsistent_amounts",
    "unknown_trip_type",
    "currency_not_brl",
    "missing_fare",
    "missing_retention",
    "test_trip",
    "outside_window",
)
#: The kinds only an MDS 2.0 file can show, each a bit of the row's ``flaw`` set while reading
#: (:func:`.reading.trips_select`); a native file's report leaves them out.
MDS_FLAWS = (
    "unknown_trip_type",
    "currency_not_brl",
    "missing_fare",
    "missing_retention",
    "test_trip",
)
FLAW_BIT = {kind: 1 << i for i, kind in enumerate(MDS_FLAWS)}
#: A bit of ``flaw`` that is no kind of its own: a field the MDS schema requires and the law reads
#: is absent — ``device_id``, the trip's vehicle (models/trip.yaml) — reported as ``missing_field``.
MDS_MISSING_BIT = 1 << len(MDS_FLAWS)
#: A bit of ``flaw`` that is no flaw: the platform's MDS ``/vehicles`` reports the trip's device
#: as a two-wheeler the law bans (art. 17), reported as ``two_wheeler`` (the row still counts).
MDS_TWO_WHEELER_BIT = 1 << (len(MDS_FLAWS) + 1)
#: The bits of ``flaw`` that are something the law cannot use of the row.
MDS_UNUSABLE_BITS = sum(FLAW_BIT.values()) | MDS_MISSING_BIT


class FileRejected(ValueError):
    """The file as a whole cannot be read (wrong format, missing columns). Portuguese message."""


#: A vehicle of a driver who changed vehicle: from when (epoch ms) the roster entry naming it was
#: in force, its plate, and whether the law bans it (art. 17).
Vehicle = tuple[int, str, bool]


@dataclass(frozen=True)
class RosterEntry:
    """A driver the platform registered: CPF, plate, whether the law bans the vehicle (art. 17,
    answered by the law core per kind) and the periods the driver was enabled.

    ``vehicles``: when the driver's entries name more than one vehicle, each in the order they
    took effect; a trip is checked against the last one in force at its start (the first, for a
    trip before them all) — never the newest for the whole month. Empty: ``plate`` and
    ``banned_vehicle`` all along."""

    cpf: str
    plate: str
    banned_vehicle: bool
    periods: tuple[tuple[int, int | None], ...]  # [from_ms, until_ms) — until None = still enabled
    cnh: str = ""  # the driver's licence number (digits): an MDS driver_id may name it
    vehicles: tuple[Vehicle, ...] = ()


@dataclass(frozen=True)
class FareLimits:
    base_cents: int
    per_km_cents: int
    per_minute_cents: int


@dataclass(frozen=True)
class FarePeriod:
    """The fare maxima in force for the trips that start in ``[from_ms, until_ms)`` (None: open
    on that side); ``limits`` None: none in force then (not set, or suspended by a court)."""

    from_ms: int | None
    until_ms: int | None
    limits: FareLimits | None


#: The maxima a file's trips are judged by: one set for the whole month, none, or the periods of
#: the month whose maxima differ (each trip by those in force when it started: art. 7, D-15).
Fares = FareLimits | Sequence[FarePeriod] | None


def fare_periods(fares: Fares) -> list[FarePeriod]:
    """``fares`` as the periods that have maxima (one open on both sides for a whole month)."""
    if fares is None:
        return []
    if isinstance(fares, FareLimits):
        return [FarePeriod(None, None, fares)]
    return [p for p in fares if p.limits is not None]


@dataclass(frozen=True)
class Month:
    start_ms: int  # first instant of the month in local time, as UTC epoch ms
    end_ms: int  # first instant of the next month


#: A period the platform's credential did not let it operate: ``[from_ms, until_ms)``, until None
#: for a cancellation (art. 26, IV).
Stopped = tuple[int, int | None]


@dataclass(frozen=True)
class Window:
    """The part of a month a file covers: the trips that *end* in ``[start_ms, end_ms)`` (the
    MDS Provider API pages ``/trips`` by the hour of ``end_time``); each still belongs to the
    month its start falls in."""

    start_ms: int
    end_ms: int


@dataclass
class DriverTotals:
    driver: str
    trips: int
    gross_cents: int
    retention_cents: int
    distance_m: int
    duration_s: int
    on_roster: bool


@dataclass
class Peak:
    count: int
    at_ms: int | None
    intervals: int  # the intervals measured (each driver's overlapping ones not yet merged)


@dataclass
class Result:
    kind: str
    rows: int
    rows_counted: int
    rows_clean: int
    errors: dict[str, int]
    samples: dict[str, list[dict[str, Any]]]
    drivers: list[DriverTotals] = field(default_factory=list)
    peak: Peak = field(default_factory=lambda: Peak(0, None, 0))


Progress = Callable[[int, str], None]


#: One bit per error kind in the row's ``err`` mask.
BIT = {kind: 1 << i for i, kind in enumerate(ERROR_KINDS)}


def mask(kinds: Iterable[str]) -> int:
    return sum(BIT[k] for k in kinds)

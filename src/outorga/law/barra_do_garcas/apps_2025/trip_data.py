"""What the trip-data pipeline needs from the rulebook, in a shape a columnar engine can apply to
millions of rows (art. 7, 17, 21, 24; decision D-9 b).

The rules stay here: the pipeline asks once per file for the executive's fare maxima (art. 7) and
once per vehicle kind for the two-wheeler ban (art. 17), then applies the answers row by row. The
per-trip ceiling it computes must equal :func:`.fares.fare_ceiling` (a parity test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from outorga.law.context import Context
from outorga.law.decisions import Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.rules import reason

from ._base import art, optional_param
from .fares import RULE_FARE_LIMITS, TABLE_ITEMS, fare_ceiling
from .platform_duties import art17_two_wheeler_ban

__all__ = ["TripFareLimits", "ceiling_of", "trip_fare_limits", "vehicle_banned"]


@dataclass(frozen=True)
class TripFareLimits:
    """The executive's maxima in force (art. 7): ceiling = base + per km × km + per minute × min
    + declared extras, half-up to the cent (see :func:`.fares.fare_ceiling`)."""

    base_fare_cents: int
    per_km_cents: int
    per_minute_cents: int
    parameters: tuple[ParameterValue, ...]


def trip_fare_limits(ctx: Context) -> tuple[TripFareLimits | None, Reason]:
    """Art. 7: the maxima to check each trip's fare against, on ``ctx.as_of``.

    None with a PENDING reason while the executive has not set all three maxima, and None with a
    SUSPENDED reason while a court suspends the limits (D-16, ``apps.art7.fare_limits``)."""
    values = {key: optional_param(ctx, item[2]) for key, item in TABLE_ITEMS.items()}
    base, km, minute = (values[k] for k in TABLE_ITEMS)
    suspension = ctx.suspension(RULE_FARE_LIMITS)
    if suspension is not None:
        return None, Reason(
            RULE_FARE_LIMITS,
            (art(7), suspension.citation()),
            Verdict.SUSPENDED,
            f"Limites tarifários suspensos desde {suspension.start:%d/%m/%Y} "
            f"({suspension.reference}); não aplicados às corridas.",
            {"suspensão": suspension.reference},
        )
    if base is None or km is None or minute is None:
        return None, reason(
            RULE_FARE_LIMITS,
            Verdict.PENDING,
            "Limites tarifários ainda não fixados por ato do Executivo; as corridas não foram "
            "comparadas com um máximo.",
            art(7),
        )
    limits = TripFareLimits(int(base.value), int(km.value), int(minute.value), (base, km, minute))
    return limits, reason(
        RULE_FARE_LIMITS,
        Verdict.INFO,
        f"Máximos do Executivo: base {base.value}, por km {km.value}, por minuto {minute.value} "
        "(centavos); cada corrida comparada com o máximo para sua distância e duração.",
        art(7),
        art(7, "único"),
        params=(base, km, minute),
    )


def ceiling_of(limits: TripFareLimits, distance_m: int, duration_s: int, extras: int) -> int:
    """The ceiling for one trip, through the rulebook's own formula."""
    as_params = dict(zip(TABLE_ITEMS, limits.parameters, strict=True))
    value = fare_ceiling(as_params, distance_m, duration_s, extras)
    assert value is not None
    return value


def vehicle_banned(ctx: Context, kind: str, wheels: int | None = None) -> Reason:
    """Art. 17 for one vehicle kind: REFUSED when it is a two-wheeler the law bans, SUSPENDED
    while a court suspends the ban (D-16), PENDING when the kind alone does not tell."""
    return art17_two_wheeler_ban(ctx, kind, wheels)

"""The platforms' fare tables (art. 5–10)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision

from ..models import FareTable, Platform
from .common import (
    PlatformError,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    require_standing,
)

# --- fares (art. 5–10) ----------------------------------------------------------------------------


def fare_table_publish(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    base_fare_cents: int,
    per_km_cents: int,
    per_minute_cents: int,
    extras: list[dict[str, Any]],
    dynamic_max_percent: Decimal | None,
    valid_from: dt.date | None = None,
    on: dt.date | None = None,
) -> tuple[FareTable, Decision]:
    """Publish a fare table (art. 6), checked against the limits (art. 7) and the dynamic ceiling
    (art. 9) in force on the first day it applies — ``valid_from``, or the day of publication
    when ``valid_from`` is past. Refused tables are kept in the history too."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.data.submit")
    on = on or today_of(municipality)
    extras = _named_extras(municipality, extras)
    valid_from = valid_from or on
    # No fares are published while the credential is suspended or once cancelled (art. 26 IV).
    require_standing(
        municipality, platform, "fares", on, actor=actor, action="platform.fare.publish"
    )
    facts: dict[str, Any] = {
        "base_fare_cents": base_fare_cents,
        "per_km_cents": per_km_cents,
        "per_minute_cents": per_minute_cents,
        "extras": extras,
    }
    if dynamic_max_percent is not None:
        facts["dynamic_max_percent"] = format(Decimal(dynamic_max_percent).normalize(), "f")
    with transaction.atomic(), tenant(municipality):
        # D-15 with art. 5: a fare is informed before the trip, so a table governs no trip made
        # before it was published — backdated, it is judged by the limits in force from today.
        judged_on = max(valid_from, on)
        decision = bound_law(municipality, judged_on).ask("fare_publication", facts)
        status = {
            "ok": FareTable.Status.ACCEPTED,
            "pending": FareTable.Status.PENDING,
        }.get(decision.outcome, FareTable.Status.REFUSED)
        table = FareTable.objects.create(
            platform=platform,
            base_fare_cents=base_fare_cents,
            per_km_cents=per_km_cents,
            per_minute_cents=per_minute_cents,
            extras=extras,
            dynamic_max_percent=dynamic_max_percent,
            valid_from=valid_from,
            status=status,
            decision=decision.to_json(),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.fare.publish",
            obj=table,
            outcome="refused" if status == FareTable.Status.REFUSED else "done",
            new={**facts, "valid_from": valid_from, "status": status},
            basis=basis_many([decision]),
        )
    return table, decision


def _named_extras(municipality: Municipality, extras: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's additional fees (art. 6, IV) with their names trimmed; a fee without a name is
    refused under its field (``extras.<i>.name``), with the article."""
    named = [{**e, "name": str(e.get("name", "")).strip()} for e in extras]
    errors = [
        {
            "campo": f"extras.{i}.name",
            "erro": f"Taxa adicional {i + 1}: informe o nome da taxa "
            f"({cited(municipality, 'fare_extras')}).",
        }
        for i, e in enumerate(named)
        if not e["name"]
    ]
    if errors:
        raise PlatformError("Tabela de tarifas inválida.", errors=errors)
    return named

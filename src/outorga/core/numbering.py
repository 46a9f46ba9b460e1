"""Register numbers: sequential, gapless and unique per series (permits, auxiliaries, autos,
processes, debts…), from one counter row per series and municipality."""

from __future__ import annotations

from django.apps import apps


def next_number(series: str) -> int:
    """Sequential, gapless, unique: lock the counter row in the caller's transaction."""
    # The counter is the registry's model; looked up by name so the core does not import an app.
    RegisterCounter = apps.get_model("registry", "RegisterCounter")
    counter, _ = RegisterCounter.objects.get_or_create(series=series)
    counter = RegisterCounter.objects.select_for_update().get(pk=counter.pk)
    counter.last_number += 1
    counter.save(update_fields=["last_number"])
    return int(counter.last_number)

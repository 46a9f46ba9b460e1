"""The registry's step of the daily sweep (``outorga sweep``) and the two services it uses.

For one municipality and one date it:

- warns the holder (portal) and the clerks (list of avisos) of documents, the CNH, the registration
  certificate and auxiliaries' credentials expiring in 30, 15 and 7 days, and of those expired;
- marks a permit irregular, with the reason, when a current document of the holder or of the
  vehicle is expired or the vehicle is past its age (mototaxi art. 3 II; taxi art. 28 §1–2, D-6),
  and back to regular when none of that holds any more (a valid document recorded, the vehicle
  replaced) — both through :func:`permit_mark_irregular` / :func:`permit_mark_regular`, which
  write an act;
- tells the holder of a taxi the replacement deadline of a vehicle reaching 7 years (art. 28 §2).

Idempotent: avisos are keyed (created once), and a permit whose irregularity reason is unchanged
is not touched, so a second run on the same date changes nothing.

The step is in three modules: :mod:`.step` (the permits that can change, the batches, the
record-by-record reference), :mod:`.regularity` (the law on a permit's documents and vehicle, the
services that mark it irregular or regular) and :mod:`.notices` (the avisos).
"""

from outorga.core.sweep import Sharding, register

from .notices import THRESHOLDS
from .regularity import (
    PREFIX,
    Laws,
    current_documents,
    permit_mark_irregular,
    permit_mark_regular,
    permit_regularity_refresh,
    taxi_vehicle_age,
    taxi_vehicle_facts,
)
from .step import BATCH, changing_permits, holders, registry_shard, registry_sweep

register("registry", registry_sweep, sharding=Sharding(holders, registry_shard))

__all__ = [
    "BATCH",
    "PREFIX",
    "THRESHOLDS",
    "Laws",
    "changing_permits",
    "current_documents",
    "permit_mark_irregular",
    "permit_mark_regular",
    "permit_regularity_refresh",
    "registry_sweep",
    "taxi_vehicle_age",
    "taxi_vehicle_facts",
]

"""The registry's routers with every route registered on them: what ``outorga.config.api`` mounts
(``router`` at /registry, ``tenders_router`` at /tenders, ``taxi_router`` at /taxi and
``stands_router`` at /stands). Importing a route module registers its routes; they are imported
in the order the OpenAPI document lists them."""

from __future__ import annotations

from . import (  # noqa: F401 - imported to register their routes
    auxiliaries,
    documents,
    extinctions,
    people,
    permit_status,
    permits,
    stands,
    tenders,
    termos,
    vehicle_changes,
    vehicles,
)
from .router import router, stands_router, taxi_router, tenders_router

__all__ = ["router", "stands_router", "taxi_router", "tenders_router"]

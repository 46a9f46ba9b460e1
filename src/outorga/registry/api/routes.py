"""The registry's routers with every route registered on them: what ``outorga.config.api`` mounts
(``router`` at /registry, ``tenders_router`` at /tenders, ``taxi_router`` at /taxi and
``stands_router`` at /stands). Importing a route module registers its routes; they are imported
in the order the OpenAPI document lists them."""

from __future__ import annotations

# isort: off
# Imported to register their routes, in the order the routes were written.
from . import people  # noqa: F401
from . import vehicles  # noqa: F401
from . import documents  # noqa: F401
from . import permits  # noqa: F401
from . import permit_status  # noqa: F401
from . import termos  # noqa: F401
from . import auxiliaries  # noqa: F401
from . import tenders  # noqa: F401
from . import vehicle_changes  # noqa: F401
from . import extinctions  # noqa: F401
from . import stands  # noqa: F401
from . import simulation  # noqa: F401

# isort: on
from .router import router, stands_router, taxi_router, tenders_router

__all__ = ["router", "stands_router", "taxi_router", "tenders_router"]

"""The registry's routers, one per URL prefix that ``outorga.config.api`` mounts; the route
modules of this package register their routes on them (``routes`` imports them all)."""

from __future__ import annotations

from ninja import Router

from outorga.core.apikit import staff

router = Router(tags=["cadastro"], auth=staff)
tenders_router = Router(tags=["licitações"], auth=staff)
taxi_router = Router(tags=["táxi"], auth=staff)
stands_router = Router(tags=["pontos"], auth=staff)

"""Loads the demo: every demo municipality (``outorga.demo.MUNICIPALITIES``) with the core's rows
and one user per role, then each app's demo data in the order they build on each other.
Idempotent: running it again changes nothing that is already there. This package sits above the
apps (it imports them; none imports it), like ``outorga.config``."""

from __future__ import annotations

from django.db import transaction

from outorga.core.demo import DemoLogin, municipality_load, system_admin_load
from outorga.core.tenancy import tenant
from outorga.enforcement.demo import load as enforcement_demo
from outorga.finance.demo import load as finance_demo
from outorga.inspections.demo import load as inspections_demo
from outorga.platforms.demo import load as platforms_demo
from outorga.registry.demo import load as registry_demo
from outorga.tripdata.demo import load as tripdata_demo

from . import MUNICIPALITIES

#: Each app's demo, in order: the ledger first, the platforms, the registry (its stands), the cases
#: built on it, the inspections and the trip data of the platforms' drivers.
APP_DEMOS = (
    finance_demo,
    platforms_demo,
    registry_demo,
    enforcement_demo,
    inspections_demo,
    tripdata_demo,
)


@transaction.atomic
def load_demo() -> list[DemoLogin]:
    logins: list[DemoLogin] = []
    for facts in MUNICIPALITIES.values():
        m, made = municipality_load(facts)
        logins.extend(made)
        with tenant(m):
            for load in APP_DEMOS:
                load(m)
    logins.append(system_admin_load())
    return logins

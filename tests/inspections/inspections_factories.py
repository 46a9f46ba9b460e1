"""Builders shared by the inspections tests (and the browser test): a granted mototaxi permit
through the registry's services, and checklist answers."""

from __future__ import annotations

import datetime as dt
from typing import Any

from registry_factories import TAXI_ON, image, make_permit

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.law.inspections.checklists import checklist
from outorga.registry.models import Permit

#: The day the ``transferred`` fixture's taxi permit passes to its successor.
TRANSFER_ON = TAXI_ON + dt.timedelta(days=60)


def grant_mototaxi(m: Municipality, clerk: Actor, *, n: int, on: dt.date) -> Permit:
    """A mototaxi permit granted on ``on`` (the applicant's inspection report is of 5 days before)."""
    return make_permit(
        m,
        clerk=clerk,
        n=n,
        plate=f"QRS{n % 10}A{n % 100:02d}",
        granted_on=on,
        tender=f"IN-{on.year}",
        decree="Decreto 1.234/2026",
    )


def answers(code: str, on: dt.date, **override: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {i.code: {"result": "ok"} for i in checklist(code, on).items}
    for k, v in override.items():
        out[k] = {"result": v, "remark": f"observado: {k}"}
    return out


JPEG = image("JPEG", (200, 30, 30), (16, 12))  # real images, so the laudo PDF embeds them
PNG = image("PNG", (200, 30, 30), (16, 12))

"""Builders shared by the inspections tests (and the browser test): a granted mototaxi permit
through the registry's services, and checklist answers."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from registry_factories import EQUIPMENT, make_applicant

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.inspections.checklists import checklist
from outorga.registry.models import Permit, Tender
from outorga.registry.services.permits import permit_grant


def grant_mototaxi(m: Municipality, clerk: Actor, *, n: int, on: dt.date) -> Permit:
    """A mototaxi permit granted on ``on`` (the applicant's inspection report is of 5 days before)."""
    person, vehicle = make_applicant(m, clerk, n=n, plate=f"QRS{n % 10}A{n % 100:02d}")
    with tenant(m):
        tender, _ = Tender.objects.get_or_create(
            service="mototaxi",
            number=f"IN-{on.year}",
            defaults={
                "places": 50,
                "opened_on": on - dt.timedelta(days=60),
                "homologated_on": on - dt.timedelta(days=10),
                "status": Tender.Status.HOMOLOGATED,
            },
        )
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=on,
        term_years=10,
        decree="Decreto 1.234/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


def answers(code: str, on: dt.date, **override: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {i.code: {"result": "ok"} for i in checklist(code, on).items}
    for k, v in override.items():
        out[k] = {"result": v, "remark": f"observado: {k}"}
    return out


def _image(fmt: str) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (16, 12), (200, 30, 30)).save(buf, fmt)
    return buf.getvalue()


JPEG = _image("JPEG")  # real images, so the laudo PDF embeds them
PNG = _image("PNG")

"""The public verification page follows the registry's regularity: an expired document found by
the daily sweep shows the bearer as irregular, and the valid document recorded at the counter
shows them valid again at once — no sweep in between."""

from __future__ import annotations

import datetime as dt
import re

from django.test import Client
from django.utils import timezone
from registry_factories import make_permit

from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.public import services
from outorga.registry.models import Document
from outorga.registry.services.documents import document_record
from outorga.registry.sweep import registry_sweep

MOTO = "ipatinga.mototaxi-2013"


def inspection(m, clerk, permit, issued_on, presented_on):  # type: ignore[no-untyped-def]
    with tenant(m):
        return document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.INSPECTION,
            vehicle=permit.vehicle,
            issued_on=issued_on,
            presented_on=presented_on,
        )


def status_shown(page) -> str:  # type: ignore[no-untyped-def]
    """The status code of the page's status box (``<div class="status CODE" …>``)."""
    assert page.status_code == 200
    found = re.search(r'<div class="status (\w+)" role="status"', page.content.decode())
    assert found is not None
    return found.group(1)


def test_expired_report_irregular_then_a_new_one_valid_again_on_the_public_page(
    ipatinga_m, badge_clerk
):
    m, today = ipatinga_m, timezone.localdate()
    permit = make_permit(m, "DOCS")
    # The semiannual inspection report (mototaxi law) presented long ago: lapsed by today.
    old = inspection(
        m, badge_clerk, permit, today - dt.timedelta(days=250), today - dt.timedelta(days=250)
    )
    assert old.valid_until is not None and old.valid_until < today
    badge = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    public, url = Client(), f"/v/{badge.token}"
    assert status_shown(public.get(url)) == "valido"  # the sweep has not run yet

    with tenant(m):
        registry_sweep(m, today, NoProgress())
    assert status_shown(public.get(url)) == "irregular"

    inspection(m, badge_clerk, permit, today, today)
    assert status_shown(public.get(url)) == "valido"

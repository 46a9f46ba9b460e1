"""Taxi art. 24 I and art. 28 I: the CRLV an applicant sends from the portal carries the validity
of its licensing (the day the law stops reading it as "vigente"), never an amount of cover; the
mototaxi policy keeps both (art. 13 XXI, art. 19 §1)."""

from __future__ import annotations

import pytest
from registry_factories import TAXI_ON, taxi_holder

from outorga.core.tenancy import tenant
from outorga.portal.selectors import record_rows
from outorga.registry.models import Document

pytestmark = pytest.mark.django_db


def test_art_24_i_art_28_i_the_taxi_crlv_row_asks_its_validity_and_no_cover(ipatinga_m):
    holder, car = taxi_holder(ipatinga_m, TAXI_ON)
    with tenant(ipatinga_m):
        rows = {(r.doc_type, r.vehicle): r for r in record_rows(holder, "taxi")}
    crlv = rows[(Document.Type.CRLV, car)]
    assert crlv.cover_end and not crlv.cover_amount
    assert not rows[(Document.Type.DPVAT, car)].cover_end

"""Mototaxi art. 6: a permission imported without its term end ends where the law core counts
its years — from 29/02 on 01/03 of a common year (Civil Code art. 132 §3º; ADR 0074)."""

import datetime as dt

from outorga.registry.importer.writing import imported_permit
from outorga.registry.models import Permit, Person, Vehicle


def row(granted: str, term_end: str | None = None) -> dict:
    return {
        "service": "mototaxi",
        "taxi_category": "",
        "number": "MT-0001",
        "registration_number": 1,
        "decree": "Decreto 1/2016",
        "granted_on": dt.date.fromisoformat(granted),
        "term_end": dt.date.fromisoformat(term_end) if term_end else None,
        "term_years": 10,
        "extensions": 0,
        "certificate_valid_until": None,
        "status": Permit.Status.ACTIVE,
    }


def test_art_6_an_imported_permission_granted_on_29_february_ends_on_1_march():
    permit = imported_permit(row("2016-02-29"), Person(), Vehicle())
    assert permit.term_end == dt.date(2026, 3, 1)


def test_art_6_an_imported_term_end_on_record_is_kept_guard():
    permit = imported_permit(row("2016-02-29", "2026-02-28"), Person(), Vehicle())
    assert permit.term_end == dt.date(2026, 2, 28)

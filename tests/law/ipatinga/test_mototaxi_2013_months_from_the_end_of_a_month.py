"""Art. 5 §1 III and art. 24: the inspection is semiannual — six months counted from the day of the
report, which run out as the Civil Code counts months (art. 132 §3º: "no dia de igual número do de
início, ou no imediato, se faltar exata correspondência"; ADR 0074). From 31/08 there is no 31/02:
the report is valid through 01/03, not only through 28/02. The vehicle's check counts the same six
months: `test_mototaxi_2013_vehicles.py`."""

import datetime as dt

import pytest

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
ART_5_P1_III = cite(LAW, 5, 1, "III")


def refused(d):  # type: ignore[no-untyped-def]
    return {c for r in d.refusals for c in r.citations}


def validity(ipatinga, issued: str, on: dt.date):  # type: ignore[no-untyped-def]
    return ask(
        "mototaxi.document_validity",
        ipatinga(on),
        {"document": "laudo_inspecao", "issued_on": issued},
    )


@pytest.mark.parametrize(
    ("issued", "last_day"),
    [
        ("2024-08-31", dt.date(2025, 3, 1)),  # no 31/02/2025
        ("2023-08-31", dt.date(2024, 3, 1)),  # no 31/02/2024 either, in a leap year
        ("2024-08-30", dt.date(2025, 3, 1)),  # no 30/02
        ("2023-08-30", dt.date(2024, 3, 1)),
        ("2024-08-29", dt.date(2025, 3, 1)),  # no 29/02/2025
    ],
)
def test_art_5_par1_iii_inspection_from_the_end_of_august_is_valid_through_1_march(
    ipatinga, issued, last_day
):
    d = validity(ipatinga, issued, last_day)
    assert d.outcome["expires_on"] == last_day
    assert d.outcome["valid"] is True
    d = validity(ipatinga, issued, last_day + dt.timedelta(days=1))
    assert d.outcome["valid"] is False
    assert ART_5_P1_III in refused(d)


@pytest.mark.parametrize(
    ("issued", "last_day"),
    [("2023-08-29", dt.date(2024, 2, 29)), ("2024-08-28", dt.date(2025, 2, 28))],
)
def test_art_5_par1_iii_inspection_whose_day_february_has_ends_on_that_day(
    ipatinga, issued, last_day
):
    """Guard: where February has the day, the six months run out on it."""
    d = validity(ipatinga, issued, last_day)
    assert (d.outcome["expires_on"], d.outcome["valid"]) == (last_day, True)
    assert validity(ipatinga, issued, last_day + dt.timedelta(days=1)).outcome["valid"] is False


def test_art_5_par1_iii_next_inspection_after_31_august_is_due_on_1_march(ipatinga):
    d = ask(
        "inspections.mototaxi_due",
        ipatinga(dt.date(2027, 3, 1)),
        {"service": "mototaxi", "registered_on": "2025-09-10", "last_inspection_on": "2026-08-31"},
    )
    assert d.outcome["due_on"] == dt.date(2027, 3, 1)
    assert (d.outcome["status"], d.outcome["overdue"]) == ("vence_hoje", False)

"""Art. 42, §3º: points are counted "no período de 12 (doze) meses subsequentes à data da primeira
infração". Edge dates of that period, read as the product reads the 12 months of D-1 (both ends
included, :func:`outorga.law.windows.months_ending`): a first infraction on 29 February opens a
period that still holds 28 February of the next year; and the length of the period is the one in
force on the date of the first infraction that opens it (D-15), not the one of the day asked."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask
from outorga.law.windows import months_ending

POINTS = {"leve": 3, "media": 4, "grave": 5, "gravissima": 7}
#: A test amendment (D-15) that shortens the period to 6 months from 01/01/2025.
SIX_MONTHS_FROM_2025 = (
    DatedValue(dt.date(2017, 9, 28), 12),
    DatedValue(dt.date(2025, 1, 1), 6, reference="emenda de teste"),
)


def ctx(on: dt.date, window: tuple[DatedValue, ...] = ()) -> Context:
    overrides = {
        f"taxi_2017.points_{k}": (DatedValue(dt.date(2018, 1, 1), v, True, None, "municipality"),)
        for k, v in POINTS.items()
    }
    if window:
        overrides["taxi_2017.points_window_months"] = window
    return Context(dataclasses.replace(IPATINGA, overrides=overrides), on)


def points(c: Context, *infractions: tuple[str, str, str]) -> dict:
    facts = {
        "infractions": [
            {"id": i, "committed_on": on, "nature": nature, "final": True}
            for i, on, nature in infractions
        ]
    }
    return ask("taxi.points", c, facts).outcome


def test_art_42_par_3_a_period_opened_on_29_february_holds_28_february_next_year():
    out = points(
        ctx(dt.date(2025, 3, 1)),
        ("A", "2024-02-29", "leve"),
        ("B", "2025-02-28", "media"),
    )
    (window,) = out["windows"]
    assert (window["start"], window["end"]) == (dt.date(2024, 2, 29), dt.date(2025, 2, 28))
    assert window["infractions"] == ["A", "B"] and window["points"] == 3 + 4
    # The same 12 months as D-1 reads them, from the other end.
    assert months_ending(window["end"], 12)[0] == window["start"]


@pytest.mark.parametrize(
    ("length", "first", "last", "asked_on"),
    [
        ((), "2024-03-15", "2025-03-14", dt.date(2025, 4, 1)),
        # Civil Code art. 132 §3º (ADR 0074): the 12 months from 01/03/2023 run out on 01/03/2024,
        # so the period holds 29/02/2024 — counting from 28/02/2023 dropped that day.
        ((), "2023-03-01", "2024-02-29", dt.date(2024, 4, 1)),
        # Six months (an amendment, D-15) from 01/03/2025 run out on 01/09/2025: the period holds
        # 30 and 31/08, which six months from 28/02 (to 28/08) dropped.
        (SIX_MONTHS_FROM_2025, "2025-03-01", "2025-08-31", dt.date(2025, 10, 1)),
    ],
)
def test_art_42_par_3_the_period_ends_the_day_before_its_months_run_out(
    length, first, last, asked_on
):
    after = (dt.date.fromisoformat(last) + dt.timedelta(days=1)).isoformat()
    out = points(
        ctx(asked_on, length), ("A", first, "leve"), ("B", last, "media"), ("C", after, "grave")
    )
    opened, following = out["windows"]
    assert (opened["start"], opened["end"]) == tuple(map(dt.date.fromisoformat, (first, last)))
    assert opened["infractions"] == ["A", "B"] and opened["points"] == 3 + 4
    assert following["start"].isoformat() == after and following["infractions"] == ["C"]
    if not length:  # the same 12 months as D-1 reads them, from the other end
        assert months_ending(opened["end"], 12)[0] == opened["start"]


def test_art_42_par_3_the_period_s_length_is_the_one_in_force_on_its_first_infraction():
    """D-15: an amendment that shortens the period to 6 months from 01/01/2025 does not shorten a
    period opened in 2024 under the law's 12 months."""
    out = points(
        ctx(dt.date(2025, 3, 1), SIX_MONTHS_FROM_2025),
        ("A", "2024-06-10", "leve"),
        ("B", "2025-02-01", "leve"),
        ("C", "2025-06-20", "leve"),
        ("D", "2025-12-20", "leve"),
    )
    first, second, third = out["windows"]
    assert (first["start"], first["end"]) == (dt.date(2024, 6, 10), dt.date(2025, 6, 9))
    assert first["infractions"] == ["A", "B"]
    # Opened under the amendment: 6 months.
    assert (second["start"], second["end"]) == (dt.date(2025, 6, 20), dt.date(2025, 12, 19))
    assert second["infractions"] == ["C"] and third["infractions"] == ["D"]

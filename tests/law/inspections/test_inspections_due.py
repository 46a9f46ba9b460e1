"""Due dates across their boundaries: the day before, on and after."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.law.inspections.scheduling import next_renewal
from outorga.law.questions import ask

LAST = dt.date(2026, 3, 10)


def moto_due(ipatinga, on, last=LAST, service="mototaxi"):  # type: ignore[no-untyped-def]
    return ask(
        "inspections.mototaxi_due",
        ipatinga(on),
        {
            "service": service,
            "registered_on": "2025-09-10",
            "last_inspection_on": last.isoformat() if last else None,
        },
    )


@pytest.mark.parametrize(
    ("on", "status", "overdue"),
    [
        (dt.date(2026, 9, 9), "em_dia", False),
        (dt.date(2026, 9, 10), "vence_hoje", False),
        (dt.date(2026, 9, 11), "vencida", True),
    ],
)
def test_art_5_par1_iii_semiannual_inspection_day_before_on_and_after(
    ipatinga, on, status, overdue
):
    d = moto_due(ipatinga, on)
    assert d.outcome["due_on"] == dt.date(2026, 9, 10)
    assert d.outcome["kind"] == "semestral"
    assert (d.outcome["status"], d.outcome["overdue"]) == (status, overdue)
    assert (d.outcome["infraction"] is not None) == overdue


def test_art_39_vi_a_missed_semiannual_inspection_is_a_media_infraction_candidate(ipatinga):
    d = moto_due(ipatinga, dt.date(2026, 9, 11))
    assert d.outcome["infraction"]["code"] == "art39-VI"
    assert d.outcome["infraction"]["severity"] == "media"
    assert d.outcome["infraction"]["citation"].endswith("art. 39, VI")


def test_art_5_par1_iii_31_august_inspection_is_due_on_1_march(ipatinga):
    """Six months from 31/08 run out on 01/03: there is no 31/02 (Civil Code art. 132 §3º, "ou no
    imediato"; ADR 0074)."""
    d = moto_due(ipatinga, dt.date(2027, 2, 1), last=dt.date(2026, 8, 31))
    assert d.outcome["due_on"] == dt.date(2027, 3, 1)


def test_art_24_motofrete_also_semiannual_and_cites_art_24(ipatinga):
    d = moto_due(ipatinga, dt.date(2026, 4, 1), service="motofrete")
    assert d.outcome["due_on"] == dt.date(2026, 9, 10)
    assert any(c.article == "24" for c in d.citations)


def test_art_5_par1_ii_without_any_inspection_the_vistoria_is_due_at_registration(ipatinga):
    d = moto_due(ipatinga, dt.date(2025, 9, 10), last=None)
    assert (d.outcome["kind"], d.outcome["due_on"], d.outcome["status"]) == (
        "vistoria",
        dt.date(2025, 9, 10),
        "vence_hoje",
    )


def taxi_due(ipatinga, on, last, changed=None):  # type: ignore[no-untyped-def]
    return ask(
        "inspections.taxi_due",
        ipatinga(on),
        {
            "registered_on": "2024-06-01",
            "last_inspection_on": last.isoformat() if last else None,
            "vehicle_changed_on": changed.isoformat() if changed else None,
        },
    )


@pytest.mark.parametrize(
    ("on", "status"),
    [
        (dt.date(2026, 5, 31), "em_dia"),
        (dt.date(2026, 6, 1), "vence_hoje"),
        (dt.date(2026, 6, 2), "vencida"),
    ],
)
def test_art_29_taxi_yearly_renewal_day_before_on_and_after(ipatinga, on, status):
    d = taxi_due(ipatinga, on, last=dt.date(2025, 6, 1))
    assert (d.outcome["kind"], d.outcome["due_on"], d.outcome["status"]) == (
        "renovacao",
        dt.date(2026, 6, 1),
        status,
    )
    assert (d.outcome["infraction"] is not None) == (status == "vencida")


def test_art_29_an_early_inspection_counts_for_the_next_renewal_only(ipatinga):
    # Inspected the day before the 2025 renewal: the next one is due at the 2026 renewal.
    d = taxi_due(ipatinga, dt.date(2025, 7, 1), last=dt.date(2025, 5, 31))
    assert d.outcome["due_on"] == dt.date(2025, 6, 1)
    d = taxi_due(ipatinga, dt.date(2025, 7, 1), last=dt.date(2025, 6, 2))
    assert d.outcome["due_on"] == dt.date(2026, 6, 1)


def test_art_29_a_vehicle_change_makes_the_inspection_due_on_the_change(ipatinga):
    d = taxi_due(
        ipatinga, dt.date(2026, 1, 16), last=dt.date(2025, 6, 1), changed=dt.date(2026, 1, 15)
    )
    assert (d.outcome["kind"], d.outcome["due_on"], d.outcome["status"]) == (
        "troca",
        dt.date(2026, 1, 15),
        "vencida",
    )
    assert d.outcome["infraction"]["citation"].endswith("art. 43")


def test_art_29_taxi_first_vistoria_at_registration(ipatinga):
    d = taxi_due(ipatinga, dt.date(2024, 5, 31), last=None)
    assert (d.outcome["kind"], d.outcome["status"]) == ("vistoria", "em_dia")


@pytest.mark.parametrize(
    ("anchor", "after", "expected"),
    [
        (dt.date(2024, 2, 29), dt.date(2024, 3, 1), dt.date(2025, 3, 1)),  # ADR 0074
        (dt.date(2020, 6, 1), dt.date(2026, 6, 1), dt.date(2027, 6, 1)),
        (dt.date(2020, 6, 1), dt.date(2026, 5, 31), dt.date(2026, 6, 1)),
        (dt.date(2020, 6, 1), dt.date(2019, 1, 1), dt.date(2021, 6, 1)),
    ],
)
def test_next_renewal_is_strictly_after(anchor, after, expected):
    assert next_renewal(anchor, after, 1) == expected


def test_art_29_the_yearly_renewal_from_29_february_falls_on_1_march(ipatinga):
    """Art. 29 with art. 21: the yearly renewal of a registration anchored on 29/02/2024 falls on
    01/03 in a common year, as its year runs out (Civil Code art. 132 §3º; ADR 0074)."""
    facts = {"registered_on": "2024-02-29", "last_inspection_on": "2024-03-05"}
    d = ask("inspections.taxi_due", ipatinga(dt.date(2025, 2, 28)), facts)
    assert (d.outcome["kind"], d.outcome["due_on"]) == ("renovacao", dt.date(2025, 3, 1))
    assert d.outcome["status"] != "vencida"


def test_art_5_par1_iii_d_15_the_inspection_s_period_is_the_validity_in_force_for_its_laudo(
    ipatinga,
):
    """The laudo's validity is a dated parameter (art. 5 §1 III, "semestral"): a municipality's
    value of 4 months from 01/01/2026 makes the next inspection due 4 months after a laudo of
    that day or later, and the text say so; a laudo of the day before keeps the six months."""
    from law_factories import with_dated_values

    from outorga.demo import IPATINGA

    value = {"mototaxi_2013.documents.inspection_validity_months": (dt.date(2026, 1, 1), 4)}
    on = dt.date(2026, 2, 1)
    for last, due, months, words in (
        (dt.date(2025, 12, 31), dt.date(2026, 7, 1), 6, "Inspeção semestral: a próxima"),
        (dt.date(2026, 1, 1), dt.date(2026, 5, 1), 4, "Inspeção a cada 4 meses: a próxima"),
    ):
        d = moto_due(lambda _on: with_dated_values(IPATINGA, on, value), on, last=last)
        assert d.outcome["due_on"] == due
        (said,) = [r for r in d.reasons if r.rule == "inspections.mototaxi.semiannual"]
        assert said.message == f"{words} é devida até {due:%d/%m/%Y}."
        assert [p.value for p in said.parameters] == [months]

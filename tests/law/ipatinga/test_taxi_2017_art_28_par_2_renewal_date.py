"""Art. 28, §2º: "Atingido o limite de que trata o § 1º, a substituição do veículo deverá ocorrer
até a data prevista para a renovação do cadastramento anual." At a yearly renewal the car's age is
judged on that date — the renewal's due date, the day the period being renewed ends and the new one
starts —, never on the day the clerk happens to record the renewal (the Termo may be renewed on any
day of its last year, art. 13)."""

import datetime as dt

import pytest
import test_taxi_2017_vehicles as VEHICLES

from outorga.law.questions import ask

#: The renewal's due date: the Termo signed on 01/03/2025 comes back to it every year (art. 13, 21).
DUE = dt.date(2026, 3, 1)
RECORDED = DUE - dt.timedelta(days=10)  # the clerk records the renewal ten days ahead

#: A car that meets every other requirement, in service since the Termo signed on 01/03/2025.
CAR = {**VEHICLES.CAR, "occasion": "renovacao", "renewal_anchor": "2025-03-01"}


def renewal(ipatinga, on, invoice: dt.date, **more):
    """The car bought new on ``invoice`` (7 years from it, art. 28 §1), renewed on ``on``."""
    facts = {**CAR, "factory_invoice_date": invoice.isoformat(), **more}
    return ask("taxi.vehicle_eligibility", ipatinga(on), facts)


def age_citations(d) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


@pytest.mark.parametrize(
    ("invoice", "eligible"),
    [
        (dt.date(2019, 2, 28), False),  # 7 years on 28/02/2026, the day before the due date
        (dt.date(2019, 3, 1), False),  # 7 years on the due date itself
        (dt.date(2019, 3, 2), True),  # 7 years the day after: replaced by the next renewal
    ],
)
def test_art_28_par_2_a_renewal_recorded_ahead_judges_the_age_on_its_due_date(
    ipatinga, invoice, eligible
):
    d = renewal(ipatinga, RECORDED, invoice, renewal_due_on=DUE.isoformat())
    assert d.outcome["eligible"] is eligible
    if not eligible:
        assert "ipatinga.taxi-2017 art. 28, §2" in age_citations(d)
        assert "01/03/2026" in " ".join(r.message for r in d.refusals)


@pytest.mark.parametrize("recorded", [RECORDED, DUE - dt.timedelta(days=1), DUE])
def test_art_28_par_2_the_day_of_recording_does_not_change_the_answer(ipatinga, recorded):
    on_limit = dt.date(2019, 3, 1)
    after = dt.date(2019, 3, 2)
    due = DUE.isoformat()
    assert renewal(ipatinga, recorded, on_limit, renewal_due_on=due).outcome["eligible"] is False
    assert renewal(ipatinga, recorded, after, renewal_due_on=due).outcome["eligible"] is True


def test_art_28_par_2_the_due_date_is_read_only_at_a_renewal(ipatinga):
    """A car entering (cadastramento, troca) is judged on the day it enters (art. 28 II): §2's
    renewal date is the registered car's, never an entering one's."""
    d = renewal(
        ipatinga,
        RECORDED,
        dt.date(2019, 3, 1),
        occasion="troca",
        renewal_due_on=DUE.isoformat(),
    )
    assert d.outcome["eligible"] is True

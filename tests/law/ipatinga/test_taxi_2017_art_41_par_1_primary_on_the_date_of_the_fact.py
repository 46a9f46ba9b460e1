"""Art. 41, §1º: the warning is for "condutas primárias", read from the offender's record on the
date of the fact (D-1: only a final penalty counts; D-15: a fact is judged as things stood on its
date). An earlier infraction whose penalty became final only after the new conduct was committed
did not make that conduct non-primary: the offender had no final penalty when acting."""

import datetime as dt

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2024, 6, 20)
PRIMARY_RULE = "taxi_2017.art_41_par_1_primary"


def warning(ctx, prior: dict) -> Decision:
    return ask(
        "ipatinga.taxi-2017.penalty",
        ctx,
        {
            "infraction": "desobediencia_sem_risco",
            "committed_on": "2024-03-10",
            "imposed_on": "2024-06-20",
            "prior_infractions": [{"id": "AI-1", "committed_on": "2024-02-01", **prior}],
            "affects_comfort_or_safety": False,
            "requested": "advertencia",
        },
    )


def test_art_41_par_1_a_prior_final_only_after_the_fact_leaves_the_conduct_primary(ipatinga):
    d = warning(ipatinga(ON), {"final": True, "final_on": "2024-04-02"})
    assert d.outcome["may_impose"] is True
    read = next(r for r in d.reasons if r.rule == PRIMARY_RULE)
    assert read.message.startswith("Conduta primária")
    assert read.facts["definitivas"] == []


def test_art_41_par_1_a_prior_final_by_the_day_of_the_fact_makes_it_not_primary(ipatinga):
    d = warning(ipatinga(ON), {"final": True, "final_on": "2024-03-10"})
    assert d.outcome["may_impose"] is False
    assert [r.rule for r in d.refusals] == ["taxi_2017.art_41_par_1_warning"]


def test_art_41_par_1_a_prior_final_without_its_day_still_counts(ipatinga):
    """A caller that does not give the day the prior became final keeps the old reading."""
    d = warning(ipatinga(ON), {"final": True})
    assert d.outcome["may_impose"] is False

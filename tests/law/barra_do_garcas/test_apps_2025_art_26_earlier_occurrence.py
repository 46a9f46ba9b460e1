"""Art. 26, I ("na primeira ocorrência") and IV ("conforme a gravidade e reincidência"): an earlier
occurrence is an earlier penalty made final in the administrative sphere — no appeal pending and
none left to file — on or before the date of the new fact (D-1, D-15; Lei 9.784/1999 art. 59; ADR
0082). The law sets no window of time, so none is applied. A very grave first occurrence is still
a first occurrence: gravity alone does not reach IV."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Reason
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
FACT = dt.date(2026, 3, 10)
DECIDED = dt.date(2026, 5, 4)
BASE = {
    "offender": "driver",
    "penalty": "fine",
    "fine_upfbg": "10",
    "infraction_on": FACT.isoformat(),
    "defence_notice_on": "2026-03-20",
    "defence_judged": True,
}


def _fine(barra, *occurrences: dict) -> Decision:
    return ask(f"{LAW}.penalty", barra(DECIDED), {**BASE, "occurrences": list(occurrences)})


def _earlier(status: str, final_on: dt.date | None = None, kind: str = "penalty") -> dict:
    occ = {"id": "penalidade 7", "kind": kind, "on": "2025-11-03", "status": status}
    if final_on is not None:
        occ["final_on"] = final_on.isoformat()
    return occ


def _counted(d: Decision) -> Reason:
    return next(r for r in d.reasons if r.rule == "apps.art26.i.occurrences")


def _refusals(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


@pytest.mark.parametrize("status", ["awaiting_notice", "appeal_period", "under_appeal"])
def test_art_26_i_an_earlier_penalty_not_yet_notified_or_open_to_appeal_is_no_earlier_occurrence(
    barra, status
):
    d = _fine(barra, _earlier(status))
    assert _counted(d).facts["consideradas"] == []
    assert d.outcome["allowed"] is False
    assert _refusals(d) == {f"{LAW} art. 26, I"}


@pytest.mark.parametrize(
    "final_on",
    [
        FACT - dt.timedelta(days=1),  # final the day before the fact
        FACT,  # final on the day of the fact: final on the date the offender acted
        dt.date(2019, 1, 2),  # years before: the law sets no window
    ],
)
def test_art_26_i_a_penalty_final_on_or_before_the_new_fact_is_an_earlier_occurrence(
    barra, final_on
):
    d = _fine(barra, _earlier("final", final_on))
    counted = _counted(d)
    assert counted.facts["consideradas"] == ["penalidade 7"]
    assert d.outcome["allowed"] is True
    cited = {c.compact() for c in counted.citations}
    assert {
        f"{LAW} art. 26, I",
        "outorga.decisions art. D-1",
        "outorga.decisions art. D-15",
    } <= cited
    assert "federal.9784-1999 art. 59" in cited


def test_art_26_i_a_penalty_made_final_after_the_new_fact_is_no_earlier_occurrence(barra):
    """Final today, but not yet on the date of the fact: the fact is judged as things stood on
    its own date (D-15)."""
    d = _fine(barra, _earlier("final", FACT + dt.timedelta(days=1)))
    counted = _counted(d)
    assert counted.facts["consideradas"] == []
    assert "penalidade 7" in counted.message and "após o fato" in counted.message
    assert d.outcome["allowed"] is False


def test_art_26_i_a_final_penalty_without_the_day_it_became_final_is_not_counted(barra):
    d = _fine(barra, _earlier("final"))
    assert _counted(d).facts["consideradas"] == []
    assert d.outcome["allowed"] is False


@pytest.mark.parametrize(
    ("status", "final_on", "counts"),
    [
        ("under_appeal", None, False),  # a suspension decided, its appeal pending
        ("awaiting_notice", None, False),  # decided, the decision not yet notified
        ("final", FACT, True),
        ("final", FACT + dt.timedelta(days=1), False),
        ("annulled", None, False),
        ("open", None, False),
        ("rejected", None, False),
    ],
)
def test_art_26_iv_an_earlier_measure_counts_once_final_before_the_new_fact(
    barra, status, final_on, counts
):
    d = ask(
        f"{LAW}.penalty",
        barra(DECIDED),
        {
            **BASE,
            "offender": "platform",
            "penalty": "credential_cancellation",
            "gravity": "Fraude reiterada nos relatórios.",
            "occurrences": [_earlier(status, final_on, kind="proposal")],
        },
    )
    recurrence = next(r for r in d.reasons if r.rule == "apps.art26.iv.recurrence")
    assert recurrence.facts["ocorrências_anteriores"] == (1 if counts else 0)
    assert d.outcome["allowed"] is counts


def test_art_26_iv_a_very_grave_first_occurrence_is_still_a_first_occurrence(barra):
    """IV graduates the measure "conforme a gravidade e reincidência": gravity alone, however
    grave, does not reach IV on a first occurrence, which art. 26, I answers with the warning."""
    d = ask(
        f"{LAW}.penalty",
        barra(DECIDED),
        {
            **BASE,
            "offender": "platform",
            "penalty": "credential_suspension",
            "suspension_days": 30,
            "gravity": "Gravíssima: motoristas sem CNH transportando passageiros.",
            "occurrences": [_earlier("under_appeal")],
        },
    )
    assert d.outcome["allowed"] is False
    first = next(r for r in d.refusals if r.rule == "apps.art26.i.first_occurrence")
    assert {c.compact() for c in first.citations} == {f"{LAW} art. 26, I", f"{LAW} art. 26, IV"}
    assert "gravidade" in first.message
    # A proposal the law refuses is one that cannot be sent up, not a penalty "applied".
    assert (
        d.summary == "Proposta de suspensão temporária do credenciamento não pode ser encaminhada."
    )

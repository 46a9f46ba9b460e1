"""Art. 32, I and II with decision D-1 — "após o condutor atingir 03 (três) infrações [...] no
período de 12 (doze) meses": the count is reached in the 12 months ending on the infraction that
completes it, even when a later infraction, outside those months, became final first (an auto not
contested is final long before three older ones appealed to the JARI and the Chief Executive)."""

import datetime as dt
from typing import Any

from outorga.law.questions import ask

Q = "mototaxi.penalty"
AS_OF = dt.date(2026, 6, 1)


def inf(i: str, on: str, severity: str = "leve", **kw: Any) -> dict[str, Any]:
    return {"id": i, "committed_on": on, "severity": severity, "final": True, **kw}


def test_art_32_i_three_infractions_in_12_months_suspend_though_a_later_one_became_final_first(
    ipatinga,
):
    # a, b, c within three months of 2025; d a year later. All final on the day judged.
    facts = {"infractions": [inf("a", "2025-01-10"), inf("b", "2025-02-10"),
                             inf("c", "2025-03-10"), inf("d", "2026-03-20")]}  # fmt: skip
    s = ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]
    assert s is not None
    assert s["days"] == 15
    assert s["infractions"] == ["a", "b", "c"]
    assert (s["window_start"], s["window_end"]) == (dt.date(2024, 3, 11), dt.date(2025, 3, 10))


def test_art_32_i_three_grave_in_an_older_window_suspend_for_30_days(ipatinga):
    facts = {"infractions": [inf("a", "2025-01-10", "grave"), inf("b", "2025-02-10", "grave"),
                             inf("c", "2025-03-10", "gravissima"),
                             inf("d", "2026-03-20")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["days"] == 30


def test_art_32_i_infractions_never_within_12_months_do_not_suspend(ipatinga):
    # Each pair within 12 months, never three: the window ending on the newest is reported.
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-12-10"),
                             inf("c", "2025-12-11")]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"] is None
    r = next(r for r in d.reasons if r.rule == "art_32_i_suspension")
    assert r.facts["janela"] == {"inicio": dt.date(2024, 12, 12), "fim": dt.date(2025, 12, 11)}


def test_art_32_ii_five_infractions_in_12_months_propose_revocation_though_a_later_one_became_final_first(  # noqa: E501
    ipatinga,
):
    dates = ["2025-01-10", "2025-02-10", "2025-03-10", "2025-04-10", "2025-05-10"]
    facts = {
        "infractions": [
            *(
                inf(x, d, "media", caused_suspension=True)
                for x, d in zip("abcde", dates, strict=True)
            ),
            inf("f", "2026-05-20", "grave"),
        ]
    }
    r = ask(Q, ipatinga(AS_OF), facts).outcome["revocation"]
    assert r is not None and r["proposal"] is True
    assert r["infractions"] == ["a", "b", "c", "d", "e"]
    assert r["window_end"] == dt.date(2025, 5, 10)

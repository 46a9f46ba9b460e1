"""Art. 32, I and II — "após o condutor atingir 03 (três) infrações [...] no período de 12
(doze) meses": the count is the condutor's (art. 2, VI: the permissionário and the condutor
auxiliar, each inscribed), not the permit's pooled record. An auxiliary's infractions count in
his own count, and his count reached suspends his credential (art. 32 caput, art. 34; ADR 0088)
and proposes the revocation of the permission (art. 32, II; art. 31, §2) — but they are never
added to the holder's to reach the threshold (ADR 0085). An auto
that identifies no offender stays the holder's (art. 30, I–II and IV; art. 31, §2)."""

import datetime as dt
from typing import Any

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.penalty"
AS_OF = dt.date(2024, 12, 1)


def inf(i: str, on: str, severity: str = "leve", aux: str | None = None) -> dict[str, Any]:
    f: dict[str, Any] = {"id": i, "committed_on": on, "severity": severity, "final": True}
    if aux is not None:
        f |= {"by_auxiliary": True, "auxiliary": aux}
    return f


def test_art_32_i_the_holders_and_the_auxiliarys_infractions_are_not_added_together(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"),
                             inf("c", "2024-11-10", aux="p7")]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["suspension"] is None
    assert cite(LAW, 32, inc="I") in d.citations


def test_art_32_i_an_auxiliarys_three_infractions_suspend_his_credential(ipatinga):
    facts = {"infractions": [inf("h", "2024-02-01"), inf("a", "2024-01-10", aux="p7"),
                             inf("b", "2024-05-10", aux="p7"),
                             inf("c", "2024-11-10", "media", aux="p7")]}  # fmt: skip
    d = ask(Q, ipatinga(AS_OF), facts)
    s = d.outcome["suspension"]
    assert s["days"] == 15
    assert s["infractions"] == ["a", "b", "c"]  # the holder's own ``h`` is not his auxiliary's
    assert (s["target"], s["auxiliary"]) == ("credenciamento", "p7")  # ADR 0088
    assert d.outcome["responsible"] == "permissionario"
    assert {cite(LAW, 31, 2), cite(LAW, 2, inc="VI")} <= set(d.citations)
    reason = next(r for r in d.reasons if r.rule == "art_32_i_suspension")
    assert "condutor auxiliar" in reason.message


def test_art_32_i_two_auxiliaries_of_the_permit_are_counted_apart(ipatinga):
    # The holder replaced his auxiliary (art. 14): two people, two counts.
    facts = {"infractions": [inf("a", "2024-01-10", "grave", aux="p7"),
                             inf("b", "2024-05-10", "grave", aux="p7"),
                             inf("c", "2024-11-10", "grave", aux="p8")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"] is None


def test_art_32_i_an_auto_that_identifies_no_offender_counts_for_the_holder(ipatinga):
    # Art. 30, IV: the offender "quando possível"; the auto always names the holder (I–II), who
    # answers for his permit (art. 31, §2): the fact facts give with no ``by_auxiliary``.
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"),
                             inf("c", "2024-11-10")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]["days"] == 15


def test_art_32_i_the_auxiliarys_window_ends_on_his_newest_infraction_and_starts_the_day_after(
    ipatinga,
):
    # D-1: the 12 months ending on 10/11/2024 start on 11/11/2023 (both ends included).
    inside = {"infractions": [inf("a", "2023-11-11", aux="p7"), inf("b", "2024-05-10", aux="p7"),
                              inf("c", "2024-11-10", aux="p7")]}  # fmt: skip
    s = ask(Q, ipatinga(AS_OF), inside).outcome["suspension"]
    assert s["infractions"] == ["a", "b", "c"]
    assert (s["window_start"], s["window_end"]) == (dt.date(2023, 11, 11), dt.date(2024, 11, 10))
    outside = {"infractions": [inf("a", "2023-11-10", aux="p7"), inf("b", "2024-05-10", aux="p7"),
                               inf("c", "2024-11-10", aux="p7")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), outside).outcome["suspension"] is None


def test_art_32_i_the_holders_infraction_inside_the_auxiliarys_window_does_not_complete_it(
    ipatinga,
):
    # Two of the auxiliary's in the window, the holder's third on the window's last day.
    facts = {"infractions": [inf("a", "2023-11-11", aux="p7"), inf("b", "2024-05-10", aux="p7"),
                             inf("c", "2024-11-10")]}  # fmt: skip
    assert ask(Q, ipatinga(AS_OF), facts).outcome["suspension"] is None


def test_art_32_ii_revocation_counts_each_condutor_apart(ipatinga):
    holder = [inf(x, f"2024-0{n}-10", "media") for n, x in enumerate("abc", 1)]
    aux = [inf(x, f"2024-0{n}-10", "grave", aux="p7") for n, x in enumerate("de", 5)]
    d = ask(Q, ipatinga(AS_OF), {"infractions": holder + aux})
    assert d.outcome["revocation"] is None
    five = [inf(x, f"2024-0{n}-10", "media", aux="p7") for n, x in enumerate("fghij", 1)]
    assert ask(Q, ipatinga(AS_OF), {"infractions": holder + five}).outcome["revocation"][
        "infractions"
    ] == ["f", "g", "h", "i", "j"]

"""The places a tender may offer against the quota of its law (mototaxi art. 6 with art. 10 I;
taxi art. 3 caput with §1): every place a tender offers is a permission it promises to grant,
and no grant may exceed the quota. So a tender offers at most the places the quota leaves free on
the day it opens, less those other tenders still in progress promised and have not granted yet.
The quota is each law's own answer; this reading of it, one for both laws, is here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from outorga.law.citations import Citation
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.rules import check, reason

#: The facts a ``tender_places`` question adds to its law's ``quota`` facts: the places the
#: tender offers and those other tenders in progress promised and have not granted yet.
TENDER_PLACES_FACTS: dict[str, Any] = {
    "places": {"type": "integer", "minimum": 1},
    "promised_places": {"type": "integer", "minimum": 0},
}


def tender_places_within_quota(
    rule: str, places: int, available: int, promised: int, *citations: Citation
) -> Reason:
    """A tender offers at most the places the quota leaves free on its opening day (``available``)
    less the places promised by other tenders in progress (``promised``)."""
    free = max(0, available - promised)
    return check(
        rule,
        places <= free,
        f"{places} vaga(s) oferecida(s); vagas livres na abertura: {free} ({available} pela "
        f"cota, menos {promised} já oferecida(s) em outras licitações em andamento).",
        f"{places} vaga(s) oferecida(s) acima das vagas livres na abertura: {free} ({available} "
        f"pela cota, menos {promised} já oferecida(s) em outras licitações em andamento).",
        *citations,
        facts={"vagas": places, "livres": free, "cota_livre": available, "prometidas": promised},
    )


def tender_places_decision(
    quota: Decision,
    limit: int | None,
    available: int | None,
    facts: dict[str, Any],
    places_rule: Callable[[int, int, int], Reason],
    decide: Callable[[dict[str, Any], list[Reason], str], Decision],
) -> Decision:
    """The tender's places judged against the ``quota`` decision of its law. The quota's own
    refusal (no place left for a grant now) is kept as information: it is the places rule that
    refuses the tender. With no limit (motofrete, mototaxi art. 10 II) the tender offers any
    number of places; a quota the law cannot count yet (a pending figure) leaves it pending."""
    places, promised = int(facts["places"]), int(facts["promised_places"])
    outcome: dict[str, Any] = {
        "allowed": False,
        "places": places,
        "limit": limit,
        "available": available,
        "promised": promised,
        "free": None,
    }
    if limit is None or available is None:
        # Motofrete is unlimited; a quota not counted (a figure pending, a date before the law)
        # keeps its own reasons, which the tender cannot go past.
        unlimited = all(
            r.verdict in (Verdict.OK, Verdict.INFO, Verdict.SUSPENDED) for r in quota.reasons
        )
        outcome["allowed"] = unlimited
        return decide(
            outcome,
            list(quota.reasons),
            "Vagas sem limite na lei." if unlimited else "Cota ainda não apurada.",
        )
    kept = [
        r
        if r.verdict is not Verdict.REFUSED
        else reason(
            r.rule, Verdict.INFO, r.message, *r.citations, facts=r.facts, params=r.parameters
        )
        for r in quota.reasons
    ]
    within = places_rule(places, available, promised)
    outcome["free"] = max(0, available - promised)
    outcome["allowed"] = within.verdict is Verdict.OK
    return decide(
        outcome,
        [*kept, within],
        "Vagas dentro da cota." if outcome["allowed"] else "Vagas acima da cota livre.",
    )

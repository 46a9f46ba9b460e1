"""Art. 35: the vehicle caught in the service without permission is seized, and goes back only
after the gravíssima fine is paid (§1) — the written warning of art. 31, §3 never replaces them,
however fixable or harmless the inspector finds it. The law's ``warning`` question judges it from
the provision the auto cites."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2026, 5, 4)
RULE = "art_35_no_warning"


def warn(ctx, code: str, fixable: bool = True, endangers: bool = False) -> Decision:
    return ask(
        "ipatinga.mototaxi-2013.warning",
        ctx,
        {"code": code, "fixable": fixable, "endangers_safety_or_continuity": endangers},
    )


@pytest.mark.parametrize(("fixable", "endangers"), [(True, False), (False, True)])
def test_art_35_service_without_permission_admits_no_written_warning(ipatinga, fixable, endangers):
    d = warn(ipatinga(ON), "art35", fixable, endangers)
    assert d.outcome == {"code": "art35", "allowed": False}
    (refused,) = d.refusals
    assert refused.rule == RULE
    assert refused.message == (
        "Serviço sem permissão não admite advertência: multa gravíssima e apreensão."
    )
    assert {c.compact() for c in refused.citations} == {
        "ipatinga.mototaxi-2013 art. 35",
        "ipatinga.mototaxi-2013 art. 35, §1",
    }


def test_art_35_a_catalog_irregularity_fixable_and_harmless_still_takes_the_warning(ipatinga):
    """Guard: art. 35 refuses only the service without permission; art. 31, §3 still admits the
    warning for an inciso of art. 38–41."""
    d = warn(ipatinga(ON), "art38-II")
    assert d.outcome["allowed"] is True and not d.refusals
    assert RULE not in {r.rule for r in d.reasons}


def test_art_35_par1_the_fine_of_service_without_permission_is_the_gravissima_one(ipatinga):
    """Art. 35 §1 (with art. 41 §1): caught without permission, the fine is the gravíssima —
    asked of the law's ``fine`` when the auto becomes final with no seizure that charged it."""
    facts = {"infractions": [{"code": "art35", "committed_on": "2026-04-06"}]}
    d = ask("ipatinga.mototaxi-2013.fine", ipatinga(ON), facts)
    gravissima = ask(
        "ipatinga.mototaxi-2013.fine",
        ipatinga(ON),
        {"infractions": [{"code": "art41-I", "committed_on": "2026-04-06"}]},
    )
    assert d.outcome["total_cents"] == gravissima.outcome["total_cents"] > 0
    assert d.outcome["items"][0]["severity"] == "gravissima" and d.outcome["seizure"] is True
    assert {c.compact() for c in d.citations} >= {
        "ipatinga.mototaxi-2013 art. 35, §1",
        "ipatinga.mototaxi-2013 art. 41, §1",
    }

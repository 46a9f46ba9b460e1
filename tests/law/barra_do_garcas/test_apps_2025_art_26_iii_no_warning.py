"""Art. 26, III: the vehicle used in the irregular service is seized — the inspector's auto for it
admits no written warning in its place; the warning of art. 26, I is a penalty of its own process
(parágrafo único). The law's ``warning`` question says so, whatever the inspector finds."""

import datetime as dt

import pytest

from outorga.law.questions import ask

ON = dt.date(2026, 4, 6)


@pytest.mark.parametrize(("fixable", "endangers"), [(True, False), (False, True)])
def test_art_26_iii_no_warning_replaces_the_seizure_of_the_irregular_service(
    barra, fixable, endangers
):
    d = ask(
        "barra-do-garcas.apps-2025.warning",
        barra(ON),
        {
            "code": "prestacao_irregular",
            "fixable": fixable,
            "endangers_safety_or_continuity": endangers,
        },
    )
    assert d.outcome == {"code": "prestacao_irregular", "allowed": False}
    (refused,) = d.refusals
    assert refused.rule == "apps.art26.iii.no_warning"
    assert "não admite advertência" in refused.message
    assert {c.compact() for c in refused.citations} == {
        "barra-do-garcas.apps-2025 art. 26, III",
        "barra-do-garcas.apps-2025 art. 26, I",
        "barra-do-garcas.apps-2025 art. 26, §único",
    }

"""Who sets the fares and who records payments under the apps law, and the articles that say so.

Art. 7 gives the fare rules to an act of the Chief Executive; art. 8 gives the yearly review of the
limits to "o órgão municipal competente", naming no one, so it does not ground the Chief
Executive's competence. Art. 20 is the drivers' ISSQN (withheld by the platforms): it says what is
owed, not who records a payment; art. 22 names the collection sectors ("setores de arrecadação")
and, for the rest, the law is silent (D-17)."""

import datetime as dt

from outorga.law.citations import cite, decision
from outorga.law.competence import Role, competence

APPS = "barra-do-garcas.apps-2025"
ON = dt.date(2026, 6, 1)


def test_art_7_the_chief_executive_sets_the_fares_and_art_8_is_not_cited_as_his():
    comp = competence(APPS, "tariff.set", ON)
    assert comp is not None
    assert comp.roles == {Role.CHEFE_EXECUTIVO}
    assert cite(APPS, 7) in comp.citations
    # Art. 8: "O órgão municipal competente deverá revisar anualmente os limites" — no authority.
    assert cite(APPS, 8) not in comp.citations


def test_art_20_drivers_issqn_does_not_ground_who_records_a_payment():
    comp = competence(APPS, "debt.payment.record", ON)
    assert comp is not None
    assert comp.roles == {Role.FINANCAS}
    assert cite(APPS, 20) not in comp.citations
    assert cite(APPS, 22) in comp.citations
    assert decision(17) in comp.citations

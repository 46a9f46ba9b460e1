"""D-15 for who decides: the competence table is dated. An amendment that gives an act to another
authority applies to acts on or after its date and never to acts before; before the law itself no
one has the competence. The amendment here is a test's (no such amendment exists): the product's
table names the authority the law's text names (art. 34 §1º of the mototaxi law: the Chief
Executive cassa the permission)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator

import pytest
from law_factories import amended_competence

from outorga.law import competence as table
from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import cite, decision
from outorga.law.competence import Competence, NotCompetent, Role, check, competence, is_allowed
from outorga.law.questions import ask

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
LAW_DATE = RULEBOOKS[MOTO].in_force_from  # 27/08/2013
AMENDED_ON = dt.date(2027, 3, 1)
#: A test amendment: from 01/03/2027 the secretary (autoridade) cassa the mototaxi permission.
MOVED = Competence(
    MOTO,
    "penalty.cassacao",
    frozenset({Role.AUTORIDADE}),
    (cite(MOTO, 34, 1), decision(3)),
    note="redação dada por emenda de teste",
    valid_from=AMENDED_ON,
)


@pytest.fixture
def amended() -> Iterator[None]:
    with amended_competence(MOVED):
        yield


def test_art_34_par_1_an_amendment_moving_cassacao_applies_from_its_date(amended):
    on_the_day = competence(MOTO, "penalty.cassacao", AMENDED_ON)
    assert on_the_day is MOVED
    assert check(Role.AUTORIDADE, "penalty.cassacao", MOTO, AMENDED_ON) is MOVED
    assert is_allowed(Role.AUTORIDADE, "penalty.cassacao", MOTO, AMENDED_ON + dt.timedelta(days=9))
    with pytest.raises(NotCompetent, match="compete a Autoridade"):
        check(Role.CHEFE_EXECUTIVO, "penalty.cassacao", MOTO, AMENDED_ON)


def test_art_34_par_1_the_amendment_never_reaches_acts_of_the_day_before(amended):
    day_before = AMENDED_ON - dt.timedelta(days=1)
    original = competence(MOTO, "penalty.cassacao", day_before)
    assert original is not None and original.roles == {Role.CHEFE_EXECUTIVO}
    assert original.valid_until == day_before
    assert is_allowed(Role.CHEFE_EXECUTIVO, "penalty.cassacao", MOTO, day_before)
    with pytest.raises(NotCompetent, match="compete a Chefe do Executivo"):
        check(Role.AUTORIDADE, "penalty.cassacao", MOTO, day_before)
    # Other acts of the same law keep their authority.
    assert competence(MOTO, "penalty.revocation", AMENDED_ON).roles == {Role.CHEFE_EXECUTIVO}  # type: ignore[union-attr]


def test_art_34_par_1_the_rulebook_names_who_decides_on_the_date_of_the_decision(amended, ipatinga):
    facts = {"infractions": [], "cassation": {"drug_trafficking_conviction_final": True}}
    d = ask("mototaxi.penalty", ipatinga(AMENDED_ON), facts)
    assert d.outcome["cassation"]["decided_by"] == ["autoridade"]
    d = ask("mototaxi.penalty", ipatinga(AMENDED_ON - dt.timedelta(days=1)), facts)
    assert d.outcome["cassation"]["decided_by"] == ["chefe_executivo"]


def test_d_15_who_decides_read_before_an_amendment_is_read_again_after_it():
    """``deciders`` keeps its answers while the table stands: an amendment, and taking it off,
    are seen at once by a question asked again on the same day."""
    before = table.deciders(MOTO, "penalty.cassacao", AMENDED_ON)
    assert before[0] == ["chefe_executivo"]
    with amended_competence(MOVED):
        assert table.deciders(MOTO, "penalty.cassacao", AMENDED_ON) == (
            ["autoridade"],
            MOVED.citations,
        )
    assert table.deciders(MOTO, "penalty.cassacao", AMENDED_ON) == before
    # A new list each time: an outcome that keeps it never changes the next one's.
    table.deciders(MOTO, "penalty.cassacao", AMENDED_ON)[0].append("atendente")
    assert table.deciders(MOTO, "penalty.cassacao", AMENDED_ON) == before


def test_art_34_par_1_before_the_law_no_one_cassa():
    before = LAW_DATE - dt.timedelta(days=1)
    assert competence(MOTO, "penalty.cassacao", before) is None
    assert not is_allowed(Role.CHEFE_EXECUTIVO, "penalty.cassacao", MOTO, before)
    with pytest.raises(NotCompetent, match="27/08/2013") as exc:
        check(Role.CHEFE_EXECUTIVO, "penalty.cassacao", MOTO, before)
    assert "26/08/2013" in str(exc.value)
    assert check(Role.CHEFE_EXECUTIVO, "penalty.cassacao", MOTO, LAW_DATE) is not None


def test_art_49_the_taxi_table_starts_on_the_taxi_law_date():
    start = RULEBOOKS[TAXI].in_force_from
    assert competence(TAXI, "permit.grant", start - dt.timedelta(days=1)) is None
    assert competence(TAXI, "permit.grant", start) is not None


def test_every_original_entry_is_in_force_from_its_law_date():
    """The table does not repeat the laws' dates: its entries start on their rulebook's."""
    for (law, _action), versions in table.VERSIONS.items():
        first = versions[0]
        assert first.valid_from is None
        assert first.starts == RULEBOOKS[law].in_force_from


def test_d_15_an_amendment_never_reaches_back_over_a_day_already_governed(amended):
    earlier = dataclasses.replace(MOVED, valid_from=AMENDED_ON - dt.timedelta(days=30))
    with pytest.raises(ValueError, match="retroage"):
        table.amend(earlier)
    with pytest.raises(ValueError, match="data de vigência"):
        table.amend(dataclasses.replace(MOVED, valid_from=None))
    with pytest.raises(ValueError, match="retroage"):
        table.amend(dataclasses.replace(MOVED, action="penalty.revocation", valid_from=LAW_DATE))
    assert competence(MOTO, "penalty.cassacao", AMENDED_ON) is MOVED

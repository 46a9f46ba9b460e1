"""D-15 for the rule structure: an amendment that adds an inciso to art. 38–41 applies from its date
and never to facts before it; the older incisos keep judging the facts of their time."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from outorga.law.citations import cite, decision
from outorga.law.ipatinga.mototaxi_2013 import catalog
from outorga.law.ipatinga.mototaxi_2013._common import Severity
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
AMENDED_ON = dt.date(2027, 3, 1)
NEW = catalog.InfractionType(
    "art39-XVI",
    39,
    "XVI",
    "Usar o telefone celular durante a condução (inciso acrescido por lei de teste)",
    Severity.MEDIA,
    False,
    valid_from=AMENDED_ON,
)


@pytest.fixture
def amended() -> Iterator[None]:
    versions = {k: list(v) for k, v in catalog.VERSIONS.items()}
    newest = dict(catalog.BY_CODE)
    catalog.amend(NEW)
    yield
    catalog.VERSIONS.clear()
    catalog.VERSIONS.update(versions)
    catalog.BY_CODE.clear()
    catalog.BY_CODE.update(newest)


def _auto(on: dt.date) -> dict[str, object]:
    return {
        "holder_name": "Maria da Silva",
        "permit_number": "MT-0123",
        "plate": "HMG1A23",
        "provision": NEW.code,
        "place": "Av. 28 de Abril, Centro",
        "date": on.isoformat(),
        "time": "14:30",
        "description": "Condutor ao celular.",
        "agent_signature": True,
        "agent_registration": "F-1",
        "offender_signature": True,
    }


def test_d_15_an_auto_under_an_inciso_added_by_amendment_is_refused_for_the_day_before(
    amended, ipatinga
):
    before = ask(
        "mototaxi.infraction_notice", ipatinga(AMENDED_ON), _auto(AMENDED_ON - dt.timedelta(days=1))
    )
    assert before.outcome["valid"] is False
    refusal = next(r for r in before.refusals if r.rule == "art_30_vi_known_provision")
    assert decision(15) in refusal.citations and "28/02/2027" in refusal.message
    on_the_day = ask("mototaxi.infraction_notice", ipatinga(AMENDED_ON), _auto(AMENDED_ON))
    assert on_the_day.outcome["valid"] is True


def test_d_15_no_fine_for_an_inciso_the_law_did_not_have_on_the_date_of_the_fact(amended, ipatinga):
    facts = {
        "infractions": [
            {"code": NEW.code, "committed_on": "2027-02-28"},
            {"code": NEW.code, "committed_on": "2027-03-01"},
        ],
        "imposed_on": "2027-04-01",
    }
    d = ask("mototaxi.fine", ipatinga(dt.date(2027, 4, 1)), facts)
    assert [i["code"] for i in d.outcome["items"]] == [NEW.code]  # only the one after the amendment
    (refusal,) = d.refusals
    assert refusal.citations == (cite(LAW, 37), decision(15))
    assert d.outcome["items"][0]["severity"] == "media"


def test_without_the_amendment_the_inciso_does_not_exist_at_any_date(ipatinga):
    d = ask("mototaxi.infraction_notice", ipatinga(AMENDED_ON), _auto(AMENDED_ON))
    assert d.outcome["valid"] is False


def test_an_amendment_never_reaches_back_over_a_version_still_in_force(amended):
    rewritten = catalog.InfractionType(
        "art38-I", 38, "I", "texto novo", Severity.MEDIA, False, valid_from=AMENDED_ON
    )
    with pytest.raises(ValueError, match="ainda vigora"):
        catalog.amend(rewritten)
    assert catalog.infraction_type("art38-I", AMENDED_ON).severity is Severity.LEVE

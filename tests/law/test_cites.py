"""The articles the registry's screens and services cite come from the rulebooks (``CITES``), and
the extinction causes from the law: each concept they name is answered by the law that ships it."""

from __future__ import annotations

import pytest

from outorga.law import interfaces
from outorga.law.citations import cite, decision, render_many

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"

#: Concepts the registry (permit screens, taxi services) asks of the law bound to each service.
REGISTRY_CONCEPTS = {
    MOTO: (
        "auxiliary",
        "auxiliary_credential",
        "registration_certificate",
        "extension",
        "substitution",
        "emergency_substitution",
        "renounce",
        "reserve",
        "one_vehicle",
        "badge_returned",
        "driver_cassado_badge",
        "badge_permit_revoked",
        "badge_permit_extinct",
        "tender",
        "safety_gear",
        "permit_cassada",
        "permit_end_ends_auxiliaries",
    ),
    TAXI: (
        "auxiliary",
        "auxiliary_credential",
        "debts_block",
        "substitution",
        "reserve_vehicle",
        "vehicle_swap",
        "renounce",
        "transfer",
        "extinction_case",
        "tender",
        "one_permission",
        "one_vehicle",
        "category",
        "term",
        "cadastro_cassado",
        "cadastro_suspenso",
        "badge_returned",
        "driver_cassado_badge",
        "badge_permit_revoked",
        "badge_permit_extinct",
        "transfer_ends_auxiliaries",
        "permit_cassada",
        "permit_end_ends_auxiliaries",
    ),
}


@pytest.mark.parametrize(
    ("law", "concept"), [(law, c) for law, cs in REGISTRY_CONCEPTS.items() for c in cs]
)
def test_every_concept_the_registry_cites_is_named_by_the_rulebook(law: str, concept: str) -> None:
    found = interfaces.citations(law, concept)
    assert found and all(c.law == law for c in found)


def test_several_articles_of_one_law_name_the_law_once() -> None:
    assert interfaces.cited_once(MOTO, "auxiliary") == (
        "Lei de mototáxi de Ipatinga (2013), art. 6, §4; art. 14, §2; art. 14, §3"
    )
    assert interfaces.cited_once(TAXI, "transfer") == (
        "Lei do táxi de Ipatinga (2017), art. 13, parágrafo único"
    )
    # A concept a law does not name adds nothing; another law's article names its own title.
    assert interfaces.cited_once(TAXI, "reserve") == ""
    # The vest and helmet (mototaxi art. 5 IV) the API asks the body to say: not the taxi law's.
    assert interfaces.cited_once(MOTO, "safety_gear", "auxiliary_credential") == (
        "Lei de mototáxi de Ipatinga (2013), art. 5, IV; art. 14, §2"
    )
    assert interfaces.citations(TAXI, "safety_gear") == ()
    assert render_many([cite(TAXI, 6), cite(MOTO, 6, 2), cite(MOTO, 14), decision(3)]) == (
        "Lei do táxi de Ipatinga (2017), art. 6; Lei de mototáxi de Ipatinga (2013), art. 6, §2; "
        "art. 14; decisão D-3"
    )


def test_the_extinction_causes_are_the_laws() -> None:
    causes = interfaces.extinction_causes(TAXI)
    assert [c.inciso for c in causes] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    assert interfaces.extinction_causes(MOTO) == ()
    assert interfaces.extinction_causes("nowhere.none-2000") == ()

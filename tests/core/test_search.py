"""The search a clerk types (core.search, registry selectors): accents and case never matter, a
CPF/CNPJ is found with or without its punctuation, a plate with or without its hyphen — on
SQLite (a Python function) and on PostgreSQL (unaccent and a trigram index), the same query."""

from __future__ import annotations

import os

import pytest
from django.db import connection
from registry_factories import moto_vehicle, person

from outorga.core.search import fold, looks_like_document, name_matches, plate_key, words
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import Role
from outorga.registry.models import Person, Vehicle
from outorga.registry.selectors import people_search, vehicles_search
from outorga.registry.validation import format_cpf


def test_folding_drops_accents_and_case():
    assert fold("JOSÉ DA CONCEIÇÃO Müller") == "jose da conceicao muller"
    assert words("  José   jose SILVA ") == ["jose", "silva"]
    assert plate_key("abc-1d23") == "ABC1D23"
    # A one-word name is not the start of a plate: its accent is kept ("Sá" is not "S").
    assert plate_key("Sá") == "SÁ" and plate_key("José") == "JOSÉ"
    assert looks_like_document("123.456.789-09") and looks_like_document("12345678909")
    assert looks_like_document("12.345.678/0001-95") and not looks_like_document("José 123")


@pytest.fixture
def people(ipatinga_m):  # type: ignore[no-untyped-def]
    return {
        "jose": person(ipatinga_m, name="José Aparecido Brandão"),
        "upper": person(ipatinga_m, name="JOSÉ DA SILVA QUIRINO"),
        "maria": person(ipatinga_m, name="Maria Conceição Brandão"),
    }


def _names(m, text, role=Role.ATENDENTE):  # type: ignore[no-untyped-def]
    with tenant(m):
        return set(people_search(Person.objects.all(), text, role).values_list("name", flat=True))


def test_jose_without_accent_finds_jose_with_accent_in_any_case(ipatinga_m, people):
    found = _names(ipatinga_m, "jose")
    assert {"José Aparecido Brandão", "JOSÉ DA SILVA QUIRINO"} <= found
    assert "Maria Conceição Brandão" not in found


def test_every_word_must_match_in_any_order(ipatinga_m, people):
    assert _names(ipatinga_m, "silva JOSE") == {"JOSÉ DA SILVA QUIRINO"}
    assert _names(ipatinga_m, "brandao") >= {"José Aparecido Brandão", "Maria Conceição Brandão"}
    assert _names(ipatinga_m, "CONCEICAO brandão") == {"Maria Conceição Brandão"}


def test_a_percent_or_underscore_typed_is_a_character_not_a_wildcard(ipatinga_m, people):
    assert _names(ipatinga_m, "%") == set()
    assert _names(ipatinga_m, "jos_") == set()


def test_a_cpf_with_or_without_punctuation_finds_the_person(ipatinga_m, people):
    p = people["jose"]
    for typed in (p.document, format_cpf(p.document), f" {format_cpf(p.document)} "):
        assert _names(ipatinga_m, typed) == {p.name}, typed


def test_a_cnpj_with_or_without_punctuation_finds_the_company(ipatinga_m):
    company = person(ipatinga_m, name="Transportes Ipê Ltda", legal=True)
    d = company.document
    punctuated = f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"
    assert _names(ipatinga_m, punctuated) == {company.name}
    assert _names(ipatinga_m, d) == {company.name}


def test_a_role_that_sees_the_cpf_masked_finds_no_one_by_it(ipatinga_m, people):
    p = people["jose"]
    assert _names(ipatinga_m, format_cpf(p.document), Role.JARI) == set()
    assert p.name in _names(ipatinga_m, "jose", Role.JARI)


def test_a_plate_with_or_without_hyphen_finds_the_vehicle(ipatinga_m, people):
    v = moto_vehicle(ipatinga_m, people["jose"])
    with tenant(ipatinga_m):
        for typed in (v.plate, f"{v.plate[:3]}-{v.plate[3:]}", v.plate.lower(), v.plate[:5]):
            assert list(vehicles_search(Vehicle.objects.all(), typed)) == [v], typed
        # By its owner's name too, without accents.
        assert v in vehicles_search(Vehicle.objects.all(), "brandao jose")


def test_another_municipality_is_never_searched(ipatinga_m, barra_m, people):
    other = person(barra_m, name="José Aparecido Brandão Filho")
    assert other.name not in _names(ipatinga_m, "jose brandao")
    assert _names(barra_m, "jose brandao") == {other.name}


@pytest.mark.postgres
@pytest.mark.xfail(
    bool(os.environ.get("OUTORGA_TEST_DB_ROLE")),
    reason=(
        "under row-level security the name's condition (outorga_unaccent, LIKE: not LEAKPROOF) "
        "runs after the policy's, so no index may answer it: a known gap (ADR 0037)"
    ),
    strict=True,
)
def test_on_postgresql_the_name_search_uses_the_trigram_index(people):
    # Across municipalities, so that only the trigram index can answer (the table is too small
    # for the planner to prefer it to the municipality's own index otherwise).
    with unscoped():
        qs = Person.objects.filter(name_matches("name", "jose silva"))
        with connection.cursor() as cur:
            cur.execute("SET LOCAL enable_seqscan = off")
        plan = qs.explain()
        assert "registry_person_name_trgm" in plan, plan
        assert "JOSÉ DA SILVA QUIRINO" in {p.name for p in qs}

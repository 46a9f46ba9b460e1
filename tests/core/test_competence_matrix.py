"""Every action × every role: allowed exactly where the competence table says; refusals logged."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.models import Act
from outorga.core.tenancy import unscoped
from outorga.law.competence import (
    COMPETENCES,
    MUNICIPAL_DATA_COMPETENCES,
    SYSTEM_COMPETENCES,
    NotCompetent,
    Role,
    competence,
    is_allowed,
)

MOTO, TAXI, APPS = "ipatinga.mototaxi-2013", "ipatinga.taxi-2017", "barra-do-garcas.apps-2025"
#: The day the table is read on: every law of the matrix is in force (the table is dated, D-15).
ON = dt.date(2026, 6, 1)
LAW_SLUG = {MOTO: "ipatinga", TAXI: "ipatinga", APPS: "barra-do-garcas"}
CASES = [(law, action, role) for (law, action) in COMPETENCES for role in Role]


@pytest.mark.parametrize(("law", "action", "role"), CASES)
def test_matrix_service_check_matches_the_table(law, action, role, user_of):
    from outorga.core.models import Municipality

    m = Municipality.objects.get(slug=LAW_SLUG[law])
    user = user_of(m.slug, role)
    actor = Actor.of(user, "203.0.113.7")
    with unscoped():
        refused_before = Act.objects.filter(municipality=m, outcome="refused").count()
    expected = COMPETENCES[(law, action)].allows(role)
    if expected:
        assert authorize(actor=actor, municipality=m, action=action, law=law) is not None
    else:
        with pytest.raises(NotCompetent) as exc:
            authorize(actor=actor, municipality=m, action=action, law=law)
        # The refusal says who is competent and cites the article.
        assert "art." in str(exc.value) or "decisão" in str(exc.value)
    with unscoped():
        refusals = Act.objects.filter(municipality=m, outcome="refused")
        assert refusals.count() == refused_before + (0 if expected else 1)
        if not expected:
            last = refusals.order_by("-seq").first()
            assert last is not None
            assert (last.action, last.role, last.ip) == (action, role.value, "203.0.113.7")


# Running the system is no law's act; who may do it, written out independently of the table.
SYSTEM_EXPECTED = {
    "system.municipality.manage": {Role.ADMIN},
    "system.user.manage": {Role.ADMIN},
    "system.audit.read": {Role.ADMIN, Role.AUTORIDADE},
    "system.law.simulate": {Role.ADMIN},
    "system.account.invite": {Role.ATENDENTE},
    "system.email.read": {Role.ATENDENTE, Role.ADMIN},
    "system.email.resend": {Role.ATENDENTE, Role.ADMIN},
}


def test_every_system_action_has_an_expectation():
    assert set(SYSTEM_EXPECTED) == set(SYSTEM_COMPETENCES)


@pytest.mark.parametrize(("action", "role"), list(itertools.product(SYSTEM_EXPECTED, Role)))
def test_matrix_system_actions(action, role):
    assert is_allowed(role, action, None, ON) == (role in SYSTEM_EXPECTED[action])


# The municipality's dated data (rules.md: values left to a decree or regulation are dated data a
# municipality edits): the administrator records them, citing the decision each one serves.
MUNICIPAL_DATA_EXPECTED = {
    "municipality.population.record": ({Role.ADMIN}, "D-7"),
    "municipality.fiscal_unit.record": ({Role.ADMIN}, "D-5"),
    "municipality.calendar.record": ({Role.ADMIN}, "D-4"),
    "municipality.parameter.record": ({Role.ADMIN}, "D-15"),
    "municipality.taxi_item.record": ({Role.ADMIN}, "D-10"),
    "municipality.law_binding.record": ({Role.ADMIN}, "D-15"),
}


def test_every_municipal_data_action_has_an_expectation():
    assert set(MUNICIPAL_DATA_EXPECTED) == set(MUNICIPAL_DATA_COMPETENCES)


@pytest.mark.parametrize(("action", "role"), list(itertools.product(MUNICIPAL_DATA_EXPECTED, Role)))
def test_matrix_municipal_data_actions(action, role, user_of):
    from outorga.core.models import Municipality

    roles, decision = MUNICIPAL_DATA_EXPECTED[action]
    m = Municipality.objects.get(slug="ipatinga")
    actor = Actor.of(user_of(m.slug, role), "203.0.113.7")
    assert is_allowed(role, action, None, ON) == (role in roles)
    with unscoped():
        refused_before = Act.objects.filter(municipality=m, outcome="refused").count()
    if role in roles:
        comp = authorize(actor=actor, municipality=m, action=action)
        assert comp is not None and any(c.article == decision for c in comp.citations)
    else:
        with pytest.raises(NotCompetent) as exc:
            authorize(actor=actor, municipality=m, action=action)
        assert f"decisão {decision}" in str(exc.value)
    with unscoped():
        refused = Act.objects.filter(municipality=m, outcome="refused").count()
    assert refused == refused_before + (0 if role in roles else 1)


def test_a_user_never_acts_in_another_municipality(user_of):
    from outorga.core.models import Municipality

    barra = Municipality.objects.get(slug="barra-do-garcas")
    intruder = Actor.of(user_of("ipatinga", Role.AUTORIDADE))
    with pytest.raises(NotCompetent):
        authorize(actor=intruder, municipality=barra, action="platform.credential", law=APPS)


# What the law's text says, transcribed independently of the table above.


@pytest.mark.parametrize("action", ["penalty.revocation", "penalty.cassacao"])
def test_art_34_par_1_only_the_chief_executive_revokes_or_cassa_a_mototaxi_permission(action):
    comp = competence(MOTO, action, ON)
    assert comp is not None and comp.roles == {Role.CHEFE_EXECUTIVO}
    assert any(c.article == "34" and c.paragraph == "1" for c in comp.citations)


@pytest.mark.parametrize("action", ["penalty.warning", "penalty.fine", "penalty.suspension"])
def test_art_34_caput_the_secretariat_applies_warning_fine_and_suspension(action):
    comp = competence(MOTO, action, ON)
    assert comp is not None and Role.AUTORIDADE in comp.roles
    assert Role.CHEFE_EXECUTIVO not in comp.roles
    assert any(c.article == "34" and c.paragraph is None for c in comp.citations)


def test_art_31_par_3_the_inspector_may_warn():
    assert is_allowed(Role.FISCAL, "penalty.warning", MOTO, ON)
    assert not is_allowed(Role.FISCAL, "penalty.fine", MOTO, ON)


def test_art_43_and_44_jari_then_chief_executive_judge_appeals():
    assert competence(MOTO, "appeal.jari.judge", ON).roles == {Role.JARI}  # type: ignore[union-attr]
    assert competence(MOTO, "appeal.executive.judge", ON).roles == {  # type: ignore[union-attr]
        Role.CHEFE_EXECUTIVO
    }


def test_d_17_the_taxi_and_apps_laws_never_borrow_the_jari_path():
    assert competence(TAXI, "appeal.jari.judge", ON) is None
    assert competence(APPS, "appeal.jari.judge", ON) is None


def test_d_3_platform_suspension_is_decided_by_a_person_with_that_competence():
    comp = competence(APPS, "platform.suspend", ON)
    assert comp is not None and comp.roles == {Role.CHEFE_EXECUTIVO}


@pytest.mark.parametrize("law", [TAXI, MOTO])
def test_fees_are_charged_by_finance_alone_under_the_fees_own_law(law):
    """A fee (taxi art. 40; the mototaxi law's Cadastro and inspections) is charged as a debt:
    the finance service checks ``debt.record`` under the fee's law, Finance's alone."""
    from outorga.finance import fees

    assert fees.ACTION == "debt.record"
    assert fees.catalogue(law) and {f.law for f in fees.catalogue(law)} == {law}
    assert {r for r in Role if is_allowed(r, fees.ACTION, law, ON)} == {Role.FINANCAS}
    if law == TAXI:
        comp = competence(TAXI, fees.ACTION, ON)
        assert comp is not None and any(c.article == "40" for c in comp.citations)

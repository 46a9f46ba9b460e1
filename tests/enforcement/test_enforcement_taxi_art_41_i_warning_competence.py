"""Taxi art. 41, I (advertência) and art. 46 with decision D-17 (ADR 0067): the taxi law gives the
inspector no penalty of his own — unlike the mototaxi law's art. 31 §3 — so the fiscal lavra the
auto and the Secretaria's authority (``penalty.warning`` in the competence table) applies the
warning instead of the fine, while the case is still open (art. 41 caput: contraditório e ampla
defesa). The fiscal asking for it is refused with the article; the mototaxi inspector still
writes it on the auto (art. 31 §3)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import at, case_of, client_of, issue, make_final, taxi_auto
from registry_factories import taxi_permit

from outorga.core.errors import FieldError, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice, Penalty
from outorga.enforcement.services.autos import auto_warning_apply, infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role, is_allowed

D = dt.date(2026, 4, 6)
TAXI = "ipatinga.taxi-2017"
WARNING = InfractionNotice.Penalty.WARNING


def _auto(world, permit) -> InfractionNotice:  # type: ignore[no-untyped-def]
    """The fiscal's auto of a harmless conduct, its fine waiting for the case (D-1)."""
    return taxi_auto(world, permit, "desobediencia_sem_risco", on=D)


def test_art_41_i_art_46_the_table_gives_the_taxi_warning_to_the_authority_only():
    assert is_allowed(Role.AUTORIDADE, "penalty.warning", TAXI, D)
    assert not is_allowed(Role.FISCAL, "penalty.warning", TAXI, D)


def test_art_41_i_art_46_the_fiscal_may_not_write_a_taxi_warning_on_the_auto(world):
    permit = taxi_permit(world.m)
    with pytest.raises(NotCompetent) as exc:
        infraction_issue(
            actor=world.fiscal,
            municipality=world.m,
            code="desobediencia_sem_risco",
            committed_at=at(D),
            place="Rodoviária",
            description="Conduta constatada pelo fiscal.",
            agent_registration="F-9",
            permit=permit,
            offender_signed=True,
            warning=True,
            warning_harmless=True,
        )
    assert "advertência" in str(exc.value)
    assert "art. 41, I" in str(exc.value) and "art. 46" in str(exc.value)
    with tenant(world.m):
        assert not InfractionNotice.objects.filter(permit=permit).exists()
        assert Act.objects.filter(action="penalty.warning", outcome="refused").exists()


def test_art_41_i_art_46_the_authority_applies_the_taxi_warning_while_the_case_is_open(world):
    permit = taxi_permit(world.m)
    auto = _auto(world, permit)
    assert auto.penalty == InfractionNotice.Penalty.FINE
    warned = auto_warning_apply(
        actor=world.authority, municipality=world.m, auto=auto, harmless=True, on=D
    )
    assert warned.penalty == WARNING
    with tenant(world.m):
        act = Act.objects.filter(action="penalty.warning", outcome=Act.Outcome.DONE).latest("seq")
    cites = " ".join(act.record["basis"]["citations"])
    assert "art. 41, §1" in cites and "art. 46" in cites
    # The warning is what the case applies once final (D-1): no fine is charged.
    case = make_final(world, warned, D)
    with tenant(world.m):
        assert Penalty.objects.filter(case=case, kind=Penalty.Kind.WARNING).exists()
        assert not Penalty.objects.filter(case=case, kind=Penalty.Kind.FINE).exists()
        assert not Debt.objects.filter(permit=permit, origin=Debt.Origin.FINE).exists()


def test_art_41_i_art_46_the_fiscal_may_not_apply_the_taxi_warning_after_the_auto(world):
    permit = taxi_permit(world.m)
    auto = _auto(world, permit)
    with pytest.raises(NotCompetent, match=r"art\. 41, I"):
        auto_warning_apply(actor=world.fiscal, municipality=world.m, auto=auto, harmless=True, on=D)
    with tenant(world.m):
        assert InfractionNotice.objects.get(pk=auto.pk).penalty == InfractionNotice.Penalty.FINE


def test_art_41_par_1_the_authority_is_refused_the_warning_for_a_conduct_that_affects_safety(
    world,
):
    permit = taxi_permit(world.m)
    auto = _auto(world, permit)
    with pytest.raises(Refused, match=r"art\. 41, §1"):
        auto_warning_apply(
            actor=world.authority, municipality=world.m, auto=auto, harmless=False, on=D
        )
    with tenant(world.m):
        assert InfractionNotice.objects.get(pk=auto.pk).penalty == InfractionNotice.Penalty.FINE


def test_art_41_caput_no_warning_once_the_fine_is_final(world):
    permit = taxi_permit(world.m)
    auto = _auto(world, permit)
    make_final(world, auto, D)
    with pytest.raises(FieldError) as exc:
        auto_warning_apply(
            actor=world.authority,
            municipality=world.m,
            auto=auto,
            harmless=True,
            on=D + dt.timedelta(days=60),
        )
    assert exc.value.field == "advertência" and "art. 41" in exc.value.citation
    assert case_of(world, auto).stage == "final"


def test_art_41_i_a_warning_is_not_applied_twice(world):
    permit = taxi_permit(world.m)
    auto = _auto(world, permit)
    auto_warning_apply(actor=world.authority, municipality=world.m, auto=auto, harmless=True, on=D)
    with pytest.raises(InvalidStep, match="já tem advertência"):
        auto_warning_apply(
            actor=world.authority, municipality=world.m, auto=auto, harmless=True, on=D
        )


def test_art_31_par_3_the_mototaxi_inspector_still_writes_the_warning_on_the_auto(world):
    """Guard: the mototaxi law names the inspector (art. 31 §3), so the fiscal keeps it there."""
    auto = issue(world, on=D, warning=True, warning_fixable=True, warning_harmless=True)
    assert auto.penalty == WARNING


def test_art_41_i_art_46_the_screens_offer_the_taxi_warning_to_the_authority_not_the_fiscal(
    world, user_of
):
    permit = taxi_permit(world.m)
    fiscal = client_of(user_of(world.m.slug, Role.FISCAL))
    form = fiscal.get(f"/fiscalizacao/autos/novo/?permit={permit.pk}").content.decode()
    assert 'name="warning"' not in form
    auto = _auto(world, permit)
    case = case_of(world, auto)
    page = f"/fiscalizacao/processos/{case.pk}/"
    assert "Aplicar advertência" not in fiscal.get(page).content.decode()
    authority = client_of(user_of(world.m.slug, Role.AUTORIDADE))
    assert "Aplicar advertência" in authority.get(page).content.decode()
    r = authority.post(
        f"{page}advertencia/", {"on": D.isoformat(), "warning_harmless": "1"}, follow=True
    )
    assert "Advertência aplicada" in r.content.decode()
    with tenant(world.m):
        assert InfractionNotice.objects.get(pk=auto.pk).penalty == WARNING


def test_art_41_i_the_case_page_shows_the_warning_in_place_of_the_fine_once_applied(world, user_of):
    """What the authority sees after applying it, and later on the page: the auto's penalty is
    the warning; the form asked for the day of the decision by that name."""
    auto = _auto(world, taxi_permit(world.m))
    authority = client_of(user_of(world.m.slug, Role.AUTORIDADE))
    page = f"/fiscalizacao/processos/{case_of(world, auto).pk}/"
    form = authority.get(page).content.decode()
    assert '<label for="w-on">Data da decisão</label>' in form
    r = authority.post(
        f"{page}advertencia/", {"on": D.isoformat(), "warning_harmless": "1"}, follow=True
    )
    text = r.content.decode()
    assert "Advertência aplicada em lugar da multa (Lei do táxi de Ipatinga (2017), art. 41" in text
    shown = authority.get(page).content.decode()
    assert "<dt>Penalidade</dt><dd>advertência, em lugar da multa" in shown

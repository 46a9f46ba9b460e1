"""In chromium at phone (390 px) and desktop (1280 px) widths, the legal numbers two screens of
Ipatinga show are the law's dated parameters, never numbers written in them:

- taxi art. 10: the clerk's taxi grant form offers the term's incisos with the years the taxi law
  sets ("I: 10 anos", "II: 20 anos"); once the municipal-data administrator records a dated value
  of the municipality for inciso I in force before today (D-15; a test value, not a legal one), the
  reloaded form offers that one;
- the authority's permit pages: a taxi permit's suspension "até 90 dias" (taxi art. 42, IV–V), a
  mototaxi permit's "3 infrações definitivas em 12 meses dão 15 dias de suspensão, ou 30 se forem
  graves ou gravíssimas" (mototaxi art. 32, I; D-1, D-2).

The expected numbers are read from the laws' parameter files (the rulebook's values, without the
municipality's), not copied here. Nothing wider than the screen; screenshots to the artifacts."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from browser_factories import a_permit, login, shot, user
from registry_factories import taxi_permit

from outorga.core.acts import Actor
from outorga.core.lawseam import cited_for
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.services import parameter_override_record
from outorga.law.competence import Role
from outorga.law.parameters import tree

pytestmark = pytest.mark.browser

TERM_I = "taxi_2017.term_i_years"
TERM_II = "taxi_2017.term_ii_years"


def law_says(name: str, on: dt.date) -> int:
    """The whole number the law's parameter file ``name`` sets on ``on`` (no municipal value)."""
    return int(tree()[name].at(on).value)


def term_choices(page: Any) -> list[str]:
    """The taxi grant form's term choices (art. 10) as the browser shows them."""
    return page.locator('select[name="option"] option').all_inner_texts()


def test_art_10_the_taxi_grant_form_offers_the_years_the_law_sets_then_the_municipality_s(
    page, demo_site, artifacts
):
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    years_i, years_ii = law_says(TERM_I, today), law_says(TERM_II, today)

    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/permissoes/taxi/nova/")
    assert term_choices(page) == [f"I: {years_i} anos", f"II: {years_ii} anos"]
    shot(page, artifacts, "taxi-art-10-term-choices")

    # What the municipal-data administrator records of a decree (D-15): a TEST value.
    municipal = years_i + 2
    parameter_override_record(
        actor=Actor.of(user(Role.ADMIN), "198.51.100.1"),
        municipality=m,
        name=TERM_I,
        value=municipal,
        effective=today - dt.timedelta(days=30),
        legal_reference="Decreto de teste (valor de teste, não legal)",
        example=True,
    )
    page.reload()
    assert term_choices(page) == [f"I: {municipal} anos", f"II: {years_ii} anos"]
    shot(page, artifacts, "taxi-art-10-term-choices-municipal")


def test_the_permit_pages_suspension_numbers_are_the_law_s(page, demo_site, artifacts):
    """Taxi art. 42, IV–V: the longest suspension; mototaxi art. 32, I with D-1 and D-2: the count,
    its window and the days — as the authority, who applies suspensions, reads them."""
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    taxi, moto = taxi_permit(m, n=9431, name="Taxista 9431"), a_permit(m)

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/cadastro/permissoes/{taxi.pk}/")
    body = page.locator("main").inner_text()
    days = law_says("taxi_2017.permit_suspension_max_days", today)
    cited = cited_for(taxi, "suspension", m=m)
    assert f"A suspensão da permissão ({cited}, até {days} dias) pune um auto" in body
    shot(page, artifacts, "taxi-permit-suspension-max-days")

    page.goto(f"{base}/cadastro/permissoes/{moto.pk}/")
    body = page.locator("main").inner_text()
    count, window, light, serious = (
        law_says(f"mototaxi_2013.penalties.{name}", today)
        for name in (
            "suspension_threshold",
            "window_months",
            "suspension_days_light",
            "suspension_days_serious",
        )
    )
    cited = cited_for(moto, "suspension_accumulation", m=m)
    assert (
        f"{count} infrações definitivas em {window} meses dão {light} dias de suspensão, ou "
        f"{serious} se forem graves ou gravíssimas ({cited}; decisões D-1 e D-2)"
    ) in body
    shot(page, artifacts, "mototaxi-permit-suspension-count")

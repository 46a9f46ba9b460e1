"""Art. 26, II: "multa no valor de até 500 (quinhentas) UPFBG" — the maximum is the law core's
(its dated parameter, read through the law seam as the law's ``LIMITS`` ``fine_max``), never a
number written in a screen: where the municipality records another maximum (a dated value, D-15),
the authority's form and the platform's page say it, and the form refuses a fine beyond it citing
the article."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import platforms_factories as factories
import pytest
from django.test import Client

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformPenalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def authority_client(user_of: Any) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    return c


@pytest.fixture
def maximum_300(barra_m: Any) -> None:
    """An amendment of art. 26, II setting the maximum at 300 UPFBG from 01/01/2026."""
    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.fine_max_upfbg",
            effective=dt.date(2026, 1, 1),
            value=300,
            legal_reference="Lei de teste que altera o art. 26, II",
        )


def test_art_26_ii_the_platform_page_says_the_maximum_the_law_core_sets(authority_client, platform):
    html = authority_client.get(f"/plataformas/{platform.pk}/").content.decode()
    assert "Multa em UPFBG (até 500; art. 26, II)" in html
    assert "multa de até 500 UPFBG, no valor escolhido" in html


def test_art_26_ii_another_maximum_recorded_is_the_one_the_page_says(
    authority_client, platform, maximum_300
):
    html = authority_client.get(f"/plataformas/{platform.pk}/").content.decode()
    assert "Multa em UPFBG (até 300; art. 26, II)" in html
    assert "multa de até 300 UPFBG, no valor escolhido" in html
    assert "até 500" not in html


def test_art_26_ii_the_form_refuses_a_fine_over_the_maximum_citing_the_article(
    authority_client, barra_m, authority, platform, maximum_300
):
    factories.warn(barra_m, authority, platform, final=True)  # the fine is a later occurrence
    r = authority_client.post(
        f"/plataformas/{platform.pk}/penalidade/",
        {
            "kind": "fine",
            "infraction_on": "2026-09-01",
            "description": "Relatório mensal de agosto não entregue.",
            "reasoning": "Segunda ocorrência: multa.",
            "fine_upfbg": "301",
            "defence_notice_on": "2026-09-02",
            "defence_judged": "on",
        },
        follow=True,
    )
    shown = " ".join(str(m) for m in r.context["messages"])
    assert "Multa de 301 UPFBG fora do permitido: maior que zero e até 300 UPFBG" in shown
    assert "art. 26, II" in shown
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(platform=platform, kind="fine").exists()


def test_art_26_ii_the_api_refuses_a_fine_over_the_maximum_stating_the_number(
    authority_client, barra_m, authority, platform, maximum_300
):
    """The OpenAPI document names no number (it has no municipality nor date): the refusal states
    the maximum in force on the date of the fact, from the law core."""
    factories.warn(barra_m, authority, platform, final=True)  # the fine is a later occurrence
    r = authority_client.post(
        f"/api/v1/platforms/{platform.pk}/penalties",
        {
            "kind": "fine",
            "infraction_on": "2026-09-01",
            "description": "Relatório mensal de agosto não entregue.",
            "reasoning": "Segunda ocorrência: multa.",
            "fine_upfbg": "301",
            "defence_notice_on": "2026-09-02",
            "defence_judged": True,
        },
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    body = json.dumps(r.json(), ensure_ascii=False)
    assert "Multa de 301 UPFBG fora do permitido: maior que zero e até 300 UPFBG" in body
    assert "art. 26, II" in body
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(platform=platform, kind="fine").exists()


def test_art_26_ii_the_openapi_document_writes_no_maximum_of_its_own():
    """The maximum is a dated parameter of a municipality's law: the schema names the article
    and the date it is read on, never a number."""
    from outorga.config.api import api

    schema = api.get_openapi_schema()
    out = schema["components"]["schemas"]["PenaltyOut"]["properties"]["fine_upfbg"]
    assert (
        out["description"]
        == "multa em UPFBG (até o máximo do art. 26, II em vigor na data do fato)"
    )
    listing = schema["paths"]["/api/v1/platform/penalties"]["get"]["description"]
    assert "até o máximo do art. 26, II em vigor na data do fato" in listing
    assert "500" not in listing and "500" not in out["description"]

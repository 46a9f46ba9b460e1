"""Taxi art. 13 (the Termo de Permissão renewed each year up to the term) and art. 21 (the
Cadastro Municipal de Taxistas renewed each year): the Termo page, the permit page, the Termo's
PDF clause, the refusal of an extension and the auxiliary's renewal page say the renewal period
the law sets today — its own word, "anual", while it is the law's, the period in numbers once a
dated value (a test value, not a legal one) changes it — never a period written by hand."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import actor, grant, taxi_auxiliary, taxi_holder

from outorga.core.errors import DomainError
from outorga.core.localtime import today_of
from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.services.termos import permit_extend
from outorga.registry.termo_pdf import termo_clauses


def said(m, permit, client: Client) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with tenant(m):
        permit.refresh_from_db()
        clause = dict(termo_clauses(permit, permit.term))["Renovação"]
    with pytest.raises(DomainError) as refused:
        permit_extend(
            actor=actor(m.slug, Role.AUTORIDADE),
            municipality=m,
            permit=permit,
            on=today_of(m),
            act_reference="Decreto 1/2026",
        )
    return {
        "termo": client.get(f"/termos/{permit.pk}/").content.decode(),
        "permit": client.get(f"/cadastro/permissoes/{permit.pk}/").content.decode(),
        "pdf": clause,
        "extension": str(refused.value),
    }


def test_art_13_21_the_renewals_are_said_as_the_law_sets_them_today(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    law = said(m, permit, client)
    assert "(renovação anual, art. 13)" in law["termo"]
    assert "contrapartida e renovação anual (" in law["permit"]
    assert "Este Termo é renovado anualmente até o limite do prazo" in law["pdf"]
    assert "com o Termo renovado anualmente até ele" in law["extension"]
    with tenant(m):
        for name in ("taxi_2017.termo_renewal_years", "taxi_2017.registration_renewal_years"):
            ParameterOverride.objects.create(
                name=name,
                effective=today_of(m) - dt.timedelta(days=1),
                value=2,
                legal_reference="exemplo (teste): valor de teste, não legal",
                example=True,
            )
    two = said(m, permit, client)
    assert "(renovação a cada 2 anos, art. 13)" in two["termo"]
    assert "contrapartida e renovação a cada 2 anos (" in two["permit"]
    assert "Este Termo é renovado a cada 2 anos até o limite do prazo" in two["pdf"]
    assert "com o Termo renovado a cada 2 anos até ele" in two["extension"]


def test_art_21_the_auxiliary_renewal_page_says_the_cadastro_s_period(ipatinga_m, user_of):
    m = ipatinga_m
    permit, aux = taxi_auxiliary(m)
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    url = f"/cadastro/permissoes/{permit.pk}/auxiliares/{aux.pk}/renovar/"
    assert (
        "Cadastro Municipal de Taxistas é renovado anualmente" in client.get(url).content.decode()
    )
    with tenant(m):
        ParameterOverride.objects.create(
            name="taxi_2017.registration_renewal_years",
            effective=today_of(m) - dt.timedelta(days=1),
            value=2,
            legal_reference="exemplo (teste): valor de teste, não legal",
            example=True,
        )
    page = client.get(url).content.decode()
    assert "Cadastro Municipal de Taxistas é renovado a cada 2 anos" in page

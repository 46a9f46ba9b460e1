"""The commission's ranking on the tender's screen (/licitacoes/<id>/): its order is the grants'
order (mototaxi art. 6 caput and §5: the tender's result binds the grants), so every eligible
applicant gets a position, a whole number from 1, and no two the same. A position left blank (read
as 0) or negative used to put that applicant first; two equal positions were ordered by the
record's id — an order the commission never gave. Now the screen refuses it, naming the applicant
or the position, and nothing is ranked."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import person

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Tender, TenderApplicant


@pytest.fixture
def open_tender(ipatinga_m):  # type: ignore[no-untyped-def]
    m = ipatinga_m
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi", number="R-1/2026", places=1, opened_on=dt.date(2026, 1, 5)
        )
        first, second = (
            TenderApplicant.objects.create(
                tender=tender, person=person(m, name=name), eligible=True
            )
            for name in ("Alice Primeira", "Bruno Segundo")
        )
    return m, tender, first, second


def post_ranking(user_of, tender, positions):  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    body = {"step": "ranking", **{f"rank_{a.pk}": p for a, p in positions.items()}}
    return c.post(f"/licitacoes/{tender.pk}/", body)


def ranked(m, tender):  # type: ignore[no-untyped-def]
    with tenant(m):
        tender.refresh_from_db()
        ranks = dict(TenderApplicant.objects.filter(tender=tender).values_list("pk", "rank"))
    return tender.status, ranks


@pytest.mark.parametrize("blank", ["", "0", "-1"])
def test_a_position_left_blank_or_below_one_is_refused_naming_the_applicant(
    open_tender, user_of, blank
):
    m, tender, first, second = open_tender
    r = post_ranking(user_of, tender, {first: "1", second: blank})
    assert r.status_code == 200
    assert "informe a posição de Bruno Segundo" in r.content.decode()
    assert ranked(m, tender) == ("open", {first.pk: None, second.pk: None})


def test_two_applicants_in_the_same_position_are_refused(open_tender, user_of):
    m, tender, first, second = open_tender
    r = post_ranking(user_of, tender, {first: "1", second: "1"})
    assert r.status_code == 200
    assert "posição repetida na classificação: 1º" in r.content.decode()
    assert ranked(m, tender) == ("open", {first.pk: None, second.pk: None})


def test_the_positions_given_are_the_ranking(open_tender, user_of):
    m, tender, first, second = open_tender
    assert post_ranking(user_of, tender, {first: "2", second: "1"}).status_code == 302
    assert ranked(m, tender) == ("ranked", {first.pk: 2, second.pk: 1})

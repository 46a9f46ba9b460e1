"""Mototaxi art. 6: the permission is granted "pelo prazo máximo de 10 (dez) anos". The term in
years is the clerk's input: a term beyond the law's maximum (the law core's dated parameter, its
``LIMITS["max_term_years"]``) is refused as bad input, naming the field and the article, before
anything is written — never a refusal at the grant, which in a tender would record the winner as
refused (act ``tender.grant_refused``) and call the next applicant for a typo."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import EQUIPMENT, actor, make_applicant
from test_tenders import GRANT, boss

from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.tender_grants import tender_grant, tender_grant_next, tender_next
from outorga.registry.services.tenders import (
    tender_apply,
    tender_create,
    tender_evaluate,
    tender_homologate,
    tender_rank,
)
from outorga.registry.validation import FieldError

pytestmark = pytest.mark.django_db

API = "/api/v1"
MAX_TERM = "mototaxi_2013.permit.max_term_years"


def _winner_and_runner_up(m, n: int):  # type: ignore[no-untyped-def]
    """A mototaxi tender of 1 place, two applicants ranked and the tender homologated; the
    winner's motorcycle."""
    clerk = actor(m.slug, Role.ATENDENTE)
    (first, car), (second, _) = (
        make_applicant(m, clerk, n=n, plate=f"MTP{n % 10}A{n % 100:02d}"),
        make_applicant(m, clerk, n=n + 1, plate=f"MTP{(n + 1) % 10}B{(n + 1) % 100:02d}"),
    )
    tender = tender_create(
        actor=boss(m),
        municipality=m,
        service="mototaxi",
        number=f"M-ART6-{n}",
        places=1,
        opened_on=dt.date(2026, 1, 5),
    )
    apps = [
        tender_apply(actor=clerk, municipality=m, tender=tender, person=p) for p in (first, second)
    ]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=GRANT)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[a.pk for a in apps])
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=dt.date(2026, 2, 4))
    return tender, apps[0], car


def _grant(car, term_years: int) -> dict:  # type: ignore[type-arg]
    return {
        "vehicle": car.pk,
        "term_years": term_years,
        "decree": "Decreto 61/2026",
        "equipment": EQUIPMENT,
        "safety_gear": True,
    }


def _acts(m) -> int:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.count()


def _nobody_passed_over(m, tender, winner, acts: int) -> None:  # type: ignore[no-untyped-def]
    """The winner is not recorded as refused, no act is written (``tender.grant_refused`` nor
    any other) and the ranking still calls the winner."""
    with tenant(m):
        winner.refresh_from_db()
        assert "grant" not in winner.decision
        assert not Act.objects.filter(action="tender.grant_refused").exists()
        assert Act.objects.count() == acts
        assert not Permit.objects.filter(tender=tender).exists()
        assert tender_next(Tender.objects.get(pk=tender.pk)) == winner


def _direct_grant(m, user_of, tender, winner, car, **term):  # type: ignore[no-untyped-def]
    """``POST /registry/permits`` as the desk clerk: the tender's winner's mototaxi, with ``term``
    (``term_years=…``) where the test gives one."""
    with tenant(m):
        holder = TenderApplicant.objects.get(pk=winner.pk).person
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return holder, c.post(
        f"{API}/registry/permits",
        {
            "service": "mototaxi",
            "holder_id": holder.pk,
            "vehicle_id": car.pk,
            "tender_id": tender.pk,
            "granted_on": GRANT.isoformat(),
            **term,
            "decree": "Decreto 61/2026",
            "equipment": EQUIPMENT,
            "safety_gear": True,
        },
        content_type="application/json",
    )


def _art_6(exc: FieldError) -> None:
    assert exc.field == "prazo"
    assert exc.message == "Prazo inicial de 11 anos; o máximo é 10 anos."
    assert "art. 6" in exc.citation


def test_art_6_a_tender_s_grant_for_11_years_passes_no_winner_over(ipatinga_m):
    """The service: the run is refused before anyone is granted or recorded as refused; the
    same grant for 10 years then goes to the winner."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 931)
    acts = _acts(m)
    with pytest.raises(FieldError) as exc:
        tender_grant(
            actor=boss(m),
            municipality=m,
            tender=tender,
            on=GRANT,
            grants={winner.pk: _grant(car, 11)},
        )
    _art_6(exc.value)
    _nobody_passed_over(m, tender, winner, acts)
    done = tender_grant(
        actor=boss(m), municipality=m, tender=tender, on=GRANT, grants={winner.pk: _grant(car, 10)}
    )
    assert [a.pk for a in done] == [winner.pk]
    assert done[0].decision["grant"]["granted"] is True


def test_art_6_a_term_of_0_years_is_refused_as_the_clerk_s_input_too(ipatinga_m):
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 933)
    acts = _acts(m)
    with pytest.raises(FieldError) as exc:
        tender_grant(
            actor=boss(m),
            municipality=m,
            tender=tender,
            on=GRANT,
            grants={winner.pk: _grant(car, 0)},
        )
    assert exc.value.field == "prazo" and "art. 6" in exc.value.citation
    _nobody_passed_over(m, tender, winner, acts)


@pytest.mark.parametrize("term", ["dez", 10.5, True], ids=["word", "fraction", "true"])
def test_art_6_a_term_that_is_no_whole_number_is_refused_as_the_clerk_s_input(ipatinga_m, term):
    """Never rounded: 10.5 is not read as 10, nor ``true`` as 1."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 945)
    acts = _acts(m)
    with pytest.raises(FieldError) as exc:
        tender_grant(
            actor=boss(m),
            municipality=m,
            tender=tender,
            on=GRANT,
            grants={winner.pk: {**_grant(car, 10), "term_years": term}},
        )
    assert exc.value.field == "prazo" and "número inteiro" in exc.value.message
    _nobody_passed_over(m, tender, winner, acts)


def test_art_6_the_maximum_is_the_law_s_dated_value_on_the_grant_s_date(ipatinga_m):
    """A municipality's dated value (D-15) of the maximum: 12 years from before the grant's date
    lets 11 through the pre-check (the grant judges it again and grants)."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 935)
    with tenant(m):
        ParameterOverride.objects.create(
            name=MAX_TERM,
            effective=GRANT - dt.timedelta(days=30),
            value=12,
            legal_reference="exemplo (teste)",
            example=True,
        )
    done = tender_grant(
        actor=boss(m), municipality=m, tender=tender, on=GRANT, grants={winner.pk: _grant(car, 11)}
    )
    assert done[0].decision["grant"]["granted"] is True
    with tenant(m):
        permit = Permit.objects.get(tender=tender)
    assert permit.term_end.year == GRANT.year + 11


def test_art_6_grant_next_for_11_years_passes_no_winner_over(ipatinga_m):
    """ "Outorgar ao próximo" (the screen's path): refused before anything is written."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 937)
    acts = _acts(m)
    with pytest.raises(FieldError) as exc:
        tender_grant_next(
            actor=boss(m),
            municipality=m,
            tender=tender,
            applicant_id=winner.pk,
            on=GRANT,
            params=_grant(car, 11),
        )
    _art_6(exc.value)
    _nobody_passed_over(m, tender, winner, acts)


def test_art_6_the_tender_screen_refuses_a_term_beyond_the_maximum_on_the_grant_s_date(
    ipatinga_m, user_of
):
    """The screen's form offers today's maximum (10); a dated value of 8 years in force on the
    grant's date refuses 9 years there too, under the field, and still calls the winner."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 939)
    with tenant(m):
        for effective, value in ((GRANT - dt.timedelta(days=30), 8), (GRANT.replace(day=20), 10)):
            ParameterOverride.objects.create(
                name=MAX_TERM,
                effective=effective,
                value=value,
                legal_reference="exemplo (teste)",
                example=True,
            )
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    body = {
        "step": "grant",
        "applicant": str(winner.pk),
        "outorga-vehicle": car.plate,
        "outorga-on": GRANT.isoformat(),
        "outorga-decree": "Decreto 61/2026",
        "outorga-term_years": "9",
        "outorga-equipment": EQUIPMENT,
        "outorga-safety_gear": "on",
    }
    url = f"/licitacoes/{tender.pk}/"
    acts = _acts(m)
    r = c.post(url, body)
    text = r.content.decode()
    assert r.status_code == 200
    assert "Outorga recusada" not in text
    assert "Prazo inicial de 9 anos; o máximo é 8 anos." in text and "art. 6" in text
    _nobody_passed_over(m, tender, winner, acts)
    assert c.post(url, {**body, "outorga-term_years": "8"}).status_code == 302
    with tenant(m):
        assert Permit.objects.get(tender=tender).holder_id == winner.person_id


def test_art_6_the_tender_grants_api_answers_422_naming_the_field_and_article(ipatinga_m, user_of):
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 941)
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    acts = _acts(m)
    r = c.post(
        f"{API}/tenders/{tender.pk}/grants",
        {"on": GRANT.isoformat(), "grants": {str(winner.pk): _grant(car, 11)}},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "campo_invalido"
    [error] = body["erros"]
    assert error["campo"] == "prazo"
    assert error["erro"] == "Prazo inicial de 11 anos; o máximo é 10 anos."
    assert "art. 6" in error["fundamento"]
    _nobody_passed_over(m, tender, winner, acts)


def test_art_6_the_mototaxi_grant_api_answers_422_naming_the_field_and_article(ipatinga_m, user_of):
    """The direct grant (/registry/permits): a field error, no act, no permit."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 943)
    acts = _acts(m)
    _holder, r = _direct_grant(m, user_of, tender, winner, car, term_years=11)
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "campo_invalido"
    [error] = body["erros"]
    assert error["campo"] == "prazo" and "o máximo é 10 anos" in error["erro"]
    assert "art. 6" in error["fundamento"]
    assert _acts(m) == acts
    _nobody_passed_over(m, tender, winner, acts)


def _max_term(m, years: int) -> None:  # type: ignore[no-untyped-def]
    """A municipality's dated value (D-15) of art. 6's maximum, in force before the grant; and
    another, 12 years from the day after the grant (in force today), that the grant must not
    take: its maximum is the one on its own date."""
    with tenant(m):
        later = GRANT + dt.timedelta(days=1)
        for effective, value in ((GRANT - dt.timedelta(days=30), years), (later, 12)):
            ParameterOverride.objects.create(
                name=MAX_TERM,
                effective=effective,
                value=value,
                legal_reference="exemplo (teste)",
                example=True,
            )


def _without_term(car) -> dict:  # type: ignore[no-untyped-def,type-arg]
    data = _grant(car, 0)
    del data["term_years"]
    return data


@pytest.mark.parametrize("years", [8, 10])
def test_art_6_a_tender_s_grant_that_names_no_term_takes_the_law_s_maximum_on_its_date(
    ipatinga_m, years
):
    """A grant that names no term is granted "pelo prazo máximo" art. 6 sets on the grant's date
    (its dated value), never a number written in the code."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 951 + years)
    _max_term(m, years)
    done = tender_grant(
        actor=boss(m),
        municipality=m,
        tender=tender,
        on=GRANT,
        grants={winner.pk: _without_term(car)},
    )
    assert done[0].decision["grant"]["granted"] is True
    with tenant(m):
        permit = Permit.objects.get(tender=tender)
    assert permit.term_end.year == GRANT.year + years


def test_art_6_the_mototaxi_grant_api_that_names_no_term_takes_the_law_s_maximum(
    ipatinga_m, user_of
):
    """The direct grant (/registry/permits) without ``term_years``: the maximum of art. 6 in
    force on the grant's date (8 years here, a municipality's dated value)."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m, 963)
    _max_term(m, 8)
    holder, r = _direct_grant(m, user_of, tender, winner, car)
    assert r.status_code in (200, 201), r.content
    with tenant(m):
        permit = Permit.objects.get(holder=holder)
    assert permit.term_end.year == GRANT.year + 8

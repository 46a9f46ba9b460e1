"""The demo's example tender: a taxi licitação of Ipatinga (taxi art. 3, in one category, art. 5–6)
opened by the demo authority through ``tender_create`` when the demo commands load, dated from the
demo's today, so that the applicant's path of the README reaches a tender open to enrolment."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from portal_factories import make_applicant_account

from outorga.core.localtime import today_of
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.demo.loader import load_example_tender
from outorga.registry.demo import EXAMPLE_TENDER
from outorga.registry.models import Tender, TenderApplicant

pytestmark = pytest.mark.django_db

NUMBER = EXAMPLE_TENDER.number


def only_tender(m: Any) -> Tender:
    with tenant(m):
        (tender,) = Tender.objects.all()
        return tender


@pytest.mark.parametrize(
    "now",
    [
        pytest.param(now, marks=pytest.mark.clock(now), id=now[:10])
        # A day of the suite's own year, a holiday of Ipatinga (15/08), the last of February.
        for now in (
            "2026-12-05T10:00:00-03:00",
            "2027-08-15T08:00:00-03:00",
            "2031-02-28T23:30:00-03:00",
        )
    ],
)
def test_the_demo_opens_a_taxi_tender_open_on_the_demo_s_today(ipatinga_m: Any, now: str) -> None:
    said = load_example_tender()
    today = today_of(ipatinga_m)
    assert today == dt.date.fromisoformat(now[:10])
    tender = only_tender(ipatinga_m)
    assert tender.status == Tender.Status.OPEN
    assert (tender.service, tender.taxi_category) == ("taxi", "convencional")
    assert "exemplo" in tender.number.lower()
    # Opened a week before the demo's today, whatever day the demo is loaded on.
    assert tender.opened_on == today - dt.timedelta(days=7)
    assert tender.places == EXAMPLE_TENDER.places
    assert said.startswith(f"Licitação de exemplo {NUMBER} (táxi convencional, 3 vagas) aberta em")


def test_the_opening_is_the_authority_s_act_with_the_law_s_answer_on_its_places(
    ipatinga_m: Any, barra_m: Any
) -> None:
    load_example_tender()
    tender = only_tender(ipatinga_m)
    with tenant(ipatinga_m):
        (act,) = Act.objects.filter(action="tender.create")
        assert act.actor is not None and act.actor.username == "autoridade.ipatinga"
        assert act.object_id == str(tender.pk)
        record = act.record
        # The law core's answer on the places (art. 3 §1–2), kept with the act.
        assert record["basis"]["decision"]["outcome"]["allowed"] is True
        assert "Lei do táxi de Ipatinga (2017), art. 3, §1" in record["basis"]["citations"]
    with tenant(barra_m):
        assert not Tender.objects.exists()


def test_loading_again_opens_no_second_tender(ipatinga_m: Any) -> None:
    load_example_tender()
    assert load_example_tender() == f"Licitação de exemplo {NUMBER}: já registrada."
    with tenant(ipatinga_m):
        assert Tender.objects.count() == 1
        assert Act.objects.filter(action="tender.create").count() == 1


def test_outorga_demo_opens_it_after_the_example_registry(ipatinga_m: Any) -> None:
    call_command("demo", "--quiet")
    tender = only_tender(ipatinga_m)
    assert tender.number == NUMBER and tender.status == Tender.Status.OPEN


def test_an_applicant_reaches_the_tender_on_candidatura_and_enrols(ipatinga_m: Any) -> None:
    load_example_tender()
    tender = only_tender(ipatinga_m)
    ana = make_applicant_account(ipatinga_m, name="Ana Candidata")
    c = Client()
    c.force_login(ana.user)
    page = c.get("/portal/candidatura/").content.decode()
    assert f"Licitação {NUMBER} — táxi" in page
    assert f"Aberta em {tender.opened_on:%d/%m/%Y} · 3 vagas" in page
    assert f"Inscrever-me na licitação {NUMBER}" in page
    r = c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", follow=True)
    page = r.content.decode()
    assert f"Inscrição na licitação {NUMBER} registrada." in page
    assert "O que a lei ainda exige" in page
    # The tender is no longer offered to enrol in, and the page says where the enrolment is.
    assert f"Inscrever-me na licitação {NUMBER}" not in page
    assert "Nenhuma outra licitação aberta a novas inscrições. As suas inscrições" in page
    assert f">licitação {NUMBER}</a>" in page
    with tenant(ipatinga_m):
        applicant = TenderApplicant.objects.get(tender=tender, person=ana)
        assert applicant.taxi_category == "convencional"


def test_with_no_free_taxi_place_the_demo_says_why_and_opens_none(ipatinga_m: Any) -> None:
    # 1 199 inhabitants: ⌊1 199 / 1 200⌋ = 0 taxis (art. 3 §1–2), the newest figure in force (D-7).
    with tenant(ipatinga_m):
        PopulationFigure.objects.create(
            value=1_199, reference_year=2024, effective=dt.date(2025, 1, 1), source="teste"
        )
    said = load_example_tender()
    assert said.startswith(
        "Licitação de exemplo não aberta: Recusado: 3 vaga(s) oferecida(s) acima"
    )
    assert "Lei do táxi de Ipatinga (2017), art. 3, §1" in said
    with tenant(ipatinga_m):
        assert not Tender.objects.exists()
        refused = Act.objects.filter(action="tender.create").exists()
    assert not refused

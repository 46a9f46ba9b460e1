"""Taxi art. 10, I and II, alínea a: the counterpart in money is paid "em até 18 vezes" (term I)
or "em até 36 vezes" (term II). The instalment count is the clerk's input: a count beyond the
chosen term's maximum (the law core's dated parameter) is refused as bad input, naming the field
and the article, before anything is written — never a refusal at the grant, which in a tender
would record the winner as refused and call the next applicant."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from registry_factories import CHECKS, DECLARATIONS, actor, awarded_tender, taxi_holder
from registry_factories import TAXI_ON as ON
from test_tender_screens import grant_body, refusal

from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.forms import TaxiGrantForm
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.tender_grants import tender_grant, tender_next
from outorga.registry.validation import FieldError
from outorga.registry.views.tenders import TenderGrantForm

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()
API = "/api/v1"


def taxi_grant_form(option: str, instalments: int, mode: str = "pagamento") -> TaxiGrantForm:
    return TaxiGrantForm(
        data={
            "signed_on": TODAY.isoformat(),
            "option": option,
            "mode": mode,
            "instalments": instalments,
        }
    )


def instalments_error(form) -> str:  # type: ignore[no-untyped-def]
    assert not form.is_valid()
    return " ".join(form.errors.get("instalments", []))


def test_art_10_i_a_the_taxi_grant_form_refuses_19_instalments_naming_the_field_and_article(
    ipatinga_m,
):
    with tenant(ipatinga_m):
        assert instalments_error(taxi_grant_form("I", 19)) == (
            "19 parcelas pedidas; no prazo I, a lei admite até 18. "
            "(Lei do táxi de Ipatinga (2017), art. 10, I, alínea a; decisão D-12)"
        )
        assert instalments_error(taxi_grant_form("I", 18)) == ""


def test_art_10_ii_a_the_taxi_grant_form_takes_36_and_refuses_37(ipatinga_m):
    with tenant(ipatinga_m):
        assert instalments_error(taxi_grant_form("II", 36)) == ""
        error = instalments_error(taxi_grant_form("II", 37))
        assert "37 parcelas" in error and "até 36" in error and "art. 10, II" in error


def test_art_10_b_no_instalment_maximum_for_the_counterpart_in_services(ipatinga_m):
    """Alínea b (services) is not paid in instalments: the law sets no maximum for it."""
    with tenant(ipatinga_m):
        assert instalments_error(taxi_grant_form("I", 99, mode="servicos")) == ""


def test_art_10_a_the_form_s_maximum_is_the_law_s_dated_value_for_the_chosen_term(ipatinga_m):
    with tenant(ipatinga_m):
        ParameterOverride.objects.create(
            name="taxi_2017.contrapartida_ii_a_max_instalments",
            effective=TODAY - dt.timedelta(days=400),
            value=40,
            legal_reference="exemplo (teste)",
            example=True,
        )
        assert instalments_error(taxi_grant_form("II", 40)) == ""
        assert "até 40" in instalments_error(taxi_grant_form("II", 41))
        assert "até 18" in instalments_error(taxi_grant_form("I", 19))  # term I unchanged


def test_art_10_i_a_the_tender_grant_form_refuses_19_instalments(ipatinga_m):
    with tenant(ipatinga_m):
        tender = Tender.objects.create(
            service="taxi", number="L-10A", places=1, opened_on=TODAY - dt.timedelta(days=30)
        )
        data = {
            "outorga-on": TODAY.isoformat(),
            "outorga-option": "I",
            "outorga-mode": "pagamento",
            "outorga-instalments": "19",
        }
        error = instalments_error(TenderGrantForm(data, tender=tender))
        assert "19 parcelas" in error and "até 18" in error and "art. 10, I" in error
        ok = TenderGrantForm({**data, "outorga-instalments": "18"}, tender=tender)
        assert instalments_error(ok) == ""


def _winner_and_runner_up(m):  # type: ignore[no-untyped-def]
    first, first_car = taxi_holder(m, ON, name="Primeiro Colocado")
    second, _ = taxi_holder(m, ON, name="Segundo Colocado")
    tender = awarded_tender(m, first, second, places=1)
    with tenant(m):
        winner = TenderApplicant.objects.get(tender=tender, person=first)
    return tender, winner, first_car


def _nobody_passed_over(m, tender, winner, acts: int) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        winner.refresh_from_db()
        assert "grant" not in winner.decision
        assert not Permit.objects.filter(tender=tender).exists()
        assert tender_next(Tender.objects.get(pk=tender.pk)) == winner
        assert Act.objects.count() == acts


def _acts(m) -> int:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.count()


def test_art_10_i_a_a_tender_s_grant_with_19_instalments_passes_no_winner_over(ipatinga_m):
    """The service: the run is refused before anyone is granted or recorded as refused."""
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m)
    boss = actor(m.slug, Role.AUTORIDADE)
    data = {
        "vehicle": car.pk,
        "option": "I",
        "instalments": 19,
        "checks": CHECKS,
        "declarations": DECLARATIONS,
    }
    acts = _acts(m)
    with pytest.raises(FieldError) as exc:
        tender_grant(actor=boss, municipality=m, tender=tender, on=ON, grants={winner.pk: data})
    assert exc.value.field == "parcelas"
    assert "até 18" in exc.value.message and "art. 10, I" in str(exc.value)
    _nobody_passed_over(m, tender, winner, acts)
    done = tender_grant(
        actor=boss,
        municipality=m,
        tender=tender,
        on=ON,
        grants={winner.pk: {**data, "instalments": 18}},
    )
    assert done[0].decision["grant"]["granted"] is True


def test_art_10_i_a_the_tender_screen_refuses_19_instalments_and_still_calls_the_winner(
    ipatinga_m, user_of
):
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m)
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/licitacoes/{tender.pk}/"
    acts = _acts(m)
    r = c.post(url, {**grant_body(winner, car.plate), "outorga-instalments": "19"})
    text = r.content.decode()
    assert r.status_code == 200
    assert "Outorga recusada" not in text
    assert "19 parcelas pedidas" in text and "art. 10, I" in text
    assert "Próximo: <strong>Primeiro Colocado</strong>" in text
    _nobody_passed_over(m, tender, winner, acts)
    assert c.post(url, grant_body(winner, car.plate)).status_code == 302
    with tenant(m):
        assert Permit.objects.get(tender=tender).holder_id == winner.person_id
    assert refusal  # the screens' helper, imported with grant_body


def test_art_10_i_a_the_tender_grants_api_answers_422_naming_the_field_and_article(
    ipatinga_m, user_of
):
    m = ipatinga_m
    tender, winner, car = _winner_and_runner_up(m)
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    grant = {
        "vehicle": car.pk,
        "option": "I",
        "instalments": 19,
        "checks": CHECKS,
        "declarations": list(DECLARATIONS),
    }
    acts = _acts(m)
    r = c.post(
        f"{API}/tenders/{tender.pk}/grants",
        {"on": ON.isoformat(), "grants": {str(winner.pk): grant}},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    [error] = r.json()["erros"]
    assert error["campo"] == "parcelas" and "até 18" in error["erro"]
    assert "art. 10, I" in error["fundamento"]
    _nobody_passed_over(m, tender, winner, acts)


def test_art_10_ii_a_the_taxi_grant_api_answers_422_naming_the_field_and_article(
    ipatinga_m, user_of
):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    acts = _acts(m)
    r = c.post(
        f"{API}/taxi/permits",
        {
            "holder_id": holder.pk,
            "vehicle_id": vehicle.pk,
            "signed_on": ON.isoformat(),
            "option": "II",
            "instalments": 37,
            "tender_id": tender.pk,
            "checks": CHECKS,
            "declarations": list(DECLARATIONS),
        },
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    [error] = r.json()["erros"]
    assert error["campo"] == "parcelas" and "até 36" in error["erro"]
    assert "art. 10, II" in error["fundamento"]
    assert "art. 10" in str(r.json()["decisao"]["citations"])  # the law's reasons, as before
    assert _acts(m) == acts
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()


def _run_of_two(m, bad: dict) -> FieldError:  # type: ignore[no-untyped-def,type-arg]
    """A run granting the winner (18 instalments, term I) and the runner-up with ``bad`` terms:
    the clerk's input refused before anyone is granted or recorded as refused."""
    first, first_car = taxi_holder(m, ON, name="Primeiro Colocado")
    second, second_car = taxi_holder(m, ON, name="Segundo Colocado")
    tender = awarded_tender(m, first, second)
    with tenant(m):
        winner = TenderApplicant.objects.get(tender=tender, person=first)
        runner_up = TenderApplicant.objects.get(tender=tender, person=second)
    boss = actor(m.slug, Role.AUTORIDADE)
    terms = {"option": "I", "instalments": 18, "checks": CHECKS, "declarations": DECLARATIONS}
    acts = _acts(m)
    grants = {
        winner.pk: {**terms, "vehicle": first_car.pk},
        runner_up.pk: {**terms, "vehicle": second_car.pk, **bad},
    }
    with pytest.raises(FieldError) as exc:
        tender_grant(actor=boss, municipality=m, tender=tender, on=ON, grants=grants)
    _nobody_passed_over(m, tender, winner, acts)
    with tenant(m):
        runner_up.refresh_from_db()
        assert "grant" not in runner_up.decision
    return exc.value


@pytest.mark.parametrize("bad", [0, -2])
def test_art_10_a_no_instalment_count_below_1_grants_the_first_of_a_run_before_refusing(
    ipatinga_m, bad
):
    """Art. 10, alínea a: the counterpart in money is paid in instalments — at least one. A count
    below 1 given for any applicant of the run is the clerk's input, refused before anyone is
    granted — not once the applicants ranked above it hold their permissions."""
    error = _run_of_two(ipatinga_m, {"instalments": bad})
    assert error.field == "parcelas"
    assert "ao menos 1 parcela" in error.message and "art. 10" in error.citation


def test_art_10_a_term_not_the_laws_grants_the_first_of_a_run_before_refusing(ipatinga_m):
    """Art. 10, I and II: the term is 10 or 20 years; another, for any applicant of the run, is
    the clerk's input, refused before anyone is granted (the same check as the count's)."""
    error = _run_of_two(ipatinga_m, {"option": "III"})
    assert error.field == "prazo" and "art. 10" in error.citation


@pytest.mark.parametrize("bad", ["doze", 12.5, True], ids=["word", "fraction", "true"])
def test_art_10_a_an_instalment_count_that_is_no_whole_number_is_refused_never_rounded(
    ipatinga_m, bad
):
    """Art. 10, alínea a: instalments are counted in whole numbers. A word, a fraction or
    ``true`` given for any applicant of the run is the clerk's input, refused under "parcelas"
    before anyone is granted — never read as 12 or as 1."""
    error = _run_of_two(ipatinga_m, {"instalments": bad})
    assert error.field == "parcelas" and "número inteiro" in error.message

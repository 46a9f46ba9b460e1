"""The applicant keys in their own birth date, address, CNH and vehicle from the portal, validated
by the registry's own validators (CNH and RENAVAM check digits, plate formats); a value already
on record is never overwritten from the portal (the desk corrects it, with a reason), and the
law then reads what was keyed in (mototaxi art. 5 I: the age)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from portal_factories import make_applicant_account, open_tender
from validate_docbr import CNH, RENAVAM

from outorga.core.tenancy import tenant
from outorga.registry.models import DrivingLicence, Person, Vehicle

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana(ipatinga_m):  # type: ignore[no-untyped-def]
    person = make_applicant_account(ipatinga_m, name="Ana Taxista")
    with tenant(ipatinga_m):
        Person.objects.filter(pk=person.pk).update(birth_date=None)
    tender = open_tender(ipatinga_m, service="taxi", number="TX-2026/9")
    c = Client()
    c.force_login(person.user)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    return person, c


def refreshed(m, person):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Person.objects.get(pk=person.pk)


def test_the_applicant_keys_in_birth_date_and_address_once(ana, ipatinga_m):
    person, c = ana
    page = c.get("/portal/candidatura/").content.decode()
    assert "Meus dados" in page and "Salvar meus dados" in page
    page = c.post(
        "/portal/candidatura/dados/",
        {
            "dados-service": "taxi",
            "dados-birth_date": "1988-04-02",
            "dados-address": "Rua das Flores, 10",
            "dados-city": "Ipatinga",
        },
        follow=True,
    ).content.decode()
    assert "Dados registrados." in page and "02/04/1988" in page
    p = refreshed(ipatinga_m, person)
    assert str(p.birth_date) == "1988-04-02" and p.city == "Ipatinga"
    # A value on record is corrected at the desk, never from the portal.
    page = c.post(
        "/portal/candidatura/dados/",
        {"dados-service": "taxi", "dados-birth_date": "1970-01-01"},
        follow=True,
    ).content.decode()
    assert "Data de nascimento: já registrado; para corrigir, procure o atendimento" in page
    assert str(refreshed(ipatinga_m, person).birth_date) == "1988-04-02"


def test_a_future_birth_date_is_refused(ana, ipatinga_m):
    person, c = ana
    page = c.post(
        "/portal/candidatura/dados/",
        {"dados-service": "taxi", "dados-birth_date": "2099-01-01"},
        follow=True,
    ).content.decode()
    assert "a data de nascimento não pode ser futura" in page
    assert refreshed(ipatinga_m, person).birth_date is None


def test_art_22_ii_the_cnh_is_validated_and_the_law_reads_it(ana, ipatinga_m):
    person, c = ana
    form = {
        "cnh-service": "taxi",
        "cnh-number": "12345678901",
        "cnh-categories": "B",
        "cnh-first_licence_on": "2010-01-01",
        "cnh-expires_on": "2030-01-01",
    }
    page = c.post("/portal/candidatura/cnh/", form, follow=True).content.decode()
    assert "Número da CNH: número da CNH inválido" in page
    with tenant(ipatinga_m):
        assert not DrivingLicence.objects.filter(person=person).exists()
    page = c.post(
        "/portal/candidatura/cnh/", form | {"cnh-number": CNH().generate()}, follow=True
    ).content.decode()
    assert "CNH registrada." in page
    # The taxi law now reads a CNH of category B: art. 22, II is no longer missing.
    assert "Falta: habilitação na categoria B, C, D ou E." not in page
    assert "Salvar CNH" not in page  # recorded: corrections are the desk's


def test_art_24_the_applicants_vehicle_is_registered_and_its_documents_asked(ana, ipatinga_m):
    person, c = ana
    form = {
        "veiculo-taxi-service": "taxi",
        "veiculo-taxi-plate": "ABC-1234",
        "veiculo-taxi-renavam": "47467594951",
        "veiculo-taxi-kind": "automovel",
        "veiculo-taxi-make_model": "Sedan Exemplo",
        "veiculo-taxi-manufacture_year": "2024",
        "veiculo-taxi-colour": "prata",
        "veiculo-taxi-doors": "5",
        "veiculo-taxi-seats": "5",
        "veiculo-taxi-registration_uf": "MG",
        "veiculo-taxi-registration_city": "Ipatinga",
    }
    page = c.post("/portal/candidatura/veiculo/taxi/", form, follow=True).content.decode()
    assert "RENAVAM: RENAVAM inválido" in page
    page = c.post(
        "/portal/candidatura/veiculo/taxi/",
        form | {"veiculo-taxi-renavam": RENAVAM().generate()},
        follow=True,
    ).content.decode()
    assert "Veículo ABC-1234 cadastrado" in page
    with tenant(ipatinga_m):
        v = Vehicle.objects.get(plate="ABC1234")
    assert v.owner_id == person.pk
    # Its records, as the taxi law reads them (art. 24): the taxímetro's calibration among them.
    assert "Enviar aferição do taxímetro" in page
    # The same plate again: already registered, the desk handles it.
    page = c.post(
        "/portal/candidatura/veiculo/taxi/",
        form | {"veiculo-taxi-renavam": RENAVAM().generate()},
        follow=True,
    ).content.decode()
    assert "já cadastrado no Município; procure o atendimento" in page


def test_d_4_a_birth_date_on_the_municipalitys_tomorrow_is_refused_at_brasilias_midnight(
    ana, ipatinga_m, monkeypatch
):
    """At 00:30 of 01/07/2026 in Brasília it is still 30/06 in a municipality on Cuiabá's clock:
    a birth date of 01/07 is in its future, even outside a request (D-4)."""
    from outorga.core.acts import Actor
    from outorga.core.errors import FieldError
    from outorga.registry.services.people import person_self_complete

    person, _ = ana
    m = ipatinga_m
    m.uf = "MT"  # the same law, on Barra do Garças' clock
    monkeypatch.setattr(
        "django.utils.timezone.now", lambda: dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    )
    with pytest.raises(FieldError) as exc:
        person_self_complete(
            actor=Actor.of(person.user),
            municipality=m,
            law="ipatinga.taxi-2017",
            person=person,
            data={"birth_date": dt.date(2026, 7, 1)},
        )
    assert exc.value.field == "data de nascimento"

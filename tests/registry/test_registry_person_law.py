"""The registry screens act on a person or a vehicle under the law that keeps the entry (taxi art.
20: SESUMA keeps the Cadastro Municipal de Taxistas; mototaxi art. 4): a taxista's CNH, a taxi
car's document; a refusal cites that law; a municipality applying neither registry law is
never answered under Ipatinga's mototaxi law."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import grant, person, taxi_holder

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import Role
from outorga.registry.models import Document, DrivingLicence, Person
from outorga.registry.selectors import registry_law

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
TAXI_ART_20 = "Lei do táxi de Ipatinga (2017), art. 20"
MOTO_ART_4 = "Lei de mototáxi de Ipatinga (2013), art. 4"


def _client(user_of, slug: str, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    return c


def _cnh() -> dict[str, str]:
    return {
        "cnh-number": "12345678900",
        "cnh-categories": "B",
        "cnh-first_licence_on": "2010-01-01",
        "cnh-expires_on": (ON + dt.timedelta(days=900)).isoformat(),
        "cnh-points": "0",
    }


def _refused(m) -> Act:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.filter(action="registry.record", outcome="refused").latest("seq")


def test_taxi_art_20_a_taxistas_cnh_is_refused_citing_the_taxi_law(ipatinga_m, user_of):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    grant(m, holder, car)
    url = f"/cadastro/pessoas/{holder.pk}/"
    r = _client(user_of, "ipatinga", Role.FISCAL).post(url, _cnh())
    page = r.content.decode()
    assert r.status_code == 403
    assert TAXI_ART_20 in page and "mototáxi" not in page
    assert _refused(m).object_id == TAXI
    with tenant(m):
        before = DrivingLicence.objects.get(person=holder).number
    ok = _client(user_of, "ipatinga", Role.ATENDENTE).post(url, _cnh())
    assert ok.status_code == 302
    with tenant(m):
        assert DrivingLicence.objects.get(person=holder).number == "12345678900" != before


def test_taxi_art_20_a_taxi_cars_document_is_refused_citing_the_taxi_law(ipatinga_m, user_of):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    grant(m, holder, car)
    data = {"doc-doc_type": "crlv", "doc-issued_on": ON.isoformat(), "doc-number": "1"}
    r = _client(user_of, "ipatinga", Role.FISCAL).post(f"/cadastro/veiculos/{car.pk}/", data)
    assert r.status_code == 403
    assert TAXI_ART_20 in r.content.decode() and _refused(m).object_id == TAXI
    with tenant(m):
        assert not Document.objects.filter(vehicle=car, number="1").exists()


def test_mototaxi_art_4_a_person_without_permit_falls_back_on_the_mototaxi_law(
    ipatinga_m, user_of, keep_only_laws
):
    m = ipatinga_m
    nobody = person(m)
    r = _client(user_of, "ipatinga", Role.FISCAL).post(f"/cadastro/pessoas/{nobody.pk}/", _cnh())
    assert r.status_code == 403 and MOTO_ART_4 in r.content.decode()
    assert _refused(m).object_id == MOTO
    with tenant(m):
        assert registry_law(m, person_id=nobody.pk) == MOTO
        keep_only_laws(m, TAXI)
        assert registry_law(m, person_id=nobody.pk) == TAXI


def test_a_municipality_without_the_registry_laws_does_not_register_people_under_them(
    barra_m, user_of
):
    """Barra do Garças applies neither Ipatinga law: the platforms register their drivers (apps
    art. 4); its staff registering a person is not foreseen by its own law and is refused naming
    it, not authorised under the mototaxi law."""
    r = _client(user_of, "barra-do-garcas", Role.ATENDENTE).post(
        "/cadastro/pessoas/nova/",
        {"kind": "natural", "document": "529.982.247-25", "name": "Fulana de Tal"},
    )
    page = r.content.decode()
    assert r.status_code == 403
    # The refusal names Barra's own law by its title, never its id.
    assert LAW_TITLES[barra_m.laws[0]] in page and barra_m.laws[0] not in page
    assert "mototáxi" not in page
    assert _refused(barra_m).object_id == barra_m.laws[0]
    with tenant(barra_m):
        assert not Person.objects.filter(document="52998224725").exists()

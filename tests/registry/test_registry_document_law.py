"""Reading a document's file is authorised under the law that keeps it: a taxi document under the
taxi law (art. 20: SESUMA keeps the Cadastro Municipal de Taxistas), a mototaxi one under the
mototaxi law (art. 4); a refusal cites that law, and a municipality without the mototaxi law is
never answered under it."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import actor, grant, moto_vehicle, person, taxi_holder, taxi_vehicle

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import Role
from outorga.registry.models import Document
from outorga.registry.selectors import document_law
from outorga.registry.services.documents import document_record

MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
TAXI_ART_20 = "Lei do táxi de Ipatinga (2017), art. 20"
MOTO_ART_4 = "Lei de mototáxi de Ipatinga (2013), art. 4"
PDF = b"%PDF-1.4\n% documento\n"


def _client(user_of, slug: str, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of(slug, role))
    return c


def _doc(m, law: str, *, person=None, vehicle=None, content: bytes = PDF) -> Document:  # type: ignore[no-untyped-def]
    return document_record(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        law=law,
        doc_type="crlv" if vehicle else "criminal_certificate",
        issued_on=ON - dt.timedelta(days=3),
        person=person,
        vehicle=vehicle,
        content=content,
        # Both laws read a CRLV's licensing until the date printed on it (taxi art. 24 I, 28 I;
        # mototaxi art. 5 §1 I).
        valid_until=ON + dt.timedelta(days=365) if vehicle else None,
    )


def _refused_law(m) -> str:  # type: ignore[no-untyped-def]
    with tenant(m):
        act = Act.objects.filter(action="registry.record", outcome="refused").latest("seq")
    return act.object_id


def test_taxi_art_20_a_taxi_holders_document_is_refused_citing_the_taxi_law(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    doc = _doc(m, TAXI, person=holder)
    url = f"/cadastro/documentos/{doc.pk}/arquivo/"
    r = _client(user_of, "ipatinga", Role.FISCAL).get(url)
    page = r.content.decode()
    assert r.status_code == 403
    assert TAXI_ART_20 in page and "mototáxi" not in page
    assert _refused_law(m) == TAXI
    served = _client(user_of, "ipatinga", Role.ATENDENTE).get(url)
    assert served.status_code == 200 and served.content.startswith(b"%PDF")


def test_taxi_art_20_the_api_reads_a_taxi_vehicles_document_under_the_taxi_law(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    doc = _doc(m, TAXI, vehicle=vehicle)
    url = f"/api/v1/registry/documents/{doc.pk}/file"
    r = _client(user_of, "ipatinga", Role.FISCAL).get(url)
    assert r.status_code == 403
    detail = r.json()["detail"]
    assert TAXI_ART_20 in detail and "mototáxi" not in detail
    assert _client(user_of, "ipatinga", Role.ATENDENTE).get(url).status_code == 200


def test_mototaxi_art_4_a_mototaxi_document_is_still_read_under_the_mototaxi_law(
    ipatinga_m, user_of
):
    m = ipatinga_m
    owner = person(m)
    doc = _doc(m, MOTO, vehicle=moto_vehicle(m, owner))
    r = _client(user_of, "ipatinga", Role.FISCAL).get(f"/cadastro/documentos/{doc.pk}/arquivo/")
    assert r.status_code == 403 and MOTO_ART_4 in r.content.decode()
    assert _refused_law(m) == MOTO


def test_the_law_follows_the_permit_then_the_vehicle_then_the_municipality(
    ipatinga_m, keep_only_laws
):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    nobody = person(m)
    with tenant(m):
        person_doc = Document.objects.create(doc_type="rg", person=holder, issued_on=ON)
        car_doc = Document.objects.create(
            doc_type="crlv", vehicle=car, issued_on=ON, valid_until=ON + dt.timedelta(days=365)
        )
        loose = Document.objects.create(doc_type="rg", person=nobody, issued_on=ON)
        # Before the grant: the car is a taxi by its kind (art. 27); the person falls back on
        # the municipality's first registry law.
        assert document_law(car_doc, m) == TAXI
        assert document_law(person_doc, m) == MOTO
    grant(m, holder, car)
    with tenant(m):
        assert document_law(person_doc, m) == TAXI
        assert document_law(loose, m) == MOTO
        # A municipality that applies only the taxi law never answers under the mototaxi one.
        keep_only_laws(m, TAXI)
        assert document_law(loose, m) == TAXI


def test_a_municipality_without_the_mototaxi_law_is_not_answered_under_it(
    ipatinga_m, barra_m, user_of
):
    """Barra do Garças applies none of the registry laws: the read is not foreseen by its own law
    and is refused naming it, not authorised under Ipatinga's mototaxi law."""
    assert MOTO not in barra_m.laws and TAXI not in barra_m.laws
    holder = person(barra_m)
    car = taxi_vehicle(barra_m, holder)
    with tenant(barra_m):
        doc = Document.objects.create(doc_type="crlv", vehicle=car, issued_on=ON, file="x.pdf")
    r = _client(user_of, "barra-do-garcas", Role.ATENDENTE).get(
        f"/cadastro/documentos/{doc.pk}/arquivo/"
    )
    page = r.content.decode()
    assert r.status_code == 403
    # The refusal names Barra's own law by its title, never its id.
    assert LAW_TITLES[barra_m.laws[0]] in page and barra_m.laws[0] not in page
    assert "mototáxi" not in page
    assert _refused_law(barra_m) == barra_m.laws[0]

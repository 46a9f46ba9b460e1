"""The clerk registers a taxi car on screen with what taxi law art. 24 IV, 27 and 28 ask for
(doors, seats, fuel/CNG, factory invoice), under the taxi law; the law then judges the car as
recorded, and a fact not on record is reported missing — never assumed (art. 27, 28 III)."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import CHECKS, grant, person, taxi_documents, taxi_vehicle
from registry_factories import TAXI_ON as ON
from validate_docbr import RENAVAM

from outorga.core.lawseam import law_for
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.facts import vehicle_documents_facts, vehicle_facts
from outorga.registry.models import Document, Permit, Vehicle

CAR = {
    "service": "taxi",
    "plate": "TXI-4F56",
    "kind": "automovel",
    "make_model": "Exemplo Sedan 1.6",
    "manufacture_year": "2025",
    "model_year": "2026",
    "colour": "prata",
    "doors": "5",
    "seats": "5",
    "fuel": "flex",
    "invoice_date": "2025-06-01",
    "rental_category": "on",
    "registration_uf": "MG",
    "registration_city": "Ipatinga",
}


def clerk_client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def vehicle_documents(m, v: Vehicle) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        for t in (Document.Type.CRLV, Document.Type.VISTORIA, Document.Type.TAXIMETER):
            Document.objects.create(
                doc_type=t,
                vehicle=v,
                issued_on=dt.date(2026, 1, 5),
                # art. 28 I: a CRLV licenses the car only with its validity on record
                valid_until=dt.date(2027, 1, 31) if t == Document.Type.CRLV else None,
            )
        Document.objects.create(
            doc_type=Document.Type.DPVAT, vehicle=v, issued_on=dt.date(2026, 1, 5), category="3"
        )


def vehicle_reasons(m, v: Vehicle) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with tenant(m):
        d = law_for(m, "taxi", ON).ask(
            "vehicle_eligibility",
            vehicle_facts(
                v, category="convencional", on=ON, occasion="cadastramento", checks=CHECKS
            ),
        )
    return {r.rule.rsplit(".", 1)[-1]: r.message for r in d.refusals}


def test_the_taxi_form_asks_for_doors_seats_fuel_cng_and_invoice_not_engine(ipatinga_m, user_of):
    owner = person(ipatinga_m)
    page = (
        clerk_client(user_of)
        .get(f"/cadastro/pessoas/{owner.pk}/veiculos/novo/?servico=taxi")
        .content.decode()
    )
    for label in (
        "Ano do modelo",
        "Portas (art. 27)",
        "Lugares para passageiros (art. 2; art. 28, III)",
        "Combustível",
        "Kit GNV instalado (art. 24, IV)",
        "Data da nota fiscal de fábrica",
    ):
        assert label in page, label
    assert 'name="engine_cc"' not in page and 'name="cargo_device"' not in page
    assert 'value="taxi"' in page  # the service travels with the form


def test_a_car_registered_on_screen_meets_art_27_28_and_is_granted(ipatinga_m, user_of):
    m = ipatinga_m
    owner = person(m)
    taxi_documents(owner, ON)
    c = clerk_client(user_of)
    r = c.post(
        f"/cadastro/pessoas/{owner.pk}/veiculos/novo/",
        {**CAR, "renavam": RENAVAM().generate()},
    )
    assert r.status_code == 302, r.content.decode()[-3000:]
    with tenant(m):
        v = Vehicle.objects.get(plate="TXI4F56")
        assert (v.doors, v.seats, v.fuel, v.model_year) == (5, 5, "flex", 2026)
        assert v.invoice_date == dt.date(2025, 6, 1) and v.engine_cc is None
        act = Act.objects.filter(action="vehicle.create", object_id=str(v.pk)).get()
        assert act.record["payload"]["new"]["doors"] == 5
    vehicle_documents(m, v)
    assert vehicle_reasons(m, v) == {}
    permit = grant(m, owner, v)
    assert permit.service == "taxi" and permit.status == Permit.Status.ACTIVE


def test_art_24_iv_a_cng_car_is_recorded_with_its_kit(ipatinga_m, user_of):
    owner = person(ipatinga_m)
    r = clerk_client(user_of).post(
        f"/cadastro/pessoas/{owner.pk}/veiculos/novo/",
        {**CAR, "plate": "GNV-1A11", "renavam": RENAVAM().generate(), "fuel": "gnv", "cng": "on"},
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        v = Vehicle.objects.get(plate="GNV1A11")
        assert v.cng and v.fuel == "gnv"
        facts = vehicle_documents_facts(v, owner, presented_on=ON, checks=CHECKS)
    assert facts["cng"] is True


def test_the_taxi_form_refuses_a_car_without_doors_or_seats_naming_the_article(ipatinga_m, user_of):
    owner = person(ipatinga_m)
    body = {k: v for k, v in CAR.items() if k not in ("doors", "seats")}
    r = clerk_client(user_of).post(
        f"/cadastro/pessoas/{owner.pk}/veiculos/novo/",
        {**body, "renavam": RENAVAM().generate()},
    )
    assert r.status_code == 200
    page = r.content.decode()
    assert page.count("Este campo é obrigatório") >= 2
    with tenant(ipatinga_m):
        assert not Vehicle.objects.filter(plate="TXI4F56").exists()


def test_art_27_28_iii_doors_and_seats_not_on_record_are_reported_missing(ipatinga_m):
    m = ipatinga_m
    owner = person(m)
    v = taxi_vehicle(m, owner)
    with tenant(m):
        Vehicle.objects.filter(pk=v.pk).update(doors=None, seats=None)
        v.refresh_from_db()
    reasons = vehicle_reasons(m, v)
    assert set(reasons) == {"art_27_five_doors", "art_28_iii_capacity"}
    assert "Número de portas não informado" in reasons["art_27_five_doors"]
    assert "não informada" in reasons["art_28_iii_capacity"]


def test_art_27_the_api_records_a_taxi_car_and_reports_missing_doors(ipatinga_m, user_of):
    m = ipatinga_m
    owner = person(m)
    body = {
        "owner_id": owner.pk,
        "plate": "API1B22",
        "renavam": RENAVAM().generate(),
        "kind": "automovel",
        "make_model": "Exemplo Hatch",
        "manufacture_year": 2025,
        "colour": "prata",
        "seats": 5,
        "registration_uf": "MG",
        "registration_city": "Ipatinga",
        "service": "taxi",
    }
    r = clerk_client(user_of).post(
        "/api/v1/registry/vehicles", body, content_type="application/json"
    )
    assert r.status_code == 201, r.content
    assert r.json()["doors"] is None and r.json()["seats"] == 5
    with tenant(m):
        v = Vehicle.objects.get(plate="API1B22")
    vehicle_documents(m, v)
    assert set(vehicle_reasons(m, v)) == {"art_27_five_doors"}


def test_the_mototaxi_form_stays_the_default_and_has_no_taxi_fields(ipatinga_m, user_of):
    owner = person(ipatinga_m)
    page = (
        clerk_client(user_of).get(f"/cadastro/pessoas/{owner.pk}/veiculos/novo/").content.decode()
    )
    assert 'value="mototaxi"' in page and 'name="engine_cc"' in page
    assert 'name="doors"' not in page and 'name="invoice_date"' not in page
    # The other services are one link away, each with its own law's fields.
    assert "?servico=taxi" in page and "?servico=motofrete" in page


def test_a_service_the_municipality_does_not_apply_is_not_offered(
    ipatinga_m, user_of, keep_only_laws
):
    m = ipatinga_m
    keep_only_laws(m, "ipatinga.mototaxi-2013")
    owner = person(m)
    c = clerk_client(user_of)
    page = c.get(f"/cadastro/pessoas/{owner.pk}/veiculos/novo/?servico=taxi").content.decode()
    assert 'name="doors"' not in page and "?servico=taxi" not in page
    r = c.post(
        f"/cadastro/pessoas/{owner.pk}/veiculos/novo/",
        {**CAR, "renavam": RENAVAM().generate()},
    )
    # A posted service outside the municipality's laws is not accepted.
    assert r.status_code == 200 and "Faça uma escolha válida" in r.content.decode()
    with tenant(m):
        assert not Vehicle.objects.filter(plate="TXI4F56").exists()

"""The clerk records what the taxi law asks of a document — the insurance's category (art. 22 XI)
— through the API and the vehicle screen, and reads the vehicle's Cadastro number (art. 20)."""

from __future__ import annotations

from auth_factories import client_as
from registry_factories import TAXI_ON as ON
from registry_factories import grant, taxi_holder

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document

API = "/api/v1/registry"


def test_art_22_xi_the_api_records_the_insurance_category(ipatinga_m, user_of):
    _, vehicle = taxi_holder(ipatinga_m, ON)
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{API}/documents",
        {
            "doc_type": "dpvat",
            "issued_on": "2026-01-10",
            "vehicle_id": vehicle.pk,
            "service": "taxi",
            "category": "3",
        },
    )
    assert r.status_code == 201, r.content
    assert r.json()["category"] == "3"
    with tenant(ipatinga_m):
        assert Document.objects.get(pk=r.json()["id"]).category == "3"


def test_art_22_xi_the_vehicle_screen_records_the_insurance_category(ipatinga_m, user_of):
    _, vehicle = taxi_holder(ipatinga_m, ON)
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"/cadastro/veiculos/{vehicle.pk}/")
    assert page.status_code == 200 and "art. 22, XI" in page.content.decode()
    r = c.post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {"doc-doc_type": "dpvat", "doc-issued_on": "2026-01-11", "doc-category": "3"},
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        doc = Document.objects.filter(vehicle=vehicle, doc_type="dpvat").latest("id")
    assert doc.category == "3" and doc.issued_on.isoformat() == "2026-01-11"


def test_art_20_the_api_shows_the_vehicles_cadastro_number(ipatinga_m, user_of):
    holder, vehicle = taxi_holder(ipatinga_m, ON)
    c = client_as(user_of, Role.ATENDENTE)
    assert c.get(f"{API}/vehicles/{vehicle.pk}").json()["cadastro_number"] is None
    grant(ipatinga_m, holder, vehicle)
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
    assert c.get(f"{API}/vehicles/{vehicle.pk}").json()["cadastro_number"] == (
        vehicle.cadastro_number
    )
    assert vehicle.cadastro_number is not None

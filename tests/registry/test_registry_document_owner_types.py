"""A vehicle's page lists and offers only a vehicle's documents, a person's page only a person's:
one list (``Document.VEHICLE_TYPES``) says which types are a vehicle's."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from registry_factories import actor, moto_vehicle, person

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document
from outorga.registry.services.documents import document_record
from outorga.registry.validation import FieldError

D = dt.date(2026, 1, 5)


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def _offered(html: str) -> set[str]:
    select = re.search(r'<select name="doc-doc_type".*?</select>', html, re.S)
    assert select is not None
    return set(re.findall(r'<option value="([^"]+)"', select.group(0)))


def test_the_vehicle_types_are_the_vehicle_s_licensing_insurance_and_reports():
    assert Document.VEHICLE_TYPES == {
        "crlv",
        "crv",
        "dpvat",
        "vistoria_report",
        "inspection_report",
        "insurance_policy",
        "taximeter_calibration",
        "cng_certificate",
    }
    vehicle, person_types = (
        set(Document.types_for(vehicle=True)),
        set(Document.types_for(vehicle=False)),
    )
    assert vehicle & person_types == {"other"}
    assert vehicle | person_types == set(Document.Type.values)


def test_the_vehicle_page_offers_only_a_vehicle_s_types_and_the_person_page_only_a_person_s(
    ipatinga_m, clerk_c
):
    owner = person(ipatinga_m)
    vehicle = moto_vehicle(ipatinga_m, owner)
    on_vehicle = _offered(clerk_c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode())
    on_person = _offered(clerk_c.get(f"/cadastro/pessoas/{owner.pk}/").content.decode())
    assert on_vehicle == set(Document.types_for(vehicle=True))
    assert {"crlv", "dpvat", "taximeter_calibration", "cng_certificate"} <= on_vehicle
    assert not {"rg", "cpf", "medical_certificate", "criminal_certificate"} & on_vehicle
    assert on_person == set(Document.types_for(vehicle=False))
    assert not {"crlv", "crv", "dpvat", "vistoria_report"} & on_person


def test_the_vehicle_page_lists_only_the_vehicle_s_documents(ipatinga_m, clerk_c):
    owner = person(ipatinga_m)
    vehicle = moto_vehicle(ipatinga_m, owner)
    with tenant(ipatinga_m):
        # A personal document misfiled on the vehicle before the types were split.
        Document.objects.create(doc_type=Document.Type.MEDICAL, vehicle=vehicle, issued_on=D)
        Document.objects.create(doc_type=Document.Type.RG, person=owner, issued_on=D)
    html = clerk_c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode()
    table = html.split("<caption", 1)[1].split("</table>", 1)[0]
    assert "CRLV" in table and "laudo de vistoria" in table
    assert "atestado médico" not in table and "<td>RG" not in table
    person_html = clerk_c.get(f"/cadastro/pessoas/{owner.pk}/").content.decode()
    person_table = person_html.split("<caption", 1)[1].split("</table>", 1)[0]
    assert "<td>RG" in person_table and "CRLV" not in person_table


def test_a_person_s_document_posted_to_the_vehicle_page_is_refused(ipatinga_m, clerk_c):
    vehicle = moto_vehicle(ipatinga_m, person(ipatinga_m))
    r = clerk_c.post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {"doc-doc_type": "rg", "doc-issued_on": "2026-01-05", "doc-number": "1"},
    )
    assert r.status_code == 200
    with tenant(ipatinga_m):
        assert not Document.objects.filter(vehicle=vehicle, doc_type="rg").exists()


@pytest.mark.parametrize(
    ("doc_type", "on_vehicle", "message"),
    [
        ("crlv", False, "CRLV é documento do veículo"),
        ("medical_certificate", True, "atestado médico é documento da pessoa"),
    ],
)
def test_the_service_refuses_a_document_on_the_wrong_owner(
    ipatinga_m, doc_type, on_vehicle, message
):
    owner = person(ipatinga_m)
    vehicle = moto_vehicle(ipatinga_m, owner)
    clerk = actor("ipatinga", Role.ATENDENTE)
    owner_kw = {"vehicle": vehicle} if on_vehicle else {"person": owner}
    with pytest.raises(FieldError, match=message):
        document_record(
            actor=clerk,
            municipality=ipatinga_m,
            law=vehicle.municipality.laws[0],
            doc_type=doc_type,
            issued_on=D,
            **owner_kw,
        )

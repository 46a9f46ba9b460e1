"""Brazilian identifiers are checked before anything is written (registry/validation.py, with
validate-docbr and brutils): a bad CNPJ, CPF, CNH, RENAVAM or plate is refused with a Portuguese
message naming the field, through the API and on the clerk's screens, and nothing is recorded."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from validate_docbr import CNPJ, CPF, RENAVAM

from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import DrivingLicence, Person, Vehicle

API = "/api/v1/registry"
BAD_CNPJ = "11.222.333/0001-00"  # check digits of 11.222.333/0001-81 changed
BAD_CPF = "529.982.247-26"  # check digit of 529.982.247-25 changed
BAD_CNH = "02650306462"  # check digit of 02650306461 changed
BAD_RENAVAM = "47467594951"  # check digit of 47467594950 changed
PLATE_ERROR = "placa inválida (formatos ABC1234 ou ABC1D23)"


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


@pytest.fixture
def owner(ipatinga_m, clerk_c) -> int:  # type: ignore[no-untyped-def]
    r = clerk_c.post(
        f"{API}/people",
        {"document": CPF().generate(), "name": "Dono Valido", "birth_date": "1990-01-01"},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    return int(r.json()["id"])


def post(c: Client, url: str, body: dict[str, Any]) -> Any:
    return c.post(f"{API}{url}", body, content_type="application/json")


def count_acts(m: Municipality, action: str) -> int:
    with tenant(m):
        return Act.objects.filter(action=action).count()


def vehicle_body(owner: int, **more: Any) -> dict[str, Any]:
    return {
        "owner_id": owner,
        "plate": "RVA1B23",
        "renavam": "47467594950",
        "kind": "motocicleta",
        "make_model": "Honda CG 160",
        "manufacture_year": 2023,
        "engine_cc": 160,
        "colour": "vermelha",
        "rental_category": True,
        "registration_uf": "MG",
        "registration_city": "Ipatinga",
        **more,
    }


# --- through the API ------------------------------------------------------------------------------


def test_a_bad_cnpj_is_refused_naming_the_field_and_nobody_is_recorded(ipatinga_m, clerk_c):
    before = count_acts(ipatinga_m, "person.create")
    r = post(clerk_c, "/people", {"kind": "legal", "document": BAD_CNPJ, "name": "Empresa Falsa"})
    assert r.status_code == 422
    assert r.json() == {
        "detail": "Dados inválidos.",
        "erros": [{"campo": "cnpj", "erro": "CNPJ inválido"}],
        "codigo": "campo_invalido",
    }
    with tenant(ipatinga_m):
        assert not Person.objects.filter(name="Empresa Falsa").exists()
    assert count_acts(ipatinga_m, "person.create") == before


def test_a_valid_cnpj_is_accepted_and_stored_as_digits(ipatinga_m, clerk_c):
    cnpj = CNPJ().generate(mask=True)
    r = post(clerk_c, "/people", {"kind": "legal", "document": cnpj, "name": "Empresa Certa"})
    assert r.status_code == 201, r.content
    with tenant(ipatinga_m):
        assert Person.objects.get(pk=r.json()["id"]).document == "".join(filter(str.isdigit, cnpj))


def test_a_bad_cpf_is_refused_naming_the_field(ipatinga_m, clerk_c):
    r = post(
        clerk_c, "/people", {"document": BAD_CPF, "name": "Cpf Errado", "birth_date": "1990-01-01"}
    )
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "cpf", "erro": "CPF inválido"}]
    with tenant(ipatinga_m):
        assert not Person.objects.filter(name="Cpf Errado").exists()


def test_a_bad_cnh_number_is_refused_naming_the_field_and_no_licence_is_recorded(
    ipatinga_m, clerk_c, owner
):
    before = count_acts(ipatinga_m, "licence.record")
    r = post(
        clerk_c,
        f"/people/{owner}/licence",
        {
            "number": BAD_CNH,
            "categories": "A",
            "first_licence_on": "2010-01-01",
            "expires_on": "2030-01-01",
        },
    )
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "número da CNH", "erro": "número da CNH inválido"}]
    with tenant(ipatinga_m):
        assert not DrivingLicence.objects.filter(person_id=owner).exists()
    assert count_acts(ipatinga_m, "licence.record") == before


@pytest.mark.parametrize(
    ("field", "value", "campo", "erro"),
    [
        ("renavam", BAD_RENAVAM, "renavam", "RENAVAM inválido"),
        ("renavam", "123", "renavam", "RENAVAM inválido"),
        ("plate", "AB12345", "placa", PLATE_ERROR),
        ("plate", "ABC12D3", "placa", PLATE_ERROR),
    ],
)
def test_a_bad_renavam_or_plate_is_refused_naming_the_field_and_no_vehicle_is_recorded(
    ipatinga_m, clerk_c, owner, field, value, campo, erro
):
    before = count_acts(ipatinga_m, "vehicle.create")
    r = post(clerk_c, "/vehicles", vehicle_body(owner, **{field: value}))
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": campo, "erro": erro}]
    with tenant(ipatinga_m):
        assert not Vehicle.objects.filter(owner_id=owner).exists()
    assert count_acts(ipatinga_m, "vehicle.create") == before


@pytest.mark.parametrize("plate", ["RVA-1234", "rva1b23"])
def test_both_plate_formats_are_accepted_and_stored_uppercase_without_dash(
    ipatinga_m, clerk_c, owner, plate
):
    r = post(clerk_c, "/vehicles", vehicle_body(owner, plate=plate, renavam=RENAVAM().generate()))
    assert r.status_code == 201, r.content
    assert r.json()["plate"] == plate.upper().replace("-", "")


# --- on the clerk's screens -----------------------------------------------------------------------


def test_the_person_form_refuses_a_bad_cnpj_with_the_message_on_the_page(ipatinga_m, clerk_c):
    r = clerk_c.post(
        "/cadastro/pessoas/nova/", {"kind": "legal", "document": BAD_CNPJ, "name": "Empresa Tela"}
    )
    assert r.status_code == 200  # the form again, not a redirect to a new person
    form = r.context["form"]
    assert "CNPJ inválido" in form.errors["document"]  # under the "CPF ou CNPJ" field
    assert "CNPJ inválido" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Person.objects.filter(name="Empresa Tela").exists()


def test_the_licence_form_refuses_a_bad_cnh_on_its_number_field(ipatinga_m, clerk_c, owner):
    r = clerk_c.post(
        f"/cadastro/pessoas/{owner}/",
        {
            "cnh-number": BAD_CNH,
            "cnh-categories": "A",
            "cnh-first_licence_on": "2010-01-01",
            "cnh-expires_on": "2030-01-01",
            "cnh-points": "0",
        },
    )
    assert r.status_code == 200
    assert r.context["licence_form"].errors["number"] == ["número da CNH inválido"]
    with tenant(ipatinga_m):
        assert not DrivingLicence.objects.filter(person_id=owner).exists()


@pytest.mark.parametrize(
    ("field", "value", "erro"),
    [("renavam", BAD_RENAVAM, "RENAVAM inválido"), ("plate", "AB12345", PLATE_ERROR)],
)
def test_the_vehicle_form_refuses_a_bad_renavam_or_plate_on_its_field(
    ipatinga_m, clerk_c, owner, field, value, erro
):
    data = {k: v for k, v in vehicle_body(owner).items() if k != "owner_id"}
    data.update({"service": "mototaxi", field: value, "rental_category": "on"})
    r = clerk_c.post(f"/cadastro/pessoas/{owner}/veiculos/novo/", data)
    assert r.status_code == 200
    assert r.context["form"].errors[field] == [erro]
    with tenant(ipatinga_m):
        assert not Vehicle.objects.filter(owner_id=owner).exists()

"""Tenancy cases of the inspections routes: a user (or a token) of municipality A against the
objects of municipality B."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.files.base import ContentFile

from outorga.inspections.models import (
    CompanyToken,
    Inspection,
    InspectionCompany,
    InspectionItem,
)
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformDriver
from outorga.registry.models import Permit, Person, Vehicle

JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 32


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    n = 7 if m.slug == "ipatinga" else 8
    person = Person.objects.create(document=f"5298224500{n}", name=f"Titular {marker}")
    vehicle = Vehicle.objects.create(
        plate=f"TNC{n}A{n}{n}",
        renavam="00000000000",
        kind="motocicleta",
        make_model=f"Moto {marker}",
        manufacture_year=2022,
        engine_cc=150,
        colour="vermelha",
        registration_uf="MG",
        owner=person,
    )
    permit = Permit.objects.create(
        service="mototaxi",
        holder=person,
        number=f"TN-{n:04d}",
        registration_number=9000 + n,
        granted_on=dt.date(2026, 1, 5),
        term_start=dt.date(2026, 1, 5),
        term_end=dt.date(2036, 1, 5),
        vehicle=vehicle,
    )
    company = InspectionCompany.objects.create(
        name=f"ITL {marker}", cnpj=f"1122233300018{n}", inmetro_accreditation="OIA-0001"
    )
    token = CompanyToken.objects.create(
        company=company,
        name=f"t {marker}",
        prefix=f"tn{n:06d}",
        digest=CompanyToken.digest_of(f"segredo-{m.slug}"),
        created_by=user_of(m.slug, Role.AUTORIDADE),
    )
    inspection = Inspection.objects.create(
        permit=permit,
        vehicle=vehicle,
        plate=vehicle.plate,
        law="ipatinga.mototaxi-2013",
        service="mototaxi",
        checklist="mototaxi",
        checklist_version=dt.date(2013, 8, 27),
        kind=Inspection.Kind.SEMESTRAL,
        inspected_on=dt.date(2026, 3, 1),
        status=Inspection.Status.AWAITING,
        result=Inspection.Result.FAILED,
        company=company,
        summary=f"Inspeção {marker}",
        decision={"citations": []},
    )
    item = InspectionItem(
        inspection=inspection,
        position=0,
        code="conservacao",
        label=f"Conservação {marker}",
        citation="art. 2, XI",
        result="not_ok",
        photo_type="image/jpeg",
    )
    item.photo.save(f"tenancy-{m.slug}.jpg", ContentFile(JPEG), save=False)
    item.save()
    platform = Platform.objects.filter(cnpj=f"9{m.ibge_code}0001").first() or (
        Platform.objects.create(cnpj=f"8{m.ibge_code}0001", name=f"Plataforma {marker}")
    )
    driver = PlatformDriver.objects.create(
        platform=platform,
        cpf="52998224725",
        name=f"Motorista {marker}",
        cnh_number="02650306461",
        cnh_category="B",
        vehicle_plate=f"APP{n}C{n}{n}",
        vehicle_kind="car",
        vehicle_manufacture_year=2022,
    )
    return {
        "insp_driver": driver.pk,
        "insp_permit": permit.pk,
        "insp_inspection": inspection.pk,
        "insp_item": item.pk,
        "insp_company": company.pk,
        "insp_token": token.pk,
    }


def _body() -> dict[str, Any]:
    return {
        "plate": "TNC7A77",
        "kind": "semestral",
        "inspected_on": "2026-03-01",
        "items": {"conservacao": {"result": "ok"}},
    }


ROUTES = {
    "vistorias/": lambda b: ("get", "/vistorias/", {200}, None, "fiscal"),
    "vistorias/nova/<int:permit_id>/": lambda b: (
        "get",
        f"/vistorias/nova/{b.extra['insp_permit']}/",
        {404},
        None,
        "fiscal",
    ),
    "vistorias/aplicativo/<int:driver_id>/": lambda b: (
        "get",
        f"/vistorias/aplicativo/{b.extra['insp_driver']}/",
        {404},
        None,
        "fiscal",
    ),
    "vistorias/<int:inspection_id>/": lambda b: (
        "get",
        f"/vistorias/{b.extra['insp_inspection']}/",
        {404},
        None,
    ),
    "vistorias/<int:inspection_id>/confirmar/": lambda b: (
        "post",
        f"/vistorias/{b.extra['insp_inspection']}/confirmar/",
        {404},
        {"__form__": {"decisao": "confirmar"}},
        "fiscal",
    ),
    "vistorias/<int:inspection_id>/laudo.pdf": lambda b: (
        "get",
        f"/vistorias/{b.extra['insp_inspection']}/laudo.pdf",
        {404},
        None,
    ),
    "vistorias/itens/<int:item_id>/foto": lambda b: (
        "get",
        f"/vistorias/itens/{b.extra['insp_item']}/foto",
        {404},
        None,
    ),
    "vistorias/empresas/": lambda b: ("get", "/vistorias/empresas/", {200}, None),
    "vistorias/empresas/<int:company_id>/credenciais/": lambda b: (
        "post",
        f"/vistorias/empresas/{b.extra['insp_company']}/credenciais/",
        {404},
        {"__form__": {"nome": "invasor"}},
    ),
    "vistorias/credenciais/<int:token_id>/revogar/": lambda b: (
        "post",
        f"/vistorias/credenciais/{b.extra['insp_token']}/revogar/",
        {404},
        None,
    ),
    "portal/vistorias/": lambda b: ("get", "/portal/vistorias/", {200}, None, "permissionario"),
    # Company routes refuse a platform's token (401); company tokens are tested on their own.
    "api/v1/inspections/company/me": lambda b: (
        "get",
        "/api/v1/inspections/company/me",
        {401},
        None,
        "token",
    ),
    "api/v1/inspections/company/checklists/<code>": lambda b: (
        "get",
        "/api/v1/inspections/company/checklists/mototaxi",
        {401},
        None,
        "token",
    ),
    "api/v1/inspections/company/inspections": lambda b: (
        "post",
        "/api/v1/inspections/company/inspections",
        {401},
        _body(),
        "token",
    ),
    "api/v1/inspections/company/inspections/<inspection_id>": lambda b: (
        "get",
        f"/api/v1/inspections/company/inspections/{b.extra['insp_inspection']}",
        {401},
        None,
        "token",
    ),
    "api/v1/inspections/due": lambda b: ("get", "/api/v1/inspections/due", {200}, None),
    "api/v1/inspections/<inspection_id>": lambda b: (
        "get",
        f"/api/v1/inspections/{b.extra['insp_inspection']}",
        {404},
        None,
    ),
    "api/v1/inspections/<inspection_id>/confirm": lambda b: (
        "post",
        f"/api/v1/inspections/{b.extra['insp_inspection']}/confirm",
        {404},
        {"confirm": True},
        "fiscal",
    ),
}

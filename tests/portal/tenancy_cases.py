"""Tenancy cases of the portal: a holder of municipality A never reaches B's permits or avisos,
and the clerks' list of avisos shows only A's (see tests/core/test_tenancy_routes.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from validate_docbr import CPF, RENAVAM

from outorga.law.competence import Role
from outorga.registry.models import Notification, Permit, Person, Vehicle


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    user = user_of(m.slug, Role.PERMISSIONARIO)
    person = Person.objects.filter(user=user).first()
    if person is None:
        person = Person.objects.create(
            document=CPF().generate(),
            name=f"Titular {marker}",
            birth_date=dt.date(1980, 1, 1),
            user=user,
        )
    vehicle = Vehicle.objects.create(
        plate="PRT9Z99",
        renavam=RENAVAM().generate(),
        kind="motocicleta",
        make_model=f"Moto {marker}",
        manufacture_year=2022,
        colour="vermelha",
        registration_uf="MG",
        owner=person,
    )
    permit = Permit.objects.create(
        service="mototaxi",
        holder=person,
        number=f"PT-{m.pk}-{marker}"[:20],
        registration_number=9001,
        granted_on=dt.date(2025, 1, 10),
        term_start=dt.date(2025, 1, 10),
        term_end=dt.date(2035, 1, 10),
        vehicle=vehicle,
    )
    notice = Notification.objects.create(
        person=person,
        permit=permit,
        kind=Notification.Kind.OTHER,
        message=f"Aviso {marker}",
        key=f"teste:{marker}",
    )
    return {"portal_permit": permit.pk, "portal_notification": notice.pk}


HOLDER = Role.PERMISSIONARIO.value

ROUTES = {
    "portal/": lambda b: ("get", "/portal/", {200}, None, HOLDER),
    "portal/permissoes/<int:permit_id>/": lambda b: (
        "get",
        f"/portal/permissoes/{b.extra['portal_permit']}/",
        {404},
        None,
        HOLDER,
    ),
    "portal/permissoes/<int:permit_id>/cracha.pdf": lambda b: (
        "get",
        f"/portal/permissoes/{b.extra['portal_permit']}/cracha.pdf",
        {404},
        None,
        HOLDER,
    ),
    "portal/avisos/<int:notification_id>/lido/": lambda b: (
        "post",
        f"/portal/avisos/{b.extra['portal_notification']}/lido/",
        {404},
        None,
        HOLDER,
    ),
    "avisos/": lambda b: ("get", "/avisos/", {200}, None, Role.ATENDENTE.value),
    "api/v1/notifications": lambda b: (
        "get",
        "/api/v1/notifications",
        {200},
        None,
        Role.ATENDENTE.value,
    ),
}

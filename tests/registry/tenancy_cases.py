"""Registry routes for the route-walking tenancy test (tests/core/test_tenancy_routes.py)."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from validate_docbr import CPF

from outorga.registry.models import Auxiliary, Document, Permit, Person, Vehicle

D = dt.date(2026, 3, 10)


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    person = Person.objects.create(
        document=CPF().generate(),
        name=f"Titular {marker}",
        birth_date=dt.date(1990, 1, 1),
        blood_type="O+",
    )
    vehicle = Vehicle.objects.create(
        plate=f"TNC{m.pk % 10}A{m.pk % 100:02d}",
        renavam="47467594950",
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
        number=f"T-{m.pk}",
        registration_number=900 + m.pk,
        granted_on=D,
        term_start=D,
        term_end=D.replace(year=2036),
        vehicle=vehicle,
    )
    # A photo, so that reaching B's photo would answer 200, not the 404 of a person without one.
    person.photo.save(f"tenancy-{m.pk}.png", ContentFile(_png()), save=True)
    doc = Document.objects.create(doc_type="rg", person=person, issued_on=D, number=f"RG {marker}")
    aux = Auxiliary.objects.create(permit=permit, person=person, added_on=D)
    return {
        "person": person.pk,
        "vehicle": vehicle.pk,
        "permit": permit.pk,
        "document": doc.pk,
        "auxiliary": aux.pk,
    }


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (30, 40), (20, 90, 160)).save(buf, "PNG")
    return buf.getvalue()


def _post(path: str, body: Any) -> tuple[str, str, set[int], Any]:
    return ("post", path, {404}, body)


P = "/api/v1/registry"
ROUTES = {
    "api/v1/registry/people": lambda b: ("get", f"{P}/people", {200}, None, "atendente"),
    "api/v1/registry/people/<person_id>": lambda b: (
        "get",
        f"{P}/people/{b.extra['person']}",
        {404},
        None,
        "atendente",
    ),
    "api/v1/registry/people/<person_id>/licence": lambda b: _post(
        f"{P}/people/{b.extra['person']}/licence",
        {
            "number": "02650306461",
            "categories": "A",
            "first_licence_on": "2010-01-01",
            "expires_on": "2030-01-01",
        },
    ),
    "api/v1/registry/people/<person_id>/photo": lambda b: (
        "post",
        f"{P}/people/{b.extra['person']}/photo",
        {404},
        {"__form__": {"file": SimpleUploadedFile("foto.png", _png(), "image/png")}},
        "atendente",
    ),
    "api/v1/registry/permits/<permit_id>/reserve": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/reserve", {"on": "2026-04-01", "text": "x"}
    ),
    "api/v1/registry/permits/<permit_id>/reserve/end": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/reserve/end", {"on": "2026-04-01", "text": "x"}
    ),
    "api/v1/registry/people/<person_id>/eligibility": lambda b: (
        "get",
        f"{P}/people/{b.extra['person']}/eligibility",
        {404},
        None,
        "atendente",
    ),
    "api/v1/registry/vehicles": lambda b: ("get", f"{P}/vehicles", {200}, None, "atendente"),
    "api/v1/registry/vehicles/<vehicle_id>": lambda b: (
        "get",
        f"{P}/vehicles/{b.extra['vehicle']}",
        {404},
        None,
        "atendente",
    ),
    "api/v1/registry/documents": lambda b: (
        "post",
        f"{P}/documents",
        {404},
        {"__form__": {"doc_type": "rg", "issued_on": "2026-01-01", "person_id": b.extra["person"]}},
        "atendente",
    ),
    "api/v1/registry/documents/<doc_id>/file": lambda b: (
        "get",
        f"{P}/documents/{b.extra['document']}/file",
        {404},
        None,
        "atendente",
    ),
    "api/v1/registry/permits": lambda b: ("get", f"{P}/permits", {200}, None, "atendente"),
    "api/v1/registry/permits/<permit_id>": lambda b: (
        "get",
        f"{P}/permits/{b.extra['permit']}",
        {404},
        None,
        "atendente",
    ),
    "api/v1/registry/permits/<permit_id>/suspend": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/suspend",
        {"days": 15, "start": "2026-04-01", "reason": "x"},
    ),
    "api/v1/registry/permits/<permit_id>/reinstate": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/reinstate", {"on": "2026-04-01", "text": "x"}
    ),
    "api/v1/registry/permits/<permit_id>/renounce": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/renounce", {"on": "2026-04-01", "text": "x"}
    ),
    "api/v1/registry/permits/<permit_id>/renew": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/renew", {"on": "2026-04-01"}
    ),
    "api/v1/registry/permits/<permit_id>/auxiliaries": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/auxiliaries",
        {"person_id": b.extra["person"], "on": "2026-04-01"},
    ),
    "api/v1/registry/auxiliaries/<aux_id>/remove": lambda b: _post(
        f"{P}/auxiliaries/{b.extra['auxiliary']}/remove", {"on": "2026-04-01", "text": "x"}
    ),
    "api/v1/registry/auxiliaries/<aux_id>/renew": lambda b: _post(
        f"{P}/auxiliaries/{b.extra['auxiliary']}/renew", {"on": "2026-04-01"}
    ),
    "api/v1/registry/permits/<permit_id>/extend": lambda b: _post(
        f"{P}/permits/{b.extra['permit']}/extend",
        {"on": "2026-04-01", "act_reference": "Decreto 1/2026"},
    ),
}

C = "/cadastro"
ROUTES.update(
    {
        "cadastro/": lambda b: ("get", f"{C}/?q=Titular", {200}, None, "atendente"),
        "cadastro/pessoas/nova/": lambda b: ("get", f"{C}/pessoas/nova/", {200}, None, "atendente"),
        "cadastro/pessoas/<int:person_id>/": lambda b: (
            "post",
            f"{C}/pessoas/{b.extra['person']}/",
            {404},
            {"__form__": {"doc-doc_type": "rg", "doc-issued_on": "2026-01-01"}},
            "atendente",
        ),
        "cadastro/pessoas/<int:person_id>/editar/": lambda b: (
            "post",
            f"{C}/pessoas/{b.extra['person']}/editar/",
            {404},
            {"__form__": {"name": "Invasor", "city": "Outra"}},
            "atendente",
        ),
        "cadastro/pessoas/<int:person_id>/foto/": lambda b: (
            "get",
            f"{C}/pessoas/{b.extra['person']}/foto/",
            {404},
            None,
            "atendente",
        ),
        "cadastro/pessoas/<int:person_id>/veiculos/novo/": lambda b: (
            "get",
            f"{C}/pessoas/{b.extra['person']}/veiculos/novo/",
            {404},
            None,
            "atendente",
        ),
        "cadastro/veiculos/<int:vehicle_id>/": lambda b: (
            "get",
            f"{C}/veiculos/{b.extra['vehicle']}/",
            {404},
            None,
            "atendente",
        ),
        "cadastro/permissoes/": lambda b: ("get", f"{C}/permissoes/", {200}, None, "atendente"),
        "cadastro/permissoes/nova/": lambda b: (
            "get",
            f"{C}/permissoes/nova/?pessoa={b.extra['person']}",
            {200},
            None,
            "atendente",
        ),
        "cadastro/permissoes/<int:permit_id>/": lambda b: (
            "post",
            f"{C}/permissoes/{b.extra['permit']}/",
            {404},
            {"__form__": {"susp-days": "5", "susp-start": "2026-04-01", "susp-reason": "x"}},
            "autoridade",
        ),
    }
)

# Permit services' screens (auxiliaries, renewal, vehicles, renúncia, transfer, extinction, taxi
# grant). The taxi permit, its vehicle change and extinction case come from tests/tenders' build.
CP = f"{C}/permissoes"
DAY = "2026-04-01"


def _form(path: str, body: dict[str, str], role: str = "atendente") -> tuple[Any, ...]:
    return ("post", path, {404}, {"__form__": body}, role)


ROUTES.update(
    {
        "cadastro/permissoes/taxi/nova/": lambda b: (
            "get",
            f"{CP}/taxi/nova/?pessoa={b.extra['person']}",
            {200},
            None,
            "atendente",
        ),
        "cadastro/permissoes/<int:permit_id>/auxiliares/novo/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/auxiliares/novo/",
            {"person": "000.000.000-00", "on": DAY, "work_schedule": "x"},
        ),
        "cadastro/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/desligar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/auxiliares/{b.extra['auxiliary']}/desligar/",
            {"on": DAY, "reason": "x"},
        ),
        "cadastro/permissoes/<int:permit_id>/renovar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/renovar/", {"on": DAY}
        ),
        "cadastro/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/renovar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/auxiliares/{b.extra['auxiliary']}/renovar/", {"on": DAY}
        ),
        "cadastro/permissoes/<int:permit_id>/prorrogar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/prorrogar/", {"on": DAY, "act_reference": "Decreto 1/2026"}
        ),
        "cadastro/permissoes/<int:permit_id>/veiculo/substituir/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/veiculo/substituir/", {"vehicle": "ABC1D23", "on": DAY}
        ),
        "cadastro/permissoes/<int:permit_id>/veiculo/reserva/": lambda b: _form(
            f"{CP}/{b.extra['taxi_permit']}/veiculo/reserva/",
            {"vehicle": "ABC1D23", "cause": "roubo", "on": DAY, "until": "2026-04-10"},
        ),
        "cadastro/permissoes/<int:permit_id>/veiculo/trocas/<int:change_id>/encerrar/": lambda b: (
            _form(
                f"{CP}/{b.extra['taxi_permit']}/veiculo/trocas/{b.extra['vehicle_change']}"
                "/encerrar/",
                {"on": DAY},
            )
        ),
        "cadastro/permissoes/<int:permit_id>/veiculo/permuta/": lambda b: _form(
            f"{CP}/{b.extra['taxi_permit']}/veiculo/permuta/", {"other": "TX-0001", "on": DAY}
        ),
        "cadastro/documentos/<int:doc_id>/arquivo/": lambda b: (
            "get",
            f"{C}/documentos/{b.extra['document']}/arquivo/",
            {404},
            None,
            "atendente",
        ),
        "cadastro/permissoes/<int:permit_id>/reserva/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/reserva/", {"on": DAY, "reason": "x"}
        ),
        "cadastro/permissoes/<int:permit_id>/reserva/encerrar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/reserva/encerrar/", {"on": DAY, "reason": "x"}
        ),
        "cadastro/permissoes/<int:permit_id>/renunciar/": lambda b: _form(
            f"{CP}/{b.extra['permit']}/renunciar/", {"on": DAY, "request": "x"}
        ),
        "cadastro/permissoes/<int:permit_id>/transferir/": lambda b: _form(
            f"{CP}/{b.extra['taxi_permit']}/transferir/",
            {"successor": "000.000.000-00", "event": "falecimento", "proof": "x", "on": DAY},
        ),
        "cadastro/permissoes/<int:permit_id>/extincao/": lambda b: _form(
            f"{CP}/{b.extra['taxi_permit']}/extincao/",
            {"cause": "abandono", "facts": "x", "on": DAY},
            "autoridade",
        ),
        "cadastro/extincoes/<int:case_id>/": lambda b: _form(
            f"{C}/extincoes/{b.extra['extinction_case']}/",
            {"step": "decide", "decide-extinguish": "1", "decide-grounds": "x", "decide-on": DAY},
            "chefe_executivo",
        ),
    }
)

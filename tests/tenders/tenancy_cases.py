"""Routes of tenders (/tenders), taxi permits (/taxi) and stands (/stands) for the route-walking
tenancy test (tests/core/test_tenancy_routes.py): a user of A never reaches B's objects."""

from __future__ import annotations

import datetime as dt
from typing import Any

from validate_docbr import CPF

from outorga.registry.models import (
    ExtinctionCase,
    Permit,
    PermitTerm,
    Person,
    Stand,
    Tender,
    TenderApplicant,
    Vehicle,
    VehicleChange,
)

D = dt.date(2026, 3, 10)


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    person = Person.objects.create(
        document=CPF().generate(),
        name=f"Taxista {marker}",
        birth_date=dt.date(1990, 1, 1),
        city=m.name,
    )

    def car(letter: str) -> Vehicle:
        return Vehicle.objects.create(
            plate=f"TX{letter}{m.pk % 10}B{m.pk % 100:02d}",
            renavam="47467594950",
            kind="automovel",
            make_model=f"Sedan {marker}",
            manufacture_year=2025,
            colour="prata",
            doors=5,
            seats=5,
            registration_uf="MG",
            owner=person,
        )

    vehicle, spare = car("A"), car("R")
    permit = Permit.objects.create(
        service="taxi",
        taxi_category="convencional",
        holder=person,
        number=f"TX-T{m.pk}",
        registration_number=700 + m.pk,
        granted_on=D,
        term_start=D,
        term_end=D.replace(year=2036),
        vehicle=spare,
    )
    PermitTerm.objects.create(
        permit=permit,
        option="I",
        mode="pagamento",
        instalments=18,
        total_cents=300000,
        signed_on=D,
        term_years=10,
        term_ends_on=permit.term_end,
        valid_until=D.replace(year=2027),
    )
    change = VehicleChange.objects.create(
        permit=permit,
        kind="reserva",
        from_vehicle=vehicle,
        to_vehicle=spare,
        cause=f"roubo {marker}",
        started_on=D,
        until=D + dt.timedelta(days=30),
        status="active",
    )
    tender = Tender.objects.create(service="taxi", number=f"LIC {marker}", places=1, opened_on=D)
    applicant = TenderApplicant.objects.create(tender=tender, person=person)
    case = ExtinctionCase.objects.create(
        permit=permit,
        number=500 + m.pk,
        cause="abandono",
        inciso="V",
        facts=f"abandono {marker}",
        opened_on=D,
        notified_on=D,
        defence_deadline=D + dt.timedelta(days=10),
    )
    stand = Stand.objects.create(
        service="taxi",
        name=f"Ponto {marker}",
        place=f"Praça {marker}",
        taxi_category="convencional",
        capacity=4,
        act_reference="Decreto 1/2026",
    )
    return {
        "taxi_person": person.pk,
        "taxi_vehicle": vehicle.pk,
        "taxi_permit": permit.pk,
        "vehicle_change": change.pk,
        "tender": tender.pk,
        "tender_applicant": applicant.pk,
        "extinction_case": case.pk,
        "stand": stand.pk,
    }


P = "/api/v1"


def _post(path: str, body: Any, role: str = "autoridade") -> tuple[Any, ...]:
    return ("post", path, {404}, body, role)


def _permit(b: Any, tail: str) -> str:
    return f"{P}/taxi/permits/{b.extra['taxi_permit']}/{tail}"


def _case(b: Any, tail: str = "") -> str:
    return f"{P}/taxi/extinction-cases/{b.extra['extinction_case']}" + (f"/{tail}" if tail else "")


def _tender(b: Any, tail: str = "") -> str:
    return f"{P}/tenders/{b.extra['tender']}" + (f"/{tail}" if tail else "")


ON = {"on": "2026-04-01"}

ROUTES = {
    "licitacoes/": lambda b: ("get", "/licitacoes/", {200}, None),
    "licitacoes/<int:tender_id>/": lambda b: (
        "get",
        f"/licitacoes/{b.extra['tender']}/",
        {404},
        None,
    ),
    "termos/<int:permit_id>/termo.pdf": lambda b: (
        "get",
        f"/termos/{b.extra['taxi_permit']}/termo.pdf",
        {404},
        None,
    ),
    "pontos/": lambda b: ("get", "/pontos/", {200}, None),
    "termos/<int:permit_id>/": lambda b: ("get", f"/termos/{b.extra['taxi_permit']}/", {404}, None),
    "api/v1/tenders": lambda b: ("get", f"{P}/tenders", {200}, None),
    "api/v1/tenders/<tender_id>": lambda b: ("get", _tender(b), {404}, None),
    "api/v1/tenders/<tender_id>/applicants": lambda b: _post(
        _tender(b, "applicants"), {"person_id": b.extra["taxi_person"]}, "atendente"
    ),
    "api/v1/tenders/<tender_id>/evaluate": lambda b: _post(_tender(b, "evaluate"), ON),
    "api/v1/tenders/<tender_id>/ranking": lambda b: _post(
        _tender(b, "ranking"), {"ranking": [b.extra["tender_applicant"]]}
    ),
    "api/v1/tenders/<tender_id>/homologate": lambda b: _post(_tender(b, "homologate"), ON),
    "api/v1/tenders/<tender_id>/grants": lambda b: _post(
        _tender(b, "grants"),
        {"on": "2026-04-01", "grants": {str(b.extra["tender_applicant"]): {"vehicle": 1}}},
    ),
    "api/v1/taxi/permits": lambda b: _post(
        f"{P}/taxi/permits",
        {
            "holder_id": b.extra["taxi_person"],
            "vehicle_id": b.extra["taxi_vehicle"],
            "signed_on": "2026-04-01",
            "tender_id": b.extra["tender"],
        },
        "atendente",
    ),
    "api/v1/taxi/permits/<permit_id>/term": lambda b: ("get", _permit(b, "term"), {404}, None),
    "api/v1/taxi/permits/<permit_id>/renewal-debts": lambda b: (
        "get",
        _permit(b, "renewal-debts?on=2026-04-01"),
        {404},
        None,
    ),
    "api/v1/taxi/permits/<permit_id>/renew": lambda b: _post(_permit(b, "renew"), ON, "atendente"),
    "api/v1/taxi/permits/<permit_id>/auxiliaries": lambda b: _post(
        _permit(b, "auxiliaries"),
        {"person_id": b.extra["taxi_person"], "on": "2026-04-01"},
        "atendente",
    ),
    "api/v1/taxi/permits/<permit_id>/reserve-vehicle": lambda b: _post(
        _permit(b, "reserve-vehicle"),
        {
            "vehicle_id": b.extra["taxi_vehicle"],
            "on": "2026-04-01",
            "until": "2026-04-20",
            "cause": "roubo",
        },
        "atendente",
    ),
    "api/v1/taxi/permits/<permit_id>/swap": lambda b: _post(
        _permit(b, "swap"),
        {"other_permit_id": b.extra["taxi_permit"], "on": "2026-04-01"},
        "atendente",
    ),
    "api/v1/taxi/permits/<permit_id>/substitute": lambda b: _post(
        _permit(b, "substitute"),
        {"vehicle_id": b.extra["taxi_vehicle"], "on": "2026-04-01"},
        "atendente",
    ),
    "api/v1/taxi/vehicle-changes/<change_id>/end": lambda b: _post(
        f"{P}/taxi/vehicle-changes/{b.extra['vehicle_change']}/end", ON, "atendente"
    ),
    "api/v1/taxi/permits/<permit_id>/transfer": lambda b: _post(
        _permit(b, "transfer"),
        {
            "successor_id": b.extra["taxi_person"],
            "event": "falecimento",
            "on": "2026-04-01",
            "proof": "certidão",
        },
        "atendente",
    ),
    "api/v1/taxi/permits/<permit_id>/extinction-cases": lambda b: _post(
        _permit(b, "extinction-cases"),
        {"cause": "abandono", "facts": "x", "on": "2026-04-01"},
    ),
    "api/v1/taxi/extinction-cases/<case_id>": lambda b: ("get", _case(b), {404}, None),
    "api/v1/taxi/extinction-cases/<case_id>/notify": lambda b: _post(
        _case(b, "notify"), {"notified_on": "2026-04-01"}
    ),
    "api/v1/taxi/extinction-cases/<case_id>/defence": lambda b: _post(
        _case(b, "defence"), {"text": "defesa", "on": "2026-03-12"}, "atendente"
    ),
    "api/v1/taxi/extinction-cases/<case_id>/decision": lambda b: _post(
        _case(b, "decision"),
        {"extinguish": True, "grounds": "x", "on": "2026-04-01"},
        "chefe_executivo",
    ),
    "api/v1/stands": lambda b: ("get", f"{P}/stands", {200}, None),
    "api/v1/stands/<stand_id>": lambda b: (
        "put",
        f"{P}/stands/{b.extra['stand']}",
        {404},
        {
            "service": "taxi",
            "name": "invasor",
            "place": "x",
            "capacity": 1,
            "act_reference": "x",
            "on": "2026-04-01",
            "taxi_category": "convencional",
        },
        "chefe_executivo",
    ),
}

"""Demo stands (pontos) for municipalities that apply the Ipatinga laws, and the demo's example
licitação of taxi. EXAMPLE data: the places, numbers and decree numbers are invented; a
municipality records its own stands by executive act and opens its own tenders by edital."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from outorga.core.acts import Actor, record_act
from outorga.core.errors import DomainError
from outorga.core.lawseam import governs
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from .models import Service, Stand, TaxiCategory, Tender
from .services.tenders import tender_create

EXAMPLES = [
    {
        "service": Service.TAXI,
        "name": "Ponto da Rodoviária (exemplo)",
        "place": "Terminal rodoviário, pista de embarque (exemplo)",
        "taxi_category": TaxiCategory.CONVENCIONAL,
        "capacity": 8,
        "act_reference": "Decreto de exemplo 1/2026 (demonstração)",
    },
    {
        "service": Service.MOTOTAXI,
        "name": "Ponto do Centro (exemplo)",
        "place": "Praça central, lado oposto ao ponto de ônibus (exemplo)",
        "taxi_category": "",
        "capacity": 6,
        "act_reference": "Decreto de exemplo 2/2026 (demonstração)",
    },
]


def load(m: Municipality) -> None:
    """Idempotent; call inside ``tenant(m)``."""
    if not governs(m, Service.TAXI):
        return
    for data in EXAMPLES:
        stand, created = Stand.objects.get_or_create(
            service=data["service"], name=data["name"], defaults=data
        )
        if created:
            record_act(
                municipality=m,
                actor=Actor.system("carga de demonstração"),
                action="stand.create",
                obj=stand,
                new={k: str(v) for k, v in data.items()},
            )


@dataclass(frozen=True)
class ExampleTender:
    """What the demo's licitação offers, as ``tender_create`` takes it."""

    service: str
    taxi_category: str
    number: str
    places: int


#: The demo's licitação (taxi art. 3: permissions to natural or legal persons by tender), of one
#: category (art. 5–6). Its number and places are EXAMPLES, values the edital fixes; so are the
#: points of the current-taxista criterion it is ranked by (art. 48, example parameters). The
#: places must be within the free quota of art. 3 §1–2, which ``tender_create`` asks of the law.
EXAMPLE_TENDER = ExampleTender(Service.TAXI, TaxiCategory.CONVENCIONAL, "EXEMPLO-TX-1", 3)
#: Opened a week before the demo's today, whatever day the demo is loaded on: never a date to come,
#: and a tender stays open to enrolment until its commission ranks it (``tender_rank``).
EXAMPLE_TENDER_OPENED_DAYS_AGO = 7


def example_tender_open(m: Municipality, actor: Actor) -> str:
    """The example licitação opened by ``actor`` (the demo authority) through the service a clerk's
    screen calls, the act in the log; once (skipped when its number is there). What was done, in a
    line."""
    t = EXAMPLE_TENDER
    with tenant(m):
        if Tender.objects.filter(number=t.number).exists():
            return f"Licitação de exemplo {t.number}: já registrada."
    if not governs(m, t.service):
        return f"Licitação de exemplo: nenhuma lei rege o táxi em {m.name}."
    opened_on = today_of(m) - dt.timedelta(days=EXAMPLE_TENDER_OPENED_DAYS_AGO)
    try:
        tender = tender_create(
            actor=actor,
            municipality=m,
            service=t.service,
            taxi_category=t.taxi_category,
            number=t.number,
            places=t.places,
            opened_on=opened_on,
        )
    except DomainError as exc:
        return f"Licitação de exemplo não aberta: {exc}"
    return (
        f"Licitação de exemplo {tender.number} (táxi {tender.get_taxi_category_display()}, "
        f"{tender.places} vagas) aberta em {tender.opened_on:%d/%m/%Y}: o candidato se inscreve "
        "em Candidatura, no portal."
    )

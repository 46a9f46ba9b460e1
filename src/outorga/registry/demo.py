"""Demo stands (pontos) for municipalities that apply the Ipatinga laws. EXAMPLE data: the places
and decree numbers are invented; a municipality records its own by executive act."""

from __future__ import annotations

from outorga.core.acts import Actor, record_act
from outorga.core.lawseam import governs
from outorga.core.models import Municipality

from .models import Service, Stand, TaxiCategory

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

"""Demo rows of enforcement: example items of the taxi regulation's infraction list (taxi art. 43,
D-10) — marked as examples; the real list is the municipality's regulation."""

from __future__ import annotations

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from .models import Severity, TaxiInfractionItem

TAXI = "ipatinga.taxi-2017"

EXAMPLE_ITEMS = [
    ("reg-taximetro-sem-afericao", "Operar com taxímetro sem aferição válida", Severity.GRAVE),
    ("reg-sem-cracha", "Deixar de portar o crachá do Cadastro Municipal", Severity.LEVE),
    ("reg-fumar", "Fumar no interior do veículo em serviço", Severity.MEDIA),
]


def load(m: Municipality) -> None:
    if TAXI not in m.laws:
        return
    with tenant(m):
        for code, description, nature in EXAMPLE_ITEMS:
            TaxiInfractionItem.objects.get_or_create(
                code=code,
                defaults={
                    "description": f"{description} (exemplo)",
                    "nature": nature,
                    "reference": "Regulamento do táxi — item de exemplo (demo)",
                    "example": True,
                },
            )

"""Demo rows of enforcement: example items of the taxi regulation's infraction list (taxi art. 43,
D-10) — marked as examples; the real list is the municipality's regulation."""

from __future__ import annotations

from outorga.core.lawseam import governs
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service

from .models import Severity, TaxiInfractionItem

EXAMPLE_ITEMS = [
    ("reg-taximetro-sem-afericao", "Operar com taxímetro sem aferição válida", Severity.GRAVE),
    ("reg-sem-cracha", "Deixar de portar o crachá do Cadastro Municipal", Severity.LEVE),
    ("reg-fumar", "Fumar no interior do veículo em serviço", Severity.MEDIA),
    # Art. 16 gives illegal transport no nature: the regulation does (ADR 0023); an example here.
    ("transporte_ilegal", "Transporte ilegal de passageiros, sem permissão", Severity.GRAVISSIMA),
]


def load(m: Municipality) -> None:
    if not governs(m, Service.TAXI):  # the taxi law's regulation items (art. 43)
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

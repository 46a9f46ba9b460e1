"""Demo rows of the inspections area: an example inspection company (ITL) where the mototaxi or
taxi law applies. Idempotent; the names say they are examples."""

from __future__ import annotations

from outorga.core.acts import Actor, record_act
from outorga.core.lawseam import governs
from outorga.core.models import Municipality
from outorga.law.bindings import Service

from .models import InspectionCompany


def load(m: Municipality) -> None:
    if not any(governs(m, s) for s in (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)):
        return  # the apps law gives the vistoria to the posture inspectors only (art. 23 I)
    company, created = InspectionCompany.objects.get_or_create(
        cnpj="45997418000153",
        defaults={
            "name": "Inspeções Veiculares Exemplo Ltda (exemplo)",
            "inmetro_accreditation": "OIA-0000 (exemplo)",
        },
    )
    if created:
        record_act(
            municipality=m,
            actor=Actor.system("carga de demonstração"),
            action="inspection_company.register",
            obj=company,
            new={"cnpj": company.cnpj, "name": company.name, "example": True},
        )

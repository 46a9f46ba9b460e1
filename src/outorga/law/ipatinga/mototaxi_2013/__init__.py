"""Rulebook of Ipatinga's mototaxi and motofrete law of 27 August 2013 (``ipatinga.mototaxi-2013``).

One submodule per part of the law, in the order of its articles:

- :mod:`.vehicles` — art. 3, 5 §1 and §5–§8, 6 §2, 13 XXI, 19, 24 (``mototaxi.vehicle_eligibility``)
- :mod:`.people` — art. 5, 6 §1 and §4, 8, 14, 32 §1/§3 (``mototaxi.person_eligibility``)
- :mod:`.permits` — art. 4 §1, 6, 10 and dated documents (``mototaxi.permit_term``,
  ``mototaxi.quota``, ``mototaxi.document_validity``)
- :mod:`.service` — badge (art. 2 VIII, 5 §4), stands (art. 17, 18, 21), tariffs (art. 45–46)
  (``mototaxi.badge``, ``mototaxi.stand``, ``mototaxi.tariff_readjustment``)
- :mod:`.enforcement` — auto de infração (art. 29–30), fines (art. 31 §1, 37–41), seizure (art. 35)
  (``mototaxi.infraction_notice``, ``mototaxi.fine``, ``mototaxi.seizure_release``)
- :mod:`.fees` — fees of the Cadastro (art. 4) and of inspections (art. 5 §1, §6), amounts as
  municipal data (``mototaxi.fee``)
- :mod:`.catalog` — every infraction of art. 38–41 (:data:`CATALOG`)
- :mod:`.penalties` — art. 31–32, 34, 47 (``mototaxi.penalty``)
- :mod:`.appeals` — art. 42–44 (``mototaxi.appeal_deadline``, ``mototaxi.defence_result``)

Competence (art. 34) lives in :mod:`outorga.law.competence`; this rulebook only reads it.
"""

from . import appeals, enforcement, fees, penalties, people, permits, service, vehicles
from ._common import LAW_ID, Service, Severity
from .catalog import CATALOG, InfractionType, infraction_type, infraction_types

__all__ = [
    "CATALOG",
    "LAW_ID",
    "InfractionType",
    "Service",
    "Severity",
    "appeals",
    "enforcement",
    "fees",
    "infraction_type",
    "infraction_types",
    "penalties",
    "people",
    "permits",
    "service",
    "vehicles",
]

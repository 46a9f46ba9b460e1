"""Lei 4.976/2025 de Barra do Garças (MT) — transporte remunerado privado individual de passageiros
intermediado por plataformas digitais (law id ``barra-do-garcas.apps-2025``).

Importing this package registers every ``apps.*`` question. Modules follow the law's chapters:

* :mod:`.registration` — Cap. II, art. 3–4: credentials, caps, drivers, vehicles
  (with :mod:`.concurrency`, the peak of concurrent drivers for D-9 b, :mod:`.peak_month`, the
  month whose peak exceeded the cap, and
  :mod:`.driver_documents`, the periodic re-check of a rostered driver, art. 4 II and art. 14 I);
* :mod:`.fares` — Cap. III, art. 5–10 (with :mod:`.fare_publication`, a published table with its
  dynamic-pricing ceiling, art. 9);
* :mod:`.platform_duties` — Cap. IV–V, art. 11–17: complaints, monthly report, two-wheeler ban;
* :mod:`.taxation` — Cap. VI, art. 18–21: ISSQN (D-14);
* :mod:`.enforcement` — Cap. VII, art. 22–26: inspection, penalties, procedure (D-3, D-5, D-17);
* :mod:`.seizure` — art. 26, III: the vehicle seized in the irregular service, the auto's process
  and the release on the regulation's conditions (art. 27; ADR 0030);
* :mod:`.final_provisions` — Cap. VIII, art. 28–29: entry into force, 60-day adaptation.

Date of the law. The scan's date is illegible ("DE J fl DE 1Y1 aJB' DE 2025"; "1§;_ de tWlf.lLQ");
the fragments fit 16 May 2025, the date the municipality's press office gives ("Lei Municipal nº
4.976, de 16 de maio de 2025"). No separate gazette date is in the text, so 2025-05-16 is taken as
the publication date (art. 29: in force on publication) and keys every parameter; it is the
parameter ``apps_2025.publication_date``, which a municipality corrects with an override.

Rules a court may suspend (D-16). They run through :func:`outorga.law.rules.unless_suspended`;
a municipality records a suspension under these stable ids (never shipped as law data):

* ``apps.art3.platform_cap`` — at most 10 platforms (art. 3 §1);
* ``apps.art3.driver_cap_platform`` — at most 50 drivers per platform, both the roster (D-9 a)
  and the measured monthly peak (D-9 b) (art. 3 §2);
* ``apps.art3.driver_cap_municipality`` — at most 500 drivers in the municipality (art. 3 §2);
* ``apps.art17.two_wheeler_ban`` — motorcycles and other two-wheelers banned (art. 17);
* ``apps.art4.ii.e.municipal_debt_clearance`` — municipal debt clearance of the driver
  (art. 4 II e; the TJMT decision of March 2026 also reached it, per the press);
* ``apps.art7.fare_limits`` and ``apps.art9.dynamic_within_limits`` — the executive's fare limits
  and their application to dynamic pricing (art. 7, 9).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.procedure import InfractionKind, Procedure

from . import (
    driver_documents,
    enforcement,
    fare_publication,
    fares,
    final_provisions,
    peak_month,
    platform_duties,
    registration,
    seizure,
    taxation,
    trip_data,
)
from ._base import LAW, art
from .concurrency import Peak, merge_intervals, peak_concurrent_drivers
from .driver_documents import driver_documents_current
from .enforcement import (
    credential_after_revision,
    credential_standing,
    penalty,
    penalty_appeal,
    penalty_finality,
    penalty_revision,
    procedure_deadlines,
    roster_restore,
    vehicle_inspection,
)
from .fares import fare_limits_review, fare_quote, fare_table
from .final_provisions import obligation_enforceable
from .peak_month import concurrency_month
from .platform_duties import RULE_TWO_WHEELER_BAN, complaint_deadline, monthly_report
from .registration import (
    RULE_DRIVER_CAP_MUNICIPALITY,
    RULE_DRIVER_CAP_PLATFORM,
    RULE_MUNICIPAL_DEBT_CLEARANCE,
    RULE_PLATFORM_CAP,
    driver_eligibility,
    platform_credential,
    roster_capacity,
    vehicle_eligibility,
)
from .taxation import issqn_statement

#: Articles the apps cite for checks and acts made outside a question (``interfaces.citations``).
CITES: dict[str, Citation | tuple[Citation, ...]] = {
    "trip_records": art(21),  # the platforms keep detailed records of the trips and fares
    "inspection_access": art(24),  # and give the inspection access to them
    # Cap. VI: ISSQN on the platforms and on the drivers, D-14 its reading (rate × base, half-up)
    "issqn": (art(18), art(19), art(20), art(21), decision(14)),
    "driver_issqn_withholding": art(20, 2),  # the platforms withhold and pay the drivers' ISSQN
    "driver_tax_regime": art(20),  # the drivers, as MEI or Profissional Autônomo Pessoa Física
    "complaint_channel": art(11, inc="III"),  # the users' right to a complaint channel
    "complaint_answer": art(15),  # the platforms answer within the term of the law
    "fare_extras": art(6, inc="IV"),  # the fare table's additional fees, each named
    "report_drivers": art(16, inc="I"),  # the monthly report lists the month's active drivers
    "platform_cap": art(3, 1),  # at most so many platforms at the same time
    "municipal_tax_registration": art(19, 2),  # a condition of the credential
    "posture_inspection": (art(23, inc="III"), art(25)),  # safety, hygiene, no outer signs
    # At most 50 drivers active at once per platform, measured by the month's peak (D-9 b)
    "concurrent_drivers_cap": (art(3, 2), decision(9, "b")),
    # At most 50 drivers enabled on a platform's roster, 500 persons in the municipality (D-9 a)
    "roster_cap": (art(3, 2), decision(9, "a")),
    "penalties": art(26),  # the penalties of the law, imposed through an administrative case
    "warning": art(26, inc="I"),  # the penalties a platform receives: a written warning
    "fine": art(26, inc="II"),  # or a fine
    "unlicensed": art(26, inc="III"),  # the vehicle used in the irregular service is seized
    "seizure": (art(26, inc="III"), art(27)),  # its release on the regulation's conditions
    "credential_measures": art(26, inc="IV"),  # suspension or cancellation of the credential
    "credentialed_platform": art(3),  # only credentialed platforms offer the service
    "roster_size": art(3, 2),  # the drivers enabled on a platform, as its page counts them
    # The platforms demand and keep the drivers' documents up to date, and see that the drivers
    # comply with the law: the daily re-check of the rosters
    "driver_documents": art(4, inc="II"),
    "drivers_compliance": art(14, inc="I"),
    "fare_table": (art(6), art(7), art(8), art(9)),  # the fare table, its limits and dynamics
    "fare_items": art(6),  # base fare, per km, per minute, additional fees
    "fare_limits": art(7),  # within the limits the Executive sets
    "dynamic_pricing": (art(9), art(10)),  # dynamic pricing within them, disclosed
    "driver_requirements": art(4),  # the vehicle, CNH and documents the platforms verify
    "two_wheeler_ban": art(17),  # motorcycles and other two-wheelers banned
    "monthly_report": art(16),  # the monthly report to the Finance secretariat
    "report_intermediation_revenue": art(16, inc="II"),  # its intermediation revenue
    "report_trip_revenue": art(16, inc="III"),  # and the trips' revenue, per driver
    "penalty_appeal": art(26, "único"),  # always with defence and appeal
    # form labels: what the portal's fields name beside what they record (the driver's
    # checklist of art. 4, the report's lines, the fare table's items).
    "vehicle_age": art(4, inc="I"),  # at most 10 years from manufacture
    "driver_crlv": art(4, inc="II", ali="a"),
    "driver_cnh": art(4, inc="II", ali="b"),  # category B or above, with the EAR remark
    "driver_criminal_certificate": art(4, inc="II", ali="c"),
    "driver_insurance": art(4, inc="II", ali="d"),  # the APP and the DPVAT
    "driver_debt_clearance": art(4, inc="II", ali="e"),
    "driver_inss": art(4, inc="II", ali="f"),
    # The driver's base: the month's gross, less what the platform retains for intermediation.
    "platform_retention": art(20, 1),
    "fare_base": art(6, inc="I"),
    "fare_per_km": art(6, inc="II"),
    "fare_per_minute": art(6, inc="III"),
    # messages
    "regulation": art(27),  # the Executive's regulation (a term the law leaves to it)
    "adaptation": art(28),  # the platforms' 60 days to adapt after the publication
}


def _kinds(
    on: dt.date | None, regulation_items: Sequence[Mapping[str, Any]] = ()
) -> list[InfractionKind]:
    """The law lists no conducts with natures: its penalties (art. 26 I–II) are imposed on the
    platforms and their drivers through the platforms' process. The inspector's auto cites only
    the irregular service that seizes the vehicle (``PROCEDURE.unlicensed``)."""
    return []


#: Art. 26, III: the inspector seizes the vehicle used in the irregular service with an auto whose
#: process has the defence and the appeal of art. 26, parágrafo único (D-17 defaults); the auto
#: charges no fine (art. 26, II: the authority's choice, in the penalty's process) and no warning
#: replaces the seizure.
PROCEDURE = Procedure(
    steps={"defence": "defesa", "executive": "recurso"},
    deadline_citations={
        "defence": seizure.deadline_citations("defesa"),
        "executive": seizure.deadline_citations("recurso"),
    },
    kinds=_kinds,
    unlicensed=InfractionKind(
        seizure.IRREGULAR_SERVICE,
        seizure.IRREGULAR_SERVICE_DESCRIPTION,
        "",
        art(26, inc="III").render(),
        True,
    ),
)

#: The numbers the apps show beside the law's decisions (a chart's cap line, a page's limit), by
#: concept → this law's dated parameter (``interfaces.limit``): never a number written in an app.
LIMITS: dict[str, str] = {
    "platform_cap": "apps_2025.platform_cap",  # art. 3, §1
    "drivers_per_platform": "apps_2025.driver_cap_platform",  # art. 3, §2
    "drivers_in_municipality": "apps_2025.driver_cap_municipality",  # art. 3, §2
    "fine_max": "apps_2025.fine_max_upfbg",  # art. 26, II: the maximum fine, in UPFBG
    "vehicle_age": "apps_2025.vehicle_max_age_years",  # art. 4, I: years from manufacture
}

#: The rules a court may suspend (D-16), by the stable id the rules apply them under, with the
#: label a person chooses them by (``interfaces.suspendable_rules``).
SUSPENDABLE_RULES: dict[str, str] = {
    RULE_PLATFORM_CAP: "limite de plataformas credenciadas (art. 3, §1)",
    RULE_DRIVER_CAP_PLATFORM: "limite de motoristas por plataforma (art. 3, §2)",
    RULE_DRIVER_CAP_MUNICIPALITY: "limite de motoristas no Município (art. 3, §2)",
    RULE_TWO_WHEELER_BAN: "vedação de motocicletas e outros veículos de duas rodas (art. 17)",
    RULE_MUNICIPAL_DEBT_CLEARANCE: "certidão negativa de débitos municipais (art. 4, II, e)",
    fares.RULE_FARE_LIMITS: "limites tarifários do Executivo (art. 7)",
    fares.RULE_DYNAMIC_LIMITS: "limites da tarifa dinâmica (art. 9)",
}

#: What the trip-data pipeline applies to every row of a month's file (``interfaces.trip_data``).
TRIP_DATA = trip_data

__all__ = [
    "LAW",
    "CITES",
    "PROCEDURE",
    "LIMITS",
    "SUSPENDABLE_RULES",
    "TRIP_DATA",
    "Peak",
    "complaint_deadline",
    "concurrency_month",
    "credential_after_revision",
    "credential_standing",
    "driver_documents",
    "driver_documents_current",
    "driver_eligibility",
    "enforcement",
    "fare_limits_review",
    "fare_publication",
    "fare_quote",
    "fare_table",
    "final_provisions",
    "issqn_statement",
    "merge_intervals",
    "monthly_report",
    "obligation_enforceable",
    "peak_concurrent_drivers",
    "peak_month",
    "penalty",
    "penalty_appeal",
    "penalty_finality",
    "penalty_revision",
    "platform_credential",
    "platform_duties",
    "procedure_deadlines",
    "registration",
    "roster_capacity",
    "roster_restore",
    "seizure",
    "taxation",
    "trip_data",
    "vehicle_eligibility",
    "vehicle_inspection",
]

"""Art. 4, II and art. 14, I — the periodic re-check of a driver on a platform's roster.

The platforms must "exigir e manter atualizados os documentos obrigatórios" (art. 4, II) and
"garantir que todos os motoristas estejam devidamente cadastrados, licenciados e cumpram as
exigências legais estabelecidas nesta lei" (art. 14, I). A driver met the requirements of art. 4
and art. 17 on the day he joined the roster (:func:`.registration.driver_eligibility`,
:func:`.registration.vehicle_eligibility`); this question asks them again on a later date, by the
law in force on that date (D-15): a CNH, CRLV or APP insurance that expired, a certidão that got
old, a vehicle that passed the maximum age on 1 January (D-6), a rule a court suspended or whose
suspension ended (D-16).

What the law leaves open is dated parameter data (art. 27, the regulation):

* how long a certidão (art. 4, II, c and e) that states no validity of its own stays current —
  ``apps_2025.criminal_certificate_max_age_days`` and ``apps_2025.debt_certificate_max_age_days``,
  shipped as EXAMPLE values;
* the term the platform has to update a lapsed document — ``apps_2025.driver_document_update_days``,
  shipped empty: the law gives none, and the decision says so.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import refusals_text
from outorga.law.schemas import closed

from ._base import DOCUMENT, LAW, art, decide, fmt, info, optional_param
from .final_provisions import not_in_force
from .registration import (
    CERTIFICATE,
    CNH_SCHEMA,
    VEHICLE_FACTS,
    driver_document_requirements,
    vehicle_requirements,
)

QID = "barra-do-garcas.apps-2025.driver_documents_current"


def art4_ii_update_term(ctx: Context) -> tuple[dt.date | None, Reason]:
    """Art. 4, II and art. 14, I give the platform no term to update a document that lapsed: the
    driver does not meet the law from that day. A regulation may give one (art. 27,
    ``apps_2025.driver_document_update_days``): counted from the re-check's date in calendar days,
    a last day that is not a business day moving to the next (D-4)."""
    days = optional_param(ctx, "driver_document_update_days")
    if days is None:
        return None, info(
            "apps.art4.ii.update_term",
            "A lei não fixa prazo para a plataforma atualizar o documento, nem o regulamento (art. "
            "27) o fixou: o motorista não cumpre a exigência desde o vencimento, e a plataforma "
            "deve garantir que só atuem motoristas que cumpram a lei (art. 14, I).",
            art(4, inc="II"),
            art(14, inc="I"),
            art(27),
        )
    until = ctx.calendar.deadline(ctx.as_of, int(days.value))
    return until, info(
        "apps.art4.ii.update_term",
        f"Prazo do regulamento para a plataforma atualizar o documento: {days.value} dias, até "
        f"{fmt(until)}.",
        art(4, inc="II"),
        art(27),
        facts={"verificado_em": ctx.as_of, "prazo_até": until},
        params=(days,),
    )


def driver_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """The requirements of art. 4 (I; II, a–f) and art. 17 on ``ctx.as_of``, in the order of the
    articles: the driver's documents, then the vehicle's."""
    return [
        *driver_document_requirements(ctx, facts),
        *vehicle_requirements(ctx, facts["vehicle"]),
    ]


@question(
    QID,
    law=LAW,
    title="O motorista habilitado continua cumprindo as exigências do art. 4 nesta data?",
    schema=closed(
        {
            "cnh": CNH_SCHEMA,
            "criminal_certificate": CERTIFICATE,
            "municipal_debt_certificate": CERTIFICATE,
            "inss_registration": DOCUMENT,
            "vehicle": VEHICLE_FACTS,
        },
        required=["vehicle"],
    ),
)
def driver_documents_current(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 4, II ("manter atualizados") and art. 14, I: which requirements of art. 4 and art. 17
    a driver on the roster no longer meets on the reference date (``lapsed``: the rules refused),
    which cannot be verified with the facts given (``unknown``: pending), and the term, if a
    regulation gives one, for the platform to update them (``update_until``)."""
    if (before := not_in_force(QID, ctx)) is not None:
        return before
    reasons = driver_requirements(ctx, facts)
    lapsed = sorted({r.rule for r in reasons if r.verdict is Verdict.REFUSED})
    unknown = sorted({r.rule for r in reasons if r.verdict is Verdict.PENDING} - set(lapsed))
    update_until: dt.date | None = None
    if lapsed:
        update_until, term = art4_ii_update_term(ctx)
        reasons.append(term)
    current = False if lapsed else (None if unknown else True)
    outcome = {
        "current": current,
        "lapsed": lapsed,
        "unknown": unknown,
        "update_until": update_until.isoformat() if update_until else None,
    }
    if current:
        summary = "Motorista continua cumprindo as exigências do art. 4."
    elif lapsed:
        summary = "Motorista deixou de cumprir o art. 4: " + refusals_text(reasons)
    else:
        summary = "Exigências do art. 4 a verificar: " + (
            "; ".join(r.message.rstrip(".") for r in reasons if r.verdict is Verdict.PENDING) + "."
        )
    return decide(QID, ctx, outcome, reasons, summary)

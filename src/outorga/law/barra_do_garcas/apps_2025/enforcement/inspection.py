"""Art. 23 and 25: the inspection of a vehicle in the service — the inspector's findings and the
ban on outer signs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason
from outorga.law.questions import question
from outorga.law.rules import check
from outorga.law.schemas import closed

from .._base import LAW, art, decide, has_refusal
from ..final_provisions import not_in_force

# --- art. 23 and 25: inspection of a vehicle ------------------------------------------------------


def art25_no_external_signs(light_sign: bool, visual_id: bool) -> Reason:
    """Art. 25: "É vedada qualquer forma de sinalização luminosa externa ou identificação visual
    ostensiva nos veículos utilizados para prestação do serviço"."""
    found = [
        label
        for flag, label in (
            (light_sign, "sinalização luminosa externa"),
            (visual_id, "identificação visual ostensiva"),
        )
        if flag
    ]
    return check(
        "apps.art25.no_external_signs",
        not found,
        "Sem sinalização luminosa externa nem identificação visual ostensiva.",
        f"Veículo com {' e '.join(found)}: vedado.",
        art(25),
        facts={
            "sinalização_luminosa_externa": light_sign,
            "identificação_visual_ostensiva": visual_id,
        },
    )


def art23_inspector_finding(rule: str, inc: str, label: str, value: bool | None) -> Reason | None:
    """Art. 23: inspectors check vehicles (I), the drivers' registration on the platforms (II) and
    the vehicles' safety and hygiene (III). The law sets no standard for III: the inspector's
    finding is recorded as given."""
    if value is None:
        return None
    return check(
        rule,
        value,
        f"{label}: regular.",
        f"{label}: irregular segundo a fiscalização.",
        art(23, inc=inc),
        facts={label: value},
    )


@question(
    "barra-do-garcas.apps-2025.vehicle_inspection",
    law=LAW,
    title="O veículo vistoriado na fiscalização está regular?",
    schema=closed(
        {
            "external_light_sign": {"type": "boolean"},
            "ostensive_visual_identification": {"type": "boolean"},
            "driver_registered": {"type": "boolean"},
            "safety_ok": {"type": "boolean"},
            "hygiene_ok": {"type": "boolean"},
        },
        required=["external_light_sign", "ostensive_visual_identification"],
    ),
)
def vehicle_inspection(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """An inspector's check of a vehicle in service (art. 23 I–III, art. 25)."""
    qid = "barra-do-garcas.apps-2025.vehicle_inspection"
    if (before := not_in_force(qid, ctx)) is not None:
        return before
    reasons = [
        art25_no_external_signs(
            bool(facts["external_light_sign"]), bool(facts["ostensive_visual_identification"])
        )
    ]
    for rule, inc, label, key in (
        (
            "apps.art23.ii.driver_registered",
            "II",
            "Cadastro do motorista na plataforma",
            "driver_registered",
        ),
        ("apps.art23.iii.safety", "III", "Condições de segurança", "safety_ok"),
        ("apps.art23.iii.hygiene", "III", "Condições de higiene", "hygiene_ok"),
    ):
        finding = art23_inspector_finding(rule, inc, label, facts.get(key))
        if finding is not None:
            reasons.append(finding)
    outcome = "irregular" if has_refusal(reasons) else "regular"
    return decide(
        qid, ctx, outcome, reasons, "Veículo regular." if outcome == "regular" else "Irregular."
    )

"""What a law must answer to govern a service: one small interface per kind of service.

Apps ask a bound law by *name* (``person_eligibility``), never by a law's id: whichever law the
municipality binds to the service answers, under its own id ``<law>.<name>``, with the facts schema
the interface fixes. Each shipped rulebook answers every name of its services' interfaces (a test
checks); a law that answers fewer — a municipality's own, new law — may still be bound, and an app
asking a name it lacks gets :class:`NotAnswered`, in Portuguese, naming the law and the question.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import questions
from .bindings import SERVICE_LABELS, Service
from .citations import Citation, render_many, render_within
from .procedure import Procedure


@dataclass(frozen=True)
class Interface:
    """``registry`` is what registering, granting and badging a permit asks — the part a law must
    answer to be bound to the service at all; ``more`` the rest of the journeys (enforcement,
    renewals, fees, stands…)."""

    name: str
    services: tuple[str, ...]
    reference: str  # the law whose questions fix each name's facts schema
    registry: tuple[str, ...]
    more: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.registry + self.more

    def facts_schema(self, name: str) -> Mapping[str, Any]:
        """The facts every law answering ``name`` for these services takes: the apps build them
        from the records once, whichever law is bound."""
        return questions.find(self.reference, name).facts_schema


MOTO_SERVICES = Interface(
    "mototaxi",
    (Service.MOTOTAXI, Service.MOTOFRETE),
    "ipatinga.mototaxi-2013",
    registry=(
        "person_eligibility",
        "vehicle_eligibility",
        "quota",
        "permit_term",
        "document_validity",
        "badge",
    ),
    more=(
        "appeal_deadline",
        "auxiliary_credential_renewal",
        "auxiliary_suspension",
        "auxiliary_suspension_breach",
        "case_annulment",
        "defence_result",
        "fee",
        "extraordinary_inspection",
        "fine",
        "infraction_notice",
        "inspection_due",
        "inspection_result",
        "penalty",
        "motofrete_contractor",
        "motofrete_load",
        "one_vehicle",
        "permit_extension",
        "permission_annulment",
        "permit_suspension",
        "public_post_suspension",
        "registration_update",
        "seizure_release",
        "stand",
        "suspension_return",
        "tariff_readjustment",
        "tender_applicant",
        "tender_grant",
        "tender_places",
        "vehicle_age",
        "warning",
    ),
)
TAXI_SERVICES = Interface(
    "taxi",
    (Service.TAXI,),
    "ipatinga.taxi-2017",
    registry=(
        "person_eligibility",
        "vehicle_eligibility",
        "quota",
        "permit_term",
        "registration_documents",
    ),
    more=(
        "advertising",
        "appeal_deadline",
        "appeal_judgment",
        "appeal_reconsideration",
        "auxiliary_registration",
        "auxiliary_renewal",
        "case_annulment",
        "contrapartida",
        "extinction_decision_time",
        "extinction_defence",
        "fare",
        "fee",
        "inspection_due",
        "inspection_result",
        "measures",
        "notice_by_appearance",
        "one_vehicle",
        "penalty",
        "permission_annulment",
        "permit_extinction",
        "permit_suspension",
        "permit_transfer",
        "points",
        "register_bar",
        "register_suspension",
        "registration_renewal",
        "seizure_grounds",
        "seizure_release",
        "stand_parking",
        "suspension",
        "tender_applicant",
        "tender_classification",
        "tender_grant",
        "tender_places",
        "vehicle_age",
        "vehicle_change",
    ),
)
APP_SERVICES = Interface(
    "aplicativo",
    (Service.APLICATIVO,),
    "barra-do-garcas.apps-2025",
    registry=("platform_credential", "driver_eligibility", "vehicle_eligibility"),
    more=(
        "appeal_deadline",
        "appeal_judgment",
        "appeal_reconsideration",
        "case_annulment",
        "complaint_deadline",
        "concurrency_month",
        "credential_after_revision",
        "credential_measure",
        "credential_standing",
        "fare_limits_review",
        "fare_publication",
        "fare_quote",
        "fare_table",
        "fine",
        "inspection_result",
        "issqn_statement",
        "monthly_report",
        "notice_by_appearance",
        "obligation_enforceable",
        "penalty",
        "penalty_appeal",
        "penalty_finality",
        "penalty_revision",
        "platforms_over_cap",
        "procedure_deadlines",
        "roster_capacity",
        "seizure_release",
        "vehicle_inspection",
        "warning",
    ),
)
INTERFACES: dict[str, Interface] = {
    s: i for i in (MOTO_SERVICES, TAXI_SERVICES, APP_SERVICES) for s in i.services
}


class NotAnswered(LookupError):
    """The law bound to a service does not answer a question the app needs."""

    def __init__(self, law: str, service: str, name: str) -> None:
        self.law, self.service, self.name = law, service, name
        super().__init__(
            f"A lei {law}, que rege {SERVICE_LABELS.get(service, service)} neste município, não "
            f"responde à pergunta '{name}'."
        )


def interface_of(service: str) -> Interface:
    return INTERFACES[service]


def missing(law: str, service: str, *, part: str = "registry") -> list[str]:
    """The names of ``service``'s interface (``registry`` part, or ``all``) ``law`` does not answer."""
    iface = INTERFACES[service]
    wanted = iface.registry if part == "registry" else iface.names
    return [n for n in wanted if not answers(law, n)]


def citations(law: str, concept: str) -> tuple[Citation, ...]:
    """The articles of ``law`` on a ``concept`` the apps check or record outside a question
    (``tender``: the grant follows a tender; ``registration_certificate``: what a badge's validity
    follows…), from the rulebook's ``CITES``; empty when the law says nothing of it."""
    found = (_export(law, "CITES") or {}).get(concept)
    if found is None:
        return ()
    return found if isinstance(found, tuple) else (found,)


def fee_types(law: str) -> dict[str, tuple[str, tuple[Citation, ...]]]:
    """The fees ``law`` charges (its ``FEE_TYPES``: code → label, articles), in the law's order;
    their amounts are its ``fee`` question's answer."""
    found: dict[str, tuple[str, tuple[Citation, ...]]] = _export(law, "FEE_TYPES") or {}
    return found


def extinction_causes(law: str) -> tuple[Any, ...]:
    """The causes that extinguish a permission under ``law`` (its ``EXTINCTION_CAUSES``: each with
    ``code``, ``inciso`` and ``label_pt``), in the law's order; none when the law lists none."""
    return tuple(_export(law, "EXTINCTION_CAUSES") or ())


def cited(law: str, *concepts: str) -> str:
    """:func:`citations` of each concept, as a person reads them ("…, art. 4, §1; art. 14, §2")."""
    return "; ".join(c.render() for k in concepts for c in citations(law, k))


def cited_once(law: str, *concepts: str) -> str:
    """:func:`cited`, the law's title written once ("…, art. 6, §4; art. 14, §2")."""
    return render_many(c for k in concepts for c in citations(law, k))


def cited_within(law: str, *concepts: str) -> str:
    """:func:`citations` of each concept on a page that names ``law`` (or its service): its own
    articles without its title ("art. 42, V; art. 41, §3"), a decision as it renders."""
    return render_within((c for k in concepts for c in citations(law, k)), law)


def citation(law: str, concept: str) -> Citation | None:
    """The first of :func:`citations`, or ``None``."""
    found = citations(law, concept)
    return found[0] if found else None


def answers(law: str, name: str) -> bool:
    try:
        questions.find(law, name)
    except KeyError:
        return False
    return True


def question(law: str, service: str, name: str) -> questions.Question:
    """The question ``name`` of the law bound to ``service``; :class:`NotAnswered` if it has none."""
    try:
        return questions.find(law, name)
    except KeyError:
        raise NotAnswered(law, service, name) from None


def of_law(law: str) -> Interface:
    """The interface ``law`` answers: that of the services its rulebook governs."""
    from .bindings import RULEBOOKS

    return INTERFACES[RULEBOOKS[law].services[0]]


def procedure(law: str) -> Procedure:
    """The due process of ``law`` (its rulebook's ``PROCEDURE``); :class:`LookupError` in
    Portuguese when the law has none the apps can follow."""
    found: Procedure | None = _export(law, "PROCEDURE")
    if found is None:
        raise LookupError(f"a lei {law} não tem procedimento de infrações registrado")
    return found


def _export(law: str, name: str) -> Any:
    """A module-level name of ``law``'s rulebook (``SUSPENDABLE_RULES``, ``TRIP_DATA``…), or
    ``None`` when the law has none."""
    from .bindings import RULEBOOKS

    book = RULEBOOKS.get(law)
    if book is None:
        return None
    return getattr(importlib.import_module(book.module), name, None)


def measures(law: str) -> dict[str, str]:
    """The administrative measures an agent may apply with an auto under ``law`` (its rulebook's
    ``MEASURES``: code → how a person reads it, with its article); empty where the law has none."""
    found: Mapping[str, str] | None = _export(law, "MEASURES")
    return dict(found or {})


def load_kinds(law: str) -> dict[str, str]:
    """The loads a cargo vehicle may be found carrying that ``law`` judges (its rulebook's
    ``LOAD_KINDS``: code → label; mototaxi art. 24, §3); empty where the law has none."""
    found: Mapping[str, str] | None = _export(law, "LOAD_KINDS")
    return dict(found or {})


def limits(law: str) -> frozenset[str]:
    """The concepts ``law`` names a number for (its ``LIMITS``): what the apps may show of it."""
    return frozenset(_export(law, "LIMITS") or {})


def limit(law: str, concept: str, ctx: Any) -> Any:
    """The dated parameter ``law`` names for a number the apps show (its ``LIMITS``: the cap of
    drivers per platform…), in force on ``ctx.as_of`` for ``ctx``'s municipality; ``None`` when
    the law has no such number."""
    name = (_export(law, "LIMITS") or {}).get(concept)
    return ctx.param(name) if name else None


def suspendable_rules(law: str) -> dict[str, str]:
    """The rules of ``law`` a court may suspend (decision D-16), by the stable id the law applies
    them under, with the label a person chooses them by (the rulebook's ``SUSPENDABLE_RULES``);
    none when the law names none."""
    found = _export(law, "SUSPENDABLE_RULES") or {}
    return dict(found) if isinstance(found, Mapping) else {r: r for r in found}


def trip_data(law: str, service: str) -> Any:
    """What a trip-data pipeline applies row by row under ``law`` (the rulebook's ``TRIP_DATA``:
    ``trip_fare_limits(ctx)``, ``ceiling_of(...)``, ``vehicle_banned(ctx, kind, wheels)``), asked
    once per file; :class:`NotAnswered` when the law reads no trip data."""
    found = _export(law, "TRIP_DATA")
    if found is None:
        raise NotAnswered(law, service, "trip_data")
    return found

"""The registry's sweep, what the law says about a permit on a date: the causes of irregularity
(documents expired, the vehicle past its age: mototaxi art. 3 II; taxi art. 28 §1–2, D-6) and the
services that mark a permit irregular or regular again, each with its act (used by the step and by
the services that record a document or replace a vehicle, to lift an irregularity at once)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.lawseam import Asker, governs, out_of_force
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import Citation
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.interfaces import citations
from outorga.law.rulebook import day, fmt

from ..facts import mototaxi_permit_vehicle, taxi_renewal_anchor, taxi_vehicle
from ..models import Document, Notification, Permit, PermitTerm, Service, Vehicle
from ..notifications import notification_send

SYSTEM = Actor.system("varredura diária")
#: Irregularities the sweep found start with this text, so the sweep only ever lifts its own.
PREFIX = "Apurado pela varredura diária: "
#: Why the sweep lifts its irregularity.
REGULAR_AGAIN = "documentos em dia e veículo dentro da idade"


# Services ---------------------------------------------------------------------------------------


def permit_mark_irregular(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    reason: str,
    on: dt.date,
    citations: Iterable[Citation | str] = (),
) -> Permit:
    """Mark a permit irregular with the reason (the calendar decided: a document expired, a
    vehicle past its age). Not a penalty: the status does not change; the clerk and the holder see
    why. Only the system acts here, so there is no competence to check."""
    if actor.user is not None:
        raise PermissionError("apenas a varredura diária marca irregularidade")
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.irregular and permit.irregular_reason == reason[:300]:
            return permit
        old = {"irregular": permit.irregular, "irregular_reason": permit.irregular_reason}
        permit.irregular, permit.irregular_reason = True, reason[:300]
        permit.save(update_fields=["irregular", "irregular_reason"])
        rendered = sorted({c if isinstance(c, str) else c.render() for c in citations})
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.irregular",
            obj=permit,
            old=old,
            new={"irregular": True, "irregular_reason": permit.irregular_reason},
            basis={"citations": rendered},
            extra={"effective_on": on},
        )
    return permit


def permit_mark_regular(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, reason: str
) -> Permit:
    """Lift an irregularity the sweep found, once what caused it no longer holds."""
    if actor.user is not None:
        raise PermissionError("apenas a varredura diária retira irregularidade apurada por ela")
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if not permit.irregular or not permit.irregular_reason.startswith(PREFIX):
            return permit
        old = {"irregular": True, "irregular_reason": permit.irregular_reason}
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["irregular", "irregular_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.regular",
            obj=permit,
            old=old,
            new={"irregular": False},
            extra={"effective_on": on, "reason": reason},
        )
    return permit


# What the law says about a permit on a date -----------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """One cause of irregularity, with the articles it rests on."""

    text: str
    citations: tuple[str, ...]

    def render(self) -> str:
        cites = "; ".join(self.citations)
        return f"{self.text} ({cites})" if cites else self.text


class Laws(Asker):
    """The municipality's bound laws, a context per date (a sweep asks for few dates), and the
    vehicle ages already worked out."""

    def __init__(self, m: Municipality) -> None:
        super().__init__(m)
        self.ages: dict[tuple[Any, ...], VehicleAge | None] = {}
        self._cites: dict[tuple[str, str], tuple[str, ...]] = {}

    def applies(self, service: str, on: dt.date) -> bool:
        """Whether a law governs ``service`` on ``on``: none bound, or its binding ended before,
        the sweep skips its permits — no irregularity nor age is judged under no law (ADR
        0062)."""
        return governs(self.m, service) and out_of_force(self.m, service, on) is None

    def cites(self, law: str, concept: str) -> tuple[str, ...]:
        """The articles ``law`` names for ``concept`` (:func:`citations`), rendered."""
        if (law, concept) not in self._cites:
            self._cites[law, concept] = tuple(c.render() for c in citations(law, concept))
        return self._cites[law, concept]


def _rule(d: Decision, suffix: str) -> Reason | None:
    return next((r for r in d.reasons if r.rule.endswith(suffix)), None)


def current_documents(permit: Permit) -> list[Document]:
    """The newest document of each type of the holder and of the vehicle: a renewed document
    supersedes the old one, and a corrected version the one it corrects."""
    newest: dict[tuple[str, str], Document] = {}
    qs = Document.objects.current().filter(person=permit.holder_id).order_by("-issued_on", "-id")
    for doc in qs:
        newest.setdefault(("p", doc.doc_type), doc)
    if permit.vehicle_id:
        qs = (
            Document.objects.current()
            .filter(vehicle=permit.vehicle_id)
            .order_by("-issued_on", "-id")
        )
        for doc in qs:
            newest.setdefault(("v", doc.doc_type), doc)
    return sorted(newest.values(), key=lambda d: (d.doc_type, d.pk))


def _doc_citations(doc: Document) -> tuple[str, ...]:
    return tuple(doc.validity_basis.get("citations", [])) if doc.validity_basis else ()


#: The documents' types as ``get_doc_type_display`` names them (asked thousands of times a sweep).
_DOC_TYPES = {k: str(v) for k, v in Document._meta.get_field("doc_type").flatchoices}


def _doc_label(doc: Document) -> str:
    label = _DOC_TYPES.get(doc.doc_type, doc.doc_type)
    if doc.vehicle_id and doc.vehicle is not None:
        label += f" do veículo {doc.vehicle.plate}"
    return label


def expired_document_issues(
    permit: Permit, on: dt.date, docs: list[Document] | None = None
) -> list[Issue]:
    """``docs``: the permit's :func:`current_documents` when already read."""
    return [
        Issue(
            f"{_doc_label(doc)}: validade vencida em {fmt(doc.valid_until)}",
            _doc_citations(doc),
        )
        for doc in (current_documents(permit) if docs is None else docs)
        if doc.valid_until is not None and doc.valid_until < on
    ]


def undated_crlv_issues(
    laws: Laws, permit: Permit, on: dt.date, docs: list[Document] | None = None
) -> list[Issue]:
    """The permit's vehicle CRLV on record without the validity of its licensing, where the law
    asks for it (taxi art. 24 I, art. 28 I; mototaxi art. 5 §1 I: its ``CITES`` ``crlv``): kept
    before the desk asked for it, or imported without it. The law does not count it as in force
    (``facts.crlv_in_force_on``), so the permit is irregular until the desk corrects it with the
    date printed on it — never read as valid for ever. ``docs``: as in
    :func:`expired_document_issues`."""
    if not laws.applies(permit.service, on):
        return []
    cites = laws.cites(permit.law_on(on), "crlv")
    if not cites:
        return []
    return [
        Issue(
            f"{_doc_label(doc)} sem data de validade — corrija o registro com o 'válido até' "
            "impresso no CRLV",
            cites,
        )
        for doc in (current_documents(permit) if docs is None else docs)
        if doc.doc_type == Document.Type.CRLV and doc.vehicle_id and doc.valid_until is None
    ]


@dataclass(frozen=True)
class VehicleAge:
    """The law core's answer on the vehicle's age: ``limit_on`` is the first day it is over age;
    ``deadline`` the last day to replace it (taxi art. 28 §2); ``over`` whether it is too late;
    ``years`` the age limit the law applied (its dated parameter), ``None`` if it did not say."""

    limit_on: dt.date
    deadline: dt.date | None
    over: bool
    citations: tuple[str, ...]
    text: str
    years: int | None = None


def mototaxi_vehicle_age(
    laws: Laws, permit: Permit, vehicle: Vehicle, on: dt.date
) -> VehicleAge | None:
    """Mototaxi art. 3 II, D-6: age = reference year − manufacture year, at most the law's dated
    limit (10 years). The law gives no grace period: from the first day of the year it passes the
    limit, it must be replaced. ``None`` while a court suspends the rule (D-16): no aviso to
    replace the vehicle and no irregularity for its age until the suspension ends."""
    facts = mototaxi_permit_vehicle(vehicle, permit, on)
    d = laws.ask(permit.service, "vehicle_eligibility", facts, on)
    r = _rule(d, "art_3_ii_age")
    assert r is not None, "vehicle_eligibility sem a regra da idade (art. 3, II)"
    if r.verdict is Verdict.SUSPENDED:
        return None
    limit = int(r.parameters[0].value)
    limit_on = dt.date(vehicle.manufacture_year + limit + 1, 1, 1)
    citations = tuple(c.render() for c in r.citations)
    return VehicleAge(limit_on, limit_on, r.verdict is Verdict.REFUSED, citations, r.message, limit)


def taxi_vehicle_facts(
    vehicle: Vehicle, permit: Permit, anchor: dt.date, on: dt.date
) -> dict[str, Any]:
    """The sweep acts only on the age rules; the other requirements of art. 27–28 are checked by
    the clerk at registration and inspection. Every fact still comes from the record (the
    registry's one builder), so no reason of the decision rests on an assumed one."""
    return taxi_vehicle(
        vehicle,
        category=permit.taxi_category or "convencional",
        on=on,
        occasion="renovacao",
        renewal_anchor=anchor,
    )


def taxi_vehicle_age(laws: Laws, permit: Permit, vehicle: Vehicle, on: dt.date) -> VehicleAge:
    """Taxi art. 28 II and §1–2, D-6: 7 years from the factory invoice (else 1 January of the
    manufacture year); the vehicle already registered may run until the next yearly renewal of
    the cadastro (the Termo's anniversary), when it must already have been replaced."""
    term = PermitTerm.objects.filter(permit=permit).first()
    anchor = taxi_renewal_anchor(term.signed_on if term is not None else None, permit.granted_on)
    facts = taxi_vehicle_facts(vehicle, permit, anchor, on)
    d = laws.ask(permit.service, "vehicle_eligibility", facts, on)
    limit_on = day(d.outcome["age_limit_on"])
    # The age limit the law counted with (its dated parameter, D-6), for the texts below.
    counted = _rule(d, "d_6_vehicle_age")
    years = int(counted.parameters[0].value) if counted and counted.parameters else None
    # The deadline is only stated from the day the limit is reached: ask on that day.
    at = max(on, limit_on)
    d_at = d if at == on else laws.ask(permit.service, "vehicle_eligibility", facts, at)
    r = _rule(d_at, "art_28_par_2_until_renewal")
    deadline = day(r.facts["prazo_de_substituição"]) if r and r.facts else None
    over = r is not None and r.verdict is Verdict.REFUSED and on >= limit_on
    citations = tuple(c.render() for c in (r.citations if r else d.citations))
    return VehicleAge(limit_on, deadline, over, citations, r.message if r else d.summary, years)


def vehicle_age(laws: Laws, permit: Permit, on: dt.date) -> VehicleAge | None:
    """The law's answer on the permit's vehicle age. A mototaxi or motofrete vehicle's age rule
    (art. 3, II) reads nothing but its manufacture year: asked once per service and year."""
    vehicle = permit.vehicle
    if vehicle is not None and permit.service != Service.TAXI:
        key: tuple[Any, ...] = (permit.service, vehicle.manufacture_year, on)
    else:
        key = (permit.pk, permit.vehicle_id, on)
    if key not in laws.ages:
        vehicle = permit.vehicle
        if vehicle is None or not laws.applies(permit.service, on):
            laws.ages[key] = None
        elif permit.service == Service.TAXI:
            laws.ages[key] = taxi_vehicle_age(laws, permit, vehicle, on)
        else:
            laws.ages[key] = mototaxi_vehicle_age(laws, permit, vehicle, on)
    return laws.ages[key]


def _aged(age: VehicleAge) -> str:
    """ "com 7 anos", the years the law counted; "na idade máxima" if it did not say."""
    return f"com {age.years} anos" if age.years else "na idade máxima"


def _reaches(age: VehicleAge) -> str:
    return f"completa {age.years} anos" if age.years else "atinge a idade máxima"


def permit_issues(
    laws: Laws, permit: Permit, on: dt.date, docs: list[Document] | None = None
) -> tuple[list[Issue], VehicleAge | None]:
    issues = expired_document_issues(permit, on, docs)
    issues += undated_crlv_issues(laws, permit, on, docs)
    age = vehicle_age(laws, permit, on)
    if age is not None and age.over:
        plate = permit.vehicle.plate if permit.vehicle else ""
        if permit.service == Service.TAXI and age.deadline:
            text = (
                f"veículo {plate} {_aged(age)} em {fmt(age.limit_on)} não substituído até a "
                f"renovação de {fmt(age.deadline)}"
            )
        else:
            text = f"veículo {plate} acima da idade máxima desde {fmt(age.limit_on)}"
        issues.append(Issue(text, age.citations))
    return issues, age


def irregularity_reason(issues: list[Issue]) -> str:
    """The irregularity the sweep records for ``issues`` (it starts with :data:`PREFIX`)."""
    return PREFIX + "; ".join(i.render() for i in issues)


def permit_regularity_refresh(
    *, municipality: Municipality, permit: Permit, on: dt.date, laws: Laws | None = None
) -> tuple[Permit, bool]:
    """Mark the permit irregular for what the calendar found, or regular again when nothing is
    found any more; returns the permit and whether it changed. Call it after recording a document
    or replacing a vehicle to lift the irregularity at once rather than on the next sweep."""
    laws = laws or Laws(municipality)
    with tenant(municipality):
        issues, _ = permit_issues(laws, permit, on)
        if issues:
            reason = irregularity_reason(issues)
            if permit.irregular and not permit.irregular_reason.startswith(PREFIX):
                return permit, False  # irregular for another cause: the clerk decides
            if permit.irregular and permit.irregular_reason == reason[:300]:
                return permit, False
            cites = [c for i in issues for c in i.citations]
            permit = permit_mark_irregular(
                actor=SYSTEM,
                municipality=municipality,
                permit=permit,
                reason=reason,
                on=on,
                citations=cites,
            )
            digest = hashlib.sha256(reason.encode()).hexdigest()[:16]
            notification_send(
                municipality=municipality,
                key=f"registry.irregular:{permit.pk}:{digest}",
                kind=Notification.Kind.PERMIT_IRREGULAR,
                message=f"Permissão {permit.number} irregular — "
                + "; ".join(i.render() for i in issues)
                + ". Regularize no atendimento.",
                person=permit.holder,
                permit=permit,
                due_on=on,
            )
            return permit, True
        if permit.irregular and permit.irregular_reason.startswith(PREFIX):
            permit = permit_mark_regular(
                actor=SYSTEM,
                municipality=municipality,
                permit=permit,
                on=on,
                reason=REGULAR_AGAIN,
            )
            notification_send(
                municipality=municipality,
                key=f"registry.regular:{permit.pk}:{on.isoformat()}",
                kind=Notification.Kind.PERMIT_REGULAR,
                message=f"Permissão {permit.number} regularizada em {fmt(on)}.",
                person=permit.holder,
                permit=permit,
                due_on=None,
            )
            return permit, True
    return permit, False

"""What a proposed amendment would do to the registry, before it is voted (issue #21).

The administrator describes the proposal with the law's own mechanisms (``law.simulation``:
dated parameter values, population figures, a rulebook bound from a date); :func:`simulate` reads
the municipality's registry once and asks, for every permit in force and every service with a
quota, the same question under the law in force and under the proposal — through the seam
(``lawseam.proposed``), never naming a law — and lists who changes, with the reasons on both
sides. It writes nothing: no row, no act, no override; the law in force is never touched.

Covered: the vehicle's age of every permit in force where the bound law answers ``vehicle_age``
(mototaxi art. 3 II; taxi art. 28 II and §1–2, as at the yearly renewal; D-6), the quota of new grants (mototaxi art. 10 I; taxi art. 3 §1–2;
D-7), the eligibility of every applicant of a live tender (mototaxi, motofrete, taxi) and the
fine of each nature in reais where the law answers ``fine`` (mototaxi art. 37–41,
D-5). Areas built on the registry add parts of their own (:func:`register_part`): the trip
data's ISSQN of the platforms (apps art. 18–20, D-14). A service whose law does not answer a
question is named in ``not_simulated``.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from outorga.core.charts import Chart, Series
from outorga.core.lawseam import Asker, LawNotBound, governs, proposed
from outorga.core.listing import Column
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.bindings import SERVICE_LABELS, Service
from outorga.law.citations import render_many
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import ParameterMissing
from outorga.law.procedure import InfractionKind
from outorga.law.simulation import Proposal

from .facts import (
    ACTIVE_STATUSES,
    fine_facts,
    penalty_fine_facts,
    taxi_renewal_anchor,
    vehicle_age_facts,
)
from .models import Permit, TenderApplicant
from .services.tenders import LIVE, applicant_facts
from .tender_facts import (
    active_permits,
    quota_facts,
    quota_limit,
)
from .validation import FieldError


@dataclass(frozen=True)
class Reading:
    """One side's answer: whether it holds, the law's words and the articles."""

    holds: bool
    text: str
    citations: str

    @classmethod
    def of(cls, d: Decision) -> Reading:
        refused = d.refusals
        waiting = tuple(r for r in d.reasons if r.verdict is Verdict.PENDING)
        shown = refused or waiting or d.reasons
        return cls(
            not refused and not waiting,
            " ".join(r.message for r in shown),
            render_many(c for r in shown for c in r.citations),
        )


@dataclass(frozen=True)
class PermitChange:
    """A permit in force whose vehicle's age is judged otherwise under the proposal."""

    permit_id: int
    number: str
    service: str
    holder: str
    plate: str
    manufacture_year: int
    in_force: Reading
    proposal: Reading

    @property
    def becomes(self) -> str:
        return "irregular" if self.in_force.holds else "regular"


@dataclass(frozen=True)
class QuotaChange:
    """The places of a service under each side (None: the law sets no limit)."""

    service: str
    active: int
    in_force: int | None
    proposal: int | None
    in_force_reading: Reading
    proposal_reading: Reading

    @property
    def label(self) -> str:
        return SERVICE_LABELS.get(self.service, self.service)

    @staticmethod
    def free(limit: int | None, active: int) -> int | None:
        return None if limit is None else max(limit - active, 0)


@dataclass(frozen=True)
class ApplicantChange:
    """An applicant of a live tender whose eligibility the proposal changes."""

    applicant_id: int
    tender: str
    person: str
    service: str
    in_force: str  # the decision's eligibility: ok | refused | pending
    proposal: str
    in_force_reading: Reading
    proposal_reading: Reading

    @property
    def becomes(self) -> str:
        return "elegível" if self.proposal == "ok" else "não elegível"


@dataclass(frozen=True)
class FineChange:
    """The fine of one nature in reais, on each side (mototaxi art. 37–41; taxi art. 41 §2):
    the nature's value in fiscal units times the unit's value on the date (D-5). ``service``:
    the first service the law governs here (mototaxi's fines are motofrete's too)."""

    service: str
    severity: str
    code: str
    in_force: int
    proposal: int
    in_force_reading: Reading
    proposal_reading: Reading

    @property
    def label(self) -> str:
        return SERVICE_LABELS.get(self.service, self.service)


@dataclass(frozen=True)
class IssqnChange:
    """A platform's ISSQN statement of a past month (apps art. 18–20, D-14) computed again, under
    each side, with the rates of the simulation's month: the bases the month declared, the rates
    the law in force and the proposal give — what that revenue would pay. ``None``: a rate the
    municipality has not recorded (the statement is incomplete)."""

    platform: str
    month: dt.date
    in_force: int | None
    proposal: int | None
    in_force_reading: Reading
    proposal_reading: Reading


@dataclass
class Simulation:
    on: dt.date
    title: str
    permits_checked: int = 0
    over_age_in_force: int = 0
    over_age_proposal: int = 0
    changes: list[PermitChange] = field(default_factory=list)
    quotas: list[QuotaChange] = field(default_factory=list)
    fines: list[FineChange] = field(default_factory=list)
    applicants_checked: int = 0
    applicants: list[ApplicantChange] = field(default_factory=list)
    issqn: list[IssqnChange] = field(default_factory=list)
    not_simulated: list[str] = field(default_factory=list)

    @property
    def issqn_in_force(self) -> int:
        """The statements' ISSQN under the law in force, in cents (the complete ones)."""
        return sum(c.in_force for c in self.issqn if c.in_force is not None)

    @property
    def issqn_proposal(self) -> int:
        return sum(c.proposal for c in self.issqn if c.proposal is not None)

    @property
    def issqn_complete(self) -> tuple[int, int]:
        """How many statements each side could compute (in force, proposal): the sums count
        only those, so the page says how many."""
        return (
            sum(c.in_force is not None for c in self.issqn),
            sum(c.proposal is not None for c in self.issqn),
        )

    @property
    def became_irregular(self) -> int:
        return sum(1 for c in self.changes if c.becomes == "irregular")

    @property
    def became_regular(self) -> int:
        return sum(1 for c in self.changes if c.becomes == "regular")

    def chart(self) -> Chart:
        labels = ("Permissões com veículo acima da idade",) + tuple(
            f"Vagas de {SERVICE_LABELS[q.service]}" for q in self.quotas if q.in_force is not None
        )
        limited = [q for q in self.quotas if q.in_force is not None]
        return Chart(
            key="simulacao",
            title="Lei em vigor × proposta",
            description=(
                f"Em {self.on:%d/%m/%Y}: {self.became_irregular} permissão(ões) se tornam "
                f"irregulares e {self.became_regular} voltam a ser regulares sob a proposta "
                f"«{self.title}»."
            ),
            labels=labels,
            series=(
                Series(
                    "Lei em vigor",
                    (self.over_age_in_force, *(q.in_force for q in limited)),
                ),
                Series(
                    "Proposta",
                    (self.over_age_proposal, *(q.proposal for q in limited)),
                ),
            ),
            label_header="Contagem",
        )


#: Every permit that changes, with the reasons on both sides: the page's CSV
#: (``core.listing.csv_response``).
CHANGE_COLUMNS = [
    Column("numero", "permissão", lambda c: c.number),
    Column("servico", "serviço", lambda c: SERVICE_LABELS.get(c.service, c.service)),
    Column("permissionario", "permissionário", lambda c: c.holder),
    Column("placa", "placa", lambda c: c.plate),
    Column("ano", "ano de fabricação", lambda c: c.manufacture_year),
    Column("passa_a_ser", "passa a ser", lambda c: c.becomes),
    Column("em_vigor", "lei em vigor", lambda c: c.in_force.text),
    Column("fundamento_em_vigor", "fundamento em vigor", lambda c: c.in_force.citations),
    Column("proposta", "proposta", lambda c: c.proposal.text),
    Column("fundamento_proposta", "fundamento da proposta", lambda c: c.proposal.citations),
]


#: The services whose permits the registry holds.
PERMIT_SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)

#: A part of the simulation an area built on the registry adds: it fills its own lists of
#: ``sim`` from the two askers (in force, proposal) on the date, reading only.
Part = Callable[[Simulation, Asker, Asker, dt.date], None]
#: The parts added (label, part), in the order registered (``AppConfig.ready``).
PARTS: list[tuple[str, Part]] = []


def register_part(label: str, part: Part) -> None:
    """Add ``part`` to every simulation, after the registry's own (once, however often asked)."""
    if all(known is not part for _, known in PARTS):
        PARTS.append((label, part))


def simulate(m: Municipality, proposal: Proposal, on: dt.date) -> Simulation:
    """The registry of ``m`` on ``on`` under the law in force and under ``proposal``. Reads only."""
    with tenant(m):
        now, then = proposed(m, proposal)
        sim = Simulation(on, proposal.title)
        governed = [s for s in PERMIT_SERVICES if governs(m, s)]
        services = [s for s in governed if _bound(now, s, on) and _bound(then, s, on)]
        sim.not_simulated = [
            f"{SERVICE_LABELS[s]}: nenhuma lei o rege em {on:%d/%m/%Y}"
            for s in governed
            if s not in services
        ]
        aged = [s for s in services if now.answers(s, "vehicle_age", on)]
        sim.not_simulated += [
            f"idade do veículo de {SERVICE_LABELS[s]}: a lei que o rege não responde à pergunta"
            for s in services
            if s not in aged
        ]
        # A value the law leaves to the municipality and it has not recorded for the date (a
        # population, a fiscal unit) leaves that part out, named, instead of the whole.
        parts: list[tuple[str, Callable[[], None]]] = [
            ("idade dos veículos", lambda: _vehicle_ages(sim, now, then, aged, on)),
            ("vagas", lambda: _quotas(sim, now, then, services, on)),
            ("multas", lambda: _fines(sim, now, then, services, on)),
            ("candidatos", lambda: _applicants(sim, now, then, services, on)),
        ]
        parts += [(label, functools.partial(part, sim, now, then, on)) for label, part in PARTS]
        for label, part in parts:
            try:
                part()
            except ParameterMissing as exc:
                sim.not_simulated.append(f"{label}: {exc}")
        return sim


def _bound(asker: Asker, service: str, on: dt.date) -> bool:
    try:
        asker.law(service, on)
    except LawNotBound:
        return False
    return True


def _vehicle_ages(
    sim: Simulation, now: Asker, then: Asker, services: Iterable[str], on: dt.date
) -> None:
    rows = (
        Permit.objects.filter(
            service__in=list(services), status__in=ACTIVE_STATUSES, vehicle__isnull=False
        )
        .order_by("pk")
        .values_list(
            "pk",
            "number",
            "service",
            "holder__name",
            "vehicle__plate",
            "vehicle__manufacture_year",
            "vehicle__invoice_date",
            "term__signed_on",
            "granted_on",
        )
    )
    # The age rules read a few facts (the year; for the taxi also the invoice and the renewal's
    # anchor): one decision per side and distinct facts answers every permit sharing them — the
    # same decision asking permit by permit gives.
    asked: dict[tuple[Any, ...], Decision] = {}

    def decision(side: int, asker: Asker, service: str, facts: dict[str, Any]) -> Decision:
        key = (side, service, *facts.items())
        if key not in asked:
            asked[key] = asker.ask(service, "vehicle_age", facts, on)
        return asked[key]

    for pk, number, service, holder, plate, year, invoice, signed, granted in rows.iterator(
        chunk_size=5000
    ):
        sim.permits_checked += 1
        facts = vehicle_age_facts(
            service,
            year,
            invoice_date=invoice,
            renewal_anchor=taxi_renewal_anchor(signed, granted),
        )
        a, b = decision(0, now, service, facts), decision(1, then, service, facts)
        ok_a, ok_b = _within(a), _within(b)
        sim.over_age_in_force += not ok_a
        sim.over_age_proposal += not ok_b
        if ok_a != ok_b:
            sim.changes.append(
                PermitChange(pk, number, service, holder, plate, year, Reading.of(a), Reading.of(b))
            )


def _within(d: Decision) -> bool:
    return d.eligibility != Verdict.REFUSED.value


def _quotas(sim: Simulation, now: Asker, then: Asker, services: Iterable[str], on: dt.date) -> None:
    for s in services:
        active = active_permits(s)
        a = now.ask(s, "quota", quota_facts(s, on, active), on)
        b = then.ask(s, "quota", quota_facts(s, on, active), on)
        sim.quotas.append(
            QuotaChange(s, active, quota_limit(a), quota_limit(b), Reading.of(a), Reading.of(b))
        )


def _applicants(
    sim: Simulation, now: Asker, then: Asker, services: Iterable[str], on: dt.date
) -> None:
    """Every applicant of a live tender (open, ranked or homologated) judged for the permit the
    tender offers, on ``on``, under each side: mototaxi and motofrete art. 5–8; the taxi art.
    3–12 in the tender's category (the documents of art. 22–24 come at the grant)."""
    applicants = (
        TenderApplicant.objects.filter(tender__status__in=LIVE, tender__service__in=list(services))
        .select_related("tender", "person")
        .order_by("pk")
    )
    unread = 0
    for a in applicants:
        s = a.tender.service
        try:
            facts = applicant_facts(a, on)
        except FieldError:
            if s != Service.TAXI:
                raise
            unread += 1  # no category the law knows, on the tender nor on the inscription
            continue
        sim.applicants_checked += 1
        d1 = now.ask(s, "person_eligibility", facts, on)
        d2 = then.ask(s, "person_eligibility", facts, on)
        if d1.eligibility != d2.eligibility:
            sim.applicants.append(
                ApplicantChange(
                    a.pk,
                    a.tender.number,
                    a.person.name,
                    s,
                    d1.eligibility,
                    d2.eligibility,
                    Reading.of(d1),
                    Reading.of(d2),
                )
            )
    if unread:
        sim.not_simulated.append(
            f"{unread} candidato(s) de táxi sem categoria válida na licitação nem na inscrição"
        )


def _fines(sim: Simulation, now: Asker, then: Asker, services: Iterable[str], on: dt.date) -> None:
    """One infraction of each nature, committed and imposed on ``on``, under each side: the
    law's ``fine`` question where it has one (mototaxi art. 37–41), else its ``penalty`` asked
    for a fine (taxi art. 41 §2) — the fine alone read of it. A law with neither, or a service
    whose proposal binds another law, is named in ``not_simulated``."""
    laws_seen: set[str] = set()
    for s in services:
        by_fine = now.answers(s, "fine", on)
        if not by_fine and not now.answers(s, "penalty", on):
            sim.not_simulated.append(
                f"multas de {SERVICE_LABELS[s]}: a lei que o rege não responde à pergunta"
            )
            continue
        law = now.law(s, on)
        if law in laws_seen:
            continue  # mototaxi and motofrete: one law, one catalog
        laws_seen.add(law)
        if then.law(s, on) != law:
            sim.not_simulated.append(f"multas de {SERVICE_LABELS[s]}: a proposta muda a lei")
            continue
        first: dict[str, InfractionKind] = {}
        for kind in interfaces.procedure(law).kinds(on, ()):
            if kind.severity:  # a nature the regulation has not given yet has no fine
                first.setdefault(kind.severity, kind)
        for kind in first.values():
            if by_fine:
                facts = fine_facts(kind.code, on, on)
                a, b = now.ask(s, "fine", facts, on), then.ask(s, "fine", facts, on)
                cents, read = "total_cents", Reading.of
            else:
                facts = penalty_fine_facts(kind.code, on, on)
                a, b = now.ask(s, "penalty", facts, on), then.ask(s, "penalty", facts, on)
                cents, read = "fine_cents", _fine_reading
            sim.fines.append(
                FineChange(
                    s,
                    kind.severity_label,
                    kind.code,
                    int(a.outcome[cents]),
                    int(b.outcome[cents]),
                    read(a),
                    read(b),
                )
            )


def _fine_reading(d: Decision) -> Reading:
    """The fine's own reasons of a penalty decision (its value in fiscal units and reais): the
    penalty's other reasons speak of a case (its notice, who decides), not of the amount."""
    fines = [r for r in d.reasons if r.rule.endswith("_fine")]
    return Reading(
        True, " ".join(r.message for r in fines), render_many(c for r in fines for c in r.citations)
    )


def summary(sim: Simulation, *, limit: int = 500) -> dict[str, Any]:
    """The simulation as the API answers it: counts, the quotas, the first ``limit`` changes
    (every one in the CSV)."""

    def reading(r: Reading) -> dict[str, Any]:
        return {"holds": r.holds, "text": r.text, "citations": r.citations}

    return {
        "on": sim.on,
        "title": sim.title,
        "permits_checked": sim.permits_checked,
        "over_age": {"in_force": sim.over_age_in_force, "proposal": sim.over_age_proposal},
        "became_irregular": sim.became_irregular,
        "became_regular": sim.became_regular,
        "changes_total": len(sim.changes),
        "changes": [
            {
                "permit_id": c.permit_id,
                "number": c.number,
                "service": c.service,
                "holder": c.holder,
                "plate": c.plate,
                "manufacture_year": c.manufacture_year,
                "becomes": c.becomes,
                "in_force": reading(c.in_force),
                "proposal": reading(c.proposal),
            }
            for c in sim.changes[:limit]
        ],
        "quotas": [
            {
                "service": q.service,
                "active": q.active,
                "in_force": {
                    "limit": q.in_force,
                    "free": q.free(q.in_force, q.active),
                    **reading(q.in_force_reading),
                },
                "proposal": {
                    "limit": q.proposal,
                    "free": q.free(q.proposal, q.active),
                    **reading(q.proposal_reading),
                },
            }
            for q in sim.quotas
        ],
        "applicants_checked": sim.applicants_checked,
        "applicants": [
            {
                "applicant_id": c.applicant_id,
                "tender": c.tender,
                "person": c.person,
                "service": c.service,
                "becomes": c.becomes,
                "in_force": {"eligibility": c.in_force, **reading(c.in_force_reading)},
                "proposal": {"eligibility": c.proposal, **reading(c.proposal_reading)},
            }
            for c in sim.applicants[:limit]
        ],
        "fines": [
            {
                "service": f.service,
                "severity": f.severity,
                "code": f.code,
                "in_force": {"cents": f.in_force, **reading(f.in_force_reading)},
                "proposal": {"cents": f.proposal, **reading(f.proposal_reading)},
            }
            for f in sim.fines
        ],
        "issqn": [
            {
                "platform": c.platform,
                "month": f"{c.month:%Y-%m}",
                "in_force": {"cents": c.in_force, **reading(c.in_force_reading)},
                "proposal": {"cents": c.proposal, **reading(c.proposal_reading)},
            }
            for c in sim.issqn
        ],
        "issqn_total": {"in_force": sim.issqn_in_force, "proposal": sim.issqn_proposal},
        "not_simulated": sim.not_simulated,
    }

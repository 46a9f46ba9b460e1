"""The registry's step of the daily sweep (``outorga sweep``) and the two services it uses.

For one municipality and one date it:

- warns the holder (portal) and the clerks (list of avisos) of documents, the CNH, the registration
  certificate and auxiliaries' credentials expiring in 30, 15 and 7 days, and of those expired;
- marks a permit irregular, with the reason, when a current document of the holder or of the
  vehicle is expired or the vehicle is past its age (mototaxi art. 3 II; taxi art. 28 §1–2, D-6),
  and back to regular when none of that holds any more (a valid document recorded, the vehicle
  replaced) — both through :func:`permit_mark_irregular` / :func:`permit_mark_regular`, which
  write an act;
- tells the holder of a taxi the replacement deadline of a vehicle reaching 7 years (art. 28 §2).

Idempotent: avisos are keyed (created once), and a permit whose irregularity reason is unchanged
is not touched, so a second run on the same date changes nothing.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from outorga.core.acts import ActDraft, Actor, insert_rows, record_act, record_acts
from outorga.core.lawseam import Asker, governs
from outorga.core.models import Municipality
from outorga.core.sweep import Progress, SweepResult, register
from outorga.core.tenancy import tenant
from outorga.law.citations import Citation
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.interfaces import citations

from .facts import ACTIVE_STATUSES, mototaxi_vehicle, taxi_vehicle
from .models import (
    Auxiliary,
    Document,
    DrivingLicence,
    Notification,
    Permit,
    PermitTerm,
    Service,
    Vehicle,
)
from .notifications import email_holder, notification_send

SYSTEM = Actor.system("varredura diária")
#: Days before an expiry at which the holder and the clerks are warned.
THRESHOLDS = (30, 15, 7)
#: Irregularities the sweep found start with this text, so the sweep only ever lifts its own.
PREFIX = "Apurado pela varredura diária: "
#: Why the sweep lifts its irregularity.
REGULAR_AGAIN = "documentos em dia e veículo dentro da idade"


def _fmt(d: dt.date) -> str:
    return d.strftime("%d/%m/%Y")


def _threshold(days_left: int) -> int | None:
    hit = [t for t in THRESHOLDS if days_left <= t]
    return min(hit) if hit else None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _days(n: int) -> str:
    return f"{n} dia" if n == 1 else f"{n} dias"


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

    def applies(self, service: str) -> bool:
        return governs(self.m, service)

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


def _doc_label(doc: Document) -> str:
    label = doc.get_doc_type_display()
    if doc.vehicle_id and doc.vehicle is not None:
        label += f" do veículo {doc.vehicle.plate}"
    return label


def expired_document_issues(
    permit: Permit, on: dt.date, docs: list[Document] | None = None
) -> list[Issue]:
    """``docs``: the permit's :func:`current_documents` when already read."""
    return [
        Issue(
            f"{_doc_label(doc)} vencido em {_fmt(doc.valid_until)}",
            _doc_citations(doc),
        )
        for doc in (current_documents(permit) if docs is None else docs)
        if doc.valid_until is not None and doc.valid_until < on
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


def mototaxi_vehicle_age(laws: Laws, permit: Permit, vehicle: Vehicle, on: dt.date) -> VehicleAge:
    """Mototaxi art. 3 II, D-6: age = reference year − manufacture year, at most 10. The law gives
    no grace period: from the first day of the year it passes the limit, it must be replaced."""
    facts = mototaxi_vehicle(
        vehicle, service=permit.service, equipment=[], holder=permit.holder, permit=permit
    )
    d = laws.ask(permit.service, "vehicle_eligibility", facts, on)
    r = _rule(d, "art_3_ii_age")
    assert r is not None, "vehicle_eligibility sem a regra da idade (art. 3, II)"
    limit = int(r.parameters[0].value) if r.parameters else 10
    limit_on = dt.date(vehicle.manufacture_year + limit + 1, 1, 1)
    citations = tuple(c.render() for c in r.citations)
    return VehicleAge(limit_on, limit_on, r.verdict is Verdict.REFUSED, citations, r.message, limit)


def taxi_vehicle_facts(vehicle: Vehicle, permit: Permit, anchor: dt.date) -> dict[str, Any]:
    """The sweep acts only on the age rules; the other requirements of art. 27–28 are checked by
    the clerk at registration and inspection. Every fact still comes from the record (the
    registry's one builder), so no reason of the decision rests on an assumed one."""
    return taxi_vehicle(
        vehicle,
        category=permit.taxi_category or "convencional",
        occasion="renovacao",
        renewal_anchor=anchor,
    )


def _as_date(v: Any) -> dt.date:
    return v if isinstance(v, dt.date) else dt.date.fromisoformat(str(v))


def taxi_vehicle_age(laws: Laws, permit: Permit, vehicle: Vehicle, on: dt.date) -> VehicleAge:
    """Taxi art. 28 II and §1–2, D-6: 7 years from the factory invoice (else 1 January of the
    manufacture year); the vehicle already registered may run until the next yearly renewal of
    the cadastro (the Termo's anniversary), when it must already have been replaced."""
    term = PermitTerm.objects.filter(permit=permit).first()
    anchor = term.signed_on if term is not None else permit.granted_on
    facts = taxi_vehicle_facts(vehicle, permit, anchor)
    d = laws.ask(permit.service, "vehicle_eligibility", facts, on)
    limit_on = _as_date(d.outcome["age_limit_on"])
    # The age limit the law counted with (its dated parameter, D-6), for the texts below.
    counted = _rule(d, "d_6_vehicle_age")
    years = int(counted.parameters[0].value) if counted and counted.parameters else None
    # The deadline is only stated from the day the limit is reached: ask on that day.
    at = max(on, limit_on)
    d_at = d if at == on else laws.ask(permit.service, "vehicle_eligibility", facts, at)
    r = _rule(d_at, "art_28_par_2_until_renewal")
    deadline = _as_date(r.facts["prazo_de_substituição"]) if r and r.facts else None
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
        if vehicle is None or not laws.applies(permit.service):
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
    age = vehicle_age(laws, permit, on)
    if age is not None and age.over:
        plate = permit.vehicle.plate if permit.vehicle else ""
        if permit.service == Service.TAXI and age.deadline:
            text = (
                f"veículo {plate} {_aged(age)} em {_fmt(age.limit_on)} não substituído até a "
                f"renovação de {_fmt(age.deadline)}"
            )
        else:
            text = f"veículo {plate} acima da idade máxima desde {_fmt(age.limit_on)}"
        issues.append(Issue(text, age.citations))
    return issues, age


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
            reason = PREFIX + "; ".join(i.render() for i in issues)
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
                message=f"Permissão {permit.number} regularizada em {_fmt(on)}.",
                person=permit.holder,
                permit=permit,
                due_on=None,
            )
            return permit, True
    return permit, False


# The step ---------------------------------------------------------------------------------------


def _warn_expiry(m: Municipality, **kwargs: Any) -> bool:
    """Send the warning of :func:`_expiry_notice`, if due and not yet sent."""
    n = _expiry_notice(**kwargs)
    return n is not None and _send(m, n)


def _send(m: Municipality, n: Notice) -> bool:
    _, created = notification_send(
        municipality=m, key=n.key, kind=n.kind, message=n.message, person=n.person,
        permit=n.permit, due_on=n.due_on,
    )  # fmt: skip
    return created


def _vehicle_age_notice(m: Municipality, permit: Permit, age: VehicleAge, on: dt.date) -> bool:
    n = _vehicle_age_notice_of(permit, age, on)
    return n is not None and _send(m, n)


def _vehicle_age_notice_of(permit: Permit, age: VehicleAge, on: dt.date) -> Notice | None:
    """The aviso of the vehicle's age: over it, or reaching it within 30 days."""
    plate = permit.vehicle.plate if permit.vehicle else ""
    cites = "; ".join(age.citations)
    if age.over:
        key = f"registry.vehicle-age:{permit.pk}:{permit.vehicle_id}:vencido"
        message = (
            f"O veículo {plate} passou da idade máxima em {_fmt(age.limit_on)}"
            + (f" e a substituição era devida até {_fmt(age.deadline)}" if age.deadline else "")
            + f": substitua o veículo ({cites})."
        )
        due = age.deadline or age.limit_on
    else:
        # Warn 30 days before the limit (and, for taxis, as soon as the deadline is known).
        if (age.limit_on - on).days > THRESHOLDS[0]:
            return None
        key = f"registry.vehicle-age:{permit.pk}:{permit.vehicle_id}:prazo"
        if permit.service == Service.TAXI and age.deadline:
            message = (
                f"O veículo {plate} {_reaches(age)} em {_fmt(age.limit_on)}: substitua-o até a "
                f"renovação anual de {_fmt(age.deadline)} ({cites})."
            )
            due = age.deadline
        else:
            message = (
                f"O veículo {plate} passa da idade máxima em {_fmt(age.limit_on)}: providencie "
                f"a substituição até essa data ({cites})."
            )
            due = age.limit_on
    return Notice(key, Notification.Kind.VEHICLE_AGE, message, permit.holder, permit, due)


def changing_permits(laws: Laws, on: dt.date) -> QuerySet[Permit]:
    """The active permits whose state or avisos can change on ``on``, found by queries over the
    whole registry: an irregularity the sweep found (it may be lifted or restated), a document of
    the holder or of the vehicle, the holder's CNH or the registration certificate expired or
    due within the first warning (30 days), a taxi (its vehicle's age counts from the invoice
    and the Termo, art. 28), and the mototaxi and motofrete vehicles whose manufacture year the
    law finds over age or reaching it within the warning — asked once per service and year. Any
    other permit's check would change nothing on that date."""
    horizon = on + dt.timedelta(days=THRESHOLDS[0])
    active = Permit.objects.filter(status__in=ACTIVE_STATUSES)
    due = Document.objects.current().filter(valid_until__lte=horizon)
    changing = (
        Q(irregular=True)
        | Q(certificate_valid_until__lte=horizon)
        | Q(holder__in=due.filter(person__isnull=False).values("person"))
        | Q(vehicle__in=due.filter(vehicle__isnull=False).values("vehicle"))
        | Q(holder__in=DrivingLicence.objects.filter(expires_on__lte=horizon).values("person"))
        | Q(service=Service.TAXI)
    )
    years = (
        active.exclude(service=Service.TAXI)
        .filter(vehicle__isnull=False)
        .values_list("service", "vehicle__manufacture_year")
        .order_by()  # the model's ordering would make every permit distinct
        .distinct()
    )
    for service, year in years:
        sample = (
            active.filter(service=service, vehicle__manufacture_year=year)
            .select_related("holder", "vehicle")
            .first()
        )
        age = vehicle_age(laws, sample, on) if sample is not None else None
        if age is not None and (age.over or (age.limit_on - on).days <= THRESHOLDS[0]):
            changing |= Q(service=service, vehicle__manufacture_year=year)
    return active.filter(changing)


#: Permits read, decided and written together by the sweep over sets (one transaction each).
BATCH = 1000


@dataclass
class Notice:
    """An aviso the sweep sends once (:func:`notification_send`'s arguments)."""

    key: str
    kind: str
    message: str
    person: Any
    permit: Permit | None
    due_on: dt.date | None


def _expiry_notice(
    *,
    key: str,
    kind: str,
    what: str,
    until: dt.date,
    on: dt.date,
    person: Any,
    permit: Permit | None,
    citations: Iterable[str] = (),
    action: str = "apresente o novo documento no atendimento",
) -> Notice | None:
    """The warning of an expiry ``until`` due on ``on`` (30, 15, 7 days before), if any."""
    left = (until - on).days
    t = _threshold(left)
    if left < 0 or t is None:
        return None
    cites = "; ".join(citations)
    message = f"{_cap(what)} vence em {_fmt(until)} (faltam {_days(left)}): {action}."
    if cites:
        message += f" ({cites})"
    return Notice(f"{key}:{until.isoformat()}:{t}", kind, message, person, permit, until)


def _permit_notices(
    laws: Laws,
    permit: Permit,
    on: dt.date,
    docs: list[Document],
    licence: DrivingLicence | None,
) -> list[Notice]:
    """The avisos of the permit's documents, its holder's CNH and its registration certificate
    on ``on`` (those already sent are skipped when sent)."""
    out: list[Notice | None] = []
    # The certificate's validity (mototaxi art. 4 §1); a law without one cites none here.
    law_cite: tuple[str, ...] = ()
    if permit.service != Service.TAXI:
        law_cite = laws.cites(permit.law_on(on), "registration_certificate")
    for doc in docs:
        if doc.valid_until is None:
            continue
        if doc.valid_until < on:
            out.append(
                Notice(
                    f"registry.doc-expired:{doc.pk}",
                    Notification.Kind.DOCUMENT_EXPIRED,
                    f"{_cap(_doc_label(doc))} vencido em "
                    f"{_fmt(doc.valid_until)}: apresente o novo documento no atendimento.",
                    permit.holder,
                    permit,
                    doc.valid_until,
                )
            )
        else:
            out.append(
                _expiry_notice(
                    key=f"registry.doc:{doc.pk}",
                    kind=Notification.Kind.DOCUMENT_EXPIRING,
                    what=_doc_label(doc),
                    until=doc.valid_until,
                    on=on,
                    person=permit.holder,
                    permit=permit,
                    citations=_doc_citations(doc),
                )
            )
    if licence is not None:
        out.append(
            _expiry_notice(
                key=f"registry.cnh:{licence.pk}:{permit.pk}",
                kind=Notification.Kind.LICENCE_EXPIRING,
                what=f"A CNH {licence.number}",
                until=licence.expires_on,
                on=on,
                person=permit.holder,
                permit=permit,
                action="renove a habilitação e apresente-a no atendimento",
            )
        )
    if permit.certificate_valid_until:
        out.append(
            _expiry_notice(
                key=f"registry.cert:{permit.pk}",
                kind=Notification.Kind.CERTIFICATE_EXPIRING,
                what=f"O certificado de registro da permissão {permit.number}",
                until=permit.certificate_valid_until,
                on=on,
                person=permit.holder,
                permit=permit,
                citations=law_cite,
                action="solicite a renovação no atendimento",
            )
        )
    return [n for n in out if n is not None]


def registry_sweep(
    m: Municipality, on: dt.date, progress: Progress, *, every: bool = False
) -> SweepResult:
    """The registry's step for ``m`` on ``on``. By default over sets (ADR 0036): only the
    permits of :func:`changing_permits`, in batches of :data:`BATCH` read, decided and written
    together. ``every``: every active permit, record by record through the services — the
    reference the sets are held to (the same avisos, changes and acts)."""
    result = SweepResult()
    laws = Laws(m)
    if every:
        ids = list(
            Permit.objects.filter(status__in=ACTIVE_STATUSES)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    else:
        ids = list(changing_permits(laws, on).order_by("pk").values_list("pk", flat=True))
    progress.start("permissões", len(ids))
    tally = Tally()
    for part in _chunks(ids, BATCH):
        permits = list(
            Permit.objects.filter(pk__in=part)
            .select_related("holder", "vehicle", "municipality")
            .order_by("pk")
        )
        result.checked += len(permits)
        if every:
            for permit in permits:
                _one_by_one(m, laws, permit, on, tally)
        else:
            _in_sets(m, laws, permits, on, tally)
        progress.advance(len(permits))
    notices, irregular, regular = tally.notices, tally.irregular, tally.regular
    permits_checked = len(ids)

    # A credential is warned of from 30 days before its end and once it has ended.
    auxiliaries = list(
        Auxiliary.objects.filter(
            status=Auxiliary.Status.ACTIVE,
            credential_valid_until__lte=on + dt.timedelta(days=THRESHOLDS[0]),
        )
        .select_related("permit__holder", "person")
        .order_by("pk")
    )
    progress.start("auxiliares", len(auxiliaries))
    for aux in auxiliaries:
        result.checked += 1
        until = aux.credential_valid_until
        assert until is not None
        aux_cites = laws.cites(aux.permit.law_on(on), "auxiliary_credential")
        if until < on:
            _, created = notification_send(
                municipality=m,
                key=f"registry.aux-expired:{aux.pk}:{until.isoformat()}",
                kind=Notification.Kind.AUXILIARY_CREDENTIAL_EXPIRED,
                message=f"A credencial do condutor auxiliar {aux.person.name} venceu em "
                f"{_fmt(until)}: ele não pode conduzir até a renovação ({'; '.join(aux_cites)}).",
                person=aux.permit.holder,
                permit=aux.permit,
                due_on=until,
            )
        else:
            created = _warn_expiry(
                m,
                key=f"registry.aux:{aux.pk}",
                kind=Notification.Kind.AUXILIARY_CREDENTIAL,
                what=f"A credencial do condutor auxiliar {aux.person.name}",
                until=until,
                on=on,
                person=aux.permit.holder,
                permit=aux.permit,
                citations=aux_cites,
                action="solicite a renovação no atendimento",
            )
        notices += created
        progress.advance()

    result.note(
        f"{permits_checked} permissões e {len(auxiliaries)} credenciais de auxiliar verificadas"
    )
    for count, text in (
        (notices, "avisos novos"),
        (irregular, "permissões marcadas irregulares"),
        (regular, "permissões regularizadas"),
    ):
        if count:
            result.note(f"{count} {text}", count)
    return result


@dataclass
class Tally:
    notices: int = 0
    irregular: int = 0
    regular: int = 0


def _chunks(values: list[int], size: int) -> Iterable[list[int]]:
    for i in range(0, len(values), size):
        yield values[i : i + size]


def _one_by_one(m: Municipality, laws: Laws, permit: Permit, on: dt.date, tally: Tally) -> None:
    """One permit through the services, each change in its own transaction."""
    licence = DrivingLicence.objects.filter(person=permit.holder_id).first()
    for n in _permit_notices(laws, permit, on, current_documents(permit), licence):
        tally.notices += _send(m, n)
    before = permit.irregular
    permit, changed = permit_regularity_refresh(municipality=m, permit=permit, on=on, laws=laws)
    if changed:
        if permit.irregular:
            tally.irregular += 1
        elif before:
            tally.regular += 1
    age = vehicle_age(laws, permit, on)
    if age is not None:
        tally.notices += _vehicle_age_notice(m, permit, age, on)


def _in_sets(m: Municipality, laws: Laws, permits: list[Permit], on: dt.date, tally: Tally) -> None:
    """A batch of permits: their documents and CNHs read by a query each, every decision made,
    then written in one transaction — the permits by one update, one act per permit changed
    appended at once (:func:`record_acts`), the avisos by one insert."""
    docs = _current_documents_of(permits)
    licences: dict[int, DrivingLicence] = {}
    for lic in DrivingLicence.objects.filter(person__in={p.holder_id for p in permits}).order_by(
        "pk"
    ):
        licences.setdefault(lic.person_id, lic)
    notices: list[Notice] = []
    marks: list[tuple[Permit, list[Issue]]] = []
    ages: list[tuple[Permit, VehicleAge]] = []
    for permit in permits:
        mine = docs.get(permit.pk, [])
        notices += _permit_notices(laws, permit, on, mine, licences.get(permit.holder_id))
        issues, age = permit_issues(laws, permit, on, mine)
        if issues and not (permit.irregular and not permit.irregular_reason.startswith(PREFIX)):
            if not (permit.irregular and permit.irregular_reason == _reason(issues)[:300]):
                marks.append((permit, issues))
        elif not issues and permit.irregular and permit.irregular_reason.startswith(PREFIX):
            marks.append((permit, []))
        if age is not None:
            ages.append((permit, age))
    notices += [n for p, age in ages if (n := _vehicle_age_notice_of(p, age, on))]
    with transaction.atomic(), tenant(m):
        # The avisos of a change are counted with it, as permit_regularity_refresh's are.
        told: list[Notice] = []
        drafts = _regularity_write(marks, on, tally, told)
        tally.notices += _notices_send(m, notices)
        _notices_send(m, told)
        # The act chain last (the lock order, ADR 0015): nothing is locked after the first act.
        record_acts(municipality=m, actor=SYSTEM, drafts=drafts)


def _reason(issues: list[Issue]) -> str:
    return PREFIX + "; ".join(i.render() for i in issues)


def _current_documents_of(permits: list[Permit]) -> dict[int, list[Document]]:
    """:func:`current_documents` of every permit, by one query."""
    holders = {p.holder_id for p in permits}
    vehicles = {p.vehicle_id for p in permits if p.vehicle_id}
    # The newest document of each type, by owner ("p" the holder, "v" the vehicle).
    newest: dict[tuple[str, int], dict[str, Document]] = {}
    for doc in (
        Document.objects.current()
        .filter(Q(person__in=holders) | Q(vehicle__in=vehicles))
        .select_related("vehicle")
        .order_by("-issued_on", "-id")
    ):
        if doc.person_id in holders:
            newest.setdefault(("p", doc.person_id), {}).setdefault(doc.doc_type, doc)
        if doc.vehicle_id in vehicles:
            newest.setdefault(("v", doc.vehicle_id), {}).setdefault(doc.doc_type, doc)
    out: dict[int, list[Document]] = {}
    for p in permits:
        mine = list(newest.get(("p", p.holder_id), {}).values())
        if p.vehicle_id:
            mine += newest.get(("v", p.vehicle_id), {}).values()
        out[p.pk] = sorted(mine, key=lambda d: (d.doc_type, d.pk))
    return out


def _regularity_write(
    marks: list[tuple[Permit, list[Issue]]], on: dt.date, tally: Tally, notices: list[Notice]
) -> list[ActDraft]:
    """Mark irregular (issues) or regular again (none) the permits of ``marks``, checked again
    under their lock as :func:`permit_mark_irregular` and :func:`permit_mark_regular` do, by one
    update; adds the avisos of the changes made to ``notices`` and returns their acts."""
    if not marks:
        return []
    locked = {
        p.pk: p
        for p in Permit.objects.select_for_update()
        .filter(pk__in=[p.pk for p, _ in marks])
        .order_by("pk")
    }
    drafts: list[ActDraft] = []
    changed: list[Permit] = []
    for seen, issues in marks:
        permit = locked[seen.pk]
        old = {"irregular": permit.irregular, "irregular_reason": permit.irregular_reason}
        if issues:
            reason = _reason(issues)
            if permit.irregular and (
                permit.irregular_reason == reason[:300]
                or not permit.irregular_reason.startswith(PREFIX)
            ):
                continue
            permit.irregular, permit.irregular_reason = True, reason[:300]
            drafts.append(
                ActDraft(
                    "permit.irregular",
                    permit,
                    old=old,
                    new={"irregular": True, "irregular_reason": permit.irregular_reason},
                    basis={"citations": sorted({c for i in issues for c in i.citations})},
                    extra={"effective_on": on},
                )
            )
            digest = hashlib.sha256(reason.encode()).hexdigest()[:16]
            notices.append(
                Notice(
                    f"registry.irregular:{permit.pk}:{digest}",
                    Notification.Kind.PERMIT_IRREGULAR,
                    f"Permissão {permit.number} irregular — "
                    + "; ".join(i.render() for i in issues)
                    + ". Regularize no atendimento.",
                    seen.holder,
                    permit,
                    on,
                )
            )
            tally.irregular += 1
        else:
            if not permit.irregular or not permit.irregular_reason.startswith(PREFIX):
                continue
            permit.irregular, permit.irregular_reason = False, ""
            drafts.append(
                ActDraft(
                    "permit.regular",
                    permit,
                    old=old,
                    new={"irregular": False},
                    extra={"effective_on": on, "reason": REGULAR_AGAIN},
                )
            )
            notices.append(
                Notice(
                    f"registry.regular:{permit.pk}:{on.isoformat()}",
                    Notification.Kind.PERMIT_REGULAR,
                    f"Permissão {permit.number} regularizada em {_fmt(on)}.",
                    seen.holder,
                    permit,
                    None,
                )
            )
            tally.regular += 1
        changed.append(permit)
    Permit.objects.bulk_update(changed, ["irregular", "irregular_reason"])
    return drafts


def _notices_send(m: Municipality, notices: list[Notice]) -> int:
    """Create the avisos not yet sent (by key, the first of a key in the batch), by one insert;
    each new one to a holder with an email address is emailed as :func:`notification_send`
    does. Should another sweep have created one meanwhile, one by one. Returns how many."""
    first: dict[str, Notice] = {}
    for n in notices:
        first.setdefault(n.key, n)
    sent = set(Notification.objects.filter(key__in=list(first)).values_list("key", flat=True))
    todo = [n for key, n in first.items() if key not in sent]
    if not todo:
        return 0
    rows = [
        Notification(
            municipality=m,
            key=n.key,
            kind=n.kind,
            message=n.message[:500],
            person=n.person,
            permit=n.permit,
            due_on=n.due_on,
        )  # fmt: skip
        for n in todo
    ]
    try:
        with transaction.atomic():
            insert_rows(rows)
    except IntegrityError:
        return sum(_send(m, n) for n in todo)
    for row in rows:
        if row.person is not None and (row.person.email or "").strip():
            email_holder(m, row, row.person)
    return len(rows)


register("registry", registry_sweep)

__all__ = [
    "PREFIX",
    "permit_mark_irregular",
    "permit_mark_regular",
    "permit_regularity_refresh",
    "registry_sweep",
]

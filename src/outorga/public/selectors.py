"""Public reads: a badge from its token, its status today, the public list of permits, plate
verification and the tariffs in force. Only what the public may see leaves this module: never
CPF, address, health or criminal data."""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from outorga.core.errors import FieldError
from outorga.core.identifiers import format_plate
from outorga.core.lawctx import context
from outorga.core.lawseam import (
    LawEnded,
    LawNotBound,
    LawNotYetInForce,
    governs,
    law_of,
    out_of_force,
)
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import current_municipality, tenant
from outorga.law import interfaces
from outorga.law.bindings import SERVICE_LABELS
from outorga.law.bindings import Service as LawService
from outorga.law.citations import LAW_TITLES
from outorga.law.decisions import Decision
from outorga.law.money import brl
from outorga.law.parameter_input import law_prefix
from outorga.law.parameters import ParameterMissing, tree
from outorga.law.rulebook import day, fmt
from outorga.platforms.selectors import app_plate_platforms
from outorga.registry.models import Auxiliary, Permit, Service, TaxiCategory
from outorga.registry.selectors import status_entered_on, suspension_ends_with_its_period

from . import tokens
from .models import Badge, SigningKey


@dataclass(frozen=True)
class Status:
    code: str  # valido, suspenso, vencido, revogado, cassado, irregular, encerrado, reserva,
    # sem_lei (no law of the municipality governs the service: validity not confirmed)
    label: str
    valid: bool
    detail: str = ""
    #: Since when a badge that no longer holds stopped holding (revoked, cassada, extinct), when
    #: the records say it.
    since: dt.date | None = None

    @property
    def ended(self) -> bool:
        """The badge will not hold again: its validity date means nothing any more."""
        return self.code in ENDED


#: Statuses after which a badge never holds again (a suspension or an expiry can end).
ENDED = frozenset({"revogado", "cassado", "encerrado"})


def _since(day: dt.date | None) -> str:
    return f" em {fmt(day)}" if day else ""


def _ended(
    code: str, what: str, since: dt.date | None, then: str = ".", law: str = "", concept: str = ""
) -> Status:
    """A badge that no longer holds (:data:`ENDED`): ``what`` happened, on ``since`` when the
    records say it, and the detail names that day and the articles of ``law`` on ``concept``
    (why it no longer holds), when the law names them."""
    cites = interfaces.cited_once(law, concept) if law and concept else ""
    where = f" ({cites})" if cites else ""
    return Status(code, code, False, f"{what}{_since(since)}{where}{then}", since)


def _law_of(m: Municipality, service: str, today: dt.date) -> str:
    """The law bound to ``service`` in ``m`` (its first binding for an older permit); "" where
    none is: a badge's status is still said, without articles."""
    try:
        return law_of(m, service, today, nearest=True)
    except LawNotBound:
        return ""


def _local_day(value: Any) -> dt.date | None:
    """A timestamp column read by the raw scan (a string on SQLite) as the local date."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        value = parse_datetime(value) or dt.date.fromisoformat(value[:10])
    if isinstance(value, dt.datetime):
        if timezone.is_naive(value):
            value = timezone.make_aware(value, dt.UTC)
        return timezone.localdate(value)
    return value


@dataclass(frozen=True)
class BadgeFacts:
    """What the public page and the status need of a badge, its permit and its bearer."""

    serial: str
    valid_until: dt.date
    revoked: bool
    printed_plate: str
    is_auxiliary: bool
    auxiliary_status: str
    name: str
    photo: str  # storage name of the bearer's photo; "" when there is none
    permit_number: str
    service: str
    taxi_category: str
    permit_status: str
    suspended_until: dt.date | None
    irregular: bool
    term_end: dt.date
    plate: str
    person_id: int = 0  # the bearer (the auxiliary's person, or the holder)
    revoked_on: dt.date | None = None
    #: The day the permit took its present status (the last change to it), and the day the
    #: auxiliary was removed or cassado: the "since when" of a badge that no longer holds.
    permit_status_since: dt.date | None = None
    auxiliary_removed_on: dt.date | None = None
    #: A suspension with an end date that ends with its period (taxi art. 42 IV–V), not on a proof
    #: of the irregularities fixed (mototaxi art. 32 §2): :func:`suspension_ends_with_its_period`.
    suspension_ends_with_period: bool = False
    #: The permit passed to another holder after the badge was issued to its holder (taxi art.
    #: 13, parágrafo único): the card is the predecessor's and no longer holds.
    passed_on: bool = False
    #: The law bound to the permit's service, whose articles the status of a badge that no
    #: longer holds cites ("" where none is, nor ever was: its validity is not confirmed).
    law: str = ""

    @classmethod
    def of(cls, badge: Badge) -> BadgeFacts:
        permit, aux = badge.permit, badge.auxiliary
        person = bearer_of(badge)
        return cls(
            serial=badge.serial,
            valid_until=badge.valid_until,
            revoked=badge.revoked_at is not None,
            printed_plate=str(badge.printed.get("placa", "")),
            is_auxiliary=aux is not None,
            auxiliary_status=aux.status if aux is not None else "",
            name=person.name,
            photo=person.photo.name or "",
            permit_number=permit.number,
            service=permit.service,
            taxi_category=permit.taxi_category,
            permit_status=permit.status,
            suspended_until=permit.suspended_until,
            irregular=permit.irregular,
            term_end=permit.term_end,
            plate=permit.vehicle.plate if permit.vehicle else "",
            person_id=person.pk,
            passed_on=aux is None and person.pk != permit.holder_id,
            revoked_on=_local_day(badge.revoked_at),
            permit_status_since=_status_since(permit),
            auxiliary_removed_on=aux.removed_on if aux is not None else None,
            suspension_ends_with_period=suspension_ends_with_its_period(
                badge.municipality, permit.service, permit.status, permit.suspended_until
            ),
            law=_law_of(badge.municipality, permit.service, today_of(badge.municipality)),
        )


def _suspended(status: str, suspended_until: dt.date | None, ends: bool, today: dt.date) -> bool:
    """Suspended today: a suspension whose period ends it (:func:`suspension_ends_with_its_period`)
    holds only up to its last day."""
    if status != Permit.Status.SUSPENDED:
        return False
    return not (ends and suspended_until is not None and suspended_until < today)


#: Permit statuses a badge never recovers from: the page says since when.
_PERMIT_ENDED = (
    Permit.Status.CASSADA,
    Permit.Status.REVOKED,
    Permit.Status.EXTINCT,
    Permit.Status.RENOUNCED,
)


def _status_since(permit: Permit) -> dt.date | None:
    if permit.status not in _PERMIT_ENDED:
        return None
    with tenant(permit.municipality):
        return status_entered_on(permit, permit.status)


def bearer_of(badge: Badge) -> Any:
    """The person a badge was issued to: its auxiliary, else its recorded bearer, else (a badge
    made without one) the permit's holder."""
    if badge.auxiliary is not None:
        return badge.auxiliary.person
    return badge.bearer if badge.bearer_id is not None else badge.permit.holder


def badge_status(badge: Badge | BadgeFacts, today: dt.date) -> Status:
    """What an inspector needs to know about the bearer today, most serious first."""
    f = BadgeFacts.of(badge) if isinstance(badge, Badge) else badge
    if f.revoked:
        return _ended(
            "revogado",
            "Este crachá foi revogado ou substituído",
            f.revoked_on,
            " e não vale mais.",
        )
    # Each ended status cites the articles by which the badge no longer holds: the cassação
    # compels its return (mototaxi art. 2 II–III, art. 5 §4; taxi art. 4 II), the driver's own
    # cassação (mototaxi art. 2 III; taxi art. 41 IV, §3), the revocation and the extinction.
    if f.permit_status == Permit.Status.CASSADA:
        return _ended(
            "cassado",
            "A permissão foi cassada",
            f.permit_status_since,
            ".",
            f.law,
            "badge_returned",
        )
    if f.auxiliary_status == Auxiliary.Status.CASSADO:
        return _ended(
            "cassado",
            "A credencial do condutor auxiliar foi cassada",
            f.auxiliary_removed_on,
            ".",
            f.law,
            "driver_cassado_badge",
        )
    barred = register_barred(f.service, f.person_id, today, "do condutor")
    if barred is not None and barred.code == "cassado":
        return barred
    if f.permit_status == Permit.Status.REVOKED:
        return _ended(
            "revogado",
            "A permissão foi revogada",
            f.permit_status_since,
            ".",
            f.law,
            "badge_permit_revoked",
        )
    if f.permit_status in (Permit.Status.EXTINCT, Permit.Status.RENOUNCED):
        extinct = f.permit_status == Permit.Status.EXTINCT
        return _ended(
            "encerrado",
            f"A permissão foi {'extinta' if extinct else 'renunciada'}",
            f.permit_status_since,
            ".",
            f.law,
            "badge_permit_extinct" if extinct else "renounce",
        )
    if f.passed_on:
        return _ended(
            "encerrado",
            "A permissão passou a outro titular",
            None,
            "; este crachá, do titular anterior, não vale mais.",
        )
    if f.auxiliary_status == Auxiliary.Status.REMOVED:
        return _ended("encerrado", "O condutor auxiliar foi desligado", f.auxiliary_removed_on)
    if not f.law:
        return _unconfirmed("deste crachá", f.service)
    if _suspended(f.permit_status, f.suspended_until, f.suspension_ends_with_period, today):
        if f.suspended_until is None:
            # No end date: not a penalty's period (a public post, mototaxi art. 2 XXIV, lasts
            # while the post does) — nothing here may suggest an irregularity.
            detail = "Suspensa, sem data de término."
        elif today <= f.suspended_until:
            detail = f"Suspensa até {fmt(f.suspended_until)}."
        else:
            # After the period the holder must show the irregularities were fixed (art. 32 §2).
            detail = "Suspensa até comprovar a correção das irregularidades."
        return Status("suspenso", "suspenso", False, detail)
    if barred is not None:
        return barred
    if f.permit_status == Permit.Status.RESERVE:
        return Status("reserva", "em reserva", False, "Serviço temporariamente interrompido.")
    until = min(f.valid_until, f.term_end)
    if until < today:
        return Status("vencido", "vencido", False, f"Validade encerrada em {fmt(until)}.")
    if f.irregular:
        return Status("irregular", "irregular", False, "Há pendência documental no cadastro.")
    return Status("valido", "válido", True, f"Válido até {fmt(until)}.")


def _unconfirmed(
    what: str, service: str, ended: LawEnded | LawNotYetInForce | None = None
) -> Status:
    """No law of the municipality governs ``service`` (its binding removed or never made,
    ``ended``: ADR 0062, or bound from after today: D-15): nothing here can say ``what``
    ("deste crachá", "desta permissão") holds, nor invent why not."""
    since = ""
    if isinstance(ended, LawNotYetInForce):
        since = f" antes de {fmt(ended.upcoming.valid_from)}"
    elif ended is not None and ended.ended.valid_until is not None:
        since = f" desde {fmt(ended.ended.valid_until + dt.timedelta(days=1))}"
    return Status(
        "sem_lei",
        "validade não confirmada",
        False,
        f"Não é possível confirmar a validade {what}: nenhuma lei do município rege o serviço "
        f"de {SERVICE_LABELS.get(service, service)}{since}.",
    )


def register_barred(service: str, person_id: int, today: dt.date, who: str) -> Status | None:
    """A taxi driver (``who``: "do condutor", "do titular") whose inscription in the Cadastro
    Municipal de Taxistas is cassada (taxi art. 41, IV and §3) or suspended (art. 42, IV) today:
    :func:`registers_barred` for that one person."""
    if service != Service.TAXI or not person_id:
        return None
    return registers_barred([person_id], today, who).get(person_id)


def registers_barred(person_ids: Iterable[int], today: dt.date, who: str) -> dict[int, Status]:
    """The taxi drivers (``who``: "do condutor", "do titular") whose inscription in the Cadastro
    Municipal de Taxistas is cassada (taxi art. 41, IV and §3) or suspended (art. 42, IV) today,
    by person id, as the registry reads the penalties
    (``registry.services.eligibility.register_bars``): whatever the permit's own status, that
    person may not drive a taxi. Only the date and the article are shown; the badge and the
    public list of permits say it alike. A constant number of queries however many persons."""
    from outorga.registry.models import Person
    from outorga.registry.services.eligibility import register_bars

    ids = {pk for pk in person_ids if pk}
    if not ids:
        return {}
    people = Person.objects.filter(pk__in=ids).select_related("municipality")
    return {pk: _bar_status(bar, who) for pk, bar in register_bars(people, today).items()}


def _bar_status(bar: Decision, who: str) -> Status:
    for r in bar.refusals:
        if r.rule.endswith("_cadastro_cassado"):
            since = r.facts.get("cassado_em")
            return _ended(
                "cassado",
                f"A inscrição {who} no Cadastro Municipal de Taxistas foi cassada",
                since,
                f" ({', '.join(c.render() for c in r.citations)}).",
            )
    ends = max(r.facts["fim"] for r in bar.refusals if "fim" in r.facts)
    return Status(
        "suspenso",
        "suspenso",
        False,
        f"Inscrição {who} no Cadastro Municipal de Taxistas suspensa até {fmt(ends)} "
        f"({bar.refusals[0].citations[0].render()}).",
    )


def badge_ended(badge: Badge, today: dt.date) -> FieldError | None:
    """Why a badge that no longer holds — revoked, its permit cassada, revoked or extinct, its
    driver removed or cassado (:func:`badge_status`: an ended status) — is not printed again, by
    the desk or from the portal, with the articles where a cassação compels its return (mototaxi
    art. 2 II–III, art. 5 §4; taxi art. 4 II); None while it may still hold (valid, or only
    suspended or expired for now). A driver cassado while the permission stands (mototaxi
    art. 2 III: the auxiliary's register; taxi art. 41 IV, §3: the inscription in the Cadastro)
    is cited by the law's articles for that cassação, not the permission's."""
    status = badge_status(badge, today)
    if not status.ended:
        return None
    law = _law_of(badge.municipality, badge.permit.service, today)
    cites = ""
    if status.code == "cassado" and law:
        permit_cassada = badge.permit.status == Permit.Status.CASSADA
        cites = interfaces.cited_once(
            law, "badge_returned" if permit_cassada else "driver_cassado_badge"
        )
    return FieldError(
        "crachá",
        f"{status.detail} O crachá não vale mais e não é impresso de novo; devolva-o ao "
        "atendimento.",
        cites,
    )


@dataclass(frozen=True)
class Verified:
    municipality: Municipality
    badge: BadgeFacts


#: Verification keys by (IBGE code, key id): immutable once published, so each worker keeps them
#: for a minute instead of two queries per scan. A signature that fails against a cached key is
#: checked again against the database before the token is refused.
_KEY_CACHE: dict[tuple[str, int], tuple[float, Municipality, int, bytes]] = {}
_KEY_TTL = 60.0


def _key(ibge_code: str, key_id: int, fresh: bool) -> tuple[Municipality, int, bytes] | None:
    hit = _KEY_CACHE.get((ibge_code, key_id))
    if hit is not None and not fresh and hit[0] > time.monotonic():
        return hit[1], hit[2], hit[3]
    m = Municipality.objects.filter(ibge_code=ibge_code).order_by().first()
    if m is None:
        return None
    with tenant(m):
        row = (
            SigningKey.objects.filter(key_id=key_id)
            .order_by()
            .values_list("pk", "public_key")
            .first()
        )
    if row is None:
        return None
    public = tokens.unb64url(row[1])
    _KEY_CACHE[(ibge_code, key_id)] = (time.monotonic() + _KEY_TTL, m, row[0], public)
    return m, row[0], public


# The one query of a scan, written out: the same read through the ORM (five joined models) spent
# ~40x longer compiling SQL than running it (7 ms against 0.2 ms on the 2-core machine), which
# capped the public page at a fraction of a plain Django view. Columns and tables come from the
# models; the municipality filter is the current tenant's, as everywhere.
_SCAN_SQL = """
SELECT b.serial, b.valid_until, b.revoked_at, b.printed, b.auxiliary_id, a.status,
       ap.name, ap.photo, p.number, p.service, p.taxi_category, p.status, p.suspended_until,
       p.irregular, p.term_end, h.name, h.photo, v.plate, coalesce(ap.id, h.id),
       a.removed_on,
       (SELECT max(c.effective_on) FROM {change} c
        WHERE c.permit_id = p.id AND c.to_status = p.status),
       h.id <> p.holder_id
FROM {badge} b
JOIN {permit} p ON p.id = b.permit_id
JOIN {person} h ON h.id = coalesce(b.bearer_id, p.holder_id)
LEFT JOIN {vehicle} v ON v.id = p.vehicle_id
LEFT JOIN {auxiliary} a ON a.id = b.auxiliary_id
LEFT JOIN {person} ap ON ap.id = a.person_id
WHERE b.municipality_id = %s AND b.key_id = %s AND b.serial = %s
"""


def _scan_sql() -> str:
    from outorga.registry.models import PermitStatusChange, Person, Vehicle

    return _SCAN_SQL.format(
        change=PermitStatusChange._meta.db_table,
        badge=Badge._meta.db_table,
        permit=Permit._meta.db_table,
        person=Person._meta.db_table,
        vehicle=Vehicle._meta.db_table,
        auxiliary=Auxiliary._meta.db_table,
    )


def _scan(key_pk: int, serial_hex: str) -> BadgeFacts | None:
    with connection.cursor() as cursor:
        cursor.execute(_scan_sql(), [current_municipality().pk, key_pk, serial_hex])
        row = cursor.fetchone()
    if row is None:
        return None
    (serial, valid_until, revoked_at, printed, aux_id, aux_status, aux_name, aux_photo) = row[:8]
    number, service, category, status, suspended, irregular, term_end = row[8:15]
    holder_name, holder_photo, plate, person_id, aux_removed_on, status_since, other = row[15:]
    if isinstance(printed, str):
        printed = json.loads(printed)
    return BadgeFacts(
        serial=serial,
        valid_until=day(valid_until),
        revoked=revoked_at is not None,
        printed_plate=str((printed or {}).get("placa", "")),
        is_auxiliary=aux_id is not None,
        auxiliary_status=aux_status or "",
        name=aux_name if aux_id is not None else holder_name,
        photo=(aux_photo if aux_id is not None else holder_photo) or "",
        permit_number=number,
        service=service,
        taxi_category=category or "",
        permit_status=status,
        suspended_until=day(suspended) if suspended else None,
        irregular=bool(irregular),
        term_end=day(term_end),
        plate=plate or "",
        person_id=int(person_id),
        passed_on=aux_id is None and bool(other),
        revoked_on=_local_day(revoked_at),
        permit_status_since=day(status_since) if status_since else None,
        auxiliary_removed_on=day(aux_removed_on) if aux_removed_on else None,
        suspension_ends_with_period=suspension_ends_with_its_period(
            current_municipality(), service, status, day(suspended) if suspended else None
        ),
        law=_law_of(current_municipality(), service, today_of(current_municipality())),
    )


def badge_from_token(token: str) -> Verified | None:
    """The badge a token names, if the token is well formed, signed by a published key of the
    municipality it names, and names a badge of that municipality. ``None`` otherwise."""
    try:
        payload, _, _ = tokens.parse(token)
    except tokens.BadToken:
        return None
    for fresh in (False, True):
        found = _key(payload.ibge_code, payload.key_id, fresh)
        if found is None:
            return None
        m, key_pk, public = found
        try:
            tokens.verify(token, public)
            break
        except tokens.BadToken:
            continue
    else:
        return None
    with tenant(m):
        facts = _scan(key_pk, payload.serial_hex)
    return Verified(m, facts) if facts is not None else None


def badge_public(v: Verified, today: dt.date) -> dict[str, Any]:
    """The few facts the public page shows."""
    f = v.badge
    service = Service(f.service).label
    if f.taxi_category:
        service = f"{service} {TaxiCategory(f.taxi_category).label}"
    return {
        "municipio": f"{v.municipality.name}/{v.municipality.uf}",
        "nome": f.name,
        "condicao": "condutor auxiliar" if f.is_auxiliary else "permissionário",
        "servico": service,
        "numero": f.permit_number,
        "placa": format_plate(f.plate),
        "placa_impressa": format_plate(f.printed_plate)
        if f.printed_plate and f.printed_plate != f.plate
        else "",
        "validade": min(f.valid_until, f.term_end),
        "status": badge_status(f, today),
        "tem_foto": bool(f.photo),
        "serie": f.serial,
    }


def public_keys(m: Municipality) -> list[dict[str, Any]]:
    with tenant(m):
        return [
            {
                "key_id": k.key_id,
                "algorithm": k.algorithm,
                "public_key": k.public_key,
                "created_at": k.created_at,
                "retired_at": k.retired_at,
            }
            for k in SigningKey.objects.order_by("key_id").only(
                "key_id", "algorithm", "public_key", "created_at", "retired_at"
            )
        ]


@dataclass(frozen=True)
class Offers:
    """What a municipality's public pages offer: only the services a law governs there."""

    #: The permit services (mototáxi, motofrete, táxi) a law governs, as ``(value, label)``.
    permit_services: tuple[tuple[str, str], ...]
    #: Whether a law governs transport by app: drivers enabled on platforms, complaints.
    apps: bool

    @property
    def permits(self) -> bool:
        return bool(self.permit_services)

    @property
    def permit_labels(self) -> str:
        """``mototáxi, motofrete e táxi``."""
        labels = [label for _, label in self.permit_services]
        return (
            " e ".join([", ".join(labels[:-1]), labels[-1]]) if len(labels) > 1 else "".join(labels)
        )


def offers(m: Municipality) -> Offers:
    return Offers(
        tuple((value, label) for value, label in Service.choices if governs(m, value)),
        governs(m, LawService.APLICATIVO),
    )


@dataclass(frozen=True)
class PlateCheck:
    """The public answer for a plate: the permits it serves and the platforms it is enabled on."""

    permits: list[dict[str, Any]]
    platforms: list[str]

    @property
    def found(self) -> bool:
        return bool(self.permits or self.platforms)


def plate_check(m: Municipality, plate: str, today: dt.date) -> PlateCheck:
    """What the laws bound in ``m`` make public about ``plate``: a permit's holder, number and
    status (permit services); for transport by app only the platforms an enabled driver uses it
    on — the apps law publishes no driver's name (art. 11 I gives the first name to the rider,
    in the app; art. 11, parágrafo único, protects personal data)."""
    shown = offers(m)
    return PlateCheck(
        plate_lookup(m, plate, today) if plate and shown.permits else [],
        app_plate_platforms(m, plate) if shown.apps else [],
    )


#: Permits the public list shows: those that exist as a permission today.
LISTED = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)


def _public_qs(qs: QuerySet[Permit]) -> QuerySet[Permit]:
    """Only the columns the public may see are even read."""
    return qs.select_related("holder", "vehicle").only(
        "number",
        "service",
        "taxi_category",
        "status",
        "suspended_until",
        "irregular",
        "certificate_valid_until",
        "term_end",
        "holder__name",
        "vehicle__plate",
    )


def _public_row(
    p: Permit, today: dt.date, m: Municipality, bars: Mapping[int, Status]
) -> dict[str, Any]:
    return {
        "nome": p.holder.name,
        "numero": p.number,
        "servico": Service(p.service).label
        + (f" {p.get_taxi_category_display()}" if p.taxi_category else ""),
        "placa": format_plate(p.vehicle.plate) if p.vehicle else "",
        "status": permit_status(p, today, bars=bars, m=m),
    }


def _public_rows(
    m: Municipality, permits: Iterable[Permit], today: dt.date
) -> list[dict[str, Any]]:
    """The rows of the list or of a plate check, the bars on their holders read at once."""
    permits = list(permits)
    bars = holder_bars(m, permits, today)
    return [_public_row(p, today, m, bars) for p in permits]


def _permit_suspended(p: Permit, m: Municipality, today: dt.date) -> bool:
    ends = suspension_ends_with_its_period(m, p.service, p.status, p.suspended_until)
    return _suspended(p.status, p.suspended_until, ends, today)


def holder_bars(m: Municipality, permits: Iterable[Permit], today: dt.date) -> dict[int, Status]:
    """The permits of ``m`` in force (:data:`LISTED`) whose holder's inscription in the Cadastro
    Municipal de Taxistas is barred today, by permit id, with what their status says in place of
    the permission's own: the permission stands, its holder may not drive a taxi. A cassação of
    the inscription (taxi art. 41 IV, §3) is said before anything; its suspension (art. 42 IV)
    unless the permission is itself suspended, whose own period is said instead. The holders of
    all the permits are read at once (:func:`registers_barred`)."""
    taxi = [p for p in permits if p.service == Service.TAXI and p.status in LISTED]
    with tenant(m):
        barred = registers_barred((p.holder_id for p in taxi), today, "do titular")
    out: dict[int, Status] = {}
    for p in taxi:
        bar = barred.get(p.holder_id)
        if bar is None:
            continue
        if bar.code == "cassado":
            out[p.pk] = replace(bar, label="inscrição do titular cassada")
        elif not _permit_suspended(p, m, today):
            out[p.pk] = replace(bar, label="inscrição do titular suspensa")
    return out


def permit_status(
    p: Permit,
    today: dt.date,
    *,
    bars: Mapping[int, Status] | None = None,
    m: Municipality | None = None,
) -> Status:
    """A permit's public status (the badge's, without the badge): a taxi holder's inscription
    cassada or suspended (taxi art. 41 IV, §3; art. 42 IV) is said as the holder's badge says it
    (:func:`holder_bars`, read for this permit unless ``bars`` were read for a whole page)."""
    m = m or p.municipality
    if not governs(m, p.service):
        return _unconfirmed("desta permissão", p.service)
    ended = out_of_force(m, p.service, today)
    if ended is not None:  # its binding ended, or starts later: no law says it holds today
        return _unconfirmed("desta permissão", p.service, ended)
    barred = (bars if bars is not None else holder_bars(m, [p], today)).get(p.pk)
    if barred is not None:
        return barred
    if _permit_suspended(p, m, today):
        until = f" até {fmt(p.suspended_until)}" if p.suspended_until else ""
        return Status("suspenso", "suspensa", False, f"Suspensa{until}.")
    if p.status == Permit.Status.RESERVE:
        return Status("reserva", "em reserva", False)
    if p.term_end < today:
        # The permission lasts its term (mototaxi art. 6; taxi art. 10, 15 IV), whatever a
        # certificate renewed in its last year says — as the badge reads it.
        return Status("vencido", "prazo encerrado", False, f"Prazo encerrado em {fmt(p.term_end)}.")
    if p.certificate_valid_until is not None and p.certificate_valid_until < today:
        return Status("vencido", "registro vencido", False)
    if p.irregular:
        return Status("irregular", "irregular", False)
    return Status("valido", "ativa", True)


PAGE_SIZE = 100


def public_permits(
    m: Municipality, today: dt.date, service: str = "", page: str | int = 1
) -> tuple[list[dict[str, Any]], Page[Permit]]:
    """One page of the public list (a large city has tens of thousands of permits)."""
    with tenant(m):
        qs = Permit.objects.filter(status__in=LISTED)
        if service in [value for value, _ in offers(m).permit_services]:
            qs = qs.filter(service=service)
        paginator = Paginator(_public_qs(qs.order_by("service", "registration_number")), PAGE_SIZE)
        current = paginator.get_page(page)
        return _public_rows(m, current.object_list, today), current


def plate_lookup(m: Municipality, plate: str, today: dt.date) -> list[dict[str, Any]]:
    with tenant(m):
        qs = _public_qs(Permit.objects.filter(vehicle__plate=plate, status__in=LISTED))
        return _public_rows(m, qs, today)


# Tariffs -----------------------------------------------------------------------------------------

_TARIFF = re.compile(r"\.(tariff[._]|fare_max|fare_dynamic)")
_UNITS = {
    "BRL-cents": "",
    "cents": "",
    "cents-per-trip": " por corrida",
    "BRL-cents-per-km": " por km",
    "BRL-cents-per-hour": " por hora",
    "BRL-cents-per-item": " por volume",
}


def _show(value: Any, unit: str) -> str:
    if unit in _UNITS:
        return brl(int(value)) + _UNITS[unit]
    if unit == "percent":
        return f"{Decimal(str(value)):n} %".replace(".", ",")
    return str(value)


def tariffs(m: Municipality, today: dt.date) -> list[dict[str, Any]]:
    """The tariffs (and fare limits) in force today for each law of the municipality, read from
    the dated parameters and the municipality's own values. Example values are flagged."""
    ctx = context(m, today)
    groups = []
    for law_id in m.laws:
        prefix = law_prefix(law_id) + "."
        items: list[dict[str, Any]] = []
        for name, param in sorted(tree().parameters.items()):
            if not name.startswith(prefix) or not _TARIFF.search(name):
                continue
            label = param.label_pt or param.description
            try:
                pv = ctx.param(name)
            except ParameterMissing:
                items.append({"nome": label, "valor": None, "referencias": param.references})
                continue
            items.append(
                {
                    "nome": label,
                    "valor": _show(pv.value, pv.unit),
                    "desde": pv.effective,
                    "exemplo": pv.example,
                    "origem": "município" if pv.source == "municipality" else "lei",
                    "referencias": pv.references,
                }
            )
        if items:
            groups.append({"lei": law_id, "titulo": LAW_TITLES.get(law_id, law_id), "itens": items})
    return groups

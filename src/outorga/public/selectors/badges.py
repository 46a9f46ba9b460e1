"""A badge's status today, most serious first, and why a badge that no longer holds is not printed
again; the bars on a taxi driver's inscription in the Cadastro Municipal de Taxistas."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from outorga.core.errors import FieldError
from outorga.core.lawseam import LawEnded, LawNotBound, LawNotYetInForce, law_of
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.bindings import SERVICE_LABELS
from outorga.law.decisions import Decision
from outorga.law.rulebook import fmt
from outorga.registry.models import Auxiliary, Permit, Service
from outorga.registry.ports import sanctions
from outorga.registry.selectors import status_entered_on, suspension_ends_with_its_period

from ..models import Badge


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


def badge_law(m: Municipality, service: str, today: dt.date) -> str:
    """The law bound to ``service`` in ``m`` (its first binding for an older permit); "" where
    none is: a badge's status is still said, without articles."""
    try:
        return law_of(m, service, today, nearest=True)
    except LawNotBound:
        return ""


def local_day(value: Any) -> dt.date | None:
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
    #: The suspensions of the auxiliary's credential, first and last day (mototaxi art. 32 I
    #: with art. 34 and art. 2 XXV; ADR 0088): while one runs, his badge does not hold.
    credential_suspensions: tuple[tuple[dt.date, dt.date], ...] = ()

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
            revoked_on=local_day(badge.revoked_at),
            permit_status_since=_status_since(permit),
            auxiliary_removed_on=aux.removed_on if aux is not None else None,
            suspension_ends_with_period=suspension_ends_with_its_period(
                badge.municipality, permit.service, permit.status, permit.suspended_until
            ),
            law=badge_law(badge.municipality, permit.service, today_of(badge.municipality)),
            credential_suspensions=credential_suspensions(
                badge.municipality, aux.person_id if aux is not None else None
            ),
        )


def credential_suspensions(
    m: Municipality, person_id: int | None
) -> tuple[tuple[dt.date, dt.date], ...]:
    """The suspensions of an auxiliary's credential — the person's, on whatever permit he serves
    (mototaxi art. 32 I with art. 34 and art. 2 XXV; ADR 0088) —, first and last day, as
    enforcement records them; none for a holder's badge (``person_id`` None)."""
    if person_id is None:
        return ()
    with tenant(m):
        return tuple(sanctions().credential_suspensions([person_id]).get(person_id, ()))


def suspended_on(status: str, suspended_until: dt.date | None, ends: bool, today: dt.date) -> bool:
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
        return validity_unconfirmed("deste crachá", f.service)
    if suspended_on(f.permit_status, f.suspended_until, f.suspension_ends_with_period, today):
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
    running = [end for start, end in f.credential_suspensions if start <= today <= end]
    if running:
        cites = interfaces.cited_once(f.law, "auxiliary_suspension")
        return Status(
            "suspenso",
            "suspenso",
            False,
            f"Credencial do condutor auxiliar suspensa até {fmt(max(running))}"
            + (f" ({cites})." if cites else "."),
        )
    if f.permit_status == Permit.Status.RESERVE:
        return Status("reserva", "em reserva", False, "Serviço temporariamente interrompido.")
    until = min(f.valid_until, f.term_end)
    if until < today:
        return Status("vencido", "vencido", False, f"Validade encerrada em {fmt(until)}.")
    if f.irregular:
        return Status("irregular", "irregular", False, "Há pendência documental no cadastro.")
    return Status("valido", "válido", True, f"Válido até {fmt(until)}.")


def validity_unconfirmed(
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
    law = badge_law(badge.municipality, badge.permit.service, today)
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

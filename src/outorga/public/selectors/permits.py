"""The public register: the services a municipality's pages offer, the public list of permits
and their status, and what a plate check makes public."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from outorga.core.identifiers import format_plate
from outorga.core.lawseam import governs, out_of_force
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service as LawService
from outorga.law.rulebook import fmt
from outorga.platforms.selectors import app_plate_platforms
from outorga.registry.models import Permit, Service
from outorga.registry.selectors import suspension_ends_with_its_period

from .badges import Status, registers_barred, suspended_on, validity_unconfirmed


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
    return suspended_on(p.status, p.suspended_until, ends, today)


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
        return validity_unconfirmed("desta permissão", p.service)
    ended = out_of_force(m, p.service, today)
    if ended is not None:  # its binding ended, or starts later: no law says it holds today
        return validity_unconfirmed("desta permissão", p.service, ended)
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

"""The registry's step of the daily sweep: the permits that can change on the date, found by
queries, then read, decided and written in batches (ADR 0036); and record by record through the
services, the reference the batches are held to."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, QuerySet

from outorga.core.acts import ActDraft, record_acts
from outorga.core.bulkwrite import update_rows
from outorga.core.models import Municipality
from outorga.core.sweep import Progress, Shard, SweepResult
from outorga.core.tenancy import tenant
from outorga.law.rulebook import fmt

from ..facts import ACTIVE_STATUSES
from ..models import Auxiliary, Document, DrivingLicence, Notification, Permit, Service
from .notices import (
    THRESHOLDS,
    Notice,
    _notices_send,
    _permit_notices,
    _send,
    _vehicle_age_notice,
    _vehicle_age_notice_of,
    _warn_expiry,
)
from .regularity import (
    PREFIX,
    REGULAR_AGAIN,
    SYSTEM,
    Issue,
    Laws,
    VehicleAge,
    current_documents,
    irregularity_reason,
    permit_issues,
    permit_regularity_refresh,
    vehicle_age,
)


def changing_permits(laws: Laws, on: dt.date) -> QuerySet[Permit]:
    """The active permits whose state or avisos can change on ``on``, found by queries over the
    whole registry: an irregularity the sweep found (it may be lifted or restated), a document of
    the holder or of the vehicle, the holder's CNH or the registration certificate expired or
    due within the first warning (30 days), a vehicle's CRLV without its validity, a taxi (its vehicle's age counts from the invoice
    and the Termo, art. 28), and the mototaxi and motofrete vehicles whose manufacture year the
    law finds over age or reaching it within the warning — asked once per service and year. Any
    other permit's check would change nothing on that date."""
    horizon = on + dt.timedelta(days=THRESHOLDS[0])
    active = Permit.objects.filter(status__in=ACTIVE_STATUSES)
    due = Document.objects.current().filter(valid_until__lte=horizon)
    undated = Document.objects.current().filter(
        doc_type=Document.Type.CRLV, vehicle__isnull=False, valid_until__isnull=True
    )
    changing = (
        Q(irregular=True)
        | Q(certificate_valid_until__lte=horizon)
        | Q(holder__in=due.filter(person__isnull=False).values("person"))
        | Q(vehicle__in=due.filter(vehicle__isnull=False).values("vehicle"))
        # A CRLV without the validity of its licensing (``undated_crlv_issues``).
        | Q(vehicle__in=undated.values("vehicle"))
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


def holders(m: Municipality, on: dt.date) -> list[int]:
    """The keys the step is cut by over the workers (ADR 0049): the holders of the active
    permits. A holder's permits, their documents' avisos and their auxiliaries are then all in
    one shard, so two shards never write the same row."""
    return list(
        Permit.objects.filter(status__in=ACTIVE_STATUSES)
        .order_by("holder_id")
        .values_list("holder_id", flat=True)
        .distinct()
    )


def registry_shard(m: Municipality, on: dt.date, progress: Progress, shard: Shard) -> SweepResult:
    """The step over the permits (and auxiliaries) of the holders of ``shard``."""
    return registry_sweep(m, on, progress, shard=shard)


def registry_sweep(
    m: Municipality,
    on: dt.date,
    progress: Progress,
    *,
    every: bool = False,
    shard: Shard | None = None,
) -> SweepResult:
    """The registry's step for ``m`` on ``on``. By default over sets (ADR 0036): only the
    permits of :func:`changing_permits`, in batches of :data:`BATCH` read, decided and written
    together. ``every``: every active permit, record by record through the services — the
    reference the sets are held to (the same avisos, changes and acts). ``shard``: only the
    permits and auxiliaries of its holders (:func:`holders`)."""
    result = SweepResult()
    laws = Laws(m)
    mine = shard.q("holder_id") if shard is not None else Q()
    # A service no law governs on ``on`` (none bound, or its binding ended: ADR 0062) is judged
    # by none: its permits and credentials are skipped, and the summary says how many.
    unruled = [s for s in Service.values if not laws.applies(s, on)]
    skipped = (
        Permit.objects.filter(mine, status__in=ACTIVE_STATUSES, service__in=unruled)
        .values_list("service")
        .annotate(n=Count("pk"))
        .order_by("service")
    )
    for service, n in skipped:
        result.note(
            f"{n} permissões de {Service(service).label} não verificadas: nenhuma lei rege o "
            f"serviço em {fmt(on)}"
        )
    mine &= ~Q(service__in=unruled)
    if every:
        ids = list(
            Permit.objects.filter(mine, status__in=ACTIVE_STATUSES)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    else:
        ids = list(
            changing_permits(laws, on).filter(mine).order_by("pk").values_list("pk", flat=True)
        )
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
            shard.q("permit__holder_id") if shard is not None else Q(),
            ~Q(permit__service__in=unruled),
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
            created = _send(
                m,
                Notice(
                    f"registry.aux-expired:{aux.pk}:{until.isoformat()}",
                    Notification.Kind.AUXILIARY_CREDENTIAL_EXPIRED,
                    f"A credencial do condutor auxiliar {aux.person.name} venceu em "
                    f"{fmt(until)}: ele não pode conduzir até a renovação "
                    f"({'; '.join(aux_cites)}).",
                    aux.permit.holder,
                    aux.permit,
                    until,
                ),
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
            if not (
                permit.irregular and permit.irregular_reason == irregularity_reason(issues)[:300]
            ):
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


def _current_documents_of(permits: list[Permit]) -> dict[int, list[Document]]:
    """:func:`current_documents` of every permit, by one query."""
    holders = {p.holder_id for p in permits}
    vehicles = {p.vehicle_id: p.vehicle for p in permits if p.vehicle_id}
    # The newest document of each type, by owner ("p" the holder, "v" the vehicle).
    newest: dict[tuple[str, int], dict[str, Document]] = {}
    for doc in (
        Document.objects.current()
        .filter(Q(person__in=holders) | Q(vehicle__in=list(vehicles)))
        .order_by("-issued_on", "-id")
    ):
        if doc.vehicle_id in vehicles:  # the permit's vehicle, already read (its plate)
            doc.vehicle = vehicles[doc.vehicle_id]
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
            reason = irregularity_reason(issues)
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
                    f"Permissão {permit.number} regularizada em {fmt(on)}.",
                    seen.holder,
                    permit,
                    None,
                )
            )
            tally.regular += 1
        changed.append(permit)
    update_rows(changed, ["irregular", "irregular_reason"])
    return drafts

"""The registry's work on the staff home page (``core.home``): the documents and credentials of the
permits in force that expire within the daily sweep's first warning (``sweep.THRESHOLDS``) or have
expired — the holder's and the vehicle's newest document of each type (``sweep.current_documents``
read in bulk), the holder's CNH, the registration certificate, the permit's own term and the
auxiliaries' credentials — each linking to the record where the new one is entered."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from outorga.core.home import Task, queue
from outorga.core.lawseam import cited_aside
from outorga.core.tenancy import current_municipality_or_none
from outorga.law.competence import Role

from .facts import ACTIVE_STATUSES
from .models import Auxiliary, Document, DrivingLicence, Permit, Service
from .selectors import waiting
from .sweep import THRESHOLDS


def _fmt_owner(permit: Permit) -> str:
    return f"permissão {permit.number}, {permit.holder.name}"


def _newest(candidates: list[Document]) -> list[Document]:
    """The candidates that no later document of the same type and owner supersedes (a renewed
    document replaces the old one, as ``sweep.current_documents`` reads them)."""
    if not candidates:
        return []
    owners = Q(person__in={d.person_id for d in candidates if d.person_id}) | Q(
        vehicle__in={d.vehicle_id for d in candidates if d.vehicle_id}
    )
    types = {d.doc_type for d in candidates}
    newest: dict[tuple[str, int | None, str], int] = {}
    rows = (
        Document.objects.current()
        .filter(owners, doc_type__in=types)
        .order_by("-issued_on", "-id")
        .values_list("pk", "person_id", "vehicle_id", "doc_type")
    )
    for pk, person_id, vehicle_id, doc_type in rows:
        key = ("p", person_id, doc_type) if person_id else ("v", vehicle_id, doc_type)
        newest.setdefault(key, pk)
    return [
        d
        for d in candidates
        if newest.get(
            ("p", d.person_id, d.doc_type) if d.person_id else ("v", d.vehicle_id, d.doc_type)
        )
        == d.pk
    ]


@queue(
    "registry.expiring",
    "Documentos e credenciais a vencer",
    roles=[Role.ATENDENTE.value],
    more="portal:staff_list",
    help=f"Das permissões em vigor: vencidos ou a vencer em até {THRESHOLDS[0]} dias "
    "(o primeiro aviso da varredura diária).",
    order=40,
)
def expiring(user: Any, today: dt.date) -> list[Task]:
    """What the permits in force need renewed, by the day it expires (expired first)."""
    horizon = today + dt.timedelta(days=THRESHOLDS[0])
    permits = list(
        Permit.objects.filter(status__in=ACTIVE_STATUSES).select_related("holder", "vehicle")
    )
    by_holder: dict[int, list[Permit]] = {}
    by_vehicle: dict[int, list[Permit]] = {}
    for p in permits:
        by_holder.setdefault(p.holder_id, []).append(p)
        if p.vehicle_id:
            by_vehicle.setdefault(p.vehicle_id, []).append(p)
    out: list[Task] = []
    candidates = list(
        Document.objects.current()
        .filter(valid_until__lte=horizon)
        .filter(Q(person__in=list(by_holder)) | Q(vehicle__in=list(by_vehicle)))
        .select_related("person", "vehicle")
    )
    for doc in _newest(candidates):
        assert doc.valid_until is not None
        if doc.person_id:
            owners = by_holder.get(doc.person_id, [])
            what = f"{doc.get_doc_type_display()} de {doc.person.name}"  # type: ignore[union-attr]
            url = reverse("registry:person", args=[doc.person_id])
        else:
            owners = by_vehicle.get(doc.vehicle_id or 0, [])
            what = f"{doc.get_doc_type_display()} do veículo {doc.vehicle.plate}"  # type: ignore[union-attr]
            url = reverse("registry:vehicle", args=[doc.vehicle_id])
        numbers = ", ".join(p.number for p in owners)
        out.append(Task(f"{what} — permissão {numbers}", url, doc.valid_until, "vence em"))
    for licence in DrivingLicence.objects.filter(
        person__in=list(by_holder), expires_on__lte=horizon
    ).select_related("person"):
        numbers = ", ".join(p.number for p in by_holder[licence.person_id])
        out.append(
            Task(
                f"CNH {licence.number} de {licence.person.name} — permissão {numbers}",
                reverse("registry:person", args=[licence.person_id]),
                licence.expires_on,
                "vence em",
            )
        )
    for p in permits:
        if p.certificate_valid_until and p.certificate_valid_until <= horizon:
            out.append(
                Task(
                    f"Certificado de registro — {_fmt_owner(p)}",
                    reverse("registry:permit", args=[p.pk]),
                    p.certificate_valid_until,
                    "vence em",
                )
            )
    for p in permits:
        if p.term_end <= horizon:
            # The delegation's term (mototaxi art. 6; taxi art. 10): past it the permit ends only
            # by the act the desk records (prorrogação; taxi art. 15 IV and §1), see ADR 0060.
            out.append(
                Task(
                    f"Termo final da permissão — {_fmt_owner(p)}",
                    reverse("registry:permit", args=[p.pk]),
                    p.term_end,
                    "vence em",
                )
            )
    for aux in Auxiliary.objects.filter(
        status=Auxiliary.Status.ACTIVE,
        credential_valid_until__lte=horizon,
        permit__status__in=ACTIVE_STATUSES,
    ).select_related("person", "permit"):
        assert aux.credential_valid_until is not None
        out.append(
            Task(
                f"Credencial do auxiliar {aux.person.name} — permissão {aux.permit.number}",
                reverse("registry:permit", args=[aux.permit_id]),
                aux.credential_valid_until,
                "vence em",
            )
        )
    return out


@queue(
    "registry.submissions",
    "Documentos enviados pelo portal",
    roles=[Role.ATENDENTE.value],
    more="registry:submissions",
    help="Confira cada documento: aceito, passa a contar para a lei; recusado, o interessado "
    "vê o motivo e envia de novo.",
    order=35,
)
def submissions_waiting(user: Any, today: dt.date) -> list[Task]:
    """Documents applicants sent from the portal, waiting since the day each was sent."""
    from .models import DocumentSubmission

    return _sent_from_the_portal(
        DocumentSubmission,
        related=("person",),
        order="submitted_at",
        title=lambda s: f"{s.type_label} de {s.person.name}",
        url_name="registry:submission",
        url_kwarg="submission_id",
        since=lambda s: timezone.localtime(s.submitted_at).date(),
        most=None,
    )


def _sent_from_the_portal(
    model: Any,
    *,
    related: tuple[str, ...],
    order: str,
    title: Callable[[Any], str],
    url_name: str,
    since: Callable[[Any], dt.date],
    url_kwarg: str = "request_id",
    most: int | None = 50,
) -> list[Task]:
    """What the portal sent the desk (``model``) still pending, the oldest first (``most`` of
    them; ``None``: all), each a task linking to its screen and waiting since the day ``since``
    reads."""
    rows = waiting(model, order, *related)[:most]
    return [
        Task(title(r), reverse(url_name, kwargs={url_kwarg: r.pk}), since(r), "desde") for r in rows
    ]


@queue(
    "registry.holder_requests",
    "Pedidos dos permissionários",
    roles=[Role.ATENDENTE.value],
    more="registry:holder_requests",
    help="Renovações e auxiliares pedidos pelo portal: decida cada um com o ato do cadastro, ou "
    "indefira com o motivo que o permissionário lê.",
    order=36,
)
def requests_waiting(user: Any, today: dt.date) -> list[Task]:
    """Renewals and auxiliaries holders asked from the portal, waiting since the day asked."""
    from .models import HolderRequest

    return _sent_from_the_portal(
        HolderRequest,
        related=("person", "permit"),
        order="filed_at",
        title=lambda r: (
            f"{r.get_kind_display().capitalize()} — {r.person.name} ({r.permit.number})"
        ),
        url_name="registry:holder_request",
        since=lambda r: timezone.localtime(r.filed_at).date(),
    )


def _mototaxi_cite(concept: str) -> str:
    """The articles the mototaxi law bound where the user works names for ``concept`` (the
    portal's requests are that law's), in parentheses; nothing where none."""
    return cited_aside(Service.MOTOTAXI, concept, m=current_municipality_or_none())


@queue(
    "registry.registration_requests",
    "Pedidos de atualização",
    roles=[Role.ATENDENTE.value],
    more="registry:registration_requests",
    help=lambda: (
        f"Atualizações e cancelamentos pedidos pelo portal{_mototaxi_cite('registration_update')}: "
        f"aplique cada um quando o permissionário comparecer{_mototaxi_cite('in_person')}, ou "
        "recuse com o motivo que ele lê."
    ),
    order=37,
)
def registration_requests_waiting(user: Any, today: dt.date) -> list[Task]:
    """Updates and cancellations of the registration holders asked from the portal (mototaxi
    art. 4 §2), waiting for the holder to appear in person (art. 13 XX a)."""
    from .models import RegistrationRequest

    return _sent_from_the_portal(
        RegistrationRequest,
        related=("person",),
        order="requested_on",
        title=lambda r: f"{r.get_kind_display().capitalize()} — {r.person.name}",
        url_name="registry:registration_request",
        since=lambda r: r.requested_on,
    )

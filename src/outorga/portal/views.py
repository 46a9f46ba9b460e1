"""The holder's portal (own permits, documents and their expiry, avisos, links to debts,
infractions and badge) and the clerks' list of avisos. Thin: selectors read, services write."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.access import forbidden
from outorga.core.acts import Actor
from outorga.core.errors import FieldError
from outorga.core.formerrors import messages_add
from outorga.core.lawseam import service_citations
from outorga.core.listing import page_of
from outorga.core.middleware import client_ip
from outorga.core.pdfkit import private_pdf_response
from outorga.core.requests import user_of
from outorga.core.tenancy import current_municipality_or_404, current_municipality_or_none
from outorga.law.citations import render_many
from outorga.law.competence import NotCompetent, Role
from outorga.law.decisions import Decision, Verdict
from outorga.registry.models import Permit, PermitTerm, Person, Service
from outorga.registry.selectors import with_credential_suspensions
from outorga.registry.services.common import ungoverned

from . import selectors, services

STATUS_LABELS = dict(Permit.Status.choices)
STAFF = frozenset({Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL})


def holder_or_refusal(request: HttpRequest) -> Person | HttpResponse:
    user = user_of(request)
    if user.role != Role.PERMISSIONARIO or current_municipality_or_none() is None:
        return forbidden(
            request, "O portal é do permissionário: entre com o seu usuário de permissionário."
        )
    person = selectors.holder_of(user)
    if person is None:
        return render(request, "portal/not_linked.html", status=403)
    return person


_Params = ParamSpec("_Params")
_Response = TypeVar("_Response")


def holder_required(
    view: Callable[Concatenate[HttpRequest, Person, _Params], _Response],
) -> Callable[Concatenate[HttpRequest, _Params], _Response | HttpResponse]:
    """The portal's screens are the holder's: the view receives the holder's own record after
    the request, and anyone else gets the refusal of :func:`holder_or_refusal` instead."""

    @functools.wraps(view)
    def wrapped(
        request: HttpRequest, *args: _Params.args, **kwargs: _Params.kwargs
    ) -> _Response | HttpResponse:
        person = holder_or_refusal(request)
        if isinstance(person, HttpResponse):
            return person
        return view(request, person, *args, **kwargs)

    return wrapped


def own_permit_or_404(person: Person, permit_id: int) -> Permit:
    """One of the holder's own permits (or their company's): another's is not found."""
    permit = selectors.own_permit(person, permit_id)
    if permit is None:
        raise Http404
    return permit


@login_required
@holder_required
def home(request: HttpRequest, person: Person) -> HttpResponse:
    today = timezone.localdate()
    permits = list(selectors.own_permits(person))
    bars = selectors.holder_bars(permits, today)
    rows = [(p, badges_of(p) if ungoverned(p) is None else {}, bars.get(p.pk)) for p in permits]
    notifications = list(selectors.own_notifications(person)[:50])
    return render(
        request,
        "portal/home.html",
        {
            "person": person,
            "today": today,
            "permits": rows,
            "documents": selectors.document_rows(person, permits, today),
            "licence": getattr(person, "licence", None),
            "auxiliary_of": with_credential_suspensions(
                list(selectors.own_auxiliary_credentials(person))
            ),
            "notifications": notifications,
            "unread": sum(1 for n in notifications if n.read_at is None),
            "links": selectors.portal_links(permits),
        },
    )


@login_required
@holder_required
def permit_detail(request: HttpRequest, person: Person, permit_id: int) -> HttpResponse:
    permit = own_permit_or_404(person, permit_id)
    today = timezone.localdate()
    # The holder still sees their permit; no request nor badge under a law is offered for a
    # service no law of the municipality governs.
    no_law = ungoverned(permit)
    return render(
        request,
        "portal/permit.html",
        {
            "permit": permit,
            "today": today,
            "no_law": no_law.message if no_law is not None else "",
            "bar": selectors.holder_bars([permit], today).get(permit.pk),
            "history": [
                (h, STATUS_LABELS.get(h.to_status, h.to_status))
                for h in permit.history.order_by("at", "id")
            ],
            # Each with his credential's suspensions imposed on this permit: the holder answers
            # for his own auxiliaries (art. 31 §2), not for what they did for another holder.
            "auxiliaries": with_credential_suspensions(
                list(permit.auxiliaries.select_related("person")), imposed_on=permit
            ),
            "documents": [
                r
                for r in selectors.document_rows(person, [permit], today)
                if r.doc.vehicle_id is None or r.doc.vehicle_id == permit.vehicle_id
            ],
            "badge": badges_of(permit) if no_law is None else {},
            "notifications": list(selectors.own_notifications(person).filter(permit=permit)),
            **request_context(person, permit, today, governed=no_law is None),
        },
    )


def badges_of(permit: Permit) -> dict[str, Any]:
    """The badge links of a permit on the portal: the holder's own; for a company's permit, its
    drivers' badges, with the articles that say why the company has none of its own."""
    if permit.holder.kind != Person.Kind.LEGAL:
        return selectors.badge_links(permit)
    m = current_municipality_or_none()
    cites = service_citations(m, permit.service, "company_drivers") if m is not None else []
    return {
        "company": True,
        "drivers": selectors.company_badge_links(permit),
        "cites": render_many(cites),
    }


def auxiliary_pending_cites(decisions: list[Decision]) -> str | None:
    """``None`` when the law finds nothing missing for an auxiliary's renewal, else the articles
    of what it finds missing (never the reasons themselves: a third person's data)."""
    unmet = [
        r for d in decisions for r in d.reasons if r.verdict in (Verdict.REFUSED, Verdict.PENDING)
    ]
    if not unmet:
        return None
    return render_many(dict.fromkeys(c for r in unmet for c in r.citations))


def request_context(
    person: Person, permit: Permit, today: dt.date, *, governed: bool = True
) -> dict[str, Any]:
    """The permit page's requests: those ``person``'s login filed (``selectors.own_requests``:
    never a predecessor's, taxi art. 13, parágrafo único), the forms to file one (while the permit is in
    force and a law governs its service: ``governed``), what the law still asks for the renewal,
    and the Termo's PDF (taxi)."""
    from outorga.registry.services.auxiliaries import auxiliary_renewal_unavailable
    from outorga.registry.services.holder_requests import (
        OPEN_STATUSES,
        auxiliary_renewal_requirements,
        renewal_requirements,
    )

    from .views_requests import AuxiliaryRequestForm, RenewalRequestForm, aux_prefix

    open_ = governed and permit.status in OPEN_STATUSES
    requests = list(selectors.own_requests(person, permit).order_by("-filed_at", "-pk"))
    unavailable = auxiliary_renewal_unavailable(permit, today) if open_ else ""
    renewing = {r.auxiliary_id for r in requests if r.status == "pending" and r.auxiliary_id}
    return {
        "requests": requests,
        "renewal_waiting": any(r.kind == "renewal" and r.status == "pending" for r in requests),
        "can_request": open_,
        "renewal_form": RenewalRequestForm() if open_ else None,
        "auxiliary_form": AuxiliaryRequestForm() if open_ else None,
        # The vehicle's conditions are what the yearly inspection finds (taxi art. 28–29): shown
        # as still to be checked there, not as unmet.
        "renewal_unmet": [
            (r, d.question.endswith("vehicle_eligibility"))
            for d in (renewal_requirements(permit, today) if open_ else [])
            for r in d.reasons
            if r.verdict in (Verdict.REFUSED, Verdict.PENDING)
        ],
        # Each active auxiliary's credential: only whether the law finds something missing for
        # its renewal, with the articles; what is missing is the auxiliary's own data (their
        # debts, documents), told to them at the desk, never to the holder.
        "auxiliary_renewal_unavailable": unavailable,
        "auxiliary_renewals": [
            (
                aux,
                aux.pk in renewing,
                RenewalRequestForm(prefix=aux_prefix(aux.pk)),
                auxiliary_pending_cites(auxiliary_renewal_requirements(aux, today)),
            )
            for aux in permit.auxiliaries.filter(status="active").select_related("person")
        ]
        if open_ and not unavailable
        else [],
        "termo_url": reverse("portal:termo", args=[permit.pk])
        if permit.service == Service.TAXI and PermitTerm.objects.filter(permit=permit).exists()
        else "",
    }


@login_required
@holder_required
def badge_pdf(
    request: HttpRequest, person: Person, permit_id: int, badge_id: int | None = None
) -> HttpResponse | FileResponse:
    permit = own_permit_or_404(person, permit_id)
    m = current_municipality_or_404()
    from outorga.public.views import base_url

    try:
        content, filename = services.badge_download_own(
            actor=Actor.of(user_of(request), client_ip(request)),
            municipality=m,
            permit=permit,
            base_url=base_url(request),
            badge_id=badge_id,
        )
    except (NotCompetent, LookupError):
        raise Http404 from None
    except FieldError as exc:
        # A badge that no longer holds: the permit's page says why, with the article.
        messages_add(request, exc)
        return HttpResponseRedirect(reverse("portal:permit", args=[permit.pk]))
    return private_pdf_response(content, filename)


@login_required
@require_POST
@holder_required
def notification_read(request: HttpRequest, person: Person, notification_id: int) -> HttpResponse:
    m = current_municipality_or_none()
    assert m is not None
    notification = get_object_or_404(selectors.own_notifications(person), pk=notification_id)
    try:
        services.notification_mark_read(
            actor=Actor.of(user_of(request), client_ip(request)),
            municipality=m,
            notification=notification,
        )
    except NotCompetent:
        raise Http404 from None
    messages.success(request, "Aviso marcado como lido.")
    return HttpResponseRedirect(reverse("portal:home") + "#avisos")


@login_required
def staff_list(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if Role(user.role) not in STAFF or current_municipality_or_none() is None:
        return forbidden(
            request, "A lista de avisos é da equipe (atendimento, fiscalização, autoridade)."
        )
    kind = request.GET.get("tipo", "")
    qs = selectors.staff_notifications()
    if kind:
        qs = qs.filter(kind=kind)
    # The sweep writes a notice per document and permit: thousands in a town; one page of them.
    listing = page_of(request, qs.order_by("due_on", "-created_at", "-pk"))
    rows = [
        (
            n,
            selectors.first_url(("registry:permit",), permit_id=n.permit_id)
            if n.permit_id
            else None,
            selectors.first_url(("registry:person",), person_id=n.person_id)
            if n.person_id
            else None,
        )
        for n in listing.page
    ]
    return render(
        request,
        "portal/staff_list.html",
        {
            "rows": rows,
            "listing": listing,
            "kinds": selectors.Notification.Kind.choices,
            "kind": kind,
            "today": timezone.localdate(),
        },
    )

"""Public pages (no login): badge verification, tariffs, the list of permits, plate check; and
the clerk's badge screens. Thin: parse, call a selector or a service, render."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from outorga.core import uploads
from outorga.core.access import forbidden
from outorga.core.acts import Actor
from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.errors import Refused
from outorga.core.formerrors import error_lines, messages_add
from outorga.core.identifiers import format_plate, normalize_plate, plate_is_valid
from outorga.core.localtime import today_of, zone_of
from outorga.core.middleware import client_ip, unshared
from outorga.core.models import Municipality
from outorga.core.pdfkit import private_pdf_response
from outorga.core.requests import user_of
from outorga.core.tenancy import (
    current_municipality_or_404,
    current_municipality_or_none,
    tenant,
)
from outorga.law.competence import NotCompetent, Role
from outorga.platforms import selectors as selectors_platforms
from outorga.registry.models import Auxiliary, Permit, Person
from outorga.registry.validation import FieldError

from . import services
from .models import Badge
from .selectors import verification
from .selectors.badges import badge_status
from .selectors.permits import offers, plate_check, public_permits
from .selectors.tariffs import tariffs_in_force
from .throttle import throttled

#: Who sees the badge records (holders and platforms do not).
STAFF_ROLES = frozenset(r.value for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))

IMAGE_TYPES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}


def _unknown(request: HttpRequest) -> HttpResponse:
    return unshared(render(request, "public/unknown.html", status=404))


@require_GET
@throttled("verify")
def badge_page(request: HttpRequest, token: str) -> HttpResponse:
    verified = verification.badge_from_token(token)
    if verified is None:
        return _unknown(request)
    # The badge's municipality's day, whoever asks: a visitor logged into a municipality on
    # another clock must read the same page as the public.
    with tenant(verified.municipality), timezone.override(zone_of(verified.municipality)):
        today = timezone.localdate()
        data = verification.badge_public(verified, today)
        return unshared(
            render(
                request,
                "public/badge.html",
                {"b": data, "token": token, "today": today, "m": verified.municipality},
            )
        )


@require_GET
@throttled("photo")
def badge_photo(request: HttpRequest, token: str) -> HttpResponse:
    """The bearer's photo, reachable only through a valid token."""
    verified = verification.badge_from_token(token)
    if verified is None:
        raise Http404
    name = verified.badge.photo
    if not name:
        raise Http404
    try:
        with Person._meta.get_field("photo").storage.open(name, "rb") as fh:
            content = fh.read()
    except OSError:
        raise Http404 from None
    ctype = next((t for magic, t in IMAGE_TYPES.items() if content.startswith(magic)), None)
    if ctype is None:
        raise Http404
    if uploads.has_metadata(content):
        # A photo stored before uploads were re-encoded may still carry its EXIF (GPS, camera):
        # the public gets its pixels only.
        try:
            content, ctype = uploads.photo_cleaned(content)
        except uploads.BadFile:
            raise Http404 from None
    response = HttpResponse(content, content_type=ctype)
    return unshared(response)


# Public pages of a municipality ----------------------------------------------------------------


def _municipality(slug: str) -> Municipality:
    return get_object_or_404(Municipality, slug=slug)


@require_GET
def municipality_home(request: HttpRequest, slug: str) -> HttpResponse:
    m = _municipality(slug)
    return unshared(render(request, "public/municipality.html", {"m": m}))


@require_GET
def tariffs(request: HttpRequest, slug: str) -> HttpResponse:
    m = _municipality(slug)
    today = today_of(m)
    with tenant(m):
        groups = tariffs_in_force(m, today)
        return unshared(
            render(request, "public/tariffs.html", {"m": m, "groups": groups, "today": today})
        )


@require_GET
def permits(request: HttpRequest, slug: str) -> HttpResponse:
    m = _municipality(slug)
    today = today_of(m)
    service = request.GET.get("servico", "")
    with tenant(m):
        rows, page = public_permits(m, today, service, request.GET.get("pagina", 1))
        return unshared(
            render(
                request,
                "public/permits.html",
                {
                    "m": m,
                    "rows": rows,
                    "page": page,
                    "today": today,
                    "service": service,
                    "offers": offers(m),
                },
            )
        )


@require_GET
@throttled("plate")
def plate(request: HttpRequest, slug: str) -> HttpResponse:
    m = _municipality(slug)
    today = today_of(m)
    query = normalize_plate(request.GET.get("placa", ""))[:7]
    # A mistyped plate is told how a plate is written, never "sem permissão" (a false alarm).
    mistyped = bool(query) and not plate_is_valid(query)
    with tenant(m):
        found = plate_check(m, query, today) if query and not mistyped else None
        return unshared(
            render(
                request,
                "public/plate.html",
                {
                    "m": m,
                    "query": query,
                    "mistyped": mistyped,
                    "shown": format_plate(query),
                    "found": found,
                    "offers": offers(m),
                },
            )
        )


def _tracking_municipality(request: HttpRequest) -> Municipality | None:
    """A logged-in user tracks in their own municipality (the complaint form's rule); a visitor
    names it (``municipio``, in the link the confirmation page gives)."""
    m = current_municipality_or_none()
    if m is not None:
        return m
    slug = request.POST.get("municipio") or request.GET.get("municipio") or ""
    return Municipality.objects.filter(slug=slug).first() if slug else None


@throttled("complaint-track")
def complaint_track(request: HttpRequest) -> HttpResponse:
    """A complaint followed by its protocol and tracking code (no login). Posted, never in a
    query string that lands in logs; a wrong protocol, a wrong code and another municipality's
    complaint get the same answer."""
    m = _tracking_municipality(request)
    if m is None or not offers(m).apps:
        choices = [x for x in Municipality.objects.order_by("name") if offers(x).apps]
        empty = {"choices": choices if m is None else [], "not_applicable": m is not None}
        return unshared(render(request, "public/complaint_track.html", empty))
    context: dict[str, object] = {"m": m, "offers": offers(m)}
    status = 200
    if request.method == "POST":
        with timezone.override(zone_of(m)):
            today = timezone.localdate()
        protocol = request.POST.get("protocolo", "")[:40]
        tracked = selectors_platforms.complaint_tracking(
            m, protocol, request.POST.get("codigo", "")[:200], today
        )
        context.update(tracked=tracked, protocol=protocol.strip().upper(), posted=True)
        status = 200 if tracked is not None else 404
    response = unshared(render(request, "public/complaint_track.html", context, status=status))
    # Posted to this site: "no-referrer" would make the browser send "Origin: null", which the
    # CSRF check refuses. Nothing secret is in the address to leak (the code is posted).
    response["Referrer-Policy"] = "same-origin"
    return response


# Clerk screens --------------------------------------------------------------------------------


def base_url(request: HttpRequest) -> str:
    """Where the public verification page lives: the configured public address, else this host."""
    return getattr(settings, "OUTORGA_PUBLIC_URL", "") or request.build_absolute_uri("/")


@login_required
def badges(request: HttpRequest) -> HttpResponse:
    m = current_municipality_or_none()
    if m is None:
        return render(request, "core/no_municipality.html", status=403)
    if user_of(request).role not in STAFF_ROLES:
        message = "Os crachás são emitidos pela Prefeitura; procure o atendimento."
        return forbidden(request, message)
    errors: list[str] = []
    if request.method == "POST":
        number = request.POST.get("permissao", "").strip().upper()
        permit = Permit.objects.filter(number__iexact=number).first()
        aux_id = request.POST.get("auxiliar", "").strip()
        auxiliary = None
        if permit is None:
            errors.append(f"permissão: {number or '(vazio)'} não encontrada")
        elif aux_id:
            auxiliary = Auxiliary.objects.filter(pk=aux_id, permit=permit).first()
            if auxiliary is None:
                errors.append("condutor auxiliar: não encontrado nesta permissão")
        if permit is not None and not errors:
            try:
                badge = services.badge_issue(
                    actor=Actor.of(user_of(request), client_ip(request)),
                    municipality=m,
                    permit=permit,
                    auxiliary=auxiliary,
                )
            except NotCompetent as exc:
                return forbidden(request, str(exc))
            except (Refused, FieldError) as exc:
                errors = error_lines(exc)
            else:
                messages.success(request, f"Crachá {badge.serial} emitido para {permit.number}.")
                return HttpResponseRedirect(reverse("public:badges"))
    recent = Badge.objects.select_related("permit__holder", "permit__vehicle", "auxiliary__person")[
        :50
    ]
    today = timezone.localdate()
    rows = [{"badge": b, "status": badge_status(b, today)} for b in recent]
    status = 422 if errors else 200
    return render(
        request,
        "public/badges.html",
        # A link from the clerk's home names the permit: the form comes filled in.
        {"rows": rows, "errors": errors, "form": request.POST or request.GET},
        status=status,
    )


@login_required
@require_GET
def badge_pdf(request: HttpRequest, badge_id: int) -> HttpResponseBase:
    m = current_municipality_or_404()
    badge = get_object_or_404(Badge.objects.select_related("permit"), pk=badge_id)
    try:
        content = services.badge_print(
            actor=Actor.of(user_of(request), client_ip(request)),
            municipality=m,
            badge=badge,
            base_url=base_url(request),
        )
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    except FieldError as exc:
        messages_add(request, exc)
        return HttpResponseRedirect(reverse("public:badges"))
    return private_pdf_response(content, f"cracha-{badge.permit.number}.pdf")


@login_required
@require_POST
def badge_revoke(request: HttpRequest, badge_id: int) -> HttpResponse:
    m = current_municipality_or_404()
    if user_of(request).role not in STAFF_ROLES:
        # The confirmation names the bearer and the permit: never to a portal or platform login.
        return forbidden(
            request, "Os crachás são revogados pela Prefeitura; procure o atendimento."
        )
    badge = get_object_or_404(
        Badge.objects.select_related("permit__holder", "auxiliary__person"), pk=badge_id
    )
    if not confirmed(request):
        who = badge.auxiliary.person.name if badge.auxiliary else badge.permit.holder.name
        return ask_confirmation(
            request,
            Confirmation(
                title=f"revogar o crachá {badge.serial}",
                consequence=f"A revogação do crachá {badge.serial} de {who} (permissão "
                f"{badge.permit.number}) vale na hora e não se desfaz: a consulta pública do QR "
                f"code passa a mostrá-lo como revogado. Para {who} voltar a ter crachá, será "
                f"preciso emitir um novo.",
                back=reverse("public:badges"),
                details=(("Motivo", request.POST.get("motivo", "")),),
                button="Confirmar a revogação",
            ),
        )
    try:
        services.badge_revoke(
            actor=Actor.of(user_of(request), client_ip(request)),
            municipality=m,
            badge=badge,
            reason=request.POST.get("motivo", ""),
        )
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    except FieldError as exc:
        messages_add(request, exc)
    else:
        messages.success(request, f"Crachá {badge.serial} revogado.")
    return HttpResponseRedirect(reverse("public:badges"))

"""The municipality's outbound emails (ADR 0019, 0029, 0034): what was sent to whom, what failed
and why, each try's result, and "Reenviar" for a failed one. Messages carry people's addresses, so
the screen is the desk's and the administrator's (``system.email.read``); the text of a message is
never shown — an invitation's or activation's carries a link good for one person only."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.law.competence import SYSTEM_COMPETENCES

from .access import role_screen
from .errors import DomainError
from .listing import page_of
from .mail import email_resend
from .models import OutboundEmail, OutboundEmailAttempt
from .requests import actor_of, user_of

READERS = SYSTEM_COMPETENCES["system.email.read"]
REFUSAL = (
    "Os e-mails enviados trazem endereços e dados pessoais: só o atendimento e o administrador "
    "do sistema os consultam."
)


@role_screen(READERS, REFUSAL)
def outbox(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("situacao", "")
    to = request.GET.get("para", "").strip()
    qs = OutboundEmail.objects.prefetch_related(
        Prefetch("tries", queryset=OutboundEmailAttempt.objects.order_by("number"))
    ).order_by("-created_at", "-pk")
    if status in OutboundEmail.Status.values:
        qs = qs.filter(status=status)
    if to:
        qs = qs.filter(to__icontains=to)
    listing = page_of(request, qs)
    return render(
        request,
        "core/outbox.html",
        {
            "listing": listing,
            "status": status,
            "to": to,
            "statuses": OutboundEmail.Status.choices,
            "failed": OutboundEmail.objects.filter(status=OutboundEmail.Status.FAILED).count(),
        },
    )


@require_POST
@role_screen(READERS, REFUSAL)
def outbox_resend(request: HttpRequest, email_id: int) -> HttpResponse:
    e = get_object_or_404(OutboundEmail.objects.all(), pk=email_id)
    m = user_of(request).municipality
    assert m is not None
    back = reverse("core:outbox") + "?" + urlencode({"para": e.to}, safe="@")
    try:
        email_resend(actor=actor_of(request), municipality=m, email=e)
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"E-mail a {e.to} de volta à fila; será enviado em instantes.")
    return HttpResponseRedirect(back)

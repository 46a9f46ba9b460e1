"""The confirmation an irreversible act asks before it runs (issue 'back office', item 6).

Server-side, so it works without JavaScript: the first POST of such an act renders a page that
states the act's consequence and re-posts the same fields with ``confirmado=1``; the view runs the
act only when that flag comes back. The consequence is written by the view from the records and the
law (never a legal value typed here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRM_FIELD = "confirmado"

#: Fields never carried to the confirmation: the token (the page renders its own) and the flag.
_NOT_CARRIED = frozenset({"csrfmiddlewaretoken", CONFIRM_FIELD})


def confirmed(request: HttpRequest) -> bool:
    """Did this POST come from the confirmation page?"""
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == "1"


@dataclass(frozen=True)
class Confirmation:
    """What the page says: the act (``title``), its consequence in a person's words, the data the
    clerk typed worth reading again (``details``: label → value) and where "Voltar" goes."""

    title: str
    consequence: str
    back: str
    details: Sequence[tuple[str, str]] = field(default_factory=tuple)
    button: str = "Confirmar"


def ask_confirmation(request: HttpRequest, c: Confirmation) -> HttpResponse:
    """The confirmation page for this POST: the same fields, to the same address, plus the flag."""
    carried = [
        (name, value)
        for name in request.POST
        if name not in _NOT_CARRIED
        for value in request.POST.getlist(name)
    ]
    return render(
        request,
        "core/confirm.html",
        {"c": c, "carried": carried, "action": request.get_full_path(), "flag": CONFIRM_FIELD},
    )

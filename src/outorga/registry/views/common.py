"""What the registry's screens share: competence (``may``, ``deny``, ``competent``), the service
call with the law's refusal or the bad input shown on the form (``attempt``,
``problem_of``), the page of an act on a permit (``permit_page``, the whole step ``permit_step``),
a record's form (``record_form``) and the document a record's page records (``document_from_form``).

Thin: each view parses a form, calls one service and renders the result. Competence is checked by
the services (a refusal of competence answers 403 with the article); the law's refusals come back
with every reason and its article, shown above the form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.access import staff_required
from outorga.core.errors import Refused
from outorga.core.formerrors import form_add, messages_add
from outorga.core.formfields import date_input
from outorga.core.lawseam import LawNotBound, governs, law_of
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import read_upload
from outorga.law.competence import NotCompetent, is_allowed
from outorga.law.decisions import Decision
from outorga.law.interfaces import cited_once

from ..models import Document, Permit
from ..services.common import (
    AlreadyRegistered,
    InvalidTransition,
    Ungoverned,
    governed,
    ungoverned,
)
from ..services.documents import document_record
from ..validation import FieldError, format_plate

#: A date box (the browser's picker, ISO value).
DATE = date_input()


def may(role: str, action: str, service: str) -> bool:
    """Whether ``role`` does ``action`` under the law bound to ``service`` here today (no law
    bound: the service does not exist here)."""
    try:
        law = law_of(current_municipality(), service)
    except LawNotBound:
        return False
    return is_allowed(role, action, law, timezone.localdate())


def deny(request: HttpRequest, exc: NotCompetent) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)


def problem_of(exc: Exception) -> dict[str, Any]:
    """What a refusal or a bad input shows: the message and, for the law, every reason."""
    if isinstance(exc, Refused):
        return {"message": "Recusado pela lei.", "decision": exc.decision.to_json()}
    if isinstance(exc, FieldError):
        cite = f" ({exc.citation})" if exc.citation else ""
        return {"message": f"{exc.field}: {exc.message}{cite}"}
    return {"message": str(exc)}


View = Callable[..., HttpResponse]


def cites(permit: Permit, *concepts: str) -> str:
    """The articles the law governing the permit names for ``concepts`` (its rulebook's CITES)."""
    return cited_once(permit.law, *concepts)


def competent(view: View) -> View:
    """A service that refuses the user's competence answers 403 with who may do it and why."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotCompetent as exc:
            return deny(request, exc)
        except Ungoverned as exc:  # no law governs the permit's service: its page says so
            return _back_to_permit(request, exc)

    return staff_required(wrapper)


def _back_to_permit(request: HttpRequest, refusal: Ungoverned) -> HttpResponse:
    messages_add(request, refusal)
    return redirect("registry:permit", permit_id=refusal.permit.pk)


def ungoverned_back(
    request: HttpRequest, permit: Permit, *, dated_fact: bool = False
) -> HttpResponse | None:
    """Back to the permit's page with the reason, for a permit whose service no law of the
    municipality governs (:class:`Ungoverned`) — what :func:`competent` answers, for a screen of
    another app (a penalty, a vistoria) that acts on the permit: no act under a law can be
    proposed for it. None while a law governs it. ``dated_fact``: a screen whose act judges a
    dated fact (a penalty on an auto) opens once the binding ended too: its service asks the
    law of the fact's date (``services.common.governed``, ADR 0071)."""
    refusal = ungoverned(permit)
    if refusal is None or (dated_fact and governs(permit.municipality, permit.service)):
        return None
    return _back_to_permit(request, refusal)


@dataclass
class Attempt:
    """One service call: its result, or the law's refusal to show, or bad input on the form."""

    value: Any = None
    refused: Decision | None = None
    message: str = ""

    @property
    def done(self) -> bool:
        return self.value is not None


def attempt(form: forms.Form, call: Callable[[], Any]) -> Attempt:
    try:
        return Attempt(value=call())
    except Refused as exc:
        return Attempt(refused=exc.decision, message=str(exc))
    except (InvalidTransition, FieldError) as exc:
        form_add(form, exc)
    return Attempt()


def scoped_permit(permit_id: int, **filters: Any) -> Permit:
    """The permit an act's screen acts on: another municipality's is a 404, whatever its id (the
    scoped manager); one whose service no law governs here is :class:`Ungoverned`, which
    :func:`competent` answers by going back to the permit's page with the reason."""
    return governed(
        get_object_or_404(
            Permit.objects.select_related("holder", "vehicle").filter(**filters), pk=permit_id
        )
    )


def permit_done(request: HttpRequest, permit: Permit, text: str) -> HttpResponse:
    messages.success(request, text)
    return redirect("registry:permit", permit_id=permit.pk)


def permit_page(
    request: HttpRequest,
    permit: Permit,
    form: forms.Form,
    result: Attempt,
    *,
    title: str,
    intro: str,
    submit: str,
    action: str,
    preview: list[Decision] | None = None,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    return render(
        request,
        "registry/permit_action.html",
        {
            "permit": permit,
            "plate": format_plate(permit.vehicle.plate) if permit.vehicle else "—",
            "form": form,
            "refused": result.refused,
            "refused_message": result.message,
            "title": title,
            "intro": intro,
            "submit": submit,
            "allowed": is_allowed(actor_of(request).role, action, permit.law, timezone.localdate()),
            "preview": preview or [],
            **(extra or {}),
        },
    )


Fields = Callable[[dict[str, Any]], dict[str, Any]]


def picked(*names: str) -> Fields:
    """The :data:`Fields` that pass the form's fields ``names`` to the service as they are."""
    return lambda d: {name: d[name] for name in names}


def post_attempt(
    request: HttpRequest, form: forms.Form, act: Callable[..., Any], fields: Fields
) -> Attempt:
    """On a valid POST, ``act`` by the user here, with ``fields`` read from the form's cleaned
    data (its result, or the refusal or bad input ``attempt`` shows); else nothing tried yet."""
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        return attempt(
            form,
            lambda: act(actor=actor_of(request), municipality=current_municipality(), **fields(d)),
        )
    return Attempt()


def permit_attempt(
    request: HttpRequest, permit: Permit, form: forms.Form, act: Callable[..., Any], fields: Fields
) -> Attempt:
    """:func:`post_attempt` of an act on ``permit``."""
    return post_attempt(request, form, act, lambda d: {"permit": permit, **fields(d)})


def permit_step(
    request: HttpRequest,
    permit: Permit,
    form: forms.Form,
    act: Callable[..., Any],
    fields: Fields,
    *,
    done: Callable[[dict[str, Any]], str],
    title: str,
    intro: str,
    submit: str,
    action: str,
) -> HttpResponse:
    """The screen of one step on a permit: :func:`permit_attempt`, and once done back to the
    permit with the message ``done`` makes of the form's cleaned data; else the form's page
    (:func:`permit_page`), with the refusal if there was one."""
    result = permit_attempt(request, permit, form, act, fields)
    if result.done:
        return permit_done(request, permit, done(form.cleaned_data))
    return permit_page(
        request, permit, form, result, title=title, intro=intro, submit=submit, action=action
    )


def existing_offer(exc: FieldError, url_name: str, kwarg: str) -> dict[str, str] | None:
    """The record a refused registration found (a CPF, CNPJ or plate already registered), offered
    beside the form instead of being overwritten."""
    if not isinstance(exc, AlreadyRegistered):
        return None
    return {
        "text": "Este cadastro já existe.",
        "url": reverse(url_name, kwargs={kwarg: exc.existing_id}),
    }


def record_form(
    request: HttpRequest,
    form: forms.Form,
    save: Callable[[dict[str, Any]], Any],
    *,
    title: str,
    submit: str,
    done: Callable[[Any], str],
    url_name: str,
    kwarg: str,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The form of a record's registration or correction (a person, a vehicle): on a valid POST
    ``save`` its cleaned data and go back to the record (``url_name``) with the message ``done``
    makes of it; a record already registered (a CPF, CNPJ or plate) is offered beside the form,
    never overwritten. For views under :func:`competent`, which answers a refused competence."""
    existing = None
    if request.method == "POST" and form.is_valid():
        try:
            saved = save(dict(form.cleaned_data))
        except FieldError as exc:
            form_add(form, exc)
            existing = existing_offer(exc, url_name, kwarg)
        else:
            messages.success(request, done(saved))
            return redirect(url_name, **{kwarg: saved.pk})
    return render(
        request,
        "registry/form.html",
        {"form": form, "title": title, "submit": submit, "existing": existing, **(extra or {})},
    )


def document_from_form(
    request: HttpRequest, law: str, data: dict[str, Any], **owner: Any
) -> Document:
    """The document a record's page (a person's, a vehicle's) describes in its ``DocumentForm``,
    recorded for ``owner`` (``person=`` or ``vehicle=``) by the user here."""
    upload = data.get("file")
    return document_record(
        actor=actor_of(request),
        municipality=current_municipality(),
        law=law,
        doc_type=data["doc_type"],
        issued_on=data["issued_on"],
        number=data["number"],
        category=data["category"],
        valid_until=data.get("valid_until"),
        coverage_cents=data.get("coverage_cents"),
        content=read_upload(upload, "document") if upload else None,
        **owner,
    )

"""The clerk's review of the documents applicants send from the portal: the queue of those
waiting (oldest first), and one document's page with its file, accepted or refused with a reason."""

from __future__ import annotations

import functools
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_POST

from outorga.core import uploads
from outorga.core.access import staff_required
from outorga.core.errors import DomainError, FieldError
from outorga.core.formerrors import form_add, form_messages, messages_add
from outorga.core.listing import page_of
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import NotCompetent

from ..forms import CRLV_END_LABEL, cover_amount_field, cover_end_field
from ..forms_citing import CitingForm
from ..models import Document, DocumentSubmission
from ..selectors import note_as_seen, waiting
from ..services.common import service_law
from ..services.documents import COVERED, END_ASKED, service_takes_cover_end
from ..services.submissions import (
    MIN_REASON,
    submission_accept,
    submission_file,
    submission_refuse,
)
from .common import deny


class RefuseForm(forms.Form):
    reason = forms.CharField(
        label="Motivo da recusa",
        min_length=MIN_REASON,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="O interessado lê este motivo no portal e por e-mail: diga o que corrigir.",
    )


class CoverForm(CitingForm):
    """A policy's end and amount of cover as the clerk reads them on a file sent from the portal."""

    valid_until = cover_end_field()
    coverage_cents = cover_amount_field()

    def __init__(self, *args: Any, doc_type: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        end = self.fields["valid_until"]
        end.required = True  # what the clerk confirms is recorded: a cleared end is not
        end.error_messages["required"] = END_ASKED[Document.Type(doc_type)]
        if doc_type not in COVERED:  # a CRLV: its validity, no amount of cover
            end.label = CRLV_END_LABEL
            del self.fields["coverage_cents"]


@staff_required
def queue(request: HttpRequest) -> HttpResponse:
    rows = waiting(DocumentSubmission, "submitted_at", "person", "vehicle")
    return render(request, "registry/submissions.html", {"listing": page_of(request, rows)})


def _portal_path() -> str:
    # The applicant's page of their documents, where the portal is installed.
    try:
        return reverse("portal:apply")
    except NoReverseMatch:
        return ""


@staff_required
def review(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(
        DocumentSubmission.objects.select_related("person", "vehicle", "reviewed_by"),
        pk=submission_id,
    )
    form = RefuseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            submission_refuse(
                actor=actor_of(request),
                municipality=current_municipality(),
                submission=sub,
                reason=form.cleaned_data["reason"],
                portal_path=_portal_path(),
            )
        except NotCompetent as exc:
            return deny(request, exc)
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(request, f"{sub.type_label} de {sub.person.name}: recusado.")
            return redirect("registry:submissions")
    cover = _cover_form(sub)
    history = (
        DocumentSubmission.objects.filter(
            person=sub.person_id, vehicle=sub.vehicle_id, doc_type=sub.doc_type
        )
        .exclude(pk=sub.pk)
        .order_by("-submitted_at")[:20]
    )
    m = current_municipality()
    try:
        law: str | None = service_law(m, sub.service)
    except FieldError:  # no law governs the service: the page still opens (ADR 0062)
        law = None
    seen = functools.partial(
        note_as_seen, role=actor_of(request).role, doc_type=sub.doc_type, law=law, municipality=m
    )
    return render(
        request,
        "registry/submission.html",
        {
            "sub": sub,
            "reason": seen(sub.refusal_reason),
            "form": form,
            "cover": cover,
            "history": [(h, seen(h.refusal_reason)) for h in history],
        },
    )


def _cover_form(sub: DocumentSubmission, data: Any = None) -> CoverForm | None:
    """The end and amount of cover of a policy the law asks for, as the applicant typed them,
    for the clerk to confirm or correct on the file; None for any other document."""
    if not service_takes_cover_end(current_municipality(), sub.service, sub.doc_type):
        return None
    return CoverForm(
        data,
        initial={"valid_until": sub.valid_until, "coverage_cents": sub.coverage_cents},
        doc_type=sub.doc_type,
    )


@staff_required
@require_POST
def accept(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(DocumentSubmission.objects.select_related("person"), pk=submission_id)
    cover = _cover_form(sub, request.POST)
    if cover is not None and not cover.is_valid():
        form_messages(request, cover, sub.type_label)
        return redirect("registry:submission", submission_id=sub.pk)
    try:
        submission_accept(
            actor=actor_of(request),
            municipality=current_municipality(),
            submission=sub,
            cover=None
            if cover is None
            else (cover.cleaned_data["valid_until"], cover.cleaned_data.get("coverage_cents")),
        )
    except NotCompetent as exc:
        return deny(request, exc)
    except DomainError as exc:
        messages_add(request, exc)
        return redirect("registry:submission", submission_id=sub.pk)
    messages.success(request, f"{sub.type_label} de {sub.person.name}: aceito e registrado.")
    return redirect("registry:submissions")


@staff_required
def file(request: HttpRequest, submission_id: int) -> HttpResponse:
    sub = get_object_or_404(DocumentSubmission.objects.all(), pk=submission_id)
    try:
        data = submission_file(
            actor=actor_of(request), municipality=current_municipality(), submission=sub
        )
    except NotCompetent as exc:
        return deny(request, exc)
    except DomainError as exc:  # no law of the municipality governs its service
        messages_add(request, exc)
        return redirect("registry:submission", submission_id=sub.pk)
    ext = uploads.EXTENSIONS.get(sub.content_type, "bin")
    return uploads.download_response(data, sub.content_type, f"envio-{sub.pk}.{ext}")

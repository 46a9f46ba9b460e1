"""A document's file, served to who may read it (the read is itself an act), and its correction
as a new version with the history of its versions."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.errors import DomainError
from outorga.core.formerrors import form_add
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import download_response, read_upload
from outorga.law.competence import is_allowed
from outorga.law.money import brl

from ..forms import DocumentCorrectionForm
from ..models import Document
from ..selectors import document_law, note_as_seen
from ..services.documents import (
    document_correct,
    document_filename,
    document_read,
    document_versions,
    takes_cover_amount,
    takes_cover_end,
)
from ..validation import FieldError, format_plate
from .common import competent


@competent
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    """An uploaded document, to the users the law lets keep the registry; reading a health or
    criminal record is itself an act."""
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    try:
        m = current_municipality()
        data = document_read(
            actor=actor_of(request), municipality=m, law=document_law(doc, m), doc=doc
        )
    except FieldError as exc:
        messages.error(request, f"{exc.field.capitalize()}: {exc.message}")
        if doc.person_id:
            return redirect("registry:person", person_id=doc.person_id)
        return redirect("registry:vehicle", vehicle_id=doc.vehicle_id)
    return download_response(data, doc.content_type, document_filename(doc))


@competent
def document_edit(request: HttpRequest, doc_id: int) -> HttpResponse:
    """A document corrected (another number, date, category or file) as a new version, with the
    reason; the page lists every version, the current one first."""
    doc = get_object_or_404(Document.objects.select_related("person", "vehicle"), pk=doc_id)
    m = current_municipality()
    law = document_law(doc, m)
    form = DocumentCorrectionForm(
        request.POST or None,
        request.FILES or None,
        initial={
            "number": doc.number,
            "category": doc.category,
            "issued_on": doc.issued_on,
            "valid_until": doc.valid_until,
            "coverage_cents": brl(doc.coverage_cents) if doc.coverage_cents is not None else None,
        },
        cover_end=takes_cover_amount(law, doc.doc_type),
        crlv_end=doc.doc_type == Document.Type.CRLV and takes_cover_end(law, doc.doc_type),
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            doc = document_correct(
                actor=actor_of(request),
                municipality=m,
                law=law,
                doc=doc,
                reason=d["reason"],
                issued_on=d["issued_on"],
                number=d["number"],
                category=d["category"],
                content=read_upload(d["file"], "document") if d["file"] else None,
                valid_until=d.get("valid_until"),
                coverage_cents=d.get("coverage_cents"),
            )
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(request, f"{doc.get_doc_type_display()}: nova versão registrada.")
            return redirect("registry:document_edit", doc_id=doc.pk)
    owner = (
        doc.person.name
        if doc.person
        else f"veículo {format_plate(doc.vehicle.plate)}"
        if doc.vehicle
        else ""
    )
    back = (
        reverse("registry:person", kwargs={"person_id": doc.person_id})
        if doc.person_id
        else reverse("registry:vehicle", kwargs={"vehicle_id": doc.vehicle_id})
    )
    role = actor_of(request).role
    about = functools.partial(
        note_as_seen, role=role, doc_type=doc.doc_type, law=law, municipality=m
    )
    return render(
        request,
        "registry/document.html",
        {
            "doc": doc,
            "owner": owner,
            "back": back,
            "form": form if doc.superseded_at is None else None,
            "versions": [(v, about(v.correction_reason)) for v in document_versions(doc)],
            "can_edit": is_allowed(role, "registry.record", law, timezone.localdate()),
        },
    )

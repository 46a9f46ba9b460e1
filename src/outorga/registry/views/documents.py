"""The uploaded document's file, served to who may read it (the read is itself an act)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from outorga.core.access import staff_required
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import NotCompetent

from ..models import Document
from ..selectors import document_law
from ..services.documents import document_read
from ..validation import FieldError
from .common import deny


@staff_required
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    """An uploaded document, to the users the law lets keep the registry; reading a health or
    criminal record is itself an act."""
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    try:
        m = current_municipality()
        data = document_read(
            actor=actor_of(request), municipality=m, law=document_law(doc, m), doc=doc
        )
    except NotCompetent as exc:
        return deny(request, exc)
    except FieldError as exc:
        messages.error(request, f"{exc.field.capitalize()}: {exc.message}")
        if doc.person_id:
            return redirect("registry:person", person_id=doc.person_id)
        return redirect("registry:vehicle", vehicle_id=doc.vehicle_id)
    response = HttpResponse(data, content_type=doc.content_type)
    response["Content-Disposition"] = f'inline; filename="documento-{doc.pk}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response

"""A refusal on a screen, in one place: the field a :class:`~outorga.core.errors.FieldError` names
gets its message under it (or above the form, naming the field, when the form has no such field);
any other :class:`~outorga.core.errors.DomainError` puts its ``lines()`` — each reason with its
articles — above the form, or in the page's messages when there is no form."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from .errors import DomainError, FieldError


def _field_of(form: forms.BaseForm, name: str) -> str | None:
    """The form's field a service named: by its name or by the start of its label."""
    wanted = name.lower()
    return next(
        (
            n
            for n, f in form.fields.items()
            if wanted == n.lower() or (f.label and str(f.label).lower().startswith(wanted))
        ),
        None,
    )


def form_add(form: forms.BaseForm, exc: DomainError) -> None:
    if isinstance(exc, FieldError):
        cite = f" ({exc.citation})" if exc.citation else ""
        target = _field_of(form, exc.field)
        if target is None:
            form.add_error(None, f"{exc.field.capitalize()}: {exc.message}{cite}")
        else:
            form.add_error(target, f"{exc.message}{cite}")
        return
    for line in exc.lines():
        form.add_error(None, line)


def messages_add(request: HttpRequest, exc: DomainError) -> None:
    for line in exc.lines():
        messages.error(request, line)

"""A refusal on a screen, in one place: the field a :class:`~outorga.core.errors.FieldError` names
(by its name or its label) gets its message under it, or above the form naming the field when the
form has no such field;
any other :class:`~outorga.core.errors.DomainError` puts its ``lines()`` — each reason with its
articles — above the form, or in the page's messages when there is no form. A form's own refusals
read on a page that redirects (``form_lines``/``form_messages``) name each field by its label."""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from .errors import DomainError, FieldError


def _field_of(form: forms.BaseForm, name: str) -> str | None:
    """The form's field a service named: by its name, by the start of its label, or by a word of
    its label (``cnpj`` is the field labelled "CPF ou CNPJ")."""
    wanted = name.lower()
    for n, f in form.fields.items():
        label = str(f.label or "").lower()
        if wanted == n.lower() or label.startswith(wanted) or wanted in re.findall(r"\w+", label):
            return n
    return None


def error_lines(exc: Exception) -> list[str]:
    """The lines a person reads of a refusal (``DomainError.lines()``), or of any other error."""
    return exc.lines() if isinstance(exc, DomainError) else [str(exc)]


def form_add(form: forms.BaseForm, exc: Exception) -> None:
    if isinstance(exc, FieldError):
        cite = f" ({exc.citation})" if exc.citation else ""
        target = _field_of(form, exc.field)
        if target is None:
            form.add_error(None, f"{exc.field.capitalize()}: {exc.message}{cite}")
        else:
            form.add_error(target, f"{exc.message}{cite}")
        return
    for line in error_lines(exc):
        form.add_error(None, line)


def form_lines(form: forms.BaseForm, what: str = "") -> list[str]:
    """A form's refusals as a person reads them, one line a field: the field named by its label
    (the article it cites with it), never by its code; a refusal of the whole form by its text
    alone. ``what``: what was sent, before each line ("Empresa — E-mail: …")."""
    lead = f"{what} — " if what else ""
    lines = []
    for name, errors in form.errors.items():
        text = " ".join(str(e) for e in errors)
        field = form.fields.get(name)
        label = str(field.label or name) if field is not None else ""
        lines.append(f"{lead}{label}: {text}" if label else f"{lead}{text}")
    return lines


def form_messages(request: HttpRequest, form: forms.BaseForm, what: str = "") -> None:
    """``form_lines`` as the page's messages (the screen redirects back to the page)."""
    for line in form_lines(form, what):
        messages.error(request, line)


def messages_add(request: HttpRequest, exc: Exception) -> None:
    for line in error_lines(exc):
        messages.error(request, line)

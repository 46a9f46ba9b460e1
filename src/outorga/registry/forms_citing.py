"""Labels that cite the law. A label never writes an article of a municipal law: it names the
concepts, and each form reads their articles from the ``CITES`` of the law at hand (through the
law seam) when it is built. Shared by every registry forms module."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from django import forms

from outorga.core import lawseam
from outorga.core.tenancy import current_municipality_or_none

from .models import Service

F = TypeVar("F", bound=forms.Field)


def cites(field: F, *concepts: str, lead: str = "", note: str = "") -> F:
    """``field``, its label followed, between brackets, by ``lead``, the articles the law at hand
    names for ``concepts`` and ``note`` (what is left of them is shown: no article where no law
    governs); set on each form by :func:`cite_labels`."""
    field.law_label = (str(field.label), lead, concepts, note)  # type: ignore[attr-defined]
    return field


def cites_choices(field: F, concepts: Mapping[str, str]) -> F:
    """``field``, the label of each choice followed by the articles of its concept."""
    field.law_choices = dict(concepts)  # type: ignore[attr-defined]
    return field


def labelled(label: str, *parts: str) -> str:
    """``label`` with what of ``parts`` is not empty between brackets."""
    shown = "; ".join(p for p in parts if p)
    return f"{label} ({shown})" if shown else label


def service_label(service: str) -> str:
    return Service(service).label if service in Service.values else service


def _laws_of(services: tuple[str, ...]) -> dict[str, list[str]]:
    """The laws governing ``services`` (every service bound in the current municipality when
    none is given), each with the labels of the services it governs, in their order."""
    m = current_municipality_or_none()
    if m is None:
        return {}
    if not services:
        services = tuple(dict.fromkeys(b.service for b in m.law_bindings()))
    laws: dict[str, list[str]] = {}
    for service in services:
        try:
            law = lawseam.law_of(m, service, nearest=True, ended=True)
        except lawseam.LawNotBound:
            continue
        laws.setdefault(law, []).append(service_label(service))
    return laws


def _citer(subject: Any) -> Callable[[tuple[str, ...]], str]:
    """How a form cites ``subject``'s law: a record (a permit, a tender), a law's id, or a tuple
    of services: their law's articles; when the services are none in particular (every one bound)
    or fall under several laws, each law's named by the services it governs ("táxi: art. 11")."""
    if not isinstance(subject, tuple):
        m = current_municipality_or_none()
        return lambda concepts: lawseam.cited_for(subject, *concepts, m=m)
    laws = _laws_of(subject)
    named = not subject or len(laws) > 1

    def cite(concepts: tuple[str, ...]) -> str:
        found = ((services, lawseam.cited_for(law, *concepts)) for law, services in laws.items())
        return "; ".join(
            f"{' e '.join(services)}: {text}" if named else text for services, text in found if text
        )

    return cite


def cite_labels(form: forms.Form, subject: Any) -> None:
    """The labels (and choices) of ``form``'s fields marked by :func:`cites` and
    :func:`cites_choices`, with the articles of ``subject``'s law (see :func:`_citer`)."""
    cite: Callable[[tuple[str, ...]], str] | None = None
    for field in form.fields.values():
        spec = getattr(field, "law_label", None)
        concepts: dict[str, str] | None = getattr(field, "law_choices", None)
        if spec is None and concepts is None:
            continue
        cite = cite or _citer(subject)
        if spec is not None:
            label, lead, names, note = spec
            field.label = labelled(label, lead, cite(names), note)
        if concepts is not None:
            assert isinstance(field, forms.ChoiceField)
            declared: list[tuple[Any, Any]] = list(field.choices)  # type: ignore[arg-type]
            field.choices = [
                (v, labelled(str(text), cite((concepts[v],)) if v in concepts else ""))
                for v, text in declared
            ]


class CitingForm(forms.Form):
    """A form whose labels cite the law at hand: ``law`` is the record the page acts on (a
    permit, a tender: the law it is under), a law's id, or a tuple of services; by default the
    form's :attr:`SERVICES`, every service bound in the municipality when empty."""

    SERVICES: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *args: Any, law: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cite_labels(self, self.SERVICES if law is None else law)

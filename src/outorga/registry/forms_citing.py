"""The registry's forms cite the law at hand (``core.formcites``): a record's (a permit, a tender),
a law's, or the laws of some services, each named by its services. Shared by every registry
forms module."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from outorga.core import formcites, lawseam
from outorga.core.formcites import Citer, cites, cites_choices, labelled
from outorga.core.models import Municipality
from outorga.core.tenancy import current_municipality_or_none

from .models import Service

__all__ = [
    "CitingForm",
    "cite_labels",
    "cited_by_service",
    "cites",
    "cites_choices",
    "labelled",
]


def service_label(service: str) -> str:
    return Service(service).label if service in Service.values else service


def _laws_of(services: tuple[str, ...], m: Municipality | None) -> dict[str, list[str]]:
    """The laws governing ``services`` in ``m`` (every service bound there when none is given),
    each with the labels of the services it governs, in their order."""
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


def cited_by_service(
    m: Municipality | None,
    services: tuple[str, ...],
    concepts: tuple[str, ...],
    *,
    named: bool | None = None,
) -> str:
    """The articles the laws governing ``services`` in ``m`` name for ``concepts``; each law's
    named by the services it governs ("táxi: art. 11; mototáxi e motofrete: art. 5, II") when
    ``named``, by default when the services are none in particular (every one bound) or fall
    under several laws. Empty where no law governs them or names the concepts."""
    laws = _laws_of(services, m)
    if named is None:
        named = not services or len(laws) > 1
    found = ((services, lawseam.cited_for(law, *concepts)) for law, services in laws.items())
    return "; ".join(
        f"{' e '.join(services)}: {text}" if named else text for services, text in found if text
    )


def _citer(subject: Any) -> Citer:
    """How a form cites ``subject``'s law: a record (a permit, a tender), a law's id, or a tuple
    of services: their law's articles; when the services are none in particular (every one bound)
    or fall under several laws, each law's named by the services it governs ("táxi: art. 11")."""
    m = current_municipality_or_none()
    if not isinstance(subject, tuple):
        return lambda concepts: lawseam.cited_for(subject, *concepts, m=m)
    return lambda concepts: cited_by_service(m, subject, concepts)


def cite_labels(form: forms.Form, subject: Any) -> None:
    """The labels (and choices) of ``form``'s fields marked by :func:`cites` and
    :func:`cites_choices`, with the articles of ``subject``'s law (see :func:`_citer`)."""
    formcites.cite_labels(form, _citer(subject))


class CitingForm(forms.Form):
    """A form whose labels cite the law at hand: ``law`` is the record the page acts on (a
    permit, a tender: the law it is under), a law's id, or a tuple of services; by default the
    form's :attr:`SERVICES`, every service bound in the municipality when empty."""

    SERVICES: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *args: Any, law: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            lead = getattr(field, "law_lead", None)
            if lead is not None:
                # Read from the law now (a number it sets), said before the label's articles.
                label, _, concepts, note = field.law_label  # type: ignore[attr-defined]
                field.law_label = (label, lead(), concepts, note)  # type: ignore[attr-defined]
        cite_labels(self, self.SERVICES if law is None else law)

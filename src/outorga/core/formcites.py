"""Labels that cite the law. A label never writes an article of a municipal law: it names the
concepts, and each form reads their articles from the ``CITES`` of the law at hand (through the
law seam) when it is built. Each app says which law is at hand (``registry.forms_citing``: a
record's, a service's; the platforms: the law governing transport by app)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django import forms

F = TypeVar("F", bound=forms.Field)

#: The articles the law at hand names for some concepts ("art. 4, II, b"; empty where none).
Citer = Callable[[tuple[str, ...]], str]


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


def cite_labels(form: forms.Form, cite: Citer) -> None:
    """The labels (and choices) of ``form``'s fields marked by :func:`cites` and
    :func:`cites_choices`, with the articles ``cite`` gives."""
    for field in form.fields.values():
        spec = getattr(field, "law_label", None)
        concepts: dict[str, str] | None = getattr(field, "law_choices", None)
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

"""The term of a grant as the grant forms ask it: taxi art. 10 (the term's inciso, its counterpart
and the instalments each admits) and mototaxi art. 6 (the initial term in years, up to the law's
maximum). Each number is the law's (its ``LIMITS``, through the law seam), never written here."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator

from outorga.core import lawseam
from outorga.core.formerrors import form_add
from outorga.core.tenancy import current_municipality_or_none

from .forms_citing import cites
from .models import PermitTerm, Service
from .services.permits import TERM_LIMIT, taxi_instalments_refusal, term_beyond


def option_choices() -> list[tuple[str, str]]:
    """Taxi art. 10: the term's incisos, each with the years it runs as the law governing taxi
    sets them today ("I: 10 anos"); an inciso alone where the law sets no number here."""
    found = ((o, lawseam.limit_here(Service.TAXI, f"term_years_{o}")) for o in PermitTerm.Option)
    return [(o.value, f"{o.value}: {int(n[0])} anos" if n else o.label) for o, n in found]


def option_field() -> forms.ChoiceField:
    """Taxi art. 10: the term, inciso I or II, its years read from the law when the form is shown
    (:func:`option_choices`)."""
    return cites(forms.ChoiceField(label="Prazo", choices=option_choices), "term")


def mode_field() -> forms.ChoiceField:
    """Taxi art. 10, alínea a or b: the counterpart in money or in services."""
    return cites(forms.ChoiceField(label="Contrapartida", choices=PermitTerm.Mode.choices), "term")


def instalment_limits() -> str:
    """Taxi art. 10, I and II, a: how many instalments each term admits, as the law governing
    taxi sets them today ("até 18 no prazo I, até 36 no prazo II"); empty where it sets none (the
    law core still judges the count at the grant)."""
    found = (
        (o, lawseam.limit_here(Service.TAXI, f"max_instalments_{o}"))
        for o in PermitTerm.Option.values
    )
    return ", ".join(f"até {int(limit[0])} no prazo {o}" for o, limit in found if limit)


def instalments_field() -> forms.IntegerField:
    """Taxi art. 10, a, and D-12: how many instalments the counterpart in money is paid in; its
    label leads with how many each term admits (:func:`instalment_limits`, read when a form is
    built: ``CitingForm``)."""
    field = cites(forms.IntegerField(label="Parcelas", min_value=1, initial=1), "term")
    field.law_lead = instalment_limits  # type: ignore[attr-defined]
    return field


def refuse_instalments_beyond_law(form: forms.Form, on: str) -> None:
    """Taxi art. 10, I and II, a: ``form``'s instalment count beyond the chosen term's maximum,
    as the law governing taxi here judges it on the form's date (its field ``on``), refused under
    the field with the law's reason and articles — before the grant, which in a tender would
    record its winner as refused and call the next applicant for a typo."""
    d, m = form.cleaned_data, current_municipality_or_none()
    asked = ("option", "mode", "instalments", on)
    if m is None or "instalments" not in form.fields or any(d.get(k) is None for k in asked):
        return
    refused = taxi_instalments_refusal(m, d["option"], d["mode"], d["instalments"], d[on])
    if refused is not None:
        form_add(form, refused)


def term_years_field(label: str) -> forms.IntegerField:
    """Mototaxi art. 6: the permission's initial term in years; its maximum is the law's
    (:func:`limit_term_years`)."""
    return cites(forms.IntegerField(label=label, min_value=1), "term")


def limit_term_years(form: forms.Form, *services: str) -> None:
    """Mototaxi art. 6: the longest initial term the laws governing ``services`` allow today,
    offered first and the most ``form``'s ``term_years`` takes, a longer one refused with the
    article (the law core judges the term again at the grant, on its date and service); nothing
    where the form asks no term or no law sets one."""
    field = form.fields.get("term_years")
    found = [limit for s in services if (limit := lawseam.limit_here(s, TERM_LIMIT))]
    if field is None or not found:
        return
    value, law = max(found)
    years = int(value)
    field.initial = field.widget.attrs["max"] = years
    field.validators.append(
        MaxValueValidator(
            years, term_beyond("%(show_value)s", years, lawseam.cited_aside(law, "term"))
        )
    )

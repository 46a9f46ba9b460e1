"""The forms of a taxi permission's extinction (art. 15 I–VIII and its process, §1–2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms

from .forms import DATE, DatedForm, today_initial
from .forms_citing import CitingForm, cites, cites_choices
from .models import Service


class ExtinctionOpenForm(CitingForm):
    """Administrative case for an extinction cause of taxi art. 15 I–VIII (§1): ``causes`` are
    the ones the law governing the permit lists (``interfaces.extinction_causes``)."""

    SERVICES = (Service.TAXI,)

    cause = cites(forms.ChoiceField(label="Causa", choices=()), "extinction_cause")
    facts = cites(
        forms.CharField(label="Fatos constatados", widget=forms.Textarea(attrs={"rows": 3})),
        "extinction_case",
    )
    on = forms.DateField(label="Data da instauração", widget=DATE)
    notified_on = forms.DateField(
        label="Notificado para defesa em (se já notificado)", required=False, widget=DATE
    )

    def __init__(self, *args: Any, causes: Iterable[Any] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["cause"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(c.code, f"{c.inciso} — {c.label_pt}") for c in causes]
        today_initial(self, "on")


class ExtinctionNotifyForm(CitingForm):
    notified_on = forms.DateField(label="Notificado em", widget=DATE)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "notified_on")


class ExtinctionDefenceForm(DatedForm):
    SERVICES = (Service.TAXI,)

    text = cites(
        forms.CharField(label="Defesa do permissionário", widget=forms.Textarea(attrs={"rows": 3})),
        "extinction_case",
    )
    on = forms.DateField(label="Apresentada em", widget=DATE)


class ExtinctionDecideForm(DatedForm):
    SERVICES = (Service.TAXI,)

    extinguish = cites_choices(
        forms.TypedChoiceField(
            label="Decisão",
            choices=[("1", "declarar a extinção sem indenização"), ("0", "arquivar")],
            coerce=lambda v: v == "1",
        ),
        {"1": "extinction_no_indemnity"},
    )
    grounds = forms.CharField(label="Fundamentação", widget=forms.Textarea(attrs={"rows": 3}))
    on = forms.DateField(label="Data da decisão", widget=DATE)

"""The forms of a taxi permission's extinction (art. 15 I–VIII and its process, §1–2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms

from .forms import DATE, DatedForm, today_initial


class ExtinctionOpenForm(forms.Form):
    """Administrative case for an extinction cause of taxi art. 15 I–VIII (§1): ``causes`` are
    the ones the law governing the permit lists (``interfaces.extinction_causes``)."""

    cause = forms.ChoiceField(label="Causa (art. 15)", choices=())
    facts = forms.CharField(
        label="Fatos constatados (art. 15, §1)", widget=forms.Textarea(attrs={"rows": 3})
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


class ExtinctionNotifyForm(forms.Form):
    notified_on = forms.DateField(label="Notificado em", widget=DATE)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        today_initial(self, "notified_on")


class ExtinctionDefenceForm(DatedForm):
    text = forms.CharField(
        label="Defesa do permissionário (art. 15, §1)", widget=forms.Textarea(attrs={"rows": 3})
    )
    on = forms.DateField(label="Apresentada em", widget=DATE)


class ExtinctionDecideForm(DatedForm):
    extinguish = forms.TypedChoiceField(
        label="Decisão",
        choices=[("1", "declarar a extinção (art. 15, §2: sem indenização)"), ("0", "arquivar")],
        coerce=lambda v: v == "1",
    )
    grounds = forms.CharField(label="Fundamentação", widget=forms.Textarea(attrs={"rows": 3}))
    on = forms.DateField(label="Data da decisão", widget=DATE)

"""Form fields more than one app's screens use."""

from __future__ import annotations

from typing import Any

from django import forms

from outorga.law.money import brl
from outorga.law.parameter_input import ValueInvalid, reais_in_cents

#: The most cents a money column holds (a signed 64-bit integer).
MAX_CENTS = 2**63 - 1


class MoneyField(forms.Field):
    """An amount in reais as a person types it (``1.234,56``, ``R$ 45``, ``12,5``) → cents."""

    widget = forms.TextInput(attrs={"inputmode": "decimal", "maxlength": "20"})

    def to_python(self, value: Any) -> int | None:
        text = str(value or "").strip()
        if not text:
            return None
        try:  # "1.500" is mil e quinhentos reais, not R$ 1,50
            cents = reais_in_cents(text)
        except ValueInvalid as exc:
            raise forms.ValidationError(f"valor em reais inválido: {exc}") from None
        if abs(cents) > MAX_CENTS:  # beyond what a column of cents holds
            raise forms.ValidationError("valor em reais grande demais")
        return cents

    def prepare_value(self, value: Any) -> Any:
        """Cents shown back as a person reads them (``R$ 12.000,00``); typed text as typed."""
        return brl(value) if isinstance(value, int) and not isinstance(value, bool) else value


def date_input() -> forms.DateInput:
    """The browser's date picker (``type="date"``) with its value in ISO form, the only one it
    reads: with the locale's ``dd/mm/aaaa`` the initial date (today, a decision's day) is dropped
    and the box shows empty. The picker itself shows the date in Brazilian form."""
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

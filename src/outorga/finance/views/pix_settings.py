"""Finance screen of the PIX settings (the key and the beneficiary of the payment slips)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from outorga.core.formerrors import form_add
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.registry.validation import FieldError

from .. import receiver
from ..models_payments import FinanceSettings
from .common import staff_view


class SettingsForm(forms.Form):
    pix_key = forms.CharField(label="Chave PIX do município", max_length=77)
    merchant_name = forms.CharField(
        label="Nome do recebedor", max_length=60, help_text="até 25 caracteres no PIX"
    )
    merchant_city = forms.CharField(
        label="Cidade do recebedor", max_length=60, help_text="até 15 caracteres no PIX"
    )
    slip_instructions = forms.CharField(
        label="Instruções no documento", max_length=300, required=False
    )
    febraban_code = forms.CharField(
        label="Código FEBRABAN do órgão (arrecadação)",
        max_length=4,
        required=False,
        help_text="4 dígitos, do convênio de arrecadação com o banco; em branco, a guia sai "
        "só com o PIX",
    )
    febraban_check = forms.ChoiceField(
        label="Dígitos verificadores do código de barras",
        choices=FinanceSettings.Check.choices,
        initial=FinanceSettings.Check.MOD10,
        required=False,
        help_text="o que o convênio de arrecadação define",
    )

    def clean_febraban_check(self) -> str:
        return self.cleaned_data["febraban_check"] or FinanceSettings.Check.MOD10


@staff_view
def settings_view(request: HttpRequest) -> HttpResponse:
    current = FinanceSettings.objects.first()
    initial = (
        {
            "pix_key": current.pix_key,
            "merchant_name": current.merchant_name,
            "merchant_city": current.merchant_city,
            "slip_instructions": current.slip_instructions,
            "febraban_code": current.febraban_code,
            "febraban_check": current.febraban_check,
        }
        if current
        else {}
    )
    form = SettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            receiver.finance_settings_save(
                actor=actor_of(request), municipality=current_municipality(), **form.cleaned_data
            )
        except FieldError as exc:
            form_add(form, exc)
        else:
            messages.success(request, "Configuração do PIX salva.")
            return HttpResponseRedirect(reverse("finance:settings"))
    return render(request, "finance/settings.html", {"form": form, "current": current})

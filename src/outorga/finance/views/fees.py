"""Finance screen of the fees charged over the counter (the law's fee table)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from outorga.core.errors import Refused
from outorga.core.formerrors import form_add
from outorga.core.localtime import today_of
from outorga.core.requests import actor_of, user_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import is_allowed
from outorga.registry.models import Permit, Person
from outorga.registry.validation import FieldError

from .. import fees
from .common import money, staff_view


class FeeForm(forms.Form):
    fee = forms.ChoiceField(label="Taxa")
    document = forms.CharField(
        label="CPF/CNPJ de quem paga",
        max_length=20,
        required=False,
        help_text="em branco: o permissionário da permissão informada",
    )
    permit = forms.CharField(label="Número da permissão", max_length=20, required=False)
    on = forms.DateField(
        label="Data da cobrança",
        input_formats=["%d/%m/%Y", "%Y-%m-%d"],
        help_text="dd/mm/aaaa — o valor é o que vigora nesta data",
    )

    def __init__(self, *args: Any, types: list[fees.FeeType], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fee = self.fields["fee"]
        assert isinstance(fee, forms.ChoiceField)
        fee.choices = [(f.key, f"{f.label} ({f.cites})") for f in types]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        document = "".join(ch for ch in data.get("document", "") if ch.isdigit())
        number = (data.get("permit") or "").strip()
        permit = Permit.objects.filter(number=number).first() if number else None
        if number and permit is None:
            self.add_error("permit", "Nenhuma permissão com esse número.")
        person = Person.objects.filter(document=document).first() if document else None
        if document and person is None:
            self.add_error("document", "Nenhuma pessoa cadastrada com esse CPF/CNPJ.")
        if not document and not number:
            raise forms.ValidationError("Informe o CPF/CNPJ de quem paga ou a permissão.")
        data["person"] = person or (permit.holder if permit and not document else None)
        data["permit_row"] = permit
        return data


@staff_view
def fee_charge(request: HttpRequest) -> HttpResponse:
    """Pick the fee and who pays; the amount comes with its article before anything is charged."""
    m = current_municipality()
    types = fees.fee_types(m)
    form = FeeForm(
        request.POST or None, types=types, initial={"on": today_of(m).strftime("%d/%m/%Y")}
    )
    quote = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            if "confirm" in request.POST:
                debt = fees.fee_charge(
                    actor=actor_of(request),
                    municipality=m,
                    person=d["person"],
                    permit=d["permit_row"],
                    fee=d["fee"],
                    on=d["on"],
                )
                messages.success(request, f"Taxa lançada: débito {debt.reference}.")
                return HttpResponseRedirect(reverse("finance:debt", args=[debt.pk]))
            quote = fees.fee_quote(
                municipality=m,
                fee=d["fee"],
                on=d["on"],
                person=d["person"],
                permit=d["permit_row"],
            )
        except (FieldError, Refused) as exc:
            form_add(form, exc)
    return render(
        request,
        "finance/fee_charge.html",
        {
            "form": form,
            "quote": quote,
            "amount": money(quote.amount_cents) if quote and quote.amount_cents else "",
            "person": form.cleaned_data.get("person") if quote else None,
            "permit": form.cleaned_data.get("permit_row") if quote else None,
            "can_charge": is_allowed(user_of(request).role, fees.ACTION, quote.fee.law, today_of(m))
            if quote
            else False,
        },
    )

"""Court suspensions of the rules of the law governing transport by app (D-16)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from outorga.core.models import RuleSuspension, User
from outorga.core.requests import actor_of
from outorga.law.competence import Role
from outorga.platforms.services.rule_suspensions import rule_suspension_record, suspendable_rules

from .common import page_step, screen


class SuspensionForm(forms.Form):
    rule = forms.ChoiceField(label="Regra suspensa", choices=())
    start = forms.DateField(label="Suspensa a partir de", widget=forms.DateInput({"type": "date"}))
    end = forms.DateField(
        label="Até (em branco: sem prazo)", required=False, widget=forms.DateInput({"type": "date"})
    )
    reference = forms.CharField(label="Decisão judicial (tribunal, processo, data)", max_length=300)


@screen()
def suspensions(request: HttpRequest, user: User) -> HttpResponse:
    """Court suspensions of the law's rules (decision D-16): listed for every viewer, recorded by
    the authority."""
    m = user.municipality
    assert m is not None
    rules = suspendable_rules(m)
    form = SuspensionForm(request.POST or None)
    form.fields["rule"].choices = list(rules.items())  # type: ignore[attr-defined]

    def record(data: dict[str, Any]) -> tuple[str, str]:
        rule_suspension_record(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            **data,
        )
        return "Suspensão registrada.", reverse("platforms:suspensions")

    if done := page_step(request, form, record):
        return done
    rows = [
        {"s": s, "label": rules.get(s.rule, s.rule)}
        for s in RuleSuspension.objects.filter(rule__in=list(rules))
    ]
    return render(
        request,
        "platforms/suspensions.html",
        {"rows": rows, "form": form, "is_authority": user.role == Role.AUTORIDADE},
    )

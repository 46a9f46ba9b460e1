"""Court suspensions of the rules of the law governing transport by app (D-16)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from outorga.core.formerrors import messages_add
from outorga.core.models import RuleSuspension
from outorga.core.requests import actor_of
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.rule_suspensions import rule_suspension_record, suspendable_rules

from .common import forbidden, viewer


class SuspensionForm(forms.Form):
    rule = forms.ChoiceField(label="Regra suspensa", choices=())
    start = forms.DateField(label="Suspensa a partir de", widget=forms.DateInput({"type": "date"}))
    end = forms.DateField(
        label="Até (em branco: sem prazo)", required=False, widget=forms.DateInput({"type": "date"})
    )
    reference = forms.CharField(label="Decisão judicial (tribunal, processo, data)", max_length=300)


@login_required
def suspensions(request: HttpRequest) -> HttpResponse:
    """Court suspensions of the law's rules (decision D-16): listed for every viewer, recorded by
    the authority."""
    user = viewer(request)
    if isinstance(user, HttpResponse):
        return user
    m = user.municipality
    assert m is not None
    rules = suspendable_rules(m)
    form = SuspensionForm(request.POST or None)
    form.fields["rule"].choices = list(rules.items())  # type: ignore[attr-defined]
    if request.method == "POST" and form.is_valid():
        try:
            rule_suspension_record(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except NotCompetent as exc:
            return forbidden(request, exc)
        except PlatformError as exc:
            messages_add(request, exc)
        else:
            messages.success(request, "Suspensão registrada.")
            return HttpResponseRedirect(reverse("platforms:suspensions"))
    rows = [
        {"s": s, "label": rules.get(s.rule, s.rule)}
        for s in RuleSuspension.objects.filter(rule__in=list(rules))
    ]
    return render(
        request,
        "platforms/suspensions.html",
        {"rows": rows, "form": form, "is_authority": user.role == Role.AUTORIDADE},
    )

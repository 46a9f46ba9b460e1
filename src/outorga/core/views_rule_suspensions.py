"""The screen of court suspensions of the bound laws' rules (decision D-16): listed for every
servant, recorded by the authority."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from outorga.core.formfields import date_input
from outorga.law.competence import NotCompetent, Role

from .access import forbidden, staff_required
from .errors import FieldError
from .formerrors import form_add
from .models import RuleSuspension
from .requests import actor_of, user_of
from .rule_suspensions import rule_suspension_record, suspendable_rules


class SuspensionForm(forms.Form):
    rule = forms.ChoiceField(label="Regra suspensa", choices=())
    start = forms.DateField(label="Suspensa a partir de", widget=date_input())
    end = forms.DateField(label="Até (em branco: sem prazo)", required=False, widget=date_input())
    reference = forms.CharField(label="Decisão judicial (tribunal, processo, data)", max_length=300)


@staff_required
def rule_suspensions(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    m = user.municipality
    assert m is not None
    rules = suspendable_rules(m)
    form = SuspensionForm(request.POST or None)
    form.fields["rule"].choices = [  # type: ignore[attr-defined]
        (r.rule, f"{r.label} — {r.law_title}") for r in rules.values()
    ]
    if request.method == "POST" and form.is_valid():
        try:
            rule_suspension_record(actor=actor_of(request), municipality=m, **form.cleaned_data)
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        except FieldError as exc:
            form_add(form, exc)
        else:
            messages.success(request, "Suspensão registrada.")
            return HttpResponseRedirect(reverse("core:rule_suspensions"))
    rows = [
        {"s": s, "rule": rules.get(s.rule)}
        for s in RuleSuspension.objects.filter(rule__in=list(rules)).order_by("-start", "-pk")
    ]
    return render(
        request,
        "core/rule_suspensions.html",
        {"rows": rows, "form": form, "is_authority": user.role == Role.AUTORIDADE},
    )

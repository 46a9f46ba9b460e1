"""Screens of the proposal case of suspension and cancellation (art. 26 IV, D-3, D-17)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.formerrors import messages_add
from outorga.core.requests import actor_of
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.services.cases import platform_case_decide, platform_case_open
from outorga.platforms.services.common import PlatformError

from ..models import Platform, PlatformCase
from .common import forbidden, form_step, viewer


class CaseForm(forms.Form):
    kind = forms.ChoiceField(label="Proposta", choices=PlatformCase.Kind.choices)
    infraction_on = forms.DateField(label="Data do fato", widget=forms.DateInput({"type": "date"}))
    grounds = forms.CharField(label="Fundamentos", widget=forms.Textarea({"rows": 3}))
    suspension_days = forms.IntegerField(label="Dias de suspensão", required=False, min_value=1)


class DecideForm(forms.Form):
    uphold = forms.TypedChoiceField(
        label="Decisão",
        choices=[("1", "Acolher a proposta"), ("0", "Rejeitar a proposta")],
        coerce=lambda v: v == "1",
    )
    text = forms.CharField(label="Fundamentação da decisão", widget=forms.Textarea({"rows": 3}))


@login_required
@require_POST
def case_open(request: HttpRequest, platform_id: int) -> HttpResponse:
    user = viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)

    def open_case(data: dict[str, Any]) -> tuple[str, str]:
        case = platform_case_open(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            platform=p,
            kind=data["kind"],
            infraction_on=data["infraction_on"],
            grounds=data["grounds"],
            suspension_days=data["suspension_days"],
        )
        return (
            f"Processo aberto; prazo de defesa até {case.defence_until:%d/%m/%Y}.",
            reverse("platforms:case", args=[case.pk]),
        )

    return form_step(
        request, CaseForm(request.POST), open_case, reverse("platforms:detail", args=[p.pk])
    )


@login_required
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    user = viewer(request, object_page=True)
    if isinstance(user, HttpResponse):
        return user
    case = get_object_or_404(PlatformCase.objects.select_related("platform"), pk=case_id)
    form = DecideForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            platform_case_decide(
                actor=actor_of(request),
                municipality=user.municipality,  # type: ignore[arg-type]
                case=case,
                uphold=form.cleaned_data["uphold"],
                text=form.cleaned_data["text"],
            )
        except NotCompetent as exc:
            return forbidden(request, exc)
        except PlatformError as exc:
            messages_add(request, exc)
        else:
            messages.success(request, "Decisão registrada.")
            return HttpResponseRedirect(reverse("platforms:case", args=[case.pk]))
    decision = case.decision.get("penalty") or case.decision.get("deadlines") or {}
    return render(
        request,
        "platforms/case.html",
        {
            "case": case,
            "form": form,
            "decision": decision,
            "can_decide": user.role == Role.CHEFE_EXECUTIVO and case.status == "open",
        },
    )

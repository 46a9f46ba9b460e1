"""Screens of the proposal case of suspension and cancellation (art. 26 IV, D-3, D-17)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.models import User
from outorga.core.requests import actor_of
from outorga.law.competence import Role
from outorga.platforms.services.cases import platform_case_decide, platform_case_open

from ..models import Platform, PlatformCase
from .common import form_step, page_step, screen


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
    text = forms.CharField(
        label="Fundamentação da decisão (gravidade e reincidência — art. 26, IV)",
        widget=forms.Textarea({"rows": 3}),
    )


@screen(object_page=True, post=True)
def case_open(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
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


@screen(object_page=True)
def case_detail(request: HttpRequest, user: User, case_id: int) -> HttpResponse:
    case = get_object_or_404(PlatformCase.objects.select_related("platform"), pk=case_id)
    form = DecideForm(request.POST or None)

    def decide(data: dict[str, Any]) -> tuple[str, str]:
        platform_case_decide(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            case=case,
            uphold=data["uphold"],
            text=data["text"],
        )
        return "Decisão registrada.", reverse("platforms:case", args=[case.pk])

    if done := page_step(request, form, decide):
        return done
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

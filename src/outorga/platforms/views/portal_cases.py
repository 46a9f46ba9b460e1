"""The platform portal's processes: the proposals to suspend or cancel its credential, with the
term of defence, and the warnings and fines it received, with the appeal period — each page
filing through the same service as the API route (one rule, two doors): the defence
(``platform_case_defend``) and the appeal (``platform_penalty_appeal_file``, channel "portal").

The appeal goes to the authority that decided, which may reconsider it within its period before
sending it up (Lei 9.784/1999 art. 56 §1, D-17): the platform files one appeal, and the page shows
the reconsideration and the judgment as they come. A driver's penalty is the driver's case, not
the platform's (art. 26 caput), as on the API. The API takes no attachments, nor do these pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.localtime import today_of
from outorga.core.pdfkit import pdf_response
from outorga.platforms.services.cases import platform_case_appeal_file, platform_case_defend
from outorga.platforms.services.common import cited
from outorga.platforms.services.penalty_appeals import platform_penalty_appeal_file

from .. import pdf, selectors
from ..models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from .common import as_platform, page_step, platform_screen
from .portal import OPEN_TO_APPEAL, _own


class DefenceForm(forms.Form):
    text = forms.CharField(
        label="Defesa: fatos e fundamentos",
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=20000,
    )


class AppealForm(forms.Form):
    text = forms.CharField(
        label="Razões do recurso: fatos e fundamentos",
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=20000,
    )


def _penalties(platform: Platform) -> Any:
    return PlatformPenalty.objects.filter(platform=platform, driver__isnull=True)


def _appeal_of(x: PlatformPenalty) -> PlatformPenaltyAppeal | None:
    return PlatformPenaltyAppeal.objects.filter(penalty=x).first()


@platform_screen()
def cases(request: HttpRequest, platform: Platform) -> HttpResponse:
    """Every process against the platform, the ones it can still act on first."""
    open_cases = PlatformCase.objects.filter(platform=platform).order_by("status", "defence_until")
    penalties = _penalties(platform).select_related("debt", "appeal")
    return render(
        request,
        "platforms/portal/cases.html",
        {
            "p": platform,
            "cases": open_cases,
            "penalties": penalties,
            "today": today_of(platform.municipality),
            "cites": cited(platform.municipality, "penalties"),
        },
    )


@platform_screen(object_page=True)
def case(request: HttpRequest, platform: Platform, case_id: int) -> HttpResponse:
    """A proposal to suspend or cancel the credential, the platform's defence while open and,
    once decided against it, its appeal (art. 26 sole paragraph; Lei 9.784/1999 art. 59, 56 §1)
    through the same service as the API route."""
    c = _own(platform, PlatformCase, case_id)
    appeal = PlatformCaseAppeal.objects.filter(case=c).first()
    appealing = c.status == PlatformCase.Status.UPHELD and c.annulled_on is None
    form: forms.Form = (
        AppealForm(request.POST or None)
        if appealing
        else DefenceForm(request.POST or None, initial={"text": c.defence_text})
    )

    def defend(data: dict[str, Any]) -> tuple[str, str]:
        again = bool(c.defence_text)
        platform_case_defend(
            **as_platform(request, platform),
            case=c,
            text=data["text"],
        )
        return (
            "Defesa substituída pela nova versão." if again else "Defesa apresentada.",
            reverse("platforms:portal_case", args=[c.pk]),
        )

    def file_appeal(data: dict[str, Any]) -> tuple[str, str]:
        a = platform_case_appeal_file(
            **as_platform(request, platform),
            case=c,
            text=data["text"],
            channel=PlatformPenaltyAppeal.Channel.WEB,
        )
        return (
            f"Recurso apresentado em {a.filed_on:%d/%m/%Y}.",
            reverse("platforms:portal_case", args=[c.pk]),
        )

    if appeal is None and (done := page_step(request, form, file_appeal if appealing else defend)):
        return done
    return render(
        request,
        "platforms/portal/case.html",
        {
            "p": platform,
            "c": c,
            "form": form,
            "appeal": appeal,
            "can_appeal": appealing and appeal is None,
            "appeal_period": selectors.case_appeal_period(c, today_of(platform.municipality))
            if appealing or appeal
            else "",
            "today": today_of(platform.municipality),
            "cites": cited(platform.municipality, "penalties"),
        },
    )


@platform_screen(object_page=True)
def penalty(request: HttpRequest, platform: Platform, penalty_id: int) -> HttpResponse:
    """A warning or fine, its appeal period and the appeal (one per penalty)."""
    x = get_object_or_404(_penalties(platform).select_related("debt"), pk=penalty_id)
    appeal = _appeal_of(x)
    form = AppealForm(request.POST or None)

    def file_appeal(data: dict[str, Any]) -> tuple[str, str]:
        a = platform_penalty_appeal_file(
            **as_platform(request, platform),
            penalty=x,
            text=data["text"],
            channel=PlatformPenaltyAppeal.Channel.WEB,
        )
        until = (
            f"; a autoridade que decidiu pode reconsiderar até {a.reconsider_until:%d/%m/%Y}"
            if a.reconsider_until
            else ""
        )
        return (
            f"Recurso apresentado em {a.filed_on:%d/%m/%Y}{until}.",
            reverse("platforms:portal_penalty", args=[x.pk]),
        )

    if appeal is None and (done := page_step(request, form, file_appeal)):
        return done
    return render(
        request,
        "platforms/portal/penalty.html",
        {
            "p": platform,
            "x": x,
            "appeal": appeal,
            "form": form,
            "can_appeal": appeal is None and x.status in OPEN_TO_APPEAL,
            "today": today_of(platform.municipality),
            "cites": cited(platform.municipality, "penalties"),
        },
    )


@platform_screen(object_page=True)
def penalty_pdf(request: HttpRequest, platform: Platform, penalty_id: int) -> HttpResponse:
    x = get_object_or_404(
        _penalties(platform).select_related("platform", "debt", "imposed_by"), pk=penalty_id
    )
    return pdf_response(pdf.penalty_decision_pdf(x), f"penalidade-{x.pk}.pdf")

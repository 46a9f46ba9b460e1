"""Screens of the proposal case of suspension and cancellation (art. 26 IV, D-3, D-17)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.formcites import cites
from outorga.core.formfields import date_input
from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.law.citations import lei_9784, lei_9784_many
from outorga.law.competence import Role
from outorga.platforms.services.case_annulment import platform_case_annul_ex_officio
from outorga.platforms.services.cases import (
    platform_case_appeal_decide,
    platform_case_appeal_file,
    platform_case_decide,
    platform_case_decision_notice_record,
    platform_case_open,
)

from .. import selectors
from ..models import Platform, PlatformCase, PlatformCaseAppeal
from . import confirmations
from .common import (
    AnnulForm,
    AppsForm,
    PaperAppealForm,
    annul_step,
    as_servant,
    form_step,
    page_step,
    screen,
)


class CaseForm(forms.Form):
    kind = forms.ChoiceField(label="Proposta", choices=PlatformCase.Kind.choices)
    infraction_on = forms.DateField(label="Data do fato", widget=date_input())
    grounds = forms.CharField(label="Fundamentos", widget=forms.Textarea({"rows": 3}))
    suspension_days = forms.IntegerField(label="Dias de suspensão", required=False, min_value=1)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: the platform's page also holds the penalty form, whose "kind" and
        # "infraction_on" would otherwise share the ids, and a label would name two fields.
        kwargs.setdefault("auto_id", "id_case_%s")
        super().__init__(*args, **kwargs)


class DecideForm(AppsForm):
    uphold = forms.TypedChoiceField(
        label="Decisão",
        choices=[("1", "Acolher a proposta"), ("0", "Rejeitar a proposta")],
        coerce=lambda v: v == "1",
    )
    text = cites(
        forms.CharField(label="Fundamentação da decisão", widget=forms.Textarea({"rows": 3})),
        "credential_measures",
        lead="gravidade e reincidência",
    )


class DecisionNoticeForm(forms.Form):
    notice_on = forms.DateField(
        label="Data da notificação da decisão (assinatura, AR ou publicação — decisão D-4)",
        widget=date_input(),
    )


class AppealDecisionForm(forms.Form):
    result = forms.ChoiceField(
        label=f"Decisão do recurso ({lei_9784_many((56, 1), 64)})",
        choices=[
            ("dismissed", "Negar provimento: manter a penalidade"),
            ("upheld", "Dar provimento: anular e restabelecer o credenciamento"),
            ("partial", "Dar provimento em parte: suspensão (mais curta)"),
        ],
    )
    reasoning = forms.CharField(
        label=f"Fundamentação ({lei_9784(50, inc='V')})", widget=forms.Textarea({"rows": 3})
    )
    suspension_days = forms.IntegerField(
        label="Em parte: dias de suspensão, contados da decisão recorrida",
        required=False,
        min_value=1,
    )


#: A step a posted form runs on its data: the message said once done and the page to go to.
Step = Callable[[dict[str, Any]], tuple[str, str]]

#: The staff case page's forms after the decision, chosen by the posted ``acao``; each form's
#: fields are the keywords of the service its step calls.
APPEAL_STEPS = {
    "notificacao": DecisionNoticeForm,
    "recurso": PaperAppealForm,
    "decidir_recurso": AppealDecisionForm,
}


@screen(object_page=True, post=True)
def case_open(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)

    def open_case(data: dict[str, Any]) -> tuple[str, str]:
        case = platform_case_open(
            **as_servant(request, user),
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
    appeal = PlatformCaseAppeal.objects.filter(case=case).first()
    acao = request.POST.get("acao", "") if request.method == "POST" else ""
    forms_of = {
        k: f(request.POST if acao == k else None, prefix=k) for k, f in APPEAL_STEPS.items()
    }
    form = DecideForm(request.POST if request.method == "POST" and not acao else None)
    back = reverse("platforms:case", args=[case.pk])

    def step(service: Callable[..., Any], done: str, **given: Any) -> Step:
        """A step of the case's process: ``service`` called with the posted form's fields (named
        as its keywords) and ``given``; ``done`` said back on the case's page."""

        def run(data: dict[str, Any]) -> tuple[str, str]:
            service(**as_servant(request, user), **given, **data)
            return done, back

        return run

    steps = {
        "": step(platform_case_decide, "Decisão registrada.", case=case),
        "notificacao": step(
            platform_case_decision_notice_record, "Notificação da decisão registrada.", case=case
        ),
        "recurso": step(
            platform_case_appeal_file,
            "Recurso registrado.",
            case=case,
            channel=PlatformCaseAppeal.Channel.PAPER,
        ),
    }
    if appeal is not None:
        steps["decidir_recurso"] = step(
            platform_case_appeal_decide, "Decisão do recurso registrada.", appeal=appeal
        )
    if acao in steps and (
        done := page_step(request, forms_of[acao] if acao else form, steps[acao])
    ):
        return done
    decision = case.decision.get("penalty") or case.decision.get("deadlines") or {}
    upheld = case.status == PlatformCase.Status.UPHELD and case.annulled_on is None
    return render(
        request,
        "platforms/case.html",
        {
            "case": case,
            # The defence's and the appeal's reasons and files, to who receives and judges them
            # (ADR 0070); the others read that they were filed, and when.
            "reads_filings": selectors.reads_platform_filings(user.role, case.municipality),
            "defence_text": selectors.platform_filing_seen(
                case.defence_text, user.role, case.municipality
            ),
            "appeal_text": ""
            if appeal is None
            else selectors.platform_filing_seen(appeal.text, user.role, case.municipality),
            "form": form,
            "decision": decision,
            "appeal_period": selectors.case_appeal_period(case, today_of(case.municipality))
            if case.status == PlatformCase.Status.UPHELD or appeal
            else "",
            "can_decide": user.role == Role.CHEFE_EXECUTIVO and case.status == "open",
            "appeal": appeal,
            "notice_form": forms_of["notificacao"]
            if upheld and case.decision_notice_on is None
            else None,
            "paper_form": forms_of["recurso"] if upheld and appeal is None else None,
            "judge_form": forms_of["decidir_recurso"]
            if appeal is not None
            and appeal.result == PlatformCaseAppeal.Result.PENDING
            and user.role == Role.CHEFE_EXECUTIVO
            else None,
            "annul_form": AnnulForm(),
            "can_annul": upheld
            and user.role == Role.CHEFE_EXECUTIVO
            and (appeal is None or appeal.result != PlatformCaseAppeal.Result.UPHELD),
        },
    )


@screen(object_page=True, post=True)
def case_annul(request: HttpRequest, user: User, case_id: int) -> HttpResponse:
    """The Chief Executive annuls the suspension or cancellation it decided, of its own motion,
    for a vício de legalidade, with its grounds (Lei 9.784/1999 art. 50 and 53, D-17), after a
    confirmation that says what the annulment does."""
    case = get_object_or_404(PlatformCase.objects.select_related("platform"), pk=case_id)

    def annul(data: dict[str, Any]) -> str:
        c = platform_case_annul_ex_officio(
            **as_servant(request, user), case=case, grounds=data["grounds"]
        )
        done = f"Processo anulado de ofício ({lei_9784(53)})."
        over = c.decision.get("platform_cap")  # ADR 0064: the cap of art. 3 §1 exceeded
        return f"{done} {over['message']} ({over['citations']})" if over else done

    return annul_step(
        request,
        lambda grounds: confirmations.case_annul(case, grounds, user),
        annul,
        reverse("platforms:case", args=[case.pk]),
    )

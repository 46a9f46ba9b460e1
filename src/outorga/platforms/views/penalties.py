"""Screens of the platforms' penalties (art. 26 I–II) and what follows them: notice, paper appeal,
the Chief Executive's judgment, the decision's PDF (art. 26 sole paragraph; D-1, D-4, D-17)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.formcites import cites, labelled
from outorga.core.formfields import date_input
from outorga.core.lawseam import appeal_judgment_basis_here, law_of
from outorga.core.listing import page_of
from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.core.pdfkit import pdf_response
from outorga.core.tenancy import current_municipality
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.citations import lei_9784
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import is_allowed
from outorga.law.money import brl
from outorga.platforms.services.common import appeal_extendable, apps_law, cited_here
from outorga.platforms.services.penalties import driver_of, platform_penalty_impose
from outorga.platforms.services.penalty_annulment import platform_penalty_annul_ex_officio
from outorga.platforms.services.penalty_appeals import (
    fine_in_part,
    platform_penalty_appeal_extend,
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
    platform_penalty_reconsider,
)
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

from .. import pdf, selectors
from ..models import (
    InfractionCandidate,
    Platform,
    PlatformCase,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from . import confirmations
from .common import AnnulForm, AppsForm, PaperAppealForm, annul_step, as_servant, form_step, screen


def _upfbg(label: str) -> forms.DecimalField:
    """An optional fine in UPFBG, the municipality's fiscal unit (art. 26, II), to the four
    decimal places the penalty keeps."""
    return forms.DecimalField(label=label, required=False, max_digits=10, decimal_places=4)


class PenaltyForm(AppsForm):
    driver_cpf = cites(
        forms.CharField(label="CPF do motorista", required=False, max_length=14),
        "penalties",
        note="em branco, a penalidade é da própria plataforma",
    )
    kind = forms.ChoiceField(label="Penalidade", choices=PlatformPenalty.Kind.choices)
    infraction_on = forms.DateField(label="Data do fato", widget=date_input())
    description = forms.CharField(label="Fato", widget=forms.Textarea({"rows": 2}))
    reasoning = forms.CharField(label="Fundamentação", widget=forms.Textarea({"rows": 3}))
    fine_upfbg = cites(_upfbg("Multa em UPFBG"), "fine")
    defence_notice_on = forms.DateField(label="Notificação para defesa", widget=date_input())
    defence_judged = forms.BooleanField(label="Defesa apresentada e julgada", required=False)

    UP_TO = {"fine_upfbg": "fine_max"}  # the maximum fine the law sets, in UPFBG


class NoticeForm(forms.Form):
    notice_on = forms.DateField(
        label="Data da notificação (assinatura, AR ou publicação — decisão D-4)",
        widget=date_input(),
    )
    channel = forms.ChoiceField(label="Meio", choices=PlatformPenalty.NoticeChannel.choices)


class JudgeForm(forms.Form):
    upheld = forms.ChoiceField(
        label="Julgamento",
        choices=[
            ("0", "Negar provimento: penalidade confirmada, definitiva"),
            ("1", "Dar provimento: penalidade anulada, multa cancelada ou restituída"),
            (
                "partial",
                "Dar provimento em parte: multa reduzida, a diferença abatida ou restituída "
                f"({lei_9784(64)})",
            ),
        ],
    )
    partial_fine_upfbg = _upfbg("Novo valor da multa em UPFBG (só no provimento em parte)")
    reasoning = forms.CharField(
        label=f"Fundamentação (fatos e fundamentos jurídicos — {lei_9784(50, inc='V')})",
        widget=forms.Textarea({"rows": 4}),
    )


class ExtendForm(forms.Form):
    #: Left to the service: an empty one is refused naming the article (Lei 9.784/1999 art. 59 §2).
    justification = forms.CharField(
        label=f"Justificativa ({extension_cited()})",
        widget=forms.Textarea({"rows": 3}),
        required=False,
    )


class ReconsiderForm(forms.Form):
    result = forms.ChoiceField(
        label="Reconsideração",
        choices=[
            ("confirm", "Manter a decisão e encaminhar o recurso ao Chefe do Executivo"),
            ("annul", "Reconsiderar por inteiro: penalidade anulada"),
            ("partial", "Reconsiderar em parte: reduzir a multa e encaminhar o restante"),
        ],
    )
    fine_upfbg = _upfbg("Novo valor da multa em UPFBG (só na reconsideração em parte)")
    reasoning = forms.CharField(
        label=f"Fundamentação ({lei_9784(50, inc='V')})", widget=forms.Textarea({"rows": 3})
    )


@screen(object_page=True, post=True)
def penalty_impose(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)

    def impose(data: dict[str, Any]) -> tuple[str, str]:
        driver = driver_of(p, data["driver_cpf"])
        penalty, _ = platform_penalty_impose(
            driver=driver,
            **as_servant(request, user),
            platform=p,
            kind=data["kind"],
            infraction_on=data["infraction_on"],
            description=data["description"],
            reasoning=data["reasoning"],
            defence_notice_on=data["defence_notice_on"],
            defence_judged=data["defence_judged"],
            fine_upfbg=data["fine_upfbg"],
        )
        amount = f" de {brl(penalty.amount_cents)}" if penalty.amount_cents else ""
        debt = (
            f" Débito {penalty.debt.reference} lançado na Secretaria de Finanças, vencimento "
            f"em {penalty.debt.due_on:%d/%m/%Y}."
            if penalty.debt
            else ""
        )
        return (
            f"{penalty.get_kind_display().capitalize()}{amount} aplicada a "
            f"{penalty.offender_name}.{debt} Registre a notificação da decisão: "
            + labelled(
                "dela corre o prazo de recurso", cited_here("penalty_appeal"), "decisão D-17"
            )
            + ".",
            reverse("platforms:penalty_detail", args=[penalty.pk]),
        )

    return form_step(
        request, PenaltyForm(request.POST), impose, reverse("platforms:detail", args=[p.pk])
    )


@screen()
def penalties(request: HttpRequest, user: User) -> HttpResponse:
    return render(
        request,
        "platforms/penalties.html",
        {
            "appeals": selectors.appeal_queue(),
            # Art. 26 sole paragraph, D-17: the period to judge them, as the law answers it today.
            "judgment_basis": appeal_judgment_basis_here(Service.APLICATIVO),
            "not_final": selectors.penalties_not_final(),
            # Each history grows without end: one page of it, on its own parameter.
            "penalties": page_of(
                request,
                PlatformPenalty.objects.select_related("platform", "imposed_by", "debt"),
                param="pagina_penalidades",
            ),
            "cases": page_of(
                request,
                PlatformCase.objects.select_related("platform"),
                param="pagina_processos",
            ),
            "candidates": page_of(
                request,
                InfractionCandidate.objects.select_related("platform"),
                param="pagina_candidatos",
            ),
            "today": today_of(user.municipality),
        },
    )


def _penalty(platform_penalty_id: int) -> PlatformPenalty:
    return get_object_or_404(
        PlatformPenalty.objects.select_related("platform", "debt", "imposed_by"),
        pk=platform_penalty_id,
    )


def _appeal(x: PlatformPenalty) -> PlatformPenaltyAppeal:
    return get_object_or_404(PlatformPenaltyAppeal.objects.all(), penalty=x)


@screen(object_page=True)
def penalty_detail(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    """A warning or fine with its notice, appeal and judgment (art. 26 sole paragraph; D-1, D-17):
    the screen of the decision, with the acts that made it."""
    x = _penalty(penalty_id)
    appeal = PlatformPenaltyAppeal.objects.filter(penalty=x).select_related("judged_by").first()
    today = today_of(x.municipality)
    # Lei 9.784/1999 art. 56 §1: until sent up or its period to reconsider ends, the appeal is
    # with the authority that decided; the superior one judges it after (the law refuses before).
    awaits_reconsideration = (
        appeal is not None
        and appeal.result == PlatformPenaltyAppeal.Result.PENDING
        and appeal.forwarded_on is None
        and appeal.reconsider_until is not None
        and today <= appeal.reconsider_until
    )
    law = apps_law(current_municipality())

    def may(action: str) -> bool:
        return is_allowed(user.role, action, law, today)

    return render(
        request,
        "platforms/penalty.html",
        {
            "x": x,
            "appeal": appeal,
            # The appeal's reasons and files, to who receives and judges it (ADR 0070).
            "reads_filings": selectors.reads_platform_filings(user.role, x.municipality),
            "appeal_text": ""
            if appeal is None
            else selectors.platform_filing_seen(appeal.text, user.role, x.municipality),
            "acts": selectors.penalty_acts(x),
            "decision": x.decision,
            # The law that governed the fact names the penalty imposed (a warning, a fine).
            "penalty_cites": interfaces.cited_once(
                law_of(
                    x.municipality, Service.APLICATIVO, x.infraction_on, nearest=True, ended=True
                ),
                "fine" if x.kind == PlatformPenalty.Kind.FINE else "warning",
            ),
            "finality": x.procedure.get("finality") or x.procedure.get("notice") or {},
            "notice_form": NoticeForm(initial={"notice_on": today}),
            "appeal_form": PaperAppealForm(initial={"filed_on": today}),
            "judge_form": JudgeForm(),
            "reconsider_form": ReconsiderForm(),
            "annul_form": AnnulForm(),
            "can_annul": x.status != PlatformPenalty.Status.ANNULLED and may("case.annul"),
            "can_reconsider": awaits_reconsideration and may("appeal.reconsider"),
            "can_notice": x.status == PlatformPenalty.Status.AWAITING_NOTICE
            and may("notice.record"),
            "can_file": appeal is None
            and x.status != PlatformPenalty.Status.ANNULLED
            and may("defence.file"),
            "extend_form": ExtendForm(),
            # Lei 9.784/1999 art. 59 §2: who judges the appeal may extend its period once, with a
            # justification, where the law says it may (the §1 default), while the period runs.
            "can_extend": appeal is not None
            and appeal.result == PlatformPenaltyAppeal.Result.PENDING
            and may("appeal.executive.judge")
            and appeal_extendable(x.municipality, appeal, today),
            "can_judge": appeal is not None
            and appeal.result == PlatformPenaltyAppeal.Result.PENDING
            and not awaits_reconsideration
            and may("appeal.executive.judge"),
            "awaits_reconsideration": awaits_reconsideration,
            "judge_from": appeal.reconsider_until + dt.timedelta(days=1)
            if awaits_reconsideration and appeal is not None and appeal.reconsider_until
            else None,
        },
    )


def _penalty_step(
    request: HttpRequest,
    x: PlatformPenalty,
    form: forms.Form,
    step: Callable[[dict[str, Any]], str],
) -> HttpResponse:
    """A form posted from the penalty's page: ``step`` returns the success message, and either
    outcome goes back to the page."""
    back = reverse("platforms:penalty_detail", args=[x.pk])
    return form_step(request, form, lambda data: (step(data), back), back)


@screen(object_page=True, post=True)
def penalty_notice(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    x = _penalty(penalty_id)

    def record(data: dict[str, Any]) -> str:
        noticed = platform_penalty_notice_record(
            **as_servant(request, user),
            penalty=x,
            notice_on=data["notice_on"],
            channel=data["channel"],
        )
        if noticed.status == PlatformPenalty.Status.FINAL:
            return (
                f"Notificação registrada; o prazo de recurso terminou em "
                f"{noticed.appeal_until:%d/%m/%Y} e a penalidade já é definitiva."
            )
        return f"Notificação registrada; prazo de recurso até {noticed.appeal_until:%d/%m/%Y}."

    return _penalty_step(request, x, NoticeForm(request.POST), record)


@screen(object_page=True, post=True)
def penalty_appeal(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    """A paper appeal delivered to the authority, recorded with its protocol date."""
    x = _penalty(penalty_id)

    def file(data: dict[str, Any]) -> str:
        appeal = platform_penalty_appeal_file(
            **as_servant(request, user),
            penalty=x,
            text=data["text"],
            channel=PlatformPenaltyAppeal.Channel.PAPER,
            filed_on=data["filed_on"],
        )
        return f"Recurso registrado; julgamento até {appeal.judge_until:%d/%m/%Y}."

    return _penalty_step(request, x, PaperAppealForm(request.POST), file)


@screen(object_page=True, post=True)
def penalty_judge(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    x = _penalty(penalty_id)
    appeal = _appeal(x)

    def judge(data: dict[str, Any]) -> str:
        fine = fine_in_part(
            data["upheld"] == "partial", data["partial_fine_upfbg"], "partial_fine_upfbg"
        )
        judged = platform_penalty_appeal_judge(
            **as_servant(request, user),
            appeal=appeal,
            upheld=data["upheld"] == "1",
            partial_fine_upfbg=fine,
            reasoning=data["reasoning"],
        )
        return f"Recurso julgado: {judged.get_result_display()}."

    return _penalty_step(request, x, JudgeForm(request.POST), judge)


@screen(object_page=True, post=True)
def penalty_extend(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    """Who judges the appeal extends its period to judge, once, by as many days, with an explicit
    justification (Lei 9.784/1999 art. 59 §2)."""
    x = _penalty(penalty_id)
    appeal = _appeal(x)

    def extend(data: dict[str, Any]) -> str:
        done = platform_penalty_appeal_extend(
            **as_servant(request, user), appeal=appeal, justification=data["justification"]
        )
        return (
            f"Prazo para julgar prorrogado até {done.judge_until:%d/%m/%Y} ({extension_cited()})."
        )

    return _penalty_step(request, x, ExtendForm(request.POST), extend)


@screen(object_page=True, post=True)
def penalty_reconsider(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    """The deciding authority reconsiders within the period, or sends the appeal up (Lei
    9.784/1999 art. 56 §1, 64; D-17)."""
    x = _penalty(penalty_id)
    appeal = _appeal(x)

    def reconsider(data: dict[str, Any]) -> str:
        done = platform_penalty_reconsider(
            **as_servant(request, user),
            appeal=appeal,
            result=data["result"],
            reasoning=data["reasoning"],
            fine_upfbg=fine_in_part(data["result"] == "partial", data["fine_upfbg"], "fine_upfbg"),
        )
        if done.forwarded_on:
            return (
                f"Reconsideração registrada; recurso encaminhado em {done.forwarded_on:%d/%m/%Y}."
            )
        return "Decisão reconsiderada: penalidade anulada."

    return _penalty_step(request, x, ReconsiderForm(request.POST), reconsider)


@screen(object_page=True, post=True)
def penalty_annul(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    """The authority annuls the warning or fine of its own motion for a vício de legalidade, with
    its grounds (Lei 9.784/1999 art. 50 and 53, D-17), after a confirmation that says what the
    annulment does."""
    x = _penalty(penalty_id)

    def annul(data: dict[str, Any]) -> str:
        platform_penalty_annul_ex_officio(
            **as_servant(request, user), penalty=x, grounds=data["grounds"]
        )
        return f"Penalidade anulada de ofício ({lei_9784(53)})."

    return annul_step(
        request,
        lambda grounds: confirmations.penalty_annul(x, grounds, user),
        annul,
        reverse("platforms:penalty_detail", args=[x.pk]),
    )


@screen(object_page=True)
def penalty_pdf(request: HttpRequest, user: User, penalty_id: int) -> HttpResponse:
    x = _penalty(penalty_id)
    reasons = partial(selectors.platform_filing_seen, role=user.role, m=x.municipality)
    return pdf_response(pdf.penalty_decision_pdf(x, reasons), f"penalidade-{x.pk}.pdf")

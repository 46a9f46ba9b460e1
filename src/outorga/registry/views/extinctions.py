"""Screens for the taxi permission's extinction case (art. 15): opened from the permit, then
notified, defended and decided on its own page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.personaldata import filing_as_seen
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.citations import render_many
from outorga.law.competence import is_allowed
from outorga.law.interfaces import citations, cited, extinction_causes

from ..forms_extinctions import (
    ExtinctionDecideForm,
    ExtinctionDefenceForm,
    ExtinctionNotifyForm,
    ExtinctionOpenForm,
)
from ..models import ExtinctionCase, Service
from ..services import extinctions as extinction_services
from ..services.common import governed
from ..services.extinctions import (
    extinction_decide,
    extinction_decision_action,
    extinction_defence_file,
    extinction_notify,
)
from .common import (
    Attempt,
    attempt,
    cites,
    competent,
    permit_attempt,
    permit_page,
    picked,
    scoped_permit,
)


@competent
def extinction_open(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id, service=Service.TAXI)
    form = ExtinctionOpenForm(
        request.POST or None, causes=extinction_causes(permit.law), law=permit
    )
    result = permit_attempt(
        request,
        permit,
        form,
        extinction_services.extinction_open,
        picked("cause", "facts", "on", "notified_on"),
    )
    if result.done:
        messages.success(request, f"Processo de extinção nº {result.value.number} instaurado.")
        return redirect("registry:extinction", case_id=result.value.pk)
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Instaurar processo de extinção — {permit.number}",
        intro=f"Constatada causa de extinção, instaura-se processo administrativo com "
        f"contraditório e ampla defesa ({cites(permit, 'extinction_case')}). Nada se extingue "
        f"aqui: a "
        f"autoridade competente decide depois da defesa (decisão D-3).",
        submit="Instaurar processo",
        action="extinction.propose",
    )


EXTINCTION_STEPS = {
    "notify": ExtinctionNotifyForm,
    "defence": ExtinctionDefenceForm,
    "decide": ExtinctionDecideForm,
}


def _extinction_confirmation(case: ExtinctionCase, grounds: str) -> Confirmation:
    permit = case.permit
    why = cited(permit.law, "extinction")
    return Confirmation(
        title=f"declarar a extinção da permissão {permit.number}",
        consequence=f"A decisão extingue a permissão {permit.number} de {permit.holder.name}, "
        f"sem indenização" + (f" ({why})" if why else "") + ".",
        back=reverse("registry:extinction", args=[case.pk]),
        details=(("Fundamentação", grounds),),
        button="Confirmar a extinção",
    )


@competent
def extinction_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    case = get_object_or_404(
        ExtinctionCase.objects.select_related("permit", "permit__holder", "decided_by"),
        pk=case_id,
    )
    step = request.POST.get("step", "")
    bound = {
        s: f(request.POST if step == s else None, prefix=s, law=case.permit)
        for s, f in EXTINCTION_STEPS.items()
    }
    result = Attempt()
    if request.method == "POST" and step in bound and bound[step].is_valid():
        form = bound[step]
        d = form.cleaned_data
        may = is_allowed(
            actor_of(request).role,
            extinction_decision_action(case),
            # A step is an act under the permit's law: none where no law governs its service
            # (:func:`competent` goes back to the permit's page with the reason).
            governed(case.permit).law,
            timezone.localdate(),
        )
        if step == "decide" and d["extinguish"] and may and not confirmed(request):
            return ask_confirmation(request, _extinction_confirmation(case, d["grounds"]))
        actor, m = actor_of(request), current_municipality()
        calls: dict[str, Callable[[], Any]] = {
            "notify": lambda: extinction_notify(
                actor=actor, municipality=m, case=case, notified_on=d["notified_on"]
            ),
            "defence": lambda: extinction_defence_file(
                actor=actor, municipality=m, case=case, text=d["text"], on=d["on"]
            ),
            "decide": lambda: extinction_decide(
                actor=actor,
                municipality=m,
                case=case,
                extinguish=d["extinguish"],
                grounds=d["grounds"],
                on=d["on"],
            ),
        }
        result = attempt(form, calls[step])
        if result.done:
            messages.success(request, "Registrado no processo.")
            return redirect("registry:extinction", case_id=case.pk)
    role, day = actor_of(request).role, timezone.localdate()
    law = case.permit.law
    decide_action = extinction_decision_action(case)
    # The case's cause: the article of the causes in the law governing the permit, at its inciso.
    causes = citations(law, "extinction_cause")
    cause_cite = render_many(replace(c, inciso=case.inciso) for c in causes) if causes else ""
    return render(
        request,
        "registry/extinction.html",
        {
            "case": case,
            "permit": case.permit,
            # The holder's defence, to who receives and judges it under the law (ADR 0070).
            "defence_text": filing_as_seen(case.defence, role=role, law=law, on=day),
            "decisions": case.decision.get("decisions", []),
            "forms": bound,
            "refused": result.refused,
            "refused_message": result.message,
            "can_notify": is_allowed(role, "extinction.propose", law, day),
            "can_defend": is_allowed(role, "defence.file", law, day),
            "can_decide": is_allowed(role, decide_action, law, day),
            "cause_cite": cause_cite,
        },
    )

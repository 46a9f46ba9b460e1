"""Penalties the authority applies: the mototaxi suspension found by escalation, the permit's
reinstatement after it, the cassação proposal, and the taxi suspensions (art. 42 IV–V)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.lawseam import cited_for
from outorga.core.requests import user_of
from outorga.enforcement.lawbridge import taxi_like
from outorga.enforcement.models import (
    Case,
    Escalation,
    InfractionNotice,
)
from outorga.enforcement.services.proposals import (
    held_permissions,
    other_commercial_permissions,
    proposal_open_cassacao,
    taxi_cassacao_targets,
)
from outorga.enforcement.services.suspensions import suspension_impose as suspension_impose_service
from outorga.enforcement.services.taxi_suspensions import (
    taxi_register_suspension_impose,
    taxi_suspension_impose,
)
from outorga.enforcement.views.common import (
    acting,
    form_page,
    post_step,
    posted_day,
    staff_only,
    today,
)
from outorga.law import interfaces
from outorga.law.competence import is_allowed
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.services.permit_status import permit_reinstate as permit_reinstate_service
from outorga.registry.validation import FieldError
from outorga.registry.views.common import ungoverned_back


@staff_only
@require_POST
def suspension_impose(request: HttpRequest, escalation_id: int) -> HttpResponse:
    esc = get_object_or_404(Escalation.objects.all(), pk=escalation_id)
    to = reverse("enforcement:queue")
    return post_step(
        request,
        to,
        lambda: suspension_impose_service(
            **acting(request, esc),
            escalation=esc,
            start=posted_day(request, "start"),
        ),
        f"Suspensão do credenciamento do condutor auxiliar por {esc.days} dias aplicada "
        f"(permissão {esc.permit.number})."
        if (esc.decision.get("outcome", {}).get("suspension") or {}).get("target")
        == "credenciamento"
        else f"Suspensão de {esc.days} dias aplicada à permissão {esc.permit.number}.",
    )


@staff_only
@require_POST
def permit_reinstate(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = get_object_or_404(Permit.objects.all(), pk=permit_id)
    to = reverse("enforcement:queue")
    document = request.POST.get("document", "")
    return post_step(
        request,
        to,
        lambda: permit_reinstate_service(
            **acting(request, permit),
            permit=permit,
            on=posted_day(request, "on"),
            proof=request.POST.get("proof", ""),
            document=int(document) if document.isdigit() else None,
        ),
        f"Permissão {permit.number} reativada.",
    )


#: Mototaxi art. 32 III a–h and art. 47: the causes a cassação proposal may rest on (the law core
#: checks each one); the form's field → the fact's kind.
MOTO_CAUSES_FLAGS = (
    "repeat_drunk_driving_proven",
    "transfer_attempt",
    "suspension_breached",
    "sealed_vehicle_operated",
    "term_not_renewed",
    "drug_trafficking_conviction_final",
)
MOTO_CAUSES_NUMBERS = ("criminal_sentence_months", "service_interrupted_days", "ctb_points")


def _moto_causes(post: Any) -> dict[str, Any]:
    return _causes(post, MOTO_CAUSES_FLAGS, MOTO_CAUSES_NUMBERS)


def _causes(post: Any, flags: tuple[str, ...], numbers: tuple[str, ...]) -> dict[str, Any]:
    """The causes a form ticked (``flags``), typed (``numbers``, whole numbers) and listed (the
    other commercial permissions, separated by commas)."""
    causes: dict[str, Any] = {k: True for k in flags if post.get(k) == "1"}
    for k in numbers:
        raw = (post.get(k) or "").strip()
        if raw:
            if not raw.isdigit():
                raise FieldError(k, "informe um número inteiro")
            causes[k] = int(raw)
    others = [x.strip() for x in (post.get("other_commercial_permissions") or "").split(",")]
    if any(others):
        causes["other_commercial_permissions"] = [x for x in others if x]
    return causes


def _case_page(case: Case) -> str:
    return reverse("enforcement:case", args=[case.pk])


@staff_only
def cassacao_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Open a cassação proposal under the permit's own law (mototaxi art. 32 III / 47; taxi art.
    41 §3–4); the Chief Executive decides it after the defence (D-3). Competence: the service."""
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    if (back := ungoverned_back(request, permit, dated_fact=True)) is not None:
        return back
    autos = (
        list(
            InfractionNotice.objects.filter(permit=permit, status=InfractionNotice.Status.ISSUED)
            .select_related("case")
            .order_by("-committed_at", "-id")
        )
        if taxi_like(permit.law)
        else []
    )
    ctx: dict[str, Any] = {
        "permit": permit,
        "taxi": taxi_like(permit.law),
        "cassacao_cite": interfaces.cited(permit.law, "cassacao"),
        "autos": autos,
        "targets": taxi_cassacao_targets(permit),
        "today": today(),
        "data": request.POST or request.GET,
        "can_propose": is_allowed(
            user_of(request).role, "penalty.propose", permit.law, timezone.localdate()
        ),
        "recorded_permissions": other_commercial_permissions(permit),
        # Mototaxi art. 32 IV: each active auxiliary's credential has its own proposal.
        "auxiliaries": []
        if taxi_like(permit.law)
        else list(
            permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).select_related("person")
        ),
    }

    def propose() -> tuple[str, str]:
        p = request.POST
        auto = None
        if p.get("auto", "").isdigit():
            auto = get_object_or_404(InfractionNotice.objects.all(), pk=int(p["auto"]))
        case = proposal_open_cassacao(
            **acting(request, permit),
            permit=permit,
            on=posted_day(request, "on"),
            causes=None if taxi_like(permit.law) else _moto_causes(p),
            auto=auto,
            target=p.get("target", ""),
        )
        return f"Proposta de cassação aberta: processo {case.number}.", _case_page(case)

    return form_page(request, "enforcement/cassacao_form.html", ctx, propose)


#: Mototaxi art. 32 IV a, c, f: the causes against an auxiliary's credential the form ticks.
AUX_CAUSES_FLAGS = ("repeat_drunk_driving_proven", "suspension_breached", "credential_not_renewed")


@staff_only
def auxiliary_cassacao_new(request: HttpRequest, permit_id: int, aux_id: int) -> HttpResponse:
    """Mototaxi art. 32 IV: a proposal to cassar one auxiliary's credential, on the causes the law
    core recognises; the auxiliary defends it and the Chief Executive decides (art. 34 §1–2,
    D-3). Competence: the service (the authority opens it)."""
    permit = get_object_or_404(Permit.objects.select_related("holder"), pk=permit_id)
    if (back := ungoverned_back(request, permit)) is not None:
        return back
    if taxi_like(permit.law):
        raise Http404  # the taxi law cassa the auxiliary's inscription on an auto (art. 41 §3)
    aux = get_object_or_404(
        Auxiliary.objects.select_related("person"),
        pk=aux_id,
        permit=permit,
        status=Auxiliary.Status.ACTIVE,
    )
    ctx: dict[str, Any] = {
        "permit": permit,
        "auxiliary": aux,
        "cassacao_cite": interfaces.cited(permit.law, "cassacao"),
        "today": today(),
        "data": request.POST or request.GET,
        "can_propose": is_allowed(
            user_of(request).role, "penalty.propose", permit.law, timezone.localdate()
        ),
        "recorded_permissions": held_permissions(aux.person),
    }

    def propose() -> tuple[str, str]:
        case = proposal_open_cassacao(
            **acting(request, permit),
            permit=permit,
            on=posted_day(request, "on"),
            causes=_causes(request.POST, AUX_CAUSES_FLAGS, ("criminal_sentence_months",)),
            auxiliary=aux,
        )
        done = f"Proposta de cassação do credenciamento aberta: processo {case.number}."
        return done, _case_page(case)

    return form_page(request, "enforcement/auxiliary_cassacao_form.html", ctx, propose)


@staff_only
def taxi_suspension_new(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Taxi art. 42 IV–V: the authority suspends, for at most 90 days (D-10), the permission (V)
    or the inscription in the Cadastro (IV) of the holder or of one of its auxiliaries."""
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    if (back := ungoverned_back(request, permit, dated_fact=True)) is not None:
        return back
    if not interfaces.cited(permit.law, "cadastro_suspenso"):
        raise Http404
    auxiliaries = list(
        permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).select_related("person")
    )
    # Only a final infraction is punished (D-1; art. 41 caput); the service checks it again.
    autos = list(
        InfractionNotice.objects.filter(
            permit=permit, status=InfractionNotice.Status.ISSUED, case__stage=Case.Stage.FINAL
        )
        .select_related("case", "auxiliary__person")
        .order_by("-committed_at", "-id")
    )
    ctx: dict[str, Any] = {
        "permit": permit,
        "auxiliaries": auxiliaries,
        "autos": autos,
        "today": today(),
        "data": request.POST,
        "can_suspend": is_allowed(
            user_of(request).role, "penalty.suspension", permit.law, timezone.localdate()
        ),
    }

    def suspend() -> tuple[str, str]:
        p = request.POST
        target = p.get("target") or "permissao"
        days = (p.get("days") or "").strip()
        if not days.isdigit() or int(days) < 1:
            raise FieldError(
                "dias",
                f"informe os dias de suspensão ({cited_for(permit, 'suspension_days')}: até 90)",
            )
        start = posted_day(request, "start")
        # Any auto of the municipality (scoped manager): the service refuses another permit's,
        # a cancelled one or one not yet final, citing the article.
        auto = (
            InfractionNotice.objects.filter(pk=int(p["auto"])).first()
            if p.get("auto", "").isdigit()
            else None
        )
        if target == "permissao":
            suspended = taxi_suspension_impose(
                **acting(request, permit),
                permit=permit,
                auto=auto,
                days=int(days),
                start=start,
                reason=p.get("reason", ""),
            )
            done = (
                f"Permissão {suspended.number} suspensa até "
                f"{suspended.suspended_until:%d/%m/%Y} ({cited_for(permit, 'suspension')})."
            )
        elif target in ("cadastro_titular", "cadastro_auxiliar"):
            aux = None
            if target == "cadastro_auxiliar":
                aux = next((a for a in auxiliaries if str(a.pk) == p.get("auxiliary")), None)
                if aux is None:
                    raise FieldError("auxiliar", "escolha o auxiliar ativo desta permissão")
            penalty = taxi_register_suspension_impose(
                **acting(request, permit),
                permit=permit,
                infraction=auto,
                days=int(days),
                start=start,
                reason=p.get("reason", ""),
                auxiliary=aux,
            )
            ends = penalty.imposed_on + dt.timedelta(days=int(days) - 1)
            who = aux.person.name if aux is not None else permit.holder.name
            done = (
                f"Cadastro de taxista de {who} suspenso até {ends:%d/%m/%Y} "
                f"({cited_for(permit, 'cadastro_suspenso')})."
            )
        else:
            raise FieldError("alvo", "escolha a permissão ou o cadastro do titular ou do auxiliar")
        return done, reverse("enforcement:queue")

    return form_page(request, "enforcement/taxi_suspension_form.html", ctx, suspend)

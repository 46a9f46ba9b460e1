"""Web UI of the core: thin views that parse input, call a service or selector, render."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.law import questions
from outorga.law.competence import NotCompetent

from . import selectors, services
from .access import forbidden
from .acts import Actor
from .lawctx import context
from .middleware import client_ip
from .models import Act
from .requests import user_of


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness with a real database round trip."""
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
            cur.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means unhealthy
        return JsonResponse({"status": "erro", "database": str(exc.__class__.__name__)}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        user = form.get_user()
        services.user_login_record(user=user, ip=client_ip(self.request))
        return response


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    return HttpResponseRedirect(reverse("login"))


@login_required
def home(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if user.municipality is None:
        return render(request, "core/no_municipality.html", status=403)
    return render(
        request,
        "core/home.html",
        {"counts": selectors.dashboard_counts(user), "today": timezone.localdate()},
    )


@login_required
def municipality(request: HttpRequest) -> HttpResponse:
    if user_of(request).municipality is None:
        return render(request, "core/no_municipality.html", status=403)
    summary = selectors.municipality_summary(selectors.require_municipality())
    return render(request, "core/municipality.html", {"m": summary})


@login_required
def acts(request: HttpRequest) -> HttpResponse:
    try:
        selectors.require(Actor.of(user_of(request)), "system.audit.read")
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    rows = Act.objects.order_by("-seq")[:200]
    return render(request, "core/acts.html", {"acts": rows})


@login_required
def act_detail(request: HttpRequest, act_id: int) -> HttpResponse:
    try:
        selectors.require(Actor.of(user_of(request)), "system.audit.read")
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    act = get_object_or_404(Act.objects.all(), pk=act_id)
    pretty = json.dumps(act.record, ensure_ascii=False, indent=2)
    return render(request, "core/act_detail.html", {"act": act, "pretty": pretty})


@login_required
def law_questions(request: HttpRequest) -> HttpResponse:
    m = user_of(request).municipality
    laws = set(m.laws) if m else set()
    qs = [q for q in questions.registry().values() if q.law in laws]
    return render(request, "core/law_questions.html", {"questions": qs})


@login_required
def law_explain(request: HttpRequest, qid: str) -> HttpResponse:
    try:
        q = questions.get(qid)
    except KeyError:
        raise Http404 from None
    m = selectors.require_municipality()
    if q.law not in m.laws:
        raise Http404
    decision = None
    errors: list[dict[str, str]] = []
    facts_text = request.POST.get("facts", "{}")
    on_text = request.POST.get("on", timezone.localdate().isoformat())
    if request.method == "POST":
        try:
            facts = json.loads(facts_text)
            on = dt.date.fromisoformat(on_text)
            decision = questions.ask(qid, context(m, on), facts)
        except json.JSONDecodeError as exc:
            errors = [{"field": "fatos", "message": f"JSON inválido (linha {exc.lineno})"}]
        except ValueError as exc:
            if isinstance(exc, questions.FactsInvalid):
                errors = exc.errors
            else:
                errors = [{"field": "data", "message": "data inválida (use AAAA-MM-DD)"}]
    schema = json.dumps(q.facts_schema, ensure_ascii=False, indent=2)
    return render(
        request,
        "core/law_explain.html",
        {
            "q": q,
            "schema": schema,
            "decision": decision,
            "errors": errors,
            "facts_text": facts_text,
            "on_text": on_text,
        },
    )

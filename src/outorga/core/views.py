"""Web UI of the core: thin views that parse input, call a service or selector, render."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django import forms
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.db.models import QuerySet
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
    JsonResponse,
)
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.formfields import date_input
from outorga.law import questions
from outorga.law.competence import NotCompetent

from . import selectors, services
from .access import NOT_STAFF, forbidden
from .actlabels import LABELS, OBJECT_LABELS, act_label, actor_label, object_label, role_label
from .acts import Actor
from .home import work as home_work
from .lawctx import context
from .listing import Column, export_filters, filtered, list_page
from .localtime import today_of
from .middleware import client_ip
from .models import Act, Municipality
from .personaldata import reads_documents_of
from .requests import actor_of, user_of
from .search import fold, words
from .tenancy import tenant


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
        return _system_home(request)
    today = timezone.localdate()
    return render(
        request,
        "core/home.html",
        {
            "queues": home_work(user, today),
            # The municipality's indicators are the staff's; a holder or a platform sees its work.
            "counts": [] if user.role in NOT_STAFF else selectors.dashboard_counts(user),
            "today": today,
        },
    )


def _system_home(request: HttpRequest) -> HttpResponse:
    """The home of a system user (of no municipality): the municipalities, whose acts log and law
    questions it may read, and how a new one is created; nothing of their registries."""
    municipalities = []
    for m in Municipality.objects.order_by("name"):
        with tenant(m):
            laws = m.laws
        municipalities.append(
            {"name": m.name, "uf": m.uf, "ibge_code": m.ibge_code, "slug": m.slug, "laws": laws}
        )
    return render(request, "core/system_home.html", {"municipalities": municipalities})


@login_required
def municipality(request: HttpRequest) -> HttpResponse:
    if user_of(request).municipality is None:
        return render(request, "core/no_municipality.html", status=403)
    summary = selectors.municipality_summary(selectors.require_municipality())
    # The dated data's full history is the staff's page (a holder or a platform reads this one).
    staff = user_of(request).role not in NOT_STAFF
    return render(request, "core/municipality.html", {"m": summary, "staff": staff})


class ActFilterForm(forms.Form):
    de = forms.DateField(label="De", required=False, widget=date_input())
    ate = forms.DateField(label="Até", required=False, widget=date_input())
    # Some two hundred kinds of act: words of the name (or its code), not a list too long to read.
    tipo = forms.CharField(
        label="Ato (palavras do nome)",
        required=False,
        max_length=150,
        help_text='Como aparece na coluna "Ato": por exemplo, "anulado de ofício" ou "pagamento".',
    )
    quem = forms.CharField(label="Quem (nome)", required=False, max_length=150)
    resultado = forms.ChoiceField(
        label="Resultado", required=False, choices=[("", "todos"), *Act.Outcome.choices]
    )
    objeto = forms.ChoiceField(
        label="Registro",
        required=False,
        choices=[("", "todos"), *sorted(OBJECT_LABELS.items(), key=lambda kv: kv[1])],
    )


ACT_LOOKUPS = {
    "de": "created_at__date__gte",
    "ate": "created_at__date__lte",
    "quem": "actor_name__icontains",
    "resultado": "outcome",
    "objeto": "object_type",
}

ACT_COLUMNS = [
    Column("seq", "Nº", lambda a: a.seq, "seq"),
    Column("quando", "Data e hora", lambda a: a.created_at, "created_at"),
    Column("quem", "Quem", lambda a: actor_label(a.actor_name), "actor_name"),
    Column("papel", "Papel", lambda a: role_label(a.role)),
    Column("ato", "Ato", lambda a: act_label(a.action), "action"),
    Column(
        "registro", "Registro", lambda a: f"{object_label(a.object_type)} {a.object_id}".strip()
    ),
    Column("resultado", "Resultado", lambda a: a.get_outcome_display(), "outcome"),
]


def _audited(request: HttpRequest) -> Municipality | None:
    """Whose acts log (or law): the user's municipality; the system administrator (of no
    municipality) names one with ``?municipio=<slug>``."""
    user = user_of(request)
    if user.municipality is not None:
        return user.municipality
    return Municipality.objects.filter(slug=request.GET.get("municipio", "")).first()


def _audit_scope(request: HttpRequest) -> Municipality | HttpResponse:
    """Whose acts log the request reads, or the page shown instead: the refusal of who may not
    audit, the choice of a municipality for the system administrator who named none."""
    try:
        selectors.require(Actor.of(user_of(request)), "system.audit.read")
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    m = _audited(request)
    return _pick_municipality(request) if m is None else m


def _pick_municipality(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "core/acts_pick.html",
        {"municipalities": Municipality.objects.order_by("name")},
    )


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` for the browsers that ask for it: the icon in the static files (resolved
    at request time, after ``collectstatic`` has named it in production)."""
    return HttpResponsePermanentRedirect(static("outorga/favicon.svg"))


def acts_named(text: str) -> list[str]:
    """The codes of the kinds of act whose code is ``text`` or whose name has every word of it
    (case and accents aside): "anulada ofício" finds each annulment of the authority's own
    motion."""
    terms = words(text)
    return [
        code
        for code, label in LABELS.items()
        if code == text.strip() or all(t in fold(label) for t in terms)
    ]


def _acts_narrowed(qs: QuerySet[Act], data: dict[str, Any]) -> QuerySet[Act]:
    qs = filtered(qs, data, ACT_LOOKUPS)
    text = (data.get("tipo") or "").strip()
    return qs.filter(action__in=acts_named(text)) if text else qs


def _system_read(request: HttpRequest, m: Municipality, act: Act | None = None) -> None:
    """The system administrator's reading of ``m``'s log is an act of ``m`` (ADR 0063); a CSV
    is already one (``list.export``)."""
    if user_of(request).municipality is not None or request.GET.get("formato") == "csv":
        return
    read = {"endereco": request.path, "filtros": export_filters(request, ActFilterForm())}
    services.audit_read_record(actor=actor_of(request), municipality=m, read=read, act=act)


@login_required
def acts(request: HttpRequest) -> HttpResponseBase:
    """The acts log, filtered by date, kind, who and outcome at a URL, sorted, paged and exported
    as CSV (what is filtered, whole)."""
    m = _audit_scope(request)
    if isinstance(m, HttpResponse):
        return m
    _system_read(request, m)
    with tenant(m):
        qs = Act.objects.all()
    return list_page(
        request,
        form=ActFilterForm(request.GET or None),
        qs=qs,
        narrow=_acts_narrowed,
        columns=ACT_COLUMNS,
        default_order="-seq",
        filename="registro-de-atos",
        template="core/acts.html",
        context={
            "audited": m,
            "system": user_of(request).municipality is None,
        },
        municipality=m,
    )


@login_required
def act_detail(request: HttpRequest, act_id: int) -> HttpResponse:
    """One act; its record and IP as the reader reads them (``selectors.act_read``: CPFs masked,
    written text reserved and no IP for whoever does not read the record as signed, ADR 0052,
    0063, 0070)."""
    m = _audit_scope(request)
    if isinstance(m, HttpResponse):
        return m
    with tenant(m):
        act = get_object_or_404(Act.objects.all(), pk=act_id)
    _system_read(request, m, act)
    read = selectors.act_read(act, user_of(request), m)
    pretty = json.dumps(read["record"], ensure_ascii=False, indent=2)
    return render(
        request,
        "core/act_detail.html",
        {
            "act": act,
            "pretty": pretty,
            # Masked for who does not read the record whole; or, to an auditor who does not keep
            # the register, the record with its health data reserved (ADR 0077).
            "masked": not reads_documents_of(user_of(request), m),
            "reserved": read["record_masked"],
            "ip": read["ip"],
        },
    )


@login_required
def law_questions(request: HttpRequest) -> HttpResponse:
    """The questions of the laws of the user's municipality (the system user names one)."""
    m = _audited(request)
    if m is None:
        return _pick_municipality(request)
    with tenant(m):
        laws = set(m.laws)
    qs = [q for q in questions.registry().values() if q.law in laws]
    system = user_of(request).municipality is None
    return render(
        request,
        "core/law_questions.html",
        {"questions": qs, "municipio": m.slug if system else ""},
    )


@login_required
def law_explain(request: HttpRequest, qid: str) -> HttpResponse:
    try:
        q = questions.get(qid)
    except KeyError:
        raise Http404 from None
    m = _audited(request)
    if m is None:
        return _pick_municipality(request)
    if q.law not in m.laws:
        raise Http404
    decision = None
    errors: list[dict[str, str]] = []
    facts_text = request.POST.get("facts", "{}")
    # The named municipality's day: the system administrator's request is on no municipality's
    # clock (D-4).
    on_text = request.POST.get("on", today_of(m).isoformat())
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

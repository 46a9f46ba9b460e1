"""What the platforms area's screens share: who may view it (``screen``), the refusal page, a
form citing the apps law (``AppsForm``), a refusal's messages, a form's step posted from a page
or from its own screen, the annulment of the authority's own motion posted from a record's page,
the date a list is seen on."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial, wraps
from typing import Any, ClassVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_POST

from outorga.core import access
from outorga.core.charts import last_months
from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.formcites import cite_labels, cites
from outorga.core.formerrors import form_messages, messages_add
from outorga.core.formfields import date_input
from outorga.core.lawseam import governs, limit_here
from outorga.core.localtime import today_of
from outorga.core.models import Municipality, User
from outorga.core.requests import actor_of, user_of
from outorga.law.bindings import Service
from outorga.law.citations import lei_9784
from outorga.law.competence import NotCompetent, Role
from outorga.law.money import number_br
from outorga.platforms.services.common import PlatformError, cited_here

from .. import selectors
from ..models import Platform
from .confirmations import GROUNDS


def up_to_here(concept: str, unit: str = "") -> str:
    """The maximum the law governing transport by app in the current municipality sets today for
    ``concept`` (its ``LIMITS``: the fine of art. 26, II; a vehicle's age, art. 4, I), as a page
    writes it ("até 500", with ``unit`` "até 10 anos") — never a number written in a screen.
    Empty where no law governs it or sets none, or outside a municipality."""
    found = limit_here(Service.APLICATIVO, concept)
    if found is None:
        return ""
    return f"até {number_br(found[0])}" + (f" {unit}" if unit else "")


class AppsForm(forms.Form):
    """A form whose fields marked by ``cites`` (``core.formcites``) name the articles the law
    governing transport by app here names for their concepts (``cited_here``): no article is
    written in a platforms form. A field of :attr:`UP_TO` leads them with the maximum that law
    sets for its concept (:func:`up_to_here`: "até 500"), no number written in the form either."""

    #: field → the concept of the law's ``LIMITS`` whose maximum leads its label's articles, or
    #: the concept and the unit its number is written with (``("vehicle_age", "anos")``).
    UP_TO: ClassVar[dict[str, str | tuple[str, str]]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, limit in self.UP_TO.items():
            concept, unit = (limit, "") if isinstance(limit, str) else limit
            field = self.fields[name]
            _, _, concepts, note = field.law_label  # type: ignore[attr-defined]
            cites(field, *concepts, lead=up_to_here(concept, unit), note=note)
        cite_labels(self, lambda concepts: cited_here(*concepts))


def month_choices(newest: dt.date, count: int = 12) -> list[tuple[str, str]]:
    """The ``count`` months ending with ``newest``'s, newest first, as a form's choices
    (``("2026-03", "03/2026")``)."""
    return [(f"{d:%Y-%m}", f"{d:%m/%Y}") for d in reversed(last_months(newest, count))]


def forbidden(request: HttpRequest, exc: NotCompetent | PlatformError) -> HttpResponse:
    return access.forbidden(request, str(exc))


#: What each screen of the area does, as its refusal names it (by the URL's name).
ATTEMPTS = {
    "index": "ver as plataformas credenciadas",
    "credential": "credenciar uma plataforma",
    "detail": "ver os dados de uma plataforma",
    "token_issue": "emitir um token de API de plataforma",
    "token_revoke": "revogar um token de API de plataforma",
    "contacts": "alterar os dados de uma plataforma",
    "penalty": "aplicar penalidade a uma plataforma",
    "case_open": "abrir processo contra uma plataforma",
    "case": "ver um processo contra plataforma",
    "shared_cpfs": "ver os CPFs habilitados em várias plataformas",
    "reports": "ver os relatórios mensais das plataformas",
    "report": "ver um relatório mensal de plataforma",
    "complaints": "ver as reclamações contra as plataformas",
    "penalties": "ver as penalidades das plataformas",
    "penalty_detail": "ver uma penalidade de plataforma",
    "penalty_notice": "registrar a notificação de uma penalidade",
    "penalty_appeal": "registrar o recurso de uma plataforma",
    "penalty_judge": "julgar o recurso de uma plataforma",
    "penalty_pdf": "baixar a decisão de uma penalidade",
    "staff": "ver e convidar a equipe de uma plataforma",
    "staff_remove": "remover o acesso de alguém da equipe de uma plataforma",
    "staff_admin": "indicar o administrador de uma plataforma",
    "attachment": "baixar um anexo da defesa ou do recurso de uma plataforma",
}


def attempted(request: HttpRequest) -> str:
    """What the request tried, as a refusal names it."""
    match = request.resolver_match
    return ATTEMPTS.get(match.url_name or "", "abrir esta página") if match else "abrir esta página"


def viewer(request: HttpRequest, *, object_page: bool = False) -> User | HttpResponse:
    user = user_of(request)
    try:
        selectors.require_viewer(user.role, user.municipality, attempted(request))
    except NotCompetent as exc:
        return forbidden(request, exc)
    if user.municipality is None or not governs(user.municipality, Service.APLICATIVO):
        if object_page:
            raise Http404
        return render(request, "platforms/not_applicable.html", status=200)
    return user


def as_servant(request: HttpRequest, user: User) -> dict[str, Any]:
    """Who acts and where on a staff screen: the ``actor`` and ``municipality`` keywords a service
    is called with — the servant signed in, in their login's municipality (``screen`` showed the
    page only where it governs transport by app)."""
    return {"actor": actor_of(request), "municipality": user.municipality}


def as_platform(request: HttpRequest, platform: Platform) -> dict[str, Any]:
    """Who acts and where on a page of the platform portal: the ``actor`` and ``municipality``
    keywords a service is called with — the platform's login signed in, in its platform's
    municipality (``platform_screen`` gave the page that platform only)."""
    return {"actor": actor_of(request), "municipality": platform.municipality}


def screen(
    *, object_page: bool = False, post: bool = False
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A screen of the area: logged in (then, with ``post``, posted), seen by a ``viewer``; the
    view receives that user after the request. ``object_page``: as ``viewer``'s."""

    def guard(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            user = viewer(request, object_page=object_page)
            if isinstance(user, HttpResponse):
                return user
            return view(request, user, *args, **kwargs)

        guarded = require_POST(wrapper) if post else wrapper
        return login_required(guarded)

    return guard


def platform_screen(
    *, object_page: bool = False, post: bool = False
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A page of the platform portal: a login of role plataforma, linked to its platform
    (``selectors.platform_of``), where a law governs transport by app; the view receives that
    platform — the only one whose records it reads. ``object_page``: a page of one record is 404
    where no such law applies (a list says so)."""

    def guard(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            user = user_of(request)
            if user.role != Role.PLATAFORMA.value:
                return access.forbidden(
                    request,
                    "O portal da plataforma é dos usuários das plataformas credenciadas (papel "
                    "Plataforma); os servidores acompanham as plataformas no menu «Plataformas».",
                )
            if user.municipality is None:
                return render(request, "core/no_municipality.html", status=403)
            if not governs(user.municipality, Service.APLICATIVO):
                if object_page:
                    raise Http404
                return render(request, "platforms/not_applicable.html", status=200)
            platform = selectors.platform_of(user)
            if platform is None:
                return render(request, "platforms/portal/not_linked.html", status=403)
            return view(request, platform, *args, **kwargs)

        guarded = require_POST(wrapper) if post else wrapper
        return login_required(guarded)

    return guard


def form_step(
    request: HttpRequest,
    form: forms.Form,
    step: Callable[[dict[str, Any]], tuple[str, str]],
    back: str,
) -> HttpResponse:
    """A page's form posting one step: the form's refusals, or ``step`` run on its data — it
    returns the success message and the page to go to — else the step's refusal; either refusal
    goes back to ``back``. Without competence, the refusal page."""
    if not form.is_valid():
        form_messages(request, form)
        return HttpResponseRedirect(back)
    return run_step(request, step, form.cleaned_data) or HttpResponseRedirect(back)


def page_step(
    request: HttpRequest,
    form: forms.Form,
    step: Callable[[dict[str, Any]], tuple[str, str] | None],
    refused: Callable[[PlatformError], None] | None = None,
) -> HttpResponse | None:
    """A screen's own form: once posted and valid, ``step`` run on its data (as in ``form_step``);
    ``None`` when the screen is to be shown again (not posted, the form's or the step's refusal)."""
    if request.method != "POST" or not form.is_valid():
        return None
    return run_step(request, step, form.cleaned_data, refused)


def run_step(
    request: HttpRequest,
    step: Callable[[dict[str, Any]], tuple[str, str] | None],
    data: dict[str, Any],
    refused: Callable[[PlatformError], None] | None = None,
) -> HttpResponse | None:
    """``step`` run on ``data``: its message and a redirect to its page; without competence the
    refusal page; ``None`` after its refusal — added to the messages, or given to ``refused``
    (a screen that shows it on its form) — or when the step has its answer shown on the screen
    (``step`` returned ``None``)."""
    try:
        done = step(data)
    except NotCompetent as exc:
        return forbidden(request, exc)
    except PlatformError as exc:
        (refused or partial(messages_add, request))(exc)
        return None
    if done is None:
        return None
    message, then = done
    messages.success(request, message)
    return HttpResponseRedirect(then)


class PaperAppealForm(forms.Form):
    """An appeal the platform or the driver filed on paper, typed in by the staff."""

    filed_on = forms.DateField(label="Data do protocolo do recurso", widget=date_input())
    text = forms.CharField(label="Razões do recurso", widget=forms.Textarea({"rows": 3}))


class AnnulForm(forms.Form):
    # Not required here: blank grounds are the law's to refuse, with its article (art. 50).
    grounds = forms.CharField(
        required=False,
        strip=False,
        label=GROUNDS,
        widget=forms.Textarea({"rows": 3}),
        help_text=f"Os fatos e os fundamentos jurídicos ({lei_9784(50, inc='I e VIII')}).",
    )


def annul_step(
    request: HttpRequest,
    confirmation: Callable[[str], Confirmation | None],
    annul: Callable[[dict[str, Any]], str],
    back: str,
) -> HttpResponse:
    """An annulment of the authority's own motion for a vício de legalidade (Lei 9.784/1999 art.
    50 and 53, D-17) posted from its record's page ``back``: with grounds, first the confirmation
    that says what it does (``confirmation`` of the grounds) — blank grounds, or an act this
    person or this state does not allow (``None``), go straight to the service, which says why —
    then ``annul`` run on the :class:`AnnulForm`'s data, returning the success message."""
    grounds = request.POST.get("grounds", "")
    if grounds.strip() and not confirmed(request):
        asked = confirmation(grounds)
        if asked is not None:
            return ask_confirmation(request, asked)
    return form_step(request, AnnulForm(request.POST), lambda data: (annul(data), back), back)


def on_date(request: HttpRequest, municipality: Municipality) -> dt.date:
    """The date a list is seen on: the one asked (``?em=``), else the municipality's today."""
    try:
        return dt.date.fromisoformat(request.GET.get("em", ""))
    except ValueError:
        return today_of(municipality)

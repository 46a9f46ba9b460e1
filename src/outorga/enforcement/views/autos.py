"""The inspector's screens: search, the catalog and the taxi regulation's items, the auto de
infração (lavrar, PDF, cancel) and the seizure on it (apreensão, storage, release)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core import searchtokens
from outorga.core.confirm import ask_confirmation, confirmed
from outorga.core.lawseam import LawNotBound, governs, law_of
from outorga.core.localtime import today_of
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of, user_of
from outorga.core.search import looks_like_document
from outorga.core.searchtokens import SeeOther
from outorga.enforcement import pdf, regulation, selectors
from outorga.enforcement.lawbridge import InfractionKind, catalog, procedure, taxi_like
from outorga.enforcement.models import (
    InfractionNotice,
    Seizure,
    Severity,
    TaxiInfractionItem,
)
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.seizures import (
    seizure_bill_storage,
    seizure_create,
    seizure_release,
    storage_days,
)
from outorga.enforcement.views import confirmations
from outorga.enforcement.views.common import (
    ERRORS,
    acting,
    back,
    case_step,
    date_from,
    form_page,
    post_step,
    posted_day,
    staff_only,
    today,
    uploaded_files,
)
from outorga.law import interfaces
from outorga.law.bindings import SERVICE_LABELS
from outorga.law.competence import is_allowed
from outorga.law.money import brl
from outorga.law.parameter_input import ValueInvalid, reais_in_cents
from outorga.public.selectors.badges import badge_status
from outorga.registry.models import Auxiliary, Permit, Service
from outorga.registry.selectors import SEES_DOCUMENT
from outorga.registry.validation import FieldError
from outorga.registry.views.common import ungoverned_back

# --- inspector ---------------------------------------------------------------------------------------


def _private(q: str) -> bool:
    """A search that is a CPF or a CNPJ, with or without its punctuation (a badge's token or serial
    has letters among its digits and keeps its plain address)."""
    return looks_like_document(q)


def _search_url(request: HttpRequest, q: str) -> str:
    """The address of the result of ``q``: ``?q=`` for a plate, a permit, a badge or a name, as
    before; a token kept in the session for a document (``core.searchtokens``, LGPD)."""
    return searchtokens.address(
        request, reverse("enforcement:index"), {"q": q}, private=_private(q)
    )


@staff_only
def index(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        return SeeOther(_search_url(request, request.POST.get("q", "").strip()))
    if _private(request.GET.get("q", "")):
        # An old link or a typed address: the document leaves the address at once.
        return SeeOther(_search_url(request, request.GET["q"].strip()))
    q, token, expired = searchtokens.searched(request)
    # As the registry's search: a CPF typed by a role that sees it masked finds no one (LGPD).
    by_document = user_of(request).role in SEES_DOCUMENT
    results = selectors.search(q, by_document=by_document) if q else []
    badge = selectors.search_badge(q) if q else None
    return render(
        request,
        "enforcement/index.html",
        {
            "q": q,
            "busca": token,
            "expired": expired,
            "results": results,
            "badge": badge,
            "badge_status": badge_status(badge, today()) if badge is not None else None,
            "autos": selectors.autos_recent(20),
            "role": user_of(request).role,
            "regulation_law": regulation.delegating_law(user_of(request).municipality),  # type: ignore[arg-type]
            "unlicensed": unlicensed_offers(user_of(request).municipality) if q else [],
            "earlier": selectors.autos_without_permit(q, by_document=by_document) if q else [],
            "app_drivers": selectors.platform_drivers(q, by_document=by_document) if q else [],
        },
    )


def unlicensed_offers(m: Any) -> list[dict[str, str]]:
    """For a plate or document with no permit: an auto for service without one, for each service
    whose law in force today has that provision (mototaxi art. 35, taxi art. 16; transport by app,
    the irregular service that seizes the vehicle, Barra do Garças art. 26, III)."""
    out = []
    for service, label in SERVICE_LABELS.items():
        try:
            law = law_of(m, service, today())
        except LawNotBound:
            continue
        if procedure(law).unlicensed is not None:
            out.append(
                {"service": service, "label": label, "cite": interfaces.cited(law, "unlicensed")}
            )
    return out


def _catalog(law: str) -> list[InfractionKind]:
    return catalog(law, selectors.taxi_items(today()), today())


#: The picker shows the most serious natures first: what an inspector looks for in the street.
_NATURE_ORDER = [Severity.GRAVISSIMA, Severity.GRAVE, Severity.MEDIA, Severity.LEVE]


def _article(citation: str) -> str:
    """ "Lei …, art. 38, I" → "art. 38, I": the law is the form's, the article tells the items
    apart; a citation without an article is shown whole."""
    at = citation.find("art.")
    return citation[at:] if at >= 0 else citation


def infraction_groups(kinds: list[InfractionKind]) -> list[dict[str, Any]]:
    """The catalog grouped by nature (gravíssima first), each item with its article, for the
    auto form's list of choices; natures the law adds beyond the four come last."""
    order = [str(s) for s in _NATURE_ORDER]
    natures = sorted(
        dict.fromkeys(k.severity for k in kinds),
        key=lambda n: order.index(n) if n in order else len(order),
    )
    return [
        {
            "nature": nature,
            "label": next(k.severity_label for k in kinds if k.severity == nature),
            "kinds": [
                {
                    "code": k.code,
                    "description": k.description,
                    "article": _article(k.citation),
                    "seizure": k.seizure,
                }
                for k in kinds
                if k.severity == nature
            ],
        }
        for nature in natures
    ]


def unlicensed_first(
    law: str, kinds: list[InfractionKind], unlicensed: bool
) -> list[InfractionKind]:
    """The catalog with the provision for service without a permit first, when the auto has no
    permit; the catalog's own version of it (a regulation's nature) wins over the law's."""
    provision = procedure(law).unlicensed
    if not unlicensed or provision is None:
        return kinds
    listed = [k for k in kinds if k.code == provision.code]
    return (listed or [provision]) + [k for k in kinds if k.code != provision.code]


def _is_document(text: str) -> bool:
    return len("".join(c for c in text if c.isdigit())) in (11, 14)


def measure_choices(law: str) -> list[dict[str, str]]:
    """The administrative measures the law lets the agent apply with the auto (taxi art. 42),
    each with its article; none where the law has none."""
    return [{"code": c, "label": label} for c, label in interfaces.measures(law).items()]


def _unlicensed_law(m: Any, request: HttpRequest) -> str:
    """The law an auto without a permit applies: the one named (``law``), or the one bound on the
    day to the service named (``servico``, mototáxi by default) — service without a permit is an
    infraction of the law of the service performed (mototaxi art. 35, taxi art. 16)."""
    named = request.POST.get("law") or request.GET.get("law")
    if named:
        return named
    service = request.POST.get("servico") or request.GET.get("servico") or Service.MOTOTAXI
    try:
        return law_of(m, service, today())
    except LawNotBound:
        raise Http404 from None


@staff_only
def taxi_items(request: HttpRequest) -> HttpResponse:
    """The taxi regulation's infraction items (art. 43, D-10) with their versions: every servant
    sees them; the administrator records a new item or version, or closes one (D-15)."""
    m = user_of(request).municipality
    assert m is not None
    law = regulation.delegating_law(m)
    if law is None:
        raise Http404
    can = is_allowed(user_of(request).role, regulation.ACTION, None, timezone.localdate())
    if request.method == "POST":
        to = reverse("enforcement:taxi_items")
        try:
            if "close" in request.POST:
                item = get_object_or_404(TaxiInfractionItem.objects.all(), pk=request.POST["close"])
                regulation.taxi_item_close(
                    actor=actor_of(request),
                    municipality=m,
                    item=item,
                    valid_until=date_from(request.POST.get("valid_until")),
                    reference=request.POST.get("reference", ""),
                )
                messages.success(request, f"Item {item.code} encerrado.")
            else:
                item = regulation.taxi_item_record(
                    actor=actor_of(request),
                    municipality=m,
                    code=request.POST.get("code", ""),
                    description=request.POST.get("description", ""),
                    nature=request.POST.get("nature", ""),
                    reference=request.POST.get("reference", ""),
                    valid_from=date_from(request.POST.get("valid_from")),
                    example=bool(request.POST.get("example")),
                )
                messages.success(
                    request, f"Item {item.code} em vigor desde {item.valid_from:%d/%m/%Y}."
                )
        except FieldError as exc:
            return back(request, exc, to)
        return HttpResponseRedirect(to)
    return render(
        request,
        "enforcement/taxi_items.html",
        {
            "regulation_cite": procedure(law).regulation.render(),  # type: ignore[union-attr]
            "law": law,  # the fines' natures cited from it (art. 41 §2 in the taxi law)
            "items": TaxiInfractionItem.objects.order_by("code", "valid_from"),
            "natures": Severity.choices,
            "can": can,
            "today": today(),
        },
    )


@staff_only
def auto_new(request: HttpRequest) -> HttpResponse:
    if request.method == "GET" and _private(request.GET.get("q", "")):
        # An old link from the search (``?q=<CPF>``): the document leaves the address at once.
        moved = request.GET.dict()
        return SeeOther(searchtokens.address(request, request.path, moved, private=True))
    permit = None
    if request.GET.get("permit") or request.POST.get("permit"):
        permit = get_object_or_404(
            Permit.objects.select_related("holder", "vehicle"),
            pk=request.GET.get("permit") or request.POST.get("permit"),
        )
    m = user_of(request).municipality
    assert m is not None
    if permit is not None and not governs(m, permit.service):
        # No law of the municipality governs the permit's service: back to it, saying so. One
        # whose binding ended still takes an auto for a fact of while it was in force (its date
        # is asked by the service, which refuses a later one: ADR 0062).
        back = ungoverned_back(request, permit)
        if back is not None:
            return back
    law = permit.law if permit else _unlicensed_law(m, request)
    if law not in m.laws:
        raise Http404
    hint = searchtokens.searched(request)[0]
    ctx: dict[str, Any] = {
        "permit": permit,
        "law": law,
        "taxi_like": taxi_like(law),
        "warning_cite": interfaces.cited(law, "warning"),
        # Without a permit a warning is offered only where the law admits it (taxi art. 41 §1);
        # mototaxi art. 35 and apps art. 26, III seize the vehicle instead.
        # and only to a role the law gives it (taxi art. 41, I; art. 46: the authority applies it
        # on the case, ADR 0067; mototaxi art. 31 §3: the inspector on the auto).
        "warning_offered": (permit is not None or procedure(law).unlicensed_admits_warning)
        and is_allowed(user_of(request).role, "penalty.warning", law, today_of(m)),
        "unlicensed_cite": interfaces.cited(law, "unlicensed") if permit is None else "",
        "measures": measure_choices(law),
        "measures_checked": request.POST.getlist("measures"),
        # From the search that found no permit: a plate, or a CPF/CNPJ (by its token, LGPD).
        "plate_hint": "" if _is_document(hint) else hint,
        "document_hint": hint if _is_document(hint) else "",
        # Without a permit, the provision for service without one comes first (mototaxi art. 35,
        # taxi art. 16) — once: a regulation that classifies it lists it in the catalog.
        "groups": infraction_groups(unlicensed_first(law, _catalog(law), permit is None)),
        "auxiliaries": list(Auxiliary.objects.filter(permit=permit, status="active"))
        if permit
        else [],
        "now": timezone.localtime(),
        "data": request.POST,
    }

    def issue() -> tuple[str, str]:
        p = request.POST
        when = dt.datetime.combine(
            posted_day(request, "date"),
            dt.time.fromisoformat(p.get("time") or timezone.localtime().strftime("%H:%M")),
        )
        gps = None
        if p.get("lat") and p.get("lon"):
            gps = (float(p["lat"]), float(p["lon"]))
        aux = None
        if p.get("committed_by") == "auxiliary" and p.get("auxiliary"):
            aux = get_object_or_404(Auxiliary.objects.all(), pk=p["auxiliary"])
        auto = infraction_issue(
            actor=actor_of(request),
            municipality=user_of(request).municipality,  # type: ignore[arg-type]
            code=p.get("code", ""),
            committed_at=timezone.make_aware(when),
            place=p.get("place", ""),
            description=p.get("description", ""),
            agent_registration=p.get("agent_registration", ""),
            plate=p.get("plate", ""),
            permit=permit,
            law=law,
            committed_by=p.get("committed_by", "holder"),
            auxiliary=aux,
            offender_name=p.get("offender_name", ""),
            offender_document=p.get("offender_document", ""),
            offender_signed=p.get("signature") == "signed",
            refusal_certified=p.get("signature") == "refused",
            witnesses=[p.get("witness_1", ""), p.get("witness_2", "")],
            gps=gps,
            photos=uploaded_files(request, "photos"),
            warning=p.get("warning") == "1",
            warning_fixable=p.get("warning_fixable") == "1",
            warning_harmless=p.get("warning_harmless") == "1",
            measures=p.getlist("measures"),
            measure_fixable_on_site=p.get("measure_fixable_on_site") == "1",
            measure_safe=p.get("measure_safe") == "1",
        )
        return f"Auto {auto.number} lavrado.", reverse("enforcement:case", args=[auto.case.pk])

    return form_page(request, "enforcement/auto_form.html", ctx, issue, (*ERRORS, ValueError))


@staff_only
def auto_pdf(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.all(), pk=auto_id)
    registration = selectors.offender_registration_as_seen(auto, actor_of(request).role)
    return pdf_response(pdf.auto_pdf(auto, registration), f"{auto.number}.pdf")


@staff_only
@require_POST
def auto_cancel(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.all(), pk=auto_id)
    if not confirmed(request):
        return ask_confirmation(
            request, confirmations.auto_cancel(auto, request.POST.get("reason", ""))
        )
    return case_step(
        request,
        auto.case.pk,
        lambda: infraction_cancel(
            **acting(request, auto),
            auto=auto,
            reason=request.POST.get("reason", ""),
        ),
        "Auto cancelado.",
    )


# --- seizures ------------------------------------------------------------------------------------


@staff_only
def seizure_detail(request: HttpRequest, seizure_id: int) -> HttpResponse:
    s = get_object_or_404(
        Seizure.objects.select_related("auto", "fine_debt", "removal_debt"), pk=seizure_id
    )
    debts = [d for d in (s.fine_debt, s.removal_debt) if d] + list(s.storage_debts.all())
    return render(
        request,
        "enforcement/seizure.html",
        {
            "s": s,
            "debts": [(d, brl(d.amount_cents)) for d in debts],
            "days": storage_days(s, today()),
            "daily": brl(s.storage_daily_cents),
            "today": today(),
            "release_cite": interfaces.cited(s.law, "seizure"),
            "fine_releases": bool(s.fine_debt_id),
        },
    )


def _reais(request: HttpRequest, name: str, field: str) -> int:
    """An amount in reais as a person types it in Brazil (``1.234,56``, ``R$ 150``, ``20,5``) →
    cents; refused naming the field, never read as a float ("1.500" is mil e quinhentos)."""
    try:
        return reais_in_cents(request.POST.get(name) or "0")
    except ValueInvalid as exc:
        raise FieldError(field, f"valor em reais inválido: {exc}") from None


@staff_only
@require_POST
def seizure_new(request: HttpRequest, auto_id: int) -> HttpResponse:
    auto = get_object_or_404(InfractionNotice.objects.select_related("permit"), pk=auto_id)
    to = reverse("enforcement:case", args=[auto.case.pk])
    try:
        s = seizure_create(
            **acting(request, auto),
            person=None,
            plate=auto.plate,
            depot=request.POST.get("depot", ""),
            entered_on=posted_day(request, "entered_on"),
            removal_cents=_reais(request, "removal", "remoção"),
            storage_daily_cents=_reais(request, "daily", "estadia por dia"),
            auto=auto,
        )
    except (*ERRORS, ValueError) as exc:
        return back(request, exc, to)
    return HttpResponseRedirect(reverse("enforcement:seizure", args=[s.pk]))


@staff_only
@require_POST
def seizure_action(request: HttpRequest, seizure_id: int, action: str) -> HttpResponse:
    s = get_object_or_404(Seizure.objects.all(), pk=seizure_id)
    on = today()
    steps = {
        "estadia": lambda: seizure_bill_storage(**acting(request, s), seizure=s, through=on),
        "liberar": lambda: seizure_release(**acting(request, s), seizure=s, on=on),
    }
    if action not in steps:
        raise Http404
    return post_step(request, reverse("enforcement:seizure", args=[s.pk]), steps[action], "Feito.")

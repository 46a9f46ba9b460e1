"""Web UI of the inspections area: the queue, the checklist an inspector fills standing next to the
vehicle (phone width), the result, the laudo PDF, companies and their credentials, and the holder's
own laudos in the portal. Thin: parse, call one service or selector, render."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from outorga.core.access import forbidden
from outorga.core.formerrors import error_lines, form_lines, messages_add
from outorga.core.formfields import date_input
from outorga.core.lawseam import cited_for
from outorga.core.listing import page_of
from outorga.core.models import User
from outorga.core.pdfkit import private_pdf_response
from outorga.core.requests import actor_of, user_of
from outorga.core.tenancy import current_municipality_or_404
from outorga.law import interfaces
from outorga.law.competence import NotCompetent, Role, is_allowed
from outorga.law.questions import FactsInvalid
from outorga.platforms.models import PlatformDriver
from outorga.registry.acting import speaks_for
from outorga.registry.models import Permit, Vehicle
from outorga.registry.views.common import ungoverned_back

from . import orders, pdf, selectors, services
from .models import CompanyToken, Inspection, InspectionCompany, InspectionItem, InspectionOrder

STAFF = selectors.STAFF


def _staff_only(request: HttpRequest) -> HttpResponse | None:
    if Role(user_of(request).role) not in STAFF:
        return forbidden(request, "Área dos servidores municipais.")
    return None


def _errors(exc: Exception) -> list[str]:
    """A checklist the law core's facts schema refuses names each field; any other refusal reads as
    on every screen (``core.formerrors``)."""
    if isinstance(exc, FactsInvalid):
        return [f"{e['field']}: {e['message']}" for e in exc.errors]
    return error_lines(exc)


@login_required
@require_GET
def queue(request: HttpRequest) -> HttpResponse:
    m = current_municipality_or_404()
    if (denied := _staff_only(request)) is not None:
        return denied
    law = selectors.apps_law(m)
    apps = law is not None
    plate = request.GET.get("placa", "").upper().replace("-", "").strip()
    if apps and plate:
        driver = PlatformDriver.objects.filter(
            vehicle_plate=plate, status=PlatformDriver.Status.ENABLED
        ).first()
        if driver is not None:
            return HttpResponseRedirect(reverse("inspections:new_app", args=[driver.pk]))
        messages.error(request, f"placa {plate}: nenhum motorista habilitado com este veículo")
    today = timezone.localdate()
    # Three lists on one screen, each paged on its own parameter: a registry of thousands of
    # permits rendered them whole (7.6 MB of HTML, issue #23).
    rows = page_of(request, selectors.due_queue(m, today))
    awaiting = page_of(
        request,
        Inspection.objects.filter(status=Inspection.Status.AWAITING).select_related("company"),
        param="pagina_aguardando",
    )
    recent = page_of(
        request,
        Inspection.objects.select_related("company"),
        param="pagina_recentes",
    )
    return render(
        request,
        "inspections/queue.html",
        {
            "rows": rows,
            "awaiting": awaiting,
            "recent": recent,
            "today": today,
            "apps": apps,
            "posture_cite": interfaces.cited_once(law, "posture_inspection") if law else "",
        },
    )


def _checklist_page(
    request: HttpRequest,
    *,
    permit: Permit | None,
    driver: PlatformDriver | None,
    plate: str,
    subject: str,
) -> HttpResponse:
    """The checklist in force today for the vehicle; on POST, record the inspection."""
    m = current_municipality_or_404()
    today = timezone.localdate()
    kind = request.POST.get("tipo") or request.GET.get("tipo") or ""
    if kind not in Inspection.Kind.values:
        withdrawn = permit is not None and selectors.open_withdrawal(permit) is not None
        kind = Inspection.Kind.REINSPECAO if withdrawn else ""
    cl = selectors.checklist_of(permit, today)
    # A cargo checklist whose item judges the loads found (motofrete art. 24, §3) asks for them.
    load_kinds = interfaces.load_kinds(cl.law) if any(i.loads for i in cl.items) else {}
    errors: list[str] = []
    posted: dict[str, Any] = {}
    if request.method == "POST":
        answers = {
            i.code: {
                "result": request.POST.get(f"r_{i.code}", ""),
                "remark": request.POST.get(f"obs_{i.code}", ""),
            }
            for i in cl.items
        }
        posted = answers
        errors = [
            f"Responda o item: {i.label}"
            for i in cl.items
            if answers[i.code]["result"] not in ("ok", "not_ok", "na")
        ]
        if not kind:
            errors.insert(0, "Escolha o tipo de vistoria.")
        loads, load_errors = _posted_loads(request, load_kinds, cl.law)
        errors += load_errors
        if not errors:
            photos = {}
            for i in cl.items:
                upload = request.FILES.get(f"foto_{i.code}")
                if upload is not None:
                    photos[i.code] = upload.read()
            try:
                inspection = services.inspection_record(
                    actor=actor_of(request),
                    municipality=m,
                    permit=permit,
                    driver=driver,
                    kind=kind,
                    inspected_on=today,
                    answers=answers,
                    photos=photos,
                    loads=loads,
                )
            except NotCompetent as exc:
                return forbidden(request, str(exc))
            except (services.Refused, services.FieldError, FactsInvalid) as exc:
                errors = _errors(exc)
            else:
                notify = messages.success if inspection.passed else messages.warning
                notify(request, inspection.summary)
                return HttpResponseRedirect(reverse("inspections:detail", args=[inspection.pk]))
    return render(
        request,
        "inspections/new.html",
        {
            "plate": plate,
            "subject": subject,
            "checklist": cl,
            "rows": [
                (
                    i,
                    posted.get(i.code, {}).get("result", ""),
                    posted.get(i.code, {}).get("remark", ""),
                )
                for i in cl.items
            ],
            "kind": kind,
            "kinds": Inspection.Kind.choices,
            "load_kinds": sorted(load_kinds.items(), key=lambda kv: kv[1]),
            "load_rows": [
                (
                    n,
                    request.POST.get(f"carga_tipo_{n}", ""),
                    request.POST.get(f"carga_capacidade_{n}", ""),
                )
                for n in range(1, LOAD_ROWS + 1)
            ],
            "load_sidecar": bool(request.POST.get("carga_sidecar")),
            "errors": errors,
            "today": today,
        },
        status=422 if errors else 200,
    )


#: How many loads the vistoria screen records at once (motofrete art. 24, §3).
LOAD_ROWS = 3


def _posted_loads(
    request: HttpRequest, kinds: dict[str, str], law: str
) -> tuple[dict[str, Any] | None, list[str]]:
    """The loads the inspector found (motofrete art. 24, §3): each a kind the law names and its
    capacity (kg or litres, "13,5" or "13.5"); ``None`` when none was recorded."""
    if not kinds:
        return None, []
    found: list[dict[str, Any]] = []
    errors: list[str] = []
    cite = cited_for(law, "motofrete_load")
    for n in range(1, LOAD_ROWS + 1):
        kind = request.POST.get(f"carga_tipo_{n}", "")
        raw = request.POST.get(f"carga_capacidade_{n}", "").strip().replace(",", ".")
        if not kind:
            if raw:
                errors.append(f"Carga {n}: escolha o tipo da carga ({cite}).")
            continue
        if kind not in kinds:
            errors.append(f"Carga {n}: tipo de carga não previsto na lei ({cite}).")
            continue
        load: dict[str, Any] = {"kind": kind}
        if raw:
            try:
                capacity = float(raw)
            except ValueError:
                errors.append(f"Carga {n}: capacidade em número (kg ou litros), ex.: 13 ou 20,5.")
                continue
            if not math.isfinite(capacity):
                errors.append(f"Carga {n}: capacidade em número (kg ou litros), ex.: 13 ou 20,5.")
                continue
            if capacity < 0:
                errors.append(f"Carga {n}: a capacidade não pode ser negativa.")
                continue
            load["capacity"] = capacity
        found.append(load)
    if not found:
        return None, errors
    return {"sidecar": bool(request.POST.get("carga_sidecar")), "loads": found}, errors


def _permit_with_vehicle(permit_id: int) -> tuple[Permit, Vehicle]:
    """The permit whose vehicle is inspected; one without a vehicle has nothing to inspect."""
    permit = get_object_or_404(Permit.objects.select_related("vehicle", "holder"), pk=permit_id)
    if permit.vehicle is None:
        raise Http404
    return permit, permit.vehicle


@login_required
def new(request: HttpRequest, permit_id: int) -> HttpResponse:
    current_municipality_or_404()
    if (denied := _staff_only(request)) is not None:
        return denied
    permit, vehicle = _permit_with_vehicle(permit_id)
    if (back := ungoverned_back(request, permit)) is not None:
        return back
    subject = f"{permit.number} · {permit.get_service_display()}"
    if permit.taxi_category:
        subject += f" {permit.get_taxi_category_display()}"
    return _checklist_page(
        request,
        permit=permit,
        driver=None,
        plate=vehicle.plate,
        subject=f"{subject} · {permit.holder.name}",
    )


@login_required
def new_app(request: HttpRequest, driver_id: int) -> HttpResponse:
    """Vistoria of an app vehicle by the posture inspectors (apps law art. 23 I–III)."""
    current_municipality_or_404()
    if (denied := _staff_only(request)) is not None:
        return denied
    driver = get_object_or_404(PlatformDriver.objects.select_related("platform"), pk=driver_id)
    return _checklist_page(
        request,
        permit=None,
        driver=driver,
        plate=driver.vehicle_plate,
        subject=f"Transporte por aplicativo · {driver.name} · {driver.platform.name}",
    )


def _can_see(user: User, inspection: Inspection) -> bool:
    if Role(user.role) in STAFF:
        return True
    # The holder's own permit's, or a company's whose confirmed responsible person they are
    # (``registry.acting``, ADR 0047).
    # The holder the laudo names, on the vistoria's day (taxi art. 13, parágrafo único; ADR 0065).
    if inspection.status != Inspection.Status.FINAL:
        return False
    holder = selectors.inspection_holder(inspection)
    return holder is not None and speaks_for(user, holder)


@login_required
@require_GET
def detail(request: HttpRequest, inspection_id: int) -> HttpResponse:
    current_municipality_or_404()
    inspection = get_object_or_404(
        Inspection.objects.select_related("permit", "company", "inspector", "confirmed_by"),
        pk=inspection_id,
    )
    if not _can_see(user_of(request), inspection):
        raise Http404
    return render(
        request,
        "inspections/detail.html",
        {
            "inspection": inspection,
            "items": inspection.items.all(),
            "staff": Role(user_of(request).role) in STAFF,
        },
    )


@login_required
@require_POST
def confirm(request: HttpRequest, inspection_id: int) -> HttpResponse:
    m = current_municipality_or_404()
    inspection = get_object_or_404(Inspection.objects.all(), pk=inspection_id)
    try:
        services.inspection_confirm(
            actor=actor_of(request),
            municipality=m,
            inspection=inspection,
            confirm=request.POST.get("decisao", "confirmar") == "confirmar",
            reason=request.POST.get("motivo", ""),
        )
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    except services.FieldError as exc:
        messages_add(request, exc)
    return HttpResponseRedirect(reverse("inspections:detail", args=[inspection.pk]))


@login_required
@require_GET
def report_pdf(request: HttpRequest, inspection_id: int) -> HttpResponseBase:
    m = current_municipality_or_404()
    inspection = get_object_or_404(Inspection.objects.select_related("permit"), pk=inspection_id)
    if not _can_see(user_of(request), inspection):
        raise Http404
    content = pdf.laudo(m, inspection)
    return private_pdf_response(content, f"laudo-vistoria-{inspection.pk}.pdf")


@login_required
@require_GET
def photo(request: HttpRequest, item_id: int) -> HttpResponseBase:
    current_municipality_or_404()
    item = get_object_or_404(InspectionItem.objects.select_related("inspection"), pk=item_id)
    if not item.photo or not _can_see(user_of(request), item.inspection):
        raise Http404
    response = FileResponse(item.photo.open("rb"), content_type=item.photo_type)
    response["Cache-Control"] = "no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@login_required
def companies(request: HttpRequest) -> HttpResponse:
    m = current_municipality_or_404()
    if (denied := _staff_only(request)) is not None:
        return denied
    errors: list[str] = []
    secret = ""
    if request.method == "POST":
        try:
            services.company_register(
                actor=actor_of(request),
                municipality=m,
                data={
                    "name": request.POST.get("nome", ""),
                    "cnpj": request.POST.get("cnpj", ""),
                    "inmetro_accreditation": request.POST.get("inmetro", ""),
                    "accredited_until": _date(request.POST.get("validade", "")),
                },
            )
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        except services.FieldError as exc:
            errors = [str(exc)]
        else:
            messages.success(request, "Empresa cadastrada.")
            return HttpResponseRedirect(reverse("inspections:companies"))
    secret = request.session.pop("inspections_new_secret", "")
    rows = InspectionCompany.objects.prefetch_related("tokens")
    return render(
        request,
        "inspections/companies.html",
        {"companies": rows, "errors": errors, "secret": secret, "form": request.POST},
        status=422 if errors else 200,
    )


def _date(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


@login_required
@require_POST
def token_issue(request: HttpRequest, company_id: int) -> HttpResponse:
    m = current_municipality_or_404()
    company = get_object_or_404(InspectionCompany.objects.all(), pk=company_id)
    try:
        _, secret = services.company_token_issue(
            actor=actor_of(request),
            municipality=m,
            company=company,
            name=request.POST.get("nome", ""),
        )
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    # Shown once, on the next page, never stored in clear.
    request.session["inspections_new_secret"] = secret
    return HttpResponseRedirect(reverse("inspections:companies"))


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    m = current_municipality_or_404()
    token = get_object_or_404(CompanyToken.objects.all(), pk=token_id)
    try:
        services.company_token_revoke(actor=actor_of(request), municipality=m, token=token)
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    messages.success(request, f"Credencial {token.prefix} revogada.")
    return HttpResponseRedirect(reverse("inspections:companies"))


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    """The holder's laudos (portal)."""
    current_municipality_or_404()
    holder = selectors.holder_of(user_of(request))
    rows = selectors.holder_inspections(holder) if holder is not None else []
    return render(request, "inspections/mine.html", {"inspections": rows, "holder": holder})


# Extraordinary vistorias (mototaxi art. 5 §6) ---------------------------------------------------


class OrderForm(forms.Form):
    scheduled_for = forms.DateField(label="Data da vistoria", widget=date_input())
    place = forms.CharField(label="Local", max_length=200)
    reason = forms.CharField(label="Motivo", max_length=300)
    notified_on = forms.DateField(
        label="Permissionário notificado em (deixe em branco se ainda não foi)",
        required=False,
        widget=date_input(),
    )
    notice_form = forms.ChoiceField(
        label="Forma da notificação",
        required=False,
        choices=[("", "—"), *orders.NOTICE_FORMS.items()],
    )


class NoticeForm(forms.Form):
    order = forms.IntegerField(widget=forms.HiddenInput)
    notified_on = forms.DateField(label="Notificado em", widget=date_input())
    notice_form = forms.ChoiceField(label="Forma", choices=list(orders.NOTICE_FORMS.items()))


@login_required
def order(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Order an extraordinary vistoria of a permit's vehicle and record the holder's notice; the
    permit's orders with their situation."""
    m = current_municipality_or_404()
    if (denied := _staff_only(request)) is not None:
        return denied
    permit, _ = _permit_with_vehicle(permit_id)
    if (back := ungoverned_back(request, permit)) is not None:
        return back  # no law governs its service: the permit's page says so, no order
    today = timezone.localdate()
    if not orders.orders_allowed(m, permit, today):
        raise Http404
    actor = actor_of(request)
    form = OrderForm(request.POST if request.POST.get("acao") == "determinar" else None)
    notice = NoticeForm(request.POST if request.POST.get("acao") == "notificar" else None)
    errors: list[str] = []
    try:
        if form.is_bound and form.is_valid():
            d = form.cleaned_data
            orders.inspection_order(
                actor=actor,
                municipality=m,
                permit=permit,
                on=today,
                scheduled_for=d["scheduled_for"],
                place=d["place"],
                reason=d["reason"],
                notified_on=d["notified_on"],
                notice_form=d["notice_form"],
            )
            messages.success(
                request,
                f"Vistoria extraordinária determinada para {d['scheduled_for']:%d/%m/%Y}; "
                "o permissionário recebeu o aviso no portal.",
            )
            return HttpResponseRedirect(request.path)
        if notice.is_bound and notice.is_valid():
            d = notice.cleaned_data
            target = get_object_or_404(InspectionOrder, pk=d["order"], permit=permit)
            orders.inspection_order_notified(
                actor=actor,
                municipality=m,
                order=target,
                notified_on=d["notified_on"],
                notice_form=d["notice_form"],
            )
            messages.success(request, f"Notificação de {d['notified_on']:%d/%m/%Y} registrada.")
            return HttpResponseRedirect(request.path)
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    except (services.Refused, services.FieldError) as exc:
        errors = _errors(exc)
    if notice.is_bound and notice.errors:
        errors += form_lines(notice)
    allowed = is_allowed(actor.role, "inspection.order", permit.law, timezone.localdate())
    return render(
        request,
        "inspections/order.html",
        {
            "permit": permit,
            "orders": InspectionOrder.objects.filter(permit=permit).select_related("inspection"),
            "form": form,
            "notice_choices": list(orders.NOTICE_FORMS.items()),
            "allowed": allowed,
            "errors": errors,
            "today": today,
        },
        status=422 if errors or (form.is_bound and form.errors) else 200,
    )

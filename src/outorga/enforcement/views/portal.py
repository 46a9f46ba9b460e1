"""The holder's portal: their cases, defences and appeals online, and their notices' PDFs."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.access import forbidden
from outorga.core.lawseam import cited_for
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import user_of
from outorga.enforcement import pdf, selectors
from outorga.enforcement.models import (
    Case,
    Filing,
    Notice,
)
from outorga.enforcement.services.common import NotOwner, case_debts
from outorga.enforcement.services.filings import filing_file, filing_open, no_open_period
from outorga.enforcement.services.judgment import pending_basis
from outorga.enforcement.views.common import ERRORS, acting, back, today, uploaded_files
from outorga.law.competence import NotCompetent, Role
from outorga.law.money import brl
from outorga.registry.acting import confirmed_companies, speaks_for
from outorga.registry.models import Permit, Person

# --- the holder's portal -----------------------------------------------------------------------------


def _holder(request: HttpRequest) -> Any:
    user = user_of(request)
    if user.municipality_id is None or user.role != Role.PERMISSIONARIO:
        return None
    return selectors.person_of(user)


@login_required
def portal(request: HttpRequest) -> HttpResponse:
    person = _holder(request)
    if person is None:
        return forbidden(request, "Área do permissionário: acesso com o login do titular.")
    return render(
        request,
        "enforcement/portal.html",
        {
            "person": person,
            "cases": list(selectors.holder_cases(person).select_related("person")),
            "companies": list(confirmed_companies(person)),
            # Where the law of the holder's permit makes the holder answer for the auxiliaries'
            # infractions (mototaxi art. 31 §2), that law's article; the taxi law punishes the
            # offender himself (art. 41), and its holder reads nothing of the sort.
            "auxiliaries_cite": "; ".join(
                dict.fromkeys(
                    filter(
                        None,
                        (
                            cited_for(p, "auxiliary_answered_by")
                            for p in Permit.objects.filter(holder=person)
                        ),
                    )
                )
            ),
        },
    )


@login_required
def portal_case(request: HttpRequest, case_id: int) -> HttpResponse:
    person = _holder(request)
    if person is None:
        return forbidden(request, "Área do permissionário: acesso com o login do titular.")
    case = get_object_or_404(selectors.holder_cases(person), pk=case_id)
    to = reverse("enforcement:portal_case", args=[case.pk])
    if request.method == "POST":
        try:
            filing_file(
                **acting(request, case),
                case=case,
                text=request.POST.get("text", ""),
                filed_on=today(),
                attachments=uploaded_files(request, "attachments"),
                channel=Filing.Channel.PORTAL,
            )
        except (*ERRORS, NotOwner) as exc:
            return back(request, exc, to)
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        messages.success(request, "Peça enviada. Acompanhe o julgamento nesta página.")
        return HttpResponseRedirect(to)
    ctx = selectors.case_detail(case, user_of(request).role)
    ctx["can_file"] = filing_open(case.municipality, case, today())
    # Why the form is not offered while the notice is pending, with the articles (art. 29, 42).
    ctx["why_not_yet"] = (
        no_open_period(case) if not ctx["can_file"] and case.waiting == Case.Waiting.NOTICE else ""
    )
    ctx["debts"] = [(d, brl(d.amount_cents)) for d in case_debts(case)]
    # The day the superior authority is to judge his appeal by, where the law sets one (ADR 0084).
    ctx["judgment_basis"] = pending_basis(case, ctx["pending_filing"])
    # A company's case: its defence, filed by its confirmed responsible person (ADR 0047).
    other = case.person if case.person_id not in (None, person.pk) else None
    ctx["company"] = (
        other
        if other is not None and other.kind == Person.Kind.LEGAL and speaks_for(request.user, other)
        else None
    )
    return render(request, "enforcement/portal_case.html", ctx)


@login_required
def portal_notice_pdf(request: HttpRequest, notice_id: int) -> HttpResponse:
    """The holder's copy of a notice, with the deadline and how to file online."""
    person = _holder(request)
    if person is None:
        return forbidden(request, "Área do permissionário: acesso com o login do titular.")
    notice = get_object_or_404(
        Notice.objects.select_related("case").filter(case__in=selectors.holder_cases(person)),
        pk=notice_id,
    )
    url = request.build_absolute_uri(reverse("enforcement:portal"))
    return pdf_response(pdf.notice_pdf(notice, url), f"notificacao-{notice.case.number}.pdf")

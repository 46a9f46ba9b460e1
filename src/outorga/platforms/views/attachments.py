"""The files of a platform's defence and appeals (ADR 0043): joined on the platform's portal, seen
and downloaded by the municipality's staff on the case and penalty pages and by the platform
itself — nobody else. A file a platform sent is never opened in the site's origin: it is saved
(``attachment``, ``nosniff``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse

from outorga.core.access import forbidden
from outorga.core.models import User
from outorga.core.personaldata import FILING_RESERVED
from outorga.core.uploads import max_bytes
from outorga.law.competence import NotCompetent
from outorga.platforms.services.attachments import (
    case_filing,
    platform_attachment_add,
)
from outorga.platforms.services.common import PlatformError

from .. import selectors
from ..models import Platform, PlatformAttachment, PlatformCase, PlatformPenalty
from .common import as_platform, platform_screen, screen


@screen(object_page=True)
def staff_file(request: HttpRequest, user: User, attachment_id: int) -> HttpResponse:
    """An attachment, to the municipality's staff who receive and judge the defence or appeal it
    joins (the tenant's rows; ``selectors.reads_platform_filings``, ADR 0070)."""
    attachment = get_object_or_404(PlatformAttachment.objects.all(), pk=attachment_id)
    if not selectors.reads_platform_filings(user.role, attachment.municipality):
        return forbidden(request, f"Sem acesso ao anexo. {FILING_RESERVED}")
    return attachment.download()


@platform_screen(object_page=True)
def portal_file(request: HttpRequest, platform: Platform, attachment_id: int) -> HttpResponse:
    """One of the platform's own attachments; another platform's is not found."""
    mine = PlatformAttachment.objects.filter(platform=platform)
    return get_object_or_404(mine, pk=attachment_id).download()


def _upload(
    request: HttpRequest,
    platform: Platform,
    filing: str,
    back: str,
    *,
    case: PlatformCase | None = None,
    penalty: PlatformPenalty | None = None,
) -> HttpResponse:
    """Each file posted as ``arquivo`` joined to the filing; what was new, what was already
    there, and the first refusal (the files before it stay joined)."""
    files = request.FILES.getlist("arquivo")
    if not files:
        messages.error(request, "Escolha ao menos um arquivo (PDF, JPEG ou PNG).")
        return HttpResponseRedirect(back)
    added = again = 0
    for f in files:
        try:
            _, new = platform_attachment_add(
                **as_platform(request, platform),
                platform=platform,
                filing=filing,
                name=f.name or "arquivo",
                content=f.read(max_bytes("document") + 1),  # one byte past refuses it
                case=case,
                penalty=penalty,
            )
        except NotCompetent as exc:
            return forbidden(request, str(exc))
        except PlatformError as exc:
            messages.error(request, exc.message)
            break
        added, again = added + new, again + (not new)
    if added:
        messages.success(
            request, f"{added} anexo{'s' if added > 1 else ''} juntado{'s' if added > 1 else ''}."
        )
    if again:
        messages.info(
            request,
            f"{again} arquivo{'s' if again > 1 else ''} já estava{'m' if again > 1 else ''} juntado{'s' if again > 1 else ''}: nada foi repetido.",
        )
    return HttpResponseRedirect(back)


@platform_screen(object_page=True, post=True)
def case_upload(request: HttpRequest, platform: Platform, case_id: int) -> HttpResponse:
    """Files for the defence while the case is open, for the appeal once it was decided."""
    c = get_object_or_404(PlatformCase.objects.filter(platform=platform), pk=case_id)
    filing = case_filing(c)
    anchor = "#defesa" if filing == PlatformAttachment.Filing.DEFENCE else "#recurso"
    back = reverse("platforms:portal_case", args=[c.pk]) + anchor
    return _upload(request, platform, filing, back, case=c)


@platform_screen(object_page=True, post=True)
def penalty_upload(request: HttpRequest, platform: Platform, penalty_id: int) -> HttpResponse:
    x = get_object_or_404(
        PlatformPenalty.objects.filter(platform=platform, driver__isnull=True), pk=penalty_id
    )
    back = reverse("platforms:portal_penalty", args=[x.pk]) + "#recurso"
    return _upload(request, platform, PlatformAttachment.Filing.PENALTY_APPEAL, back, penalty=x)

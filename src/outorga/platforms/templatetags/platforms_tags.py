"""Brazilian formats for the platforms screens."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import template
from django.urls import reverse

from outorga.core.uploads import max_bytes
from outorga.law.money import brl as _brl
from outorga.platforms.services.attachments import attachments_of, filing_open
from outorga.platforms.services.common import cited_here

register = template.Library()


@register.filter
def brl(cents: int | None) -> str:
    """``123456`` → ``R$ 1.234,56``."""
    return _brl(int(cents)) if cents is not None else "—"


@register.filter
def iso_date(value: str | None) -> str:
    """A date kept as ISO in a JSON answer: ``"2026-12-31"`` → ``31/12/2026``."""
    return dt.date.fromisoformat(value).strftime("%d/%m/%Y") if value else "—"


@register.filter
def pct(value: Decimal | str | None) -> str:
    if value is None or value == "":
        return "—"
    text = format(Decimal(value).normalize(), "f")
    return text.replace(".", ",") + "%"


@register.filter
def num(value: int | None) -> str:
    """Thousands with ".": ``12345`` → ``12.345``."""
    return f"{int(value):,}".replace(",", ".") if value is not None else "—"


@register.filter
def verdict_pt(value: str) -> str:
    return {
        "ok": "atendido",
        "refused": "não atendido",
        "info": "cálculo",
        "suspended": "regra suspensa",
        "pending": "pendente",
    }.get(value, value)


@register.inclusion_tag("platforms/_attachments.html", takes_context=True)
def attachments(
    context: template.Context,
    filing: str,
    case: Any = None,
    penalty: Any = None,
    portal: bool = False,
    reads: bool = True,
) -> dict[str, Any]:
    """The files joined to a defence or appeal (ADR 0043), each a download for whoever may see
    it (the portal's route for the platform, the staff's for the municipality); on the portal,
    while the filing waits for its decision, the form that joins more. A servant who does not
    ``reads`` the filing (``selectors.reads_platform_filings``, ADR 0070) reads how many there
    are, not their names."""
    upload = ""
    if portal and filing_open(filing, case=case, penalty=penalty):
        upload = (
            reverse("platforms:portal_case_attachments", args=[case.pk])
            if case is not None
            else reverse("platforms:portal_penalty_attachments", args=[penalty.pk])
        )
    return {
        "filing": filing,
        "items": attachments_of(filing, case=case, penalty=penalty),
        "portal": portal,
        "reads": reads,
        "upload": upload,
        "csrf_token": context.get("csrf_token"),
        "limit_mb": max_bytes("document") // (1024 * 1024),
    }


@register.simple_tag
def apps_cite(*concepts: str) -> str:
    """``{% law_cite "aplicativo" … %}``: the articles the law governing transport by app in the
    current municipality today names for ``concepts``, without its title."""
    return cited_here(*concepts)

"""The badge round trip: PDF → image → QR code (a real decoder) → public page → status changes."""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlsplit

import pypdfium2 as pdfium
import zxingcpp
from django.test import Client
from django.utils import timezone
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.law.competence import Role
from outorga.public import services
from outorga.registry.services.permit_status import permit_suspend


def _qr_url(pdf: bytes) -> str:
    page = pdfium.PdfDocument(pdf)[0]
    width_pt, height_pt = page.get_size()
    # Credit-card size: 85.60 × 53.98 mm.
    assert round(width_pt / 72 * 25.4, 1) == 85.6
    assert round(height_pt / 72 * 25.4, 1) == 54.0
    image = page.render(scale=600 / 72).to_pil()  # 600 dpi, as a phone camera sees a print
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, "exactly one QR code on the badge"
    assert codes[0].format == zxingcpp.BarcodeFormat.QRCode
    return codes[0].text


def test_the_qr_code_of_the_printed_badge_leads_to_its_status(ipatinga_m, badge_clerk, user_of):
    permit = make_permit(ipatinga_m, "ROUNDTRIP")
    badge = services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    pdf = services.badge_print(
        actor=badge_clerk, municipality=ipatinga_m, badge=badge, base_url="https://outorga.test"
    )
    assert pdf.startswith(b"%PDF-")

    url = _qr_url(pdf)
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc) == ("https", "outorga.test")
    assert parts.path == f"/v/{badge.token}"

    public = Client()
    page = public.get(parts.path)
    assert page.status_code == 200
    html = page.content.decode()
    assert "válido" in html
    assert permit.holder.name in html
    assert permit.holder.document not in html  # never the CPF
    assert "Sigiloso" not in html  # nor the address
    assert "O+" not in html  # nor health data (blood type is on the card only)
    assert public.get(f"{parts.path}/foto").status_code == 200

    authority = Actor.of(user_of("ipatinga", Role.AUTORIDADE))
    permit_suspend(
        actor=authority,
        municipality=ipatinga_m,
        permit=permit,
        days=15,
        start=timezone.localdate(),
        reason="art. 32, I (teste)",
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    page = public.get(parts.path)
    html = page.content.decode()
    assert page.status_code == 200
    assert "suspenso" in html and "válido" not in html
    until = timezone.localdate() + dt.timedelta(days=14)
    assert until.strftime("%d/%m/%Y") in html

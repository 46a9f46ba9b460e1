"""Files joined to a platform's defence and appeals (ADR 0043; apps art. 26 sole paragraph; Lei
9.784/1999 art. 3 III and 38): PDF, JPEG or PNG judged by their bytes within the document limit,
kept as sent with their SHA-256 in the act, the same file twice one attachment, taken while the
filing waits for its decision; seen and downloaded by the municipality's staff on the case and
penalty pages and by the platform itself, never by another platform or anyone logged out."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image
from platforms_factories import PDF_BYTES, make_platform, platform_actor, suspension_case, warn

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import (
    PlatformAttachment,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenaltyAppeal,
)
from outorga.platforms.services.attachments import platform_attachment_add
from outorga.platforms.services.common import PlatformError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (30, 40), (200, 30, 60)).save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture
def staff_screen(user_of) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    return c


def join(platform, case, content: bytes, name: str, filing: str = "defence"):  # type: ignore[no-untyped-def]
    """The service called as the platform's token calls it."""
    return platform_attachment_add(
        actor=platform_actor(),
        municipality=platform.municipality,
        platform=platform,
        filing=filing,
        name=name,
        content=content,
        case=case,
    )


def upload(client: Client, url: str, *files: tuple[str, bytes, str]):  # type: ignore[no-untyped-def]
    return client.post(
        url, {"arquivo": [SimpleUploadedFile(n, c, content_type=t) for n, c, t in files]}
    )


def test_a_defence_file_is_joined_on_the_portal_and_seen_by_the_deciding_staff(
    barra_m, authority, platform, portal, staff_screen
):
    case = suspension_case(barra_m, authority, platform)
    page = portal.get(f"/plataforma/processos/{case.pk}/").content.decode()
    assert f'action="/plataforma/processos/{case.pk}/anexos/"' in page and "Nenhum anexo." in page
    r = upload(
        portal,
        f"/plataforma/processos/{case.pk}/anexos/",
        ("comprovante de entrega.pdf", PDF_BYTES, "application/pdf"),
        ("tela.png", png(), "image/png"),
    )
    assert r.status_code == 302 and r["Location"] == f"/plataforma/processos/{case.pk}/#defesa"
    with tenant(barra_m):
        pdf, image = PlatformAttachment.objects.filter(case=case).order_by("pk")
        (act,) = Act.objects.filter(action="platform.attachment.add", object_id=str(pdf.pk))
    assert pdf.filing == "defence" and pdf.content_type == "application/pdf"
    assert pdf.sha256 == hashlib.sha256(PDF_BYTES).hexdigest() and pdf.size == len(PDF_BYTES)
    assert image.content_type == "image/png"
    assert act.role == Role.PLATAFORMA and act.record["payload"]["new"]["sha256"] == pdf.sha256
    shown = portal.get(r["Location"]).content.decode()
    assert "comprovante de entrega.pdf" in shown and "2 anexos juntados" in shown
    own = portal.get(f"/plataforma/anexos/{pdf.pk}/")
    assert own.status_code == 200 and own.content == PDF_BYTES
    assert own["Content-Disposition"] == f'attachment; filename="anexo-{pdf.pk}.pdf"'
    assert own["X-Content-Type-Options"] == "nosniff"
    # The staff who decide see it on the case page and download it.
    staff_page = staff_screen.get(f"/plataformas/processos/{case.pk}/").content.decode()
    assert "comprovante de entrega.pdf" in staff_page
    assert f'href="/plataformas/anexos/{pdf.pk}/"' in staff_page
    got = staff_screen.get(f"/plataformas/anexos/{pdf.pk}/")
    assert got.status_code == 200 and got.content == PDF_BYTES


def test_the_same_file_twice_is_one_attachment_and_one_act(barra_m, authority, platform, portal):
    case = suspension_case(barra_m, authority, platform)
    url = f"/plataforma/processos/{case.pk}/anexos/"
    upload(portal, url, ("a.pdf", PDF_BYTES, "application/pdf"))
    r = upload(portal, url, ("outro-nome.pdf", PDF_BYTES, "application/pdf"))
    assert "já estava juntado" in portal.get(r["Location"]).content.decode()
    with tenant(barra_m):
        (only,) = PlatformAttachment.objects.filter(case=case)
        assert Act.objects.filter(action="platform.attachment.add").count() == 1
    assert only.name == "a.pdf"
    again, new = join(platform, case, PDF_BYTES, "x.pdf")
    assert again.pk == only.pk and not new


def test_only_pdf_jpeg_or_png_within_the_limit_is_taken(
    barra_m, authority, platform, portal, settings
):
    case = suspension_case(barra_m, authority, platform)
    url = f"/plataforma/processos/{case.pk}/anexos/"
    html = upload(
        portal, url, ("defesa.pdf", b"<html><script>x</script></html>", "application/pdf")
    )
    assert "tipo de arquivo não aceito" in portal.get(html["Location"]).content.decode()
    settings.OUTORGA_UPLOAD_MAX_BYTES = {**settings.OUTORGA_UPLOAD_MAX_BYTES, "document": 50}
    with pytest.raises(PlatformError, match="arquivo maior que") as exc:
        join(platform, case, PDF_BYTES + b"0" * 100, "grande.pdf")
    assert exc.value.status == 413
    with tenant(barra_m):
        assert not PlatformAttachment.objects.exists()


def test_a_decided_case_takes_no_defence_file_and_an_appeal_takes_them_while_pending(
    barra_m, authority, platform, portal, staff_screen
):
    case = suspension_case(barra_m, authority, platform)
    with tenant(barra_m):
        PlatformCase.objects.filter(pk=case.pk).update(status=PlatformCase.Status.UPHELD)
    url = f"/plataforma/processos/{case.pk}/anexos/"
    r = upload(portal, url, ("a.pdf", PDF_BYTES, "application/pdf"))
    assert "Apresente o recurso antes" in portal.get(r["Location"]).content.decode()
    with tenant(barra_m):
        appeal = PlatformCaseAppeal.objects.create(
            case=case,
            channel="web",
            text="Recurso.",
            filed_on=dt.date(2026, 10, 1),
            filed_by_name="teste",
        )
    r = upload(portal, url, ("recurso.pdf", PDF_BYTES, "application/pdf"))
    assert r["Location"].endswith("#recurso")
    with tenant(barra_m):
        (a,) = PlatformAttachment.objects.filter(case=case)
    assert a.filing == "case_appeal"
    assert "recurso.pdf" in staff_screen.get(f"/plataformas/processos/{case.pk}/").content.decode()
    with tenant(barra_m):
        PlatformCaseAppeal.objects.filter(pk=appeal.pk).update(result="dismissed")
    with pytest.raises(PlatformError, match="Recurso já decidido"):
        join(platform, case, png(), "tarde.png", filing="case_appeal")


def test_a_penalty_appeal_file_is_shown_on_the_staff_penalty_page(
    barra_m, authority, platform, portal, staff_screen
):
    x = warn(barra_m, authority, platform)
    url = f"/plataforma/penalidades/{x.pk}/anexos/"
    with tenant(barra_m):
        PlatformPenaltyAppeal.objects.create(
            penalty=x,
            channel="web",
            text="Recurso.",
            filed_on=dt.date(2026, 9, 1),
            filed_by_name="teste",
        )
    assert f'action="{url}"' in portal.get(f"/plataforma/penalidades/{x.pk}/").content.decode()
    r = upload(portal, url, ("prova.png", png(), "image/png"))
    assert r.status_code == 302 and r["Location"].endswith("#recurso")
    with tenant(barra_m):
        (a,) = PlatformAttachment.objects.filter(penalty=x)
    assert a.filing == "penalty_appeal"
    page = staff_screen.get(f"/plataformas/penalidades/{x.pk}/").content.decode()
    assert "prova.png" in page and f"/plataformas/anexos/{a.pk}/" in page


def test_another_platform_and_a_logged_out_visitor_never_reach_a_file(
    barra_m, authority, platform, portal, user_of
):
    other = make_platform(barra_m, "Plataforma Vizinha")
    foreign_case = suspension_case(barra_m, authority, other)
    a, _ = join(other, foreign_case, PDF_BYTES, "vizinha.pdf")
    assert portal.get(f"/plataforma/anexos/{a.pk}/").status_code == 404
    r = upload(
        portal,
        f"/plataforma/processos/{foreign_case.pk}/anexos/",
        ("x.pdf", PDF_BYTES, "application/pdf"),
    )
    assert r.status_code == 404
    with pytest.raises(PlatformError, match="não encontrado"):
        join(platform, foreign_case, PDF_BYTES, "x.pdf")
    for url in (f"/plataforma/anexos/{a.pk}/", f"/plataformas/anexos/{a.pk}/"):
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and "/entrar/" in anonymous["Location"]
    # A holder is not the municipality's staff of the platforms area.
    holder = Client()
    holder.force_login(user_of("barra-do-garcas", Role.PERMISSIONARIO))
    assert holder.get(f"/plataformas/anexos/{a.pk}/").status_code == 403
    with tenant(barra_m):
        assert PlatformAttachment.objects.filter(case=foreign_case).count() == 1


def test_a_file_whose_attachment_is_rolled_back_leaves_nothing_in_the_storage(
    barra_m, authority, platform, settings, monkeypatch
):
    case = suspension_case(barra_m, authority, platform)

    def act_fails(**_: object) -> None:
        raise RuntimeError("acts log unavailable")

    monkeypatch.setattr("outorga.platforms.services.attachments.record_act", act_fails)
    with pytest.raises(RuntimeError):
        join(platform, case, PDF_BYTES, "prova.pdf")
    with tenant(barra_m):
        assert not PlatformAttachment.objects.filter(case=case).exists()
    assert [p for p in Path(settings.MEDIA_ROOT).rglob("*") if p.is_file()] == []

"""The platform's API joins files to its defence and appeals (ADR 0043) through the portal's own
service: 201 for a new file, 200 for the same file again, 409 once decided, 413 too large, 422 a
type not accepted; the platform downloads only its own."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from platforms_factories import PDF_BYTES, make_platform, suspension_case, warn

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformAttachment, PlatformCase, PlatformPenaltyAppeal
from outorga.platforms.tokens import api_token_issue

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def api_of(m, platform, user_of) -> Client:  # type: ignore[no-untyped-def]
    _, secret = api_token_issue(
        actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
        municipality=m,
        platform=platform,
        name="teste",
    )
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="198.51.100.20")


def send(client: Client, path: str, content: bytes, name: str = "defesa.pdf"):  # type: ignore[no-untyped-def]
    return client.post(f"/api/v1{path}", {"file": SimpleUploadedFile(name, content)})


def test_a_defence_file_through_the_api_is_joined_once(barra_m, authority, platform, user_of):
    api = api_of(barra_m, platform, user_of)
    case = suspension_case(barra_m, authority, platform)
    r = send(api, f"/platform/cases/{case.pk}/attachments", PDF_BYTES)
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["filing"] == "defence" and body["content_type"] == "application/pdf"
    again = send(api, f"/platform/cases/{case.pk}/attachments", PDF_BYTES, "outro.pdf")
    assert again.status_code == 200 and again.json()["id"] == body["id"]
    got = api.get(f"/api/v1/platform/attachments/{body['id']}")
    assert got.status_code == 200 and got.content == PDF_BYTES
    assert got["Content-Disposition"].startswith("attachment;")
    bad = send(api, f"/platform/cases/{case.pk}/attachments", b"MZ\x90\x00 executavel", "x.pdf")
    assert bad.status_code == 400 and "tipo de arquivo não aceito" in bad.json()["detail"]
    with tenant(barra_m):
        assert PlatformAttachment.objects.filter(case=case).count() == 1
        PlatformCase.objects.filter(pk=case.pk).update(status=PlatformCase.Status.REJECTED)
    late = send(api, f"/platform/cases/{case.pk}/attachments", PDF_BYTES + b" ")
    assert late.status_code == 409


def test_a_penalty_appeal_file_and_another_platform_s_records(
    barra_m, authority, platform, user_of, settings
):
    api = api_of(barra_m, platform, user_of)
    x = warn(barra_m, authority, platform)
    assert send(api, f"/platform/penalties/{x.pk}/attachments", PDF_BYTES).status_code == 409
    with tenant(barra_m):
        PlatformPenaltyAppeal.objects.create(
            penalty=x,
            channel="api",
            text="Recurso.",
            filed_on=dt.date(2026, 9, 1),
            filed_by_name="token:teste",
        )
    r = send(api, f"/platform/penalties/{x.pk}/attachments", PDF_BYTES)
    assert r.status_code == 201 and r.json()["filing"] == "penalty_appeal"
    settings.OUTORGA_UPLOAD_MAX_BYTES = {**settings.OUTORGA_UPLOAD_MAX_BYTES, "document": 20}
    assert send(api, f"/platform/penalties/{x.pk}/attachments", PDF_BYTES + b"1").status_code == 413

    other = make_platform(barra_m, "Plataforma Vizinha")
    foreign = suspension_case(barra_m, authority, other)
    theirs = api_of(barra_m, other, user_of)
    settings.OUTORGA_UPLOAD_MAX_BYTES = {**settings.OUTORGA_UPLOAD_MAX_BYTES, "document": 10**6}
    mine = send(theirs, f"/platform/cases/{foreign.pk}/attachments", PDF_BYTES).json()["id"]
    assert send(api, f"/platform/cases/{foreign.pk}/attachments", PDF_BYTES).status_code == 404
    assert api.get(f"/api/v1/platform/attachments/{mine}").status_code == 404
    assert Client().get(f"/api/v1/platform/attachments/{mine}").status_code == 401

"""Several files at once where several are expected (issue 'back office', item 4): the inspector's
photos on the auto form and the attachments of a defence filed on paper are each one file input
with ``multiple``; every file chosen is kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from enforcement_factories import case_of, client_of, issue
from registry_factories import png

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing, InfractionNotice
from outorga.enforcement.services.filings import filing_file
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def test_the_auto_form_keeps_every_photo_chosen(world, user_of, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    page = fiscal.get(f"/fiscalizacao/autos/novo/?permit={world.permit.pk}").content.decode()
    assert 'name="photos"' in page and "multiple" in page and "data-progress" in page
    r = fiscal.post(
        f"/fiscalizacao/autos/novo/?permit={world.permit.pk}",
        {
            "permit": world.permit.pk,
            "code": "art38-II",
            "committed_by": "holder",
            "place": "Centro",
            "date": D.isoformat(),
            "time": "10:30",
            "description": "Sem asseio.",
            "agent_registration": "F-1",
            "signature": "signed",
            "photos": [
                SimpleUploadedFile("placa.png", png(), content_type="image/png"),
                SimpleUploadedFile("capacete.png", png(100, 130), content_type="image/png"),
            ],
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(world.m):
        auto = InfractionNotice.objects.get(permit=world.permit)
        assert auto.photos.count() == 2


def test_a_paper_defence_keeps_every_attachment_chosen(world, user_of, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    auto = issue(world, on=D)
    case = case_of(world, auto)
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    r = clerk.post(
        f"/fiscalizacao/processos/{case.pk}/protocolo/",
        {
            "text": "Estava de folga.",
            "filed_on": (D + dt.timedelta(days=2)).isoformat(),
            "attachments": [
                SimpleUploadedFile("escala.pdf", PDF, content_type="application/pdf"),
                SimpleUploadedFile("foto.png", png(), content_type="image/png"),
            ],
        },
    )
    assert r.status_code == 302
    with tenant(world.m):
        filing = Filing.objects.get(case=case)
        assert sorted(a.name for a in filing.attachments.all()) == ["escala.pdf", "foto.png"]


def test_a_defence_whose_act_fails_leaves_no_attachment_file(
    world, settings, tmp_path, monkeypatch
):
    settings.MEDIA_ROOT = tmp_path / "media"
    auto = issue(world, on=D)
    case = case_of(world, auto)

    def act_fails(**_: object) -> None:
        raise RuntimeError("acts log unavailable")

    monkeypatch.setattr("outorga.enforcement.services.filings.record_act", act_fails)
    with pytest.raises(RuntimeError):
        filing_file(
            actor=world.holder,
            municipality=world.m,
            case=case,
            text="Estava de folga.",
            filed_on=D + dt.timedelta(days=2),
            attachments=[("escala.pdf", PDF)],
        )
    with tenant(world.m):
        assert not Filing.objects.filter(case=case).exists()
    assert [p for p in (tmp_path / "media").rglob("*") if p.is_file()] == []

"""The photo the badge prints (mototaxi art. 2 VIII; taxi art. 4 III), uploaded on the person's page
or through the API: JPEG or PNG by magic bytes, size-limited, idempotent by SHA-256, an act."""

from __future__ import annotations

import hashlib

import pytest
from auth_factories import client_as
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from registry_factories import actor, image, person

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Person
from outorga.registry.services.people import person_photo_set

MAX_UPLOAD_BYTES = 5 * 1024 * 1024  # the photos' default limit (OUTORGA_UPLOAD_PHOTO_MB)

VIII = "Lei de mototáxi de Ipatinga (2013), art. 2, VIII"


def upload(c: Client, p: Person, content: bytes, name: str = "foto.png"):  # type: ignore[no-untyped-def]
    return c.post(
        f"/cadastro/pessoas/{p.pk}/",
        {"photo-step": "1", "photo-file": SimpleUploadedFile(name, content)},
    )


def photo_acts(m, p: Person) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(Act.objects.filter(action="person.photo", object_id=str(p.pk)).order_by("seq"))


@pytest.fixture
def holder(ipatinga_m) -> Person:  # type: ignore[no-untyped-def]
    return person(ipatinga_m, name="Titular Com Foto")


def test_art_2_viii_the_clerk_uploads_the_badge_photo_on_the_person_page(
    ipatinga_m, user_of, holder
):
    m = ipatinga_m
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"/cadastro/pessoas/{holder.pk}/").content.decode()
    assert "Foto para o crachá" in page and "sem foto — o crachá não é emitido sem ela" in page
    png = image("PNG")
    r = upload(c, holder, png)
    assert r.status_code == 302 and r["Location"] == f"/cadastro/pessoas/{holder.pk}/"
    (act,) = photo_acts(m, holder)
    assert act.record["basis"]["citations"] == [VIII]
    assert act.record["payload"]["new"]["sha256"] == hashlib.sha256(png).hexdigest()
    page = c.get(f"/cadastro/pessoas/{holder.pk}/").content.decode()
    assert f'src="/cadastro/pessoas/{holder.pk}/foto/"' in page
    shown = c.get(f"/cadastro/pessoas/{holder.pk}/foto/")
    assert shown["Content-Type"] == "image/png" and shown.content == png

    # The same file again changes nothing (idempotent by SHA-256); another one replaces it.
    assert upload(c, holder, png).status_code == 302
    assert len(photo_acts(m, holder)) == 1
    jpeg = image("JPEG", (200, 40, 40))
    assert upload(c, holder, jpeg, "foto.jpg").status_code == 302
    acts = photo_acts(m, holder)
    assert (
        len(acts) == 2
        and acts[1].record["payload"]["old"]["sha256"] == act.record["payload"]["new"]["sha256"]
    )
    assert c.get(f"/cadastro/pessoas/{holder.pk}/foto/")["Content-Type"] == "image/jpeg"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"%PDF-1.4\n% not a photo\n", "envie a foto em JPEG ou PNG"),
        (b"GIF89a" + b"\x00" * 20, "tipo de arquivo não aceito"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "a imagem não pôde ser lida"),
        (b"\xff\xd8\xff" + b"\x00" * (MAX_UPLOAD_BYTES), "arquivo maior que 5 MB"),
    ],
    ids=["pdf", "gif", "broken-png", "too-big"],
)
def test_only_a_readable_jpeg_or_png_within_5_mb_is_a_photo(
    ipatinga_m, user_of, holder, content, message
):
    r = upload(client_as(user_of, Role.ATENDENTE), holder, content)
    text = r.content.decode()
    assert r.status_code == 200 and message in text
    with tenant(ipatinga_m):
        assert not Person.objects.get(pk=holder.pk).photo
    assert photo_acts(ipatinga_m, holder) == []


def test_the_refusal_of_a_pdf_cites_the_badge_article(ipatinga_m, user_of, holder):
    r = upload(client_as(user_of, Role.ATENDENTE), holder, b"%PDF-1.4\n")
    assert f"envie a foto em JPEG ou PNG ({VIII})" in r.content.decode()


def test_an_inspector_cannot_upload_a_photo(ipatinga_m, user_of, holder):
    r = upload(client_as(user_of, Role.FISCAL), holder, image("PNG"))
    assert r.status_code == 403 and "Sem competência" in r.content.decode()
    with tenant(ipatinga_m):
        assert not Person.objects.get(pk=holder.pk).photo


def test_a_company_has_no_badge_photo(ipatinga_m, user_of):
    company = person(ipatinga_m, legal=True)
    c = client_as(user_of, Role.ATENDENTE)
    assert "Foto para o crachá" not in c.get(f"/cadastro/pessoas/{company.pk}/").content.decode()
    assert "só pessoa física tem foto" in upload(c, company, image("PNG")).content.decode()


def test_the_photo_through_the_api_is_idempotent(ipatinga_m, user_of, holder):
    m = ipatinga_m
    c = client_as(user_of, Role.ATENDENTE)
    url = f"/api/v1/registry/people/{holder.pk}/photo"
    png = image("PNG", (10, 200, 10))
    r = c.post(url, {"file": SimpleUploadedFile("f.png", png)})
    assert r.status_code == 200, r.content
    assert r.json()["photo"] is True and r.json()["sha256"] == hashlib.sha256(png).hexdigest()
    assert c.post(url, {"file": SimpleUploadedFile("f.png", png)}).status_code == 200
    assert len(photo_acts(m, holder)) == 1
    r = c.post(url, {"file": SimpleUploadedFile("f.pdf", b"%PDF-1.4\n")})
    assert r.status_code == 400 and "JPEG ou PNG" in r.content.decode()
    assert "art. 2, VIII" in r.content.decode()
    r = c.post(url, {"file": SimpleUploadedFile("f.png", png), "service": "taxi"})
    assert r.status_code == 200
    r = client_as(user_of, Role.FISCAL).post(url, {"file": SimpleUploadedFile("f.png", png)})
    assert r.status_code == 403
    assert c.get(f"/api/v1/registry/people/{holder.pk}").json()["photo"] is True


def test_taxi_art_4_iii_the_photo_act_cites_the_taxi_law(ipatinga_m, holder):
    person_photo_set(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=ipatinga_m,
        law="ipatinga.taxi-2017",
        person=holder,
        content=image("JPEG"),
    )
    (act,) = photo_acts(ipatinga_m, holder)
    assert act.record["basis"]["citations"] == ["Lei do táxi de Ipatinga (2017), art. 4, III"]


def test_a_photo_whose_act_fails_leaves_no_file_and_no_photo(
    ipatinga_m, holder, settings, tmp_path, monkeypatch
):
    settings.MEDIA_ROOT = str(tmp_path)

    def act_fails(**_: object) -> None:
        raise RuntimeError("acts log unavailable")

    monkeypatch.setattr("outorga.registry.services.people.record_act", act_fails)
    with pytest.raises(RuntimeError):
        person_photo_set(
            actor=actor("ipatinga", Role.ATENDENTE),
            municipality=ipatinga_m,
            law="ipatinga.mototaxi-2013",
            person=holder,
            content=image("PNG"),
        )
    with tenant(ipatinga_m):
        assert not Person.objects.get(pk=holder.pk).photo
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []

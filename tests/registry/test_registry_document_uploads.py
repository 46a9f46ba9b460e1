"""Document files (registry.services.documents.document_record): only PDF, JPEG or PNG by their
magic bytes, whatever the name says, and at most 5 MB; a refused file writes nothing (no document,
no act, no file). Sending the same file again for the same person (or vehicle) and the same document type is
idempotent; the same file for someone else, or as another document, is that owner's own record —
never another person's document handed back."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from validate_docbr import CPF, RENAVAM

from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Person, Vehicle
from outorga.registry.services.people import person_register
from outorga.registry.services.vehicles import vehicle_register

API = "/api/v1/registry"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
TEXT_AS_PDF = b"Isto e um texto comum, salvo com o nome de rg.pdf.\n"
EXE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00" + b"\x00" * 48 + b"PE\x00\x00"
NOT_ACCEPTED = "tipo de arquivo não aceito: envie PDF, JPEG ou PNG"
TOO_BIG = "arquivo maior que 5 MB"
FIVE_MB = 5 * 1024 * 1024  # the limit the screens and the API announce


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    """Uploads land in a directory of this test only, so "nothing written" can be looked at."""
    settings.MEDIA_ROOT = str(tmp_path)
    return Path(tmp_path)


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def new_person(m: Municipality, clerk: Any, name: str) -> Person:
    with tenant(m):
        return person_register(
            actor=clerk,
            municipality=m,
            law="ipatinga.mototaxi-2013",
            data={"document": CPF().generate(), "name": name, "birth_date": "1990-01-01"},
        )


def new_vehicle(m: Municipality, clerk: Any, owner: Person) -> Vehicle:
    with tenant(m):
        return vehicle_register(
            actor=clerk,
            municipality=m,
            law="ipatinga.mototaxi-2013",
            owner=owner,
            data={
                "plate": "RUP1C22",
                "renavam": RENAVAM().generate(),
                "kind": "motocicleta",
                "make_model": "Honda CG 160",
                "manufacture_year": 2023,
                "engine_cc": 160,
                "colour": "vermelha",
                "registration_uf": "MG",
            },
        )


def upload(c: Client, content: bytes, name: str, *, doc_type: str = "rg", **owner: int) -> Any:
    return c.post(
        f"{API}/documents",
        {
            "doc_type": doc_type,
            "issued_on": "2024-05-02",
            **{k: str(v) for k, v in owner.items()},
            "file": SimpleUploadedFile(name, content, "application/pdf"),
        },
    )


def stored_files(media: Path) -> list[Path]:
    return [p for p in media.rglob("*") if p.is_file()]


def document_acts(m: Municipality) -> list[Act]:
    with tenant(m):
        return list(Act.objects.filter(action="document.record").order_by("seq"))


@pytest.fixture
def holder(ipatinga_m, clerk) -> Person:  # type: ignore[no-untyped-def]
    return new_person(ipatinga_m, clerk, "Titular Dos Arquivos")


# --- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "name"),
    [(TEXT_AS_PDF, "rg.pdf"), (EXE, "setup.exe"), (EXE, "rg.pdf"), (b"", "vazio.pdf")],
)
def test_a_file_that_is_not_pdf_jpeg_or_png_by_its_bytes_is_refused_and_nothing_is_written(
    ipatinga_m, clerk_c, holder, media, content, name
):
    acts_before = len(document_acts(ipatinga_m))
    r = upload(clerk_c, content, name, person_id=holder.pk)
    assert r.status_code == 400 and r.json()["codigo"] == "arquivo_invalido"
    assert r.json()["erros"] == [{"campo": "arquivo", "erro": NOT_ACCEPTED}]
    with tenant(ipatinga_m):
        assert not Document.objects.filter(person=holder).exists()
    assert len(document_acts(ipatinga_m)) == acts_before
    assert stored_files(media) == []


def test_a_file_over_5_mb_is_refused_and_nothing_is_written(ipatinga_m, clerk_c, holder, media):
    big = PDF + b"0" * (FIVE_MB + 1 - len(PDF))
    assert len(big) == FIVE_MB + 1
    acts_before = len(document_acts(ipatinga_m))
    r = upload(clerk_c, big, "grande.pdf", person_id=holder.pk)
    assert r.status_code == 413
    assert r.json()["erros"] == [{"campo": "arquivo", "erro": TOO_BIG}]
    with tenant(ipatinga_m):
        assert not Document.objects.filter(person=holder).exists()
    assert len(document_acts(ipatinga_m)) == acts_before
    assert stored_files(media) == []


def test_a_file_of_exactly_5_mb_is_accepted(ipatinga_m, clerk_c, holder, media):
    limit = PDF + b"0" * (FIVE_MB - len(PDF))
    r = upload(clerk_c, limit, "limite.pdf", person_id=holder.pk)
    assert r.status_code == 201, r.content
    assert r.json()["sha256"] == hashlib.sha256(limit).hexdigest()
    assert [p.stat().st_size for p in stored_files(media)] == [FIVE_MB]


@pytest.mark.parametrize(
    ("content", "message"), [(TEXT_AS_PDF, NOT_ACCEPTED), (EXE, NOT_ACCEPTED), (None, TOO_BIG)]
)
def test_the_person_page_refuses_the_same_files_with_the_message_on_the_form(
    ipatinga_m, clerk_c, holder, media, content, message
):
    content = content if content is not None else PDF + b"0" * FIVE_MB
    acts_before = len(document_acts(ipatinga_m))
    r = clerk_c.post(
        f"/cadastro/pessoas/{holder.pk}/",
        {
            "doc-doc_type": "rg",
            "doc-issued_on": "2024-05-02",
            "doc-file": SimpleUploadedFile("rg.pdf", content, "application/pdf"),
        },
    )
    assert r.status_code == 200  # the page again with the error, not a redirect
    assert message in r.context["doc_form"].errors["file"]  # under the file input it names
    assert message in r.content.decode()
    with tenant(ipatinga_m):
        assert not Document.objects.filter(person=holder).exists()
    assert len(document_acts(ipatinga_m)) == acts_before
    assert stored_files(media) == []


def test_the_vehicle_page_refuses_an_exe_named_crlv_pdf(ipatinga_m, clerk, clerk_c, holder, media):
    vehicle = new_vehicle(ipatinga_m, clerk, holder)
    r = clerk_c.post(
        f"/cadastro/veiculos/{vehicle.pk}/",
        {
            "doc-doc_type": "crlv",
            "doc-issued_on": "2024-05-02",
            "doc-valid_until": "2025-05-01",  # art. 5 §1 I: the licensing printed on it
            "doc-file": SimpleUploadedFile("crlv.pdf", EXE, "application/pdf"),
        },
    )
    assert r.status_code == 200
    assert NOT_ACCEPTED in r.context["doc_form"].errors["file"]
    with tenant(ipatinga_m):
        assert not Document.objects.filter(vehicle=vehicle).exists()
    assert stored_files(media) == []


# --- idempotency ----------------------------------------------------------------------------------


def test_the_same_file_twice_for_the_same_person_and_type_is_one_document(
    ipatinga_m, clerk_c, holder, media
):
    first = upload(clerk_c, PDF, "rg.pdf", person_id=holder.pk)
    again = upload(clerk_c, PDF, "rg-de-novo.pdf", person_id=holder.pk)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["id"] == first.json()["id"]
    with tenant(ipatinga_m):
        assert Document.objects.filter(person=holder).count() == 1
    assert (
        len([a for a in document_acts(ipatinga_m) if a.object_id == str(first.json()["id"])]) == 1
    )
    assert len(stored_files(media)) == 1


def test_the_same_file_for_another_person_is_that_persons_own_document(
    ipatinga_m, clerk, clerk_c, holder, media
):
    # Two people of one household may present the same proof of residence (art. 5 IX).
    spouse = new_person(ipatinga_m, clerk, "Conjuge Do Titular")
    mine = upload(clerk_c, PDF, "conta-de-luz.pdf", doc_type="residence_proof", person_id=holder.pk)
    theirs = upload(
        clerk_c, PDF, "conta-de-luz.pdf", doc_type="residence_proof", person_id=spouse.pk
    )
    assert (mine.status_code, theirs.status_code) == (201, 201), theirs.content
    assert theirs.json()["id"] != mine.json()["id"]
    with tenant(ipatinga_m):
        doc = Document.objects.get(pk=theirs.json()["id"])
        assert doc.person_id == spouse.pk and doc.doc_type == "residence_proof"
        assert Document.objects.filter(person=holder).count() == 1
    recorded = {a.object_id for a in document_acts(ipatinga_m)}
    assert {str(mine.json()["id"]), str(theirs.json()["id"])} <= recorded


def test_the_same_file_as_another_document_type_is_another_document(
    ipatinga_m, clerk_c, holder, media
):
    # One scan holding the RG and the CPF is presented for both (art. 5 V and XI).
    rg = upload(clerk_c, PDF, "documentos.pdf", doc_type="rg", person_id=holder.pk)
    cpf = upload(clerk_c, PDF, "documentos.pdf", doc_type="cpf", person_id=holder.pk)
    assert (rg.status_code, cpf.status_code) == (201, 201), cpf.content
    assert cpf.json()["id"] != rg.json()["id"] and cpf.json()["type"] == "cpf"
    with tenant(ipatinga_m):
        kinds = sorted(Document.objects.filter(person=holder).values_list("doc_type", flat=True))
    assert kinds == ["cpf", "rg"]
    # Idempotent per type too: the RG again is the same RG.
    again = upload(clerk_c, PDF, "documentos.pdf", doc_type="rg", person_id=holder.pk)
    assert again.json()["id"] == rg.json()["id"]


def test_the_same_file_for_a_vehicle_and_for_its_owner_are_two_documents(
    ipatinga_m, clerk, clerk_c, holder, media
):
    vehicle = new_vehicle(ipatinga_m, clerk, holder)
    for_person = upload(clerk_c, PDF, "x.pdf", doc_type="other", person_id=holder.pk)
    for_vehicle = upload(clerk_c, PDF, "x.pdf", doc_type="other", vehicle_id=vehicle.pk)
    assert (for_person.status_code, for_vehicle.status_code) == (201, 201), for_vehicle.content
    assert for_vehicle.json()["id"] != for_person.json()["id"]
    with tenant(ipatinga_m):
        assert Document.objects.get(pk=for_vehicle.json()["id"]).vehicle_id == vehicle.pk
    again = upload(clerk_c, PDF, "x.pdf", doc_type="other", vehicle_id=vehicle.pk)
    assert again.json()["id"] == for_vehicle.json()["id"]


# --- content judged by its bytes; files served as attachments --------------------------------------

#: A PDF to a PDF reader, a page with a script to a browser that sniffs it (issue #19).
POLYGLOT = (
    b"%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n" + PDF[9:]
)


def test_a_pdf_html_polyglot_is_refused_in_portuguese_and_nothing_is_written(
    ipatinga_m, clerk_c, holder, media
):
    acts_before = len(document_acts(ipatinga_m))
    r = upload(clerk_c, POLYGLOT, "rg.pdf", person_id=holder.pk)
    assert r.status_code == 400 and r.json()["codigo"] == "arquivo_invalido"
    (error,) = r.json()["erros"]
    assert error["campo"] == "arquivo" and "contém marcação HTML" in error["erro"]
    with tenant(ipatinga_m):
        assert not Document.objects.filter(person=holder).exists()
    assert len(document_acts(ipatinga_m)) == acts_before
    assert stored_files(media) == []


def test_a_jpeg_that_does_not_decode_is_refused(ipatinga_m, clerk_c, holder, media):
    r = upload(clerk_c, b"\xff\xd8\xff\xe0" + b"\x00" * 200, "rg.jpg", person_id=holder.pk)
    assert r.status_code == 400
    assert "a imagem não pôde ser lida" in r.json()["erros"][0]["erro"]
    assert stored_files(media) == []


def test_the_documents_limit_comes_from_the_settings(ipatinga_m, clerk_c, holder, settings):
    settings.OUTORGA_UPLOAD_MAX_BYTES = {
        **settings.OUTORGA_UPLOAD_MAX_BYTES,
        "document": 1024 * 1024,
    }
    r = upload(clerk_c, PDF + b"0" * (1024 * 1024), "grande.pdf", person_id=holder.pk)
    assert r.status_code == 413
    assert r.json()["erros"] == [{"campo": "arquivo", "erro": "arquivo maior que 1 MB"}]


def test_a_document_is_served_as_an_attachment_on_the_screen_and_the_api(
    ipatinga_m, clerk_c, holder
):
    r = upload(clerk_c, PDF, "rg.pdf", person_id=holder.pk)
    assert r.status_code == 201, r.content
    doc_id = r.json()["id"]
    for url in (f"/cadastro/documentos/{doc_id}/arquivo/", f"{API}/documents/{doc_id}/file"):
        served = clerk_c.get(url)
        assert served.status_code == 200 and served.content == PDF
        assert served["Content-Disposition"] == f'attachment; filename="documento-{doc_id}.pdf"'
        assert served["X-Content-Type-Options"] == "nosniff"
        assert "no-store" in served["Cache-Control"]

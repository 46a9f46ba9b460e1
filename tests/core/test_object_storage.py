"""Uploaded files in S3-compatible object storage when OUTORGA_S3_BUCKET is set (issue #19,
item 8: every machine reads the same files, and a backup of the bucket holds them), checked
against a local S3 server (moto in server mode, on 127.0.0.1, started here): a document uploaded
is an object in the bucket, not a file on this disk, and comes back whole through the download
view, as an attachment; so does a badge photo; a trip file is read by DuckDB from a local copy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models.fields.files import FieldFile
from django.test import Client
from moto.server import ThreadedMotoServer
from registry_factories import image, person

from outorga.config.env import SettingError, file_storage_from_env
from outorga.core.filestore import local_file
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Person
from outorga.tripdata.models import TripUpload

BUCKET = "outorga-arquivos"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def bucket(s3_endpoint, settings, monkeypatch, tmp_path) -> Any:  # type: ignore[no-untyped-def]
    """The default storage on a fresh bucket of the local S3 server; MEDIA_ROOT empty, to see
    that nothing lands on this disk."""
    for name, value in {
        "OUTORGA_S3_BUCKET": BUCKET,
        "OUTORGA_S3_ENDPOINT_URL": s3_endpoint,
        "OUTORGA_S3_REGION": "us-east-1",
        "OUTORGA_S3_ACCESS_KEY": "teste",
        "OUTORGA_S3_SECRET_KEY": "segredo-de-teste",
        "OUTORGA_S3_PREFIX": "arquivos",
    }.items():
        monkeypatch.setenv(name, value)
    client = boto3.client(
        "s3",
        endpoint_url=s3_endpoint,
        region_name="us-east-1",
        aws_access_key_id="teste",
        aws_secret_access_key="segredo-de-teste",
    )
    client.create_bucket(Bucket=BUCKET)
    settings.MEDIA_ROOT = str(tmp_path)
    settings.STORAGES = {**settings.STORAGES, "default": file_storage_from_env()}
    yield client
    for obj in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=obj["Key"])
    client.delete_bucket(Bucket=BUCKET)


def _object(client: Any, key: str) -> bytes:
    return client.get_object(Bucket=BUCKET, Key=key)["Body"].read()


def _clerk(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def test_a_document_is_an_object_in_the_bucket_and_downloads_as_an_attachment(
    ipatinga_m, user_of, bucket, tmp_path
):
    holder = person(ipatinga_m, name="Titular Do Balde")
    c = _clerk(user_of)
    r = c.post(
        "/api/v1/registry/documents",
        {
            "doc_type": "rg",
            "issued_on": "2024-05-02",
            "person_id": str(holder.pk),
            "file": SimpleUploadedFile("rg.pdf", PDF, "application/pdf"),
        },
    )
    assert r.status_code == 201, r.content
    with tenant(ipatinga_m):
        doc = Document.objects.get(pk=r.json()["id"])
    assert _object(bucket, f"arquivos/{doc.file.name}") == PDF
    assert not [p for p in Path(tmp_path).rglob("*") if p.is_file()]  # nothing on this disk

    for url in (
        f"/cadastro/documentos/{doc.pk}/arquivo/",
        f"/api/v1/registry/documents/{doc.pk}/file",
    ):
        got = c.get(url)
        assert got.status_code == 200, url
        assert got["Content-Disposition"].startswith("attachment;")
        assert got.content == PDF


def test_a_badge_photo_is_kept_in_the_bucket_and_shown_from_it(ipatinga_m, user_of, bucket):
    holder = person(ipatinga_m, name="Titular Com Foto No Balde")
    png = image("PNG")
    c = _clerk(user_of)
    r = c.post(
        f"/cadastro/pessoas/{holder.pk}/",
        {"photo-step": "1", "photo-file": SimpleUploadedFile("foto.png", png)},
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        stored = Person.objects.get(pk=holder.pk).photo
    assert _object(bucket, f"arquivos/{stored.name}") == png
    shown = c.get(f"/cadastro/pessoas/{holder.pk}/foto/")
    assert shown.status_code == 200 and shown["Content-Type"] == "image/png"
    body = b"".join(shown.streaming_content) if shown.streaming else shown.content
    assert body == png


def test_a_trip_file_in_the_bucket_is_read_from_a_local_copy_removed_afterwards(db, bucket):
    name = default_storage.save("tripdata/2026/01/viagens.csv", ContentFile(b"a,b\n1,2\n"))
    field = FieldFile(TripUpload(), TripUpload._meta.get_field("file"), name)
    with local_file(field) as path:
        assert path.read_bytes() == b"a,b\n1,2\n" and path.suffix == ".csv"
    assert not path.exists()


def test_without_a_bucket_files_stay_on_the_local_disk(monkeypatch):
    monkeypatch.delenv("OUTORGA_S3_BUCKET", raising=False)
    assert file_storage_from_env() == {"BACKEND": "django.core.files.storage.FileSystemStorage"}


def test_an_endpoint_that_is_not_a_url_fails_at_start_up(monkeypatch):
    monkeypatch.setenv("OUTORGA_S3_BUCKET", BUCKET)
    monkeypatch.setenv("OUTORGA_S3_ENDPOINT_URL", "minio:9000")
    with pytest.raises(SettingError, match="OUTORGA_S3_ENDPOINT_URL"):
        file_storage_from_env()

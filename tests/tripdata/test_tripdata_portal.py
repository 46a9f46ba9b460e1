"""The platform portal's trip files (art. 21, 24) and ISSQN (art. 20 §2, D-14): the platform's
staff send a month's file through the API's service, follow its processing and read the result."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from tripdata_factories import processed

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform
from outorga.platforms.services.credentialing import platform_user_link
from outorga.tripdata.models import TripUpload

# The files are of October 2026: sent in December 2026, whatever the real calendar says.
pytestmark = [pytest.mark.django_db, pytest.mark.clock("2026-12-05T12:00:00-03:00")]


@pytest.fixture
def staff(world, user_of) -> Client:
    """The demo login of role plataforma, serving the world's platform."""
    user = user_of("barra-do-garcas", Role.PLATAFORMA)
    with tenant(world.m):
        platform_user_link(
            actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
            municipality=world.m,
            platform=world.platform,
            user=user,
        )
    c = Client()
    c.force_login(user)
    return c


def send(staff: Client, content: bytes, name: str = "corridas.csv", **over):
    data = {"month": "2026-10", "kind": "trips", "schema": "native"}
    data.update(over)
    data["file"] = SimpleUploadedFile(name, content)
    return staff.post("/plataforma/corridas/", data)


def test_art_21_a_file_sent_on_the_page_is_queued_then_its_result_shown(
    world, staff, sample_trips, rates
):
    r = send(staff, sample_trips)
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(world.m):
        upload = TripUpload.objects.get(platform=world.platform)
        act = Act.objects.get(action="tripdata.upload", object_id=str(upload.pk))
    assert r.headers["Location"] == f"/plataforma/corridas/{upload.pk}/"
    assert act.role == "plataforma" and act.actor is not None
    page = staff.get(r.headers["Location"]).content.decode()
    assert "na fila" in page and "<progress" in page and "situacao/" in page
    status = staff.get(f"/plataforma/corridas/{upload.pk}/situacao/").json()
    assert status["status"] == "queued" and status["progress"] == 0

    processed(upload.pk)
    status = staff.get(f"/plataforma/corridas/{upload.pk}/situacao/").json()
    assert status["status"] == "done" and status["progress"] == 100
    page = staff.get(f"/plataforma/corridas/{upload.pk}/").content.decode()
    assert "processado" in page and "situacao/" not in page  # no more polling
    assert "motorista não cadastrado pela plataforma" in page
    upload.refresh_from_db()
    assert f"{upload.rows_counted:,}".replace(",", ".") in page

    issqn = staff.get("/plataforma/issqn/?mes=2026-10").content.decode()
    assert "Extrato de 10/2026" in issqn and "529.982.247-25" in issqn
    assert "art. 20" in issqn


def test_a_file_whose_format_cannot_be_told_is_refused_on_the_page(world, staff, sample_trips):
    r = send(staff, sample_trips, name="corridas.txt")
    html = r.content.decode()
    assert r.status_code == 200 and "deduzir o formato" in html
    with tenant(world.m):
        assert not TripUpload.objects.filter(platform=world.platform).exists()


def test_the_upload_of_another_platform_is_not_found(world, staff, sample_trips, user_of):
    upload_id = world.upload(sample_trips).json()["id"]
    assert staff.get(f"/plataforma/corridas/{upload_id}/").status_code == 200
    # The same login, now serving another platform of the municipality.
    with tenant(world.m):
        other = Platform.objects.create(cnpj="00000000000191", name="Outra")
        platform_user_link(
            actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
            municipality=world.m,
            platform=other,
            user=user_of("barra-do-garcas", Role.PLATAFORMA),
        )
    for path in (
        f"/plataforma/corridas/{upload_id}/",
        f"/plataforma/corridas/{upload_id}/situacao/",
    ):
        assert staff.get(path).status_code == 404
    assert "trips.csv" not in staff.get("/plataforma/corridas/").content.decode()

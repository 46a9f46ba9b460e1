"""The badge's photo is public at /v/<token>/foto: it is served without the EXIF a phone writes
(GPS position, camera), upright, whether it was uploaded now or stored before uploads were
re-encoded (issue #19)."""

from __future__ import annotations

import io

from django.core.files.base import ContentFile
from django.test import Client
from PIL import ExifTags, Image
from registry_factories import make_permit, photo_with_exif

from outorga.core.tenancy import tenant
from outorga.public import services
from outorga.registry.models import Person
from outorga.registry.services.people import person_photo_set


def _served(response) -> Image.Image:  # type: ignore[no-untyped-def]
    return Image.open(io.BytesIO(response.content))


def test_the_public_photo_has_no_exif_gps_nor_camera(ipatinga_m, badge_clerk):
    m = ipatinga_m
    permit = make_permit(m, "EXIF")
    original = photo_with_exif("JPEG", size=(60, 80), orientation=6)
    with tenant(m):
        person_photo_set(
            actor=badge_clerk,
            municipality=m,
            law="ipatinga.mototaxi-2013",
            person=permit.holder,
            content=original,
        )
    badge = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    r = Client().get(f"/v/{badge.token}/foto")
    assert r.status_code == 200 and r["Content-Type"] == "image/jpeg"
    photo = _served(r)
    assert not photo.getexif().get_ifd(ExifTags.IFD.GPSInfo)
    assert dict(photo.getexif()) == {}
    assert b"Telefone X-1" not in r.content and b"Exif" not in r.content
    assert photo.size == (80, 60)  # turned upright before the EXIF was dropped


def test_a_photo_stored_with_its_exif_before_is_served_without_it(ipatinga_m, badge_clerk):
    m = ipatinga_m
    permit = make_permit(m, "LEGADO")
    with tenant(m):
        holder = Person.objects.get(pk=permit.holder_id)
        holder.photo.save("legado.jpg", ContentFile(photo_with_exif("JPEG")), save=True)
    badge = services.badge_issue(actor=badge_clerk, municipality=m, permit=permit)
    r = Client().get(f"/v/{badge.token}/foto")
    assert r.status_code == 200
    assert not _served(r).getexif().get_ifd(ExifTags.IFD.GPSInfo)
    assert b"Telefone X-1" not in r.content

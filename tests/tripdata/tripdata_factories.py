"""Helpers for the tripdata tests: an upload processed by its task, the month's ISSQN statement by
taxpayer, a driver declared MEI on the roster (the platform world itself is ``conftest.world``)."""

from __future__ import annotations

from outorga.core.tenancy import tenant, unscoped
from outorga.platforms.models import PlatformDriver
from outorga.tripdata.models import IssqnStatement, TripUpload
from outorga.tripdata.tasks import process_upload


def processed(upload_id: int) -> TripUpload:
    process_upload.call(upload_id)
    with unscoped():
        return TripUpload.objects.get(pk=upload_id)


def statement_lines(world):
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
        return st, {line.taxpayer: line for line in st.lines.all()}


def make_mei(world, cpf="52998224725"):
    with tenant(world.m):
        PlatformDriver.objects.filter(platform=world.platform, cpf=cpf).update(tax_regime="mei")

"""Trip files kept no longer than the municipality's retention period (LGPD, Lei 13.709/2018,
art. 15, I and art. 16; the dated parameter ``retention.trip_files_days``): the daily sweep
deletes the file — from the disk or the bucket — of every processed upload sent before the
cutoff, keeps what was computed from it, names each file in one act, and changes nothing when
run again."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command

from outorga.core.models import Act, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.tripdata.models import TripUpload, ValidationCount
from outorga.tripdata.sweep import run as retention_run

BRT4 = dt.timezone(dt.timedelta(hours=-4))  # Barra do Garças
ON = dt.date(2031, 3, 10)
EXAMPLE_DAYS = 1825  # the shipped example value


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = str(tmp_path)
    return Path(tmp_path)


def sent(world, on: dt.date, *, status: str = TripUpload.Status.DONE) -> TripUpload:  # type: ignore[no-untyped-def]
    """An upload of ``world``'s platform sent at 00:30 local time on ``on`` with its file."""
    content = f"corridas de {on}".encode()
    with tenant(world.m):
        upload = TripUpload(
            platform=world.platform,
            month=on.replace(day=1),
            kind="trips",
            schema="native",
            file_format="csv",
            original_name="trips.csv",
            size=len(content),
            sha256=hashlib.sha256(content).hexdigest(),
            submitted_by="teste",
            status=status,
        )
        upload.file.save(f"{upload.sha256[:16]}.csv", ContentFile(content), save=False)
        upload.save()
        stamp = dt.datetime.combine(on, dt.time(0, 30), tzinfo=BRT4)
        TripUpload.objects.filter(pk=upload.pk).update(created_at=stamp)
        upload.refresh_from_db()
    return upload


def acts(world) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return list(Act.objects.filter(action="retention.trip_files").order_by("seq"))


def test_lgpd_art_16_a_file_sent_before_the_cutoff_is_deleted_and_named_in_one_act(world, media):
    cutoff = ON - dt.timedelta(days=EXAMPLE_DAYS)
    old = sent(world, cutoff - dt.timedelta(days=1))
    kept = sent(world, cutoff)  # the cutoff day itself is within the period
    old_path, kept_path = Path(old.file.path), Path(kept.file.path)

    result = retention_run(world.m, ON)

    assert not old_path.exists() and kept_path.exists()
    with tenant(world.m):
        assert TripUpload.objects.get(pk=old.pk).file.name == ""
        assert TripUpload.objects.get(pk=old.pk).status == TripUpload.Status.DONE  # row kept
        assert TripUpload.objects.get(pk=kept.pk).file.name == kept.file.name
    (act,) = acts(world)
    new = act.record["payload"]["new"]
    assert new["eliminar_antes_de"] == cutoff.isoformat() and new["total"] == 1
    assert [f["arquivo"] for f in new["arquivos"]] == [old.file.name]
    assert new["arquivos"][0]["sha256"] == old.sha256
    cites = act.record["basis"]["citations"]
    assert any("13.709/2018" in c and "art. 16" in c for c in cites), cites
    assert any("art. 15, I" in c for c in cites), cites
    (param,) = act.record["basis"]["decision"]["reasons"][0]["parameters"]
    assert param["value"] == EXAMPLE_DAYS
    assert result.changes == 1


def test_lgpd_art_16_the_rows_the_validation_report_copied_from_the_file_go_with_it(world):
    """The report's samples are the file's own rows (a driver's CPF, the plate, the trip's
    times; in CSV the whole line): kept only as long as the file. The counts stay."""
    cutoff = ON - dt.timedelta(days=EXAMPLE_DAYS)
    old, kept = sent(world, cutoff - dt.timedelta(days=1)), sent(world, cutoff)
    swept = sent(world, cutoff - dt.timedelta(days=40))  # its file removed by an earlier run
    swept.file.delete(save=False)
    row = {"trip_id": "T9", "driver_cpf": "52998224725", "vehicle_plate": "QBD1A23"}
    with tenant(world.m):
        TripUpload.objects.filter(pk=swept.pk).update(file="")
        for upload in (old, kept, swept):
            ValidationCount.objects.create(
                upload=upload, kind="unknown_driver", label="x", count=7, samples=[row]
            )

    retention_run(world.m, ON)

    with tenant(world.m):
        gone = ValidationCount.objects.get(upload=old)
        assert (gone.count, gone.samples) == (7, [])
        assert ValidationCount.objects.get(upload=swept).samples == []
        assert ValidationCount.objects.get(upload=kept).samples == [row]
    (act,) = acts(world)
    assert [f["envio"] for f in act.record["payload"]["new"]["arquivos"]] == [old.pk, swept.pk]
    assert retention_run(world.m, ON).changes == 0


def test_lgpd_art_16_running_the_sweep_again_removes_nothing_more(world):
    sent(world, ON - dt.timedelta(days=EXAMPLE_DAYS + 30))
    assert retention_run(world.m, ON).changes == 1
    again = retention_run(world.m, ON)
    assert again.changes == 0 and again.checked == 0
    assert len(acts(world)) == 1


@pytest.mark.parametrize("status", [TripUpload.Status.QUEUED, TripUpload.Status.PROCESSING])
def test_a_file_still_waiting_or_being_processed_is_never_deleted(world, status):
    upload = sent(world, ON - dt.timedelta(days=EXAMPLE_DAYS + 30), status=status)
    assert retention_run(world.m, ON).changes == 0
    assert Path(upload.file.path).exists() and acts(world) == []


def test_the_period_is_the_municipalitys_dated_value_in_force_on_the_day(world):
    with tenant(world.m):
        ParameterOverride.objects.create(
            name="retention.trip_files_days",
            effective=dt.date(2031, 3, 1),
            value=30,
            legal_reference="Decreto 99/2031, art. 1º",
        )
    month_old = sent(world, ON - dt.timedelta(days=31))
    # Before the decree's date the example's five years apply: it is not old enough.
    retention_run(world.m, dt.date(2031, 2, 28))
    with tenant(world.m):
        assert TripUpload.objects.get(pk=month_old.pk).file.name == month_old.file.name
    retention_run(world.m, ON)
    with tenant(world.m):
        assert TripUpload.objects.get(pk=month_old.pk).file.name == ""
    act = acts(world)[-1]
    assert act.record["payload"]["new"]["eliminar_antes_de"] == "2031-02-08"
    assert month_old.pk in [f["envio"] for f in act.record["payload"]["new"]["arquivos"]]


def test_the_sweep_command_runs_the_step_and_leaves_the_acts_log_whole(world):
    sent(world, ON - dt.timedelta(days=EXAMPLE_DAYS + 1))
    with tenant(world.m):
        before = Act.objects.count()
    call_command("sweep", on=ON.isoformat(), municipality=world.m.slug, step=["tripdata_retention"])
    with tenant(world.m):
        assert Act.objects.count() == before + 1  # one act added, none removed
    call_command("audit", "verify", municipality=world.m.slug)

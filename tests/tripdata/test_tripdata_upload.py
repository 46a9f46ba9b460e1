"""A platform uploads a month of trips through the API; a background task processes it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult
from tripdata_factories import processed

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import Role
from outorga.platforms.models import InfractionCandidate
from outorga.platforms.services.reports import monthly_report_submit
from outorga.tripdata.models import (
    DriverMonth,
    IssqnStatement,
    PlatformMonth,
    TripUpload,
    ValidationCount,
)
from outorga.tripdata.services import common, processing, receiving

pytestmark = pytest.mark.django_db


def test_the_request_only_stores_and_queues_the_file(world, sample_trips):
    r = world.upload(sample_trips)
    assert r.status_code == 202, r.content
    body = r.json()
    assert body["status"] == "queued" and body["progress"] == 0
    with tenant(world.m):
        upload = TripUpload.objects.get(pk=body["id"])
        assert upload.rows is None
        assert not ValidationCount.objects.filter(upload=upload).exists()
        assert not DriverMonth.objects.filter(upload=upload).exists()
        assert not PlatformMonth.objects.filter(platform=world.platform).exists()
    task = DBTaskResult.objects.get(id=upload.task_id)
    assert task.status == "READY" and task.args_kwargs["args"] == [upload.pk]


@pytest.mark.django_db(transaction=True)
def test_a_worker_processes_the_queue(sample_trips):
    """The real worker command (it opens and closes its own connections: a transactional test)."""
    from demo_factories import demo_fresh
    from django.core.files.uploadedfile import SimpleUploadedFile

    from outorga.core.acts import Actor
    from outorga.core.models import Municipality
    from outorga.platforms.models import Platform

    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.create(cnpj="82828282000182", name="Fila")
    upload, _ = receiving.trip_upload_submit(
        actor=Actor(None, "plataforma", "token:teste", None),
        municipality=m,
        platform=platform,
        file=SimpleUploadedFile("t.csv", sample_trips),
        kind="trips",
        schema="native",
        year=2026,
        month=10,
    )
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    with unscoped():
        assert TripUpload.objects.get(pk=upload.pk).status == "done"


def test_the_validation_report_counts_each_kind_with_samples(world, sample_trips):
    upload = processed(world.upload(sample_trips).json()["id"])
    assert upload.status == "done", upload.error
    assert (upload.rows, upload.rows_counted) == (11, 7)
    body = world.get(f"/api/v1/tripdata/uploads/{upload.pk}").json()
    counts = {v["kind"]: v["count"] for v in body["validation"]}
    assert counts["duplicate"] == 1
    assert counts["negative_duration"] == 2
    assert counts["impossible_distance"] == 1
    assert counts["outside_month"] == 1
    assert counts["unknown_driver"] == 1
    assert counts["driver_not_enabled"] == 1
    assert counts["plate_mismatch"] == 1
    assert counts["two_wheeler"] == 0
    assert counts["fare_above_limit"] == 0  # limits not set by the executive: not checked
    samples = {v["kind"]: v["samples"] for v in body["validation"]}
    assert samples["unknown_driver"][0]["trip_id"] == "T-0007"
    assert samples["plate_mismatch"][0]["vehicle_plate"] == "ABC1D23"


def test_totals_per_driver_and_per_platform(world, sample_trips, rates):
    upload = processed(world.upload(sample_trips).json()["id"])
    with tenant(world.m):
        drivers = {d.driver_cpf: d for d in DriverMonth.objects.filter(upload=upload)}
        assert drivers["52998224725"].gross_cents == 4040
        assert drivers["52998224725"].retention_cents == 1011
        assert drivers["98765432100"].on_roster is False
        pm = PlatformMonth.objects.get(platform=world.platform)
        assert (pm.trips, pm.gross_cents, pm.retention_cents) == (7, 15530, 3884)
        assert pm.trips_upload_id == upload.pk


def test_the_peak_comes_from_trips_until_sessions_arrive(world, sample_trips, sample_sessions):
    processed(world.upload(sample_trips).json()["id"])
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
    assert (pm.peak, pm.peak_source) == (2, "trips")
    assert pm.peak_at.isoformat() == "2026-10-01T11:15:00+00:00"
    # The law core's decision carries the instant too (the API shows both), on the
    # municipality's clock: the law judges the peak on its local day (D-15).
    assert pm.decision["outcome"]["peak_at"] == "2026-10-01T07:15:00-04:00"
    assert pm.candidate is False
    assert "art. 3" in str(pm.decision["citations"])
    s = processed(world.upload(sample_sessions, name="s.csv", kind="sessions").json()["id"])
    assert s.status == "done", s.error
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
    assert (pm.peak, pm.peak_source) == (2, "sessions")
    assert pm.peak_at.isoformat() == "2026-10-01T11:00:00+00:00"


def test_the_issqn_statement_follows_d14(world, sample_trips, rates):
    processed(world.upload(sample_trips).json()["id"])
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
        lines = {line.taxpayer: line for line in st.lines.all()}
    assert st.complete
    assert (st.base_source, st.platform_iss_cents) == ("corridas", 194)  # 5 % × 3 884
    assert lines["98765432100"].iss_cents == 32  # 2 % × 1 575 = 31,5 → 32 (half-up)
    assert st.withheld_cents == 61 + 81 + 60 + 32
    assert st.total_cents == 194 + 234


def test_art_16_ii_a_report_without_its_revenue_is_no_base_of_zero(world, sample_trips, rates):
    """Art. 19 §1 taxes the platform's gross intermediation revenue, which it declares in item II
    of its monthly report (art. 16). A report sent without item II declares nothing: the base is
    the retention measured from the trips, as without a report — never zero."""
    monthly_report_submit(
        actor=Actor(None, Role.PLATAFORMA.value, "token:teste", "198.51.100.7"),
        municipality=world.m,
        platform=world.platform,
        idempotency_key="sem-item-ii",
        body={"year": 2026, "month": 10, "drivers": []},
        on=dt.date(2026, 11, 5),
    )
    processed(world.upload(sample_trips).json()["id"])
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
    assert (st.base_source, st.intermediation_base_cents) == ("corridas", 3884)
    assert st.platform_iss_cents == 194  # 5 % × 3 884, not 5 % × 0


def test_without_the_municipality_rate_the_statement_is_pending(world, sample_trips):
    processed(world.upload(sample_trips).json()["id"])
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
    assert st.complete is False and st.total_cents is None
    assert st.platform_iss_cents == 194  # the general-regime rate exists (example value)


def test_the_same_content_is_received_once(world, sample_trips):
    first = world.upload(sample_trips)
    again = world.upload(sample_trips)
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    with tenant(world.m):
        assert TripUpload.objects.filter(platform=world.platform).count() == 1


def test_an_idempotency_key_reused_with_other_content_is_refused(world, sample_trips):
    assert world.upload(sample_trips, key="k-1").status_code == 202
    assert world.upload(sample_trips, key="k-1").status_code == 200
    r = world.upload(sample_trips + b"T-9,1,2,3,4,5,6,7,8,9\n", key="k-1")
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "Idempotency-Key"
    # The same shape as the platform API's other refusals: a list of citations.
    assert any("art. 21" in c for c in r.json()["citacoes"])


def test_a_file_missing_columns_fails_and_loads_nothing(world):
    upload = processed(world.upload(b"trip_id,driver_cpf\nT1,52998224725\n").json()["id"])
    assert upload.status == "failed"
    assert "colunas obrigatórias ausentes" in upload.error
    with tenant(world.m):
        assert not DriverMonth.objects.filter(upload=upload).exists()
        assert not PlatformMonth.objects.filter(platform=world.platform).exists()
        act = Act.objects.filter(action="tripdata.process", object_id=str(upload.pk)).get()
    assert act.outcome == "refused"


def test_a_stray_quote_fails_the_file_with_its_line_instead_of_losing_the_rest(world, sample_trips):
    """The lines are counted on receipt; the reader would take everything after an unterminated
    quote as one value and drop it."""
    head, *rows = sample_trips.decode().splitlines(keepends=True)
    rows[1] = '"' + rows[1]
    body = (head + "".join(rows)).encode()
    upload = processed(world.upload(body).json()["id"])
    assert upload.lines == len(rows) + 1
    assert upload.status == "failed"
    assert "aspas não fechadas" in upload.error and "problema é a 3" in upload.error
    with tenant(world.m):
        assert not ValidationCount.objects.filter(upload=upload).exists()
        assert not DriverMonth.objects.filter(upload=upload).exists()
        assert not PlatformMonth.objects.filter(platform=world.platform).exists()


def test_a_failure_while_storing_leaves_the_previous_month_untouched(
    world, sample_trips, monkeypatch
):
    good = processed(world.upload(sample_trips).json()["id"])

    def boom(*args, **kwargs):
        raise RuntimeError("disco cheio")

    monkeypatch.setattr(processing, "_compute_statement", boom)
    bad = processed(world.upload(sample_trips.replace(b"T-0001", b"T-0100")).json()["id"])
    assert bad.status == "failed" and "nada foi gravado" in bad.error
    with tenant(world.m):
        assert not DriverMonth.objects.filter(upload=bad).exists()
        assert not ValidationCount.objects.filter(upload=bad).exists()
        assert PlatformMonth.objects.get(platform=world.platform).trips_upload_id == good.pk


def test_a_new_file_for_the_month_replaces_the_totals_and_keeps_history(world, sample_trips):
    first = processed(world.upload(sample_trips).json()["id"])
    fewer = b"\n".join(sample_trips.splitlines()[:3]) + b"\n"
    second = processed(world.upload(fewer).json()["id"])
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
        assert pm.trips_upload_id == second.pk and pm.trips == 2
        assert DriverMonth.objects.filter(upload=first).count() == 4


def _51_concurrent_drivers(world) -> TripUpload:
    """A month's sessions with 51 drivers online at once (10/10/2026 10–11h), processed."""
    lines = ["driver_cpf,start_time,end_time"]
    for i in range(51):
        lines.append(f"{10000000000 + i},2026-10-10T10:00:00-04:00,2026-10-10T11:00:00-04:00")
    content = ("\n".join(lines) + "\n").encode()
    upload = processed(world.upload(content, name="s.csv", kind="sessions").json()["id"])
    assert upload.status == "done", upload.error
    return upload


def test_a_month_over_50_concurrent_drivers_is_an_infraction_candidate(world):
    upload = _51_concurrent_drivers(world)
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
        counts = {v.kind: v.count for v in ValidationCount.objects.filter(upload=upload)}
    assert pm.peak == 51 and pm.candidate is True
    assert counts["unknown_driver"] == 51
    assert any(r["verdict"] == "refused" for r in pm.decision["reasons"])


def test_d9_a_candidate_is_dated_on_the_municipalitys_clock(world, monkeypatch):
    """Processed at 23:30 of 31/10/2026 in Barra do Garças (MT, UTC−4), already 01/11 in
    Brasília: the candidate is detected on the town's day."""
    instant = dt.datetime(2026, 11, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    _51_concurrent_drivers(world)
    with tenant(world.m):
        candidate = InfractionCandidate.objects.get(platform=world.platform)
    assert candidate.detected_on == dt.date(2026, 10, 31)


def test_a_two_wheeler_on_the_roster_is_reported(world):
    content = (
        b"trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
        b"fare_cents,retention_cents\n"
        b"M1,39053344705,MOT0A12,2026-10-05T10:00:00-04:00,2026-10-05T10:10:00-04:00,"
        b"3000,600,1500,300\n"
    )
    upload = processed(world.upload(content).json()["id"])
    with tenant(world.m):
        counts = {v.kind: v.count for v in ValidationCount.objects.filter(upload=upload)}
    assert counts["two_wheeler"] == 1


def test_a_municipality_without_the_apps_law_cannot_upload(ipatinga_m, sample_trips, user_of):
    from outorga.core.acts import Actor
    from outorga.platforms.models import Platform

    with tenant(ipatinga_m):
        platform = Platform.objects.create(cnpj="55555555000155", name="Sem lei")
    from django.core.files.uploadedfile import SimpleUploadedFile

    with pytest.raises(common.TripDataError):
        receiving.trip_upload_submit(
            actor=Actor(None, "plataforma", "token:x", None),
            municipality=ipatinga_m,
            platform=platform,
            file=SimpleUploadedFile("t.csv", sample_trips),
            kind="trips",
            schema="native",
            year=2026,
            month=10,
        )


def test_the_platform_sees_only_its_own_uploads(world, sample_trips, barra_m, user_of):
    upload_id = world.upload(sample_trips).json()["id"]
    listing = world.get("/api/v1/tripdata/uploads").json()["items"]
    assert [u["id"] for u in listing] == [upload_id]
    assert world.get(f"/api/v1/tripdata/uploads/{upload_id}").status_code == 200


def test_a_file_whose_upload_rolls_back_is_not_left_in_the_storage(
    world, sample_trips, monkeypatch
):
    """The file is written before the act is recorded: if the act (or the queue) fails, the
    transaction rolls back and no row names the file — it must not stay behind as an orphan
    (``core.filestore.save_in_transaction``), and the same file sent again is received anew."""
    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile

    from outorga.core.acts import Actor

    def fails(**_: object) -> None:
        raise RuntimeError("registro do ato indisponível")

    def send() -> tuple[TripUpload, bool]:
        return receiving.trip_upload_submit(
            actor=Actor(None, "plataforma", "token:teste", None),
            municipality=world.m,
            platform=world.platform,
            file=SimpleUploadedFile("t.csv", sample_trips),
            kind="trips",
            schema="native",
            year=2026,
            month=10,
        )

    with monkeypatch.context() as patch:
        patch.setattr(receiving, "record_act", fails)
        with pytest.raises(RuntimeError):
            send()
    media = settings.MEDIA_ROOT
    assert [p for p in media.rglob("*") if p.is_file()] == []
    with tenant(world.m):
        assert not TripUpload.objects.filter(platform=world.platform).exists()
    upload, created = send()
    assert created and upload.file.storage.exists(upload.file.name)


def test_art_21_a_month_not_yet_begun_in_barra_do_garcas_is_refused_at_brasilias_midnight(
    world, sample_trips, monkeypatch
):
    """At 00:30 of 01/11/2026 in Brasília it is still 31/10 in Barra do Garças (MT, UTC−4): a
    file of November is of a month that has not begun there (D-4), even outside a request."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from outorga.core.acts import Actor

    instant = dt.datetime(2026, 11, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    with pytest.raises(common.TripDataError, match="futuro") as exc:
        receiving.trip_upload_submit(
            actor=Actor(None, "plataforma", "token:x", None),
            municipality=world.m,
            platform=world.platform,
            file=SimpleUploadedFile("t.csv", sample_trips),
            kind="trips",
            schema="native",
            year=2026,
            month=11,
        )
    assert exc.value.field == "month"
    assert "hoje é 31/10/2026" in str(exc.value) and "art. 21" in str(exc.value)

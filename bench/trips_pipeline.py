# ruff: noqa: S608 - SQL over files this script generates itself
"""Benchmark of the trip-data pipeline (issue 6): a month of trips for 10 platforms × 50 drivers.

    .venv/bin/python bench/trips_pipeline.py              # 10 000 000 trips (about 1 GB of CSV)
    .venv/bin/python bench/trips_pipeline.py --rows 200000  # quick run

It builds a throw-away SQLite database (migrations + demo data), registers the platforms, their
rosters (one motorcycle each), the executive's fare maxima and an ISSQN rate (example values) and
a monthly report per platform, then writes one CSV per platform in the native schema (about 0.1 %
of the rows carry each kind of error). In the same run it measures:

* ``bare``: DuckDB alone, trips and revenue per driver per month straight from the same CSV files
  (the reference the targets are stated against);
* ``pipeline``: what the background task does for each file — read, validate (every error kind,
  with samples), per-driver and per-platform totals, concurrent-driver peak (merge + sweep), the
  law core's answers (peak over the cap, ISSQN statement), one transaction writing the results
  and the acts — followed by the reconciliation with the monthly reports;
* ``receive``: what the upload request adds before that (SHA-256 of the file and its line count),
  shown apart.

The pipeline runs with one worker (files one after the other, on this process's main thread)
and with ``--workers`` (default: one per core) taking files at once: worker processes, as
`outorga db_worker` processes are — started before anything is measured and kept for every
round (a worker is long-lived: its first file pays for loading DuckDB and for memory the next
ones reuse), each running tasks on its main thread, its DuckDB given its share of the cores
(``OUTORGA_DUCKDB_THREADS``). ``--rounds`` (default 3) alternate both with the reference; each
keeps its best round, since the machine is shared and its speed drifts by tens of per cent from
one stretch to the next.

Peak memory is the resident set of this process and of the worker processes (each one's VmHWM,
reset before each phase, summed; DuckDB allocates outside Python, so tracemalloc would not see
it); CPU time likewise counts the workers. Targets on the 2-core machine: ≥ 1 000 000
rows/s end to end from CSV, ≤ 2× the bare aggregation, < 2 GB peak memory.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

MONTH = dt.date(2026, 10, 1)
LOCAL_OFFSET_H = -4  # Barra do Garças (America/Cuiaba)


def cpf_of(base9: int) -> str:
    d = [int(c) for c in f"{base9:09d}"]
    for n in (10, 11):
        r = sum(a * b for a, b in zip(d, range(n, 1, -1), strict=False)) * 10 % 11
        d.append(0 if r == 10 else r)
    return "".join(map(str, d))


class Rss:
    """Peak resident set size of this process and of the worker processes ``pids``: each one's
    kernel high-water mark (reset per phase), summed — at least the peak they reached together —
    with a sampler of their sum as a fallback where clear_refs cannot be written."""

    def __init__(self, pids: tuple[int, ...] = ()) -> None:
        self.pids = ("self", *map(str, pids))
        self.peak = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _status(self, key: str) -> int:
        total = 0
        for pid in self.pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith(key + ":"):
                    total += int(line.split()[1]) * 1024
        return total

    def __enter__(self) -> Rss:
        try:
            for pid in self.pids:  # resets VmHWM to the current RSS
                Path(f"/proc/{pid}/clear_refs").write_text("5")
            self._hwm_ok = True
        except OSError:
            self._hwm_ok = False
        self.peak = self._status("VmRSS")
        self._stop.clear()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self) -> None:
        while not self._stop.wait(0.05):
            self.peak = max(self.peak, self._status("VmRSS"))

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join()
        if self._hwm_ok:
            self.peak = max(self.peak, self._status("VmHWM"))


def cpu(pids: tuple[int, ...] = ()) -> float:
    """CPU seconds of this process, all threads (DuckDB's included), and of the worker processes
    ``pids``: steadier than wall time when other work shares the machine."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    ticks = os.sysconf("SC_CLK_TCK")
    children = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return r.ru_utime + r.ru_stime + children


def mb(n: int) -> str:
    return f"{n / 2**20:,.0f} MB"


def setup_django(work: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
    os.environ["OUTORGA_MEDIA_ROOT"] = str(work / "media")
    os.environ["OUTORGA_VAR_DIR"] = str(work)
    os.environ["OUTORGA_DUCKDB_TMP"] = str(work / "duckdb-tmp")
    # As a worker runs in production: without Django's debug mode, which keeps every query.
    os.environ["OUTORGA_DEBUG"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "outorga.config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from outorga.demo.loader import load_demo

    load_demo()


def generate(path: Path, platform: int, rows: int, drivers: list[tuple[str, str]]) -> None:
    """One platform's month: each driver's trips never overlap (a slot per trip), so the
    concurrency peak is the number of drivers on line at once. Errors at fixed rates."""
    import duckdb

    start = int(
        dt.datetime.combine(MONTH, dt.time.min, tzinfo=dt.timezone(dt.timedelta(hours=-4)))
        .astimezone(dt.UTC)
        .timestamp()
    )
    n_drivers = len(drivers)
    slot = max(90, (30 * 86400 * n_drivers) // max(rows, 1))
    con = duckdb.connect()
    con.execute("CREATE TABLE drv (j BIGINT, cpf VARCHAR, plate VARCHAR)")
    con.executemany(
        "INSERT INTO drv VALUES (?, ?, ?)", [(j, c, p) for j, (c, p) in enumerate(drivers)]
    )
    off = LOCAL_OFFSET_H * 3600
    con.execute(
        f"""
        COPY (
          WITH b AS (
            SELECT i, i % {n_drivers} AS j,
                   {start} + (i // {n_drivers}) * {slot} + (hash(i) % 20)::BIGINT AS st,
                   40 + (hash(i * 7) % {slot - 65})::BIGINT AS dur,
                   6 + (hash(i * 13) % 8)::BIGINT AS speed
            FROM range({rows}) r(i)),
          c AS (
            SELECT b.*, dur * speed AS dist,
                   500 + (dur * speed) * 150 // 1000 + dur * 40 // 60 AS base_fare
            FROM b)
          SELECT
            CASE WHEN i % 1000 = 7 THEN 'P{platform}-' || (i - 1)
                 ELSE 'P{platform}-' || i END AS trip_id,
            CASE WHEN i % 997 = 0 THEN '00000000191' ELSE drv.cpf END AS driver_cpf,
            CASE WHEN i % 1500 = 3 THEN 'ZZZ9Z99' ELSE drv.plate END AS vehicle_plate,
            strftime(make_timestamp((st + {off}) * 1000000), '%Y-%m-%dT%H:%M:%S') || '-04:00'
              AS start_time,
            strftime(make_timestamp((st + {off} + CASE WHEN i % 1000 = 13 THEN -60 ELSE dur END)
                     * 1000000), '%Y-%m-%dT%H:%M:%S') || '-04:00' AS end_time,
            dist AS distance_m,
            CASE WHEN i % 1000 = 13 THEN -60 ELSE dur END AS duration_s,
            CASE WHEN i % 2000 = 5 THEN base_fare * 3 ELSE base_fare END AS fare_cents,
            base_fare // 4 AS retention_cents
          FROM c JOIN drv USING (j)
        ) TO '{path}' (HEADER)
        """
    )
    con.close()


def receive_chunks(path: Path, digest: Any = None) -> Iterator[bytes]:
    """The file in 1 MB chunks, fed to ``digest`` on the way (as the upload request hashes)."""
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            if digest is not None:
                digest.update(chunk)
            yield chunk


def _worker_start(duckdb_threads: int) -> None:
    """A worker process, as `outorga db_worker` is: long-lived, tasks on its main thread, its
    DuckDB given its share of the cores (``OUTORGA_DUCKDB_THREADS``)."""
    os.environ["OUTORGA_DUCKDB_THREADS"] = str(duckdb_threads)


def _worker_task(upload_id: int) -> None:
    from outorga.tripdata.services import processing

    u = processing.trip_upload_process(upload_id=upload_id)
    assert u.status == "done", u.error


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--rows", type=int, default=10_000_000, help="trips in the month (all platforms)"
    )
    ap.add_argument("--platforms", type=int, default=10)
    ap.add_argument("--drivers", type=int, default=50, help="drivers per platform")
    ap.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="also run the pipeline with this many workers at once (default: one per core)",
    )
    ap.add_argument(
        "--rounds", type=int, default=3, help="rounds of pipeline and reference (best kept)"
    )
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()

    work = args.workdir or Path(tempfile.mkdtemp(prefix="outorga-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    setup_django(work)

    from django.db import transaction

    from outorga.core.models import Municipality, ParameterOverride
    from outorga.core.tenancy import tenant, unscoped
    from outorga.platforms.models import MonthlyReport, Platform, PlatformDriver
    from outorga.tripdata import selectors
    from outorga.tripdata.engine.analysis import bare_aggregation
    from outorga.tripdata.engine.connection import connect
    from outorga.tripdata.engine.reading import count_lines
    from outorga.tripdata.models import IssqnStatement, PlatformMonth, TripUpload

    m = Municipality.objects.get(slug="barra-do-garcas")
    files: list[Path] = []
    uploads: list[int] = []
    per_platform = args.rows // args.platforms
    media = work / "media" / "tripdata" / "bench"
    media.mkdir(parents=True, exist_ok=True)
    with tenant(m), transaction.atomic():
        for name, value in {
            "apps_2025.fare_max_base_fare_cents": 600,
            "apps_2025.fare_max_per_km_cents": 200,
            "apps_2025.fare_max_per_minute_cents": 50,
            "apps_2025.issqn_rate_autonomo": "0.02",
        }.items():
            ParameterOverride.objects.get_or_create(
                name=name,
                effective=dt.date(2026, 1, 1),
                defaults={"value": value, "legal_reference": "exemplo (bench)", "example": True},
            )
        for p in range(args.platforms):
            platform = Platform.objects.create(cnpj=f"{90000000000000 + p}", name=f"Bench {p}")
            drivers = []
            for j in range(args.drivers):
                cpf = cpf_of(100_000_000 + p * 1000 + j)
                plate = f"B{p:02d}{chr(65 + j % 26)}{j:03d}"[:7]
                PlatformDriver.objects.create(
                    platform=platform,
                    cpf=cpf,
                    name=f"Motorista {p}-{j}",
                    cnh_number="0" * 11,
                    cnh_category="B",
                    cnh_ear=True,
                    vehicle_plate=plate,
                    vehicle_kind="motorcycle" if j == args.drivers - 1 else "car",
                    vehicle_manufacture_year=2021,
                    status="enabled",
                    enabled_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
                )
                drivers.append((cpf, plate))
            path = media / f"platform-{p}.csv"
            generate(path, p, per_platform, drivers)
            files.append(path)
            upload = TripUpload.objects.create(
                platform=platform,
                month=MONTH,
                kind="trips",
                schema="native",
                file_format="csv",
                file=f"tripdata/bench/{path.name}",
                original_name=path.name,
                size=path.stat().st_size,
                sha256="",
                lines=count_lines(receive_chunks(path)),  # as the upload request counts
                submitted_by="bench",
            )
            uploads.append(upload.pk)
            # The platform's monthly report: the bare totals, with two drivers misreported.
            con = connect()
            totals = con.execute(
                f"SELECT driver_cpf, sum(fare_cents) FROM read_csv('{path}', header=true) "
                "GROUP BY 1"
            ).fetchall()
            con.close()
            report_drivers = [
                {"cpf": c, "trip_revenue_cents": int(v) + (1000 if i < 2 else 0)}
                for i, (c, v) in enumerate(sorted(totals))
                if c in {d[0] for d in drivers}
            ]
            MonthlyReport.objects.create(
                platform=platform,
                year=MONTH.year,
                month=MONTH.month,
                version=1,
                idempotency_key=f"bench-{p}",
                body_sha256="0" * 64,
                payload={"drivers": report_drivers},
                active_drivers=len(report_drivers),
                intermediation_revenue_cents=sum(d["trip_revenue_cents"] for d in report_drivers)
                // 4,
                trip_revenue_cents=sum(d["trip_revenue_cents"] for d in report_drivers),
                submitted_on=dt.date(2026, 11, 20),
                status="on_time",
            )
    # A worker is a long-lived process: its first task loads the law's parameter files once.
    from outorga.core.lawctx import context
    from outorga.law.barra_do_garcas.apps_2025 import trip_data

    trip_data.trip_fare_limits(context(m, MONTH))
    # The workers: processes started once, before anything is measured, and kept for every
    # round, as `outorga db_worker` processes are long-lived (their first file pays for loading
    # DuckDB and for memory the next ones reuse). Forked with no database connection open.
    import multiprocessing

    from django.db import connections

    pool = None
    if args.workers > 1:
        connections.close_all()
        pool = multiprocessing.get_context("fork").Pool(
            args.workers,
            initializer=_worker_start,
            initargs=(max(1, (os.cpu_count() or 1) // args.workers),),
        )
    pool_pids = tuple(p.pid for p in pool._pool) if pool else ()  # type: ignore[attr-defined]

    size = sum(f.stat().st_size for f in files)
    print(
        f"setup: {args.rows:,} trips, {args.platforms} platforms × {args.drivers} drivers, "
        f"{size / 2**20:,.0f} MB of CSV in {time.perf_counter() - t0:.1f} s "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )

    def bare() -> tuple[float, float]:
        with Rss() as rss:
            t, c = time.perf_counter(), cpu()
            groups = bare_aggregation(files, connect(threads=os.cpu_count()))
            elapsed, used = time.perf_counter() - t, cpu() - c
        print(
            f"bare DuckDB aggregation: {elapsed:.2f} s (CPU {used:.2f} s), {groups} driver-months,"
            f" {mb(rss.peak)}"
        )
        return elapsed, used

    bare_1, bare_cpu_1 = bare()

    with Rss() as rss_recv:
        t = time.perf_counter()
        for path in files:
            count_lines(receive_chunks(path, hashlib.sha256()))
        receive = time.perf_counter() - t

    def run_pipeline(workers: int) -> tuple[float, float, int, list]:
        """Every file through the background task's function — on this process's main thread
        (one worker), or shared by the ``workers`` worker processes — then the reconciliation."""
        with unscoped():
            TripUpload.objects.filter(pk__in=uploads).update(status="pending")
        pids = pool_pids if workers > 1 else ()
        before = os.environ.get("OUTORGA_DUCKDB_THREADS")
        os.environ["OUTORGA_DUCKDB_THREADS"] = str(os.cpu_count() or 1)
        with Rss(pids) as rss:
            t, c = time.perf_counter(), cpu(pids)
            try:
                if workers == 1:
                    for upload_id in uploads:
                        _worker_task(upload_id)
                else:
                    assert pool is not None
                    pool.map(_worker_task, uploads, chunksize=1)
            finally:
                if before is None:
                    del os.environ["OUTORGA_DUCKDB_THREADS"]
                else:
                    os.environ["OUTORGA_DUCKDB_THREADS"] = before
            with tenant(m):
                recs = [
                    selectors.reconciliation(pm)
                    for pm in PlatformMonth.objects.select_related("platform").filter(
                        month=MONTH, platform__name__startswith="Bench "
                    )
                ]
            return time.perf_counter() - t, cpu(pids) - c, rss.peak, recs

    # Rounds alternate the reference and the pipeline, so that a slow stretch of a shared
    # machine does not fall on one side only; each side keeps its best round (as timeit does).
    bares = [(bare_1, bare_cpu_1)]
    configs = [1] + ([args.workers] if args.workers > 1 else [])
    rounds: dict[int, list[tuple[float, float, int]]] = {w: [] for w in configs}
    for r in range(args.rounds):
        for workers in configs:
            wall, used, peak, recs = run_pipeline(workers)
            rounds[workers].append((wall, used, peak))
            print(
                f"round {r + 1}, pipeline with {workers} worker(s): {wall:.2f} s (CPU {used:.2f} s)"
            )
        bares.append(bare())
    reference, reference_cpu = min(b[0] for b in bares), min(b[1] for b in bares)
    runs = {
        w: (
            min(x[0] for x in rs),
            min(x[1] for x in rs),
            max(x[2] for x in rs),  # memory: the worst round
        )
        for w, rs in rounds.items()
    }

    with tenant(m):
        u0 = TripUpload.objects.get(pk=uploads[0])
        counts = {v.kind: v.count for v in u0.validation.all() if v.count}
        pms = list(
            PlatformMonth.objects.select_related("platform").filter(
                month=MONTH, platform__name__startswith="Bench "
            )
        )
        statements = list(
            IssqnStatement.objects.filter(month=MONTH, platform__name__startswith="Bench ")
        )
    print(f"platform 0: {u0.rows:,} rows, counted {u0.rows_counted:,}; errors {counts}")
    print(
        "peaks: "
        + ", ".join(f"{pm.platform.name}={pm.peak}{'*' if pm.candidate else ''}" for pm in pms)
    )
    print(
        f"ISSQN: {len(statements)} statements, total "
        f"{sum(s.total_cents or 0 for s in statements) / 100:,.2f} BRL; reconciliation: "
        f"{sum(len(r.differences) for r in recs)} driver differences"
    )
    print(f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("")
    print(f"receive (SHA-256 and lines of the files): {receive:.2f} s, {mb(rss_recv.peak)}")
    print(f"bare aggregation: {reference:.2f} s = {args.rows / reference:,.0f} rows/s")
    for workers, (wall, used, peak) in runs.items():
        # Each round against the reference runs either side of it: the drift of the machine
        # cancels out; the median of these is the steadiest figure.
        local = sorted(
            x[0] / ((bares[r][0] + bares[r + 1][0]) / 2) for r, x in enumerate(rounds[workers])
        )
        print(
            f"pipeline, {workers} worker{'s' if workers > 1 else ''}: {wall:.2f} s = "
            f"{args.rows / wall:,.0f} rows/s (with receiving: {args.rows / (wall + receive):,.0f}"
            f" rows/s); ratio to bare {wall / reference:.2f}× wall (best of each), "
            f"{used / reference_cpu:.2f}× CPU (CPU {used:.2f} s vs {reference_cpu:.2f} s); "
            f"round by round {statistics.median(local):.2f}× median "
            f"({local[0]:.2f}–{local[-1]:.2f}); peak memory (RSS) {mb(peak)}"
        )
    print(f"process max RSS {mb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)}")
    wall, _, peak = min(runs.values())
    ok = (args.rows / wall >= 1_000_000, wall / reference <= 2, peak < 2 * 2**30)
    print(
        "targets (best configuration): ≥1M rows/s {}; ≤2× bare {}; <2 GB {}".format(
            *("ok" if x else "MISSED" for x in ok)
        )
    )
    if pool is not None:
        pool.close()
        pool.join()
    if not args.keep and args.workdir is None:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

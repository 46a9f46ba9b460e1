"""Benchmark of a city-sized registry (issue 23): import 100 000 permits on PostgreSQL, then run
the daily sweep over them on a date when many documents fall due.

    .venv/bin/python bench/import_scale.py                  # 100 000 permits
    .venv/bin/python bench/import_scale.py --rows 5000      # quick run
    .venv/bin/python bench/import_scale.py --no-sweep       # the import alone
    .venv/bin/python bench/import_scale.py --workers 2      # the sweep on 2 outorga db_workers

It creates a throw-away PostgreSQL database (migrations and the demo municipalities), generates
the spreadsheet (``registry_rows.py``: a person, CNH, motorcycle and mototaxi or motofrete permit
per row, valid under the Ipatinga law) and measures, in the same run:

* ``bare COPY``: the reference — the same file's rows copied as they are into a table of text
  columns (PostgreSQL's fastest way in: no parsing, no checks, no acts);
* ``bulk import``: ``outorga import registry --batch-size`` as the command runs it — every row
  validated (the registry's validators, the law core, the checks across rows and against the
  database), then written in batches, one act per batch; the validation and the records' build
  on ``--processes`` worker processes (default one per core, ADR 0050), with the wall time of
  each phase, the CPU time of the importing process, its workers and PostgreSQL, and the memory
  of all of them together;
* ``import again``: the same file once more, as a resumed run sees it (every batch already
  written: nothing is);
* ``sweep``: then each vehicle gets a CRLV and each holder a medical certificate, a third of them
  (and of the CNHs and registration certificates) falling due within a month around ``--on``,
  and ``outorga sweep --municipality ipatinga --on`` runs every step, twice (the second run must
  write nothing). With ``--workers N`` the sweep is ``outorga sweep --enqueue --shards S`` run by
  N ``outorga db_worker`` processes started for each run (ADR 0049): the wall time from the
  enqueue to the last part done, the CPU time of the workers and of their PostgreSQL backends.

Peak memory is the process's resident set (VmHWM, reset before each phase); the sweep's CPU time
is printed for this process and for the PostgreSQL process serving its connection. The issue's targets
on this 2-core machine: ≥ 1 000 rows/s imported, memory < 1 GB, the sweep under 2 minutes. The
machine is shared: the 1-minute load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import os
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from registry_rows import registry_csv
from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]


def thousands(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def peak_mb() -> float:
    """The process's peak resident set since the last :func:`reset_peak`, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def backend_cpu(connection: object) -> float:
    """CPU seconds PostgreSQL's backend serving ``connection`` has used (its process's user and
    system time, read from /proc: the server on this machine); 0 when it cannot be read."""
    try:
        with connection.cursor() as cur:  # type: ignore[attr-defined]
            cur.execute("SELECT pg_backend_pid()")
            pid = cur.fetchone()[0]
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Phases:
    """The import's progress as the wall time of each of its phases (validation, writing)."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self._label, self._since = "", 0.0

    def start(self, label: str, total: int) -> None:
        self.stop()
        self._label, self._since = label, time.perf_counter()

    def advance(self, n: int = 1) -> None:
        pass

    def stop(self) -> None:
        if self._label:
            self.times[self._label] = time.perf_counter() - self._since
            self._label = ""

    def render(self) -> str:
        return ", ".join(f"{label} {seconds:.2f} s" for label, seconds in self.times.items())


def pss_mb(pid: int) -> float:
    """Proportional set size of process ``pid`` (its own pages, plus its share of those it
    shares with others: the pages a forked worker shares with this process are counted once
    between them); 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class MemorySampler:
    """The largest memory this process and its worker processes held together (the sum of their
    proportional set sizes), sampled every second while the ``with`` block runs (reading a
    process's PSS walks its pages: some 18 ms for 1 GB, so not more often)."""

    def __init__(self) -> None:
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.wait(1.0):
            try:
                kids = [
                    int(pid)
                    for task in Path(f"/proc/{me}/task").iterdir()
                    for pid in (task / "children").read_text().split()
                ]
            except OSError:
                kids = []
            self.peak = max(self.peak, pss_mb(me) + sum(pss_mb(k) for k in kids))


def children_cpu() -> float:
    """CPU seconds of this process's ended children (the import's worker processes)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def children_peak_mb() -> float:
    """The largest resident set any ended child of this process reached."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def reset_peak() -> None:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:  # not Linux, or not allowed: the peak then counts from the start
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rows", type=int, default=100_000, help="permits in the spreadsheet")
    ap.add_argument("--batch-size", type=int, default=1000, help="rows per batch")
    ap.add_argument("--on", default="2026-12-02", help="the sweep's date (AAAA-MM-DD)")
    ap.add_argument("--no-sweep", action="store_true", help="time the import only")
    ap.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="the import's worker processes, as the command's --processes (default one a core)",
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=0,
        help="run the sweep on N outorga db_worker processes (sharded, ADR 0049)",
    )
    ap.add_argument(
        "--shards", type=int, default=0, help="with --workers: shards per heavy step (default N)"
    )
    ap.add_argument(
        "--profile",
        metavar="DIR",
        help="write cProfile statistics of the import and of each sweep run into DIR",
    )
    ap.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432",
        help="the PostgreSQL server for the throw-away database (default local, trust auth)",
    )
    args = ap.parse_args()
    with scratch_database(args.postgres, "import", str(ROOT / "src")):
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from outorga.core.acts import Actor
    from outorga.core.demo import demo_username
    from outorga.core.models import Municipality, User
    from outorga.demo.loader import load_demo
    from outorga.law.competence import Role
    from outorga.registry.importer.run import import_registry

    on = dt.date.fromisoformat(args.on)
    call_command("migrate", verbosity=0)
    load_demo()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE))
    t0 = time.perf_counter()
    raw = registry_csv(args.rows, on, first=100_000)  # past the demo's numbers
    generated = time.perf_counter() - t0
    path = Path(tempfile.mkdtemp(prefix="outorga-import-")) / "cadastro.csv"
    path.write_bytes(raw)

    header = raw.split(b"\n", 1)[0].decode().split(";")
    with connection.cursor() as cur:
        columns = ", ".join(f'"{h}" text' for h in header)
        cur.execute(f"CREATE TABLE bench_copy ({columns})")
    t0 = time.perf_counter()
    with connection.cursor() as cur:
        with cur.connection.cursor().copy(  # type: ignore[attr-defined]
            "COPY bench_copy FROM STDIN WITH (FORMAT csv, DELIMITER ';', HEADER true)"
        ) as copy:
            copy.write(raw)
    bare = time.perf_counter() - t0

    actor = Actor(clerk, clerk.role, f"{clerk.username} (bancada)")
    reset_peak()
    t0, c0, s0 = time.perf_counter(), time.process_time(), backend_cpu(connection)
    k0 = children_cpu()
    phases = Phases()
    with profiled(args.profile, "import"), MemorySampler() as memory:
        report = import_registry(
            municipality=m,
            raw=raw,  # the bytes of the file written above (the command reads it once too)
            filename=path.name,
            actor=actor,
            dry_run=False,
            batch_size=args.batch_size,
            progress=phases,
            processes=args.processes,
        )
    phases.stop()
    imported, import_cpu = time.perf_counter() - t0, time.process_time() - c0
    server_cpu = backend_cpu(connection) - s0
    workers_cpu = children_cpu() - k0
    import_mb = peak_mb()
    load_import = os.getloadavg()[0]
    errors = [e.render() for e in report.errors]
    assert not errors, errors[:5]
    assert report.written["permissões novas"] == args.rows, report.written

    t0 = time.perf_counter()
    again = import_registry(
        municipality=m, raw=raw, filename=path.name, actor=actor, dry_run=False,
        batch_size=args.batch_size, processes=args.processes,
    )  # fmt: skip
    reimported = time.perf_counter() - t0
    assert {b.status for b in again.batches} == {"já gravado"}, again.batches[:3]

    rate = args.rows / imported
    print(
        f"\nregistry import benchmark — PostgreSQL {connection.pg_version // 10000}, "  # type: ignore[attr-defined]
        f"{thousands(args.rows)} permits ({len(raw) / 1e6:.1f} MB of CSV, generated in "
        f"{generated:.1f} s), batches of {args.batch_size}, {os.cpu_count()} cores "
        f"(1-min load average {load_import:.1f} after the import)\n"
    )
    print(f"{'target':<24} {'seconds':>9} {'rows/s':>10} {'ratio':>8}")
    for label, seconds in (
        ("bare COPY", bare),
        ("bulk import", imported),
        ("import again (resume)", reimported),
    ):
        print(f"{label:<24} {seconds:>9.2f} {args.rows / seconds:>10.0f} {seconds / bare:>7.1f}×")
    print(
        f"\npeak memory of the import: {import_mb:.0f} MB, of its largest worker process "
        f"{children_peak_mb():.0f} MB; CPU time of the import: {import_cpu:.1f} s in this "
        f"process, {workers_cpu:.1f} s in its {args.processes if args.processes > 1 else 'no'} "
        f"worker processes, {server_cpu:.1f} s in PostgreSQL serving it — "
        f"{args.rows / (import_cpu + workers_cpu + server_cpu):.0f} rows per CPU second in all"
    )
    print(f"phases of the import (wall): {phases.render()}")
    # The process's peak resident set, or, with workers, the most this process and its workers
    # held together (a page they share counted once), whichever is larger.
    total_mb = max(import_mb, memory.peak)
    print(
        f"≥ 1 000 rows/s: {'yes' if rate >= 1000 else 'NO'} ({rate:.0f}); "
        f"< 1 GB: {'yes' if total_mb < 1024 else 'NO'} ({total_mb:.0f} MB: the import's "
        f"processes together, sampled every second: {memory.peak:.0f} MB)"
    )
    if not args.no_sweep:
        sweep(m, on, args.rows, args.profile, args.workers, args.shards or args.workers)


@contextlib.contextmanager
def profiled(directory: str | None, name: str) -> Iterator[None]:
    """Profile the block with cProfile into ``DIR/<name>.prof`` when ``--profile DIR`` is given
    (read it with ``python -m pstats``); the figures of a profiled run are slower than a plain one.
    The profile counts this process's CPU time, not the wall clock: on a shared machine the wall
    clock mostly measures the wait for a core."""
    if not directory:
        yield
        return
    import cProfile

    Path(directory).mkdir(parents=True, exist_ok=True)
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        profile.dump_stats(str(Path(directory) / f"{name}.prof"))


def sweep(
    m: object,
    on: dt.date,
    rows: int,
    profile: str | None = None,
    workers: int = 0,
    shards: int = 0,
) -> None:
    from django.core.management import call_command
    from django.db import connection

    from outorga.core.tenancy import tenant
    from outorga.registry.models import Document, Person, Vehicle

    with tenant(m):  # type: ignore[arg-type]
        docs: list[Document] = []
        for kind, owner_field, model in (
            (Document.Type.CRLV, "vehicle_id", Vehicle),
            (Document.Type.MEDICAL, "person_id", Person),
        ):
            ids = model.objects.values_list("pk", flat=True)
            for i, pk in enumerate(ids.order_by("pk")):
                due = on + dt.timedelta(days=(i % 51) - 20 if i % 3 == 2 else 400 + i % 700)
                docs.append(
                    Document(
                        municipality_id=m.pk,  # type: ignore[attr-defined]
                        doc_type=kind,
                        issued_on=due - dt.timedelta(days=365),
                        presented_on=due - dt.timedelta(days=360),
                        valid_until=due,
                        **{owner_field: pk},
                    )
                )
        Document.objects.bulk_create(docs, batch_size=5000)
    print(
        f"\ndaily sweep of {on:%d/%m/%Y} over {thousands(rows)} permits and "
        f"{thousands(len(docs))} documents (every step of outorga sweep"
        + (f", {workers} workers, {shards} shards per heavy step):" if workers else "):")
    )
    if workers:
        for label in ("first run", "second run"):
            on_workers(m, on, rows, label, workers, shards)
        print("  under 2 minutes: see the first run; the second must show 0 changes")
        return
    for label in ("first run", "second run"):
        out = io.StringIO()
        reset_peak()
        b0 = backend_cpu(connection)
        t0, c0 = time.perf_counter(), time.process_time()
        with profiled(profile, "sweep-" + label.replace(" ", "-")):
            call_command(
                "sweep", "--municipality", "ipatinga", "--on", on.isoformat(), "--no-progress",
                stdout=out,
            )  # fmt: skip
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        b1 = backend_cpu(connection)
        server = f", {b1 - b0:.1f} s in PostgreSQL" if b1 else ""
        total = out.getvalue().strip().rsplit(":", 1)[-1].strip()
        print(
            f"  {label:<11} {seconds:>8.1f} s  {rows / seconds:>8.0f} permits/s  "
            f"{total:>7} changes  peak {peak_mb():.0f} MB  CPU {cpu:.1f} s in this process"
            f"{server} (1-min load average {os.getloadavg()[0]:.1f})"
        )
    print("  under 2 minutes: see the first run; the second must show 0 changes")


def on_workers(m: object, on: dt.date, rows: int, label: str, workers: int, shards: int) -> None:
    """One sweep run by ``workers`` fresh ``outorga db_worker`` processes: queued in ``shards``
    parts per heavy step, timed from the enqueue until every part is done."""
    import signal
    import subprocess

    from django.db import connection

    from outorga.core.models import SweepPart
    from outorga.core.sweep import enqueue_run
    from outorga.core.tenancy import tenant

    env = os.environ | {"PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "outorga.cli", "db_worker", "--interval", "0.2"]
    log = Path(tempfile.mkstemp(prefix="outorga-workers-", suffix=".log")[1])
    with log.open("w") as out:
        procs = [
            subprocess.Popen(  # noqa: S603
                [*command, "--no-startup-delay"], env=env, cwd=ROOT, stdout=out, stderr=out
            )
            for _ in range(workers)
        ]
    with connection.cursor() as cur:
        for _ in range(600):  # until every worker polls the queue (started and connected)
            cur.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()"
            )
            if cur.fetchone()[0] >= workers:
                break
            time.sleep(0.1)
    started = sum(pid_cpu(proc.pid) for proc in procs)  # the workers' start, not the sweep's
    t0, c0 = time.perf_counter(), time.process_time()
    run_id, _ = enqueue_run(m, on, shards=shards)  # type: ignore[arg-type]
    # The workers' backends come and go (a connection per task): each one's CPU time as last
    # read, sampled every tenth of a second (a backend's last tenth is missed).
    backends: dict[int, float] = {}
    while True:
        with tenant(m):  # type: ignore[arg-type]
            states = set(SweepPart.objects.filter(run=run_id).values_list("status", flat=True))
        with connection.cursor() as cur:
            cur.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()"
            )
            for (pid,) in cur.fetchall():
                backends[pid] = max(backends.get(pid, 0.0), pid_cpu(pid))
        # A failed part leaves the later stages waiting for good: stop there too.
        if states <= {SweepPart.Status.DONE} or SweepPart.Status.FAILED in states:
            break
        time.sleep(0.1)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    load = os.getloadavg()[0]
    server = sum(backends.values())
    worker_cpu = 0.0
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
        _, _, usage = os.wait4(proc.pid, 0)
        worker_cpu += usage.ru_utime + usage.ru_stime
    with tenant(m):  # type: ignore[arg-type]
        parts = list(SweepPart.objects.filter(run=run_id))
    worker_cpu -= started
    failed = [p for p in parts if p.status == SweepPart.Status.FAILED]
    assert not failed, [p.lines for p in failed]
    changes = sum(p.changes for p in parts)
    steps: dict[str, list[float]] = {}
    for p in parts:
        if p.started_at and p.finished_at:
            steps.setdefault(p.step, []).append((p.finished_at - p.started_at).total_seconds())
    per_step = ", ".join(
        f"{step} {len(t)}× max {max(t):.1f} s" for step, t in steps.items() if max(t) >= 0.5
    )
    print(
        f"  {label:<11} {seconds:>8.1f} s  {rows / seconds:>8.0f} permits/s  "
        f"{changes:>7} changes  {len(parts)} parts; CPU {worker_cpu:.1f} s in the workers "
        f"(after their start, polling included), {server:.1f} s in their PostgreSQL backends, "
        f"{cpu:.1f} s here (1-min load average {load:.1f}; workers' log {log})\n"
        f"      parts' wall time: {per_step}"
    )


def pid_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` (user and system, from /proc); 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())

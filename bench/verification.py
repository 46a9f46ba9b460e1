"""Benchmark of public badge verification (issue 4): ``/v/<token>`` under load, against a minimal
Django view reading one row, measured in the same run on the same server.

    .venv/bin/python bench/verification.py                 # SQLite, 10 s per target
    .venv/bin/python bench/verification.py --postgres      # a throw-away PostgreSQL database
    .venv/bin/python bench/verification.py --seconds 5 --tool python

It builds a throw-away database (migrations + demo data + one mototaxi permit with a photo and an
issued badge), then serves the project with gunicorn (sync workers, one per core, bound to
127.0.0.1 only; persistent database connections) and drives it with ``wrk`` when installed (else a
Python loop: threads + http.client). Both targets go through the same middleware stack:

* ``reference``: a view that reads one row (``Municipality.name`` by primary key) — the floor of
  a Django request on this machine;
* ``verify``: the public page — token parsing, municipality and key lookup, Ed25519 signature
  check, the badge with its permit, holder and vehicle, status, rate-limit counter, template.

The rate limit is raised out of the way (its cache counter still runs). The load generator shares
the machine's cores with the server, so absolute numbers are a floor; the ratio is the figure.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.client import HTTPConnection
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SETTINGS = """
from outorga.config.settings import *  # noqa: F403

ROOT_URLCONF = "outorga_bench_urls"
"""

URLS = """
import os

from django.http import HttpResponse
from django.urls import include, path

from outorga.core.models import Municipality

PK = int(os.environ["OUTORGA_BENCH_PK"])


def one_row(request):
    name = Municipality.objects.values_list("name", flat=True).get(pk=PK)
    return HttpResponse(name, content_type="text/plain; charset=utf-8")


urlpatterns = [
    path("bench/one-row", one_row),
    path("", include("outorga.config.urls")),
]
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prepare(workdir: Path, database_url: str) -> tuple[str, int]:
    """Migrate, load the demo, issue one badge. Returns (token, municipality pk)."""
    (workdir / "outorga_bench_settings.py").write_text(SETTINGS)
    (workdir / "outorga_bench_urls.py").write_text(URLS)
    sys.path[:0] = [str(workdir), str(ROOT / "src")]
    os.environ.update(
        DJANGO_SETTINGS_MODULE="outorga_bench_settings",
        DATABASE_URL=database_url,
        OUTORGA_VAR_DIR=str(workdir / "var"),
        OUTORGA_MEDIA_ROOT=str(workdir / "media"),
        OUTORGA_DEBUG="0",
        OUTORGA_PUBLIC_RATE_PER_MINUTE=str(10**9),
        OUTORGA_DB_CONN_MAX_AGE="600",
        OUTORGA_BENCH_PK="0",
    )
    import django

    django.setup()
    import datetime as dt

    from django.core.files.base import ContentFile
    from django.core.management import call_command
    from django.utils import timezone
    from PIL import Image

    from outorga.core.acts import Actor
    from outorga.core.demo import demo_username
    from outorga.core.models import Municipality, User
    from outorga.core.tenancy import tenant
    from outorga.demo.loader import load_demo
    from outorga.law.competence import Role
    from outorga.public.services import badge_issue
    from outorga.registry.models import DrivingLicence, Permit, Person, Vehicle

    call_command("migrate", verbosity=0)
    load_demo()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    today = timezone.localdate()
    photo = io.BytesIO()
    Image.new("RGB", (300, 400), (190, 150, 120)).save(photo, "JPEG")
    with tenant(m):
        person = Person.objects.create(
            document="31415926590",  # not one of the demo's people
            name="Maria Aparecida da Silva",
            birth_date=dt.date(1985, 4, 2),
            blood_type="A+",
        )
        person.photo.save("bench.jpg", ContentFile(photo.getvalue()), save=True)
        DrivingLicence.objects.create(
            person=person,
            number="02650306461",
            categories="AB",
            first_licence_on=dt.date(2010, 1, 1),
            category_a_since=dt.date(2010, 1, 1),
            expires_on=today + dt.timedelta(days=900),
        )
        vehicle = Vehicle.objects.create(
            plate="BEN1C23",
            renavam="47467594950",
            kind="motocicleta",
            make_model="Honda CG 160",
            manufacture_year=today.year - 2,
            engine_cc=160,
            colour="vermelha",
            rental_category=True,
            registration_uf="MG",
            owner=person,
        )
        permit = Permit.objects.create(
            service="mototaxi",
            holder=person,
            number="MT-9001",
            registration_number=9001,
            granted_on=today - dt.timedelta(days=30),
            term_start=today - dt.timedelta(days=30),
            term_end=today + dt.timedelta(days=3000),
            certificate_valid_until=today + dt.timedelta(days=300),
            vehicle=vehicle,
        )
    badge = badge_issue(actor=clerk, municipality=m, permit=permit)
    from django.db import connections

    connections.close_all()
    return badge.token, m.pk


def serve(workdir: Path, port: int, workers: int, pk: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["OUTORGA_BENCH_PK"] = str(pk)
    env["PYTHONPATH"] = os.pathsep.join([str(workdir), str(ROOT / "src")])
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "outorga.config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "sync",
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=workdir,
    )


def wait_ready(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 - local URL
                if r.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


_UNIT = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def run_wrk(url: str, seconds: int, connections: int, threads: int) -> dict[str, float]:
    out = subprocess.run(
        [
            "wrk",
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            "--timeout",
            "10s",
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    pct = {}
    for p, value, unit in re.findall(r"^\s+(50|90|99)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M):
        pct[p] = float(value) * _UNIT[unit]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return {
        "rps": rps,
        "p50": pct["50"],
        "p99": pct["99"],
        "requests": total,
        "non200": int(bad.group(1)) if bad else 0,
        "errors": sum(int(x) for x in errors.groups()) if errors else 0,
    }


def run_python(
    url: str, seconds: int, connections: int, headers: dict[str, str] | None = None
) -> dict[str, float]:
    """Threads, each opening a connection per request (gunicorn's sync workers close it)."""
    m = re.match(r"http://([^/:]+):(\d+)(/.*)", url)
    assert m is not None
    host, port, path = m.group(1), int(m.group(2)), m.group(3)
    latencies: list[list[float]] = [[] for _ in range(connections)]
    failures = [0] * connections
    stop = time.monotonic() + seconds

    def worker(i: int) -> None:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            try:
                conn = HTTPConnection(host, port, timeout=10)
                conn.request("GET", path, headers=headers or {})
                resp = conn.getresponse()
                resp.read()
                conn.close()
                ok = resp.status == 200
            except OSError:
                ok = False
            latencies[i].append((time.perf_counter() - t0) * 1000)
            failures[i] += 0 if ok else 1

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    allv = sorted(v for lat in latencies for v in lat)
    return {
        "rps": len(allv) / elapsed,
        "p50": allv[len(allv) // 2],
        "p95": allv[min(len(allv) - 1, int(len(allv) * 0.95))],
        "p99": allv[min(len(allv) - 1, int(len(allv) * 0.99))],
        "requests": len(allv),
        "non200": sum(failures),
        "errors": 0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=int, default=10, help="measured seconds per target")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--tool", choices=["auto", "wrk", "python"], default="auto")
    ap.add_argument(
        "--postgres",
        nargs="?",
        const="postgres://postgres@127.0.0.1:5432",
        help="use a throw-away database on this PostgreSQL server (default local, trust auth)",
    )
    args = ap.parse_args()
    tool = args.tool
    if tool == "auto":
        tool = "wrk" if shutil.which("wrk") else "python"

    workdir = Path(tempfile.mkdtemp(prefix="outorga-bench-"))
    pg_db = None
    if args.postgres:
        import psycopg

        pg_db = f"outorga_bench_{os.getpid()}"
        with psycopg.connect(f"{args.postgres}/postgres", autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{pg_db}"')
        database_url = f"{args.postgres}/{pg_db}"
    else:
        database_url = f"sqlite:///{workdir / 'bench.sqlite3'}"
    server = None
    try:
        token, pk = prepare(workdir, database_url)
        port = free_port()
        server = serve(workdir, port, args.workers, pk)
        base = f"http://127.0.0.1:{port}"
        wait_ready(f"{base}/bench/one-row")
        with urllib.request.urlopen(f"{base}/v/{token}") as r:  # noqa: S310 - local URL
            page = r.read().decode()
        assert "válido" in page, "the verification page does not show the badge as valid"

        targets = [
            ("reference (1 row)", f"{base}/bench/one-row"),
            ("verify /v/<token>", f"{base}/v/{token}"),
        ]
        results = {}
        load_before = os.getloadavg()[0]
        for name, url in targets:
            if tool == "wrk":
                run_wrk(url, args.warmup, args.connections, 2)
                results[name] = run_wrk(url, args.seconds, args.connections, 2)
            else:
                run_python(url, args.warmup, args.connections)
                results[name] = run_python(url, args.seconds, args.connections)

        db = "PostgreSQL" if pg_db else "SQLite"
        print(
            f"\n/v/<token> benchmark — {db}, gunicorn {args.workers} sync workers on 127.0.0.1, "
            f"load: {tool}, {args.connections} connections, {args.seconds} s per target, "
            f"{os.cpu_count()} cores shared by server and load generator "
            f"(1-min load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after)\n"
        )
        print(
            f"{'target':<20} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'non-200':>8}"
        )
        for name, r in results.items():
            print(
                f"{name:<20} {r['rps']:>9.0f} {r['p50']:>8.2f} {r['p99']:>8.2f} "
                f"{int(r['requests']):>9} {int(r['non200'] + r['errors']):>8}"
            )
        ref, ver = results["reference (1 row)"], results["verify /v/<token>"]
        print(
            f"\nratio verify / reference: throughput {ver['rps'] / ref['rps']:.2f}×, "
            f"p99 latency {ver['p99'] / ref['p99']:.2f}×"
        )
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        if pg_db:
            from django.db import connections

            connections.close_all()
            import psycopg

            with psycopg.connect(f"{args.postgres}/postgres", autocommit=True) as c:
                c.execute(f'DROP DATABASE IF EXISTS "{pg_db}" WITH (FORCE)')
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

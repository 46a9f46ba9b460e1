"""Load benchmark (issue #19): gunicorn and PostgreSQL, three targets at 2, 8 and 32 concurrent
connections, each with its p50/p95/p99 latency and the ratio of its p99 to a bare view's measured
in the same run at the same concurrency.

    .venv/bin/python bench/load.py                      # local PostgreSQL, 5 s per measurement
    .venv/bin/python bench/load.py --seconds 10 --postgres postgres://user@host:5432

Targets, all through the whole middleware stack:

* ``reference``: a view reading one row (the floor of a Django request here);
* ``/v/<token>``: the public badge page (signature, badge, permit, status, template);
* ``/cadastro/pessoas/``: the clerk's people list, logged in (session, tenancy, one page of 25).

The database is a throw-away one (migrations, the demo, one badge: ``verification.prepare``);
gunicorn runs sync workers, one per core (``--workers``), with persistent database connections,
and the load generator shares the cores (threads, a connection per request): absolute numbers
are a floor for this machine; the ratios are the figures to compare. The issue's target: p99 of
``/v/<token>`` under 50 ms at 2 connections.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from scratch import scratch_database
from verification import free_port, prepare, run_python, serve, wait_ready

LEVELS = (2, 8, 32)


def session_cookie() -> str:
    """A logged-in session of Ipatinga's atendente in the bench database (as after a login)."""
    from django.db import connections
    from django.test import Client

    from outorga.core.demo import demo_username
    from outorga.core.models import User
    from outorga.law.competence import Role

    client = Client()
    client.force_login(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    connections.close_all()
    return f"sessionid={client.cookies['sessionid'].value}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=int, default=5, help="measured seconds per target and level")
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    args = ap.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="outorga-load-"))
    server = None
    src = str(Path(__file__).resolve().parents[1] / "src")
    with scratch_database(args.postgres, "load", src):
        try:
            token, pk = prepare(workdir, os.environ["DATABASE_URL"])
            cookie = session_cookie()
            port = free_port()
            server = serve(workdir, port, args.workers, pk)
            base = f"http://127.0.0.1:{port}"
            wait_ready(f"{base}/bench/one-row", timeout=180)  # workers boot slowly on a busy box
            page = urllib.request.Request(  # noqa: S310 - local URL
                f"{base}/cadastro/pessoas/", headers={"Cookie": cookie}
            )
            with urllib.request.urlopen(page) as r:  # noqa: S310 - local URL
                assert "Pessoas" in r.read().decode(), "the session does not open the list"
            targets = [
                ("reference (1 row)", f"{base}/bench/one-row", None),
                ("/v/<token>", f"{base}/v/{token}", None),
                ("/cadastro/pessoas/", f"{base}/cadastro/pessoas/", {"Cookie": cookie}),
            ]
            load_before = os.getloadavg()[0]
            results: dict[tuple[str, int], dict[str, float]] = {}
            for level in LEVELS:
                for name, url, headers in targets:
                    run_python(url, args.warmup, level, headers)
                    results[name, level] = run_python(url, args.seconds, level, headers)
        finally:
            if server is not None:
                server.terminate()
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
            shutil.rmtree(workdir, ignore_errors=True)

    print(
        f"\nLoad — PostgreSQL, gunicorn {args.workers} sync workers on 127.0.0.1, {args.seconds} s "
        f"per measurement, {os.cpu_count()} cores shared with the load generator (1-min load "
        f"average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after)\n"
    )
    print(
        f"{'target':<20} {'conns':>5} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'non-200':>8} {'p99 / ref':>9}"
    )
    for level in LEVELS:
        ref = results["reference (1 row)", level]
        for name, _, _ in targets:
            r = results[name, level]
            print(
                f"{name:<20} {level:>5} {r['rps']:>8.0f} {r['p50']:>8.2f} {r['p95']:>8.2f} "
                f"{r['p99']:>8.2f} {int(r['non200']):>8} {r['p99'] / ref['p99']:>8.2f}×"
            )


if __name__ == "__main__":
    main()

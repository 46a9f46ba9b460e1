"""Benchmark of the inspections queue page ``/vistorias/`` (issue #23: 94 s and 7.6 MB of HTML on a
large registry): the demo of Ipatinga plus ``--n`` active mototaxi permits, each with its holder
and motorcycle (a third with an approved inspection, a third with an inspection report on file),
on a throw-away PostgreSQL database; then the page as the demo fiscal opens it, timed (median of
``--runs`` after one warm-up), its size and its SQL queries.

    .venv/bin/python bench/inspections_queue.py                   # 3 000 permits, 3 runs
    .venv/bin/python bench/inspections_queue.py --n 5000 --runs 5
    .venv/bin/python bench/inspections_queue.py --src /work/main/src   # another checkout's code
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=3000, help="permits to insert")
    ap.add_argument("--runs", type=int, default=3, help="timed runs (median)")
    ap.add_argument("--src", default=str(ROOT / "src"), help="the code to measure")
    ap.add_argument(
        "--spread",
        action="store_true",
        help="every permit inspected within the last semester, spread evenly (about a sixth "
        "due within 30 days) instead of nearly every one due",
    )
    ap.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    args = ap.parse_args()

    with scratch_database(args.postgres, "queue", args.src):
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from outorga.core.demo import demo_username
    from outorga.core.models import Municipality, User
    from outorga.core.tenancy import tenant
    from outorga.demo.loader import load_demo
    from outorga.inspections.models import Inspection
    from outorga.law.competence import Role
    from outorga.registry.models import Document, Permit, Person, Vehicle

    call_command("migrate", verbosity=0)
    load_demo()
    m = Municipality.objects.get(slug="ipatinga")
    today = timezone.localdate()
    t0 = time.perf_counter()
    with tenant(m):
        people = Person.objects.bulk_create(
            Person(municipality=m, document=f"9{i:010d}", name=f"Mototaxista Bancada {i:05d}")
            for i in range(args.n)
        )
        vehicles = Vehicle.objects.bulk_create(
            Vehicle(
                municipality=m,
                owner=p,
                plate=f"BQ{i // 10000 % 10}{chr(65 + i // 1000 % 10)}{i % 1000:03d}"[:7],
                renavam=f"{i:011d}",
                kind="motocicleta",
                make_model="Honda CG 160",
                manufacture_year=2022,
                colour="vermelha",
                registration_uf="MG",
            )
            for i, p in enumerate(people)
        )
        granted = today - dt.timedelta(days=400)
        permits = Permit.objects.bulk_create(
            Permit(
                municipality=m,
                service="mototaxi",
                holder=p,
                vehicle=v,
                number=f"B-{i:05d}",
                registration_number=90000 + i,
                granted_on=granted - dt.timedelta(days=i % 180),
                term_start=granted,
                term_end=granted + dt.timedelta(days=3650),
                status=Permit.Status.ACTIVE,
            )
            for i, (p, v) in enumerate(zip(people, vehicles, strict=True))
        )
        Inspection.objects.bulk_create(
            Inspection(
                municipality=m,
                permit=p,
                vehicle=p.vehicle,
                plate=p.vehicle.plate,  # type: ignore[union-attr]
                law="ipatinga.mototaxi-2013",
                service="mototaxi",
                checklist="mototaxi",
                checklist_version=dt.date(2013, 8, 27),
                kind=Inspection.Kind.SEMESTRAL,
                inspected_on=today - dt.timedelta(days=i % 182 if args.spread else 150 + i % 60),
                status=Inspection.Status.FINAL,
                result=Inspection.Result.APPROVED,
                summary="Aprovado.",
                decision={"citations": []},
            )
            for i, p in enumerate(permits)
            if args.spread or i % 3 == 0
        )
        Document.objects.bulk_create(
            Document(
                municipality=m,
                vehicle=p.vehicle,
                doc_type=Document.Type.INSPECTION,
                issued_on=today - dt.timedelta(days=170 + i % 30),
            )
            for i, p in enumerate(permits)
            if not args.spread and i % 3 == 1
        )
    inserted = time.perf_counter() - t0
    with connection.cursor() as cur:
        cur.execute("ANALYZE")

    client = Client()
    client.force_login(User.objects.get(username=demo_username("ipatinga", Role.FISCAL)))

    def page() -> bytes:
        r = client.get("/vistorias/")
        assert r.status_code == 200, r.status_code
        return r.content

    page()  # warm-up
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        content = page()
        times.append(time.perf_counter() - t0)
    with CaptureQueriesContext(connection) as queries:
        page()
    with tenant(m):
        from outorga.inspections.selectors import due_queue

        due = len(due_queue(m, today))
        # The queue alone, as the sweep's inspections step calls it: this process's CPU time.
        cpu = []
        for _ in range(args.runs):
            c0 = time.process_time()
            due_queue(m, today, horizon_days=30)
            cpu.append(time.process_time() - c0)
    print(
        f"/vistorias/ with {args.n} generated permits (+ the demo; {inserted:.1f} s to insert), "
        f"code {args.src}: median {statistics.median(times):.2f} s of {args.runs} runs, "
        f"{len(content) / 1024:.0f} KiB of HTML, {len(queries)} SQL queries; {due} inspections due; "
        f"due_queue alone: median {statistics.median(cpu):.2f} s of CPU in this process"
    )


if __name__ == "__main__":
    main()

"""Benchmark of the pages that write beside each appeal its day to judge and what that day rests on
(Lei 9.784/1999 art. 59 §1 by default, D-17; ADR 0084): the Chief Executive's work queue
``/fiscalizacao/fila/`` and home ``/``. Each row's basis is the case's law's answer to
``appeal_judgment``; asked through one ``core.lawseam.Asker`` per page, the municipality's facts are
read once and each distinct question answered once, so the page's SQL queries should not grow with
its rows.

On a throw-away PostgreSQL database with the demo: the pages as the demo Chief Executive opens
them with one taxi appeal awaiting judgment (the reference, measured in the same run), then with ``--n``
taxi appeals to the Chief Executive awaiting judgment, filed over ``--days`` distinct days (as many
distinct questions); each page timed (median of ``--runs`` after one warm-up) with its SQL queries,
and the ratio of both to the reference.

    .venv/bin/python bench/judgment_queue.py                        # 300 appeals, 20 days, 5 runs
    .venv/bin/python bench/judgment_queue.py --n 1000 --days 60
    .venv/bin/python bench/judgment_queue.py --src /work/main/src   # another checkout's code
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]
PAGES = (("queue", "/fiscalizacao/fila/"), ("home", "/"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=300, help="appeals awaiting judgment to insert")
    ap.add_argument("--days", type=int, default=20, help="distinct filing days among them")
    ap.add_argument("--runs", type=int, default=5, help="timed runs (median)")
    ap.add_argument("--src", default=str(ROOT / "src"), help="the code to measure")
    ap.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    args = ap.parse_args()

    with scratch_database(args.postgres, "judgment", args.src):
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from outorga.core.demo import demo_username
    from outorga.core.models import Municipality, User
    from outorga.core.tenancy import tenant
    from outorga.demo.loader import load_demo
    from outorga.enforcement.models import Case, Filing
    from outorga.law.competence import Role

    call_command("migrate", verbosity=0)
    load_demo()
    m = Municipality.objects.get(slug="ipatinga")
    mayor = User.objects.get(username=demo_username("ipatinga", Role.CHEFE_EXECUTIVO))
    client = Client()
    client.force_login(mayor)

    def measure(url: str) -> tuple[float, int, int]:
        """Median ms of ``args.runs`` GETs after a warm-up, the SQL queries of one, and how many
        days to judge it shows."""
        client.get(url)
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            r = client.get(url)
            times.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200, (url, r.status_code)
        with CaptureQueriesContext(connection) as seen:
            r = client.get(url)
        return statistics.median(times), len(seen), r.content.count(b"julgar at")

    first = dt.date(2026, 3, 2)

    def insert(start: int, stop: int) -> None:
        """Appeals ``start`` to ``stop`` − 1, the ``i``-th filed on the ``i % days``-th day."""
        with tenant(m):
            cases = Case.objects.bulk_create(
                Case(
                    municipality=m,
                    number=f"BQ-{i:05d}/2026",
                    kind=Case.Kind.INFRACTION,
                    law="ipatinga.taxi-2017",
                    stage=Case.Stage.EXECUTIVE,
                    waiting=Case.Waiting.JUDGMENT,
                )
                for i in range(start, stop)
            )
            Filing.objects.bulk_create(
                Filing(
                    municipality=m,
                    case=c,
                    stage=Filing.Stage.EXECUTIVE,
                    channel=Filing.Channel.PAPER,
                    text="Recurso.",
                    filed_on=first + dt.timedelta(days=i % args.days),
                    deadline=first + dt.timedelta(days=i % args.days),
                    filed_by=mayor,
                    judge_until=first + dt.timedelta(days=40 + i % args.days),
                )
                for i, c in zip(range(start, stop), cases, strict=True)
            )

    # The reference: one appeal (the law's facts read, one question asked), in the same run.
    insert(0, 1)
    reference = {name: measure(url) for name, url in PAGES}
    t0 = time.perf_counter()
    insert(1, args.n)
    inserted = time.perf_counter() - t0
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    loaded = {name: measure(url) for name, url in PAGES}

    print(
        f"\njudgment basis benchmark — PostgreSQL {connection.pg_version // 10000}, "  # type: ignore[attr-defined]
        f"code {args.src}; {args.n} taxi appeals to the Chief Executive over {args.days} filing "
        f"days ({inserted:.1f} s to insert), median of {args.runs} runs, {os.cpu_count()} cores "
        f"(1-min load average {os.getloadavg()[0]:.1f})\n"
    )
    print(
        f"{'page':<8} {'rows':>6} {'median ms':>10} {'queries':>8} {'ms ratio':>9} {'q ratio':>8}"
    )
    for name, _ in PAGES:
        ref_ms, ref_q, ref_rows = reference[name]
        ms, q, rows = loaded[name]
        print(f"{name:<8} {ref_rows:>6} {ref_ms:>10.1f} {ref_q:>8} {'1.00×':>9} {'1.00×':>8}")
        print(
            f"{name:<8} {rows:>6} {ms:>10.1f} {q:>8} {ms / ref_ms:>8.2f}× {q / max(ref_q, 1):>7.2f}×"
        )


if __name__ == "__main__":
    main()

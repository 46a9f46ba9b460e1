"""Benchmark of row-level security's cost (issue #19, item 4; ADR 0024): the people list of one
municipality, with another municipality's people in the same table, asked as a superuser (every
policy skipped: the reference) and as the application's role (the policy on every row), in the
same run, on the same data.

    .venv/bin/python bench/rls_overhead.py                  # 2 × 20 000 people, 31 runs
    .venv/bin/python bench/rls_overhead.py --n 100000 --runs 21

Targets, each the median of ``--runs`` after one warm-up:

* ``count query``: ``SELECT count(*)`` of the municipality's people by hand (its index);
* ``list page``: ``/cadastro/pessoas/`` through Django's test client (middleware, session,
  tenancy, the shared listing: count and page 1 of 50 ordered by name, template).

Connections are kept between requests (``OUTORGA_DB_CONN_MAX_AGE``), so both identities pay the
same, and the difference is the policy and the setting kept in step (``core/postgresql``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]
ROLE = "outorga_app_bench"


def median_ms(fn: Callable[[], object], runs: int) -> float:
    fn()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=20_000, help="people per municipality")
    ap.add_argument("--runs", type=int, default=31, help="timed runs per target (median)")
    ap.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    args = ap.parse_args()
    os.environ["OUTORGA_DB_CONN_MAX_AGE"] = "600"
    with scratch_database(args.postgres, "rls", str(ROOT / "src")):
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from outorga.core.models import Municipality, User
    from outorga.core.tenancy import tenant
    from outorga.law.competence import Role
    from outorga.registry.models import Person

    call_command("migrate", verbosity=0)
    call_command("db_app_role", "--role", ROLE)
    towns = [
        Municipality.objects.create(
            slug=f"rls{i}", name=f"Bancada {i}", uf="MG", ibge_code=f"99{i}"
        )
        for i in range(2)
    ]
    for m in towns:
        with tenant(m):
            Person.objects.bulk_create(
                [
                    Person(municipality=m, document=f"{m.pk:02d}{i:09d}", name=f"Pessoa {i:06d}")
                    for i in range(args.n)
                ],
                batch_size=10_000,
            )
    with connection.cursor() as cur:
        cur.execute("ANALYZE registry_person")
    m = towns[0]
    clerk = User.objects.create(username="rls.atendente", role=Role.ATENDENTE, municipality=m)
    client = Client()
    client.force_login(clerk)

    def count() -> int:
        with tenant(m), connection.cursor() as cur:
            cur.execute("SELECT count(*) FROM registry_person WHERE municipality_id = %s", [m.pk])
            return cur.fetchone()[0]  # type: ignore[index,no-any-return]

    def page() -> bytes:
        r = client.get("/cadastro/pessoas/")
        assert r.status_code == 200, r.status_code
        return r.content

    results = {}
    for who in ("superuser (no RLS)", f"{ROLE} (RLS)"):
        if who.startswith(ROLE):
            connection.close()
            connection.settings_dict["USER"] = ROLE
        with connection.cursor() as cur:
            cur.execute(
                "SELECT current_user, rolbypassrls OR rolsuper FROM pg_roles "
                "WHERE rolname = current_user"
            )
            print("connected as", cur.fetchone())
        assert count() == args.n
        results[who] = (median_ms(count, args.runs), median_ms(page, args.runs))

    print(
        f"\nrow-level security overhead — 2 municipalities × {args.n} people, median of "
        f"{args.runs} runs, {os.cpu_count()} cores (1-min load {os.getloadavg()[0]:.1f})\n"
    )
    (ref_count, ref_page) = results["superuser (no RLS)"]
    print(f"{'connected as':<28} {'count ms':>9} {'ratio':>6} {'list page ms':>13} {'ratio':>6}")
    for who, (c, p) in results.items():
        print(f"{who:<28} {c:>9.2f} {c / ref_count:>5.2f}× {p:>13.2f} {p / ref_page:>5.2f}×")


if __name__ == "__main__":
    main()

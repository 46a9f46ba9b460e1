"""Benchmark of row-level security's cost (issue #19, item 4; ADR 0024): the people list of one
municipality, with another municipality's people in the same table, asked as a superuser (every
policy skipped: the reference) and as the application's role (the policy on every row), in the
same run, on the same data.

    .venv/bin/python bench/rls_overhead.py                  # 2 × 20 000 people, 31 runs
    .venv/bin/python bench/rls_overhead.py --n 100000 --runs 21

Targets, each the median of ``--runs`` rounds; each round connects as each identity in turn
(one warm-up call, then one timed call of each target), so a varying load falls on both:

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
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]
ROLE = "outorga_app_bench"


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

    identities = {"superuser (no RLS)": connection.settings_dict["USER"], f"{ROLE} (RLS)": ROLE}

    def connect_as(user: str) -> None:
        connection.close()
        connection.settings_dict["USER"] = user
        count()  # the connection, the setting and the plan's cache, outside the timing
        page()

    # Interleaved, one timed call each per round: a loaded machine slows both alike.
    times: dict[str, tuple[list[float], list[float]]] = {w: ([], []) for w in identities}
    for _ in range(args.runs):
        for who, user in identities.items():
            connect_as(user)
            for fn, out in ((count, times[who][0]), (page, times[who][1])):
                t0 = time.perf_counter()
                fn()
                out.append((time.perf_counter() - t0) * 1000)
    connect_as(ROLE)
    with tenant(m), connection.cursor() as cur:
        cur.execute(
            "SELECT current_user, rolbypassrls OR rolsuper FROM pg_roles "
            "WHERE rolname = current_user"
        )
        assert cur.fetchone() == (ROLE, False)
        assert count() == args.n
        cur.execute(
            "EXPLAIN SELECT count(*) FROM registry_person WHERE municipality_id = %s", [m.pk]
        )
        plan = "\n".join(r[0] for r in cur.fetchall())
    results = {w: (statistics.median(c), statistics.median(p)) for w, (c, p) in times.items()}

    print(
        f"\nrow-level security overhead — 2 municipalities × {args.n} people, median of "
        f"{args.runs} runs, {os.cpu_count()} cores (1-min load {os.getloadavg()[0]:.1f})\n"
    )
    (ref_count, ref_page) = results["superuser (no RLS)"]
    print(f"plan of the count as {ROLE}:\n{plan}\n")
    print(f"{'connected as':<28} {'count ms':>9} {'ratio':>6} {'list page ms':>13} {'ratio':>6}")
    for who, (c, p) in results.items():
        print(f"{who:<28} {c:>9.2f} {c / ref_count:>5.2f}× {p:>13.2f} {p / ref_page:>5.2f}×")


if __name__ == "__main__":
    main()

"""Benchmark of the people list's search (issue "back office", item 5): a search over 100 000
people on PostgreSQL, through the code the page runs, against a bare indexed query in the same run.

    .venv/bin/python bench/people_search.py                      # 100 000 people, 21 runs
    .venv/bin/python bench/people_search.py --n 20000 --runs 11
    .venv/bin/python bench/people_search.py --postgres postgres://postgres@127.0.0.1:5432

It creates a throw-away PostgreSQL database (migrations: the ``unaccent`` and ``pg_trgm``
extensions, ``outorga_unaccent`` and the GIN trigram index on people's names), bulk-inserts
``--n`` people with Brazilian names (accents, some in capitals) into one municipality, ANALYZEs,
then times, each the median of ``--runs`` runs after one warm-up, for the search "jose silva"
typed without accents:

* ``bare indexed query``: the reference — two SQL statements by hand on the same index: the count
  and page 1 (50 names ordered by name);
* ``list search``: what ``/cadastro/pessoas/?q=jose+silva`` runs to fill its table — the
  registry's ``filter_people`` (``people_search`` → ``core.search.name_matches``), the shared
  ``listing`` (order, count, page 1) and the page's rows (labels, masked or full CPF);
* ``whole page``: the same GET through Django's test client (middleware, session, tenancy,
  template), as a clerk's browser asks it.

The issue's goal: the list answers in under 200 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]

FIRST = [
    "José", "João", "Maria", "Ana", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas",
    "Luíz", "Marcos", "Luís", "Gabriel", "Rafael", "Francisca", "Antônia", "Adriana", "Juliana",
    "Márcia", "Fernanda", "Patrícia", "Aline", "Sebastião", "Joaquim", "Tânia", "Célia", "Cícero",
    "Raimundo", "Josefa", "Vitória", "Conceição", "Inês", "Benedito", "Geraldo", "Sônia", "Lúcia",
    "Mônica", "Fábio", "Júlio",
]  # fmt: skip
MIDDLE = ["", "", "Aparecido", "Aparecida", "de Jesus", "Carlos", "Eduardo", "Cristina", "Helena"]
LAST = [
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima",
    "Gomes", "Ribeiro", "Carvalho", "Araújo", "Martins", "Rocha", "Conceição", "Brandão", "Gonçalves",
    "Simões", "Magalhães", "Assunção", "Nogueira", "Guimarães", "Falcão", "Damião", "Leão", "Sá",
    "Mendonça", "Barbosa", "Cardoso",
]  # fmt: skip
QUERY = "jose silva"


def name(rng: random.Random) -> str:
    parts = [rng.choice(FIRST), rng.choice(MIDDLE), rng.choice(["da", "de", "dos", ""])]
    parts += [rng.choice(LAST), rng.choice(LAST)]
    text = " ".join(p for p in parts if p)
    return text.upper() if rng.random() < 0.2 else text


def thousands(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, object]:
    out = fn()  # warm-up (plans, caches)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="people to insert")
    ap.add_argument("--runs", type=int, default=21, help="timed runs per target (median)")
    ap.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432",
        help="the PostgreSQL server for the throw-away database (default local, trust auth)",
    )
    args = ap.parse_args()

    with scratch_database(args.postgres, "people", str(ROOT / "src")):
        run(args)


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from outorga.core.listing import Listing, listing
    from outorga.core.models import Municipality, User
    from outorga.core.tenancy import tenant
    from outorga.law.competence import Role
    from outorga.registry.models import Person
    from outorga.registry.views.lists import filter_people, people_columns

    t0 = time.perf_counter()
    call_command("migrate", verbosity=0)
    migrated = time.perf_counter() - t0
    m = Municipality.objects.create(slug="bench", name="Bancada", uf="MG")
    clerk = User.objects.create(username="bench.atendente", role=Role.ATENDENTE, municipality=m)

    rng = random.Random(17)
    t0 = time.perf_counter()
    with tenant(m):
        batch: list[Person] = []
        for i in range(args.n):
            batch.append(Person(municipality=m, document=f"{i:011d}", name=name(rng)))
            if len(batch) == 10_000:
                Person.objects.bulk_create(batch)
                batch = []
        Person.objects.bulk_create(batch)
    with connection.cursor() as cur:
        cur.execute("ANALYZE registry_person")
    inserted = time.perf_counter() - t0

    # The reference: the same index, by hand — count and page 1.
    bare_sql = (
        "FROM registry_person WHERE municipality_id = %s "
        "AND outorga_unaccent(name) LIKE %s AND outorga_unaccent(name) LIKE %s"
    )
    params = [m.pk, "%jose%", "%silva%"]

    def bare() -> tuple[int, list[tuple[int, str, str]]]:
        with connection.cursor() as cur:
            cur.execute(f"SELECT count(*) {bare_sql}", params)
            total = cur.fetchone()[0]  # type: ignore[index]
            cur.execute(
                f"SELECT id, name, document {bare_sql} ORDER BY name, id DESC LIMIT 50", params
            )
            return total, cur.fetchall()

    from django.test import RequestFactory

    factory = RequestFactory()

    def list_search() -> tuple[int, list[tuple[object, list[str]]]]:
        request = factory.get("/cadastro/pessoas/", {"q": QUERY})
        request.user = clerk
        with tenant(m):
            qs = filter_people(Person.objects.all(), {"q": QUERY}, clerk.role)
            result = listing(
                request, qs, people_columns(clerk.role), default_order="name", filename="pessoas"
            )
            assert isinstance(result, Listing)
            return result.total, result.rows

    client = Client()
    client.force_login(clerk)

    def whole_page() -> bytes:
        r = client.get("/cadastro/pessoas/", {"q": QUERY})
        assert r.status_code == 200, r.status_code
        return r.content

    bare_ms, (bare_total, bare_rows) = median_ms(bare, args.runs)  # type: ignore[misc]
    list_ms, (list_total, list_rows) = median_ms(list_search, args.runs)  # type: ignore[misc]
    page_ms, page = median_ms(whole_page, args.runs)
    assert bare_total == list_total > 0, (bare_total, list_total)
    assert [r[1] for r in bare_rows] == [cells[0] for _, cells in list_rows]
    assert list_rows[0][1][0] in page.decode()  # type: ignore[union-attr]

    with tenant(m):
        plan = filter_people(Person.objects.all(), {"q": QUERY}, clerk.role).explain()
    index = "registry_person_name_trgm" in plan

    print(
        f"\npeople search benchmark — PostgreSQL {connection.pg_version // 10000}, "  # type: ignore[attr-defined]
        f"{thousands(args.n)} people ({inserted:.1f} s to insert, migrations {migrated:.1f} s), "
        f'search "{QUERY}" → {thousands(list_total)} found, page 1 of 50, median of {args.runs} '
        f"runs, {os.cpu_count()} cores (1-min load average {os.getloadavg()[0]:.1f})\n"
    )
    print(f"{'target':<26} {'median ms':>10} {'ratio':>7}")
    for label, ms in (
        ("bare indexed query", bare_ms),
        ("list search", list_ms),
        ("whole page (GET)", page_ms),
    ):
        print(f"{label:<26} {ms:>10.2f} {ms / bare_ms:>6.2f}×")
    print(f"\ntrigram index used by the list's query: {'yes' if index else 'NO'}")
    verdict = "yes" if page_ms < 200 else "NO"
    print(f"whole page under 200 ms: {verdict} ({page_ms:.1f} ms)")


if __name__ == "__main__":
    main()

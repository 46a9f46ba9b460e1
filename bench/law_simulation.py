"""Simulation of an amendment over a registry of N permits (issue #21): the mototaxi law's vehicle age
lowered from 10 to 8 years (art. 3 II) and a new population figure (art. 10 I, D-7), on PostgreSQL.

    .venv/bin/python bench/law_simulation.py                 # 100 000 permits
    .venv/bin/python bench/law_simulation.py --n 20000 --postgres postgres://postgres@127.0.0.1:5432

It creates a throw-away database, loads Ipatinga as the demo does (its bindings and data), bulk-
inserts N holders, vehicles (made 2008–2026) and mototaxi/motofrete permits in force, then times
``registry.simulation.simulate`` — what the API and the page run — against the reference measured
in the same run: the bare query that reads the same rows (the floor any simulation pays). Times
are wall clock (the database works too), each the best of ``--runs``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import time
from pathlib import Path

from scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]
ON = dt.date(2026, 8, 1)
PROPOSAL = {
    "title": "Projeto de Lei (bancada): idade máxima de 8 anos e nova população",
    "parameters": [
        {"name": "mototaxi_2013.vehicle.max_age_years", "effective": "2026-07-01", "value": 8}
    ],
    "populations": [{"value": 260_000, "reference_year": 2025, "effective": "2026-07-01"}],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100_000, help="permits in force")
    ap.add_argument("--runs", type=int, default=3, help="timed runs (best)")
    ap.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    args = ap.parse_args()
    with scratch_database(args.postgres, "simulation", str(ROOT / "src")):
        run(args)


def best(fn, runs: int):  # type: ignore[no-untyped-def]
    out, times = None, []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from outorga.core.demo import municipality_load
    from outorga.core.tenancy import tenant
    from outorga.demo import IPATINGA
    from outorga.law.simulation import from_json
    from outorga.registry.facts import ACTIVE_STATUSES
    from outorga.registry.models import Permit, Person, Service, Vehicle
    from outorga.registry.simulation import simulate

    call_command("migrate", verbosity=0)
    m, _ = municipality_load(IPATINGA)
    rng = random.Random(21)
    t0 = time.perf_counter()
    with tenant(m):
        people = Person.objects.bulk_create(
            [
                Person(municipality=m, document=f"{i:011d}", name=f"Pessoa {i}")
                for i in range(args.n)
            ],
            batch_size=10_000,
        )
        vehicles = Vehicle.objects.bulk_create(
            [
                Vehicle(
                    municipality=m,
                    plate=f"BNC{i:07d}"[-7:] if i < 10**7 else str(i),
                    renavam=f"{i:011d}",
                    kind=Vehicle.Kind.MOTOCICLETA,
                    make_model="Exemplo 160",
                    manufacture_year=rng.randint(2008, 2026),
                    engine_cc=160,
                    rental_category=True,
                    registration_uf="MG",
                    registration_city="Ipatinga",
                    owner=p,
                )
                for i, p in enumerate(people)
            ],
            batch_size=10_000,
        )
        Permit.objects.bulk_create(
            [
                Permit(
                    municipality=m,
                    service=Service.MOTOTAXI if i % 3 else Service.MOTOFRETE,
                    holder=p,
                    vehicle=v,
                    number=f"B-{i}",
                    registration_number=i + 1,
                    granted_on=dt.date(2024, 1, 10),
                    term_start=dt.date(2024, 1, 10),
                    term_end=dt.date(2034, 1, 9),
                    status=Permit.Status.ACTIVE,
                )
                for i, (p, v) in enumerate(zip(people, vehicles, strict=True))
            ],
            batch_size=10_000,
        )
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    inserted = time.perf_counter() - t0
    proposal = from_json(PROPOSAL, m.laws)

    def bare() -> int:
        with tenant(m):
            rows = (
                Permit.objects.filter(status__in=ACTIVE_STATUSES, vehicle__isnull=False)
                .order_by("pk")
                .values_list(
                    "pk",
                    "number",
                    "service",
                    "holder__name",
                    "vehicle__plate",
                    "vehicle__manufacture_year",
                    "vehicle__invoice_date",
                    "term__signed_on",
                    "granted_on",
                )  # fmt: skip
            )
            return sum(1 for _ in rows.iterator(chunk_size=5000))

    ref, read = best(bare, args.runs)
    took, sim = best(lambda: simulate(m, proposal, ON), args.runs)
    assert sim.permits_checked == read == args.n, (sim.permits_checked, read)
    print(
        f"\namendment simulation — PostgreSQL {connection.pg_version // 10000}, "  # type: ignore[attr-defined]
        f"{args.n:_} permits ({inserted:.1f} s to insert), best of {args.runs}, ".replace("_", ".")
        + f"{os.cpu_count()} cores (1-min load {os.getloadavg()[0]:.1f})"
    )
    print(f"reference: bare query of the same rows        {ref:6.2f}s")
    print(f"simulation (in force × proposal, all permits) {took:6.2f}s  {took / ref:5.1f}x")
    moto = next(q for q in sim.quotas if q.service == "mototaxi")
    print(
        f"over age: {sim.over_age_in_force} in force, {sim.over_age_proposal} proposed; "
        f"{sim.became_irregular} become irregular, {sim.became_regular} regular; "
        f"mototaxi places {moto.in_force} → {moto.proposal}"
    )
    print(f"under 10 s: {'yes' if took < 10 else 'NO'}")


if __name__ == "__main__":
    main()

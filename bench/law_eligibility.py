"""Law-core throughput: person + vehicle eligibility for N synthetic applicants and escalation for
N infraction histories (mototaxi law), through the same `questions.ask` the product uses.

    .venv/bin/python bench/law_eligibility.py [--n 100000]

Prints decisions per second and, as the reference measured in the same run, the rate of a bare
JSON-schema validation of the same facts (the floor any `ask()` pays: person and vehicle facts for
eligibility, the infraction histories for escalation), with the ratio; then the
same questions answered verdict-only (`ask(..., explain=False)`, ADR 0035: the same outcome and
summary, the reasons written only when read), and the load average. Rates are
of this process's CPU time (one core): the machine is shared, and wall time counts the others'
work. The first question asked (loading and validating the parameter files) is timed apart, and
the facts, built before the clock starts, are frozen out of the garbage collector's scans
(``gc.freeze``): they stand for records read one at a time, not for 300 000 live objects.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from outorga.demo import IPATINGA  # noqa: E402
from outorga.law import questions  # noqa: E402
from outorga.law.context import Context  # noqa: E402

ON = dt.date(2026, 6, 1)
#: Issue #21: decisions a second on one core, and the most times the validation floor.
TARGET_PER_S, TARGET_RATIO = 50_000, 3.0
DOCS = [
    "rg",
    "military_clearance",
    "electoral_clearance",
    "photos",
    "residence_proof",
    "criminal_certificates",
    "cpf",
]
EQUIPMENT = [
    "antena_corta_pipas",
    "protetor_motor_pernas",
    "alcas_metalicas",
    "escapamento_isolado",
    "apoio_pes_passageiro",
    "coletes_retrorrefletivos",
    "toucas_descartaveis",
    "retrovisores_ambos_lados",
]


def person(rng: random.Random) -> dict:
    birth = dt.date(rng.randint(1960, 2008), rng.randint(1, 12), rng.randint(1, 28))
    a_since = dt.date(rng.randint(2000, 2025), rng.randint(1, 12), rng.randint(1, 28))
    return {
        "role": "permissionario",
        "service": "mototaxi",
        "birth_date": birth.isoformat(),
        "cnh_category_a_since": a_since.isoformat(),
        "course_approved": rng.random() > 0.1,
        "documents": {d: rng.random() > 0.05 for d in DOCS},
        "medical_certificate": {"issued_on": "2026-05-20", "presented_on": "2026-05-25"},
        "tender_homologated_on": "2026-05-10",
        "safety_gear": rng.random() > 0.05,  # art. 5, IV: what the grant's desk ticks
    }


def vehicle(rng: random.Random) -> dict:
    return {
        "service": "mototaxi",
        "kind": "motocicleta",
        "engine_cc": rng.choice([110, 125, 160, 250, 300]),
        "manufacture_year": rng.randint(2010, 2026),
        "registration_uf": "MG",
        "registration_category": "aluguel",
        "red_plate": True,
        "documents": {
            "crlv_updated_in_ipatinga": True,
            "dpvat": True,
            "vistoria_report": True,
            "inspection_report_on": "2026-03-01",
        },
        "in_holders_name": {"crv": True, "crlv": True, "dpvat": True},
        "equipment": rng.sample(EQUIPMENT, rng.randint(6, 8)),
        # Art. 19, §1º–§2º: the policy on record, as registry.facts.insurance_facts reads it.
        "insurance": {"policy_in_force": rng.random() > 0.05, "copy_filed": True},
    }


def history(rng: random.Random) -> dict:
    n = rng.randint(1, 8)
    return {
        "infractions": [
            {
                "id": str(i),
                "committed_on": (ON - dt.timedelta(days=rng.randint(0, 500))).isoformat(),
                "severity": rng.choice(["leve", "media", "grave", "gravissima"]),
                "final": True,
            }
            for i in range(n)
        ]
    }


def rate(label: str, n: int, fn, per_call: int = 1) -> float:  # type: ignore[no-untyped-def]
    """``fn(i)`` for i < n; the rate of ``per_call`` decisions (or validations) per call."""
    start = time.process_time()
    for i in range(n):
        fn(i)
        if n >= 10 and i % (n // 10) == 0:
            print(f"  {label}: {i:>7}/{n}", end="\r", file=sys.stderr)
    elapsed = time.process_time() - start
    per_s = n * per_call / elapsed
    line = f"{label:60} {n:>8} in {elapsed:7.2f}s = {per_s:10,.0f}/s".replace(",", ".")
    print(f"{line} ({1e6 / per_s:5.2f} µs CPU each)")
    return per_s


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    args = parser.parse_args()
    rng = random.Random(42)
    ctx = Context(IPATINGA, ON)
    people = [person(rng) for _ in range(args.n)]
    vehicles = [vehicle(rng) for _ in range(args.n)]
    histories = [history(rng) for _ in range(args.n)]
    qp, qv, qh = (
        questions.get(q)
        for q in ("mototaxi.person_eligibility", "mototaxi.vehicle_eligibility", "mototaxi.penalty")
    )
    start = time.process_time()
    questions.ask(qp.id, ctx, people[0])  # loads, validates and compiles what is done once
    print(f"first question (parameter files, schemas): {time.process_time() - start:.2f}s")
    gc.collect()
    gc.freeze()
    # The floor of each question: the bare validation of its own facts (what its ``ask`` pays
    # first), each question's alone and, for eligibility, the pair's (one decision each).
    ref_p = rate(
        "reference: JSON-schema validation of person facts",
        args.n,
        lambda i: questions.validate_facts(qp, people[i]),
    )
    ref_v = rate(
        "reference: JSON-schema validation of vehicle facts",
        args.n,
        lambda i: questions.validate_facts(qv, vehicles[i]),
    )
    ref_h = rate(
        "reference: JSON-schema validation of infraction histories",
        args.n,
        lambda i: questions.validate_facts(qh, histories[i]),
    )
    # Eligibility asks a person's question then a vehicle's, pair after pair: its floor is the
    # two validations in that order (each question's code and data evicting the other's from the
    # caches costs the validations too), not the two measured apart.
    ref_apart = 2 / (1 / ref_p + 1 / ref_v)  # the floor as sessions before 32 measured it
    ref_both = rate(
        "reference: validation of person + vehicle facts, pair after pair",
        args.n,
        lambda i: (
            questions.validate_facts(qp, people[i]),
            questions.validate_facts(qv, vehicles[i]),
        ),
        per_call=2,
    )
    both = rate(
        "person + vehicle eligibility (2 decisions per pair)",
        args.n,
        lambda i: (questions.ask(qp.id, ctx, people[i]), questions.ask(qv.id, ctx, vehicles[i])),
        per_call=2,
    )
    esc = rate(
        "escalation for an infraction history (art. 32, D-1, D-2)",
        args.n,
        lambda i: questions.ask(qh.id, ctx, histories[i]),
    )
    # The same questions answered verdict-only (``explain=False``): the same outcome and summary,
    # the reasons written only when read (here: never).
    quick_both = rate(
        "  verdict-only: person + vehicle eligibility",
        args.n,
        lambda i: (
            questions.ask(qp.id, ctx, people[i], explain=False),
            questions.ask(qv.id, ctx, vehicles[i], explain=False),
        ),
        per_call=2,
    )
    # As a batch asks them (``outorga law explain QUESTION --batch``): one question over a file.
    quick_p = rate(
        "  verdict-only: person eligibility alone",
        args.n,
        lambda i: questions.ask(qp.id, ctx, people[i], explain=False),
    )
    quick_v = rate(
        "  verdict-only: vehicle eligibility alone",
        args.n,
        lambda i: questions.ask(qv.id, ctx, vehicles[i], explain=False),
    )
    quick_esc = rate(
        "  verdict-only: escalation",
        args.n,
        lambda i: questions.ask(qh.id, ctx, histories[i], explain=False),
    )
    print(
        f"pairs/s = {both / 2:,.0f}; ".replace(",", ".")
        + f"eligibility/its facts' validation = {ref_both / both:.1f}x slower "
        f"(/person facts' alone {ref_p / both:.1f}x); "
        f"escalation/its facts' validation = {ref_h / esc:.1f}x slower; verdict-only: "
        f"eligibility {ref_both / quick_both:.1f}x, escalation {ref_h / quick_esc:.1f}x slower; "
        f"one question at a time: person {ref_p / quick_p:.1f}x, vehicle {ref_v / quick_v:.1f}x; "
        f"eligibility against the validations measured apart {ref_apart / quick_both:.1f}x"
    )
    # Issue #21's target, for the answers that compute the outcome alone (verdict-only).
    for label, per_s, ref in (
        ("eligibility", quick_both, ref_both),
        ("escalation", quick_esc, ref_h),
    ):
        met = per_s >= TARGET_PER_S and ref / per_s <= TARGET_RATIO
        rate_text, target_text = (f"{x:,.0f}".replace(",", ".") for x in (per_s, TARGET_PER_S))
        line = (
            f"target ({target_text}/s within {TARGET_RATIO:.0f}x of the floor), verdict-only "
            f"{label}: {rate_text}/s at {ref / per_s:.1f}x"
        )
        print(f"{line}: {'met' if met else 'not met'}")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

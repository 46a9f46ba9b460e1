"""`outorga law explain --batch`: N fact sets (mototaxi vehicle eligibility) in one process, and
the CLI's start for one law question with the municipal data from a file (no database).

    .venv/bin/python bench/law_batch.py [--n 100000]

The batch is timed in this process's CPU time (one core; the machine is shared), through the
same function the command runs (`outorga.law.cli.explain`), writing NDJSON to a file: the full
explanation of every decision, and `--brief` (outcome and refusing rules). The reference measured
in the same run is the bare JSON-schema validation of the same fact sets. The start is the wall
time of `python -m outorga.cli law explain … --data FILE` against `python -c pass`.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from law_eligibility import ON, vehicle  # noqa: E402

from outorga.demo import IPATINGA  # noqa: E402
from outorga.law import cli, municipal_data, questions  # noqa: E402

QUESTION = "ipatinga.mototaxi-2013.vehicle_eligibility"


def timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    fn()
    return time.process_time() - start


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env={"PYTHONPATH": "src"})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    args = parser.parse_args()
    rng = random.Random(42)
    facts = [vehicle(rng) for _ in range(args.n)]
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp, "fatos.ndjson")
        batch.write_text("".join(json.dumps(f) + "\n" for f in facts), "utf-8")
        data = Path(tmp, "ipatinga.json")
        data.write_text(json.dumps(municipal_data.to_json(IPATINGA)), "utf-8")
        one = Path(tmp, "um.json")
        one.write_text(json.dumps(facts[0]), "utf-8")
        q = questions.get(QUESTION)
        questions.validate_facts(q, facts[0])  # compiles the schema: done once per process
        ref = timed(lambda: [questions.validate_facts(q, f) for f in facts])
        print(f"reference: JSON-schema validation of {args.n} fact sets: {ref:6.2f}s")
        for brief in (False, True):
            opts = {
                "question": QUESTION,
                "on": ON.isoformat(),
                "batch": str(batch),
                "text": False,
                "out": str(Path(tmp, "decisoes.ndjson")),
                "brief": brief,
            }
            took = timed(
                lambda o=opts: cli.explain(
                    o, lambda: municipal_data.load(data), io.StringIO(), io.StringIO()
                )
            )
            label = "--batch --brief" if brief else "--batch (full explanations)"
            print(
                f"{label:28} {args.n} fact sets in {took:6.2f}s = {args.n / took:9,.0f}/s; "
                f"{took / ref:5.1f}x the validation".replace(",", ".")
            )
        python = sys.executable
        base = min(wall([python, "-c", "pass"]) for _ in range(3))
        cmd = [python, "-m", "outorga.cli", "law", "explain", QUESTION, "--facts", str(one)]
        start = min(wall([*cmd, "--on", ON.isoformat(), "--data", str(data)]) for _ in range(3))
        print(
            f"CLI start, one question with --data: {start:5.2f}s "
            f"(python -c pass: {base:4.2f}s; {start / base:4.1f}x)"
        )


if __name__ == "__main__":
    main()

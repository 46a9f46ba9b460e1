"""Benchmark of reading the bank's return files (issue #22, item 2): FEBRABAN arrecadação 150,
CNAB 240 and CNAB 400 files of ``--n`` payments parsed by ``finance.bank_returns`` (every field
of the layout read and checked, trailers added up), against the same payments as a ``;`` CSV read
by the standard library's ``csv`` module — the floor of reading that many lines in Python —
measured in the same run.

    .venv/bin/python bench/bank_returns.py            # 30 000 payments (a 5 MB upload of 150)
    .venv/bin/python bench/bank_returns.py --n 5000
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from outorga.finance import bank_returns as br  # noqa: E402


def record(width: int, values: dict[tuple[int, int], str]) -> str:
    chars = [" "] * width
    for (start, end), text in values.items():
        chars[start - 1 : end] = list(text.rjust(end - start + 1, "0")[: end - start + 1])
    return "".join(chars)


def febraban(n: int) -> str:
    head = record(150, {(1, 1): "A", (2, 2): "2", (43, 45): "001", (66, 73): "20260321"})
    head = head[:73] + "000001" + "05" + head[81:]
    lines = [head]
    for i in range(n):
        lines.append(
            record(
                150,
                {
                    (1, 1): "G",
                    (22, 29): "20260320",
                    (30, 37): "20260321",
                    (38, 81): f"{81660000000 + i:044d}",
                    (82, 93): "12345",
                    (101, 108): str(i + 1),
                },
            )
        )
    lines.append(record(150, {(1, 1): "Z", (2, 7): str(n + 2), (8, 24): str(12345 * n)}))
    return "\r\n".join(lines)


def cnab400(n: int) -> str:
    head = record(400, {(1, 1): "0", (95, 100): "210326", (395, 400): "1"})
    head = head[:1] + "2RETORNO01COBRANCA       " + head[26:76] + "237" + head[79:]
    lines = [head]
    for i in range(n):
        lines.append(
            record(
                400,
                {
                    (1, 1): "1",
                    (109, 110): "06",
                    (111, 116): "200326",
                    (153, 165): "12345",
                    (254, 266): "12345",
                    (395, 400): str(i + 2),
                },
            )
        )
    trailer = record(400, {(1, 1): "9", (75, 86): str(12345 * n), (87, 91): str(n)})
    trailer = trailer[:1] + "201237" + trailer[7:394] + f"{n + 2:06d}"
    lines.append(trailer)
    return "\r\n".join(lines)


def as_csv(n: int) -> str:
    rows = ["data;valor;referencia;documento_pagador"]
    rows += [f"20/03/2026;123,45;3131307D{i:07d};12345678909" for i in range(n)]
    return "\n".join(rows)


def timed(fn: Callable[[], object], rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=30_000)
    n = parser.parse_args(argv).n
    text_csv = as_csv(n)
    reference = timed(lambda: list(csv.reader(io.StringIO(text_csv), delimiter=";")))
    for name, text in (("febraban150", febraban(n)), ("cnab400", cnab400(n))):
        parsed = br.parse(text)
        assert parsed is not None and not parsed.errors, parsed and parsed.errors[:3]
        assert len(parsed.entries) == n
        took = timed(lambda text=text: br.parse(text))
        print(
            f"{name}: {n} payments in {took * 1000:.0f} ms ({n / took:,.0f}/s); "
            f"csv.reader of the same payments {reference * 1000:.0f} ms; ratio {took / reference:.1f}×"
        )


if __name__ == "__main__":
    main()

# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""The concurrency measure (D-9 b): the most distinct drivers online at once, with integer sorts
(numpy) over the intervals the analysis counts."""

from __future__ import annotations

from typing import Any

import duckdb

from .base import Peak


def peak_of(k: Any, s: Any, e: Any) -> Peak:
    """Maximum number of distinct drivers online at once (D-9 b) over half-open intervals
    [s, e), e > s, of drivers numbered ``k`` (small positive integers), as the rulebook's
    ``concurrency.peak_concurrent_drivers`` (parity-tested), with integer sorts instead of a
    Python loop.

    First the intervals are swept as they are (:func:`_sweep`), as if each were a driver of its
    own: that count is never below the number of distinct drivers, at any instant. If the
    intervals open at its first maximum belong to as many different drivers, that is the peak and
    its first instant (earlier, fewer intervals were open, so fewer drivers). This is the usual
    case — a driver takes one trip at a time — and needs no sort by driver. Otherwise some
    driver counted twice there, and the exact measure follows (:func:`_peak_of_islands`)."""
    import numpy as np

    n = len(s)
    if n == 0:
        return Peak(0, None, 0)
    k = np.asarray(k)
    s = np.asarray(s, dtype=np.int64)
    e = np.asarray(e, dtype=np.int64)
    base = int(s.min())
    count, at = _sweep(s - base, e - base)
    at += base
    open_then = (s <= at) & (e > at)
    if len(np.unique(k[open_then])) == count:
        return Peak(count, at, n)
    return _peak_of_islands(k, s, e)


def _peak_of_islands(k: Any, s: Any, e: Any) -> Peak:
    """The exact measure when some driver's intervals overlap:

    1. order by (driver, start): a stable radix sort by driver number keeps each driver's rows
       in file order, which is mostly time order already (a platform exports by time or by
       driver; a parallel read interleaves a few runs); if some driver's starts go backwards,
       one stable sort by (driver, start) follows, which numpy's timsort does in about linear
       time on such runs;
    2. merge each driver's overlapping intervals: a running maximum of the ends (offset per
       driver so drivers never mix) tells where an island starts — at a start at or past every
       earlier end of the driver; the island ends at the running maximum of its last row;
    3. sweep the islands (:func:`_sweep`).
    """
    import numpy as np

    n = len(s)
    small = int(k.max()) < 2**15 and int(k.min()) >= 0
    key = k.astype(np.int16 if small else np.int64)  # int16: numpy's stable sort is a radix sort
    order = np.argsort(key, kind="stable")
    ks, ss = key[order], s[order]
    same = ks[1:] == ks[:-1]  # the row and the one before it are the same driver's
    base = int(ss.min())
    span = int(max(int(e.max()), int(ss.max()))) - base + 1
    offset = ks.astype(np.int64) * span - base
    if np.any(same & (ss[1:] < ss[:-1])):
        # By (driver, start) in one stable sort of a combined key: numpy's timsort runs through
        # the drivers already in order and sorts the others.
        by_key = np.argsort(offset + ss, kind="stable")
        order, ss = order[by_key], ss[by_key]  # ks and offset are unchanged: the same drivers
    es = e[order]
    running = np.maximum.accumulate(offset + es)
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.greater_equal(offset[1:] + ss[1:], running[:-1], out=new[1:])
    first = np.flatnonzero(new)
    last = np.empty_like(first)
    last[:-1] = first[1:] - 1
    last[-1] = n - 1
    count, at = _sweep(ss[first] - base, running[last] - offset[first] - base)
    return Peak(count, at + base, n)


def _sweep(starts: Any, ends: Any) -> tuple[int, int]:
    """Maximum number of the half-open intervals [start, end) open at once and its first
    instant (non-negative integers; :func:`peak_of` passes the intervals as they are, or each
    driver's merged islands).

    Counting first, sorting only where the peak can be: the time line is cut into buckets of
    one or two intervals each (a power of two wide: a shift, not a division); a running sum of
    starts − ends per bucket (``bincount``, linear) gives the exact count at every bucket's last
    instant — a lower bound of the peak — and, with the bucket's own starts, an upper bound of
    what it reaches inside. Only the buckets whose upper bound reaches the lower bound can hold
    the peak or its first instant; their events alone are sorted (ends before starts at the same
    instant: touching intervals do not overlap) and swept from the bucket's opening count. On
    data where the peak is rare that is a small part of the events; in the worst case all of
    them, as a plain sweep would."""
    import numpy as np

    n = len(starts)
    span = int(ends.max()) + 1
    bits = (span // max(n, 1)).bit_length()  # bucket width 2**bits > span / n
    buckets = (span >> bits) + 1
    b_start, b_end = starts >> bits, ends >> bits
    opened = np.bincount(b_start, minlength=buckets)
    closed = np.bincount(b_end, minlength=buckets)
    before = np.zeros(buckets + 1, dtype=np.int64)  # open just before bucket b starts
    np.cumsum(opened - closed, out=before[1:])
    lower = int(before[1:].max())
    candidate = before[:-1] + opened >= lower
    events = np.concatenate((starts[candidate[b_start]] * 2 + 1, ends[candidate[b_end]] * 2))
    events.sort()
    bucket = events >> (bits + 1)
    step = (events & 1) * 2 - 1
    running = np.cumsum(step)
    # Each run of events of one bucket starts from the count open before that bucket.
    heads = np.flatnonzero(np.concatenate(([True], bucket[1:] != bucket[:-1])))
    shift = before[bucket[heads]] - (running[heads] - step[heads])
    active = running + np.repeat(shift, np.diff(np.append(heads, len(events))))
    i = int(active.argmax())
    return int(active[i]), int(events[i] >> 1)


def counted_intervals(excl: int, s: str = "s", e: str = "e") -> tuple[str, str]:
    """The intervals the peak counts, as ``s`` to ``e``: the clean rows of ``t`` and the rows of
    ``te`` with no error in ``excl``, of positive length; as the two queries
    :func:`peak_of_rows` takes (roster drivers by number, drivers off the roster by CPF)."""
    ok = f"err & {excl} = 0 AND e > s"
    cols = f"{s} AS s, {e} AS e"
    return (
        f"SELECT k, {cols} FROM t WHERE dirty = 0 AND e > s "
        f"UNION ALL SELECT k, {cols} FROM te WHERE k > 0 AND {ok}",
        f"SELECT driver, {cols} FROM te WHERE k = 0 AND {ok}",
    )


def peak_of_rows(
    con: duckdb.DuckDBPyConnection, known_rows: str, unknown_rows: str, known: int
) -> Peak:
    """The peak over ``known_rows`` (k, s, e: drivers on the roster, numbered 1…``known``) and
    ``unknown_rows`` (driver, s, e: the few drivers off the roster, numbered after them)."""
    # Unsorted: peak_of sweeps them as they are, and sorts by driver number (numpy, less CPU
    # than DuckDB's sort, measured) only if some driver's intervals overlap at the busiest
    # instant.
    arrays = con.execute(
        f"""WITH x AS ({unknown_rows}),
            u AS (SELECT driver, ({known} + row_number() OVER ())::INTEGER AS uk
                  FROM (SELECT DISTINCT driver FROM x))
            {known_rows}
            UNION ALL
            SELECT uk, s, e FROM x JOIN u USING (driver)"""
    ).fetchnumpy()
    return peak_of(arrays["k"], arrays["s"], arrays["e"])

"""The trip-file engine: DuckDB reads a month of trips or sessions once into a columnar table and
answers everything the product needs from it with set operations (docs/decisions/0005).

No Django here: the service gives the roster, the month's bounds and the law core's answers
(fare maxima, banned vehicle kinds) as plain values, and stores what comes back. Nothing is written
to the application database from this package, so a file that fails leaves nothing behind.

Times are handled as UTC epoch milliseconds; a trip belongs to the month its start falls in, in
the municipality's local time (the service turns the local month into UTC bounds).

- :mod:`.base` — the vocabulary: limits, formats, error kinds and their bits, the values in and out;
- :mod:`.connection` — DuckDB: the connection, the per-thread workspace, the memory setting;
- :mod:`.reading` — the native and MDS 2.0 schemas into normalised columns; lines set aside;
- :mod:`.validation` — the roster joined to the rows; one SQL test per error kind, the quick tests;
- :mod:`.peak` — the concurrency measure (D-9 b);
- :mod:`.analysis` — ``analyse_trips`` and ``analyse_sessions``: the steps, counts and samples.
"""

"""Writes of the trip-data area: receive a file (request), process it (background task), compute
the month's ISSQN statement. Rules come from the law core; the engine only counts and measures.

One module per step:

* ``common`` — the law governing transport by app (citations, questions, competence), the refusal
  (``TripDataError``), the month's bounds;
* ``receiving`` — ``trip_upload_submit``: store, hash, enqueue (idempotent; a stuck upload resumed);
* ``processing`` — ``trip_upload_process``: the background task that reads the file and stores its
  counts and the law's decisions;
* ``issqn`` — the month's ISSQN statement (D-14), its recomputation and export.
"""

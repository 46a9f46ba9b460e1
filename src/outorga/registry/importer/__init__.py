"""Import of the registry spreadsheets municipalities keep today (``outorga import registry``).

One spreadsheet row (.xlsx, or CSV in UTF-8, UTF-16 or Windows-1252) = one person, with optionally their CNH, a vehicle and a permit (columns in
``docs/import-registry.md``). The import runs in two passes:

1. **validation** of every row, writing nothing: the registry's validators (CPF, CNH, RENAVAM,
   plate — maintained libraries), dates and choices, repeated values across the file and against
   the database, and the law core (mototaxi art. 3, 5 I–II, 6; taxi art. 2, 27, 28) — each error
   with its line, column, a message in Portuguese and the article when there is one;
2. **recording**, only without ``--dry-run`` and only when no row has an error, in ONE transaction
   for the whole file, through the registry services (``person_register``, ``licence_record``,
   ``vehicle_register``) and :func:`permit_import` — each writing its act. Any failure rolls
   every row back: nothing is ever half-written. The rows the file touches are locked first, in
   the order of ``registry/locking.py``, so a grant at the same time never deadlocks with it.

A permit that already exists with the same number, holder and service is left as it is, so
importing the same file again adds no permit.

The modules:

- ``rows``: the columns, the row, error and report shapes, the law bound to a row's service.
- ``sheets``: reading the file (.xlsx or text), every failure a line's error.
- ``parsing``: parsing one row's cells (document numbers that lost their leading zeros restored
  when their check digits confirm them).
- ``lawchecks``: the law core's checks of each row.
- ``crosschecks``: checks across rows and against the database.
- ``writing``: recording a row and an imported permit (with its taxi Termo).
- ``run``: :func:`~.run.import_registry`, the two passes, and :func:`~.run.read_file`.
"""

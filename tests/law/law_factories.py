"""What the law core's tests share: an amendment of the competence table (D-15), laid over the
shipped table for one test and taken off after it, whatever the test does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from outorga.law import competence as table


@contextmanager
def amended_competence(*versions: table.Competence) -> Iterator[None]:
    """The competence table with ``versions`` amended in (:func:`competence.amend`), restored
    as it was on leaving."""
    before = {k: list(v) for k, v in table.VERSIONS.items()}
    newest = dict(table.COMPETENCES)
    try:
        table.amend(*versions)
        yield
    finally:
        table.restore(before, newest)

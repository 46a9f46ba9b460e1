"""Search as a clerk types it, in one place (issue "back office", item 5): accent- and
case-insensitive words ("jose silva" finds "JOSÉ DA SILVA"), a document's digits with or without
punctuation, a plate with or without its hyphen.

Names are compared through ``outorga_unaccent(text)``, lower case without accents. On PostgreSQL
it is an IMMUTABLE SQL function over the ``unaccent`` extension, so a GIN trigram index on
``outorga_unaccent(name)`` answers ``LIKE '%jose%'`` over 100 000 people in milliseconds
(migration ``registry.0010_name_search``; ``bench/people_search.py``). On SQLite the same function
is registered in Python on every connection (:func:`register_sqlite`), so the same query runs,
without the index."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.db.models import CharField, Func, Q
from django.db.models.lookups import Contains

from .identifiers import digits

FUNCTION = "outorga_unaccent"


def fold(text: str) -> str:
    """Lower case without accents, as ``outorga_unaccent`` folds a column: "José" → "jose"."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def words(text: str) -> list[str]:
    """The folded words of a search, each at most once, in the order typed."""
    return list(dict.fromkeys(w for w in re.split(r"\s+", fold(text).strip()) if w))


def plate_key(text: str) -> str:
    """A plate as typed in a search box, the way plates are stored: upper case, no hyphen or
    space ("abc-1d23" → "ABC1D23"). Other characters are kept, so a one-word name with an accent
    ("Sá") is not read as the start of a plate ("S")."""
    return re.sub(r"[\s-]", "", (text or "").upper())


def names_document(text: str) -> bool:
    """A search for a CPF/CNPJ (or its first digits): digits, with or without the dots, hyphen and
    slash, and nothing else."""
    text = text.strip()
    return len(digits(text)) >= 3 and all(ch.isdigit() or ch in " ./-" for ch in text)


def looks_like_document(text: str) -> bool:
    """A CPF (11 digits) or a CNPJ (14), typed with or without its dots, hyphen and slash."""
    return not re.search(r"[^\d\s./-]", text.strip()) and len(digits(text)) in (11, 14)


class Unaccent(Func):
    """``outorga_unaccent(<column>)``: the expression the trigram index is built on."""

    function = FUNCTION
    output_field = CharField()


def name_matches(field: str, text: str) -> Q:
    """Every word of ``text`` appears in ``field``, whatever the accents and case."""
    q = Q()
    for word in words(text):
        q &= Q(Contains(Unaccent(field), word))
    return q


def _unaccent_py(value: Any) -> str | None:
    return None if value is None else fold(str(value))


def register_sqlite(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created`` receiver: SQLite gets ``outorga_unaccent`` as a Python function."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(FUNCTION, 1, _unaccent_py, deterministic=True)

"""``field__any=values`` (core/lookups.py): the rows ``field__in`` finds, on PostgreSQL by one
array parameter, elsewhere by ``IN``."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from outorga.core.tenancy import tenant
from outorga.registry.models import Person

pytestmark = pytest.mark.django_db


def test_any_finds_what_in_finds_with_one_parameter_on_postgresql(ipatinga_m: Any) -> None:
    with tenant(ipatinga_m):
        documents = list(Person.objects.values_list("document", flat=True)[:3])
        assert documents
        wanted = [*documents, "00000000000", documents[0]]
        with CaptureQueriesContext(connection) as queries:
            found = set(Person.objects.filter(document__any=wanted).values_list("pk", flat=True))
        assert found == set(Person.objects.filter(document__in=wanted).values_list("pk", flat=True))
        assert len(found) == len(documents)
        sql = queries.captured_queries[-1]["sql"]
        assert ("ANY(" in sql) == (connection.vendor == "postgresql")
        assert not Person.objects.filter(document__any=[]).exists()
        # On an integer column too.
        pks = sorted(found)
        assert set(Person.objects.filter(pk__any=pks).values_list("pk", flat=True)) == found

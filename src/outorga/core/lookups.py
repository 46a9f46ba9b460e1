"""``field__any=values``: the rows whose field is one of ``values``, as ``field__in`` — on
PostgreSQL one array parameter (``field = ANY(%s)``) rather than one placeholder per value, so a
query over a batch's thousands of keys is one short text that the driver does not split and
quote value by value; elsewhere ``IN (…)``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import Field, Lookup


@Field.register_lookup
class AnyOf(Lookup):
    lookup_name = "any"
    prepare_rhs = False

    def get_prep_lookup(self) -> Any:
        field = self.lhs.output_field
        return [field.get_prep_value(v) for v in dict.fromkeys(self.rhs)]

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs, params = self.process_lhs(compiler, connection)
        field = self.lhs.output_field
        values = [field.get_db_prep_value(v, connection, prepared=True) for v in self.rhs]
        if not values:
            raise EmptyResultSet
        if connection.vendor == "postgresql":
            return f"{lhs} = ANY(%s)", [*params, values]
        return f"{lhs} IN ({', '.join(['%s'] * len(values))})", [*params, *values]

"""The people search's index (issue "back office", item 5): on PostgreSQL, the ``unaccent`` and
``pg_trgm`` extensions, ``outorga_unaccent(text)`` (lower case without accents, IMMUTABLE so it
can be indexed) and a GIN trigram index on ``outorga_unaccent(name)``, which answers
``outorga_unaccent(name) LIKE '%jose%'`` (``core.search.name_matches``). SQLite registers the
function in Python on each connection (``core.search.register_sqlite``) and has no such index."""

from typing import Any

from django.db import migrations


def _create(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    run = schema_editor.execute
    run("CREATE EXTENSION IF NOT EXISTS unaccent")
    run("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    with schema_editor.connection.cursor() as cur:
        cur.execute(
            "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
            "WHERE e.extname = 'unaccent'"
        )
        schema = cur.fetchone()[0]
    # The dictionary and the function named with their schema: an IMMUTABLE function must not
    # depend on the search_path of whoever calls it (or restores a dump).
    run(
        "CREATE OR REPLACE FUNCTION outorga_unaccent(text) RETURNS text "
        "LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS "
        f"$$ SELECT lower({schema}.unaccent('{schema}.unaccent'::regdictionary, $1)) $$"
    )
    run(
        "CREATE INDEX IF NOT EXISTS registry_person_name_trgm ON registry_person "
        "USING gin (outorga_unaccent(name) gin_trgm_ops)"
    )


def _drop(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    # The extensions stay: other objects of the database may use them.
    schema_editor.execute("DROP INDEX IF EXISTS registry_person_name_trgm")
    schema_editor.execute("DROP FUNCTION IF EXISTS outorga_unaccent(text)")


class Migration(migrations.Migration):
    dependencies = [("registry", "0009_document_versions")]

    operations = [migrations.RunPython(_create, _drop)]

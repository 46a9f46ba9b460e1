"""Row-level security on every tenant table (issue #19, item 4; ADR 0024).

Every table with a municipality column, as the models stand after the migrations below, gets RLS
enabled and forced and the policy ``outorga_tenant`` (``core/rls.py``). A later migration that
adds a tenant table runs ``RunPython(rls.enable, rls.disable)`` again (idempotent);
``tests/core/test_rls.py`` fails on a table left without it. Nothing on SQLite.
"""

from django.db import migrations

from outorga.core import rls


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0008_acts_tamper_evidence"),
        ("enforcement", "0004_taxi_item_dated"),
        ("finance", "0004_guia_barcode"),
        ("inspections", "0001_initial"),
        ("platforms", "0008_complaint_protocol_per_municipality"),
        ("portal", "0002_delete_notification"),
        ("public", "0001_initial"),
        ("registry", "0010_name_search"),
        ("tripdata", "0005_upload_attempts"),
    ]

    operations = [migrations.RunPython(rls.enable, rls.disable, elidable=False)]

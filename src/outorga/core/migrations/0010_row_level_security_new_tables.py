"""Row-level security on the tenant tables added since 0009 (ADR 0024): the portal's accounts,
the platforms' notices and the registry's document submissions. ``rls.enable`` is idempotent and
reads the tables from the models as they stand after the migrations below."""

from django.db import migrations

from outorga.core import rls


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0009_row_level_security"),
        ("enforcement", "0005_auto_measures"),
        ("finance", "0006_refund_partial_kind"),
        ("inspections", "0001_initial"),
        ("platforms", "0011_platformnotice"),
        ("portal", "0003_account"),
        ("public", "0002_badge_serial_128"),
        ("registry", "0012_notification_emailed_to"),
        ("tripdata", "0005_upload_attempts"),
    ]

    operations = [migrations.RunPython(rls.enable, migrations.RunPython.noop, elidable=False)]

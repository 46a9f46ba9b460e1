"""A refund keeps the day it was decided (it became owed), which may come before the day it was
recorded; the refunds recorded before were, as far as the records know, decided on the day they
were recorded — the municipality's day, on its clock (a refund recorded at 02:30 UTC on the 1st
was recorded on the last day of the month before in a municipality at UTC−3)."""

from typing import Any

from django.db import migrations, models
from django.utils import timezone

from outorga.core.localtime import zone_of


def backfill(apps: Any, schema_editor: Any) -> None:
    Refund = apps.get_model("finance", "Refund")
    rows = Refund._base_manager.select_related("municipality").only(
        "pk", "created_at", "municipality__uf"
    )
    for refund in rows.iterator():
        day = timezone.localtime(refund.created_at, zone_of(refund.municipality)).date()
        Refund._base_manager.filter(pk=refund.pk).update(decided_on=day)


class Migration(migrations.Migration):
    dependencies = [
        ("finance", "0006_refund_partial_kind"),
    ]

    operations = [
        migrations.AddField(
            model_name="refund",
            name="decided_on",
            field=models.DateField(null=True, verbose_name="data da decisão"),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="refund",
            name="decided_on",
            field=models.DateField(verbose_name="data da decisão"),
        ),
    ]

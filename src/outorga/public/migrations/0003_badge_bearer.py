"""A badge keeps the person it was issued to (its ``bearer``): a taxi permission passed to a
successor (taxi art. 13, parágrafo único) must not make the predecessor's card the successor's.

The badges already issued get the holder of their permit on the day they were issued: the
present holder, unless a transfer recorded in the acts log (``permit.transfer``, its ``old``
holder) came after the badge — then the holder before the first such transfer. An auxiliary's
badge is its auxiliary's (the column stays as the auxiliary's person)."""

import json
from typing import Any

import django.db.models.deletion
from django.db import migrations, models

from outorga.core.tenancy import unscoped


def fill(apps: Any, schema_editor: Any) -> None:
    # Every municipality's badges: the row-level security of PostgreSQL shows none otherwise.
    with unscoped():
        _fill(apps)


def _fill(apps: Any) -> None:
    badge_model = apps.get_model("public", "Badge")
    act_model = apps.get_model("core", "Act")
    transfers: dict[tuple[int, str], list[tuple[Any, int]]] = {}
    for act in act_model._base_manager.filter(action="permit.transfer").order_by("seq"):
        old = json.loads(act.canonical).get("payload", {}).get("old", {})
        if old.get("holder") is not None:
            key = (act.municipality_id, act.object_id)
            transfers.setdefault(key, []).append((act.created_at, int(old["holder"])))
    rows = badge_model._base_manager.filter(bearer__isnull=True).select_related(
        "permit", "auxiliary"
    )
    for badge in rows.iterator():
        if badge.auxiliary_id is not None:
            bearer = badge.auxiliary.person_id
        else:
            later = [
                holder
                for at, holder in transfers.get((badge.municipality_id, str(badge.permit_id)), [])
                if at > badge.issued_at
            ]
            bearer = later[0] if later else badge.permit.holder_id
        badge_model._base_manager.filter(pk=badge.pk).update(bearer_id=bearer)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0012_sweep_parts"),
        ("public", "0002_badge_serial_128"),
        ("registry", "0016_person_representative"),
    ]

    operations = [
        migrations.AddField(
            model_name="badge",
            name="bearer",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="registry.person",
                verbose_name="portador",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]

"""The registry keeps each transfer of a permit with its day (``PermitHolderChange``, taxi art. 13,
parágrafo único), so that a record of an earlier day — a vistoria's laudo — names the holder of
that day, not the present one.

The transfers already made are read from the acts log (``permit.transfer``: its ``old`` and
``new`` holders). Their acts do not carry the day the desk gave the transfer; the day each was
recorded, on the municipality's clock, stands for it."""

import json
from typing import Any

import django.db.models.deletion
from django.db import migrations, models

from outorga.core import rls
from outorga.core.localtime import zone_of
from outorga.core.tenancy import unscoped


def fill(apps: Any, schema_editor: Any) -> None:
    # Every municipality's transfers: the row-level security of PostgreSQL shows none otherwise.
    with unscoped():
        _fill(apps)


def _fill(apps: Any) -> None:
    act_model = apps.get_model("core", "Act")
    change_model = apps.get_model("registry", "PermitHolderChange")
    acts = act_model._base_manager.filter(action="permit.transfer", outcome="done")
    for act in acts.select_related("municipality").order_by("municipality_id", "seq"):
        payload = json.loads(act.canonical).get("payload", {})
        old = payload.get("old", {}).get("holder")
        new = payload.get("new", {}).get("holder")
        if old is None or new is None or not act.object_id.isdigit():
            continue
        change_model._base_manager.create(
            municipality_id=act.municipality_id,
            permit_id=int(act.object_id),
            from_holder_id=int(old),
            to_holder_id=int(new),
            effective_on=act.created_at.astimezone(zone_of(act.municipality)).date(),
            act_id=act.pk,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0012_sweep_parts"),
        ("registry", "0019_submission_cover"),
    ]

    operations = [
        migrations.CreateModel(
            name="PermitHolderChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("effective_on", models.DateField(verbose_name="a partir de")),
                ("at", models.DateTimeField(auto_now_add=True)),
                (
                    "act",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="core.act",
                    ),
                ),
                (
                    "from_holder",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="registry.person",
                        verbose_name="permissionário anterior",
                    ),
                ),
                (
                    "municipality",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="core.municipality",
                    ),
                ),
                (
                    "permit",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="holder_changes",
                        to="registry.permit",
                    ),
                ),
                (
                    "to_holder",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="registry.person",
                        verbose_name="novo permissionário",
                    ),
                ),
            ],
            options={
                "verbose_name": "transferência de permissão",
                "ordering": ["permit", "effective_on", "at", "id"],
            },
        ),
        # Row-level security on the new tenant table (ADR 0024).
        migrations.RunPython(rls.enable, rls.disable, elidable=False),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]

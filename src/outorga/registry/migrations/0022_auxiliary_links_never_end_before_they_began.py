"""Links that ended before they began: migration 0021 (and the permission's end before it) dated
an auxiliary's removal the day the permission ended, even when the auxiliary had been added
after that day. A link cannot end before it began: each such row now ends the day it began,
with an ``auxiliary.correct`` act keeping the old day
(``registry.services.auxiliaries.auxiliaries_ended_before_begun_repair``). 0021 is left as it
was applied; this runs after it, once per municipality, as the system, and finds nothing to do
a second time. Migration 0023 then adds the table's check (``removed_on >= added_on``)."""

from typing import Any

from django.db import migrations


def repair(apps: Any, schema_editor: Any) -> None:
    from outorga.registry.services.auxiliaries import (
        auxiliaries_ended_before_begun_repair,
        in_every_municipality,
    )

    in_every_municipality(
        auxiliaries_ended_before_begun_repair,
        "correção dos registros (auxiliares desligados antes do vínculo)",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0021_end_auxiliaries_of_ended_permits"),
    ]

    operations = [migrations.RunPython(repair, migrations.RunPython.noop)]

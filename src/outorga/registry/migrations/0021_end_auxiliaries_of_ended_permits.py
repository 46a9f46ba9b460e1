"""The auxiliaries a permission left in force when it ended — cassada, revoked, extinct or
renounced before its links ended with it — end now, each dated the day the permission ended,
with the act the services write when a permission ends today
(``registry.services.auxiliaries.auxiliaries_of_ended_permits_end``: mototaxi art. 6 §4, art.
11, art. 14; taxi art. 4 XIV, art. 20 parágrafo único, art. 15 §2, and the article that ended
the permission). The acts log is a hash chain written by ``core.acts``, so the repair goes
through the service (the models as they stand when this runs, as 0020 reads the acts), once per
municipality, as the system."""

from typing import Any

from django.db import migrations


def end_links(apps: Any, schema_editor: Any) -> None:
    from outorga.core.acts import Actor
    from outorga.core.models import Municipality
    from outorga.core.tenancy import unscoped
    from outorga.registry.services.auxiliaries import auxiliaries_of_ended_permits_end

    actor = Actor.system("correção dos registros (auxiliares de permissões encerradas)")
    with unscoped():
        municipalities = list(Municipality.objects.order_by("pk"))
    for m in municipalities:
        auxiliaries_of_ended_permits_end(actor=actor, municipality=m)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0012_sweep_parts"),
        ("registry", "0020_permit_holder_change"),
    ]

    operations = [migrations.RunPython(end_links, migrations.RunPython.noop)]

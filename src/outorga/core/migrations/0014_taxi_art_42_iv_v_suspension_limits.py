"""Taxi art. 42: the suspension of the cadastro de taxista (IV) and of the permission (V) are
limited each on its own ("limitada a 90 (noventa) dias corridos", twice). One parameter,
``taxi_2017.suspension_max_days``, held both; it is now two. A municipality's dated value of the
old one was a value of both: each row becomes one of each, with the same day, value and act."""

from typing import Any

from django.db import migrations

from outorga.core.scope import system_wide
from outorga.core.tenancy import unscoped

OLD = "taxi_2017.suspension_max_days"
NEW = ("taxi_2017.registration_suspension_max_days", "taxi_2017.permit_suspension_max_days")


def split(apps: Any, schema_editor: Any) -> None:
    ParameterOverride = apps.get_model("core", "ParameterOverride")
    with unscoped(), system_wide("migração: art. 42, IV e V do táxi, um parâmetro em dois"):
        for row in ParameterOverride._base_manager.filter(name=OLD):
            for name in NEW:
                ParameterOverride._base_manager.create(
                    municipality_id=row.municipality_id,
                    name=name,
                    effective=row.effective,
                    value=row.value,
                    legal_reference=row.legal_reference,
                    example=row.example,
                )
            row.delete()


def join(apps: Any, schema_editor: Any) -> None:
    ParameterOverride = apps.get_model("core", "ParameterOverride")
    with unscoped(), system_wide("migração revertida: art. 42, IV e V do táxi, dois parâmetros em um"):
        rows = ParameterOverride._base_manager.filter(name__in=NEW)
        for row in rows.filter(name=NEW[1]):
            ParameterOverride._base_manager.create(
                municipality_id=row.municipality_id,
                name=OLD,
                effective=row.effective,
                value=row.value,
                legal_reference=row.legal_reference,
                example=row.example,
            )
        rows.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0013_platform_role_label"),
    ]

    operations = [migrations.RunPython(split, join)]

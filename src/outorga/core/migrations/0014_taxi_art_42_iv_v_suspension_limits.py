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


def _renamed(apps: Any, old: tuple[str, ...], new: tuple[str, ...], why: str) -> None:
    """Each municipality's dated value of the last of ``old`` becomes one of each of ``new``
    (the same day, value, act and example flag); the rows of every name in ``old`` go."""
    ParameterOverride = apps.get_model("core", "ParameterOverride")
    rows = ParameterOverride._base_manager
    with unscoped(), system_wide(why):
        for row in rows.filter(name=old[-1]):
            for name in new:
                rows.create(
                    municipality_id=row.municipality_id,
                    name=name,
                    effective=row.effective,
                    value=row.value,
                    legal_reference=row.legal_reference,
                    example=row.example,
                )
        rows.filter(name__in=old).delete()


def split(apps: Any, schema_editor: Any) -> None:
    _renamed(apps, (OLD,), NEW, "migração: art. 42, IV e V do táxi, um parâmetro em dois")


def join(apps: Any, schema_editor: Any) -> None:
    # Back to one parameter: the permission's limit (V) was the one the old name cited.
    _renamed(apps, NEW, (OLD,), "migração revertida: art. 42, IV e V do táxi, dois em um")


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0013_platform_role_label"),
    ]

    operations = [migrations.RunPython(split, join)]

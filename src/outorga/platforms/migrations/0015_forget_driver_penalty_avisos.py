"""A driver's penalty (apps art. 26 caput) is the driver's case: since 42249a6 no aviso about it
reaches the platform's portal. This removes the avisos sent before — of its notice and of the
judgment of the driver's appeal — which still showed the platform the driver's penalty, its
amount and the fine to pay (LGPD art. 6º, III: no more personal data than the purpose needs). The
acts log keeps every notice and judgment; an aviso is a courtesy, not the legal notice (D-4)."""

from typing import Any

from django.db import migrations

from outorga.core.tenancy import unscoped


def forget_driver_penalty_avisos(apps: Any, schema_editor: Any) -> int:
    """Delete the avisos of drivers' penalties, in every municipality; how many."""
    notice = apps.get_model("platforms", "PlatformNotice")
    penalty = apps.get_model("platforms", "PlatformPenalty")
    appeal = apps.get_model("platforms", "PlatformPenaltyAppeal")
    with unscoped():
        of_drivers = penalty._base_manager.filter(driver__isnull=False)
        keys = [f"penalty-notice-{pk}" for pk in of_drivers.values_list("pk", flat=True)]
        keys += [
            f"penalty-appeal-{pk}"
            for pk in appeal._base_manager.filter(penalty__in=of_drivers).values_list(
                "pk", flat=True
            )
        ]
        deleted, _ = notice._base_manager.filter(key__in=keys).delete()
    return deleted


def forward(apps: Any, schema_editor: Any) -> None:
    forget_driver_penalty_avisos(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("platforms", "0014_staff_admin_and_attachments")]

    operations = [
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]

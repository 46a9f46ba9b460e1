"""The day of the act a notice notifies (D-4), filled for the notices already recorded where the
record tells it: the auto's day, the judgment of the filing the decision notice follows, the
Chief Executive's decision of a proposal. The others (a proposal's opening, a judgment by
default, a suspension) stay empty: the record keeps only the day they were entered, which may be
later than the act and would refuse a lawful notice."""

import datetime as dt

from django.db import migrations, models
from django.utils import timezone

from outorga.core.tenancy import unscoped

DECISION_STAGE = {
    "defence_decision": "defence",
    "jari_decision": "jari",
    "executive_decision": "executive",
}


def fill(apps, schema_editor):
    # Every municipality's notices: the row-level security of PostgreSQL shows none otherwise.
    with unscoped():
        _fill(apps)


def _fill(apps):
    Notice = apps.get_model("enforcement", "Notice")
    Filing = apps.get_model("enforcement", "Filing")
    for n in Notice.objects.filter(act_on__isnull=True).select_related("case", "case__auto"):
        case = n.case
        act_on: dt.date | None = None
        if n.purpose == "auto" and case.auto_id:
            act_on = timezone.localtime(case.auto.committed_at).date()
        elif n.purpose in DECISION_STAGE:
            judged = (
                Filing.objects.filter(
                    case=case, stage=DECISION_STAGE[n.purpose], judged_on__isnull=False
                )
                .order_by("-judged_on")
                .first()
            )
            if judged is not None:
                act_on = judged.judged_on
            elif n.purpose == "executive_decision" and case.final_on:
                act_on = case.final_on
        if act_on is not None:
            Notice.objects.filter(pk=n.pk).update(act_on=act_on)


class Migration(migrations.Migration):
    dependencies = [
        ("enforcement", "0006_filing_attachment_shared_fields"),
    ]

    operations = [
        migrations.AddField(
            model_name="notice",
            name="act_on",
            field=models.DateField(blank=True, null=True, verbose_name="data do ato notificado"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]

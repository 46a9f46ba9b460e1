# A document file is unique per owner (person, vehicle), type and SHA-256, not per municipality:
# the same file sent again for the same owner and type is the same document (idempotent upload);
# for another person, vehicle or type it is that one's own record.

from django.db import migrations, models
from django.db.models.functions import Coalesce


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0005_vehicle_cargo_equipment"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="document",
            name="uniq_document_file",
        ),
        migrations.AddConstraint(
            model_name="document",
            constraint=models.UniqueConstraint(
                models.F("municipality"),
                Coalesce("person", models.Value(0), output_field=models.IntegerField()),
                Coalesce("vehicle", models.Value(0), output_field=models.IntegerField()),
                models.F("doc_type"),
                models.F("sha256"),
                condition=models.Q(("sha256", ""), _negated=True),
                name="uniq_document_owner_file",
            ),
        ),
    ]

"""The acts log is append-only: on PostgreSQL a trigger refuses UPDATE and DELETE of any act.

(SQLite, the first-run default, has no such guard: its file is the operator's own; tampering is
still detected by ``outorga audit verify``.) TRUNCATE is left to the database owner; production
runs the application under a role without TRUNCATE (see docs/deploy.md).
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION outorga_act_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'registro de atos é somente de inclusão (% recusado)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS core_act_append_only ON core_act;
CREATE TRIGGER core_act_append_only BEFORE UPDATE OR DELETE ON core_act
  FOR EACH ROW EXECUTE FUNCTION outorga_act_append_only();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS core_act_append_only ON core_act;
DROP FUNCTION IF EXISTS outorga_act_append_only();
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD, params=None)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("core", "0002_initial")]
    operations = [migrations.RunPython(forward, backward)]

import sys

from django.core.management.base import BaseCommand, CommandError

from outorga.core.lawctx import facts_for
from outorga.core.management.arguments import municipality_named
from outorga.law import cli as law_cli


class Command(BaseCommand):
    help = (
        "Perguntas à lei: list | schema QUESTION | explain QUESTION (--facts FILE | --batch "
        "FILE.ndjson) --on DATA (--municipality SLUG | --data FILE) | data --municipality SLUG"
    )

    def add_arguments(self, parser):
        law_cli.add_arguments(parser)

    def handle(self, *args, **opts):
        # ``outorga law`` runs without Django whatever needs no records (outorga.cli); the same
        # sub-commands still answer here, through ``manage.py law``.
        try:
            if not opts.get("municipality"):
                status = law_cli.run(opts, self.stdout, self.stderr)
            elif opts["sub"] == "data":
                law_cli.data_file(
                    opts, facts_for(municipality_named(opts["municipality"])), self.stdout
                )
                status = 0
            else:
                m = municipality_named(opts["municipality"])
                status = law_cli.explain(opts, lambda: facts_for(m), self.stdout, self.stderr)
        except law_cli.UsageError as exc:
            raise CommandError(str(exc)) from None
        if status:
            sys.exit(status)

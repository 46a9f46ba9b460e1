import sys

from django.core.management.base import BaseCommand, CommandError

from outorga.core.lawctx import facts_for
from outorga.core.models import Municipality
from outorga.law import cli as law_cli
from outorga.law.context import MunicipalityFacts


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
                law_cli.data_file(opts, facts_for(self._municipality(opts)), self.stdout)
                status = 0
            else:
                m = self._municipality(opts)
                status = law_cli.explain(opts, lambda: self._facts(m), self.stdout, self.stderr)
        except law_cli.UsageError as exc:
            raise CommandError(str(exc)) from None
        if status:
            sys.exit(status)

    def _municipality(self, opts) -> Municipality:
        m = Municipality.objects.filter(slug=opts["municipality"]).first()
        if m is None:
            raise CommandError(f"município desconhecido: {opts['municipality']}")
        return m

    def _facts(self, m: Municipality) -> MunicipalityFacts:
        return facts_for(m)

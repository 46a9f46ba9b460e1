import sys

from django.core.management.base import BaseCommand, CommandError

from outorga.core.acts import verify_chain
from outorga.core.models import Municipality


class Command(BaseCommand):
    help = "Registro de atos: 'audit verify [--municipality SLUG]' recalcula a cadeia de hashes."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True)
        verify = sub.add_parser("verify", help="verifica a cadeia de hashes")
        verify.add_argument("--municipality", help="slug do município (padrão: todos)")

    def handle(self, *args, **opts):
        qs = Municipality.objects.all()
        if opts.get("municipality"):
            qs = qs.filter(slug=opts["municipality"])
            if not qs.exists():
                raise CommandError(f"município desconhecido: {opts['municipality']}")
        broken = False
        for m in qs:
            report = verify_chain(m)
            if report.ok:
                self.stdout.write(f"{m.slug}: íntegro ({report.checked} atos verificados)")
            else:
                broken = True
                self.stdout.write(
                    f"{m.slug}: ADULTERADO no ato nº {report.broken_at}: {report.problem} "
                    f"({report.checked} atos íntegros antes dele)"
                )
        if broken:
            sys.exit(1)

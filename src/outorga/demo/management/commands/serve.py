import subprocess
import sys

from django.core.management import call_command
from django.core.management.base import BaseCommand

from outorga.core.tenancy import system_wide
from outorga.demo.loader import load_demo, load_example_registry, load_example_tender


class Command(BaseCommand):
    help = "Prepara o banco (migrações e dados de demonstração) e serve em http://127.0.0.1:8000."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, **opts):
        self.stdout.write("Preparando o banco de dados…")
        call_command("migrate", interactive=False, verbosity=0)
        with system_wide("outorga serve (demonstração)"):
            logins = load_demo()
            examples = load_example_registry()
            tender = load_example_tender()
        self.stdout.write(examples)
        self.stdout.write(tender)
        self.stdout.write("")
        self.stdout.write(f"Outorga em http://{opts['addr']}/  (entre com um dos acessos abaixo)")
        self.stdout.write(f"  {'município':16} {'usuário':28} {'senha':40} papel")
        for login in logins:
            self.stdout.write(
                f"  {login.municipality:16} {login.username:28} {login.password:40} {login.role}"
            )
        self.stdout.write("")
        # The background worker processes platforms' trip files (never inside a request).
        worker = subprocess.Popen([sys.executable, "-m", "outorga.cli", "db_worker"])  # noqa: S603
        try:
            call_command("runserver", opts["addr"], use_reloader=False)
        finally:
            worker.terminate()

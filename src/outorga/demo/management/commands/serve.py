import os
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from outorga.core.tenancy import system_wide
from outorga.demo.loader import (
    load_demo,
    load_example_holder,
    load_example_registry,
    load_example_tender,
)


def serve_base_url(addr: str) -> str:
    """Where the emails' links point when the demo serves on ``addr`` (``[host:]port``, as
    runserver takes it): the served address, unless ``OUTORGA_BASE_URL`` is set. Given to this
    process (the requests queue the emails) and, by the environment, to the worker it starts."""
    if os.environ.get("OUTORGA_BASE_URL"):
        return str(settings.OUTORGA_BASE_URL)
    host, _, port = addr.rpartition(":")
    # A bare port, or every interface, is browsed at the loopback address.
    host = "127.0.0.1" if host in ("", "0.0.0.0") else host  # noqa: S104 - compared, not bound
    base = f"http://{host}:{port}"
    settings.OUTORGA_BASE_URL = base
    os.environ["OUTORGA_BASE_URL"] = base
    return base


class Command(BaseCommand):
    help = "Prepara o banco (migrações e dados de demonstração) e serve em http://127.0.0.1:8000."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, **opts):
        base = serve_base_url(opts["addr"])
        self.stdout.write("Preparando o banco de dados…")
        call_command("migrate", interactive=False, verbosity=0)
        with system_wide("outorga serve (demonstração)"):
            logins = load_demo()
            examples = load_example_registry()
            tender = load_example_tender()
            holder = load_example_holder()
        self.stdout.write(examples)
        self.stdout.write(tender)
        self.stdout.write(holder)
        self.stdout.write("")
        self.stdout.write(f"Outorga em {base}/  (entre com um dos acessos abaixo)")
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

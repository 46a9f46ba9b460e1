from django.core.management.base import BaseCommand

from outorga.core.tenancy import system_wide
from outorga.demo.loader import (
    load_demo,
    load_example_holder,
    load_example_registry,
    load_example_tender,
)


class Command(BaseCommand):
    help = "Carrega os municípios e usuários de demonstração (idempotente) e lista os acessos."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true", help="não listar os acessos")

    def handle(self, *args, **opts):
        with system_wide("outorga demo"):
            logins = load_demo()
            examples = load_example_registry()
            tender = load_example_tender()
            holder = load_example_holder()
        if opts["quiet"]:
            return
        self.stdout.write(examples)
        self.stdout.write(tender)
        self.stdout.write(holder)
        self.stdout.write("Acessos de demonstração (usuário / senha / papel):")
        for login in logins:
            self.stdout.write(
                f"  {login.municipality:16} {login.username:28} {login.password:40} {login.role}"
            )

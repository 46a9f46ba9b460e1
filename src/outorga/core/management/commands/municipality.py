"""``outorga municipality create``: a new municipality and its first administrator.

    outorga municipality create --ibge 3106200 --nome "Belo Horizonte" --uf MG --admin admin.bh

The password is asked on the terminal (or read from ``--password-stdin``). Then the
administrator signs in and records, in *Dados do município*, the laws of each service, the
population, the fiscal unit, the calendar and the parameters (``docs/adding-a-municipality.md``).
"""

from __future__ import annotations

import getpass
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from outorga.core.acts import Actor
from outorga.core.errors import FieldError
from outorga.core.services import municipality_create
from outorga.core.tenancy import system_wide


class Command(BaseCommand):
    help = "Cadastra um município e o seu primeiro administrador."

    def add_arguments(self, parser: Any) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create", help="cadastrar município e administrador")
        create.add_argument("--ibge", required=True, help="código IBGE do município (7 algarismos)")
        create.add_argument("--nome", required=True, help="nome do município")
        create.add_argument("--uf", required=True, help="sigla da UF")
        create.add_argument("--slug", default="", help="endereço curto (padrão: do nome)")
        create.add_argument("--admin", required=True, help="usuário do administrador")
        create.add_argument("--email", default="", help="e-mail do administrador")
        create.add_argument(
            "--password-stdin", action="store_true", help="ler a senha da entrada padrão"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["password_stdin"]:
            password = sys.stdin.readline().rstrip("\n")
        else:
            password = getpass.getpass("Senha do administrador: ")
            if getpass.getpass("Repita a senha: ") != password:
                raise CommandError("as senhas não conferem")
        # A new municipality is nobody's yet: the named escape of row-level security.
        with system_wide("outorga municipality create"):
            try:
                m, user = municipality_create(
                    actor=Actor.system("outorga municipality create"),
                    ibge_code=opts["ibge"],
                    name=opts["nome"],
                    uf=opts["uf"],
                    slug=opts["slug"],
                    admin_username=opts["admin"],
                    admin_email=opts["email"],
                    admin_password=password,
                )
            except FieldError as exc:
                raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Município {m} cadastrado (código IBGE {m.ibge_code}, endereço {m.slug}); "
            f"administrador: {user.username}. Próximo passo: entre como {user.username} e "
            "registre, em Dados do município, as leis de cada serviço, a população, a unidade "
            "fiscal, o calendário e os parâmetros."
        )

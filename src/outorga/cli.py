"""The ``outorga`` command: Django's management commands under one name.

``outorga law explain …``, ``outorga audit verify``, ``outorga serve``, ``outorga demo``,
``outorga migrate`` and every other management command.
"""

from __future__ import annotations

import os
import sys
from contextlib import AbstractContextManager, nullcontext


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["law"]:
        # A law question whose facts and municipal data are given (``--data``) needs neither the
        # database nor the web stack: the pure law core answers it, in about a second.
        from outorga.law import cli as law_cli

        if not law_cli.needs_database(args[1:]):
            raise SystemExit(law_cli.main(args[1:]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "outorga.config.settings")
    from django.core.management import execute_from_command_line

    with escape_for(args):
        execute_from_command_line(["outorga", *args])


def escape_for(args: list[str]) -> AbstractContextManager[None]:
    """Django's ``changepassword`` reads and writes a system administrator's row, which belongs
    to no municipality: under the database's row-level security it runs through the named escape
    (ADR 0024), as ``outorga migrate`` does. Every other command: nothing."""
    if not (args[:1] and args[0] in SYSTEM_WIDE):
        return nullcontext()
    import django

    django.setup()
    from outorga.core.scope import system_wide

    return system_wide(f"outorga {args[0]}")


#: Django's command on an account of no municipality (the system administrator's).
SYSTEM_WIDE = ("changepassword",)


if __name__ == "__main__":
    main()

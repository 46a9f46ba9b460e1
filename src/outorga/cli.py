"""The ``outorga`` command: Django's management commands under one name.

``outorga law explain …``, ``outorga audit verify``, ``outorga serve``, ``outorga demo``,
``outorga migrate`` and every other management command.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "outorga.config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["outorga", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    main()

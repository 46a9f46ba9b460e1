"""What the operator's commands read the same way: the municipality by ``--municipality SLUG``, an
input file that must exist, and the user named by ``--user`` as whom an import acts."""

from __future__ import annotations

import getpass
from pathlib import Path

from django.core.management.base import CommandError

from outorga.core.acts import Actor
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant


def municipality_named(slug: str) -> Municipality:
    """The municipality of ``slug``; the command stops when there is none."""
    m = Municipality.objects.filter(slug=slug).first()
    if m is None:
        raise CommandError(f"município desconhecido: {slug}")
    return m


def existing_file(name: str) -> Path:
    """The path of an input file; the command stops when it is not a file."""
    path = Path(name)
    if not path.is_file():
        raise CommandError(f"arquivo não encontrado: {path}")
    return path


def importing_actor(m: Municipality, username: str | None, *, missing: str) -> Actor:
    """The user ``username`` of ``m`` as the actor of an import, named with the account that ran
    it (the acts log says who acted); ``missing`` is the refusal when no user is named."""
    if not username:
        raise CommandError(missing)
    with tenant(m):  # the database shows a municipality its own users only
        user = User.objects.filter(username=username, municipality=m).first()
    if user is None:
        raise CommandError(f"usuário {username} não é de {m.name}")
    return Actor(user, user.role, f"{user.username} (importação por {getpass.getuser()})")

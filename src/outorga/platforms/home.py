"""What the platforms area adds to the staff home page (``core.home``)."""

from __future__ import annotations

from outorga.core.home import register
from outorga.law.competence import Role

from .models import Platform


def _credentialed() -> int:
    return Platform.objects.filter(status="credentialed").count()


register(
    "Plataformas credenciadas",
    _credentialed,
    roles=frozenset({Role.FINANCAS.value, Role.AUTORIDADE.value, Role.ADMIN.value}),
)

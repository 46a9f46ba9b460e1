"""What the finance screens share: who reads the ledger (``READERS``, ``staff_view``) and a sum of
money as the screens show it."""

from __future__ import annotations

from outorga.core.access import role_screen
from outorga.law.competence import Role
from outorga.law.money import brl

#: Staff who read the ledger (writes are checked by each service against the law).
READERS = frozenset({Role.FINANCAS, Role.AUTORIDADE, Role.ATENDENTE, Role.CHEFE_EXECUTIVO})

#: Logged in, of a municipality, and in a role that reads the ledger.
staff_view = role_screen(READERS, "Débitos e pagamentos: acesso da Secretaria.")


def money(cents: int) -> str:
    return brl(cents)

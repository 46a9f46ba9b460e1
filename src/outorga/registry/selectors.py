"""Registry reads: who may see personal data, eligibility previews, permit views."""

from __future__ import annotations

from outorga.law.competence import Role

from .models import Person
from .validation import format_cpf

#: Roles that need a person's full CPF/CNPJ to do their job (registry, judging, fines).
SEES_DOCUMENT = {Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL, Role.FINANCAS, Role.ADMIN}


def shown_document(person: Person, role: str) -> str:
    """Full CPF/CNPJ only to the roles that need it; everyone else sees it masked."""
    if Role(role) in SEES_DOCUMENT:
        return format_cpf(person.document) if len(person.document) == 11 else person.document
    return person.masked_document

"""Who reads a CPF or CNPJ in full, and a CPF or CNPJ masked wherever it is written (ADR 0052,
0063; LGPD, Lei 13.709/2018, art. 6º, III — necessity). The registry's screens, the ledger's and
the acts log's share this one rule."""

from __future__ import annotations

import re
from typing import Any

from outorga.law.competence import Role

from .identifiers import format_cpf, mask_document

#: Roles that need a person's full CPF/CNPJ to do their job (registry, judging, fines).
SEES_DOCUMENT = {Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL, Role.FINANCAS, Role.ADMIN}


def document_as_seen(document: str, role: str) -> str:
    """A CPF/CNPJ (digits) as ``role`` may see it: in full to the roles that need it
    (``SEES_DOCUMENT``), masked to everyone else — a person's, an auxiliary's indicated by CPF,
    a payer's (LGPD, Lei 13.709/2018, art. 6º, III: only the data the purpose needs)."""
    if not document:
        return ""
    if Role(role) in SEES_DOCUMENT:
        return format_cpf(document)
    return mask_document(document)


def reads_documents_of(user: Any, municipality: Any) -> bool:
    """Whether ``user`` reads the CPFs and CNPJs of ``municipality``'s records in full: a user of
    that municipality in a role of ``SEES_DOCUMENT``. The system administrator, of no
    municipality, does not (ADR 0063)."""
    return user.municipality_id == municipality.pk and Role(user.role) in SEES_DOCUMENT


#: A CPF (11 digits) or a CNPJ (14) written bare or formatted, not part of a longer word or
#: number (a hash, a barcode). An 11-digit CNH, RENAVAM or phone is masked alike: whoever must
#: not read a CPF needs none of them.
_DOCUMENT = re.compile(
    r"(?<![0-9A-Za-z.])"
    r"(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}|\d{14}|\d{11})"
    r"(?![0-9A-Za-z])"
)


def _masked(match: re.Match[str]) -> str:
    return mask_document(re.sub(r"\D", "", match.group()))


def documents_masked(value: Any) -> Any:
    """``value`` — a text, or JSON data (dicts, lists) — with every CPF and CNPJ in its texts
    masked (``mask_document``); a copy, the value given is not changed."""
    if isinstance(value, str):
        return _DOCUMENT.sub(_masked, value)
    if isinstance(value, dict):
        return {documents_masked(k): documents_masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [documents_masked(v) for v in value]
    return value

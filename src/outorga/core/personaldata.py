"""Who reads a CPF or CNPJ in full, and a CPF or CNPJ masked wherever it is written (ADR 0052,
0063; LGPD, Lei 13.709/2018, art. 6º, III — necessity). The registry's screens, the ledger's and
the acts log's share this one rule; as they share who reads what a person wrote in the acts log
and the IP it came from, and who reads a defence's or appeal's own text (ADR 0070)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from outorga.law.citations import lgpd, lgpd_many
from outorga.law.competence import Role, is_allowed

from .identifiers import format_cpf, mask_document
from .localtime import today_of

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


#: What a reader without the need reads in place of what is written about a health or criminal
#: document (ADR 0052): a refusal's or a correction's reason — on the document's pages
#: (``registry.selectors.note_as_seen``) and in the acts log (:func:`record_as_seen`).
NOTE_RESERVED = (
    "Motivo reservado a quem mantém o cadastro: documento de saúde ou certidão criminal "
    f"({lgpd_many((6, None, 'III'), 11)})."
)

#: What a reader of the acts log who may not read a person's health data (the blood type the badge
#: prints, mototaxi art. 2, VIII) reads in its place: the registry reserves it to the desk that
#: keeps the register (``registry.selectors.sees_private_data``).
HEALTH_RESERVED = (
    f"Dado de saúde reservado a quem mantém o cadastro ({lgpd_many((6, None, 'III'), 11)})."
)

#: What a reader of the acts log who does not read the record as signed reads in place of a text
#: a person wrote (ADR 0070).
TEXT_RESERVED = (
    f"Texto reservado a quem audita o município: o que uma pessoa escreveu ({lgpd(6, inc='III')})."
)

#: What a servant who neither receives nor judges a defence or appeal reads in place of its text.
FILING_RESERVED = (
    f"Razões reservadas a quem recebe e julga a defesa ou o recurso ({lgpd(6, inc='III')})."
)


# --- the acts log (ADR 0070) -------------------------------------------------------------------

#: The keys of an act's payload (and basis) whose text is written by a person — a servant's
#: reason, grounds, reasoning or note, an applicant's request, a complaint and its answer, an
#: auto's description of the fact —: what the masked reader of the log does not need (it reads
#: which act, when, by which role, on which record, what structured value changed and the
#: outcome; ADR 0063, 0070).
WRITTEN_KEYS = frozenset(
    {
        "answer",
        "complaint",
        "description",
        "descricao",
        "facts",
        "grounds",
        "note",
        "notes",
        "observacao",
        "proof",
        "reason",
        "reasoning",
        "request",
        "text",
        "work_schedule",
    }
)
#: Of an act about a health or criminal document, the law's words of a refusal too (``motivo``).
SENSITIVE_KEYS = WRITTEN_KEYS | {"motivo"}
#: The keys of a payload's structured values that are a person's health data (LGPD art. 5º, II):
#: the blood type and Rh the mototaxi badge prints (art. 2, VIII), which the registry shows only
#: to the desk that keeps the register (``registry.selectors.sees_private_data``).
HEALTH_KEYS = frozenset({"blood_type"})

#: For an object type of the acts log, whether the object of that id is a health or criminal
#: document — told by the app that keeps it (``provide_sensitive_objects``; the core imports no
#: app).
_SENSITIVE_OBJECTS: dict[str, Callable[[str], bool]] = {}


def provide_sensitive_objects(object_type: str, is_sensitive: Callable[[str], bool]) -> None:
    """The app that keeps ``object_type`` (``app_label.model``) tells the log which of its
    objects, by id, is a health or criminal document (LGPD art. 11)."""
    _SENSITIVE_OBJECTS[object_type] = is_sensitive


def sensitive_object(object_type: str, object_id: str) -> bool:
    """Whether the act's object is a health or criminal document (read in the current
    municipality)."""
    told = _SENSITIVE_OBJECTS.get(object_type)
    return bool(told is not None and object_id and told(object_id))


#: Who may open a health or criminal document's file and read a person's health data: the desk
#: that keeps the register (mototaxi art. 4, taxi art. 20), as the registry's pages say
#: (``registry.selectors.note_as_seen``, ``sees_private_data``; ADR 0052).
KEEPS_THE_REGISTER = "registry.record"


def reads_health_data(user: Any, municipality: Any) -> bool:
    """Whether ``user`` reads, in ``municipality``'s acts log, what was written about a health or
    criminal document and a person's health data: a user of that municipality whose role keeps
    its register (``KEEPS_THE_REGISTER``) under a law bound there. Not the log's auditors
    (its authority and administrator), who audit the acts without opening those files, nor the
    system administrator (LGPD art. 6º, III; art. 11; ADR 0077)."""
    if user.municipality_id != municipality.pk:
        return False
    on = today_of(municipality)
    return any(is_allowed(user.role, KEEPS_THE_REGISTER, law, on) for law in municipality.laws)


def _reserved(value: Any, notes: dict[str, str]) -> Any:
    """``value`` (JSON data) with every text under a key of ``notes`` replaced by its note."""
    if isinstance(value, dict):
        return {
            k: notes[k] if k in notes and isinstance(v, str) and v.strip() else _reserved(v, notes)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_reserved(v, notes) for v in value]
    return value


def record_as_seen(
    record: dict[str, Any], *, masked: bool, health: bool, sensitive: bool
) -> dict[str, Any]:
    """An act's record as a reader reads it (ADR 0063, 0070, 0077). ``masked``, a reader who does
    not read the record as signed: every CPF and CNPJ masked, the text a person wrote in its
    payload and basis reserved (``TEXT_RESERVED``) and the IP it came from withheld (None).
    Without ``health`` (:func:`reads_health_data`), whoever reads the record: of an act about a
    health or criminal document (``sensitive``) the texts and the refusal's ``motivo`` read as
    the registry's sentence (``NOTE_RESERVED``, LGPD art. 11), and a blood type anywhere
    ``HEALTH_RESERVED``. A copy: the record given is not changed."""
    notes: dict[str, str] = dict.fromkeys(WRITTEN_KEYS, TEXT_RESERVED) if masked else {}
    if not health:
        if sensitive:
            notes.update(dict.fromkeys(SENSITIVE_KEYS, NOTE_RESERVED))
        notes.update(dict.fromkeys(HEALTH_KEYS, HEALTH_RESERVED))
    seen: dict[str, Any] = documents_masked(record) if masked else dict(record)
    for part in ("payload", "basis"):
        if part in seen:
            seen[part] = _reserved(seen[part], notes)
    if masked and "ip" in seen:
        seen["ip"] = None
    return seen


# --- a defence's and an appeal's text (ADR 0070) --------------------------------------------------

#: The acts whose holders read a defence's or appeal's own text under the case's law: the desk
#: that receives it (``defence.file``: the clerk, or the authority who records one on paper), the
#: authority that judges the defence and may reconsider (``defence.judge``,
#: ``appeal.reconsider``), the JARI and the Chief Executive who judge the appeals — and the
#: interested person who files it, on their own portal.
FILING_READERS = (
    "defence.file",
    "defence.judge",
    "appeal.jari.judge",
    "appeal.executive.judge",
    "appeal.reconsider",
)


def reads_filings(role: str, law: str | None, on: dt.date) -> bool:
    """Whether ``role`` reads the text of a defence or appeal of a case under ``law`` on ``on``:
    a role the law gives one of ``FILING_READERS``. Under no law, no one (LGPD art. 6º, III)."""
    return law is not None and any(is_allowed(role, a, law, on) for a in FILING_READERS)


def filing_as_seen(text: str, *, role: str, law: str | None, on: dt.date) -> str:
    """A defence's or appeal's text as ``role`` reads it: whole to who receives or judges it
    (:func:`reads_filings`), ``FILING_RESERVED`` to every other servant — who still reads that
    it was filed, and when, from the filing's other fields."""
    if not text or reads_filings(role, law, on):
        return text
    return FILING_RESERVED

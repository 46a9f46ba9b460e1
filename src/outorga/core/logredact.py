"""Secrets kept out of the logs: a URL can carry a bearer secret — the badge token of `/v/<token>`
(whoever holds it sees the holder's photo), the password-reset link `/senha/nova/<uid>/<token>/`
(and the portal's `/conta/ativar/…` and `/conta/convite/…`)
and any `?token=` — and access logs are read, copied and kept far longer than those secrets live.
A CPF or CNPJ in a query string is removed too (LGPD, Lei 13.709/2018, art. 6º, VII).

``redact`` replaces each such secret with ``[removido]``; ``RedactSecrets`` applies it to every
record a logging handler writes (Django's request and runserver logs), and
``outorga.config.gunicorn`` to gunicorn's access log.
"""

from __future__ import annotations

import logging
import re

REDACTED = "[removido]"

_PATTERNS = (
    # The badge token: the public page, its photo, and the API's verification.
    re.compile(r"(/(?:v|verify)/)[^/?#\s\"']+"),
    # Django's password-reset (and first-access) link, the portal's activation and invitation
    # links: the user's id and the one-use token.
    re.compile(r"(/(?:senha/nova|conta/ativar|conta/convite)/)[^/?#\s\"']+/[^/?#\s\"']+"),
    # A secret in a query string (?token=, ?access_token=, &reset_token=…), or in a bare query
    # string (gunicorn's %(q)s).
    re.compile(r"((?:^|[?&;])[^=&#/?\s\"']*token[^=&#\s\"']*=)[^&#\s\"']*", re.IGNORECASE),
)


#: A query-string value (``?q=…``, ``&documento=…``, a bare query string's first).
_QUERY_VALUE = re.compile(r"((?:^|[?&;])[^=&#/?\s\"']*=)([^&#\s\"']*)")
#: A CPF or CNPJ's punctuation, as typed or percent-encoded.
_PUNCTUATION = re.compile(r"%2[EeDdFf]|[./+-]")


def _document(value: str) -> bool:
    """A whole CPF (11 digits) or CNPJ (14), with or without its dots, hyphen and slash."""
    bare = _PUNCTUATION.sub("", value)
    return bare.isdigit() and len(bare) in (11, 14)


def redact(text: str) -> str:
    """``text`` with every token a URL in it carries replaced by ``[removido]``, and every CPF or
    CNPJ in a query string (LGPD: an old link's first request, an API client's search)."""
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    return _QUERY_VALUE.sub(
        lambda m: m.group(1) + REDACTED if _document(m.group(2)) else m.group(0), text
    )


class RedactSecrets(logging.Filter):
    """A handler's filter: the record's message with its tokens removed (never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True

"""A search that names a person's document (a CPF, a CNPJ, their first digits) never sits in an
address (LGPD, Lei 13.709/2018, art. 6º, III and VII): the server's and proxies' logs, the
browser's history and the Referer would keep it. Its result is at ``?busca=<token>`` instead,
the token kept in the session with the text it stands for; another session (a copied link, an
expired login) reads nothing through it. One piece of code for every such search: the
inspector's (``enforcement``) and the lists of ``core.listing.filters_of`` (people, debts), and
the registry's home search."""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponseRedirect

#: The query parameter that names a private search by its token.
PARAM = "busca"
#: The session's recent private searches, by token. A few are kept, for the back button.
SEARCHES = "buscas_privadas"
KEPT = 10
#: What a page says when its token is unknown to the session.
EXPIRED = "Busca expirada: digite o CPF/CNPJ novamente."


class SeeOther(HttpResponseRedirect):
    """The result of a search is read with GET, whatever posted it (post/redirect/get)."""

    status_code = 303


def remember(request: HttpRequest, text: str) -> str:
    """Keep ``text`` in the session under a new random token, and give the token."""
    token = secrets.token_urlsafe(9)
    kept = list(request.session.get(SEARCHES, {}).items())[-(KEPT - 1) :]
    request.session[SEARCHES] = {**dict(kept), token: text}
    return token


def recall(request: HttpRequest, token: str) -> str | None:
    """The text this session kept under ``token``; None when it kept none (expired, or the token
    is another session's)."""
    found = request.session.get(SEARCHES, {}).get(token)
    return found if isinstance(found, str) else None


def address(
    request: HttpRequest, path: str, params: dict[str, str], *, private: bool, key: str = "q"
) -> str:
    """The address of a search's result: ``params`` as they are, or, when ``private``, with the
    text of ``key`` replaced by a token of the session."""
    params = {k: v for k, v in params.items() if v}
    if private and params.get(key):
        params = {
            **{k: v for k, v in params.items() if k != key},
            PARAM: remember(request, params[key]),
        }
    return f"{path}?{urlencode(params)}" if params else path


def searched(request: HttpRequest, key: str = "q") -> tuple[str, str, bool]:
    """The search this GET names: its text (``?<key>=`` or the token's), the token, and whether
    the token is unknown to this session."""
    token = request.GET.get(PARAM, "")
    if token:
        text = recall(request, token)
        return (text or "", token, text is None)
    return request.GET.get(key, ""), "", False

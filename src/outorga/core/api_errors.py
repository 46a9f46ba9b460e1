"""The API's refusals of malformed requests in Portuguese: pydantic's validation errors (by their
stable ``type``, not their English text) and django-ninja's own HTTP errors (an unreadable body, a
failed CSRF check). A platform engineer reads which field and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Where ninja puts a request's parts in an error's ``loc``; the next item names the view's
#: parameter (``payload``, ``form``…), an internal name the caller never sent.
_PARTS = ("body", "form", "file", "query", "path", "header", "cookie")


def field_of(loc: Sequence[Any]) -> str:
    """The field as the caller sent it: ``("body", "payload", "vehicle", "plate")`` →
    ``vehicle.plate``; list positions count from 1."""
    parts = list(loc)
    if parts and parts[0] in _PARTS:
        part = parts.pop(0)
        if part in ("body", "form", "file") and len(parts) > 1:
            parts.pop(0)
    return ".".join(f"[{p + 1}]" if isinstance(p, int) else str(p) for p in parts).replace(
        ".[", "["
    )


def _expected(ctx: Mapping[str, Any]) -> str:
    text = str(ctx.get("expected", ""))
    return text.replace(" or ", " ou ")


_MESSAGES: dict[str, str] = {
    "missing": "campo obrigatório ausente",
    "extra_forbidden": "campo não previsto",
    "string_type": "deve ser texto",
    "int_type": "deve ser um número inteiro",
    "int_parsing": "deve ser um número inteiro",
    "int_from_float": "deve ser um número inteiro, sem casas decimais",
    "float_type": "deve ser um número",
    "float_parsing": "deve ser um número (ponto como separador decimal)",
    "decimal_type": "deve ser um número",
    "decimal_parsing": "deve ser um número (ponto como separador decimal)",
    "bool_type": "deve ser verdadeiro ou falso (true/false)",
    "bool_parsing": "deve ser verdadeiro ou falso (true/false)",
    "date_type": "deve ser uma data (AAAA-MM-DD)",
    "date_parsing": "deve ser uma data (AAAA-MM-DD)",
    "date_from_datetime_parsing": "deve ser uma data (AAAA-MM-DD)",
    "date_from_datetime_inexact": "deve ser uma data, sem hora",
    "datetime_type": "deve ser data e hora (AAAA-MM-DDTHH:MM:SS com fuso, ISO 8601)",
    "datetime_parsing": "deve ser data e hora (AAAA-MM-DDTHH:MM:SS com fuso, ISO 8601)",
    "datetime_from_date_parsing": "deve ser data e hora (AAAA-MM-DDTHH:MM:SS com fuso, ISO 8601)",
    "list_type": "deve ser uma lista",
    "dict_type": "deve ser um objeto",
    "model_type": "deve ser um objeto",
    "model_attributes_type": "deve ser um objeto",
    "json_invalid": "JSON inválido",
    "json_type": "deve ser JSON",
    "uuid_type": "deve ser um UUID",
    "uuid_parsing": "deve ser um UUID",
    "url_parsing": "deve ser um endereço (URL) válido",
    "url_scheme": "deve ser um endereço http ou https",
    "bytes_type": "deve ser um arquivo ou texto",
    "none_required": "deve ser vazio (null)",
    "finite_number": "deve ser um número finito",
}


def message(error: Mapping[str, Any]) -> str:
    """One pydantic error in Portuguese."""
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    if kind in _MESSAGES:
        return _MESSAGES[kind]
    if kind in ("literal_error", "enum"):
        return f"valor não aceito: use {_expected(ctx)}"
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        op = {
            "greater_than": ("maior que", "gt"),
            "greater_than_equal": ("maior ou igual a", "ge"),
            "less_than": ("menor que", "lt"),
            "less_than_equal": ("menor ou igual a", "le"),
        }[kind]
        return f"deve ser {op[0]} {ctx.get(op[1])}"
    if kind in ("string_too_short", "too_short"):
        n = ctx.get("min_length")
        return f"deve ter ao menos {n} {'caractere' if kind == 'string_too_short' else 'item'}" + (
            "s" if n != 1 else ""
        )
    if kind in ("string_too_long", "too_long"):
        n = ctx.get("max_length")
        return f"deve ter no máximo {n} {'caractere' if kind == 'string_too_long' else 'item'}" + (
            "s" if n != 1 else ""
        )
    if kind == "string_pattern_mismatch":
        return "formato inválido"
    if kind in ("value_error", "assertion_error"):
        # Our own validators raise in Portuguese; pydantic prefixes its English label.
        text = str(error.get("msg", ""))
        for prefix in ("Value error, ", "Assertion failed, "):
            text = text.removeprefix(prefix)
        return text or "valor inválido"
    return "valor inválido"


#: django-ninja's own HTTP errors, raised in English before any view of ours runs.
HTTP_MESSAGES: dict[str, str] = {
    "Cannot parse request body": "Corpo da requisição ilegível: envie JSON válido, com o "
    "cabeçalho Content-Type: application/json.",
    "CSRF check Failed": "Verificação CSRF falhou: numa sessão do navegador, envie o cabeçalho "
    "X-CSRFToken com o valor do cookie csrftoken.",
    "Unauthorized": "Autenticação necessária.",
    "Forbidden": "Acesso negado.",
    "Too many requests.": "Requisições demais: tente de novo em instantes.",
}


def http_message(text: str) -> str:
    for english, portuguese in HTTP_MESSAGES.items():
        if text.startswith(english):
            return portuguese
    return text

"""A malformed request is refused in Portuguese, naming the field as the caller sent it (the
standard: "forms and API answer in Portuguese with which field"): pydantic's validation errors,
an unreadable body, a failed CSRF check."""

from __future__ import annotations

import json

from django.test import Client

from outorga.core import api_errors
from outorga.law.competence import Role

PEOPLE = "/api/v1/registry/people"


def _clerk(user_of, **kw) -> Client:  # type: ignore[no-untyped-def]
    c = Client(**kw)
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def test_a_missing_and_a_mistyped_field_are_named_in_portuguese(user_of):
    body = {"document": "529.982.247-25", "birth_date": "ontem", "partners": ["1", 2]}
    r = _clerk(user_of).post(PEOPLE, json.dumps(body), content_type="application/json")
    assert r.status_code == 422
    errors = {e["campo"]: e["erro"] for e in r.json()["erros"]}
    assert errors["name"] == "campo obrigatório ausente"
    assert errors["birth_date"] == "deve ser uma data (AAAA-MM-DD)"
    assert errors["partners[2]"] == "deve ser texto"
    assert r.json()["detail"] == "Dados inválidos."
    assert "payload" not in r.content.decode() and "Field required" not in r.content.decode()


def test_an_unreadable_body_is_refused_in_portuguese(user_of):
    r = _clerk(user_of).post(PEOPLE, "{não é json", content_type="application/json")
    assert r.status_code == 400
    assert r.json()["detail"].startswith("Corpo da requisição ilegível")


def test_a_failed_csrf_check_says_which_header_to_send(user_of):
    r = _clerk(user_of, enforce_csrf_checks=True).post(
        PEOPLE, json.dumps({"document": "1", "name": "x"}), content_type="application/json"
    )
    assert r.status_code == 403
    assert "X-CSRFToken" in r.json()["detail"] and "CSRF check" not in r.json()["detail"]


def test_the_messages_follow_the_error_type_not_its_english_text():
    assert api_errors.field_of(("body", "payload", "vehicle", "plate")) == "vehicle.plate"
    assert api_errors.field_of(("query", "law")) == "law"
    assert api_errors.field_of(("body", "payload", "drivers", 0, "cpf")) == "drivers[1].cpf"
    assert (
        api_errors.message(
            {"type": "literal_error", "ctx": {"expected": "'car' or 'motorcycle'"}, "msg": "x"}
        )
        == "valor não aceito: use 'car' ou 'motorcycle'"
    )
    assert api_errors.message({"type": "greater_than_equal", "ctx": {"ge": 0}}) == (
        "deve ser maior ou igual a 0"
    )
    assert api_errors.message({"type": "string_too_long", "ctx": {"max_length": 100}}) == (
        "deve ter no máximo 100 caracteres"
    )
    assert api_errors.message({"type": "value_error", "msg": "Value error, CPF inválido"}) == (
        "CPF inválido"
    )
    assert api_errors.message({"type": "something_new", "msg": "English"}) == "valor inválido"


def test_a_field_refused_by_a_service_carries_its_stable_code(user_of):
    body = {"document": "111.111.111-11", "name": "Fulano de Tal"}
    r = _clerk(user_of).post(PEOPLE, json.dumps(body), content_type="application/json")
    assert r.status_code == 422
    assert r.json()["codigo"] == "campo_invalido"
    assert r.json()["erros"][0]["campo"] == "cpf"


def test_every_app_s_refusal_is_answered_one_way_with_its_status_and_code(rf):
    """One base (``core.errors.DomainError``), one handler (``config.api``): each app's error keeps
    its body and status and adds a code a client may branch on."""
    import datetime as dt

    from outorga.config.api import api
    from outorga.core.errors import DomainError, Refused
    from outorga.enforcement.services.common import InvalidStep, NotOwner
    from outorga.finance.pix import PixError
    from outorga.law.citations import cite
    from outorga.law.decisions import Decision, Reason, Verdict
    from outorga.platforms.services.common import PlatformError, PlatformRefused
    from outorga.registry.services.common import InvalidTransition
    from outorga.registry.validation import FieldError

    decision = Decision(
        "q",
        dt.date(2026, 1, 1),
        "Ipatinga",
        False,
        (Reason("r", (cite("ipatinga.taxi-2017", 6),), Verdict.REFUSED, "não"),),
    )
    cases: list[tuple[DomainError, int, str, str]] = [
        (FieldError("cpf", "CPF inválido"), 422, "campo_invalido", "erros"),
        (Refused(decision), 422, "recusado_pela_lei", "decisao"),
        (InvalidTransition("já extinta"), 409, "fora_de_ordem", "detail"),
        (InvalidStep("defesa já julgada"), 409, "fora_de_ordem", "detail"),
        (NotOwner("outro"), 404, "nao_encontrado", "detail"),
        (PixError("chave", "chave PIX inválida"), 422, "pix_invalido", "erros"),
        (PlatformError("limite", status=409), 409, "recusado_plataformas", "detail"),
        # The platforms' wording of a law's refusal: their body, the law's code.
        (
            PlatformRefused("Credenciamento recusado", decision),
            422,
            "recusado_pela_lei",
            "fundamentos",
        ),
    ]
    for exc, status, code, key in cases:
        r = api.on_exception(rf.get("/api/v1/x"), exc)
        body = json.loads(r.content)
        assert (r.status_code, body["codigo"]) == (status, code), exc
        assert key in body and "detail" in body

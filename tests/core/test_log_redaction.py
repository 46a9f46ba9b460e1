"""Tokens kept out of the logs (issue #19, item 8): a badge token in `/v/<token>` shows the
holder's photo to whoever holds it, a reset link changes a password; neither may reach an access
log, nor Django's log of a 404."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from outorga.core.logredact import REDACTED, RedactSecrets, redact

TOKEN = "AgABADHCqwjN1V2mI8P0Xo7R0Yv5d4l2kq9nC3pE6wH8tU1sZbFgJxQeLrTyMaKcVdSuWiOhBjGfNlPzXmYeDaCbA"


@pytest.mark.parametrize(
    "line,kept",
    [
        (f'"GET /v/{TOKEN} HTTP/1.1" 200', '"GET /v/[removido] HTTP/1.1" 200'),
        (f"GET /v/{TOKEN}/foto", "GET /v/[removido]/foto"),
        (f"/api/v1/public/verify/{TOKEN}?x=1", "/api/v1/public/verify/[removido]?x=1"),
        ("/senha/nova/MTI/cx2h7k-0f3a1b2c3d4e5f/", "/senha/nova/[removido]/"),
        ("/conta/ativar/MTI/cx2h7k-0f3a1b2c3d4e5f/", "/conta/ativar/[removido]/"),
        ("/conta/convite/MTI/cx2h7k-0f3a1b2c3d4e5f/", "/conta/convite/[removido]/"),
        ("/entrar/?token=abc123&next=/", "/entrar/?token=[removido]&next=/"),
        ("/x?a=1&access_token=s3cr3t#top", "/x?a=1&access_token=[removido]#top"),
        ("/x?RESET_TOKEN=s3cr3t", "/x?RESET_TOKEN=[removido]"),
    ],
)
def test_every_kind_of_token_is_removed_and_the_rest_of_the_line_kept(line, kept):
    assert redact(line) == kept
    assert REDACTED in kept


@pytest.mark.parametrize(
    "line",
    ["GET /cadastro/pessoas/?q=maria HTTP/1.1", "/publico/ipatinga/placa/?placa=ABC1D23", "/v/"],
)
def test_a_line_without_a_token_is_left_as_it_was(line):
    assert redact(line) == line


def test_the_filter_rewrites_a_record_formatted_with_arguments():
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/v/{TOKEN}",), None
    )
    assert RedactSecrets().filter(record) is True
    assert record.getMessage() == "Not Found: /v/[removido]"


def test_a_404_on_a_badge_token_is_logged_without_the_token(db, caplog):
    handler = logging.getLogger().handlers[0]
    with caplog.at_level(logging.WARNING, logger="django.request"):
        caplog.handler.addFilter(RedactSecrets())
        assert Client().get(f"/v/{TOKEN}").status_code == 404
    assert any(isinstance(f, RedactSecrets) for f in handler.filters)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "/v/[removido]" in logged and TOKEN not in logged


def test_gunicorn_s_access_log_carries_no_token():
    from types import SimpleNamespace

    from gunicorn.config import Config

    from outorga.config.gunicorn import RedactingLogger

    logger = RedactingLogger(Config())
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/v/{TOKEN}?token=abc",
        "PATH_INFO": f"/v/{TOKEN}",
        "QUERY_STRING": "token=abc",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"https://outorga.example/v/{TOKEN}",
        "REMOTE_ADDR": "10.0.0.1",
    }
    req = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])
    resp = SimpleNamespace(status="200 OK", response_length=10, sent=10, headers=[])
    atoms = logger.atoms(resp, req, environ, __import__("datetime").timedelta(seconds=0.01))
    line = " ".join(str(v) for v in atoms.values())
    assert TOKEN not in line and "abc" not in line
    assert atoms["r"] == "GET /v/[removido]?token=[removido] HTTP/1.1"


@pytest.mark.parametrize(
    "line,kept",
    [
        (
            '"GET /api/v1/registry/people?q=52998224725 HTTP/1.1" 200',
            '"GET /api/v1/registry/people?q=[removido] HTTP/1.1" 200',
        ),
        (
            "/cadastro/pessoas/?q=529.982.247-25&tipo=natural",
            "/cadastro/pessoas/?q=[removido]&tipo=natural",
        ),
        ("/cadastro/?q=529%2E982%2E247%2D25", "/cadastro/?q=[removido]"),
        (
            "/financas/debitos/?status=open&q=11.222.333%2F0001-81",
            "/financas/debitos/?status=open&q=[removido]",
        ),
        ("q=52998224725&ordem=nome", "q=[removido]&ordem=nome"),
    ],
)
def test_lgpd_a_cpf_or_cnpj_in_a_query_string_is_removed_from_the_logs(line, kept):
    """LGPD (Lei 13.709/2018, art. 6º, VII): the screens keep a CPF out of their addresses
    (``core.searchtokens``), but an old link's first request, or an API client's
    ``GET …/people?q=<CPF>``, still carries one: the log line keeps ``[removido]``."""
    assert redact(line) == kept


@pytest.mark.parametrize(
    "line", ["/x?q=maria+jose", "/x?placa=ABC1D23", "/x?pagina=2&q=123.456", "/x?q=5299822472"]
)
def test_a_query_string_without_a_whole_document_is_left_as_it_was(line):
    assert redact(line) == line

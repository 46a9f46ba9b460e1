"""Tokens kept out of the logs (issue #19, item 8): a badge token in `/v/<token>` shows the
holder's photo to whoever holds it, a reset link changes a password; neither may reach an access
log, nor Django's log of a 404."""

from __future__ import annotations

import json
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


@pytest.mark.parametrize("typed", ["digits", "punctuated"])
def test_lgpd_an_api_search_by_cpf_leaves_it_in_no_line_the_product_writes(
    ipatinga_m, user_of, caplog, typed
):
    """LGPD (Lei 13.709/2018, art. 6º, VII; ADR 0052): the staff API's ``GET …/people?q=<CPF>``
    finds the person, and the CPF is in none of the lines that request leaves — gunicorn's access
    line (as ``outorga.config.gunicorn`` writes it), Django's request line (the handlers
    ``settings.LOGGING`` configures), any other log record, any act."""
    from types import SimpleNamespace

    from gunicorn.config import Config

    from outorga.config import gunicorn as gunicorn_conf
    from outorga.config.gunicorn import RedactingLogger
    from outorga.core.models import Act
    from outorga.core.tenancy import tenant
    from outorga.law.competence import Role
    from outorga.registry.models import Person
    from outorga.registry.validation import format_cpf

    with tenant(ipatinga_m):
        cpf = Person.objects.filter(kind=Person.Kind.NATURAL).order_by("pk").first().document
        acts_before = Act.objects.count()
    sent = cpf if typed == "digits" else format_cpf(cpf)
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    with caplog.at_level(logging.DEBUG):
        r = client.get("/api/v1/registry/people", {"q": sent})
    assert r.status_code == 200 and [p["document"] for p in r.json()["items"]] == [format_cpf(cpf)]
    lines = [rec.getMessage() for rec in caplog.records]

    # gunicorn's access line, from the request as the server received it.
    config = Config()
    config.set("accesslog", "-")
    config.set("access_log_format", gunicorn_conf.access_log_format)
    access = RedactingLogger(config)
    environ = dict(r.wsgi_request.META)
    environ["RAW_URI"] = f"{environ['PATH_INFO']}?{environ['QUERY_STRING']}"
    written: list[str] = []
    catcher = logging.Handler()
    catcher.emit = lambda record: written.append(record.getMessage())  # type: ignore[method-assign]
    access.access_log.addHandler(catcher)
    req = SimpleNamespace(headers=[])
    resp = SimpleNamespace(status="200 OK", response_length=10, sent=10, headers=[])
    access.access(resp, req, environ, __import__("datetime").timedelta(seconds=0.01))
    assert len(written) == 1 and "/api/v1/registry/people?q=[removido]" in written[0]
    lines += written

    # Django's request line (runserver's), through the handler settings.LOGGING gives it.
    server = logging.getLogger("django.server")
    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"%s" %s %s',
        (f"GET {environ['RAW_URI']} HTTP/1.1", "200", "10"),
        None,
    )
    assert server.handlers and all(h.filter(record) for h in server.handlers)
    lines.append(record.getMessage())

    with tenant(ipatinga_m):
        lines += [json.dumps(a.record) for a in Act.objects.order_by("pk")[acts_before:]]
    assert not [line for line in lines if cpf in line or format_cpf(cpf) in line]

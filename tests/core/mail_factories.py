"""A real SMTP server for the tests that send email (aiosmtpd on 127.0.0.1) and the task worker
run inside the test's transaction: import the fixtures ``smtp`` and ``run_worker`` by name."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django_tasks_db.management.commands import db_worker as library_worker
from django_tasks_db.models import DBTaskResult

BASE_URL = "https://outorga.ipatinga.mg.gov.br"


@dataclass
class Mailbox:
    """An aiosmtpd handler: keeps each message, or answers ``refuse`` (``"554 …"``) to DATA."""

    refuse: str = ""
    messages: list[email.message.EmailMessage] = field(default_factory=list)
    recipients: list[str] = field(default_factory=list)
    refusals: int = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse:
            self.refusals += 1
            return self.refuse
        self.recipients += envelope.rcpt_tos
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)  # type: ignore[arg-type]
        )
        return "250 OK"

    @staticmethod
    def subject(msg: email.message.EmailMessage) -> str:
        # Django folds an encoded subject onto a continuation line; a mail client unfolds it.
        return str(msg["Subject"]).strip()

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


class CountingController(Controller):
    """Counts the SMTP connections the application opens (the start-up probe excluded)."""

    connections = 0

    def factory(self) -> Any:
        self.connections += 1
        return super().factory()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp(settings) -> Iterator[tuple[CountingController, Mailbox]]:  # type: ignore[no-untyped-def]
    box = Mailbox()
    server = CountingController(box, hostname="127.0.0.1", port=free_port())
    server.start()
    server.connections = 0
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    settings.OUTORGA_EMAIL_MAX_ATTEMPTS = 3
    settings.OUTORGA_EMAIL_RETRY_SECONDS = 0  # the retries are due at once: the worker takes them
    settings.OUTORGA_BASE_URL = BASE_URL
    try:
        yield server, box
    finally:
        server.stop()


@pytest.fixture
def run_worker(monkeypatch, django_capture_on_commit_callbacks) -> Callable[[], int]:  # type: ignore[no-untyped-def]
    """`outorga db_worker --batch` inside the test's transaction, until no task is left: each run
    executes what its tasks left for their commit (the next try of a refused message). The worker
    would close the connection between tasks; here that connection holds the test's data."""
    monkeypatch.setattr(library_worker, "close_old_connections", lambda: None)
    # The demo's platforms have example addresses: loading it queued their avisos in the session's
    # database. This test's worker starts from an empty queue (rolled back with the test).
    DBTaskResult.objects.filter(status="READY").delete()

    def run() -> int:
        for runs in range(1, 10):
            with django_capture_on_commit_callbacks(execute=True) as pending:
                call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
            if not pending:
                return runs
        raise AssertionError("the worker kept finding work")

    return run

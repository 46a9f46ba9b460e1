"""`outorga serve --addr`: the links of the emails the demo sends (invitations, password links)
point at the address the site is served on, unless OUTORGA_BASE_URL says otherwise."""

from __future__ import annotations

import pytest
from django.conf import settings

from outorga.core.mail import absolute_url
from outorga.demo.management.commands.serve import serve_base_url


@pytest.mark.parametrize(
    ("addr", "base"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("9000", "http://127.0.0.1:9000"),
        ("0.0.0.0:8080", "http://127.0.0.1:8080"),
        ("demo.exemplo.invalid:8001", "http://demo.exemplo.invalid:8001"),
    ],
)
def test_serve_links_follow_the_served_address(monkeypatch, addr, base):
    monkeypatch.delenv("OUTORGA_BASE_URL", raising=False)
    monkeypatch.setattr(settings, "OUTORGA_BASE_URL", "http://127.0.0.1:8000")
    serve_base_url(addr)
    assert settings.OUTORGA_BASE_URL == base
    assert absolute_url("/conta/ativar/x/") == f"{base}/conta/ativar/x/"
    # The worker started by serve (which sends the emails) reads it from its environment.
    import os

    assert os.environ["OUTORGA_BASE_URL"] == base


def test_serve_keeps_a_configured_base_url(monkeypatch):
    monkeypatch.setenv("OUTORGA_BASE_URL", "https://outorga.exemplo.invalid")
    monkeypatch.setattr(settings, "OUTORGA_BASE_URL", "https://outorga.exemplo.invalid")
    serve_base_url("127.0.0.1:8765")
    assert absolute_url("/x/") == "https://outorga.exemplo.invalid/x/"

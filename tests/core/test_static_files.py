"""Static files are served by the application itself (whitenoise), so gunicorn alone serves a
whole site on any machine (issue #19, item 8); the production form (collected, hashed names,
compressed) is checked under gunicorn by tests/core/test_production_smoke.py."""

from __future__ import annotations

from django.conf import settings
from django.test import Client


def test_a_script_is_served_without_debug_and_without_a_web_server_in_front(db):
    assert settings.DEBUG is False
    response = Client().get("/static/outorga/errors.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith(("text/javascript", "application/javascript"))
    assert b"".join(response.streaming_content)  # type: ignore[attr-defined]


def test_a_missing_static_file_is_a_404(db):
    assert Client().get("/static/outorga/nao-existe.js").status_code == 404

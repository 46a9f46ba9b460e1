"""The API's interactive docs load their script and style from the server's own static files:
a municipality's server without internet access still shows them."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.test import Client


def test_the_swagger_page_uses_no_cdn():
    r = Client().get("/api/v1/docs")
    page = r.content.decode()
    assert r.status_code == 200
    assert "cdn.jsdelivr.net" not in page and "unpkg.com" not in page
    assert "/static/ninja/swagger-ui-bundle.js" in page
    assert finders.find("ninja/swagger-ui-bundle.js") is not None

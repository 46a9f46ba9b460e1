"""Error pages in Portuguese in every mode (issue "back office", item 7): 403, 404 and 500 and the
CSRF refusal, with DEBUG off (Django's handlers) and on (the demo: the middleware), never Django's
technical pages in English; the API's paths answer JSON."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import path

from outorga.config import urls as project_urls
from outorga.law.competence import Role

pytestmark = pytest.mark.django_db


def boom(request):  # type: ignore[no-untyped-def]
    raise RuntimeError("falha de teste")


urlpatterns = [path("falha/", boom), *project_urls.urlpatterns]
handler404 = project_urls.handler404
handler500 = project_urls.handler500
handler403 = project_urls.handler403

ENGLISH = (
    "Page not found",
    "Django tried these URL patterns",
    "Server Error",
    "Traceback",
    "Forbidden",
)


def english_free(text: str) -> None:
    assert not [w for w in ENGLISH if w in text], text[:500]


@pytest.mark.parametrize("debug", [False, True])
def test_a_missing_page_is_in_portuguese_and_lists_no_urls(user_of, debug: bool):
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    with override_settings(DEBUG=debug):
        r = c.get("/nao-existe/")
        assert r.status_code == 404
        page = r.content.decode()
        assert "Página não encontrada" in page and "<int:" not in page
        english_free(page)
        # A record of another municipality (or none) raises Http404 in the view: the same page.
        r = c.get("/cadastro/pessoas/999999999/")
        assert r.status_code == 404 and "Página não encontrada" in r.content.decode()


@pytest.mark.parametrize("debug", [False, True])
def test_the_apis_missing_path_answers_json_in_portuguese(debug: bool):
    with override_settings(DEBUG=debug):
        r = Client().get("/api/v1/nao-existe")
    assert r.status_code == 404 and r["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("debug", [False, True])
@override_settings(ROOT_URLCONF=__name__)
def test_an_internal_error_is_a_portuguese_page(debug: bool):
    c = Client(raise_request_exception=False)
    with override_settings(DEBUG=debug):
        r = c.get("/falha/")
    assert r.status_code == 500
    page = r.content.decode()
    assert "Erro interno" in page and "falha de teste" not in page
    english_free(page)


def test_a_csrf_refusal_is_in_portuguese(user_of):
    c = Client(enforce_csrf_checks=True)
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = c.post("/cadastro/pessoas/nova/", {"name": "x"})
    assert r.status_code == 403
    page = r.content.decode()
    assert "O formulário expirou" in page
    english_free(page)


def test_the_favicon_is_served():
    r = Client().get("/favicon.ico")
    assert r.status_code == 301 and r["Location"].endswith("outorga/favicon.svg")

"""The error pages a person reads, in Portuguese in every mode (the demo's DEBUG included): 403,
404 and 500, the CSRF refusal, and JSON for the API's paths.

In production Django calls the handlers named in ``config/urls.py``; with ``DEBUG`` on it would
show its technical pages in English, listing every URL, so :class:`ErrorPagesMiddleware` answers
with the same pages — unless ``OUTORGA_TECHNICAL_ERRORS`` is set, for a developer who wants the
traceback in the browser (it is always written to the log)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404, resolve

log = logging.getLogger("django.request")

TEXTS = {
    403: ("Acesso negado", "Seu perfil não permite esta ação ou esta página."),
    404: (
        "Página não encontrada",
        "O endereço não existe ou o registro não pertence ao seu município.",
    ),
    500: (
        "Erro interno",
        "Algo falhou do nosso lado e nada foi gravado pela metade. Tente de novo em instantes; "
        "se persistir, avise o suporte informando a hora.",
    ),
}


def _api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def error_page(request: HttpRequest, status: int, detail: str = "") -> HttpResponse:
    title, text = TEXTS[status]
    if _api(request):
        return JsonResponse({"detail": detail or title, "codigo": f"http_{status}"}, status=status)
    if status == 500:
        # No context processors, no database: the page must render whatever failed.
        html = loader.get_template("500.html").render({"title": title, "text": text})
        return HttpResponse(html, status=500)
    return render(
        request,
        "error.html",
        {"title": title, "text": detail or text, "status": status},
        status=status,
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 404)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 403)


def server_error(request: HttpRequest) -> HttpResponse:
    return error_page(request, 500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(
        request,
        403,
        "O formulário expirou ou foi aberto em outra aba. Volte, recarregue a página e envie de novo.",
    )


class ErrorPagesMiddleware:
    """With ``DEBUG`` on, the same Portuguese pages instead of Django's technical ones."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    @staticmethod
    def _active() -> bool:
        return bool(settings.DEBUG) and not settings.OUTORGA_TECHNICAL_ERRORS

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._active():
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404:
                return page_not_found(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not self._active():
            return None
        if isinstance(exc, Http404):
            return page_not_found(request, exc)
        if isinstance(exc, PermissionDenied):
            return permission_denied(request, exc)
        log.error("Erro interno em %s", request.path, exc_info=exc)
        return server_error(request)

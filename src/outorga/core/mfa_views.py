"""The MFA pages: the code after the password (``/entrar/codigo/``) and the app's setup
(``/conta/mfa/``). Thin: core/mfa.py verifies and records."""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode

from . import mfa
from .middleware import client_ip
from .requests import user_of

WRONG_CODE = (
    "Código incorreto ou expirado. Confira o código de 6 dígitos do aplicativo (ou um código de "
    "recuperação) e tente de novo; após erros seguidos, aguarde alguns segundos."
)


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return resolve_url(settings.LOGIN_REDIRECT_URL)


@login_required
def mfa_verify(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if not mfa.is_staff_role(user) or user.is_verified():  # type: ignore[attr-defined]
        return HttpResponseRedirect(_next(request))
    if mfa.confirmed_totp(user) is None:
        return HttpResponseRedirect(f"{reverse('mfa_setup')}?{urlencode({'next': _next(request)})}")
    # A wrong code is a failed login: the same limits (core/loginguard.py) count it.
    credentials = {"username": user.get_username()}
    if AxesProxyHandler.is_locked(request, credentials):
        logout(request)
        return get_lockout_response(request, None, credentials)
    error = ""
    if request.method == "POST":
        code = request.POST.get("codigo", "")
        if mfa.mfa_verify(request=request, user=user, code=code, ip=client_ip(request)):
            return HttpResponseRedirect(_next(request))
        user_login_failed.send(sender=__name__, credentials=credentials, request=request)
        if getattr(request, "axes_locked_out", False):
            logout(request)
            return get_lockout_response(request, None, credentials)
        error = WRONG_CODE
    return render(
        request,
        "registration/mfa_verify.html",
        {"error": error, "next": _next(request)},
        status=200,
    )


@login_required
def mfa_setup(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if not mfa.is_staff_role(user):
        return HttpResponseRedirect(_next(request))
    if mfa.confirmed_totp(user) is not None:
        if not user.is_verified():  # type: ignore[attr-defined]
            # A password alone never replaces the app: the code comes first.
            return HttpResponseRedirect(
                f"{reverse('mfa_verify')}?{urlencode({'next': _next(request)})}"
            )
        return render(request, "registration/mfa_status.html", {"next": _next(request)})
    device = mfa.pending_totp(user)
    error = ""
    if request.method == "POST":
        codes = mfa.mfa_setup_confirm(
            request=request,
            user=user,
            device=device,
            code=request.POST.get("codigo", ""),
            ip=client_ip(request),
        )
        if codes is not None:
            return render(
                request, "registration/mfa_codes.html", {"codes": codes, "next": _next(request)}
            )
        error = WRONG_CODE
    return render(
        request,
        "registration/mfa_setup.html",
        {"p": mfa.provisioning(device), "error": error, "next": _next(request)},
    )

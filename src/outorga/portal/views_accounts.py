"""Accounts: the applicant's sign-up in the municipality's public area and its activation, the
invited person's choice of password, and the clerk's invitation. Thin: forms parse, the services
of ``accounts`` write and queue the emails."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from outorga.core.access import staff_required
from outorga.core.errors import DomainError
from outorga.core.formerrors import form_add
from outorga.core.middleware import client_ip
from outorga.core.models import Municipality
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import NotCompetent
from outorga.public.throttle import throttled
from outorga.registry.forms import PersonByDocument

from . import accounts


class SignupForm(forms.Form):
    name = forms.CharField(label="Nome completo", max_length=200)
    cpf = forms.CharField(label="CPF", max_length=14)
    email = forms.EmailField(label="E-mail", max_length=254)
    password = forms.CharField(
        label="Senha",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )
    password2 = forms.CharField(
        label="Repita a senha",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("password") and data.get("password") != data.get("password2"):
            self.add_error("password2", "as senhas não coincidem")
        return data


@throttled("signup")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest, slug: str) -> HttpResponse:
    m = get_object_or_404(Municipality, slug=slug)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            accounts.account_signup(
                municipality=m,
                cpf=d["cpf"],
                name=d["name"],
                email=d["email"],
                password=d["password"],
                ip=client_ip(request),
            )
        except DomainError as exc:
            form_add(form, exc)
        else:
            return redirect("portal:signup_sent", slug=m.slug)
    return render(request, "portal/signup.html", {"m": m, "form": form})


def signup_sent(request: HttpRequest, slug: str) -> HttpResponse:
    m = get_object_or_404(Municipality, slug=slug)
    return render(request, "portal/signup_sent.html", {"m": m})


@throttled("activate")
@require_http_methods(["GET", "POST"])
def activate(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """A page with a button: mail scanners that open links do not activate anything."""
    user = accounts.signup_user(uidb64)
    valid = (
        user is not None
        and not user.is_active
        and accounts.activation_tokens.check_token(user, token)
    )
    if request.method == "POST" and valid:
        try:
            user = accounts.account_activate(uidb64=uidb64, token=token, ip=client_ip(request))
        except DomainError as exc:
            return render(
                request, "portal/activate.html", {"valid": False, "error": str(exc)}, status=400
            )
        messages.success(
            request,
            f"Conta ativada. Entre com o seu usuário {user.get_username()} e a senha escolhida.",
        )
        return redirect("login")
    return render(
        request,
        "portal/activate.html",
        {"valid": valid, "user": user if valid else None},
        status=200 if valid else 400,
    )


class InviteForm(forms.Form):
    person = PersonByDocument(label="CPF da pessoa", max_length=18)


@staff_required
def invite(request: HttpRequest) -> HttpResponse:
    """The clerk invites a person in the register to the portal (the email of the register)."""
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        person = form.cleaned_data["person"]
        try:
            user = accounts.account_invite(
                actor=actor_of(request), municipality=current_municipality(), person=person
            )
        except NotCompetent as exc:
            return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(
                request,
                f"Convite enviado a {person.name} ({user.email}); usuário {user.get_username()}.",
            )
            return redirect("portal:invite")
    return render(request, "portal/invite.html", {"form": form})

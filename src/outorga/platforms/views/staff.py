"""A platform's staff on the web (ADR 0034, 0043): who has access to the platform's portal, an
invitation by email and a removal — one service, two doors. The authority's screen
(``/plataformas/<id>/usuarios/``) is shown only to whom may credential (its acts are the
credential's, art. 3) and marks the platform's administrator; the portal's
(``/plataforma/equipe/``) only to the login the authority marked so, for its own platform."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.access import forbidden
from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.formcites import labelled
from outorga.core.lawseam import cited_aside, cited_for
from outorga.core.models import User
from outorga.core.requests import actor_of, user_of
from outorga.law.bindings import Service
from outorga.law.competence import is_allowed
from outorga.platforms.services.common import apps_law
from outorga.platforms.services.staff import (
    platform_staff_invite,
    platform_staff_remove,
    platform_staff_set_admin,
)

from ..models import Platform, PlatformUser
from .common import page_step, platform_screen, run_step, screen


class InviteForm(forms.Form):
    name = forms.CharField(label="Nome da pessoa", max_length=150)
    email = forms.EmailField(label="E-mail (o convite chega nele)", max_length=254)


class AuthorityInviteForm(InviteForm):
    admin = forms.BooleanField(
        label="Administrador da plataforma (convida e remove a equipe no portal)", required=False
    )


def _refused(request: HttpRequest, user: User) -> HttpResponse | None:
    m = user.municipality
    assert m is not None
    if is_allowed(user.role, "platform.credential", apps_law(m), timezone.localdate()):
        return None
    return forbidden(
        request,
        labelled(
            "A equipe de uma plataforma e seus e-mails são vistos por quem credencia plataformas",
            "Autoridade",
            cited_for(Service.APLICATIVO, "credentialed_platform", m=m),
        )
        + ".",
    )


def _staff_page(
    request: HttpRequest, platform: Platform, form: InviteForm, back: str, template: str
) -> HttpResponse:
    """The list and the invitation, through the one service whichever the door."""

    def invite(data: dict[str, Any]) -> tuple[str, str]:
        link = platform_staff_invite(
            actor=actor_of(request),
            municipality=platform.municipality,
            platform=platform,
            email=data["email"],
            name=data["name"],
            admin=data.get("admin", False),
        )
        return (
            f"Convite enviado a {link.user.first_name} ({link.user.email}); usuário "
            f"{link.user.get_username()}. O link vale por 7 dias.",
            back,
        )

    if done := page_step(request, form, invite):
        return done
    links = (
        PlatformUser.objects.filter(platform=platform)
        .select_related("user")
        .order_by("user__email")
    )
    return render(request, template, {"p": platform, "form": form, "links": links})


def _remove(request: HttpRequest, link: PlatformUser, back: str) -> HttpResponse:
    """The removal, after its confirmation page."""
    if not confirmed(request):
        return ask_confirmation(
            request,
            Confirmation(
                title=f"Remover o acesso de {link.user.first_name or link.user.get_username()}",
                consequence=(
                    f"{link.user.email} deixa de entrar no portal da plataforma "
                    f"{link.platform.name} agora, e as sessões abertas terminam. Para voltar, "
                    "precisa de um novo convite."
                ),
                back=back,
                button="Confirmar a remoção",
            ),
        )

    def remove(_: dict[str, Any]) -> tuple[str, str]:
        platform_staff_remove(
            actor=actor_of(request), municipality=link.platform.municipality, link=link
        )
        return f"Acesso de {link.user.email} removido.", back

    return run_step(request, remove, {}) or HttpResponseRedirect(back)


@screen(object_page=True)
def staff(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    if refusal := _refused(request, user):
        return refusal
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    form = AuthorityInviteForm(request.POST or None)
    return _staff_page(
        request, p, form, reverse("platforms:staff", args=[p.pk]), "platforms/staff.html"
    )


@screen(object_page=True, post=True)
def staff_remove(request: HttpRequest, user: User, link_id: int) -> HttpResponse:
    if refusal := _refused(request, user):
        return refusal
    link = get_object_or_404(PlatformUser.objects.select_related("user", "platform"), pk=link_id)
    return _remove(request, link, reverse("platforms:staff", args=[link.platform_id]))


@screen(object_page=True, post=True)
def staff_admin(request: HttpRequest, user: User, link_id: int) -> HttpResponse:
    """The authority marks or unmarks the platform's administrator (``admin`` = 1 or 0)."""
    if refusal := _refused(request, user):
        return refusal
    link = get_object_or_404(PlatformUser.objects.select_related("user", "platform"), pk=link_id)
    admin = request.POST.get("admin") == "1"

    def mark(_: dict[str, Any]) -> tuple[str, str]:
        platform_staff_set_admin(
            actor=actor_of(request), municipality=link.platform.municipality, link=link, admin=admin
        )
        what = "agora administra" if admin else "deixou de administrar"
        return (
            f"{link.user.first_name or link.user.email} {what} a equipe da plataforma.",
            reverse("platforms:staff", args=[link.platform_id]),
        )

    back = reverse("platforms:staff", args=[link.platform_id])
    return run_step(request, mark, {}) or HttpResponseRedirect(back)


# --- the platform's own door ----------------------------------------------------------------------


def _not_admin(request: HttpRequest, platform: Platform) -> HttpResponse | None:
    if PlatformUser.objects.filter(
        user=user_of(request), platform=platform, is_admin=True
    ).exists():
        return None
    named = cited_aside(Service.APLICATIVO, "credentialed_platform", m=platform.municipality)
    return forbidden(
        request,
        "A equipe da plataforma é administrada pelo administrador da plataforma, indicado pela "
        f"Prefeitura no credenciamento{named}; peça a ele o convite ou a remoção.",
    )


@platform_screen()
def portal_staff(request: HttpRequest, platform: Platform) -> HttpResponse:
    """The platform's administrator: its staff, and an invitation by email."""
    if refusal := _not_admin(request, platform):
        return refusal
    return _staff_page(
        request,
        platform,
        InviteForm(request.POST or None),
        reverse("platforms:portal_staff"),
        "platforms/portal/staff.html",
    )


@platform_screen(object_page=True, post=True)
def portal_staff_remove(request: HttpRequest, platform: Platform, link_id: int) -> HttpResponse:
    """A colleague's access removed by the platform's administrator (its own platform's only)."""
    if refusal := _not_admin(request, platform):
        return refusal
    link = get_object_or_404(
        PlatformUser.objects.filter(platform=platform).select_related("user", "platform"),
        pk=link_id,
    )
    return _remove(request, link, reverse("platforms:portal_staff"))

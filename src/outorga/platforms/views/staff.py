"""The authority's screen of a platform's staff on the web (ADR 0034): who has access to the
platform's portal, an invitation by email and a removal, each an act of the credential (art. 3).
The page lists people's addresses, so it is shown only to whom may credential."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from outorga.core.access import forbidden
from outorga.core.confirm import Confirmation, ask_confirmation, confirmed
from outorga.core.models import User
from outorga.core.requests import actor_of
from outorga.law.competence import is_allowed
from outorga.platforms.services.common import apps_law
from outorga.platforms.services.staff import platform_staff_invite, platform_staff_remove

from ..models import Platform, PlatformUser
from .common import page_step, run_step, screen


class InviteForm(forms.Form):
    name = forms.CharField(label="Nome da pessoa", max_length=150)
    email = forms.EmailField(label="E-mail (o convite chega nele)", max_length=254)


def _refused(request: HttpRequest, user: User) -> HttpResponse | None:
    m = user.municipality
    assert m is not None
    if is_allowed(user.role, "platform.credential", apps_law(m)):
        return None
    return forbidden(
        request,
        "A equipe de uma plataforma e seus e-mails são vistos por quem credencia plataformas "
        "(Autoridade, art. 3).",
    )


@screen(object_page=True)
def staff(request: HttpRequest, user: User, platform_id: int) -> HttpResponse:
    if refusal := _refused(request, user):
        return refusal
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    form = InviteForm(request.POST or None)

    def invite(data: dict[str, Any]) -> tuple[str, str]:
        link = platform_staff_invite(
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            platform=p,
            email=data["email"],
            name=data["name"],
        )
        return (
            f"Convite enviado a {link.user.first_name} ({link.user.email}); usuário "
            f"{link.user.get_username()}. O link vale por 7 dias.",
            reverse("platforms:staff", args=[p.pk]),
        )

    if done := page_step(request, form, invite):
        return done
    links = PlatformUser.objects.filter(platform=p).select_related("user").order_by("user__email")
    return render(request, "platforms/staff.html", {"p": p, "form": form, "links": links})


@screen(object_page=True, post=True)
def staff_remove(request: HttpRequest, user: User, link_id: int) -> HttpResponse:
    if refusal := _refused(request, user):
        return refusal
    link = get_object_or_404(PlatformUser.objects.select_related("user", "platform"), pk=link_id)
    back = reverse("platforms:staff", args=[link.platform_id])
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
            actor=actor_of(request),
            municipality=user.municipality,  # type: ignore[arg-type]
            link=link,
        )
        return f"Acesso de {link.user.email} removido.", back

    return run_step(request, remove, {}) or HttpResponseRedirect(back)

"""The platform's staff on the web (ADR 0034): the secretariat invites a person by email to the
platform's portal, and removes the access. Keeping who acts for a credentialed platform is part of
its credential (art. 3), as its API tokens are, so both acts are the credential's competence.

An invitation makes a login of role plataforma named ``<municipality slug>-<email>`` (one login per
address per municipality), with no usable password, linked to the platform at once; the email
carries the core invitation link (``core.passwords.invitation_link``), where the person chooses
the password — the same link as a holder's invitation (ADR 0021), good once and for
``INVITATION_DAYS``. A removal deletes the link and closes the login (inactive, no usable
password: its sessions end); the acts log keeps who served which platform and when.

Two doors, one rule (ADR 0043): the authority may invite and remove anyone of any platform of its
municipality and marks who is a platform's administrator; a login the authority marked so invites
and removes the staff of its own platform on the portal — never of another, never making
administrators, and never leaving its platform without one (it cannot remove itself when it is
the last). Its acts are recorded under its own login.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.formcites import labelled
from outorga.core.lawseam import cited_for
from outorga.core.mail import email_queue
from outorga.core.models import Municipality, User
from outorga.core.passwords import invitation_closing
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role

from ..models import Platform, PlatformUser
from .common import PlatformError, authorize_apps, field_error


def staff_username(municipality: Municipality, email: str) -> str:
    """One platform login per address per municipality: the user name says both."""
    return f"{municipality.slug}-{email}"[:150]


def _by_platform(actor: Actor) -> bool:
    return actor.role == Role.PLATAFORMA.value


def _inviter(actor: Actor, municipality: Municipality) -> str:
    if _by_platform(actor) and actor.user is not None:
        return f"{actor.user.first_name or actor.user.email}, administrador(a) da plataforma,"
    return f"{municipality.name}/{municipality.uf}"


def _admin_named_by_authority(actor: Actor, municipality: Municipality) -> None:
    """The platform's administrator is named by the authority that credentials it (art. 3), never
    on the platform's own door (403)."""
    if _by_platform(actor):
        cites = cited_for(Service.APLICATIVO, "credentialed_platform", m=municipality)
        raise PlatformError(
            labelled(
                "Quem indica o administrador da plataforma é a Prefeitura", "credenciamento", cites
            )
            + ".",
            status=403,
        )


def _authorize(actor: Actor, municipality: Municipality, platform_id: int) -> None:
    """The authority (``platform.credential``), or the administrator of that platform itself."""
    if not _by_platform(actor):
        authorize_apps(actor=actor, municipality=municipality, action="platform.credential")
        return
    with tenant(municipality):
        admin = (
            actor.user is not None
            and actor.user.municipality_id == municipality.pk
            and PlatformUser.objects.filter(
                user=actor.user, platform_id=platform_id, is_admin=True
            ).exists()
        )
    if not admin:
        raise PlatformError(
            "Só o administrador da plataforma, indicado pela Prefeitura, convida e remove a "
            "equipe da própria plataforma.",
            status=403,
        )


def platform_staff_invite(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    email: str,
    name: str,
    admin: bool = False,
) -> PlatformUser:
    """Invite ``email`` to the portal of ``platform``: the login, its link to the platform and the
    invitation's email, in one transaction (the email leaves after it commits). A login that
    serves the platform is refused (it uses "Esqueci a senha"), as is one serving another
    platform (removed there first); a login removed before is invited again. ``admin``: the
    authority makes the person the platform's administrator."""
    _authorize(actor, municipality, platform.pk)
    if admin:
        _admin_named_by_authority(actor, municipality)
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError:
        raise field_error("email", "Informe um endereço de e-mail válido.") from None
    name = " ".join(name.split())
    if len(name) < 3:
        raise field_error("name", "Informe o nome completo da pessoa.")
    if platform.status == Platform.Status.CANCELLED:
        raise PlatformError(
            "Credenciamento cancelado: a plataforma não tem mais acesso ao portal.", status=409
        )
    username = staff_username(municipality, email)
    with transaction.atomic(), tenant(municipality):
        user = User.objects.select_for_update().filter(username=username).first()
        if user is not None and user.role != Role.PLATAFORMA.value:
            raise field_error("email", "Este e-mail já é de um usuário com outro papel.")
        link = PlatformUser.objects.filter(user=user).select_related("platform").first()
        if link is not None and link.platform_id != platform.pk:
            # The platform's own door never learns which other platform a person serves.
            where = (
                "a outra plataforma"
                if _by_platform(actor)
                else f"à plataforma {link.platform.name}"
            )
            raise field_error(
                "email",
                f"Este e-mail já dá acesso {where}; o acesso precisa ser removido de lá antes.",
                status=409,
            )
        if link is not None and user is not None and user.has_usable_password():
            raise field_error(
                "email",
                "Esta pessoa já tem acesso ao portal da plataforma; se esqueceu a senha, use "
                '"Esqueci a senha" na página de entrada.',
                status=409,
            )
        again = link is not None
        if user is None:
            user = User(username=username, municipality=municipality, role=Role.PLATAFORMA)
        user.email, user.first_name, user.is_active = email, name[:150], True
        user.set_unusable_password()
        user.save()
        if link is None:
            link = PlatformUser.objects.create(platform=platform, user=user, is_admin=admin)
        elif admin and not link.is_admin:
            link.is_admin = True
            link.save(update_fields=["is_admin"])
        body = (
            f"Olá, {name}.\n\n{_inviter(actor, municipality)} convidou você para o portal "
            f"da plataforma {platform.name} no Outorga, onde a plataforma mantém seus motoristas, "
            "envia relatórios e arquivos de corridas, responde reclamações e apresenta defesas e "
            f"recursos.\n\n{invitation_closing(user, municipality)}"
        )
        email_queue(
            municipality=municipality,
            to=email,
            subject=f"Convite para o portal da plataforma {platform.name}",
            body=body,
            obj=user,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.user.invite",
            obj=link,
            new={"platform": platform.pk, "user": username, "again": again, "admin": link.is_admin},
        )
    return link


def platform_staff_remove(*, actor: Actor, municipality: Municipality, link: PlatformUser) -> None:
    """End a staff member's access to the platform's portal: the link goes, the login closes
    (inactive, no usable password — its open sessions end with it). On the platform's door the
    last administrator stays."""
    _authorize(actor, municipality, link.platform_id)
    with transaction.atomic(), tenant(municipality):
        # The platform's links locked together: two administrators removing each other at
        # once cannot both pass the "last administrator" check.
        links = list(
            PlatformUser.objects.select_for_update()
            .filter(platform_id=link.platform_id)
            .order_by("pk")
            .select_related("user")
        )
        found = next((x for x in links if x.pk == link.pk), None)
        if found is None:
            raise PlatformError("Este acesso já foi removido.", status=409)
        link = found
        admins = [x for x in links if x.is_admin]
        if (
            _by_platform(actor)
            and link.is_admin
            and link.user_id != getattr(actor.user, "pk", None)
        ):
            # Only the authority makes (and so unmakes) an administrator (ADR 0043).
            raise PlatformError(
                "Só a Prefeitura retira o acesso de outro administrador da plataforma.",
                status=409,
            )
        if _by_platform(actor) and admins == [link]:
            raise PlatformError(
                "A plataforma ficaria sem administrador: peça à Prefeitura para indicar outro "
                "administrador antes de remover este acesso.",
                status=409,
            )
        user = link.user
        old = {"platform": link.platform_id, "user": user.get_username(), "admin": link.is_admin}
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.user.remove",
            obj=link,
            old=old,
            new={},
        )
        link.delete()
        user.is_active = False
        user.set_unusable_password()
        user.save(update_fields=["is_active", "password"])


def platform_staff_set_admin(
    *, actor: Actor, municipality: Municipality, link: PlatformUser, admin: bool
) -> PlatformUser:
    """The authority marks (or unmarks) a staff member as the platform's administrator, who then
    invites and removes the platform's staff on its portal."""
    _admin_named_by_authority(actor, municipality)
    _authorize(actor, municipality, link.platform_id)
    with transaction.atomic(), tenant(municipality):
        try:
            link = PlatformUser.objects.select_for_update().select_related("user").get(pk=link.pk)
        except PlatformUser.DoesNotExist:
            raise PlatformError("Este acesso já foi removido.", status=409) from None
        if link.is_admin == admin:
            return link
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.user.admin",
            obj=link,
            old={"admin": link.is_admin},
            new={"admin": admin, "user": link.user.get_username()},
        )
        link.is_admin = admin
        link.save(update_fields=["is_admin"])
    return link

"""Credentialing a platform and keeping its contacts (art. 3 §1, art. 19 §2, art. 11 III)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.locking import lock_municipality
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.decisions import Decision

from ..models import Platform, PlatformDocument, PlatformStatusChange, PlatformUser
from ..validators import cnpj_is_valid
from .common import (
    PlatformError,
    PlatformRefused,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    field_error,
)

# --- credentialing (art. 3 §1, art. 19 §2, art. 11 III) ------------------------------------------


@dataclass(frozen=True)
class PlatformData:
    cnpj: str
    name: str
    cadastro_mobiliario: str = ""
    complaint_channel: str = ""
    contact_name: str = ""
    contact_email: str = ""
    contact_phone: str = ""
    address: str = ""
    documents: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)


def _counted_platforms(exclude: int | None = None) -> int:
    """Platforms holding a credential: a temporarily suspended one keeps it (art. 26 IV
    distinguishes "suspensão temporária" from "cancelamento definitivo"), so it keeps its place."""
    qs = Platform.objects.filter(
        status__in=[Platform.Status.CREDENTIALED, Platform.Status.SUSPENDED]
    )
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    return qs.count()


def platform_credential(
    *, actor: Actor, municipality: Municipality, data: PlatformData, on: dt.date | None = None
) -> tuple[Platform, Decision]:
    """Credential a platform (art. 3), refusing the 11th (art. 3 §1) and one without cadastro
    mobiliário (art. 19 §2) or complaint channel (art. 11 III)."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.credential")
    on = on or today_of(municipality)
    cnpj = "".join(ch for ch in data.cnpj if ch.isdigit())
    if not cnpj_is_valid(cnpj):
        raise field_error("cnpj", "CNPJ inválido (14 dígitos com dígitos verificadores).")
    if not data.name.strip():
        raise field_error("name", "Informe o nome da plataforma.")
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        lock_municipality(municipality)
        if Platform.objects.filter(cnpj=cnpj).exists():
            raise PlatformError(
                "Já existe plataforma com este CNPJ no Município (credenciada, suspensa ou "
                "cancelada).",
                status=409,
                errors=[{"campo": "cnpj", "erro": "CNPJ já cadastrado"}],
            )
        decision = bound_law(municipality, on).ask(
            "platform_credential",
            {
                "credentialed_platforms": _counted_platforms(),
                "cadastro_mobiliario": bool(data.cadastro_mobiliario.strip()),
                "complaint_channel": bool(data.complaint_channel.strip()),
            },
        )
        if decision.outcome != "ok":
            refused = law_refused(
                actor=actor,
                municipality=municipality,
                action="platform.credential",
                d=decision,
                object_type="platforms.platform",
                object_id=cnpj,
                new={"cnpj": cnpj, "name": data.name},
                error=partial(PlatformRefused, "Credenciamento recusado", each_reason=True),
            )
        else:
            platform = Platform.objects.create(
                cnpj=cnpj,
                name=data.name.strip(),
                status=Platform.Status.CREDENTIALED,
                cadastro_mobiliario=data.cadastro_mobiliario.strip(),
                complaint_channel=data.complaint_channel.strip(),
                contact_name=data.contact_name,
                contact_email=data.contact_email,
                contact_phone=data.contact_phone,
                address=data.address,
                credentialed_at=timezone.now(),
            )
            for doc in data.documents:
                PlatformDocument.objects.create(platform=platform, **dict(doc))
            PlatformStatusChange.objects.create(
                platform=platform,
                old_status="",
                new_status=Platform.Status.CREDENTIALED,
                changed_by=actor.user,
                reason="credenciamento",
                decision=decision.to_json(),
            )
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.credential",
                obj=platform,
                new={
                    "cnpj": cnpj,
                    "name": platform.name,
                    "status": platform.status,
                    "cadastro_mobiliario": platform.cadastro_mobiliario,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise refused
    return platform, decision


#: The conditions of the credential a platform's data keep (art. 19 §2, art. 11 III): the field,
#: the concept the law cites for it and what the refusal of an empty one says.
CONDITIONS = (
    (
        "cadastro_mobiliario",
        "municipal_tax_registration",
        "Informe a inscrição da plataforma no cadastro mobiliário do Município: é condição "
        "indispensável para o exercício da atividade",
    ),
    (
        "complaint_channel",
        "complaint_channel",
        "Informe o canal de atendimento da plataforma para reclamações, sugestões e denúncias "
        "dos usuários",
    ),
)


def platform_update_contacts(
    *, actor: Actor, municipality: Municipality, platform: Platform, changes: Mapping[str, str]
) -> Platform:
    """Contacts, address, complaint channel and cadastro mobiliário of a credentialed platform;
    the two conditions of the credential (art. 19 §2, art. 11 III) are changed, never erased."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.credential")
    for fld, concept, message in CONDITIONS:
        if fld in changes and not str(changes[fld]).strip():
            raise field_error(fld, f"{message} ({cited(municipality, concept)}).")
    allowed = {
        "cadastro_mobiliario",
        "complaint_channel",
        "contact_name",
        "contact_email",
        "contact_phone",
        "address",
    }
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        old = {k: getattr(p, k) for k in changes if k in allowed}
        new = {k: str(v).strip() for k, v in changes.items() if k in allowed}
        for k, v in new.items():
            setattr(p, k, v)
        p.save(update_fields=list(new) or None)
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.update",
            obj=p,
            old=old,
            new=new,
        )
    return p


def platform_user_link(
    *, actor: Actor, municipality: Municipality, platform: Platform, user: User
) -> PlatformUser:
    """Give a login of role plataforma the platform's portal: part of the credential the
    secretariat keeps (art. 3), as the platform's API tokens are. A login serves one platform;
    linking it again moves it (the act keeps the platform it served before)."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.credential")
    if user.role != Role.PLATAFORMA.value or user.municipality_id != municipality.pk:
        raise field_error("user", "O usuário precisa ter o papel Plataforma e ser deste município.")
    with transaction.atomic(), tenant(municipality):
        link = PlatformUser.objects.filter(user=user).first()
        old = {"platform": link.platform_id} if link else {}
        if link is None:
            link = PlatformUser.objects.create(platform=platform, user=user)
        elif link.platform_id != platform.pk:
            link.platform = platform
            link.save(update_fields=["platform"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.user.link",
            obj=link,
            old=old,
            new={"platform": platform.pk, "user": user.username},
        )
    return link

"""Badge writes: issue, revoke, print, and the municipality's signing keys.

Each service checks competence, asks the law core where the law speaks, changes state in one
transaction and records the act in that same transaction.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from nacl.encoding import RawEncoder
from nacl.exceptions import CryptoError
from nacl.hash import blake2b
from nacl.secret import SecretBox
from nacl.signing import SigningKey as NaclSigningKey

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import BoundLaw
from outorga.core.localtime import today_of
from outorga.core.locking import lock_municipality
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.law.interfaces import cited
from outorga.registry.models import Auxiliary, Permit, Service
from outorga.registry.services.common import bound_law
from outorga.registry.validation import FieldError

from . import tokens
from .models import Badge, SigningKey
from .selectors.badges import badge_ended, badge_status, bearer_of

# Signing keys ------------------------------------------------------------------------------------


def _kek(secret: str) -> bytes:
    """The key that seals private seeds, derived from SECRET_KEY (domain-separated)."""
    return bytes(
        blake2b(secret.encode(), digest_size=32, person=b"outorga-badgekey", encoder=RawEncoder)
    )


def _seal(seed: bytes) -> bytes:
    return bytes(SecretBox(_kek(settings.SECRET_KEY)).encrypt(seed))


def _unseal(sealed: bytes) -> bytes:
    # SECRET_KEY_FALLBACKS lets an operator rotate SECRET_KEY without losing the signing keys.
    for secret in [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]:
        try:
            return bytes(SecretBox(_kek(secret)).decrypt(sealed))
        except CryptoError:
            continue
    raise RuntimeError(
        "chave de assinatura ilegível: a SECRET_KEY mudou sem SECRET_KEY_FALLBACKS; "
        "gere uma nova chave (signing_key_rotate)"
    )


def private_seed(key: SigningKey) -> bytes:
    """The key's 32-byte Ed25519 seed, unsealed (never stored or shown unsealed)."""
    return _unseal(bytes(key.private_sealed))


def _create_key(municipality: Municipality, actor: Actor) -> SigningKey:
    last = SigningKey.objects.order_by("-key_id").values_list("key_id", flat=True).first()
    seed = secrets.token_bytes(32)
    public = bytes(NaclSigningKey(seed).verify_key)
    key = SigningKey.objects.create(
        key_id=(last or 0) + 1, public_key=tokens.b64url(public), private_sealed=_seal(seed)
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="signing_key.create",
        obj=key,
        new={"key_id": key.key_id, "algorithm": key.algorithm, "public_key": key.public_key},
    )
    return key


def signing_key_for(municipality: Municipality, actor: Actor) -> SigningKey:
    """The key that signs now, created on first need. Call inside a transaction and tenant."""
    current = SigningKey.objects.filter(retired_at__isnull=True).order_by("-key_id")
    key = current.first()
    if key is None:
        with transaction.atomic():
            # Two first badges at once must not make two keys with the same id: serialise on
            # the municipality row (step 1 of core.locking's order: the caller locks it first
            # when no key may exist yet), then look again.
            lock_municipality(municipality)
            key = current.first() or _create_key(municipality, actor)
    return key


def signing_key_rotate(*, actor: Actor, municipality: Municipality) -> SigningKey:
    """Retire the signing key and create the next one. Badges already issued keep verifying:
    retired public keys stay published."""
    authorize(actor=actor, municipality=municipality, action="system.municipality.manage")
    with transaction.atomic(), tenant(municipality):
        lock_municipality(municipality)
        now = timezone.now()
        retired = list(
            SigningKey.objects.filter(retired_at__isnull=True).values_list("key_id", flat=True)
        )
        SigningKey.objects.filter(retired_at__isnull=True).update(retired_at=now)
        key = _create_key(municipality, actor)
        record_act(
            municipality=municipality,
            actor=actor,
            action="signing_key.rotate",
            obj=key,
            old={"active": retired},
            new={"active": [key.key_id]},
        )
    return key


# Badges ------------------------------------------------------------------------------------------


def badge_law(municipality: Municipality, permit: Permit, on: dt.date | None = None) -> BoundLaw:
    """The law a badge of ``permit`` is issued, printed and revoked under: the one bound to its
    service (its first binding for a permit older than every binding). A service no law governs
    in the municipality does not exist there: no badge of it is issued, printed or revoked (a
    refusal naming the service), whose competence no law would give."""
    return bound_law(municipality, permit.service, on, nearest=True)


def badge_fields(permit: Permit, auxiliary: Auxiliary | None) -> list[str]:
    """Which of the fields of art. 2 VIII the registry holds for the badge's bearer."""
    person = auxiliary.person if auxiliary is not None else permit.holder
    licence = getattr(person, "licence", None)
    present = {
        "foto": bool(person.photo),
        "nome_completo": bool(person.name.strip()),
        "tipo_sanguineo": bool(person.blood_type),
        "fator_rh": person.blood_type[-1:] in ("+", "-"),
        "cnh": licence is not None and bool(licence.number),
        "numero_autorizacao_trafego": bool(permit.number),
        "placa": permit.vehicle is not None and bool(permit.vehicle.plate),
    }
    return [k for k, ok in present.items() if ok]


def _validity(law: BoundLaw, permit: Permit, auxiliary: Auxiliary | None, on: dt.date) -> dt.date:
    """The badge is valid while the registration certificate is (mototaxi art. 4 §1; taxi: the
    yearly Termo, art. 13), never past the permit's term, nor the auxiliary's credential (mototaxi
    art. 14 §2)."""
    if permit.certificate_valid_until is None:
        raise FieldError(
            "certificado de registro",
            "a permissão não tem certificado de registro válido; renove-o antes",
            cited(law.law, "registration_certificate"),
        )
    candidates = [permit.certificate_valid_until, permit.term_end]
    if auxiliary is not None and auxiliary.credential_valid_until is not None:
        candidates.append(auxiliary.credential_valid_until)
    until = min(candidates)
    if until < on:
        raise FieldError(
            "validade",
            f"registro ou credencial vencido em {until:%d/%m/%Y}; renove antes de emitir o crachá",
            cited(law.law, "registration_certificate", "auxiliary_credential"),
        )
    return until


def _printed(
    municipality: Municipality,
    permit: Permit,
    auxiliary: Auxiliary | None,
    valid_until: dt.date,
    person: Any = None,
) -> dict[str, Any]:
    """What the card prints (mototaxi art. 2 VIII: name, blood type and Rh, CNH, authorization
    number, plate; with the municipality, the service and the validity), from the records of
    ``person`` (the bearer: the auxiliary, else the holder) and the permit."""
    if person is None:
        person = auxiliary.person if auxiliary is not None else permit.holder
    licence = getattr(person, "licence", None)
    service = Service(permit.service).label
    if permit.taxi_category:
        service = f"{service} {permit.get_taxi_category_display()}"
    registration = auxiliary.registration_number if auxiliary else permit.registration_number
    return {
        "municipio": municipality.name,
        "uf": municipality.uf,
        "condicao": "condutor auxiliar" if auxiliary else "permissionário",
        "nome": person.name,
        "tipo_sanguineo": person.blood_type,
        "cnh": licence.number if licence is not None else "",
        "autorizacao": permit.number,
        "registro": registration,
        "placa": permit.vehicle.plate if permit.vehicle else "",
        "servico": service,
        "validade": valid_until.isoformat(),
    }


def card_fields(badge: Badge) -> tuple[dict[str, Any], list[str]]:
    """What the card of ``badge`` prints, and which of its fields were read from the registry
    now: the record of what was printed at issue (``Badge.printed``) is the card; a field it
    lacks (a row made without it — no issue leaves one out) is read from the badge's own row
    and its bearer's records, as the issue would have recorded it, rather than never printed."""
    printed = dict(badge.printed)
    permit = badge.permit
    fallback = _printed(
        permit.municipality, permit, badge.auxiliary, badge.valid_until, bearer_of(badge)
    )
    read = [k for k in fallback if k not in printed]
    return {**fallback, **printed}, read


def badge_issue(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auxiliary: Auxiliary | None = None,
    on: dt.date | None = None,
) -> Badge:
    """Issue the crachá of a permit's holder (or of an auxiliary), after the law core confirms it
    has every field of mototaxi art. 2 VIII / art. 5 §4. A new badge for the same bearer revokes
    the previous ones (lost or outdated cards stop verifying)."""
    on = on or today_of(municipality)
    law = badge_law(municipality, permit, on)
    authorize(actor=actor, municipality=municipality, action="badge.issue", law=law.law)
    with transaction.atomic(), tenant(municipality):
        if not SigningKey.objects.filter(retired_at__isnull=True).exists():
            # The first badge creates the signing key under the municipality's lock, which
            # comes before the permit's (core.locking).
            lock_municipality(municipality)
        permit = (
            Permit.objects.select_for_update(of=("self",))
            .select_related("holder", "vehicle", "holder__licence")
            .get(pk=permit.pk)
        )
        if permit.status != Permit.Status.ACTIVE:
            raise FieldError(
                "situação", f"a permissão está {permit.get_status_display()}: não se emite crachá"
            )
        if auxiliary is not None:
            auxiliary = Auxiliary.objects.select_related("person").get(pk=auxiliary.pk)
            if auxiliary.permit_id != permit.pk or auxiliary.status != Auxiliary.Status.ACTIVE:
                raise FieldError("condutor auxiliar", "não é auxiliar ativo desta permissão")
        present = badge_fields(permit, auxiliary)
        decision: Decision | None = None
        if law.answers("badge"):
            # The law lists the badge's fields (mototaxi art. 2 VIII, art. 5 §4).
            decision = law.ask("badge", {"fields": present})
            if decision.refusals:
                raise Refused(decision)
        elif "foto" not in present:
            # A law that lists no badge fields (taxi): the card cannot be made without a photo.
            raise FieldError("foto", "cadastre a foto do condutor antes de emitir o crachá")
        valid_until = _validity(law, permit, auxiliary, on)
        # The badges it replaces are locked before the new key's act, if any (core.locking).
        previous = Badge.objects.filter(
            permit=permit, auxiliary=auxiliary, revoked_at__isnull=True
        ).select_for_update()
        replaced = list(previous.values_list("serial", flat=True))
        key = signing_key_for(municipality, actor)
        serial = secrets.token_bytes(tokens.SERIAL_BYTES[tokens.VERSION])  # 128 bits
        token = tokens.sign(
            tokens.Payload(key.key_id, municipality.ibge_code, serial), _unseal(key.private_sealed)
        )
        now = timezone.now()
        badge = Badge.objects.create(
            permit=permit,
            auxiliary=auxiliary,
            bearer=auxiliary.person if auxiliary is not None else permit.holder,
            serial=serial.hex(),
            key=key,
            token=token,
            issued_at=now,
            valid_until=valid_until,
            printed=_printed(municipality, permit, auxiliary, valid_until),
            issued_by=actor.user,
        )
        Badge.objects.filter(serial__in=replaced).update(
            revoked_at=now, revoked_reason=f"substituído pelo crachá {badge.serial}"
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="badge.issue",
            obj=badge,
            new={
                "serial": badge.serial,
                "permit": permit.number,
                "auxiliary": auxiliary.pk if auxiliary else None,
                "valid_until": valid_until,
                "key_id": key.key_id,
                "fields": present,
            },
            basis=basis_of(decision) if decision else None,
            extra={"replaced": replaced},
        )
    return badge


def badge_revoke(*, actor: Actor, municipality: Municipality, badge: Badge, reason: str) -> Badge:
    """Revoke a badge (lost, stolen, data changed): its token stops verifying as valid at once."""
    law = badge_law(municipality, badge.permit).law
    authorize(actor=actor, municipality=municipality, action="badge.issue", law=law)
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo da revogação")
    with transaction.atomic(), tenant(municipality):
        badge = Badge.objects.select_for_update().get(pk=badge.pk)
        if badge.revoked_at is not None:
            raise FieldError("crachá", f"já revogado em {badge.revoked_at:%d/%m/%Y}")
        badge.revoked_at, badge.revoked_reason = timezone.now(), reason.strip()[:300]
        badge.save(update_fields=["revoked_at", "revoked_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="badge.revoke",
            obj=badge,
            old={"revoked_at": None},
            new={"revoked_at": badge.revoked_at},
            extra={"reason": badge.revoked_reason},
        )
    return badge


def badge_print(*, actor: Actor, municipality: Municipality, badge: Badge, base_url: str) -> bytes:
    """The badge PDF, printed by the desk (:func:`badge_print_record`). A badge that no longer
    holds is printed as a copy for the case file, marked "SEM VALIDADE" (``case_copy``): the
    desk may need it in the process; the holder's portal is refused it."""
    law = badge_law(municipality, badge.permit).law
    authorize(actor=actor, municipality=municipality, action="badge.issue", law=law)
    return badge_print_record(
        actor=actor, municipality=municipality, badge=badge, base_url=base_url, case_copy=True
    )


def badge_print_record(
    *,
    actor: Actor,
    municipality: Municipality,
    badge: Badge,
    base_url: str,
    by: str = "",
    case_copy: bool = False,
) -> bytes:
    """Render the badge and record the print (``by``: where, when not the clerk's screen): the one
    step a clerk's and a holder's print share. The card carries health data (blood type), so
    every print is an act.

    A badge that no longer holds (:func:`selectors.badge_ended`: its permit cassada — mototaxi
    art. 2 II–III, art. 5 §4; taxi art. 4 II —, revoked or extinct, its driver cassado or
    removed, the badge revoked) is never printed as a card that could be shown as valid: the
    cassação compels its return. With ``case_copy`` (staff only) it is printed as a copy for the
    case file, "SEM VALIDADE" across the card with the reason and the articles, and the act says
    so; without it the print is refused, as an act committed in this step's own transaction
    before it is raised — so call it outside any transaction of the caller's."""
    from .pdf import render_badge

    with transaction.atomic(), tenant(municipality):
        badge = Badge.objects.select_related("permit__holder", "auxiliary__person").get(pk=badge.pk)
        new: dict[str, Any] = {"serial": badge.serial, "by": by} if by else {"serial": badge.serial}
        today = today_of(municipality)
        ended = badge_ended(badge, today)
        basis = {"citations": [ended.citation] if ended and ended.citation else []}
        refused = ended if ended is not None and not case_copy else None
        if refused is not None:
            record_act(
                municipality=municipality,
                actor=actor,
                action="badge.print",
                obj=badge,
                outcome="refused",
                new=new,
                basis=basis,
                extra={"motivo": str(refused)},
            )
        else:
            # On the copy: why the card no longer holds, with its articles.
            void = badge_status(badge, today).detail if ended is not None else ""
            printed, read = card_fields(badge)
            if read:  # the act says which fields the record lacked (card_fields)
                new["lidos_do_cadastro"] = read
            url = verification_url(base_url, badge.token)
            content = render_badge(badge, url, void=void, printed=printed)
            record_act(
                municipality=municipality,
                actor=actor,
                action="badge.print",
                obj=badge,
                new={**new, "sem_validade": True} if ended is not None else new,
                basis=basis if ended is not None else None,
                extra={"motivo": str(ended)} if ended is not None else None,
            )
    if refused is not None:
        raise refused
    return content


def verification_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/v/{token}"

"""Staff MFA on django-otp: a TOTP device (an authenticator app) and one-use recovery codes (its
static device). Who must pass it is :func:`requires_mfa`; every step is an access event in the
acts log (``auth.mfa.*``, like ``auth.login``), not work on the home's counters."""

from __future__ import annotations

import base64
from dataclasses import dataclass

import django_otp
import segno
from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from .access import NOT_STAFF
from .models import Act, User
from .services import user_act_record

#: How many recovery codes a servant is given at setup (each works once).
RECOVERY_CODES = 10
TOTP_NAME = "aplicativo autenticador"
RECOVERY_NAME = "códigos de recuperação"


def is_staff_role(user: User) -> bool:
    """A municipal servant or an administrator: everyone but the portal and platform logins."""
    return user.is_authenticated and getattr(user, "role", None) not in NOT_STAFF


def requires_mfa(user: User) -> bool:
    return bool(settings.OUTORGA_MFA_REQUIRED) and is_staff_role(user)


def confirmed_totp(user: User) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=user, confirmed=True).first()


def pending_totp(user: User) -> TOTPDevice:
    """The device being set up (kept across reloads, so the QR code shown stays the same)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).order_by("pk").first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name=TOTP_NAME, confirmed=False)
    return device


@dataclass(frozen=True)
class Provisioning:
    """What the setup page shows: the otpauth URI as a QR code and the secret to type."""

    qr_svg: str
    secret: str


def provisioning(device: TOTPDevice) -> Provisioning:
    secret = base64.b32encode(device.bin_key).decode("ascii").rstrip("=")
    qr = segno.make(device.config_url, error="m")
    svg = qr.svg_inline(scale=5, light="#fff", title="Código QR do aplicativo autenticador")
    return Provisioning(qr_svg=svg, secret=" ".join(secret[i : i + 4] for i in range(0, 32, 4)))


def _clean(code: str) -> str:
    return "".join(code.split()).replace("-", "").lower()


def mfa_setup_confirm(
    *, request: HttpRequest, user: User, device: TOTPDevice, code: str, ip: str | None
) -> list[str] | None:
    """Confirms the device with a code from the app; gives the recovery codes (shown once), or
    None when the code is wrong. The session counts as verified from here on."""
    if device.user_id != user.pk or device.confirmed:
        return None
    if not device.verify_token(_clean(code)):
        return None
    with transaction.atomic():
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        TOTPDevice.objects.filter(user=user, confirmed=False).delete()
        codes = _new_recovery_codes(user)
        user_act_record(user, ip, "auth.mfa.setup")
    django_otp.login(request, device)
    return codes


def _new_recovery_codes(user: User) -> list[str]:
    StaticDevice.objects.filter(user=user).delete()
    static = StaticDevice.objects.create(user=user, name=RECOVERY_NAME, confirmed=True)
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    for token in codes:
        static.token_set.create(token=token)
    return codes


def mfa_verify(*, request: HttpRequest, user: User, code: str, ip: str | None) -> bool:
    """The second step of a login: a code of the app, or one recovery code (then spent)."""
    token = _clean(code)
    totp = confirmed_totp(user)
    device: TOTPDevice | StaticDevice | None = None
    if totp is not None and token.isdigit() and totp.verify_token(token):
        device, action = totp, "auth.mfa.verify"
    else:
        static = StaticDevice.objects.filter(user=user, confirmed=True).first()
        if static is not None and token and static.verify_token(token):
            device, action = static, "auth.mfa.recovery"
    with transaction.atomic():
        if device is None:
            user_act_record(user, ip, "auth.mfa.verify", Act.Outcome.REFUSED)
            return False
        user_act_record(user, ip, action)
    django_otp.login(request, device)
    return True

"""The municipality's receiver of payments: the PIX key, name and city its guias carry, and the
code FEBRABAN gave it for arrecadação (the guia's barcode and linha digitável)."""

from __future__ import annotations

import re

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.registry.validation import FieldError

from . import febraban, pix
from .models_payments import FinanceSettings
from .payments import PAY, municipality_law


def finance_settings_save(
    *,
    actor: Actor,
    municipality: Municipality,
    pix_key: str,
    merchant_name: str,
    merchant_city: str,
    slip_instructions: str = "",
    febraban_code: str = "",
    febraban_check: str = febraban.VALUE_MOD10,
) -> FinanceSettings:
    """The municipality's PIX receiver. Name and city are stored as the payload will carry them.

    ``febraban_code``: the 4-digit code FEBRABAN gave the municipality for arrecadação (its bank
    agreement states it, with the módulo of the check digits, ``febraban_check``); with it the
    guias carry the barcode and the linha digitável beside the PIX."""
    authorize(
        actor=actor, municipality=municipality, action=PAY, law=municipality_law(municipality)
    )
    try:
        key = pix.normalise_key(pix_key)
    except pix.PixError as exc:
        raise FieldError("chave PIX", exc.message) from None
    name = pix.ascii_text(merchant_name, pix.MAX_NAME)
    city = pix.ascii_text(merchant_city, pix.MAX_CITY)
    if not name or not city:
        raise FieldError("recebedor", "informe nome e cidade do recebedor")
    code = febraban_code.strip()
    if code and not re.fullmatch(r"\d{4}", code):
        raise FieldError("código FEBRABAN", "o código do órgão na FEBRABAN tem 4 dígitos")
    if febraban_check not in febraban.VALUE_IDS:
        raise FieldError("dígitos verificadores", "use 6 (módulo 10) ou 8 (módulo 11)")
    with transaction.atomic(), tenant(municipality):
        s = FinanceSettings.objects.select_for_update().first()
        old = _settings_json(s) if s else {}
        s = s or FinanceSettings()
        s.pix_key, s.merchant_name, s.merchant_city = key, name, city
        s.slip_instructions = slip_instructions.strip()[:300]
        s.febraban_code, s.febraban_check = code, febraban_check
        s.example = False
        s.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="finance.settings",
            obj=s,
            old=old,
            new=_settings_json(s),
        )
    return s


def _settings_json(s: FinanceSettings) -> dict[str, str]:
    """The receiver's settings as the act records them, before and after the change."""
    return {
        "pix_key": s.pix_key,
        "merchant_name": s.merchant_name,
        "city": s.merchant_city,
        "febraban_code": s.febraban_code,
        "febraban_check": s.febraban_check,
    }

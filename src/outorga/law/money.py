"""Money in integer cents with explicit rounding; fiscal units converted at their dated value (D-5)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def to_cents(reais: Decimal | str | int) -> int:
    """Reais → cents, half-up."""
    return int((Decimal(reais) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def from_cents(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def fiscal_units_to_cents(units: Decimal | int | str, unit_value_reais: Decimal | str) -> int:
    """An amount fixed in fiscal units, converted at the unit's value in reais (D-5), half-up."""
    return to_cents(Decimal(units) * Decimal(unit_value_reais))


def rate_of(cents: int, rate: Decimal | str) -> int:
    """``rate`` (a fraction, 0.05 = 5 %) of an amount in cents, rounded half-up to the cent (D-14)."""
    return int((Decimal(cents) * Decimal(rate)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def split_instalments(total_cents: int, count: int) -> list[int]:
    """Equal instalments in cents; the remainder goes to the first (D-12)."""
    if count < 1:
        raise ValueError("número de parcelas deve ser ao menos 1")
    if total_cents < 0:
        raise ValueError("valor negativo")
    base, remainder = divmod(total_cents, count)
    return [base + remainder] + [base] * (count - 1)


def brl(cents: int) -> str:
    """Brazilian format: ``R$ 1.234,56``."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    grouped = f"{whole:,}".replace(",", ".")
    return f"{sign}R$ {grouped},{frac:02d}"


def brl_unit(value: Decimal | str) -> str:
    """A fiscal unit's value, with the decimals it is published with, in Brazilian format:
    ``Decimal("1234.5678")`` → ``R$ 1.234,5678``."""
    text = format(Decimal(str(value)), "f")
    whole, _, frac = text.partition(".")
    sign = "-" if whole.startswith("-") else ""
    grouped = f"{int(whole.lstrip('-') or 0):,}".replace(",", ".")
    return f"{sign}R$ {grouped}" + (f",{frac}" if frac else "")


def rate_percent(rate: Decimal | str) -> str:
    """A tax rate as a Brazilian percentage: ``0.05`` → ``5%``, ``0.025`` → ``2,5%``."""
    value = (Decimal(str(rate)) * 100).normalize()
    return format(value, "f").replace(".", ",") + "%"

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


def number_br(value: Decimal | str | int) -> str:
    """A quantity in Brazilian format, exact and without trailing zeros: ``Decimal("12.50")`` →
    ``12,5``, ``1234`` → ``1.234``."""
    exact = Decimal(str(value)).normalize()
    places = max(0, -int(exact.as_tuple().exponent))
    text = f"{abs(exact):.{places}f}"
    whole, _, frac = text.partition(".")
    sign = "-" if exact < 0 else ""
    return sign + f"{int(whole):,}".replace(",", ".") + (f",{frac}" if frac else "")


def brl_unit(value: Decimal | str) -> str:
    """A value in reais as decreed — a fiscal unit's, a cost per km — in Brazilian format, never
    rounded for display and with at least the cents: ``Decimal("5.3412")`` → ``R$ 5,3412``,
    ``Decimal("5.0000")`` → ``R$ 5,00``, ``Decimal("1234.5")`` → ``R$ 1.234,50``."""
    exact = Decimal(str(value)).normalize()
    places = max(2, -int(exact.as_tuple().exponent))
    whole, _, frac = f"{abs(exact):.{places}f}".partition(".")
    sign = "-" if exact < 0 else ""
    return f"{sign}R$ " + f"{int(whole):,}".replace(",", ".") + f",{frac}"


def percent_br(value: Decimal | str | int) -> str:
    """A number that is already a percentage, in Brazilian format: ``20.01`` → ``20,01%``."""
    return number_br(value) + "%"


def rate_percent(rate: Decimal | str) -> str:
    """A tax rate as a Brazilian percentage: ``0.05`` → ``5%``, ``0.025`` → ``2,5%``."""
    return percent_br(Decimal(str(rate)) * 100)

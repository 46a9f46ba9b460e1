"""A municipality's own dated value for a declared parameter (decision D-15): which parameters a
municipality may record, what kind of value each takes, and how a value typed in Brazilian format
(web) or sent as JSON (API) is checked before it becomes an override.

The kind of a parameter is read from its declaration, never from its name: the unit (``BRL-cents``,
``fraction``, ``date``, an acronym of a fiscal unit such as ``UFPI``…) and, where the unit says
nothing more, the type of the values the rulebook ships. Values are stored the way the rulebooks'
YAML holds them, so rules read an override exactly as they read the shipped value: money in integer
cents, fractions and percentages as decimal text (``"0.05"``), dates as ISO text.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from .bindings import RULEBOOKS
from .citations import LAW_TITLES
from .money import brl, to_cents
from .parameters import Parameter, tree


class Kind(StrEnum):
    MONEY = "money"  # integer cents
    INTEGER = "integer"  # days, years, points, vehicles…
    FISCAL_UNITS = "fiscal_units"  # an amount in a fiscal unit (UFPI, UPFBG): fines (D-5)
    FRACTION = "fraction"  # 0.05 = 5 % (tax rates, D-14)
    PERCENT = "percent"
    DATE = "date"
    TEXT = "text"
    TEXT_LIST = "text_list"


#: What the user is asked to type, per kind (Portuguese).
HINTS: dict[Kind, str] = {
    Kind.MONEY: "em reais, com vírgula nos centavos (ex.: 7,25)",
    Kind.INTEGER: "número inteiro (ex.: 30)",
    Kind.FISCAL_UNITS: "quantidade da unidade fiscal (ex.: 50 ou 2,5)",
    Kind.FRACTION: "fração decimal entre 0 e 1 (ex.: 0,05 para 5 %)",
    Kind.PERCENT: "percentual (ex.: 20 ou 12,5)",
    Kind.DATE: "data (dd/mm/aaaa)",
    Kind.TEXT: "texto",
    Kind.TEXT_LIST: "itens separados por vírgula (ex.: B, C, D)",
}

#: Units counted in whole numbers whose rulebooks may ship no value at all (regulation data, D-10).
_INTEGER_UNITS = frozenset(
    {"calendar-days", "business-days", "days", "months", "years", "points", "instalments"}
)
# Amounts in a fiscal unit are declared with the unit's acronym as their unit (UFPI, UPFBG).
_FISCAL_UNIT = re.compile(r"^[A-Z]{3,8}$")


class KindUnknown(LookupError):
    """A declared parameter whose unit and values say nothing of the kind of its value."""


class ValueInvalid(ValueError):
    """The value typed or sent does not fit the parameter; the message is Portuguese."""


def is_fiscal_unit(unit: str) -> bool:
    return bool(_FISCAL_UNIT.match(unit))


def kind_of(p: Parameter) -> Kind:
    unit = p.unit
    if unit in ("cents", "BRL-cents") or unit.startswith(("BRL-cents-per-", "cents-per-")):
        return Kind.MONEY
    if is_fiscal_unit(unit):
        return Kind.FISCAL_UNITS
    if unit == "fraction":
        return Kind.FRACTION
    if unit == "percent":
        return Kind.PERCENT
    if unit == "date":
        return Kind.DATE
    shipped = [v.value for v in p.values if v.value is not None]
    if shipped and all(isinstance(v, int) and not isinstance(v, bool) for v in shipped):
        return Kind.INTEGER
    if shipped and all(isinstance(v, list) for v in shipped):
        return Kind.TEXT_LIST
    if shipped and all(isinstance(v, str) for v in shipped):
        return Kind.TEXT
    if not shipped and unit in _INTEGER_UNITS:
        return Kind.INTEGER
    raise KindUnknown(f"parameter {p.name}: kind of value unknown (unit {unit!r})")


# --- which parameters a municipality's laws declare ----------------------------------------------


def law_prefix(law_id: str) -> str:
    """``ipatinga.mototaxi-2013`` → ``mototaxi_2013``, the folder of that law's parameters."""
    return law_id.split(".", 1)[1].replace("-", "_")


def law_of(name: str) -> str | None:
    """The law id a parameter belongs to, or None for parameters shared by every law."""
    first = name.split(".", 1)[0]
    for law_id in RULEBOOKS:
        if law_prefix(law_id) == first:
            return law_id
    return None


def parameters_for(laws: Iterable[str]) -> list[Parameter]:
    """The declared parameters that apply in a municipality: those of its laws and the shared ones
    (procedure defaults of D-17, payment terms, inspections), sorted by name."""
    own = set(laws)
    return [
        p
        for name, p in sorted(tree().parameters.items())
        if (law := law_of(name)) is None or law in own
    ]


def references_for(p: Parameter, laws: Iterable[str]) -> list[str]:
    """The parameter's references that concern a municipality applying ``laws``: a parameter shared
    by every law (e.g. the fine's payment term) drops the articles of laws the municipality does
    not apply."""
    own = set(laws)
    others = [
        LAW_TITLES[law_id].split(" (", 1)[0]
        for law_id in RULEBOOKS
        if law_id not in own and law_id in LAW_TITLES
    ]
    return [r for r in p.references if not any(r.startswith(o) for o in others)]


def fiscal_units_for(laws: Iterable[str]) -> list[str]:
    """The fiscal units the municipality's laws fix amounts in (UFPI, UPFBG…)."""
    return sorted({p.unit for p in parameters_for(laws) if is_fiscal_unit(p.unit)})


def first_date(p: Parameter) -> dt.date:
    """The first date the rulebook gives the parameter a value (the law's own start)."""
    return min(v.effective for v in p.values)


# --- reading a value ------------------------------------------------------------------------------

_BR_NUMBER = re.compile(r"^(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$")


def parse_br_decimal(text: str, places: int) -> Decimal:
    """``1.234,56`` → Decimal('1234.56'): comma for decimals, dots only between thousands."""
    t = text.strip().replace("R$", "").replace(" ", "").replace("\u00a0", "")
    if t.startswith("-"):
        raise ValueInvalid("não pode ser negativo.")
    if not _BR_NUMBER.match(t):
        raise ValueInvalid("número inválido: use vírgula para os decimais (ex.: 1.234,56).")
    whole, _, frac = t.partition(",")
    if len(frac) > places:
        raise ValueInvalid(
            f"no máximo {places} casa(s) decimal(is)." if places else "deve ser um número inteiro."
        )
    return Decimal(whole.replace(".", "") + ("." + frac if frac else ""))


def reais_in_cents(text: str) -> int:
    """An amount in reais as a person types it in Brazil (``1.234,56``, ``R$ 150``, ``20,5``) →
    cents: :func:`parse_br_decimal` with two places, so "1.500" is mil e quinhentos reais."""
    return to_cents(parse_br_decimal(text, 2))


def _decimal_of_json(value: Any, places: int) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueInvalid("deve ser um número.")
    try:
        d = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueInvalid("deve ser um número (ponto para os decimais, ex.: 0.05).") from None
    if not d.is_finite():
        raise ValueInvalid("deve ser um número.")
    if d < 0:
        raise ValueInvalid("não pode ser negativo.")
    exponent = d.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > places:
        raise ValueInvalid(f"no máximo {places} casa(s) decimal(is).")
    return d


def _decimal_text(d: Decimal) -> str:
    """Decimal → the text the YAML files use (``"0.05"``, ``"20"``), no exponent."""
    text = format(d.normalize(), "f")
    return text


def _integral_or_text(d: Decimal) -> int | str:
    return int(d) if d == d.to_integral_value() else _decimal_text(d)


def _date_of(text: str) -> str:
    t = text.strip()
    for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(t, fmt).date().isoformat()  # noqa: DTZ007 - a date only
        except ValueError:
            continue
    raise ValueInvalid("data inválida (use dd/mm/aaaa).")


def _check_range(kind: Kind, d: Decimal) -> Decimal:
    if kind is Kind.FRACTION and d > 1:
        raise ValueInvalid("uma fração deve estar entre 0 e 1 (ex.: 0,05 para 5 %).")
    if kind is Kind.FISCAL_UNITS and d == 0:
        raise ValueInvalid("deve ser maior que zero.")
    return d


_PLACES = {Kind.FISCAL_UNITS: 4, Kind.FRACTION: 6, Kind.PERCENT: 2}


def from_text(p: Parameter, text: str) -> Any:
    """A value typed on the web form (Brazilian format) → the value stored for ``p``."""
    kind = kind_of(p)
    if not text or not text.strip():
        raise ValueInvalid("informe o valor.")
    if kind is Kind.MONEY:
        return int(parse_br_decimal(text, 2) * 100)
    if kind is Kind.INTEGER:
        return int(parse_br_decimal(text, 0))
    if kind in _PLACES:
        d = _check_range(kind, parse_br_decimal(text, _PLACES[kind]))
        return _integral_or_text(d) if kind is Kind.FISCAL_UNITS else _decimal_text(d)
    if kind is Kind.DATE:
        return _date_of(text)
    if kind is Kind.TEXT_LIST:
        items = [i.strip() for i in re.split(r"[,;\n]", text) if i.strip()]
        if not items:
            raise ValueInvalid("informe ao menos um item.")
        return items
    value = text.strip()
    if len(value) > 200:
        raise ValueInvalid("no máximo 200 caracteres.")
    return value


def from_json(p: Parameter, value: Any) -> Any:
    """A value sent to the API → the value stored for ``p`` (money in integer cents)."""
    kind = kind_of(p)
    if value is None:
        raise ValueInvalid("informe o valor.")
    if kind in (Kind.MONEY, Kind.INTEGER):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueInvalid(
                "deve ser um número inteiro de centavos (ex.: 725 para R$ 7,25)."
                if kind is Kind.MONEY
                else "deve ser um número inteiro."
            )
        if value < 0:
            raise ValueInvalid("não pode ser negativo.")
        return value
    if kind in _PLACES:
        d = _check_range(kind, _decimal_of_json(value, _PLACES[kind]))
        return _integral_or_text(d) if kind is Kind.FISCAL_UNITS else _decimal_text(d)
    if kind is Kind.DATE:
        if not isinstance(value, str):
            raise ValueInvalid("deve ser uma data AAAA-MM-DD.")
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            raise ValueInvalid("deve ser uma data AAAA-MM-DD.") from None
    if kind is Kind.TEXT_LIST:
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(i, str) and i.strip() for i in value)
        ):
            raise ValueInvalid("deve ser uma lista de textos não vazia.")
        return [i.strip() for i in value]
    if not isinstance(value, str) or not value.strip():
        raise ValueInvalid("deve ser um texto não vazio.")
    if len(value.strip()) > 200:
        raise ValueInvalid("no máximo 200 caracteres.")
    return value.strip()


def show(p: Parameter, value: Any) -> str:
    """A stored value in Brazilian format, with its unit where it helps."""
    if value is None:
        return "—"
    kind = kind_of(p)
    if kind is Kind.MONEY:
        suffix = {
            "BRL-cents-per-km": " por km",
            "BRL-cents-per-hour": " por hora",
            "BRL-cents-per-item": " por volume",
            "cents-per-trip": " por corrida",
        }.get(p.unit, "")
        return brl(int(value)) + suffix
    if kind is Kind.INTEGER:
        n = int(value)
        one, many = _INTEGER_SUFFIX.get(p.unit, ("", ""))
        return f"{n:,}".replace(",", ".") + (one if n == 1 else many)
    if kind in _PLACES:
        text = _decimal_text(Decimal(str(value))).replace(".", ",")
        if kind is Kind.PERCENT:
            return f"{text} %"
        return f"{text} {p.unit}" if kind is Kind.FISCAL_UNITS else text
    if kind is Kind.DATE:
        day = value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))
        return f"{day:%d/%m/%Y}"
    if kind is Kind.TEXT_LIST:
        return ", ".join(str(i) for i in value)
    return str(value)


_INTEGER_SUFFIX = {
    "calendar-days": (" dia", " dias"),
    "business-days": (" dia útil", " dias úteis"),
    "days": (" dia", " dias"),
    "months": (" mês", " meses"),
    "years": (" ano", " anos"),
    "points": (" ponto", " pontos"),
}

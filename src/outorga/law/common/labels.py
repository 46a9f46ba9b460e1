"""How a person reads the codes the facts carry: every text a decision gives is Portuguese with
its accents, never an enum value (``permissao``, ``transporte_escolar``)."""

from __future__ import annotations

#: Public services a person may hold an outorga of, as the registry and the facts name them
#: (D-13: exclusivity is checked across every service of the municipality).
SERVICE_PT = {
    "mototaxi": "mototáxi",
    "motofrete": "motofrete",
    "taxi": "táxi",
    "aplicativo": "transporte por aplicativo",
    "transporte_escolar": "transporte escolar",
    "transporte_coletivo": "transporte coletivo",
    "outro": "outro serviço público",
}

#: The kinds of outorga of a public service.
OUTORGA_KIND_PT = {
    "permissao": "permissão",
    "concessao": "concessão",
    "autorizacao": "autorização",
}

#: Kinds of vehicle as the registry records them.
VEHICLE_KIND_PT = {
    "motocicleta": "motocicleta",
    "motoneta": "motoneta",
    "automovel": "automóvel",
    "camioneta": "camioneta",
    "similar": "similar a automóvel de passeio",
    "outro": "outro",
}


def service_label(code: str) -> str:
    """A service as a person reads it; a code this table does not know is shown as words."""
    return SERVICE_PT.get(code, code.replace("_", " "))


def outorga_kind_label(code: str) -> str:
    return OUTORGA_KIND_PT.get(code, code.replace("_", " "))


def vehicle_kind_label(code: str) -> str:
    return VEHICLE_KIND_PT.get(code, code.replace("_", " "))


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case and the rest as written — unlike
    ``str.capitalize``, which lowers "Bandeira I" to "bandeira i" and "CPF" to "cpf"."""
    return text[:1].upper() + text[1:]


#: A law's period as a person reads it, by its unit ("years" | "months"): singular, plural.
_UNIT_PT = {"years": ("ano", "anos"), "months": ("mês", "meses")}
#: The words the laws use for their periods ("inspeção semestral", "renovado anualmente"), said
#: only while the period in force is the one they name (D-15): another is said in numbers.
_PERIODIC_PT = {("months", 6): "semestral", ("months", 12): "anual", ("years", 1): "anual"}
_EVERY_PT = {
    ("months", 6): "semestralmente",
    ("months", 12): "anualmente",
    ("years", 1): "anualmente",
}


def period_pt(value: int, unit: str) -> str:
    """A period in numbers: "1 ano", "6 meses"."""
    one, many = _UNIT_PT[unit]
    return f"{value} {one if value == 1 else many}"


def periodic_pt(value: int, unit: str) -> str:
    """The adjective of a period in force: "semestral", "anual", else "a cada 4 meses"."""
    return _PERIODIC_PT.get((unit, value)) or f"a cada {period_pt(value, unit)}"


def every_pt(value: int, unit: str) -> str:
    """The adverb of a period in force: "semestralmente", "anualmente", else "a cada 2 anos"."""
    return _EVERY_PT.get((unit, value)) or f"a cada {period_pt(value, unit)}"


def following_pt(value: int, unit: str) -> str:
    """The period after the one running: "o ano seguinte", else "os 2 anos seguintes"."""
    one, many = _UNIT_PT[unit]
    return f"o {one} seguinte" if value == 1 else f"os {value} {many} seguintes"


def either_pt(values: list[str] | tuple[str, ...]) -> str:
    """Alternatives as a person reads them: "B, C, D ou E"; one alone as itself."""
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} ou {items[-1]}"

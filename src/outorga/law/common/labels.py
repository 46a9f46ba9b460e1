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

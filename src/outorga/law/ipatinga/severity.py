"""The natures of the infractions both Ipatinga laws punish with a fine — mototaxi art. 37 and taxi
art. 41, §2º name the same four (leve, média, grave, gravíssima, as the CTB does in its art. 258)."""

from __future__ import annotations

from enum import StrEnum


class Severity(StrEnum):
    """Natureza da infração punida com multa (mototáxi art. 37; táxi art. 41, §2º)."""

    LEVE = "leve"
    MEDIA = "media"
    GRAVE = "grave"
    GRAVISSIMA = "gravissima"


SEVERITY_PT = {
    Severity.LEVE: "leve",
    Severity.MEDIA: "média",
    Severity.GRAVE: "grave",
    Severity.GRAVISSIMA: "gravíssima",
}

"""Citations of articles: law id + article + paragraph + inciso + alínea, rendered in Portuguese."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

LAW_TITLES: dict[str, str] = {
    "ipatinga.mototaxi-2013": "Lei de mototáxi de Ipatinga (2013)",
    "ipatinga.taxi-2017": "Lei do táxi de Ipatinga (2017)",
    "barra-do-garcas.apps-2025": "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)",
    "federal.9784-1999": "Lei Federal 9.784/1999",
    "federal.ctb-1997": "Código de Trânsito Brasileiro (Lei Federal 9.503/1997)",
    "federal.cpc-2015": "Código de Processo Civil (Lei Federal 13.105/2015)",
    "federal.lgpd-2018": "LGPD, Lei Federal 13.709/2018",
    "outorga.decisions": "Decisões de interpretação do Outorga",
}


@dataclass(frozen=True, order=True)
class Citation:
    """A pointer into a law: ``law`` is an id of :data:`LAW_TITLES`."""

    law: str
    article: str | None = None
    paragraph: str | None = None  # "1", "2", "único"
    inciso: str | None = None  # roman numeral
    alinea: str | None = None  # letter
    note: str | None = None  # free text, e.g. a court suspension reference

    def __post_init__(self) -> None:
        if self.law not in LAW_TITLES:
            raise ValueError(f"unknown law id {self.law!r}")

    @property
    def is_decision(self) -> bool:
        return self.law == "outorga.decisions"

    def render(self) -> str:
        """Portuguese rendering, e.g. ``Lei de mototáxi de Ipatinga (2013), art. 32, I``;
        written once per citation (every explanation renders the same few)."""
        try:
            return self.__dict__["_rendered"]
        except KeyError:
            text = self.__dict__["_rendered"] = self._render()
            return text

    def _render(self) -> str:
        if self.is_decision:
            text = f"decisão {self.article}"
            return f"{text} ({self.note})" if self.note else text
        parts = [LAW_TITLES[self.law]]
        if self.article:
            parts.append(f"art. {self.article}")
        if self.paragraph:
            parts.append("parágrafo único" if self.paragraph == "único" else f"§{self.paragraph}")
        if self.inciso:
            parts.append(self.inciso)
        if self.alinea:
            parts.append(f"alínea {self.alinea}")
        text = ", ".join(parts)
        return f"{text} ({self.note})" if self.note else text

    def compact(self) -> str:
        """Machine form ``LAW_ID art. N, §M, X, y`` accepted by :func:`parse`."""
        bits = [f"art. {self.article}"] if self.article else []
        if self.paragraph:
            bits.append(f"§{self.paragraph}")
        if self.inciso:
            bits.append(self.inciso)
        if self.alinea:
            bits.append(self.alinea)
        return f"{self.law} {', '.join(bits)}".strip()

    def __hash__(self) -> int:  # once per citation: explanations hash the same few many times
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = self.__dict__["_hash"] = hash(
                (self.law, self.article, self.paragraph, self.inciso, self.alinea, self.note)
            )
            return value

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone: the hash kept above is of this process (strings hash per process)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def to_json(self) -> dict[str, str]:
        try:
            return dict(self.__dict__["_json"])
        except KeyError:
            self.__dict__["_json"] = self._to_json()
            return dict(self.__dict__["_json"])

    def _to_json(self) -> dict[str, str]:
        data = {
            "law": self.law,
            "article": self.article,
            "paragraph": self.paragraph,
            "inciso": self.inciso,
            "alinea": self.alinea,
            "note": self.note,
        }
        out = {k: v for k, v in data.items() if v is not None}
        out["text"] = self.render()
        return out

    def __str__(self) -> str:
        return self.render()


@lru_cache(maxsize=4096)
def cite(
    law: str,
    art: str | int | None = None,
    par: str | int | None = None,
    inc: str | None = None,
    ali: str | None = None,
    note: str | None = None,
) -> Citation:
    return Citation(
        law,
        None if art is None else str(art),
        None if par is None else str(par),
        inc,
        ali,
        note,
    )


@lru_cache(maxsize=1024)
def decision(number: int, note: str | None = None) -> Citation:
    """Cite one of the product's readings of an open text (rules.md §4, ``decision D-n``)."""
    return Citation("outorga.decisions", f"D-{number}", note=note)


_COMPACT = re.compile(
    r"^(?P<law>[a-z0-9.\-]+)(?:\s+art\.\s*(?P<art>[\w\-]+))?"
    r"(?:,\s*§\s*(?P<par>[\wú]+))?(?:,\s*(?P<inc>[IVXLC]+))?(?:,\s*(?P<ali>[a-z]))?$"
)


def parse(text: str) -> Citation:
    """Parse the compact form (``ipatinga.mototaxi-2013 art. 32, §1, I, a``)."""
    m = _COMPACT.match(text.strip())
    if not m:
        raise ValueError(f"not a citation: {text!r}")
    return Citation(m["law"], m["art"], m["par"], m["inc"], m["ali"])


def render_many(citations: Iterable[Citation]) -> str:
    """Several citations as a person writes them: each law's title once, before its first article
    ("Lei de mototáxi de Ipatinga (2013), art. 6, §4; art. 14, §2")."""
    out: list[str] = []
    last: str | None = None
    for c in citations:
        text = c.render()
        title = LAW_TITLES[c.law]
        if c.law == last and not c.is_decision and text.startswith(f"{title}, "):
            text = text[len(title) + 2 :]
        out.append(text)
        last = c.law
    return "; ".join(out)


def render_within(citations: Iterable[Citation], law: str) -> str:
    """:func:`render_many` on a page that already names ``law``: its articles without its title
    ("art. 4, II; art. 14, I"); another law's, and the product's decisions, as they render."""
    prefix = f"{LAW_TITLES.get(law, law)}, "
    return "; ".join(
        c.render().removeprefix(prefix) if c.law == law else c.render() for c in citations
    )


#: Lei Federal 9.784/1999, the federal administrative procedure law, cited by every municipal law
#: that leaves its procedure to it (D-17).
LEI_9784 = "federal.9784-1999"
#: The LGPD, Lei Federal 13.709/2018: the personal data a screen, a log or an answer reserves.
LGPD = "federal.lgpd-2018"
#: An article of a federal law as :func:`federal_many` takes it: the article, or a tuple (article,
#: paragraph[, inciso]).
Place = str | int | tuple[str | int | None, ...]


def federal_cited(
    law: str,
    article: str | int | None = None,
    par: str | int | None = None,
    inc: str | None = None,
) -> str:
    """A citation of a federal law (``law`` an id of :data:`LAW_TITLES`) as every text a person
    reads writes it — a page, a form's label, a service's refusal, an act's name, an API
    description: the rendering of its :class:`Citation`, never written by hand. Without an
    article, the law's title alone."""
    return cite(law, article, par, inc).render()


def federal_many(law: str, *places: Place) -> str:
    """Several articles of a federal law, the title once ("Lei Federal 9.784/1999, art. 56, §1;
    art. 64"): each place as :data:`Place` says."""
    return render_many(
        cite(law, *(place if isinstance(place, tuple) else (place,))) for place in places
    )


def lei_9784(
    article: str | int | None = None, par: str | int | None = None, inc: str | None = None
) -> str:
    """Lei 9.784/1999 as :func:`federal_cited` renders it ("Lei Federal 9.784/1999, art. 26,
    §5")."""
    return federal_cited(LEI_9784, article, par, inc)


def lei_9784_many(*places: Place) -> str:
    """Several articles of Lei 9.784/1999 (:func:`federal_many`)."""
    return federal_many(LEI_9784, *places)


def lgpd(
    article: str | int | None = None, par: str | int | None = None, inc: str | None = None
) -> str:
    """The LGPD as :func:`federal_cited` renders it ("LGPD, Lei Federal 13.709/2018, art. 6,
    III")."""
    return federal_cited(LGPD, article, par, inc)


def lgpd_many(*places: Place) -> str:
    """Several articles of the LGPD (:func:`federal_many`)."""
    return federal_many(LGPD, *places)

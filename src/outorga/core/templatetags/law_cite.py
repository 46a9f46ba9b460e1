"""A page cites the law in force, never an article or a number of its own: ``{% law_cite subject
"concept" %}``, ``{% law_number subject "concept" %}``."""

from __future__ import annotations

from typing import Any

from django import template

from outorga.core import lawctx
from outorga.core.lawseam import cited_for, limit_for, period_for
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import current_municipality_or_none
from outorga.law.citations import LEI_9784, LGPD, Place, federal_cited, federal_many
from outorga.law.common.judgment import extension_cited
from outorga.law.common.labels import periodic_pt
from outorga.law.context import Context as LawContext
from outorga.law.money import number_br

register = template.Library()


@register.simple_tag
def law_cite(subject: Any, *concepts: str) -> str:
    """The articles the law governing ``subject`` names for ``concepts`` (its ``CITES``, through
    the law seam), without its title: ``subject`` is the record the page shows (a permit, a case:
    the law it is read under), a record with a service (a tender), or a service's code
    (``"taxi"``, ``"mototaxi"``, ``"aplicativo"``: the law bound to it in the current municipality
    today). A taxi page shows the taxi law's article, another municipality's law its own; empty
    where the law names none."""
    return cited_for(subject, *concepts, m=current_municipality_or_none())


def _facts_today(context: template.Context, m: Municipality) -> LawContext:
    """``m``'s facts today (its dated values, calendar…), read once for the page: every number
    a page says is read from them, on one request."""
    request = context.get("request")
    read: dict[int, LawContext] = (
        request.__dict__.setdefault("_law_facts_today", {}) if request is not None else {}
    )
    if m.pk not in read:
        read[m.pk] = lawctx.context(m, today_of(m))
    return read[m.pk]


@register.simple_tag(takes_context=True)
def law_number(context: template.Context, subject: Any, concept: str) -> str:
    """The number the law in force for ``subject`` sets today for ``concept`` (its ``LIMITS``,
    through the law seam), in Brazilian form — what a page says of the law ("até 90 dias"),
    never a number of its own. ``subject`` as in :func:`law_cite`: a permit reads its own law,
    once ended too. "—" where no law governs it (outside a municipality too); a concept the law
    does not declare is the template's mistake and raises."""
    m = current_municipality_or_none()
    if m is None:
        return "—"
    found = limit_for(subject, concept, m, _facts_today(context, m))
    return number_br(found.value) if found is not None else "—"


@register.simple_tag(takes_context=True)
def law_periodic(context: template.Context, subject: Any, concept: str) -> str:
    """The period the law in force for ``subject`` sets today for ``concept`` (its ``LIMITS``, in
    years or months) as an adjective: the law's own word while it is the law's period ("anual",
    "semestral"), else in numbers ("a cada 2 anos"). As :func:`law_number` otherwise."""
    m = current_municipality_or_none()
    if m is None:
        return "—"
    return period_for(subject, concept, m, periodic_pt, _facts_today(context, m))


@register.simple_tag
def judgment_extension_cite() -> str:
    """Lei 9.784/1999 art. 59 §2 — the extension of the period to judge an appeal — as the law
    core renders it, the same text on every page, in
    every form and in the services' messages: ``{% judgment_extension_cite %}``."""
    return extension_cited()


@register.simple_tag
def lei_9784(
    article: str | int | None = None, par: str | int | None = None, inc: str | None = None
) -> str:
    """A citation of Lei 9.784/1999 as the law core renders it ("Lei Federal 9.784/1999, art. 26,
    §5"), the same text on every page as in the services' messages: ``{% lei_9784 26 5 %}``,
    ``{% lei_9784 63 inc="I" %}``."""
    return federal_cited(LEI_9784, article, par, inc)


def _places(places: tuple[str | int, ...]) -> list[Place]:
    """A tag's places: an article, or "article,paragraph[,inciso]" (an empty part: none)."""
    return [
        tuple(part or None for part in str(place).split(",")) if "," in str(place) else place
        for place in places
    ]


@register.simple_tag
def lei_9784_list(*places: str | int) -> str:
    """Several articles of Lei 9.784/1999, the title once ("Lei Federal 9.784/1999, art. 56, §1;
    art. 64"): each place an article or "article,paragraph" — ``{% lei_9784_list "56,1" 64 %}``."""
    return federal_many(LEI_9784, *_places(places))


@register.simple_tag
def lgpd(
    article: str | int | None = None, par: str | int | None = None, inc: str | None = None
) -> str:
    """A citation of the LGPD as the law core renders it ("LGPD, Lei Federal 13.709/2018, art. 6,
    III"): ``{% lgpd 6 inc="III" %}``."""
    return federal_cited(LGPD, article, par, inc)


@register.simple_tag
def lgpd_list(*places: str | int) -> str:
    """Several articles of the LGPD, the title once: ``{% lgpd_list "6,,III" 11 %}``."""
    return federal_many(LGPD, *_places(places))

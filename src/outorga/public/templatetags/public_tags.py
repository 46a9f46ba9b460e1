"""What a municipality's public pages offer, for the header every public page shares."""

from __future__ import annotations

from django import template

from outorga.core.models import Municipality

from ..selectors.permits import Offers, offers

register = template.Library()


@register.simple_tag
def offers_of(m: Municipality) -> Offers:
    return offers(m)

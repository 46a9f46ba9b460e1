"""The auto form's infraction picker: a list of choices grouped by nature, gravíssima first, each
with its article — readable on a phone and complete without the script that filters it."""

from __future__ import annotations

import re

from django.test import Client

from outorga.enforcement.lawbridge import catalog
from outorga.law.competence import Role


def _fiscal(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    return c


def test_every_infraction_is_a_radio_choice_grouped_by_nature_with_its_article(world, user_of):
    page = _fiscal(user_of).get(f"/fiscalizacao/autos/novo/?permit={world.permit.pk}").content
    html = page.decode()
    assert '<select id="code"' not in html
    kinds = catalog(world.permit.law)
    codes = re.findall(r'<input type="radio" name="code" value="([^"]+)" required', html)
    assert sorted(codes) == sorted(k.code for k in kinds) and len(codes) > 40
    natures = re.findall(
        r'<fieldset class="picker-group" data-group>\s*<legend>([^<]+)</legend>', html
    )
    assert natures == ["Gravíssima", "Grave", "Média", "Leve"]
    # Each choice names its article, not the law's title, with the nature spelt with accents.
    option = re.search(r'value="art38-II" required>\s*<span>(.*?)</span>\s*</label>', html, re.S)
    assert option is not None
    assert "<strong>art. 38, II</strong>" in option.group(1)
    assert "asseio" in option.group(1) and "(leve)" in option.group(1)
    assert "(media)" not in html and "(gravissima)" not in html
    # The filter is the script's: without it, nothing shows an input that does nothing.
    assert re.search(r'<div class="br-input mb-1" data-picker-filter hidden>', html)


def test_without_a_permit_the_unlicensed_service_comes_first(world, user_of):
    html = _fiscal(user_of).get("/fiscalizacao/autos/novo/?servico=mototaxi").content.decode()
    codes = re.findall(r'name="code" value="([^"]+)"', html)
    assert codes[0] == "art35" and codes.count("art35") == 1


def test_a_refused_auto_keeps_the_chosen_infraction(world, user_of):
    r = _fiscal(user_of).post(
        f"/fiscalizacao/autos/novo/?permit={world.permit.pk}",
        {"permit": world.permit.pk, "code": "art38-II", "committed_by": "holder"},
    )
    assert r.status_code == 422
    assert 'value="art38-II" required checked' in r.content.decode()

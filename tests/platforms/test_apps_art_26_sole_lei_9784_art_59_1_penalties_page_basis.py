"""Art. 26, sole paragraph, with D-17: the authority's queue of platform appeals names what the
period to judge them rests on as the law core answers it — the regulation's days (art. 27), else
the 30 of Lei 9.784/1999 art. 59 §1 rendered from its citations — never a citation or a number
written by hand in the page."""

from __future__ import annotations

import datetime as dt

from django.test import Client

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role


def _queue_intro(user_of) -> str:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    html = c.get("/plataformas/penalidades/").content.decode()
    return html.split('id="recursos"')[1].split("<table")[0]


def test_art_26_sole_d_17_lei_9784_art_59_1_the_queue_renders_the_default_s_grounds(
    barra_m, user_of
):
    intro = _queue_intro(user_of)
    assert (
        "prazo do regulamento ou, na falta, 30 dias do recebimento — Lei Federal 9.784/1999, "
        "art. 59, §1; decisão D-17"
    ) in intro, intro
    assert "Lei 9.784/1999, art. 56, §1º, e art. 59, §1º" not in intro


def test_art_26_sole_art_27_a_regulation_s_days_are_what_the_queue_names(barra_m, user_of):
    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.procedure_appeal_judgment_days",
            effective=dt.date(2025, 6, 1),
            value=20,
            legal_reference="Decreto de teste que regulamenta o art. 26",
            example=True,
        )
    intro = _queue_intro(user_of)
    assert "prazo do regulamento: 20 dias do recebimento" in intro, intro
    assert "30 dias" not in intro and "9.784" not in intro

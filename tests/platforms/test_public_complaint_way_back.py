"""The citizen's complaint about a platform (apps law art. 11, III; art. 15) is a public page of
the municipality: it carries the municipality's public menu — the way back to its plate check,
tariffs and complaint tracking — as every other public page does, not the bare staff header."""

from __future__ import annotations

from django.test import Client


def test_the_complaint_form_leads_back_to_the_municipalitys_public_pages(barra_m):
    html = Client().get("/reclamacao/?municipio=barra-do-garcas").content.decode()
    assert "Prefeitura de Barra do Garças/MT" in html
    assert 'href="/publico/barra-do-garcas/placa/"' in html
    assert 'href="/publico/barra-do-garcas/tarifas/"' in html
    assert "Enviar reclamação" in html
    assert "{#" not in html and "#}" not in html  # no template comment leaks to the page

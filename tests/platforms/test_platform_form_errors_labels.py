"""Style (user-facing text in Portuguese naming the field): a staff screen of the platforms area
that refuses a form names each field by its label — with the article the label cites — never by
its code, and a refusal of the whole form by its text alone."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform


@pytest.fixture
def authority_client(user_of: Any) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    return c


def _page(r: Any) -> str:
    assert r.status_code == 200
    return " ".join(str(m) for m in r.context["messages"])


def test_style_a_refused_contact_email_names_the_field_by_its_label(authority_client, barra_m):
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    r = authority_client.post(
        f"/plataformas/{p.pk}/dados/",
        {
            "cadastro_mobiliario": p.cadastro_mobiliario,
            "complaint_channel": p.complaint_channel,
            "contact_email": "isto-não-é-e-mail",
        },
        follow=True,
    )
    shown = _page(r)
    assert "E-mail: Informe um endereço de email válido." in shown
    assert "contact_email" not in shown


def test_art_26_ii_a_refused_penalty_form_names_its_fields_and_the_article(
    authority_client, barra_m
):
    with tenant(barra_m):
        p = Platform.objects.get(cnpj="07220658568510")
    r = authority_client.post(
        f"/plataformas/{p.pk}/penalidade/",
        {"kind": "fine", "infraction_on": "2026-03-02", "fine_upfbg": "muito"},
        follow=True,
    )
    shown = _page(r)
    assert "Fundamentação: Este campo é obrigatório." in shown
    assert "Multa em UPFBG (até 500; art. 26, II): Informe um número." in shown
    for code in ("reasoning", "fine_upfbg", "defence_notice_on", "description"):
        assert code not in shown


def test_style_a_refusal_of_the_whole_form_is_shown_without_a_code(rf: Any) -> None:
    from django import forms
    from django.contrib.messages import get_messages
    from django.contrib.messages.storage.fallback import FallbackStorage

    from outorga.core.formerrors import form_messages

    class Pair(forms.Form):
        start = forms.DateField(label="Início")

        def clean(self) -> dict[str, Any]:
            raise forms.ValidationError("O período está invertido (art. 5º).")

    request = rf.post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    form = Pair({"start": "ontem"})
    form.is_valid()
    form_messages(request, form)
    shown = [str(m) for m in get_messages(request)]
    assert shown == ["Início: Informe uma data válida.", "O período está invertido (art. 5º)."]

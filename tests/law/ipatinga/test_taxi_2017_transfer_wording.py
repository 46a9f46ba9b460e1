"""Art. 13, parágrafo único and art. 14 of the Ipatinga taxi law: the refusal of a transfer reads as
a Portuguese sentence naming the article, whatever the reason the clerk picked."""

import pytest

from outorga.law.ipatinga.taxi_2017.transfer import (
    art_13_sole_paragraph_non_transferable,
    art_14_clandestine_cassacao,
)

RULE = (
    "pelo art. 13, parágrafo único, da Lei do táxi, a permissão só se transfere no caso de "
    "falecimento ou incapacidade do permissionário pessoa física."
)


def test_art_13_par_unico_another_reason_is_refused_in_plain_words():
    r = art_13_sole_paragraph_non_transferable("outro")
    assert r.message == f"Transferência não admitida pelo motivo informado: {RULE}"
    assert [(c.article, c.paragraph) for c in r.citations] == [("13", "único")]


@pytest.mark.parametrize(
    ("event", "words"),
    [("cessao", "cessão"), ("doacao", "doação"), ("comercializacao", "comercialização")],
)
def test_art_13_par_unico_the_event_is_named_in_portuguese(event, words):
    r = art_13_sole_paragraph_non_transferable(event)
    assert r.message == f"Transferência por {words} não admitida: {RULE}"


def test_art_13_par_unico_a_company_holders_death_is_no_ground():
    r = art_13_sole_paragraph_non_transferable("falecimento")
    assert r.message.startswith(
        "Transferência por falecimento não admitida: o permissionário não é pessoa física; "
    )


def test_art_14_the_act_done_is_named_in_portuguese():
    assert art_14_clandestine_cassacao("comercializacao").message.startswith(
        "Houve comercialização da permissão sem amparo legal"
    )

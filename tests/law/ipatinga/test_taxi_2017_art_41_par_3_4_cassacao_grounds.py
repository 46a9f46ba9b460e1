"""Art. 41, IV and §3: the cassação of the taxista's inscription leaves "o infrator punido"
barred from driving a taxi — it punishes the taxista who committed the infraction, whom the auto
must identify; art. 41, §3–4: a cassação punishes the infraction of one auto, and the auto
cancelled leaves it without basis. The law's ``penalty`` question reads both from the facts the
records give: who committed the auto (``offender``) and whether it was cancelled
(``auto_cancelled``)."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)
OFFENDER_RULE = "taxi_2017.art_41_par_3_the_offender_punished"
STANDING_RULE = "taxi_2017.art_41_par_3_4_a_standing_auto"


def penalty(ctx, infraction: str, requested: str, **facts) -> Decision:
    return ask(
        "ipatinga.taxi-2017.penalty",
        ctx,
        {
            "infraction": infraction,
            "committed_on": "2024-02-20",
            "imposed_on": "2024-03-20",
            "requested": requested,
            **facts,
        },
    )


def propose(ctx, requested: str, **facts) -> Decision:
    return penalty(
        ctx,
        "recusa_passageiro" if requested.endswith("cadastro") else "suspensao_servico",
        requested,
        proposal=True,
        infraction_final=True,
        **facts,
    )


def test_art_41_par_3_register_cassacao_of_an_unidentified_offender_may_not_be_proposed(ipatinga):
    d = propose(ipatinga(ON), "cassacao_cadastro", offender="desconhecido")
    assert d.outcome["may_propose"] is False
    (refused,) = d.refusals
    assert refused.rule == OFFENDER_RULE
    assert refused.message == (
        "A cassação do cadastro pune o taxista infrator, que o auto não identifica."
    )
    assert {c.compact() for c in refused.citations} == {
        "ipatinga.taxi-2017 art. 41, IV",
        "ipatinga.taxi-2017 art. 41, §3",
    }


@pytest.mark.parametrize("offender", ["titular", "auxiliar"])
def test_art_41_par_3_register_cassacao_of_the_identified_offender_may_be_proposed(
    ipatinga, offender
):
    d = propose(ipatinga(ON), "cassacao_cadastro", offender=offender)
    assert d.outcome["may_propose"] is True and not d.refusals
    rule = next(r for r in d.reasons if r.rule == OFFENDER_RULE)
    assert offender in rule.message


def test_art_41_par_4_the_permissions_cassacao_does_not_read_the_offender(ipatinga):
    """The permission's cassação (§4) is the holder's, whoever committed the infraction."""
    d = propose(ipatinga(ON), "cassacao_permissao", offender="desconhecido")
    assert d.outcome["may_propose"] is True
    assert OFFENDER_RULE not in {r.rule for r in d.reasons}


@pytest.mark.parametrize("requested", ["cassacao_cadastro", "cassacao_permissao"])
def test_art_41_par_3_4_a_cancelled_auto_leaves_the_cassacao_without_basis(ipatinga, requested):
    """At the Chief Executive's decision, notified and the defence period over."""
    d = penalty(
        ipatinga(ON),
        "suspensao_servico",
        requested,
        notified_on="2024-02-25",
        auto_cancelled=True,
        offender="titular",
    )
    assert d.outcome["may_impose"] is False
    (refused,) = d.refusals
    assert refused.rule == STANDING_RULE
    assert refused.message == (
        "O auto de infração que fundamenta a proposta foi cancelado: a cassação perdeu a base."
    )
    assert {c.compact() for c in refused.citations} == {
        "ipatinga.taxi-2017 art. 41, §3",
        "ipatinga.taxi-2017 art. 41, §4",
    }


@pytest.mark.parametrize("requested", ["cassacao_cadastro", "cassacao_permissao"])
def test_art_41_par_3_4_a_standing_auto_lets_the_cassacao_be_imposed(ipatinga, requested):
    d = penalty(
        ipatinga(ON),
        "suspensao_servico",
        requested,
        notified_on="2024-02-25",
        auto_cancelled=False,
        offender="auxiliar",
    )
    assert d.outcome["may_impose"] is True and not d.refusals
    assert STANDING_RULE in {r.rule for r in d.reasons}

"""Art. 41 §3–5 when a cassação is only proposed (D-3): the nature decides whether it may be
proposed, the infraction must be final (D-1), and the notice of §5 is the proposal's own, so it is
not yet required when the process opens."""

import datetime as dt

from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)


def propose(ctx, infraction: str, requested: str, **facts) -> Decision:
    return ask(
        "taxi.penalty",
        ctx,
        {
            "infraction": infraction,
            "committed_on": "2024-02-20",
            "imposed_on": "2024-03-20",
            "requested": requested,
            "proposal": True,
            **facts,
        },
    )


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def test_art_41_par_4_permit_cassacao_of_a_final_gravissima_may_be_proposed_before_any_notice(
    ipatinga,
):
    d = propose(ipatinga(ON), "suspensao_servico", "cassacao_permissao", infraction_final=True)
    assert d.outcome["may_propose"] is True and d.outcome["may_impose"] is False
    assert not d.refusals
    notice = next(r for r in d.reasons if r.rule.endswith("art_41_par_5_prior_notice"))
    assert notice.verdict is Verdict.INFO
    assert "cassação da permissão" in d.summary


def test_art_41_par_4_permit_cassacao_of_a_grave_may_not_be_proposed(ipatinga):
    d = propose(ipatinga(ON), "recusa_passageiro", "cassacao_permissao", infraction_final=True)
    assert d.outcome["may_propose"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §4", "outorga.decisions art. D-3"}


def test_art_41_par_3_register_cassacao_of_a_final_grave_may_be_proposed(ipatinga):
    d = propose(ipatinga(ON), "tarifa_diferente", "cassacao_cadastro", infraction_final=True)
    assert d.outcome["may_propose"] is True


def test_art_41_par_3_register_cassacao_of_a_media_may_not_be_proposed(ipatinga):
    d = propose(ipatinga(ON), "descumprimento_termo", "cassacao_cadastro", infraction_final=True)
    assert d.outcome["may_propose"] is False
    assert "ipatinga.taxi-2017 art. 41, §3" in refusal_citations(d)


def test_d_1_a_cassacao_is_not_proposed_on_an_infraction_not_yet_final(ipatinga):
    d = propose(ipatinga(ON), "suspensao_servico", "cassacao_permissao", infraction_final=False)
    assert d.outcome["may_propose"] is False
    assert "outorga.decisions art. D-1" in refusal_citations(d)


def test_art_41_par_5_the_decision_still_needs_the_notice_and_the_defence_period(ipatinga):
    # Deciding (no "proposal"): notified 01/03/2024, defence (D-17) until 11/03/2024.
    base = {
        "infraction": "suspensao_servico",
        "committed_on": "2024-02-20",
        "requested": "cassacao_permissao",
        "notified_on": "2024-03-01",
    }
    early = ask("taxi.penalty", ipatinga(ON), {**base, "imposed_on": "2024-03-11"})
    assert early.outcome["may_impose"] is False
    assert "ipatinga.taxi-2017 art. 41, §5" in refusal_citations(early)
    late = ask("taxi.penalty", ipatinga(ON), {**base, "imposed_on": "2024-03-12"})
    assert late.outcome["may_impose"] is True

"""Art. 42, caput: the measures "poderão ser aplicadas individual ou cumulativamente" — one final
auto backs one suspension of the permission (V) and one of each offender's inscription (IV),
never the same measure twice, even after the first has run out."""

import datetime as dt

import pytest

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2024, 5, 20)
PERMIT_SUSPENSION = "ipatinga.taxi-2017.permit_suspension"
REGISTER_SUSPENSION = "ipatinga.taxi-2017.register_suspension"
RULE = "taxi_2017.art_42_caput_the_same_measure_not_twice"
FINAL_AUTO = {"kind": "auto", "auto": "AI-7", "final": True, "final_on": "2024-03-10"}
PERMISSION_SUSPENDED = {"target": "permissao", "start": "2024-03-11"}
HOLDER, AUXILIARY = "11", "22"


def _ask(question: str, ipatinga, backed: list[dict[str, str]], **more: str) -> Decision:  # type: ignore[no-untyped-def]
    grounds = {**FINAL_AUTO, **more, "suspensions_backed": backed}
    return ask(question, ipatinga(ON), {"days": 30, "start": "2024-05-20", "grounds": grounds})


def _refused_by_the_rule(d: Decision) -> str:
    assert d.outcome["allowed"] is False
    (refused,) = d.refusals
    assert refused.rule == RULE
    return refused.message


def test_art_42_caput_v_an_auto_that_backs_no_suspension_backs_the_permissions(ipatinga):
    d = _ask(PERMIT_SUSPENSION, ipatinga, [])
    assert d.outcome["allowed"] is True and not d.refusals
    assert RULE in {r.rule for r in d.reasons}


def test_art_42_caput_v_the_same_auto_is_refused_a_second_suspension_of_the_permission(
    ipatinga,
):
    """Not even after the first has run out (it started on 11/03, 30 days, long over by 20/05);
    the refusal names the first's start, art. 42 caput and V."""
    d = _ask(PERMIT_SUSPENSION, ipatinga, [PERMISSION_SUSPENDED])
    message = _refused_by_the_rule(d)
    assert "AI-7" in message and "11/03/2024" in message
    assert "da permissão" in message and "mesma medida duas vezes" in message
    assert {c.compact() for c in d.refusals[0].citations} == {
        "ipatinga.taxi-2017 art. 42",
        "ipatinga.taxi-2017 art. 42, V",
    }


def test_art_42_caput_v_the_refusal_names_the_first_of_two_earlier_suspensions(ipatinga):
    later = {"target": "permissao", "start": "2024-04-20"}
    message = _refused_by_the_rule(_ask(PERMIT_SUSPENSION, ipatinga, [later, PERMISSION_SUSPENDED]))
    assert "11/03/2024" in message and "20/04/2024" not in message


def test_art_42_caput_iv_v_the_other_kind_is_allowed_cumulatively(ipatinga):
    """The permission suspended on the auto, the offender's inscription may still be; and the
    inscription suspended, the permission may still be."""
    register = _ask(REGISTER_SUSPENSION, ipatinga, [PERMISSION_SUSPENDED], offender=HOLDER)
    assert register.outcome["allowed"] is True and not register.refusals
    inscription = {"target": "cadastro", "start": "2024-03-11", "offender": HOLDER}
    permission = _ask(PERMIT_SUSPENSION, ipatinga, [inscription])
    assert permission.outcome["allowed"] is True and not permission.refusals


@pytest.mark.parametrize("offender", [HOLDER, AUXILIARY])
def test_art_42_caput_iv_each_offenders_inscription_is_suspended_once(ipatinga, offender):
    """Two offenders of one auto: the inscription of the one not yet suspended is allowed; the
    one already suspended on that auto is refused, naming the day it started."""
    other = AUXILIARY if offender == HOLDER else HOLDER
    first = {"target": "cadastro", "start": "2024-04-02", "offender": other}
    allowed = _ask(REGISTER_SUSPENSION, ipatinga, [PERMISSION_SUSPENDED, first], offender=offender)
    assert allowed.outcome["allowed"] is True and not allowed.refusals
    again = {"target": "cadastro", "start": "2024-04-03", "offender": offender}
    d = _ask(REGISTER_SUSPENSION, ipatinga, [first, again], offender=offender)
    message = _refused_by_the_rule(d)
    assert "03/04/2024" in message and "do cadastro deste taxista" in message
    assert "ipatinga.taxi-2017 art. 42, IV" in {c.compact() for c in d.refusals[0].citations}


def test_art_42_caput_a_pending_auto_is_refused_for_not_being_final_first(ipatinga):
    """On an auto not yet final the art. 41 caput refusal comes first (field "auto" either way)."""
    grounds = {**FINAL_AUTO, "final": False, "suspensions_backed": [PERMISSION_SUSPENDED]}
    d = ask(
        PERMIT_SUSPENSION, ipatinga(ON), {"days": 30, "start": "2024-05-20", "grounds": grounds}
    )
    (refused,) = d.refusals
    assert refused.rule == "taxi_2017.art_41_caput_d_1_on_a_final_auto"

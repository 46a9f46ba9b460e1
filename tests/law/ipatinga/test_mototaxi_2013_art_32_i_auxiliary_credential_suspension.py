"""Art. 32, I with art. 32 caput, art. 34 and art. 2, XXV (ADR 0088): the penalty of the count is
applied "ao permissionário ou condutor auxiliar que desrespeitar" — to the condutor who reached
it. The auxiliary's own count suspends his credential ("suspensão da permissão [...] do condutor
auxiliar", art. 34; "suspensão do credenciamento de condutor auxiliar", art. 32, IV, c), not the
holder's permission. Operating inside that suspension is the cause of art. 32, IV, c."""

import datetime as dt
from typing import Any

from outorga.law.citations import cite
from outorga.law.questions import ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.penalty"
S = "ipatinga.mototaxi-2013.auxiliary_suspension"
AS_OF = dt.date(2024, 12, 1)


def inf(i: str, on: str, severity: str = "leve", aux: str | None = None) -> dict[str, Any]:
    f: dict[str, Any] = {"id": i, "committed_on": on, "severity": severity, "final": True}
    if aux is not None:
        f |= {"by_auxiliary": True, "auxiliary": aux}
    return f


AUX_THREE = [inf("a", "2024-01-10", aux="p7"), inf("b", "2024-05-10", aux="p7"),
             inf("c", "2024-11-10", aux="p7")]  # fmt: skip


def test_art_32_i_art_34_the_auxiliarys_count_suspends_his_credential_not_the_permission(
    ipatinga,
):
    d = ask(Q, ipatinga(AS_OF), {"infractions": AUX_THREE})
    s = d.outcome["suspension"]
    assert (s["target"], s["auxiliary"], s["days"]) == ("credenciamento", "p7", 15)
    assert s["return_requires_proof"] is False  # art. 32, §2 is the holder's, after his
    assert {cite(LAW, 34), cite(LAW, 2, inc="XXV"), cite(LAW, 32, inc="IV", ali="c")} <= set(
        d.citations
    )
    reason = next(r for r in d.reasons if r.rule == "art_32_i_suspension")
    assert "suspensão do credenciamento do condutor auxiliar por 15 dias" in reason.message
    assert "suspensão da permissão" not in reason.message
    assert not any(r.rule == "art_32_par2_return_after_suspension" for r in d.reasons)


def test_art_32_i_art_34_the_auxiliarys_count_verdict_only_says_the_same(ipatinga):
    from outorga.law.decisions import VERDICT_ONLY

    token = VERDICT_ONLY.set(True)
    try:
        d = ask(Q, ipatinga(AS_OF), {"infractions": AUX_THREE})
    finally:
        VERDICT_ONLY.reset(token)
    assert d.outcome["suspension"]["target"] == "credenciamento"
    assert cite(LAW, 2, inc="XXV") in d.citations


def test_art_32_i_the_holders_count_still_suspends_the_permission(ipatinga):
    facts = {"infractions": [inf("a", "2024-01-10"), inf("b", "2024-05-10"),
                             inf("c", "2024-11-10")]}  # fmt: skip
    s = ask(Q, ipatinga(AS_OF), facts).outcome["suspension"]
    assert s.get("target", "permissao") == "permissao"
    assert s["return_requires_proof"] is True


def _grounds(**kw: Any) -> dict[str, Any]:
    return {
        "kind": "escalation",
        "target": "credenciamento",
        "auxiliary": "p7",
        "days": 15,
        "infractions": ["a", "b", "c"],
        "final_on": "2025-01-10",
        "decided_on": "2025-01-20",
        **kw,
    }


def _suspension(ipatinga, start: str = "2025-01-20", days: int = 15, **grounds: Any):  # type: ignore[no-untyped-def]
    facts = {"auxiliary": "p7", "days": days, "start": start, "grounds": _grounds(**grounds)}
    return ask(S, ipatinga(dt.date(2025, 1, 20)), facts)


def test_art_32_i_art_34_the_auxiliarys_suspension_rests_on_his_count(ipatinga):
    d = _suspension(ipatinga)
    assert d.outcome["allowed"] is True
    assert d.outcome["ends_on"] == dt.date(2025, 2, 3)
    assert cite(LAW, 2, inc="XXV") in d.citations
    # Another auxiliary's count, or the holder's, does not suspend this one.
    assert _suspension(ipatinga, auxiliary="p8").outcome["allowed"] is False
    assert _suspension(ipatinga, target="permissao").outcome["allowed"] is False


def test_art_32_i_art_34_the_auxiliarys_refusal_says_the_count_s_numbers_in_force_on_the_day():
    """The refusal of a suspension without his count says the count's numbers of the day (D-1,
    D-2), never numbers written in its text: a dated value (a test value, not the law's) changes
    them on the day it takes effect and not the day before."""
    import dataclasses

    from outorga.demo import IPATINGA
    from outorga.law.context import Context
    from outorga.law.parameters import DatedValue

    def said(overrides: dict[str, Any], on: dt.date) -> str:
        ctx = Context(dataclasses.replace(IPATINGA, overrides=overrides), on)
        facts = {
            "auxiliary": "p7",
            "days": 15,
            "start": on.isoformat(),
            "grounds": _grounds(auxiliary="p8"),
        }  # fmt: skip; another auxiliary's count
        d = ask(S, ctx, facts)
        assert [r.rule for r in d.refusals] == ["art_32_i_auxiliary_suspension_follows_his_count"]
        return d.refusals[0].message

    assert "infrações definitivas dele (3 em 12 meses)" in said({}, AS_OF)
    changed = {  # test values, not the law's
        "mototaxi_2013.penalties.suspension_threshold": (
            DatedValue(dt.date(2025, 6, 1), 4, True, None, "municipality"),
        ),
        "mototaxi_2013.penalties.window_months": (
            DatedValue(dt.date(2025, 6, 1), 24, True, None, "municipality"),
        ),
    }
    assert "(3 em 12 meses)" in said(changed, dt.date(2025, 5, 31))  # the day before
    assert "infrações definitivas dele (4 em 24 meses)" in said(changed, dt.date(2025, 6, 1))


def test_art_32_i_the_auxiliarys_suspension_has_the_days_of_the_count(ipatinga):
    d = _suspension(ipatinga, days=30)
    assert d.outcome["allowed"] is False
    assert any(r.rule == "art_32_i_suspension_days_of_the_count" for r in d.refusals)


def test_art_2_xxv_art_34_the_auxiliarys_suspension_never_starts_before_its_decision(ipatinga):
    d = _suspension(ipatinga, start="2025-01-15")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["art_2_xxv_auxiliary_not_before_the_decision"]
    assert "20/01/2025" in d.refusals[0].message


def test_art_32_i_the_auxiliarys_suspension_does_not_start_inside_his_earlier_one(ipatinga):
    d = _suspension(ipatinga, start="2025-01-20", previous_end="2025-01-25")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["art_32_i_auxiliary_not_inside_an_earlier_suspension"]
    assert _suspension(ipatinga, start="2025-01-26", previous_end="2025-01-25").outcome["allowed"]


def _breach(ipatinga, autos):  # type: ignore[no-untyped-def]
    facts = {
        "credential_suspensions": [{"start": "2025-02-01", "end": "2025-02-15"}],
        "autos_against_him": autos,
    }
    return ask(
        "ipatinga.mototaxi-2013.auxiliary_suspension_breach", ipatinga(dt.date(2025, 3, 1)), facts
    )


def test_art_32_iv_c_an_auto_against_him_inside_his_suspension_is_a_breach(ipatinga):
    d = _breach(ipatinga, [{"id": "AI-9", "committed_on": "2025-02-15"}])
    assert d.outcome == {"breached": True, "autos": ["AI-9"]}
    assert "AI-9" in d.summary and "15/02/2025" in d.summary
    assert cite(LAW, 32, inc="IV", ali="c") in d.citations


def test_art_32_iv_c_an_auto_outside_his_suspension_is_no_breach(ipatinga):
    d = _breach(
        ipatinga,
        [
            {"id": "AI-8", "committed_on": "2025-01-31"},
            {"id": "AI-9", "committed_on": "2025-02-16"},
        ],
    )
    assert d.outcome == {"breached": False, "autos": []}


def test_art_32_iv_par3_a_cassado_credential_is_not_suspended(ipatinga):
    # Art. 32, IV and §3: the credential cassado is gone (and barred for two years); there is no
    # credential left to suspend, whatever the count.
    facts = {
        "auxiliary": "p7",
        "days": 15,
        "start": "2025-01-20",
        "grounds": _grounds(),
        "credential_cassado_on": "2025-01-10",
    }
    d = ask(S, ipatinga(dt.date(2025, 1, 20)), facts)
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["art_32_iv_par3_auxiliary_credential_cassado"]
    message = d.refusals[0].message
    assert "cassado em 10/01/2025" in message and "10/01/2027" in message
    assert {cite(LAW, 32, inc="IV"), cite(LAW, 32, 3)} <= set(d.refusals[0].citations)


def test_art_32_iv_a_cassacao_after_the_start_does_not_refuse_the_suspension(ipatinga):
    facts = {
        "auxiliary": "p7",
        "days": 15,
        "start": "2025-01-20",
        "grounds": _grounds(),
        "credential_cassado_on": "2025-01-25",
    }
    assert ask(S, ipatinga(dt.date(2025, 1, 20)), facts).outcome["allowed"] is True

"""Art. 26, parágrafo único, with Lei 9.784/1999 by default (decision D-17): the authority that
imposed the penalty may reconsider it within 5 days of receiving the appeal (art. 56 §1) before
the appeal goes up, and the appeal may be granted in part (art. 64): a fine reduced after it was
paid gives a partial refund through finance; before, only less is owed — each an act."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.test import Client
from platforms_factories import on_municipal_day
from test_platform_penalty_appeal import acts, fine, notify, paper, reload, warn

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.finance import payments
from outorga.finance.models import Debt, Refund
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_judge,
    platform_penalty_reconsider,
)

pytestmark = pytest.mark.django_db

ART_56_1 = "Lei Federal 9.784/1999, art. 56, §1"
ART_64 = "Lei Federal 9.784/1999, art. 64"


@pytest.fixture
def appealed(barra_m, authority, platform):
    """A fine of 100 UPFBG (R$ 10.000,00) imposed 20/09/2026, noticed Friday 02/10, appealed on
    paper on Wednesday 07/10 — the 5th day after is Monday 12/10, a national holiday: the
    authority may reconsider until Tuesday 13/10 (D-4)."""
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    return paper(barra_m, authority, x, dt.date(2026, 10, 7))


def reconsider(m, actor, appeal, on, result="partial", fine_upfbg=Decimal("40")):
    return platform_penalty_reconsider(
        actor=actor,
        municipality=m,
        appeal=appeal,
        result=result,
        reasoning="O atraso foi de um dia; reduz-se a multa.",
        fine_upfbg=fine_upfbg if result == "partial" else None,
        on=on,
    )


def pay(m, user_of, debt, on=dt.date(2026, 10, 5)):
    payments.payment_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
        municipality=m,
        reference=debt.reference,
        amount_cents=debt.amount_cents,
        paid_on=on,
    )


def test_the_appeal_records_its_reconsideration_period(appealed):
    assert appealed.reconsider_until == dt.date(2026, 10, 13)


def test_lei_9784_art_56_par_1_reconsidered_in_part_on_the_last_day_the_open_debt_is_reduced(
    barra_m, authority, appealed
):
    a = reconsider(barra_m, authority, appealed, dt.date(2026, 10, 13))
    x = reload(appealed.penalty)
    assert x.fine_upfbg == Decimal("40") and x.amount_cents == 400_000
    assert x.debt.amount_cents == 400_000 and x.debt.status == Debt.Status.UNDER_APPEAL
    # The rest of the appeal goes up to the Chief Executive.
    assert a.forwarded_on == dt.date(2026, 10, 13)
    assert a.result == PlatformPenaltyAppeal.Result.PENDING
    with tenant(barra_m):
        assert not Refund.objects.filter(debt=x.debt).exists()
    (reduced,) = acts(barra_m, "debt.reduce", x.debt)
    assert reduced.record["payload"]["old"]["amount_cents"] == 1_000_000
    assert ART_56_1 in reduced.record["basis"]["citations"]
    assert acts(barra_m, "penalty.reduce", x) and acts(barra_m, "penalty.appeal.forward", a)


def test_lei_9784_art_56_par_1_reconsideration_the_day_after_is_refused_and_logged(
    barra_m, authority, appealed
):
    with pytest.raises(PlatformError) as refused:
        reconsider(barra_m, authority, appealed, dt.date(2026, 10, 14))
    assert ART_56_1 in json.dumps(refused.value.to_json(), ensure_ascii=False)
    x = reload(appealed.penalty)
    assert x.amount_cents == x.debt.amount_cents == 1_000_000
    (act,) = acts(barra_m, "penalty.appeal.reconsider", appealed)
    assert act.outcome == "refused"


def test_lei_9784_art_56_par_1_only_the_deciding_authority_reconsiders(barra_m, mayor, appealed):
    with pytest.raises(NotCompetent):
        reconsider(barra_m, mayor, appealed, dt.date(2026, 10, 8))


def test_reconsidering_to_annul_annuls_the_penalty_and_cancels_the_fine(
    barra_m, authority, mayor, appealed
):
    a = reconsider(barra_m, authority, appealed, dt.date(2026, 10, 8), result="annul")
    x = reload(appealed.penalty)
    assert a.result == PlatformPenaltyAppeal.Result.UPHELD and a.forwarded_on is None
    assert x.status == PlatformPenalty.Status.ANNULLED and x.debt.status == Debt.Status.CANCELLED
    with pytest.raises(PlatformError):
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=a,
            upheld=False,
            reasoning="Tarde demais.",
            on=dt.date(2026, 10, 20),
        )


def test_keeping_the_decision_sends_the_appeal_up_and_no_second_reconsideration(
    barra_m, authority, appealed
):
    a = reconsider(barra_m, authority, appealed, dt.date(2026, 10, 9), result="confirm")
    assert a.forwarded_on == dt.date(2026, 10, 9) and reload(a.penalty).amount_cents == 1_000_000
    with pytest.raises(PlatformError) as again:
        reconsider(barra_m, authority, a, dt.date(2026, 10, 9))
    assert again.value.status == 409


def test_lei_9784_art_64_granted_in_part_after_payment_refunds_the_difference(
    barra_m, authority, mayor, user_of, platform
):
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    pay(barra_m, user_of, reload(x).debt)
    a = paper(barra_m, authority, x, dt.date(2026, 10, 9))
    judged = platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=False,
        partial_fine_upfbg=Decimal("25.5"),
        reasoning="Provido em parte: a reincidência não se comprovou por inteiro.",
        on=dt.date(2026, 10, 22),
    )
    assert judged.result == PlatformPenaltyAppeal.Result.PARTIAL
    x = reload(x)
    assert x.status == PlatformPenalty.Status.FINAL and x.final_on == dt.date(2026, 10, 22)
    assert x.amount_cents == x.debt.amount_cents == 255_000 and x.debt.status == Debt.Status.PAID
    with tenant(barra_m):
        (refund,) = Refund.objects.filter(debt=x.debt)
    assert refund.kind == Refund.Kind.PARTIAL
    assert refund.amount_cents == 1_000_000 - 255_000
    assert refund.decision_ref == f"platforms.platformpenaltyappeal:{a.pk}"
    assert ART_64 in refund.basis["citations"]
    (reduced,) = acts(barra_m, "debt.reduce", x.debt)
    assert reduced.record["payload"]["new"]["refund_cents"] == 745_000


@pytest.mark.parametrize("new", [Decimal("100"), Decimal("0")])
def test_lei_9784_art_64_partial_provision_of_the_whole_fine_or_nothing_is_refused(
    barra_m, authority, mayor, appealed, new
):
    with pytest.raises(PlatformError) as refused:
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=appealed,
            upheld=False,
            partial_fine_upfbg=new,
            reasoning="Provido em parte.",
            on=dt.date(2026, 10, 22),
        )
    _art64_error(refused.value, "partial_fine_upfbg")
    a = PlatformPenaltyAppeal._base_manager.get(pk=appealed.pk)
    assert a.result == PlatformPenaltyAppeal.Result.PENDING
    assert reload(appealed.penalty).amount_cents == 1_000_000


def test_past_the_period_the_screen_refuses_reconsideration_and_the_mayor_grants_in_part(
    barra_m, user_of, appealed
):
    """The screens act today, long after 13/10/2026: the reconsideration is refused with its
    article and the appeal is the Chief Executive's, who grants it in part."""
    authority = Client()
    authority.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    page = authority.get(f"/plataformas/penalidades/{appealed.penalty_id}/").content.decode()
    assert "13/10/2026" in page and "art. 56" in page
    assert "Registrar reconsideração" not in page
    r = authority.post(
        f"/plataformas/penalidades/{appealed.penalty_id}/reconsideracao/",
        {"result": "confirm", "reasoning": "Mantenho a decisão.", "fine_upfbg": ""},
        follow=True,
    )
    assert "fora do prazo" in r.content.decode()
    assert PlatformPenaltyAppeal._base_manager.get(pk=appealed.pk).forwarded_on is None
    mayor = Client()
    mayor.force_login(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    r = mayor.post(
        f"/plataformas/penalidades/{appealed.penalty_id}/julgamento/",
        {"upheld": "partial", "reasoning": "Provido em parte.", "partial_fine_upfbg": "60"},
        follow=True,
    )
    assert r.status_code == 200
    x = reload(appealed.penalty)
    assert x.amount_cents == 600_000 and x.status == PlatformPenalty.Status.FINAL
    assert "provido em parte" in r.content.decode()


def _refunded(m, debt) -> int:
    with tenant(m):
        return sum(r.amount_cents for r in Refund.objects.filter(debt=debt))


def test_lei_9784_art_64_reduced_in_part_then_annulled_refunds_only_what_was_paid(
    barra_m, authority, mayor, user_of, platform
):
    """Paid R$ 10.000,00; reconsidered down to 40 UPFBG (R$ 6.000,00 owed back); then the appeal
    is upheld: the refunds add up to what was paid, never more."""
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    pay(barra_m, user_of, reload(x).debt)
    a = paper(barra_m, authority, x, dt.date(2026, 10, 7))
    a = reconsider(barra_m, authority, a, dt.date(2026, 10, 8))
    assert _refunded(barra_m, reload(x).debt) == 1_000_000 - 400_000
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=True,
        reasoning="Provido: a infração não se comprovou.",
        on=dt.date(2026, 10, 20),
    )
    debt = reload(x).debt
    assert debt.status == Debt.Status.REFUNDED
    assert _refunded(barra_m, debt) == 1_000_000


def test_lei_9784_art_64_reduced_twice_refunds_each_difference_once(
    barra_m, authority, mayor, user_of, platform
):
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    pay(barra_m, user_of, reload(x).debt)
    a = paper(barra_m, authority, x, dt.date(2026, 10, 7))
    a = reconsider(barra_m, authority, a, dt.date(2026, 10, 8))  # 100 → 40 UPFBG
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=False,
        partial_fine_upfbg=Decimal("25"),
        reasoning="Provido em parte outra vez.",
        on=dt.date(2026, 10, 20),
    )
    debt = reload(x).debt
    assert debt.amount_cents == 250_000 and debt.status == Debt.Status.PAID
    assert _refunded(barra_m, debt) == 1_000_000 - 250_000
    with tenant(barra_m):
        told = PlatformNotice.objects.get(kind=PlatformNotice.Kind.APPEAL_JUDGED).message
    assert "recurso provido em parte" in told and "R$ 2.500,00" in told
    assert "não provido" not in told


def _judge(m, mayor, appeal, on, **kw):
    return platform_penalty_appeal_judge(
        actor=mayor,
        municipality=m,
        appeal=appeal,
        upheld=kw.pop("upheld", False),
        reasoning=kw.pop("reasoning", "Nego provimento: a infração está comprovada."),
        on=on,
        **kw,
    )


@pytest.mark.parametrize("on", [dt.date(2026, 10, 8), dt.date(2026, 10, 13)])
def test_lei_9784_art_56_par_1_the_mayor_does_not_judge_while_the_authority_may_reconsider(
    barra_m, mayor, appealed, on
):
    """Received 07/10, reconsiderable until 13/10, not sent up: the Chief Executive's judgment is
    refused with its article, logged, and changes nothing."""
    with pytest.raises(PlatformError) as refused:
        _judge(barra_m, mayor, appealed, on)
    told = json.dumps(refused.value.to_json(), ensure_ascii=False)
    assert ART_56_1 in told and "13/10/2026" in told
    a = PlatformPenaltyAppeal._base_manager.get(pk=appealed.pk)
    assert a.result == PlatformPenaltyAppeal.Result.PENDING and a.judged_on is None
    x = reload(appealed.penalty)
    assert x.status == PlatformPenalty.Status.UNDER_APPEAL
    assert x.debt.status == Debt.Status.UNDER_APPEAL
    (act,) = acts(barra_m, "appeal.executive.judge", a)
    assert act.outcome == "refused"


def test_lei_9784_art_56_par_1_the_mayor_judges_the_day_after_the_period_or_once_sent_up(
    barra_m, authority, mayor, appealed, user_of, platform
):
    judged = _judge(barra_m, mayor, appealed, dt.date(2026, 10, 14))
    assert judged.result == PlatformPenaltyAppeal.Result.DISMISSED
    assert (
        ART_56_1 in acts(barra_m, "appeal.executive.judge", judged)[0].record["basis"]["citations"]
    )
    # Another fine, appealed 07/10 and kept by the authority on 08/10: judged that same day.
    x = fine(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    a = paper(barra_m, authority, x, dt.date(2026, 10, 7))
    a = reconsider(barra_m, authority, a, dt.date(2026, 10, 8), result="confirm")
    assert _judge(barra_m, mayor, a, dt.date(2026, 10, 8), upheld=True).result == (
        PlatformPenaltyAppeal.Result.UPHELD
    )


def test_the_penalty_page_offers_the_judgment_only_once_the_appeal_reached_the_mayor(
    barra_m, user_of, appealed, monkeypatch
):
    on_municipal_day(monkeypatch, dt.date(2026, 10, 9))
    mayor = Client()
    mayor.force_login(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    page = mayor.get(f"/plataformas/penalidades/{appealed.penalty_id}/").content.decode()
    assert "Registrar julgamento" not in page
    assert "julgá-lo a partir de 14/10/2026" in page


# --- Lei 9.784/1999 art. 64 as the law core says it: a refusal on the field of the new amount -----


def _art64_error(refused: PlatformError, fld: str) -> dict[str, str]:
    """The refusal's error on the field ``fld``, with its articles."""
    assert refused.status == 422
    (error,) = [e for e in refused.errors if e["campo"] == fld]
    assert ART_64 in error["fundamento"]
    assert ART_64 in json.dumps(refused.to_json(), ensure_ascii=False)
    return error


@pytest.fixture
def warning_appealed(barra_m, authority, platform):
    """The first-occurrence warning (art. 26 I) of 20/08/2026, noticed 02/10, appealed on paper
    07/10 (reconsiderable until 13/10)."""
    x = warn(barra_m, authority, platform)
    notify(barra_m, authority, x, dt.date(2026, 10, 2))
    return paper(barra_m, authority, x, dt.date(2026, 10, 7))


def test_lei_9784_art_64_a_warning_reconsidered_in_part_is_refused_by_the_law_and_logged(
    barra_m, authority, warning_appealed
):
    with pytest.raises(PlatformError) as refused:
        reconsider(barra_m, authority, warning_appealed, dt.date(2026, 10, 8))
    error = _art64_error(refused.value, "fine_upfbg")
    assert error["erro"] == "Só a multa se reduz em parte; a advertência se mantém ou se anula."
    (act,) = acts(barra_m, "penalty.appeal.reconsider", warning_appealed)
    assert act.outcome == "refused" and ART_64 in act.record["basis"]["citations"]
    a = PlatformPenaltyAppeal._base_manager.get(pk=warning_appealed.pk)
    assert a.forwarded_on is None and a.reconsidered_on is None


def test_lei_9784_art_64_a_warning_judged_in_part_is_refused_on_the_judgments_field(
    barra_m, mayor, warning_appealed
):
    with pytest.raises(PlatformError) as refused:
        _judge(
            barra_m, mayor, warning_appealed, dt.date(2026, 10, 14), partial_fine_upfbg=Decimal(1)
        )
    error = _art64_error(refused.value, "partial_fine_upfbg")
    assert error["erro"].startswith("Só a multa se reduz em parte")
    a = PlatformPenaltyAppeal._base_manager.get(pk=warning_appealed.pk)
    assert a.result == PlatformPenaltyAppeal.Result.PENDING
    assert reload(warning_appealed.penalty).status == PlatformPenalty.Status.UNDER_APPEAL


def test_lei_9784_art_64_upheld_with_a_new_amount_is_refused_and_the_fine_stands(
    barra_m, mayor, appealed
):
    with pytest.raises(PlatformError) as refused:
        _judge(
            barra_m,
            mayor,
            appealed,
            dt.date(2026, 10, 14),
            upheld=True,
            partial_fine_upfbg=Decimal("40"),
        )
    error = _art64_error(refused.value, "partial_fine_upfbg")
    assert error["erro"] == (
        "Provimento total anula a multa; para reduzi-la, dê provimento em parte."
    )
    (act,) = acts(barra_m, "appeal.executive.judge", appealed)
    assert act.outcome == "refused"
    x = reload(appealed.penalty)
    assert x.status == PlatformPenalty.Status.UNDER_APPEAL and x.amount_cents == 1_000_000


def test_lei_9784_art_64_a_warning_reconsidered_in_part_on_the_api_names_the_field(
    barra_m, user_of, warning_appealed, monkeypatch
):
    on_municipal_day(monkeypatch, dt.date(2026, 10, 8))
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = client.post(
        f"/api/v1/platform-penalties/{warning_appealed.penalty_id}/reconsideration",
        {"result": "partial", "reasoning": "Reduzo.", "fine_upfbg": "1"},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    body = r.json()
    (error,) = body["erros"]
    assert error["campo"] == "fine_upfbg" and ART_64 in error["fundamento"]
    assert "Só a multa se reduz em parte" in body["detail"] and ART_64 in body["citacoes"]


def test_lei_9784_art_64_the_screen_shows_the_laws_refusal_of_a_warning_in_part_once(
    barra_m, user_of, warning_appealed, monkeypatch
):
    on_municipal_day(monkeypatch, dt.date(2026, 10, 8))
    authority = Client()
    authority.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = authority.post(
        f"/plataformas/penalidades/{warning_appealed.penalty_id}/reconsideracao/",
        {"result": "partial", "reasoning": "Reduzo.", "fine_upfbg": "1"},
        follow=True,
    )
    page = r.content.decode()
    assert "Só a multa se reduz em parte" in page and "art. 64" in page
    assert "fine_upfbg:" not in page
    assert PlatformPenaltyAppeal._base_manager.get(pk=warning_appealed.pk).forwarded_on is None


def test_lei_9784_art_64_the_screen_asks_the_new_amount_of_a_fine_reconsidered_in_part(
    barra_m, user_of, appealed, monkeypatch
):
    """The screen refuses a reconsideration in part without the fine's new amount as the API
    does (``fine_in_part``): naming the amount, and nothing decided."""
    on_municipal_day(monkeypatch, dt.date(2026, 10, 8))
    authority = Client()
    authority.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = authority.post(
        f"/plataformas/penalidades/{appealed.penalty_id}/reconsideracao/",
        {"result": "partial", "reasoning": "Reduzo.", "fine_upfbg": ""},
        follow=True,
    )
    assert "Informe o novo valor da multa em UPFBG (art. 64)" in r.content.decode()
    a = PlatformPenaltyAppeal._base_manager.get(pk=appealed.pk)
    assert a.forwarded_on is None and a.reconsidered_on is None
    assert reload(appealed.penalty).amount_cents == 1_000_000


def test_lei_9784_art_59_par_1_sent_up_the_superior_judges_within_30_days_of_receiving_it(
    barra_m, authority, appealed
):
    """Filed 07/10/2026: until it is sent up, the Chief Executive's 30 days are counted from the
    day after the period to reconsider (14/10 → Friday 13/11; ADR 0078). Kept and sent up on
    09/10, they run from that day: 09/10 + 30 = Sunday 08/11 → Monday 09/11 (D-4)."""
    assert appealed.judge_until == dt.date(2026, 11, 13)
    a = reconsider(barra_m, authority, appealed, dt.date(2026, 10, 9), result="confirm")
    assert a.judge_until == dt.date(2026, 11, 9)
    (forward,) = acts(barra_m, "penalty.appeal.forward", a)
    assert forward.record["payload"]["new"]["judge_until"] == "2026-11-09"
    assert ART_59_1 in forward.record["basis"]["citations"]


ART_59_1 = "Lei Federal 9.784/1999, art. 59, §1"

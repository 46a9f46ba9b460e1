"""Art. 26, parágrafo único: the platform appeals against a warning or fine within the period that
runs from the notice of the decision (regulation, else 10 days of Lei 9.784/1999 art. 59 —
decision D-17 —, counted by D-4); the Chief Executive judges it. The fine's debt awaits the
penalty's finality (D-1): it neither turns final by its due date nor blocks while the period is
open or the appeal pending (D-11); it is final when the period lapses or the appeal is dismissed,
cancelled or refunded when the appeal is upheld."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import fine, on_municipal_day, pay, warn

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt, Payment, Refund
from outorga.finance.selectors import debts_blocking
from outorga.finance.services import debts_overdue_make_final
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import PlatformPenalty, PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
)
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.platforms.sweeping import sweep_platforms
from outorga.platforms.tokens import api_token_issue

pytestmark = pytest.mark.django_db

LEI_9784_ART_63 = "Lei Federal 9.784/1999, art. 63, I"
ART_26 = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, parágrafo único"


def notify(m, actor, penalty, notice_on, on=None):
    return platform_penalty_notice_record(
        actor=actor,
        municipality=m,
        penalty=penalty,
        notice_on=notice_on,
        channel="personal",
        on=on or notice_on,
    )


def paper(m, actor, penalty, filed_on, on=None):
    return platform_penalty_appeal_file(
        actor=actor,
        municipality=m,
        penalty=penalty,
        text="A plataforma entregou o relatório no prazo; segue o protocolo.",
        channel="paper",
        filed_on=filed_on,
        on=on or filed_on,
    )


def finalized(m, on):
    """The penalties the daily sweep made final on ``on`` (its other lines are report candidates)."""
    return [line for line in sweep_platforms(m, on).lines if "prazo de recurso encerrado" in line]


def reload(x):
    return PlatformPenalty._base_manager.select_related("debt").get(pk=x.pk)


def acts(m, action, obj):
    with tenant(m):
        return list(
            Act.objects.filter(
                action=action, object_type=obj._meta.label_lower, object_id=str(obj.pk)
            )
        )


@pytest.fixture
def fined(barra_m, authority, platform):
    """A fine imposed on 20/09/2026 (due 20/10/2026), after a first-occurrence warning."""
    warn(barra_m, authority, platform, final=True)
    return fine(barra_m, authority, platform)


@pytest.fixture
def api(barra_m, authority, platform):
    _, secret = api_token_issue(
        actor=authority, municipality=barra_m, platform=platform, name="recursos"
    )
    client = Client()
    return lambda method, path, **kw: getattr(client, method)(
        f"/api/v1/platform{path}", headers={"Authorization": f"Bearer {secret}"}, **kw
    )


# --- the fine's debt awaits finality (D-1, D-11) --------------------------------------------------


def test_d1_the_fine_debt_awaits_finality_and_blocks_nothing_while_the_period_is_open(
    barra_m, authority, fined
):
    assert fined.status == PlatformPenalty.Status.AWAITING_NOTICE
    debt = fined.debt
    assert debt.awaiting_finality is True and debt.due_on == dt.date(2026, 10, 20)
    # Notified on Thursday 15/10: the 10th day is Sunday 25/10 → Monday 26/10 (D-4).
    x = notify(barra_m, authority, fined, dt.date(2026, 10, 15))
    assert x.status == PlatformPenalty.Status.APPEAL_PERIOD
    assert x.appeal_until == dt.date(2026, 10, 26)
    # Past its due date but inside the appeal period: neither final nor blocking.
    with tenant(barra_m):
        assert debts_overdue_make_final(municipality=barra_m, on=dt.date(2026, 10, 23)) == []
        assert debts_blocking(debt.person, dt.date(2026, 10, 23)) == []
    assert finalized(barra_m, dt.date(2026, 10, 26)) == []
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.APPEAL_PERIOD
    assert x.debt.status == Debt.Status.OPEN and x.debt.awaiting_finality is True


def test_d1_after_the_lapse_the_sweep_makes_penalty_and_debt_final_once(barra_m, authority, fined):
    notify(barra_m, authority, fined, dt.date(2026, 10, 15))
    (line,) = finalized(barra_m, dt.date(2026, 10, 27))
    assert "multa definitiva" in line and "26/10/2026" in line
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.FINAL and x.final_on == dt.date(2026, 10, 27)
    assert x.debt.awaiting_finality is False
    with tenant(barra_m):
        assert debts_blocking(x.debt.person, dt.date(2026, 10, 27)) == [x.debt]
    assert sweep_platforms(barra_m, dt.date(2026, 10, 27)).changes == 0
    assert finalized(barra_m, dt.date(2026, 11, 5)) == []
    assert len(acts(barra_m, "penalty.final", x)) == 1
    # The debt is final with its penalty (D-18): one step, one act.
    assert len(acts(barra_m, "debt.make_final", x.debt)) == 1
    (final,) = acts(barra_m, "penalty.final", x)
    assert "decisão D-1" in final.record["basis"]["citations"]


def test_d1_a_notice_recorded_after_the_period_lapsed_makes_it_final_at_once(
    barra_m, authority, fined
):
    x = notify(barra_m, authority, fined, dt.date(2026, 10, 2), on=dt.date(2026, 10, 20))
    assert x.status == PlatformPenalty.Status.FINAL and x.final_on == dt.date(2026, 10, 14)
    assert reload(x).debt.awaiting_finality is False


# --- the period: last day moved by a holiday or a weekend; the day after refused ------------------


def test_art_26_sole_api_appeal_on_the_last_day_moved_by_a_holiday_is_received(
    barra_m, authority, fined, api, monkeypatch
):
    """Notice on Friday 02/10/2026; the 10th day, Monday 12/10, is a national holiday: the
    platform's appeal on Tuesday 13/10 is in time."""
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    on_municipal_day(monkeypatch, dt.date(2026, 10, 13))
    r = api(
        "post",
        f"/penalties/{fined.pk}/appeal",
        data={"text": "O relatório foi entregue no prazo."},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["status"] == "under_appeal" and body["appeal_until"] == "2026-10-13"
    assert body["appeal"]["result"] == "pending" and body["appeal"]["channel"] == "api"
    assert body["appeal"]["filed_on"] == "2026-10-13"
    # Reconsider until 19/10; the Chief Executive receives it on 20/10 and has 30 days from
    # then (Lei 9.784/1999 art. 59 §1; ADR 0078)
    assert body["appeal"]["judge_until"] == "2026-11-19"
    assert body["debt"]["status"] == "under_appeal"
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.UNDER_APPEAL
    with tenant(barra_m):
        assert debts_blocking(x.debt.person, dt.date(2026, 12, 1)) == []
    (filed,) = acts(barra_m, "penalty.appeal.file", x.appeal)
    assert filed.role == "plataforma" and filed.actor_name.startswith("token:")


def test_art_26_sole_api_appeal_the_day_after_is_refused_with_the_article(
    barra_m, authority, fined, api, monkeypatch
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    on_municipal_day(monkeypatch, dt.date(2026, 10, 14))
    r = api(
        "post",
        f"/penalties/{fined.pk}/appeal",
        data={"text": "Recurso."},
        content_type="application/json",
    )
    assert r.status_code == 422
    body = r.json()
    assert "fora do prazo" in body["detail"] and "13/10/2026" in body["detail"]
    assert LEI_9784_ART_63 in body["citacoes"] and ART_26 in body["citacoes"]
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.APPEAL_PERIOD
    assert not PlatformPenaltyAppeal._base_manager.filter(penalty=x).exists()
    (refused,) = acts(barra_m, "penalty.appeal.file", x)
    assert refused.outcome == "refused"


@pytest.mark.parametrize(
    ("filed_on", "heard"), [(dt.date(2026, 10, 26), True), (dt.date(2026, 10, 27), False)]
)
def test_d4_paper_appeal_last_day_moved_by_a_weekend(barra_m, authority, fined, filed_on, heard):
    """Notice on Wednesday 14/10/2026: the 10th day is Saturday 24/10 → Monday 26/10."""
    notify(barra_m, authority, fined, dt.date(2026, 10, 14))
    if heard:
        a = paper(barra_m, authority, fined, filed_on)
        assert a.channel == "paper" and a.deadline == dt.date(2026, 10, 26)
        assert a.filed_by == authority.user
    else:
        with pytest.raises(PlatformError) as exc:
            paper(barra_m, authority, fined, filed_on)
        assert exc.value.status == 422
        assert LEI_9784_ART_63 in exc.value.to_json()["citacoes"]


def test_a_paper_appeal_protocolled_in_time_but_recorded_after_the_sweep_reopens_the_penalty(
    barra_m, authority, fined
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 14))
    sweep_platforms(barra_m, dt.date(2026, 10, 27))
    assert reload(fined).status == PlatformPenalty.Status.FINAL
    paper(barra_m, authority, fined, dt.date(2026, 10, 26), on=dt.date(2026, 10, 28))
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.UNDER_APPEAL and x.final_on is None
    assert x.debt.status == Debt.Status.UNDER_APPEAL


def test_lei_9784_art_26_par_5_an_appeal_before_the_notice_supplies_it(barra_m, authority, fined):
    a = paper(barra_m, authority, fined, dt.date(2026, 9, 25))
    assert a.deadline is None
    with pytest.raises(PlatformError) as exc:
        notify(barra_m, authority, fined, dt.date(2026, 9, 28))
    assert exc.value.status == 409 and "Lei Federal 9.784/1999, art. 26, §5" in exc.value.message


def test_one_appeal_per_penalty(barra_m, authority, fined):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    paper(barra_m, authority, fined, dt.date(2026, 10, 5))
    with pytest.raises(PlatformError) as exc:
        paper(barra_m, authority, fined, dt.date(2026, 10, 6))
    assert exc.value.status == 409


def test_the_notice_and_the_appeal_cannot_precede_the_decision_nor_be_in_the_future(
    barra_m, authority, fined
):
    with pytest.raises(PlatformError):
        notify(barra_m, authority, fined, dt.date(2026, 9, 19))
    with pytest.raises(PlatformError):
        notify(barra_m, authority, fined, dt.date(2026, 10, 5), on=dt.date(2026, 10, 4))
    with pytest.raises(PlatformError):
        paper(barra_m, authority, fined, dt.date(2026, 9, 19))


# --- competence -------------------------------------------------------------------------------------


def test_d17_only_the_chief_executive_judges_the_appeal(barra_m, authority, mayor, user_of, fined):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    a = paper(barra_m, authority, fined, dt.date(2026, 10, 5))
    for role in (Role.AUTORIDADE, Role.FINANCAS, Role.FISCAL):
        with pytest.raises(NotCompetent) as exc:
            platform_penalty_appeal_judge(
                actor=Actor.of(user_of("barra-do-garcas", role)),
                municipality=barra_m,
                appeal=a,
                upheld=True,
                reasoning="Sem competência.",
                on=dt.date(2026, 10, 20),
            )
        assert "art. 26" in str(exc.value)
    with tenant(barra_m):
        refusals = Act.objects.filter(action="appeal.executive.judge", outcome="refused")
        assert refusals.count() == 3
    assert reload(fined).status == PlatformPenalty.Status.UNDER_APPEAL
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=False,
        reasoning="O relatório não foi entregue; o protocolo apresentado é de outro mês.",
        on=dt.date(2026, 10, 20),
    )


def test_who_may_not_record_the_notice_or_a_paper_appeal_is_refused(
    barra_m, authority, user_of, fined
):
    finance = Actor.of(user_of("barra-do-garcas", Role.FINANCAS))
    with pytest.raises(NotCompetent):
        notify(barra_m, finance, fined, dt.date(2026, 10, 2))
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    with pytest.raises(NotCompetent):
        paper(barra_m, finance, fined, dt.date(2026, 10, 5))


def test_the_judgment_must_be_reasoned(barra_m, authority, mayor, fined):
    a = paper(barra_m, authority, fined, dt.date(2026, 9, 25))
    with pytest.raises(PlatformError) as exc:
        platform_penalty_appeal_judge(
            actor=mayor, municipality=barra_m, appeal=a, upheld=True, reasoning=" "
        )
    assert "art. 50, V" in exc.value.message


# --- judgment -----------------------------------------------------------------------------------------


def test_dismissed_the_penalty_and_its_debt_are_final(barra_m, authority, mayor, fined):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    a = paper(barra_m, authority, fined, dt.date(2026, 10, 5))
    a = platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=False,
        reasoning="O protocolo apresentado é de outro mês.",
        on=dt.date(2026, 10, 22),
    )
    assert a.result == PlatformPenaltyAppeal.Result.DISMISSED and a.judged_by == mayor.user
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.FINAL and x.final_on == dt.date(2026, 10, 22)
    assert x.debt.status == Debt.Status.FINAL and x.debt.awaiting_finality is False
    (judged,) = acts(barra_m, "appeal.executive.judge", a)
    assert judged.record["payload"]["new"]["result"] == "dismissed"
    assert "Lei Federal 9.784/1999, art. 56, §1" in judged.record["basis"]["citations"]
    assert acts(barra_m, "penalty.final", x)
    with pytest.raises(PlatformError) as exc:
        platform_penalty_appeal_judge(
            actor=mayor, municipality=barra_m, appeal=a, upheld=True, reasoning="De novo."
        )
    assert exc.value.status == 409


def test_upheld_the_penalty_is_annulled_and_the_unpaid_fine_cancelled(
    barra_m, authority, mayor, platform, fined
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    a = paper(barra_m, authority, fined, dt.date(2026, 10, 5))
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=True,
        reasoning="O relatório foi entregue no prazo: não houve a infração.",
        on=dt.date(2026, 10, 22),
    )
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.ANNULLED and x.final_on is None
    assert x.debt.status == Debt.Status.CANCELLED
    (annul,) = acts(barra_m, "penalty.annul", x)
    assert annul.record["payload"]["new"]["debt_status"] == "cancelled"
    (cancel,) = acts(barra_m, "debt.cancel", x.debt)
    assert "recurso provido" in cancel.record["payload"]["reason"]


def test_upheld_after_payment_the_fine_is_refunded(barra_m, authority, mayor, user_of, fined):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    pay(barra_m, fined, dt.date(2026, 10, 5))
    assert reload(fined).debt.status == Debt.Status.PAID
    a = paper(barra_m, authority, fined, dt.date(2026, 10, 9))
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=True,
        reasoning="Infração não comprovada.",
        on=dt.date(2026, 10, 22),
    )
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.ANNULLED
    assert x.debt.status == Debt.Status.REFUNDED
    with tenant(barra_m):
        (refund,) = Refund.objects.filter(debt=x.debt)
    assert refund.amount_cents == x.debt.amount_cents == 1_000_000
    assert refund.decision_ref == f"platforms.platformpenaltyappeal:{a.pk}"
    assert acts(barra_m, "debt.refund", x.debt)


def test_upheld_after_a_partial_payment_the_part_paid_is_refunded(
    barra_m, authority, mayor, user_of, fined
):
    """Art. 26 parágrafo único (due process): the fine annulled on appeal is no longer owed, so
    the part of it already paid is owed back — a refund of the judgment, nothing left pending."""
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    partial = pay(barra_m, fined, dt.date(2026, 10, 5), cents=300_000)
    assert partial.status == Payment.Status.PARTIAL
    a = paper(barra_m, authority, fined, dt.date(2026, 10, 9))
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=True,
        reasoning="Infração não comprovada.",
        on=dt.date(2026, 10, 22),
    )
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.ANNULLED
    with tenant(barra_m):
        (refund,) = Refund.objects.filter(debt=x.debt)
        assert not Payment.objects.filter(status__in=Payment.PENDING).exists()
    assert (refund.kind, refund.amount_cents) == (Refund.Kind.UPHELD_DEFENCE, 300_000)
    assert refund.decision_ref == f"platforms.platformpenaltyappeal:{a.pk}"
    assert acts(barra_m, "debt.refund", x.debt)


def test_art_26_i_a_warning_annulled_on_appeal_no_longer_counts_as_an_occurrence(
    barra_m, authority, mayor, platform
):
    warning = warn(barra_m, authority, platform)
    a = paper(barra_m, authority, warning, dt.date(2026, 8, 25))
    platform_penalty_appeal_judge(
        actor=mayor,
        municipality=barra_m,
        appeal=a,
        upheld=True,
        reasoning="Relatório entregue.",
        on=dt.date(2026, 9, 1),
    )
    assert reload(warning).debt is None
    with pytest.raises(PlatformError) as exc:
        fine(barra_m, authority, platform)
    assert (
        "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, I"
        in (exc.value.to_json()["citacoes"])
    )


# --- what the platform and the staff read ---------------------------------------------------------


def test_the_platform_reads_status_deadline_and_appeal_of_each_penalty(
    barra_m, authority, fined, api
):
    r = api("get", "/penalties")
    rows = {row["kind"]: row for row in r.json()["items"]}
    assert rows["fine"]["status"] == "awaiting_notice" and rows["fine"]["appeal_until"] is None
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    rows = {row["kind"]: row for row in api("get", "/penalties").json()["items"]}
    assert rows["fine"]["status"] == "appeal_period"
    assert rows["fine"]["decision_notice_on"] == "2026-10-02"
    assert rows["fine"]["appeal_until"] == "2026-10-13"
    assert rows["fine"]["appeal"] is None
    pdf = api("get", f"/penalties/{fined.pk}/decision.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_the_authority_queue_lists_appeals_by_judging_deadline(
    barra_m, authority, platform, user_of
):
    from platforms_factories import make_platform

    other = make_platform(barra_m, name="Outra Plataforma")
    warn(barra_m, authority, platform, final=True)
    warn(barra_m, authority, other, final=True)
    later = fine(barra_m, authority, platform)
    sooner = fine(barra_m, authority, other)
    paper(barra_m, authority, later, dt.date(2026, 10, 9))
    paper(barra_m, authority, sooner, dt.date(2026, 9, 25))
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    html = client.get("/plataformas/penalidades/").content.decode()
    queue = html.split('id="recursos"')[1].split('id="prazos"')[0]
    assert queue.index("Outra Plataforma") < queue.index("Plataforma Teste")
    # The 30 days run from the Chief Executive's receipt, the day after the 5 to reconsider
    # (Lei 9.784/1999 art. 56 §1, 59 §1; ADR 0078): filed 25/09 → received 01/10, + 30 =
    # Saturday 31/10, Monday 02/11 a holiday → 03/11; filed 09/10 → received 15/10, + 30 =
    # Saturday 14/11 → Monday 16/11 (D-4)
    assert "03/11/2026" in queue and "16/11/2026" in queue


def test_the_mayor_judges_on_the_screen_and_gets_the_decision(
    barra_m, authority, user_of, fined, monkeypatch
):
    on_municipal_day(monkeypatch, dt.date(2026, 10, 13))
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    page = f"/plataformas/penalidades/{fined.pk}/"
    html = client.get(page).content.decode()
    assert "Registrar notificação" in html and "Registrar recurso" in html
    assert "Registrar julgamento" not in html
    r = client.post(
        f"{page}notificacao/", {"notice_on": "2026-10-02", "channel": "post"}, follow=True
    )
    assert "prazo de recurso até 13/10/2026" in r.content.decode()
    r = client.post(
        f"{page}recurso/",
        {"filed_on": "2026-10-13", "text": "Entregue no prazo."},
        follow=True,
    )
    assert "Recurso registrado" in r.content.decode()
    mayor = Client()
    mayor.force_login(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    # Lei 9.784/1999 art. 56 §1: the appeal is the authority's to reconsider until 19/10 (the
    # 5th day, 18/10, is a Sunday); the mayor judges it from 20/10.
    html = mayor.get(page).content.decode()
    assert "Registrar julgamento" not in html and "julgá-lo a partir de 20/10/2026" in html
    on_municipal_day(monkeypatch, dt.date(2026, 10, 20))
    # A week later both sign in again (the sessions idled out on the clock moved forward).
    mayor.force_login(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    assert "Registrar julgamento" in mayor.get(page).content.decode()
    assert "Registrar julgamento" not in client.get(page).content.decode()
    r = mayor.post(
        f"{page}julgamento/",
        {"upheld": "1", "reasoning": "Relatório entregue no prazo."},
        follow=True,
    )
    html = r.content.decode()
    assert "provido: penalidade anulada" in html and "Relatório entregue no prazo." in html
    assert "Recurso julgado pelo Chefe do Executivo" in html and "Penalidade anulada" in html
    pdf = mayor.get(f"{page}pdf/")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert reload(fined).debt.status == Debt.Status.CANCELLED


def test_a_late_paper_appeal_is_refused_on_the_screen_with_the_article(
    barra_m, authority, user_of, fined, monkeypatch
):
    notify(barra_m, authority, fined, dt.date(2026, 10, 2))
    on_municipal_day(monkeypatch, dt.date(2026, 10, 14))
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = client.post(
        f"/plataformas/penalidades/{fined.pk}/recurso/",
        {"filed_on": "2026-10-14", "text": "Tarde."},
        follow=True,
    )
    html = r.content.decode()
    assert "Recurso não conhecido" in html and "art. 63, I" in html


@pytest.mark.parametrize(
    ("infraction_on", "on"),
    [
        (dt.date(2026, 9, 21), dt.date(2026, 9, 20)),  # after the day it is imposed
        (dt.date(2026, 9, 3), dt.date(2026, 9, 20)),  # after the defence notice (02/09)
    ],
)
def test_art_26_i_a_penalty_for_a_fact_still_to_come_is_refused(
    barra_m, authority, platform, infraction_on, on
):
    """The fact comes first: its date after the day the penalty is imposed, or after the notice
    that opened the defence against it, is refused naming the field — it would also count the
    platform's earlier occurrences (art. 26 I) up to a day not yet lived."""
    with tenant(barra_m):
        before = PlatformPenalty.objects.count()
    with pytest.raises(PlatformError) as refused:
        fine(barra_m, authority, platform, on=on, infraction_on=infraction_on)
    assert "infraction_on" in str(refused.value.to_json())
    with tenant(barra_m):
        assert PlatformPenalty.objects.count() == before

"""Lei 9.784/1999 art. 53 (D-17, where Lei 4.976/2025 is silent): the authority that applies the
warning and the fine (art. 26 I–II) annuls one of its own motion for a vício de legalidade, even
once final, with its grounds (art. 50 I and VIII): the fine paid is refunded, an unpaid one
cancelled, an appeal still waiting prejudicado (art. 52); the law's refusal is kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import fine, pay, warn

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt, Refund
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import PlatformPenalty, PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError, PlatformRefused
from outorga.platforms.services.penalty_annulment import platform_penalty_annul_ex_officio
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
)
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.platforms.sweeping import sweep_platforms

pytestmark = pytest.mark.django_db

GROUNDS = "A multa foi aplicada à plataforma errada: o relatório faltante é de outra empresa."
ART_53 = "Lei Federal 9.784/1999, art. 53"
ON = dt.date(2026, 11, 3)


@pytest.fixture
def fined(barra_m, authority, platform):
    """A warning, then a fine of 100 UPFBG (art. 26 I–II), notified on 2 October 2026."""
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    platform_penalty_notice_record(
        actor=authority,
        municipality=barra_m,
        penalty=x,
        notice_on=dt.date(2026, 10, 2),
        channel="personal",
        on=dt.date(2026, 10, 2),
    )
    return x


def annul(m, actor, x, grounds=GROUNDS, on=ON):
    return platform_penalty_annul_ex_officio(
        actor=actor, municipality=m, penalty=x, grounds=grounds, on=on
    )


def reload(x):
    return PlatformPenalty._base_manager.select_related("debt").get(pk=x.pk)


def acts(m, action, obj):
    with tenant(m):
        return list(Act.objects.filter(action=action, object_id=str(obj.pk)))


def test_lei_9784_art_53_a_final_paid_fine_is_annulled_and_refunded(barra_m, authority, fined):
    pay(barra_m, fined, dt.date(2026, 10, 5))
    sweep_platforms(barra_m, dt.date(2026, 10, 30))  # the appeal period lapsed: final (D-1)
    assert reload(fined).status == PlatformPenalty.Status.FINAL
    annul(barra_m, authority, fined)
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.ANNULLED and x.final_on is None
    assert x.debt.status == Debt.Status.REFUNDED
    with tenant(barra_m):
        (refund,) = Refund.objects.filter(debt=x.debt)
    assert refund.amount_cents == x.debt.amount_cents
    (act,) = acts(barra_m, "penalty.annul_ex_officio", x)
    assert act.record["payload"]["new"]["grounds"] == GROUNDS
    citations = act.record["basis"]["citations"]
    assert ART_53 in citations and any("art. 50" in c and "VIII" in c for c in citations)
    assert any("4.976/2025" in c and "art. 26, II" in c for c in citations)


def test_lei_9784_art_52_an_appeal_waiting_is_prejudicado_and_the_open_fine_cancelled(
    barra_m, authority, mayor, fined
):
    a = platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=fined,
        text="A plataforma não é a infratora.",
        channel="paper",
        filed_on=dt.date(2026, 10, 9),
        on=dt.date(2026, 10, 9),
    )
    annul(barra_m, authority, fined)
    x = reload(fined)
    assert x.status == PlatformPenalty.Status.ANNULLED
    assert x.debt.status == Debt.Status.CANCELLED
    with tenant(barra_m):
        a = PlatformPenaltyAppeal.objects.get(pk=a.pk)
    assert a.result == PlatformPenaltyAppeal.Result.MOOT and "art. 52" in a.reasoning
    with pytest.raises(PlatformError, match="prejudicado.*art. 52"):
        platform_penalty_appeal_judge(
            actor=mayor,
            municipality=barra_m,
            appeal=a,
            upheld=False,
            reasoning="Improvido.",
            on=ON,
        )


def test_lei_9784_art_50_viii_without_grounds_or_twice_is_refused_and_kept(
    barra_m, authority, fined
):
    with pytest.raises(PlatformRefused) as exc:
        annul(barra_m, authority, fined, grounds="  ")
    assert exc.value.errors[0]["campo"] == "grounds"
    assert "art. 50" in exc.value.errors[0]["fundamento"]
    assert reload(fined).status == PlatformPenalty.Status.APPEAL_PERIOD
    (refused,) = acts(barra_m, "penalty.annul_ex_officio", fined)
    assert refused.record["outcome"] == "refused"
    annul(barra_m, authority, fined)
    with pytest.raises(PlatformRefused, match=r"arquivado.*Lei Federal 9\.784/1999, art\. 53"):
        annul(barra_m, authority, fined)


def test_lei_9784_art_53_only_the_authority_annuls(barra_m, user_of, fined):
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    with pytest.raises(NotCompetent):
        annul(barra_m, clerk, fined)
    assert reload(fined).status == PlatformPenalty.Status.APPEAL_PERIOD


def test_lei_9784_art_53_the_penalty_page_asks_confirmation_and_annuls(
    barra_m, authority, user_of, fined
):
    client = Client()
    client.force_login(authority.user)
    page = f"/plataformas/penalidades/{fined.pk}/"
    html = client.get(page).content.decode()
    assert "Anular de ofício (Lei Federal 9.784/1999, art. 53)" in html
    url = f"/plataformas/penalidades/{fined.pk}/anular-de-oficio/"
    refused = client.post(url, {"grounds": "  "}, follow=True).content.decode()
    assert "vício de legalidade" in refused and "art. 50" in refused
    assert reload(fined).status == PlatformPenalty.Status.APPEAL_PERIOD
    asked = client.post(url, {"grounds": GROUNDS}).content.decode()
    assert "A anulação de ofício da multa é definitiva" in asked
    assert reload(fined).status == PlatformPenalty.Status.APPEAL_PERIOD
    done = client.post(url, {"grounds": GROUNDS, "confirmado": "1"}, follow=True)
    assert "Penalidade anulada de ofício" in done.content.decode()
    assert reload(fined).status == PlatformPenalty.Status.ANNULLED
    clerk = Client()
    clerk.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    assert "Anular de ofício" not in clerk.get(page).content.decode()


def test_lei_9784_art_53_the_staff_api_annuls_and_refuses_without_grounds(
    barra_m, authority, fined
):
    client = Client()
    client.force_login(authority.user)
    url = f"/api/v1/platform-penalties/{fined.pk}/annul"
    bad = client.post(url, {"grounds": " "}, content_type="application/json")
    assert bad.status_code == 422 and bad.json()["codigo"] == "recusado_pela_lei"
    ok = client.post(url, {"grounds": GROUNDS}, content_type="application/json")
    assert ok.status_code == 200, ok.content
    assert ok.json()["status"] == PlatformPenalty.Status.ANNULLED


def test_lei_9784_art_53_the_annulment_keeps_the_finality_it_found_and_is_dated_after_the_appeal(
    barra_m, authority, fined
):
    sweep_platforms(barra_m, dt.date(2026, 10, 30))  # final (D-1)
    finality = reload(fined).procedure["finality"]
    with pytest.raises(PlatformError, match="anterior à decisão que anula"):
        annul(barra_m, authority, fined, on=dt.date(2026, 9, 1))
    annul(barra_m, authority, fined)
    x = reload(fined)
    assert x.procedure["finality"] == finality  # kept beside the annulment
    assert x.procedure["annulment"]["grounds"] == GROUNDS
    assert x.procedure["annulment"]["question"] == "barra-do-garcas.apps-2025.case_annulment"

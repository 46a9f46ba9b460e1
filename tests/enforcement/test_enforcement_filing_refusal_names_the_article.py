"""A defence or appeal filed when no period runs is refused naming the stage and the articles by
which its period runs from the notice — the law's own (mototaxi art. 42 with art. 29, art. 43,
art. 44; taxi art. 43 and apps art. 26 parágrafo único with Lei 9.784/1999 art. 44, 59 and 66,
decision D-17) — on the service, the holder's portal, the clerk's case page and the API."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.urls import reverse
from enforcement_factories import (
    at,
    at_executive,
    at_jari,
    case_of,
    client_of,
    file,
    issue,
    judge,
    pending_notice,
    taxi_refusal_auto,
)
from registry_factories import person

from outorga.core.acts import Actor
from outorga.enforcement.models import Case, Filing
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday
MOTO = "Lei de mototáxi de Ipatinga (2013)"
DEFENCE_AWAITS_NOTICE = (
    "Ainda não corre o prazo de defesa: o processo aguarda a notificação da autuação, a partir "
    f"da qual o prazo é contado ({MOTO}, art. 42; art. 29)."
)


def _refusal(world, auto, on: dt.date) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidStep) as exc:
        file(world, auto, on)
    return str(exc.value)


def _paper(desk, auto, on: dt.date) -> Filing:  # type: ignore[no-untyped-def]
    return filing_file(
        actor=desk.clerk,
        municipality=desk.m,
        case=case_of(desk, auto),
        text="Defesa em papel.",
        filed_on=on,
        channel="paper",
    )


def test_art_42_art_29_mototaxi_defence_before_the_notice_of_the_auto_names_both(world):
    auto = issue(world, on=D, signed=False)
    assert _refusal(world, auto, D + dt.timedelta(days=1)) == DEFENCE_AWAITS_NOTICE
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE


def test_art_43_mototaxi_jari_appeal_before_the_notice_of_the_first_decision(world):
    auto = issue(world, on=D)
    defence = file(world, auto, D + dt.timedelta(days=1))
    judge(world, world.authority, defence, D + dt.timedelta(days=2), "Infração comprovada.")
    message = _refusal(world, auto, D + dt.timedelta(days=3))
    assert message == (
        "Ainda não corre o prazo de recurso à JARI: o processo aguarda a notificação da decisão "
        f"de primeira instância, a partir da qual o prazo é contado ({MOTO}, art. 43; art. 34, "
        "§3)."
    )


def test_art_44_mototaxi_appeal_to_the_chief_executive_before_the_notice_of_the_jari(world):
    auto, _ = at_jari(world, D, D + dt.timedelta(days=3))
    appeal = file(world, auto, D + dt.timedelta(days=4))
    judge(world, world.jari, appeal, D + dt.timedelta(days=5), "Recurso sem fundamento.")
    message = _refusal(world, auto, D + dt.timedelta(days=6))
    assert message.startswith(
        "Ainda não corre o prazo de recurso ao Chefe do Executivo: o processo aguarda a "
        "notificação da decisão da JARI"
    )
    assert f"({MOTO}, art. 44; art. 34, §3)." in message


def test_art_42_a_second_defence_while_the_first_awaits_judgment_names_the_article(world):
    auto = issue(world, on=D)
    file(world, auto, D + dt.timedelta(days=1))
    assert _refusal(world, auto, D + dt.timedelta(days=2)) == (
        "Não há prazo aberto: a peça de defesa já apresentada aguarda julgamento "
        f"({MOTO}, art. 42; art. 29)."
    )


def test_art_42_to_44_d_1_no_filing_once_the_last_appeal_was_judged(world):
    auto, _ = at_executive(world, D, D + dt.timedelta(days=7))
    last = file(world, auto, D + dt.timedelta(days=8))
    judge(world, world.mayor, last, D + dt.timedelta(days=9), "Recurso sem fundamento.")
    assert case_of(world, auto).stage == Case.Stage.FINAL
    message = _refusal(world, auto, D + dt.timedelta(days=10))
    assert message.startswith("Não cabe defesa nem recurso: o processo está definitivo")
    assert "art. 42" in message and "art. 43" in message and "art. 44" in message


def test_taxi_art_43_d_17_lei_9784_art_44_a_second_defence_names_the_default(world):
    auto = taxi_refusal_auto(world, on=D)
    _paper(world, auto, D)
    with pytest.raises(InvalidStep) as exc:
        _paper(world, auto, D + dt.timedelta(days=1))
    message = str(exc.value)
    assert message.startswith("Não há prazo aberto: a peça de defesa já apresentada aguarda")
    assert "art. 43" in message and "decisão D-17" in message
    assert "Lei Federal 9.784/1999, art. 44; art. 66" in message
    assert "mototáxi" not in message and "JARI" not in message  # never the mototaxi path (D-17)


def test_apps_art_26_sole_d_17_lei_9784_a_second_defence_names_the_default(barra_m, user_of):
    def a(role: Role) -> Actor:
        return Actor.of(user_of(barra_m.slug, role), "198.51.100.9")

    desk = SimpleNamespace(m=barra_m, clerk=a(Role.AUTORIDADE))
    offender = person(barra_m, name="Motorista Sem Plataforma")
    auto = infraction_issue(
        actor=a(Role.FISCAL),
        municipality=barra_m,
        code="prestacao_irregular",
        committed_at=at(D),
        place="Av. Ministro João Alberto, 500",
        description="Corrida paga por aplicativo sem plataforma credenciada.",
        agent_registration="F-7",
        plate="APP9E01",
        law="barra-do-garcas.apps-2025",
        offender_document=offender.document,
        offender_signed=True,
    )
    _paper(desk, auto, D)
    with pytest.raises(InvalidStep) as exc:
        _paper(desk, auto, D + dt.timedelta(days=1))
    message = str(exc.value)
    assert "art. 26, parágrafo único" in message and "decisão D-17" in message
    assert "Lei Federal 9.784/1999, art. 44; art. 66" in message


# --- the screens and the API ----------------------------------------------------------------------


def test_art_42_art_29_the_portal_says_why_and_refuses_naming_the_articles(world):
    auto = issue(world, on=D, signed=False)
    case = case_of(world, auto)
    holder = client_of(world.holder_user)
    url = reverse("enforcement:portal_case", args=[case.pk])
    page = holder.get(url).content.decode()
    assert "Enviar</button>" not in page  # no form while the notice is pending (art. 29)
    assert DEFENCE_AWAITS_NOTICE in page
    # A form left open in another tab: the refusal names the articles too.
    r = holder.post(url, {"text": "Defesa."}, follow=True)
    assert DEFENCE_AWAITS_NOTICE in r.content.decode()
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE


def test_art_42_art_29_the_clerks_case_page_says_why_and_refuses_naming_the_articles(
    world, user_of
):
    auto = issue(world, on=D, signed=False)
    case = case_of(world, auto)
    clerk = client_of(user_of("ipatinga", Role.ATENDENTE))
    page = clerk.get(reverse("enforcement:case", args=[case.pk])).content.decode()
    assert "Protocolar defesa ou recurso em papel" not in page
    assert DEFENCE_AWAITS_NOTICE in page
    r = clerk.post(
        reverse("enforcement:filing_paper", args=[case.pk]),
        {"text": "Defesa em papel.", "filed_on": (D + dt.timedelta(days=1)).isoformat()},
        follow=True,
    )
    assert DEFENCE_AWAITS_NOTICE in r.content.decode()
    assert pending_notice(world, case_of(world, auto)) is not None


def test_art_42_art_29_the_api_refuses_naming_the_articles(world):
    auto = issue(world, on=D, signed=False)
    case = case_of(world, auto)
    r = client_of(world.holder_user).post(
        f"/api/v1/enforcement/me/cases/{case.pk}/filings",
        {"text": "Defesa pela API", "attachments": []},
        content_type="application/json",
    )
    assert r.status_code == 409
    assert r.json() == {"detail": DEFENCE_AWAITS_NOTICE, "codigo": "fora_de_ordem"}

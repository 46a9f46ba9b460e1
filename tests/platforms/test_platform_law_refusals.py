"""The law's refusals of the platforms' steps go the core's one way (issue #16): the act is kept in
the acts log by ``core.acts.law_refused`` — outcome ``refused``, the decision its basis — and the
error is a core ``Refused``, answered like every law's refusal (422, ``recusado_pela_lei``) in the
platforms' words: the step's lead, then what was refused with its article, the reasons
(``fundamentos``) and the articles (``citacoes``)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import fine, make_platform, new_cnpj, on_municipal_day, warn

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformPenalty, PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError, PlatformRefused
from outorga.platforms.services.credentialing import _counted_platforms
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_process import platform_penalty_notice_record
from outorga.platforms.tokens import api_token_issue

pytestmark = pytest.mark.django_db

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"
ART_3_1 = f"{LAW}, art. 3, §1"
ART_26_I = f"{LAW}, art. 26, I"
LEI_9784_ART_63 = "Lei Federal 9.784/1999, art. 63, I"


def staff(user_of, role: Role) -> Client:
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    return c


def post(client: Client, path: str, body: dict, **kw) -> object:
    return client.post(
        f"/api/v1{path}", data=json.dumps(body), content_type="application/json", **kw
    )


def refused_act(m, action: str) -> Act:
    with tenant(m):
        return Act.objects.get(action=action, outcome="refused")


def test_the_11th_platform_is_refused_as_every_law_refusal_and_its_act_rests_on_the_decision(
    barra_m, user_of
):
    with tenant(barra_m):
        have = _counted_platforms()
    for i in range(10 - have):
        make_platform(barra_m, f"Enchimento {i}")
    cnpj = new_cnpj()
    r = post(
        staff(user_of, Role.AUTORIDADE),
        "/platforms",
        {
            "cnpj": cnpj,
            "name": "Décima Primeira",
            "cadastro_mobiliario": "CM-11",
            "complaint_channel": "0800 000 0011",
        },
    )
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "recusado_pela_lei"
    # The lead and every refused reason with its article, as before the core's path.
    assert body["detail"] == (
        f"Credenciamento recusado: Já há 10 plataformas credenciadas; o limite é 10. ({ART_3_1})"
    )
    [reason] = [f for f in body["fundamentos"] if f["resultado"] == "refused"]
    assert reason["citacoes"] == [ART_3_1] and ART_3_1 in body["citacoes"]
    act = refused_act(barra_m, "platform.credential")
    assert (act.object_type, act.object_id) == ("platforms.platform", cnpj)
    basis = act.record["basis"]
    assert basis["decision"]["question"] == "barra-do-garcas.apps-2025.platform_credential"
    assert basis["decision"]["summary"] == "Credenciamento recusado."
    assert [r["rule"] for r in basis["decision"]["reasons"] if r["verdict"] == "refused"] == [
        reason["regra"]
    ]
    assert ART_3_1 in basis["citations"]
    assert act.record["payload"]["new"] == {"cnpj": cnpj, "name": "Décima Primeira"}
    with tenant(barra_m):
        assert not Platform.objects.filter(cnpj=cnpj).exists()


def test_a_fine_on_the_first_occurrence_is_not_applied_answered_as_a_law_refusal(
    barra_m, user_of, platform
):
    r = post(
        staff(user_of, Role.AUTORIDADE),
        f"/platforms/{platform.pk}/penalties",
        {
            "kind": "fine",
            "infraction_on": "2026-08-01",
            "description": "Relatório mensal de julho não entregue.",
            "reasoning": "Multa pela gravidade.",
            "fine_upfbg": "100",
            "defence_notice_on": "2026-08-05",
            "defence_judged": True,
        },
    )
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "recusado_pela_lei"
    # The lead and the decision's summary; the reason, with its article, in ``fundamentos``.
    assert body["detail"] == "Penalidade não aplicada: Multa não pode ser aplicada."
    [reason] = [f for f in body["fundamentos"] if f["resultado"] == "refused"]
    assert reason["mensagem"] == "Primeira ocorrência: a lei prevê advertência escrita, não multa."
    assert ART_26_I in reason["citacoes"] and ART_26_I in body["citacoes"]
    act = refused_act(barra_m, "penalty.fine")
    assert (act.object_type, act.object_id) == ("platforms.platform", str(platform.pk))
    basis = act.record["basis"]
    assert basis["decision"]["question"] == "barra-do-garcas.apps-2025.penalty"
    assert any(r["rule"] == reason["regra"] for r in basis["decision"]["reasons"])
    assert ART_26_I in basis["citations"]
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(platform=platform).exists()


def test_a_late_appeal_is_not_admitted_through_the_platforms_token_as_a_law_refusal(
    barra_m, authority, platform, monkeypatch
):
    warn(barra_m, authority, platform, final=True)
    penalty = fine(barra_m, authority, platform)
    platform_penalty_notice_record(
        actor=authority,
        municipality=barra_m,
        penalty=penalty,
        notice_on=dt.date(2026, 10, 2),
        channel="personal",
        on=dt.date(2026, 10, 2),
    )
    _, secret = api_token_issue(
        actor=authority, municipality=barra_m, platform=platform, name="recursos"
    )
    on_municipal_day(monkeypatch, dt.date(2026, 10, 14))
    r = post(
        Client(),
        f"/platform/penalties/{penalty.pk}/appeal",
        {"text": "Recurso."},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "recusado_pela_lei"
    assert body["detail"] == (
        "Recurso não conhecido: Recurso fora do prazo (encerrado em 13/10/2026): não é conhecido."
    )
    assert LEI_9784_ART_63 in body["citacoes"]
    act = refused_act(barra_m, "penalty.appeal.file")
    assert (act.object_type, act.object_id) == ("platforms.platformpenalty", str(penalty.pk))
    assert act.record["basis"]["decision"]["outcome"]["timely"] is False
    assert LEI_9784_ART_63 in act.record["basis"]["citations"]
    assert not PlatformPenaltyAppeal._base_manager.filter(penalty=penalty).exists()


def test_the_platforms_law_refusal_is_a_core_refused_and_still_a_platform_error(
    barra_m, authority, platform
):
    """The screens catch it as the platforms' refusal (its lines: the lead, then each reason with
    its articles); the API answers it as the law's."""
    with pytest.raises(PlatformError) as caught:
        platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="fine",
            infraction_on=dt.date(2026, 8, 1),
            description="Relatório mensal de julho não entregue.",
            reasoning="Multa pela gravidade.",
            defence_notice_on=dt.date(2026, 8, 5),
            defence_judged=True,
            fine_upfbg=100,
        )
    error = caught.value
    assert isinstance(error, PlatformRefused) and isinstance(error, Refused)
    assert (error.status, error.code) == (422, "recusado_pela_lei")
    assert error.lines()[0] == "Penalidade não aplicada: Multa não pode ser aplicada."
    assert any(
        line.startswith("Primeira ocorrência: a lei prevê advertência escrita, não multa.")
        and ART_26_I in line
        for line in error.lines()[1:]
    )

"""Art. 26 IV with Lei 9.784/1999 art. 53 (D-17, D-3): the Chief Executive, who decided the
suspension or the cancellation of a platform's credential, annuls it of its own motion for a vício
de legalidade, even once final, with its grounds (art. 50): the credential comes back as the law
says, the drivers a cancellation disabled return within the caps (art. 3 §2), an appeal still
waiting is prejudicado (art. 52), the platform is told; the measure no longer counts as an
occurrence (art. 26 I). A proposal not yet decided has nothing to annul; the law's refusal is
kept."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import make_platform
from test_apps_art_26_iv_case_appeal import decide, decided, paper
from test_apps_art_26_iv_roster_restore import _enabled_cpfs, cancelled, roster  # noqa: F401

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent
from outorga.platforms.models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformNotice,
)
from outorga.platforms.services.case_annulment import platform_case_annul_ex_officio
from outorga.platforms.services.cases import platform_case_open
from outorga.platforms.services.common import PlatformError, PlatformRefused, occurrences
from outorga.platforms.views import confirmations

pytestmark = pytest.mark.django_db

GROUNDS = "A defesa nunca foi notificada à plataforma: o processo correu sem contraditório."
ON = dt.date(2026, 11, 5)
LPA_53 = "Lei Federal 9.784/1999, art. 53"


def annul(m, actor, case, grounds=GROUNDS, on=ON):  # type: ignore[no-untyped-def]
    return platform_case_annul_ex_officio(
        actor=actor, municipality=m, case=case, grounds=grounds, on=on
    )


def fresh(m, x):  # type: ignore[no-untyped-def]
    with tenant(m):
        return type(x).objects.get(pk=x.pk)


def test_lei_9784_art_53_art_26_iv_an_annulled_cancellation_gives_back_credential_and_drivers(
    barra_m,
    mayor,
    platform,
    roster,  # noqa: F811 (the fixture imported above)
    cancelled,  # noqa: F811
):
    kept, lapsed, left = roster
    assert fresh(barra_m, platform).status == Platform.Status.CANCELLED
    annul(barra_m, mayor, cancelled)
    p, c = fresh(barra_m, platform), fresh(barra_m, cancelled)
    assert p.status == Platform.Status.CREDENTIALED and c.annulled_on == ON
    # The driver the cancellation disabled returns; one whose CNH lapsed meanwhile does not
    # (art. 4, II, b); one the platform disabled itself stays out.
    assert _enabled_cpfs(barra_m, platform) == {kept.cpf}
    assert [d["driver"] for d in c.decision["roster_restore"]["not_returned"]] == [lapsed.pk]
    with tenant(barra_m):
        (act,) = Act.objects.filter(action="platform.case.annul_ex_officio", object_id=str(c.pk))
        notices = list(PlatformNotice.objects.filter(platform=p, kind="annulled"))
    assert act.record["payload"]["new"]["grounds"] == GROUNDS
    assert LPA_53 in act.record["basis"]["citations"]
    assert any("anulado de ofício" in n.message for n in notices)
    # It no longer counts as an occurrence (art. 26, I).
    with tenant(barra_m):
        [occ] = [o for o in occurrences(p, ON, ON) if o["id"] == f"processo {c.pk}"]
    assert occ["status"] == "annulled"


def test_lei_9784_art_52_a_suspension_annulled_while_appealed_ends_and_the_appeal_is_prejudicado(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_suspension")
    assert fresh(barra_m, platform).status == Platform.Status.SUSPENDED
    appeal = paper(barra_m, authority, case, dt.date(2026, 10, 26))
    annul(barra_m, mayor, case)
    assert fresh(barra_m, platform).status == Platform.Status.CREDENTIALED
    appeal = fresh(barra_m, appeal)
    assert appeal.result == PlatformCaseAppeal.Result.MOOT and "art. 52" in appeal.reasoning
    with pytest.raises(PlatformError, match="prejudicado"):
        decide(barra_m, mayor, appeal, "dismissed", on=ON)


def test_lei_9784_art_50_art_53_refusals_are_kept_and_a_proposal_undecided_has_nothing(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_suspension")
    with pytest.raises(PlatformRefused) as exc:
        annul(barra_m, mayor, case, grounds=" ")
    assert exc.value.errors[0]["campo"] == "grounds"
    cited = exc.value.errors[0]["fundamento"]
    assert cited.startswith("Lei Federal 9.784/1999, art. 50, I;") and "art. 50, VIII" in cited
    assert fresh(barra_m, platform).status == Platform.Status.SUSPENDED
    with tenant(barra_m):
        (refused,) = Act.objects.filter(
            action="platform.case.annul_ex_officio", object_id=str(case.pk)
        )
    assert refused.record["outcome"] == "refused"
    annul(barra_m, mayor, case)
    with pytest.raises(PlatformRefused, match=r"arquivado.*Lei Federal 9\.784/1999, art\. 53"):
        annul(barra_m, mayor, case)
    other = make_platform(barra_m, "Plataforma Sem Decisão")
    open_case = platform_case_open(
        actor=authority,
        municipality=barra_m,
        platform=other,
        kind="credential_suspension",
        infraction_on=dt.date(2026, 10, 1),
        grounds="Relatórios fora do prazo.",
        suspension_days=10,
        notice_on=dt.date(2026, 10, 2),
    )
    with pytest.raises(PlatformError, match="ainda não foi decidida"):
        annul(barra_m, mayor, open_case)


def test_d_3_only_the_chief_executive_annuls_a_credential_measure(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_suspension")
    with pytest.raises(NotCompetent):
        annul(barra_m, authority, case)
    assert fresh(barra_m, case).annulled_on is None


def test_lei_9784_art_53_the_case_page_and_the_api_annul_after_the_chief_executive_confirms(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_suspension")
    client = Client()
    client.force_login(mayor.user)
    page = f"/plataformas/processos/{case.pk}/"
    assert "Anular de ofício (Lei Federal 9.784/1999, art. 53)" in client.get(page).content.decode()
    url = f"/plataformas/processos/{case.pk}/anular-de-oficio/"
    asked = client.post(url, {"grounds": GROUNDS}).content.decode()
    assert f"A anulação de ofício do processo {case.pk} (suspensão temporária" in asked
    assert "deixa de estar suspensa e o credenciamento volta" in asked
    assert fresh(barra_m, case).annulled_on is None
    done = client.post(url, {"grounds": GROUNDS, "confirmado": "1"}, follow=True)
    html = done.content.decode()
    assert "Processo anulado de ofício" in html and "anulado de ofício em" in html
    assert fresh(barra_m, platform).status == Platform.Status.CREDENTIALED
    # The API: the same service, answered with the case; nothing left to annul is the law's
    # refusal, with the article.
    other = make_platform(barra_m, "Plataforma Via API")
    by_api = decided(barra_m, authority, mayor, other, kind="credential_suspension")
    url = f"/api/v1/platform-cases/{by_api.pk}/annul"
    ok = client.post(url, {"grounds": GROUNDS}, content_type="application/json")
    assert ok.status_code == 200, ok.content
    assert fresh(barra_m, other).status == Platform.Status.CREDENTIALED
    again = client.post(url, {"grounds": GROUNDS}, content_type="application/json")
    assert again.status_code == 422 and again.json()["codigo"] == "recusado_pela_lei"
    assert "art. 53" in again.json()["detail"]


def test_lei_9784_art_53_the_portal_shows_the_annulment_and_offers_no_appeal(
    barra_m, authority, mayor, platform, portal
):
    """The platform reads its case annulled (date and grounds), not "penalidade aplicada", and is
    not offered an appeal against a decision that no longer stands."""
    case = decided(barra_m, authority, mayor, platform, kind="credential_suspension")
    page = f"/plataforma/processos/{case.pk}/"
    assert "Razões do recurso" in portal.get(page).content.decode()
    annul(barra_m, mayor, case)
    html = portal.get(page).content.decode()
    assert f"anulado de ofício em {ON:%d/%m/%Y}" in html and GROUNDS in html
    assert "Razões do recurso" not in html
    assert (
        f"anulado de ofício em {ON:%d/%m/%Y}"
        in portal.get("/plataforma/processos/").content.decode()
    )


def test_lei_9784_art_53_an_annulment_dated_before_the_decision_is_refused_and_kept(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_cancellation")
    with pytest.raises(PlatformError, match="anterior à decisão que anula"):
        annul(barra_m, mayor, case, on=dt.date(2026, 9, 1))
    assert fresh(barra_m, case).annulled_on is None
    with tenant(barra_m):
        (refused,) = Act.objects.filter(
            action="platform.case.annul_ex_officio", object_id=str(case.pk)
        )
    assert refused.record["outcome"] == "refused"
    assert refused.record["basis"]["citations"] == ["Lei Federal 9.784/1999, art. 53"]


def test_lei_9784_art_53_the_confirmation_of_a_cancellation_reads_the_records(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_cancellation")
    with tenant(barra_m):
        c = PlatformCase.objects.select_related("platform").get(pk=case.pk)
        text = confirmations.case_annul(c, GROUNDS, mayor.user).consequence
        # Not the authority's to annul (D-3): no confirmation, the service says why.
        assert confirmations.case_annul(c, GROUNDS, authority.user) is None
    assert f"do processo {c.pk} (cancelamento do credenciamento) é definitiva" in text
    assert "deixa de estar cancelada e o credenciamento volta" in text
    assert "com os motoristas que o cancelamento desativou" in text

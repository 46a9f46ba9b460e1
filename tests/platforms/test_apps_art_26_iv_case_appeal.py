"""Art. 26 IV with the sole paragraph and Lei 9.784/1999 by default (decision D-17): the platform
appeals against the decision suspending or cancelling its credential within 10 days of the
decision's legal notice (art. 59; D-4 counting on the municipal calendar), with no suspensive
effect (art. 61); the Chief Executive, who decided and has no superior, decides the appeal as its
reconsideration (art. 56 §1): upheld — credential restored; in part (art. 64) — a cancellation
turned into a suspension or a shorter suspension; dismissed — kept. Each step an act."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import on_municipal_day
from test_platform_credentialing import open_case, warn
from test_platform_penalty_appeal import acts, api

from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent
from outorga.platforms.models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformStatusChange,
)
from outorga.platforms.services.cases import (
    platform_case_appeal_decide,
    platform_case_appeal_file,
    platform_case_decide,
    platform_case_decision_notice_record,
)
from outorga.platforms.services.common import PlatformError

pytestmark = pytest.mark.django_db
__all__ = ["api"]  # the platform API client fixture

DECIDED = dt.date(2026, 10, 20)  # Tuesday, after the defence period (13/10)
NOTICE = dt.date(2026, 10, 23)  # Friday; +10 days = Monday 02/11, Finados → Tuesday 03/11


def decided(m, authority, mayor, platform, kind="credential_suspension"):
    warn(m, authority, platform)
    case = open_case(m, authority, platform, kind=kind)
    case = platform_case_decide(
        actor=mayor,
        municipality=m,
        case=case,
        uphold=True,
        text="Falta grave e reiterada: relatórios não entregues em três meses.",
        on=DECIDED,
    )
    return platform_case_decision_notice_record(
        actor=authority, municipality=m, case=case, notice_on=NOTICE, on=NOTICE
    )


def paper(m, actor, case, filed_on):
    return platform_case_appeal_file(
        actor=actor,
        municipality=m,
        case=case,
        text="Os relatórios foram entregues; segue o protocolo.",
        channel="paper",
        filed_on=filed_on,
        on=filed_on,
    )


def decide(m, actor, appeal, result, days=None, on=dt.date(2026, 11, 5)):
    return platform_case_appeal_decide(
        actor=actor,
        municipality=m,
        appeal=appeal,
        result=result,
        reasoning="Revistos os autos à luz das razões do recurso.",
        suspension_days=days,
        on=on,
    )


def platform_now(m, platform):
    with tenant(m):
        return Platform.objects.get(pk=platform.pk)


@pytest.fixture
def suspended(barra_m, authority, mayor, platform):
    return decided(barra_m, authority, mayor, platform)


def test_lei_9784_art_59_appeal_on_the_last_day_moved_by_a_holiday_is_received(
    barra_m, authority, platform, suspended
):
    a = paper(barra_m, authority, suspended, dt.date(2026, 11, 3))
    assert a.deadline == dt.date(2026, 11, 3)
    assert a.result == PlatformCaseAppeal.Result.PENDING
    # Art. 61: no suspensive effect — the platform stays suspended while the appeal waits.
    p = platform_now(barra_m, platform)
    assert p.status == Platform.Status.SUSPENDED
    (filed,) = acts(barra_m, "platform.case.appeal.file", a)
    assert filed.record["payload"]["new"]["suspensive_effect"] is False
    assert "art. 59" in str(a.admission)


def test_lei_9784_art_59_appeal_the_day_after_is_refused_with_the_article(
    barra_m, authority, suspended
):
    with pytest.raises(PlatformError) as exc:
        paper(barra_m, authority, suspended, dt.date(2026, 11, 4))
    assert exc.value.status == 422
    body = str(exc.value.to_json())
    assert "fora do prazo" in body and "03/11/2026" in body and "art. 59" in body
    with tenant(barra_m):
        assert not PlatformCaseAppeal.objects.filter(case=suspended).exists()
    assert acts(barra_m, "platform.case.appeal.file", suspended)


def test_art_26_iv_only_a_decision_that_applied_the_penalty_is_appealed(
    barra_m, authority, platform
):
    case = open_case(barra_m, authority, platform)
    with pytest.raises(PlatformError) as exc:
        paper(barra_m, authority, case, dt.date(2026, 10, 5))
    assert exc.value.status == 409


def test_lei_9784_art_56_par_1_upheld_restores_the_credential(
    barra_m, authority, mayor, platform, suspended
):
    a = paper(barra_m, authority, suspended, dt.date(2026, 10, 26))
    a = decide(barra_m, mayor, a, "upheld")
    assert a.result == PlatformCaseAppeal.Result.UPHELD
    p = platform_now(barra_m, platform)
    assert p.status == Platform.Status.CREDENTIALED and p.suspended_until is None
    assert acts(barra_m, "platform.case.appeal.decide", a)
    (annul,) = acts(barra_m, "platform.case.annul", suspended)
    assert (
        annul.record["payload"]["old"]["status"] == "suspended"
        and annul.record["payload"]["new"]["status"] == "credentialed"
    )
    with tenant(barra_m):
        assert PlatformStatusChange.objects.filter(
            platform=platform, case=suspended, new_status="credentialed"
        ).exists()


def test_lei_9784_art_56_par_1_dismissed_keeps_the_suspension(
    barra_m, authority, mayor, platform, suspended
):
    before = platform_now(barra_m, platform).suspended_until
    a = decide(barra_m, mayor, paper(barra_m, authority, suspended, NOTICE), "dismissed")
    assert a.result == PlatformCaseAppeal.Result.DISMISSED
    p = platform_now(barra_m, platform)
    assert p.status == Platform.Status.SUSPENDED and p.suspended_until == before
    with pytest.raises(PlatformError):
        decide(barra_m, mayor, a, "upheld")


def test_art_26_iv_annulling_a_suspension_leaves_a_credential_another_case_cancelled(
    barra_m, authority, mayor, platform, suspended
):
    """Art. 26, IV: the suspension's appeal upheld annuls that suspension only; a cancellation
    decided meanwhile in another case is "definitivo" and stays (its own appeal is the way back)."""
    a = paper(barra_m, authority, suspended, NOTICE)
    cancellation = open_case(
        barra_m, authority, platform, kind="credential_cancellation", notice_on=NOTICE
    )
    platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=cancellation,
        uphold=True,
        text="Reincidência grave.",
        on=dt.date(2026, 11, 4),
    )
    a = decide(barra_m, mayor, a, "upheld")
    assert a.result == PlatformCaseAppeal.Result.UPHELD
    p = platform_now(barra_m, platform)
    assert (p.status, p.suspended_until) == (Platform.Status.CANCELLED, None)
    (annul,) = acts(barra_m, "platform.case.annul", suspended)
    assert annul.record["payload"]["new"]["status"] == "cancelled"
    # The law core decided it (art. 26 IV), and its answer is kept with the act.
    (after,) = [
        d
        for d in annul.record["basis"]["decisions"]
        if d["question"] == "barra-do-garcas.apps-2025.credential_after_revision"
    ]
    assert after["outcome"]["status"] == "cancelled"
    assert "apps.art26.iv.cancellation_definitive" in {r["rule"] for r in after["reasons"]}
    with tenant(barra_m):
        assert not PlatformStatusChange.objects.filter(
            platform=platform, case=suspended, new_status="credentialed"
        ).exists()


@pytest.mark.parametrize(("result", "days"), [("upheld", None), ("partial", 10)])
def test_art_26_iv_annulling_or_reducing_a_suspension_leaves_the_one_another_case_imposed_after_it(
    barra_m, authority, mayor, platform, suspended, result, days
):
    """Art. 26, IV with Lei 9.784/1999 art. 64: the appeal against the first suspension (20/10 to
    18/11/2026) decided on 20/11 revises that suspension only. A second suspension, decided in
    another case once the first ended (19/11 to 18/12), still runs: the platform stays suspended
    until 18/12 — the annulment or reduction of the first does not give it back its credential."""
    a = paper(barra_m, authority, suspended, NOTICE)
    second = open_case(barra_m, authority, platform, notice_on=NOTICE)
    platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=second,
        uphold=True,
        text="Tabela de tarifas omitida de novo.",
        on=dt.date(2026, 11, 19),
    )
    assert platform_now(barra_m, platform).suspended_until == dt.date(2026, 12, 18)
    a = decide(barra_m, mayor, a, result, days=days, on=dt.date(2026, 11, 20))
    assert a.result == result
    p = platform_now(barra_m, platform)
    assert (p.status, p.suspended_until) == (Platform.Status.SUSPENDED, dt.date(2026, 12, 18))
    with tenant(barra_m):
        assert not PlatformStatusChange.objects.filter(
            platform=platform, case=suspended, new_status="credentialed"
        ).exists()


def test_lei_9784_art_64_a_cancellation_becomes_a_suspension_from_the_decision(
    barra_m, authority, mayor, platform
):
    case = decided(barra_m, authority, mayor, platform, kind="credential_cancellation")
    assert platform_now(barra_m, platform).status == Platform.Status.CANCELLED
    a = paper(barra_m, authority, case, NOTICE)
    a = decide(barra_m, mayor, a, "partial", days=30)
    assert a.result == PlatformCaseAppeal.Result.PARTIAL
    p = platform_now(barra_m, platform)
    # 30 days from the decision of 20/10/2026, that day included: the last is 18/11/2026.
    assert p.status == Platform.Status.SUSPENDED and p.suspended_until == dt.date(2026, 11, 18)
    (reduced,) = acts(barra_m, "platform.case.reduce", case)
    assert reduced.record["payload"]["old"]["status"] == "cancelled"


def test_lei_9784_art_64_a_shorter_suspension_already_over_restores_the_credential(
    barra_m, authority, mayor, platform, suspended
):
    a = decide(barra_m, mayor, paper(barra_m, authority, suspended, NOTICE), "partial", days=10)
    # 10 days from 20/10 end on 29/10, before the appeal's decision on 05/11.
    p = platform_now(barra_m, platform)
    assert a.result == PlatformCaseAppeal.Result.PARTIAL
    assert p.status == Platform.Status.CREDENTIALED and p.suspended_until is None


def test_lei_9784_art_64_a_longer_suspension_is_refused_with_the_article(
    barra_m, authority, mayor, platform, suspended
):
    a = paper(barra_m, authority, suspended, NOTICE)
    with pytest.raises(PlatformError) as exc:
        decide(barra_m, mayor, a, "partial", days=30)
    assert exc.value.status == 422
    assert "art. 64" in str(exc.value.to_json())
    with tenant(barra_m):
        assert PlatformCaseAppeal.objects.get(pk=a.pk).result == "pending"
    assert platform_now(barra_m, platform).status == Platform.Status.SUSPENDED


def test_only_the_chief_executive_who_decided_decides_the_appeal(barra_m, authority, suspended):
    a = paper(barra_m, authority, suspended, NOTICE)
    with pytest.raises(NotCompetent):
        decide(barra_m, authority, a, "upheld")


def test_d4_the_decision_notice_cannot_precede_the_decision(barra_m, authority, mayor, platform):
    warn(barra_m, authority, platform)
    case = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=open_case(barra_m, authority, platform),
        uphold=True,
        text="Falta grave.",
        on=DECIDED,
    )
    with pytest.raises(PlatformError):
        platform_case_decision_notice_record(
            actor=authority,
            municipality=barra_m,
            case=case,
            notice_on=dt.date(2026, 10, 19),
            on=NOTICE,
        )
    with tenant(barra_m):
        assert PlatformCase.objects.get(pk=case.pk).decision_notice_on is None


# --- the routes: platform API, staff API ---------------------------------------------------------


def on_day(monkeypatch, day):
    on_municipal_day(monkeypatch, day)


def test_art_59_platform_api_appeal_on_the_last_day_is_received_and_the_next_refused(
    barra_m, authority, mayor, platform, api, monkeypatch
):
    case = decided(barra_m, authority, mayor, platform)
    on_day(monkeypatch, dt.date(2026, 11, 4))
    late = api(
        "post", f"/cases/{case.pk}/appeal", data={"text": "x"}, content_type="application/json"
    )
    assert late.status_code == 422
    assert "fora do prazo" in late.json()["detail"] and "03/11/2026" in late.json()["detail"]
    on_day(monkeypatch, dt.date(2026, 11, 3))
    r = api(
        "post",
        f"/cases/{case.pk}/appeal",
        data={"text": "Os relatórios foram entregues."},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["decision_notice_on"] == "2026-10-23"
    assert body["appeal"]["channel"] == "api" and body["appeal"]["deadline"] == "2026-11-03"
    assert body["appeal"]["result"] == "pending"
    (filed,) = acts(
        barra_m, "platform.case.appeal.file", PlatformCaseAppeal(pk=body["appeal"]["id"])
    )
    assert filed.role == "plataforma"


def staff_post(user_of, role, path, body):
    c = Client()
    c.force_login(user_of("barra-do-garcas", role))
    return c.post(f"/api/v1{path}", data=json.dumps(body), content_type="application/json")


def test_staff_api_notice_paper_appeal_and_the_chief_executives_decision(
    barra_m, authority, mayor, platform, user_of, monkeypatch
):
    from outorga.law.competence import Role

    warn(barra_m, authority, platform)
    case = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=open_case(barra_m, authority, platform, kind="credential_cancellation"),
        uphold=True,
        text="Falta gravíssima e reiterada.",
        on=DECIDED,
    )
    on_day(monkeypatch, dt.date(2026, 11, 5))
    r = staff_post(
        user_of,
        Role.AUTORIDADE,
        f"/platform-cases/{case.pk}/decision-notice",
        {"notice_on": NOTICE.isoformat()},
    )
    assert r.status_code == 200, r.content
    r = staff_post(
        user_of,
        Role.AUTORIDADE,
        f"/platform-cases/{case.pk}/appeal",
        {"filed_on": "2026-11-03", "text": "Recurso protocolado."},
    )
    assert r.status_code == 201, r.content
    assert r.json()["appeal"]["channel"] == "paper"
    # The authority that proposed does not decide the appeal: the Chief Executive does.
    body = {"result": "partial", "reasoning": "Converte-se em suspensão.", "suspension_days": 30}
    r = staff_post(user_of, Role.AUTORIDADE, f"/platform-cases/{case.pk}/appeal/decision", body)
    assert r.status_code == 403
    r = staff_post(
        user_of, Role.CHEFE_EXECUTIVO, f"/platform-cases/{case.pk}/appeal/decision", body
    )
    assert r.status_code == 200, r.content
    assert r.json()["appeal"]["result"] == "partial"
    p = platform_now(barra_m, platform)
    assert p.status == Platform.Status.SUSPENDED and p.suspended_until == dt.date(2026, 11, 18)


# --- the platform portal's case page ------------------------------------------------------------


def test_art_59_the_portal_refuses_the_day_after_and_receives_on_the_last_day(
    barra_m, authority, portal, suspended, monkeypatch
):
    url = f"/plataforma/processos/{suspended.pk}/"
    page = portal.get(url).content.decode()
    assert "Recurso contra a decisão" in page and "23/10/2026" in page
    on_day(monkeypatch, dt.date(2026, 11, 4))
    late = portal.post(url, {"text": "Recurso."})
    assert late.status_code == 200
    assert "fora do prazo" in late.content.decode() and "03/11/2026" in late.content.decode()
    on_day(monkeypatch, dt.date(2026, 11, 3))
    r = portal.post(url, {"text": "Os relatórios foram entregues."})
    assert r.status_code == 302 and r["Location"] == url
    with tenant(barra_m):
        a = PlatformCaseAppeal.objects.get(case=suspended)
    assert a.channel == "web" and a.filed_on == dt.date(2026, 11, 3)
    page = portal.get(url).content.decode()
    assert "aguardando decisão" in page and "Apresentar recurso" not in page


# --- the staff case page --------------------------------------------------------------------------


def test_staff_screen_notice_paper_appeal_and_the_chief_executive_upholds(
    barra_m, authority, mayor, platform, user_of, monkeypatch
):
    from outorga.law.competence import Role

    warn(barra_m, authority, platform)
    case = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=open_case(barra_m, authority, platform),
        uphold=True,
        text="Falta grave.",
        on=DECIDED,
    )
    on_day(monkeypatch, dt.date(2026, 11, 5))
    url = f"/plataformas/processos/{case.pk}/"
    staff = Client()
    staff.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    assert "Registrar a notificação da decisão" in staff.get(url).content.decode()
    r = staff.post(url, {"acao": "notificacao", "notificacao-notice_on": "2026-10-23"})
    assert r.status_code == 302, r.content.decode()[-2000:]
    late = staff.post(
        url, {"acao": "recurso", "recurso-filed_on": "2026-11-04", "recurso-text": "Recurso."}
    )
    assert late.status_code == 200 and "fora do prazo" in late.content.decode()
    r = staff.post(
        url, {"acao": "recurso", "recurso-filed_on": "2026-11-03", "recurso-text": "Recurso."}
    )
    assert r.status_code == 302
    assert "Decidir o recurso" not in staff.get(url).content.decode()
    chief = Client()
    chief.force_login(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    page = chief.get(url).content.decode()
    assert "Decidir o recurso" in page
    r = chief.post(
        url,
        {
            "acao": "decidir_recurso",
            "decidir_recurso-result": "upheld",
            "decidir_recurso-reasoning": "Relatórios entregues: falta não provada.",
        },
    )
    assert r.status_code == 302
    p = platform_now(barra_m, platform)
    assert p.status == Platform.Status.CREDENTIALED
    assert "provido: penalidade anulada" in chief.get(url).content.decode()


@pytest.mark.parametrize(("result", "counted"), [("upheld", False), ("dismissed", True)])
def test_art_26_i_a_proposal_annulled_on_appeal_establishes_no_occurrence(
    barra_m, authority, mayor, platform, suspended, result, counted
):
    """Art. 26, I counts the earlier occurrences established: a suspension the Chief Executive
    annulled on appeal (Lei 9.784/1999 art. 53, 56 §1) established none, and the record says so
    to the law ("annulled"); one whose appeal was dismissed is final from the decision's day
    (05/11/2026) and counts for a later fact (ADR 0082)."""
    from outorga.law.barra_do_garcas.apps_2025.enforcement.penalties import (
        art26_i_prior_occurrences,
    )
    from outorga.platforms.services.common import occurrences

    a = paper(barra_m, authority, suspended, dt.date(2026, 10, 26))
    decide(barra_m, mayor, a, result)
    later = dt.date(2026, 12, 1)
    with tenant(barra_m):
        record = occurrences(platform_now(barra_m, platform), later, later)
    (case,) = [o for o in record if o["id"] == f"processo {suspended.pk}"]
    assert case["status"] == ("final" if counted else "annulled")
    assert case.get("final_on") == ("2026-11-05" if counted else None)
    _, why = art26_i_prior_occurrences(later, record)
    assert (case["id"] in why.facts["consideradas"]) is counted


# --- the period to appeal, as the case pages say it ---------------------------------------------


def test_d17_the_case_pages_say_the_appeal_period_the_law_core_gave_at_the_notice(
    barra_m, portal, suspended, user_of
):
    """Art. 26 sole paragraph with D-17: the regulation silent, Lei 9.784/1999 art. 59's 10 days,
    as the law core's reason says it with its articles — on the platform's and the staff's page."""
    from outorga.law.competence import Role

    staff = Client()
    staff.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    for page in (
        portal.get(f"/plataforma/processos/{suspended.pk}/").content.decode(),
        staff.get(f"/plataformas/processos/{suspended.pk}/").content.decode(),
    ):
        assert "Prazo de recurso: 10 dias — a lei municipal é silente" in page
        assert "Lei Federal 9.784/1999, art. 59" in page and "decisão D-17" in page
        # Federal articles named with their law, never a bare "art. 61" read as the apps law's.
        assert "sem efeito suspensivo" in page and "(Lei Federal 9.784/1999, art. 61)" in page
        assert "reconsideração (Lei Federal 9.784/1999, art. 56, §1)" in page


def test_d17_a_regulation_s_appeal_days_are_the_ones_the_case_pages_say(
    barra_m, authority, mayor, platform, portal, user_of
):
    """The regulation fixes 15 days (art. 27): the pages say 15, never a 10 of their own."""
    from outorga.core.models import ParameterOverride
    from outorga.law.competence import Role

    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.procedure_appeal_days",
            effective=dt.date(2026, 10, 1),  # after the warning's own period (factories)
            value=15,
            legal_reference="Decreto de teste que regulamenta o art. 27",
        )
    case = decided(barra_m, authority, mayor, platform)
    staff = Client()
    staff.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    for page in (
        portal.get(f"/plataforma/processos/{case.pk}/").content.decode(),
        staff.get(f"/plataformas/processos/{case.pk}/").content.decode(),
    ):
        assert "Prazo de recurso: 15 dias" in page
        assert "Prazo de recurso: 10 dias" not in page and "art. 27" in page

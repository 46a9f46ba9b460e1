"""Lei 9.784/1999 art. 59, §2º on a platform's appeal against a penalty (apps art. 26, parágrafo
único; D-17): "O prazo mencionado no parágrafo anterior poderá ser prorrogado por igual período,
ante justificativa explícita". The Chief Executive, who judges it (``appeal.executive.judge``),
extends the §1 period once by as many days, from its last day (D-4), with a justification — the
same law-core rule as the enforcement appeals'. The appeal records it, the acts log has it, and
the penalty page, the appeals list, the home and the platform's portal show the new day and the
article. Refused: without a justification, a second time, once judged, where the regulation set
the period, by a role that does not judge, on a day outside the period — after its last day, or
while the appeal still awaits reconsideration, before the Chief Executive received it (§1: "a
partir do recebimento dos autos pelo órgão competente"), when the page offers no form either;
another municipality's staff do not reach it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from platforms_factories import fine, on_municipal_day, warn

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.services import parameter_override_record
from outorga.core.tenancy import tenant
from outorga.law.common.judgment import extension_cited
from outorga.law.competence import Role
from outorga.platforms.models import PlatformPenaltyAppeal
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalty_appeals import (
    platform_penalty_appeal_extend,
    platform_penalty_appeal_file,
    platform_penalty_appeal_judge,
)

#: "Today" is TODAY, inside the period that runs from the receipt on 15/10/2026 to 16/11/2026
#: (Barra do Garças is at -04:00), from the fixtures on: the tests' on_municipal_day says the same.
pytestmark = [pytest.mark.django_db, pytest.mark.clock("2026-10-20T12:00:00-04:00")]

# Filed on paper on Friday 09/10/2026: five days to reconsider, received by the Chief Executive on
# 15/10, its 30th day Saturday 14/11 moved to Monday 16/11/2026 (D-4; test_platform_penalty_appeal).
FILED = dt.date(2026, 10, 9)
JUDGE = dt.date(2026, 11, 16)
EXTENDED = dt.date(2026, 12, 16)  # 30 more days, a Wednesday
TODAY = dt.date(2026, 10, 20)
WHY = "Aguarda-se a resposta da plataforma ao pedido de dados de viagens."


@pytest.fixture
def appealed(barra_m, authority, platform):
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    return platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=x,
        text="O relatório foi entregue no prazo.",
        channel="paper",
        filed_on=FILED,
        on=FILED,
    )


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _page(appealed) -> str:
    return f"/plataformas/penalidades/{appealed.penalty_id}/"


def _now(barra_m, appealed) -> PlatformPenaltyAppeal:
    with tenant(barra_m):
        return PlatformPenaltyAppeal.objects.get(pk=appealed.pk)


def test_lei_9784_art_59_2_the_chief_executive_extends_the_platforms_appeal_once(
    barra_m, user_of, appealed, portal, monkeypatch
):
    assert appealed.judge_until == JUDGE
    on_municipal_day(monkeypatch, TODAY)
    mayor = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    page = _page(appealed)
    assert "prorrogar-julgamento" in mayor.get(page).content.decode()
    html = mayor.post(f"{page}prorrogar-julgamento/", {"justification": WHY}, follow=True)
    text = html.content.decode()
    assert (
        "Prazo para julgar prorrogado até 16/12/2026 (Lei Federal 9.784/1999, art. 59, §2)." in text
    )
    assert "Prazo prorrogado por igual período em 20/10/2026" in text and WHY in text
    assert "prorrogar-julgamento" not in text  # once: no second form
    a = _now(barra_m, appealed)
    assert a.judge_until == EXTENDED and a.judgment_extended_on == TODAY
    assert a.judgment_extension["justification"] == WHY
    assert a.judgment_extension["from"] == JUDGE.isoformat()
    with tenant(barra_m):
        act = Act.objects.filter(action="appeal.judgment.extend").get()
    assert act.record["payload"]["old"]["judge_until"] == JUDGE.isoformat()
    assert act.record["payload"]["new"]["judge_until"] == EXTENDED.isoformat()
    assert "Lei Federal 9.784/1999, art. 59, §2" in act.record["basis"]["citations"]
    # The appeals list, the home and the platform's portal.
    listing = mayor.get("/plataformas/penalidades/").content.decode()
    assert "16/12/2026 (prorrogado em 20/10/2026 — Lei Federal 9.784/1999, art. 59, §2)" in listing
    home = mayor.get("/").content.decode()
    assert "16/12/2026 (prorrogado em 20/10/2026 — Lei Federal 9.784/1999, art. 59, §2)" in home
    seen = portal.get(f"/plataforma/penalidades/{appealed.penalty_id}/").content.decode()
    assert "16/12/2026 (prazo prorrogado por igual período em 20/10/2026" in seen
    assert WHY not in seen  # the justification is the staff's page's
    # A second extension: the law refuses it, and the refusal is in the acts log.
    again = mayor.post(f"{page}prorrogar-julgamento/", {"justification": "Outra."}, follow=True)
    assert "já foi prorrogado" in again.content.decode()
    assert _now(barra_m, appealed).judge_until == EXTENDED
    with tenant(barra_m):
        assert Act.objects.filter(action="appeal.judgment.extend", outcome="refused").count() == 1


def test_lei_9784_art_59_2_apps_a_justification_is_required(
    barra_m, user_of, appealed, monkeypatch
):
    on_municipal_day(monkeypatch, TODAY)
    mayor = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    r = mayor.post(f"{_page(appealed)}prorrogar-julgamento/", {"justification": " "}, follow=True)
    text = r.content.decode()
    assert "exige justificativa explícita (Lei Federal 9.784/1999, art. 59, §2)" in text
    # Once, not again behind the API's code of the field ("justification: …").
    assert text.count("exige justificativa explícita") == 1
    assert "justification:" not in text
    assert _now(barra_m, appealed).judgment_extended_on is None


def test_lei_9784_art_59_2_apps_no_extension_once_judged(
    barra_m, mayor, user_of, appealed, monkeypatch
):
    on_municipal_day(monkeypatch, TODAY)
    platform_penalty_appeal_judge(
        actor=mayor, municipality=barra_m, appeal=appealed, upheld=False, reasoning="Mantida."
    )
    with pytest.raises(PlatformError, match="já julgado"):
        platform_penalty_appeal_extend(
            actor=mayor, municipality=barra_m, appeal=appealed, justification=WHY
        )
    client = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    assert "prorrogar-julgamento" not in client.get(_page(appealed)).content.decode()


def test_lei_9784_art_59_2_apps_the_regulations_period_is_not_extended(
    barra_m, authority, mayor, user_of, platform, monkeypatch
):
    parameter_override_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.ADMIN), "203.0.113.1"),
        municipality=barra_m,
        name="apps_2025.procedure_appeal_judgment_days",
        value=20,
        effective=dt.date(2026, 1, 1),
        legal_reference="Decreto de teste que regulamenta o art. 27",
    )
    warn(barra_m, authority, platform, final=True)
    x = fine(barra_m, authority, platform)
    a = platform_penalty_appeal_file(
        actor=authority,
        municipality=barra_m,
        penalty=x,
        text="Razões.",
        channel="paper",
        filed_on=FILED,
        on=FILED,
    )
    on_municipal_day(monkeypatch, TODAY)
    client = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    assert "prorrogar-julgamento" not in client.get(_page(a)).content.decode()
    r = client.post(f"{_page(a)}prorrogar-julgamento/", {"justification": WHY}, follow=True)
    assert "o prazo mencionado no parágrafo anterior" in r.content.decode()
    assert _now(barra_m, a).judge_until == a.judge_until


def test_lei_9784_art_59_2_apps_who_does_not_judge_nor_another_municipality_extends(
    barra_m, user_of, appealed, monkeypatch
):
    on_municipal_day(monkeypatch, TODAY)
    url = f"{_page(appealed)}prorrogar-julgamento/"
    authority = _client(user_of("barra-do-garcas", Role.AUTORIDADE))
    assert "prorrogar-julgamento" not in authority.get(_page(appealed)).content.decode()
    assert authority.post(url, {"justification": WHY}).status_code == 403
    other = _client(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
    assert other.post(url, {"justification": WHY}).status_code == 404
    assert _now(barra_m, appealed).judgment_extended_on is None


def test_lei_9784_art_59_2_apps_d_4_a_day_closed_later_moves_the_extended_day(
    barra_m, mayor, user_of, appealed, monkeypatch
):
    """The period's last day, Monday 16/11/2026, recorded as without business: it ends on Tuesday
    17/11 and its extension 30 days later, on Thursday 17/12/2026 (D-4)."""
    from outorga.core.models import CalendarDay
    from outorga.core.services import calendar_day_record

    on_municipal_day(monkeypatch, TODAY)
    platform_penalty_appeal_extend(
        actor=mayor, municipality=barra_m, appeal=appealed, justification=WHY
    )
    calendar_day_record(
        actor=Actor.of(user_of("barra-do-garcas", Role.ADMIN), "203.0.113.1"),
        municipality=barra_m,
        date=JUDGE,
        kind=CalendarDay.Kind.CLOSED,
        description="dia sem expediente (teste)",
        legal_reference="Decreto 9/2026",
    )
    assert _now(barra_m, appealed).judge_until == dt.date(2026, 12, 17)


def _refused_outside(barra_m, mayor, user_of, appealed, on: dt.date, said: str) -> None:
    """An extension outside the period: no form on the penalty page; the law refuses it with
    ``said``, through the page (today) and the service (``on``), the refusals logged; nothing
    recorded on the appeal."""
    client = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    assert "prorrogar-julgamento" not in client.get(_page(appealed)).content.decode()
    r = client.post(f"{_page(appealed)}prorrogar-julgamento/", {"justification": WHY}, follow=True)
    assert said in r.content.decode()
    with pytest.raises(PlatformError) as exc:
        platform_penalty_appeal_extend(
            actor=mayor, municipality=barra_m, appeal=appealed, justification=WHY, on=on
        )
    assert isinstance(exc.value, Refused) and said in exc.value.decision.to_text()
    a = _now(barra_m, appealed)
    assert a.judge_until == JUDGE and a.judgment_extended_on is None and not a.judgment_extension
    with tenant(barra_m):
        acts = Act.objects.filter(action="appeal.judgment.extend")
        assert not acts.filter(outcome="done").exists()
        assert acts.filter(outcome="refused").count() == 2


@pytest.mark.clock("2026-11-18T12:00:00-04:00")
def test_lei_9784_art_59_2_apps_an_extension_after_the_last_day_is_refused(
    barra_m, mayor, user_of, appealed
):
    """The period ended on 16/11/2026: nothing is left of it to be "prorrogado"."""
    _refused_outside(
        barra_m,
        mayor,
        user_of,
        appealed,
        dt.date(2026, 11, 17),
        "o prazo para julgar terminou em 16/11/2026: não há prazo a prorrogar",
    )


@pytest.mark.clock("2026-10-13T12:00:00-04:00")
def test_lei_9784_art_59_2_apps_an_extension_before_the_receipt_is_refused(
    barra_m, mayor, user_of, appealed
):
    """On 13/10/2026 the appeal awaits reconsideration by the authority that decided (art. 56
    §1, until 14/10): the Chief Executive receives it on 15/10, and the §1 period has not begun."""
    _refused_outside(
        barra_m,
        mayor,
        user_of,
        appealed,
        dt.date(2026, 10, 12),
        "o prazo para julgar ainda não começou a correr (recebimento em 15/10/2026)",
    )


def test_lei_9784_art_59_2_apps_the_api_shows_the_extension_its_justification_to_the_staff_only(
    barra_m, mayor, user_of, appealed, token_client, monkeypatch
):
    """The staff's penalty API gives the appeal's extended day to judge with the day it was
    extended (``judgment_extended_on``) and its justification; the platform's API the day and the
    date of the extension, not the justification (the staff's, as on the portal's page)."""
    on_municipal_day(monkeypatch, TODAY)
    staff = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    url = f"/api/v1/platform-penalties/{appealed.penalty_id}"
    before = staff.get(url).json()["appeal"]
    assert before["judge_until"] == JUDGE.isoformat()
    assert before["judgment_extended_on"] is None
    assert before["judgment_extension_justification"] is None
    platform_penalty_appeal_extend(
        actor=mayor, municipality=barra_m, appeal=appealed, justification=WHY
    )
    seen = staff.get(url).json()["appeal"]
    assert seen["judge_until"] == EXTENDED.isoformat()
    assert seen["judgment_extended_on"] == TODAY.isoformat()
    assert seen["judgment_extension_justification"] == WHY
    r = token_client.get("/api/v1/platform/penalties")
    assert r.status_code == 200
    own = next(p for p in r.json()["items"] if p["id"] == appealed.penalty_id)["appeal"]
    assert own["judge_until"] == EXTENDED.isoformat()
    assert own["judgment_extended_on"] == TODAY.isoformat()
    assert "judgment_extension_justification" not in own
    assert WHY not in r.content.decode()


def test_lei_9784_art_59_2_apps_the_decision_pdf_shows_the_extended_period_not_its_justification(
    barra_m, mayor, user_of, appealed, monkeypatch
):
    """The penalty's decision PDF, with its appeal, says the period to judge was extended: the
    day, the day it ran to, and the article as the law core renders it; not the justification
    (the PDF goes to the platform too)."""
    import pypdfium2 as pdfium

    on_municipal_day(monkeypatch, TODAY)
    platform_penalty_appeal_extend(
        actor=mayor, municipality=barra_m, appeal=appealed, justification=WHY
    )
    staff = _client(user_of("barra-do-garcas", Role.CHEFE_EXECUTIVO))
    r = staff.get(f"/plataformas/penalidades/{appealed.penalty_id}/pdf/")
    assert r.status_code == 200
    doc = pdfium.PdfDocument(r.content)
    text = " ".join(" ".join(p.get_textpage().get_text_range() for p in doc).split())
    assert (
        f"até {EXTENDED:%d/%m/%Y}, prorrogado por igual período em {TODAY:%d/%m/%Y} "
        f"({extension_cited()})" in text
    ), text
    assert WHY not in text

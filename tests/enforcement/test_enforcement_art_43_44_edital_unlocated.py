"""Mototaxi art. 43 and 44: the notice of the first-instance decision and of the JARI's goes to
the offender directly, by post with AR, "ou da publicação de breve edital no Diário Oficial do
Município quando o infrator não for localizado". The clerk records the failed attempt
(``notice_unlocated``, an act); an edital of such a notice without it, or with one after the
publication, is refused naming the field and the article, and writes nothing. The auto's own
notice (art. 29) and the taxi law's notices have no such condition."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from enforcement_factories import (
    case_of,
    client_of,
    file,
    issue,
    judge,
    notify,
    pending_notice,
    refused_acts,
    taxi_refusal_auto,
)

from outorga.core.actlabels import LABELS
from outorga.core.errors import FieldRefused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import deadline as law_deadline
from outorga.enforcement.models import Case, Notice
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.notices import edital_publish, notice_deliver, notice_unlocated
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)  # a Monday: the auto, signed (the defence runs at once)
JUDGED = D + dt.timedelta(days=2)
PUBLISHED = dt.date(2026, 4, 15)  # a Wednesday
MOTO = "Lei de mototáxi de Ipatinga (2013)"


def _decided(world, n: int = 0) -> Notice:
    """A mototaxi auto whose defence was dismissed: its decision's notice waits."""
    auto = issue(world, on=D + dt.timedelta(days=n))
    judge(world, world.authority, file(world, auto, D + dt.timedelta(days=1 + n)), JUDGED)
    notice = pending_notice(world, case_of(world, auto))
    assert notice.purpose == Notice.Purpose.DEFENCE_DECISION
    return notice


def _unlocated(world, notice: Notice, on: dt.date, how: str = "ar_mudou", note: str = ""):
    return notice_unlocated(
        actor=world.clerk, municipality=world.m, notice=notice, on=on, how=how, note=note
    )


def _edital(world, notice: Notice, on: dt.date = PUBLISHED) -> Notice:
    return notice_deliver(
        actor=world.clerk, municipality=world.m, notice=notice, form="edital", on=on,
        reference="DOM 1234",
    )  # fmt: skip


def _fresh(world, notice: Notice) -> Notice:
    with tenant(world.m):
        return Notice.objects.select_related("case").get(pk=notice.pk)


def _acts(world, action: str, outcome: str = "done") -> list[Act]:
    with tenant(world.m):
        return list(Act.objects.filter(action=action, outcome=outcome).order_by("seq"))


def test_art_43_edital_of_the_first_decision_without_the_attempt_is_refused(world):
    notice = _decided(world)
    with pytest.raises(FieldRefused) as exc:
        _edital(world, notice)
    assert exc.value.field == "infrator não localizado"
    assert "só quando o infrator não for localizado" in exc.value.message
    assert exc.value.citation == f"{MOTO}, art. 43"
    after = _fresh(world, notice)
    assert (after.notified_on, after.deadline, after.form) == (None, None, "")
    assert after.case.waiting == Case.Waiting.NOTICE
    [act] = refused_acts(world, "notice.deliver")
    assert f"{MOTO}, art. 43" in act.record["basis"]["citations"]


def test_art_43_the_attempt_recorded_the_edital_opens_the_jari_appeal(world):
    notice = _decided(world)
    _unlocated(world, notice, D + dt.timedelta(days=3), note="AR devolvido em 09/04")
    [act] = _acts(world, "notice.unlocated")
    assert act.record["payload"]["new"]["how"] == "ar_mudou"
    assert act.record["payload"]["new"]["note"] == "AR devolvido em 09/04"
    assert f"{MOTO}, art. 43" in act.record["basis"]["citations"]
    assert LABELS["notice.unlocated"].startswith("Infrator não localizado")
    delivered = _edital(world, notice)
    assert delivered.notified_on == PUBLISHED
    assert delivered.deadline == dt.date(2026, 4, 27)  # 25/04 is a Saturday
    rules = {r["rule"] for r in delivered.decision["reasons"]}
    assert "art_43_edital_unlocated" in {r.rsplit(".", 1)[-1] for r in rules}
    assert case_of_notice(world, delivered).waiting == Case.Waiting.DEADLINE


def case_of_notice(world, notice: Notice) -> Case:
    with tenant(world.m):
        return Case.objects.get(pk=notice.case_id)


def test_art_43_attempt_on_the_publication_day_is_enough(world):
    notice = _decided(world)
    _unlocated(world, notice, PUBLISHED, how="nao_encontrado")
    assert _edital(world, notice).notified_on == PUBLISHED


def test_art_43_attempt_after_the_publication_is_refused(world):
    notice = _decided(world)
    _unlocated(world, notice, PUBLISHED + dt.timedelta(days=1))
    with pytest.raises(FieldRefused) as exc:
        _edital(world, notice)
    assert "posterior à publicação" in exc.value.message
    assert _fresh(world, notice).notified_on is None


def test_art_43_the_attempt_needs_what_happened_and_a_day_not_before_the_decision(world):
    notice = _decided(world)
    with pytest.raises(FieldError) as exc:
        _unlocated(world, notice, JUDGED, how="perdido")
    assert exc.value.field == "ocorrência"
    with pytest.raises(FieldError) as exc:
        _unlocated(world, notice, JUDGED, how="outro")
    assert exc.value.field == "detalhes"
    with pytest.raises(FieldError) as exc:
        _unlocated(world, notice, JUDGED - dt.timedelta(days=1))
    assert exc.value.field == "data da tentativa"
    assert _fresh(world, notice).unlocated_on is None
    assert not _acts(world, "notice.unlocated")


def test_art_43_no_attempt_is_recorded_on_a_delivered_notice(world):
    notice = _decided(world)
    notify(world, case_of_notice(world, notice).auto, PUBLISHED, "postal")
    with pytest.raises(InvalidStep):
        _unlocated(world, notice, PUBLISHED)


def test_art_44_the_batch_with_a_jari_decision_lacking_the_attempt_is_refused_whole(world):
    first = _decided(world)
    auto = issue(world, on=D, signed=False)  # its own notice (art. 29) needs no attempt
    second = _decided(world, n=1)
    # The second case reaches the JARI's decision.
    notify(world, case_of_notice(world, second).auto, JUDGED + dt.timedelta(days=1))
    appeal = file(world, case_of_notice(world, second).auto, JUDGED + dt.timedelta(days=2))
    judge(world, world.jari, appeal, JUDGED + dt.timedelta(days=4))
    jari = pending_notice(world, case_of_notice(world, second))
    assert jari.purpose == Notice.Purpose.JARI_DECISION
    own = pending_notice(world, case_of(world, auto))
    with pytest.raises(FieldError) as exc:
        edital_publish(
            actor=world.clerk, municipality=world.m, notices=[first, own, jari],
            published_on=PUBLISHED, edition="DOM 1234",
        )  # fmt: skip
    assert exc.value.field == "infrator não localizado"
    text = str(exc.value)
    assert first.case.number in text and jari.case.number in text
    assert case_of(world, auto).number not in text
    assert all(_fresh(world, n).notified_on is None for n in (first, own, jari))
    assert len(refused_acts(world, "notice.deliver")) == 2
    _unlocated(world, first, PUBLISHED)
    _unlocated(world, jari, PUBLISHED - dt.timedelta(days=2), how="ar_desconhecido")
    done = edital_publish(
        actor=world.clerk, municipality=world.m, notices=[first, own, jari],
        published_on=PUBLISHED, edition="DOM 1234",
    )  # fmt: skip
    assert {n.pk for n in done} == {first.pk, own.pk, jari.pk}
    [rule] = [r for r in _fresh(world, jari).decision["reasons"] if "edital" in r["rule"]]
    assert rule["rule"].endswith("art_44_edital_unlocated")


def test_art_29_the_autos_own_notice_by_edital_needs_no_attempt(world):
    auto = issue(world, on=D, signed=False)
    notice = pending_notice(world, case_of(world, auto))
    assert notice.purpose == Notice.Purpose.AUTO
    assert _edital(world, notice).notified_on == PUBLISHED


def test_art_43_a_taxi_decision_by_edital_needs_no_attempt(world):
    auto = taxi_refusal_auto(world, on=D)
    defence = filing_file(
        actor=world.clerk, municipality=world.m, case=case_of(world, auto), text="Defesa.",
        filed_on=D + dt.timedelta(days=1), channel="paper",
    )  # fmt: skip
    filing_judge(
        actor=world.authority, municipality=world.m, filing=defence, upheld=False,
        reasoning="Infração comprovada.", on=JUDGED,
    )  # fmt: skip
    notice = pending_notice(world, case_of(world, auto))
    assert notice.purpose == Notice.Purpose.DEFENCE_DECISION
    assert _edital(world, notice).deadline is not None
    assert not refused_acts(world, "notice.deliver")


def test_art_26_the_apps_law_takes_no_attempt_in_its_notice(barra_m):
    # The apps law's notice has no such field (closed schema): the attempt is not passed to it.
    last, d = law_deadline(
        barra_m, "barra-do-garcas.apps-2025", "executive", "edital", PUBLISHED, unlocated_on=D
    )
    assert last > PUBLISHED and not d.refusals


def test_art_43_the_case_page_records_the_person_not_found(world):
    notice = _decided(world)
    clerk = client_of(world.clerk.user)
    page = clerk.get(reverse("enforcement:case", args=[notice.case_id])).content.decode()
    assert "Registrar infrator não localizado" in page
    assert "não for localizado (Lei de mototáxi de Ipatinga (2013), art. 43)" in page
    url = reverse("enforcement:notice_unlocated", args=[notice.pk])
    r = clerk.post(url, {"unlocated_on": "2026-04-10", "how": "ar_ausente", "note": "3 tentativas"})
    assert r.status_code == 302
    after = _fresh(world, notice)
    assert (after.unlocated_on, after.unlocated_how) == (dt.date(2026, 4, 10), "ar_ausente")
    page = clerk.get(reverse("enforcement:case", args=[notice.case_id])).content.decode()
    assert "Não localizado em <strong>10/04/2026</strong>" in page


def test_art_29_the_autos_own_notice_offers_no_unlocated_form(world):
    """The auto's notice may go by the Diário Oficial with no attempt (art. 29): its case page
    asks none."""
    auto = issue(world, on=D, signed=False)
    assert pending_notice(world, case_of(world, auto)).purpose == Notice.Purpose.AUTO
    clerk = client_of(world.clerk.user)
    page = clerk.get(reverse("enforcement:case", args=[case_of(world, auto).pk])).content
    assert "Registrar notificação" in page.decode()
    assert "Registrar infrator não localizado" not in page.decode()


def test_art_43_the_api_records_the_person_not_found(world):
    notice = _decided(world)
    url = f"/api/v1/enforcement/notices/{notice.pk}/unlocated"
    body = {"on": "2026-04-10", "how": "nao_encontrado"}
    jari = client_of(world.jari.user)  # not who records notices (art. 29, 43)
    assert jari.post(url, body, content_type="application/json").status_code == 403
    r = client_of(world.clerk.user).post(url, body, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["unlocated_on"] == "2026-04-10"
    assert r.json()["unlocated_how"] == "nao_encontrado"


def test_art_43_an_edital_recorded_before_the_attempt_was_kept_never_makes_an_appeal_late(world):
    # A notice published by edital before this record existed: the appeal in time is received.
    notice = _decided(world)
    _unlocated(world, notice, PUBLISHED)
    delivered = _edital(world, notice)
    with tenant(world.m):
        Notice.objects.filter(pk=notice.pk).update(unlocated_on=None, unlocated_how="")
    appeal = file(world, case_of_notice(world, delivered).auto, delivered.deadline)
    assert appeal.deadline == delivered.deadline


def test_art_43_the_edital_page_shows_who_was_not_found(world):
    notice = _decided(world)
    _unlocated(world, notice, PUBLISHED, how="ar_desconhecido")
    page = client_of(world.clerk.user).get(reverse("enforcement:edital")).content.decode()
    assert "Não localizado em" in page
    assert "15/04/2026 — AR devolvido — desconhecido" in page

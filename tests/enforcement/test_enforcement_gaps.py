"""Gaps the audit found in enforcement's tests, each asserting what the law demands:

- the decision PDF (``/fiscalizacao/pecas/<id>/decisao.pdf``) names the decision, its article and
  the deadline of the next appeal (mototaxi art. 42–44, D-4);
- an appeal to the JARI (art. 43) or to the Chief Executive (art. 44) filed the day after the last
  day is refused by the service, also when the last day was moved by the municipal calendar;
- each step is done only by the role the competence table names (notices and edital: art. 29, 43;
  storage and release of a seized vehicle: art. 35 §1; return from a suspension: art. 4 §1, 32 §2),
  and a refusal is itself an act;
- the work queues put the nearest deadline first (authority, JARI, Chief Executive's proposals).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pypdfium2 as pdfium
import pytest
from django.test import Client
from enforcement_factories import World, case_of, issue, pending_notice
from registry_factories import make_permit

from outorga.core.errors import Refused
from outorga.core.models import Act, CalendarDay
from outorga.core.tenancy import tenant
from outorga.enforcement import selectors
from outorga.enforcement.models import Case, Filing, InfractionNotice, Notice, Seizure
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.notices import edital_publish, notice_deliver
from outorga.enforcement.services.proposals import proposal_open_cassacao
from outorga.enforcement.services.seizures import (
    seizure_bill_storage,
    seizure_create,
    seizure_release,
)
from outorga.finance.models import Debt
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit
from outorga.registry.services.documents import document_record
from outorga.registry.services.permit_status import permit_reinstate, permit_suspend

MOTO = "Lei de mototáxi de Ipatinga (2013)"


def client_of(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


def pdf_text(content: bytes) -> str:
    """The PDF's text as a reader sees it, with line breaks and runs of spaces as one space."""
    doc = pdfium.PdfDocument(content)
    text = " ".join(page.get_textpage().get_text_range() for page in doc)
    return " ".join(text.split())


def refused_acts(w: World, action: str) -> list[Act]:
    with tenant(w.m):
        return list(Act.objects.filter(action=action, outcome="refused").order_by("seq"))


def file(w: World, auto: InfractionNotice, on: dt.date, text: str = "Razões.") -> Filing:
    return filing_file(
        actor=w.holder, municipality=w.m, case=case_of(w, auto), text=text, filed_on=on
    )


def judge(w: World, actor: Any, f: Filing, on: dt.date, why: str = "Mantido.") -> Filing:
    return filing_judge(actor=actor, municipality=w.m, filing=f, upheld=False, reasoning=why, on=on)


def notify(w: World, auto: InfractionNotice, on: dt.date, form: str = "pessoal") -> Notice:
    return notice_deliver(
        actor=w.clerk,
        municipality=w.m,
        notice=pending_notice(w, case_of(w, auto)),
        form=form,
        on=on,
        reference=f"ref {on:%d%m%Y}",
    )


def at_jari(
    w: World, committed: dt.date, decision_notified: dt.date, form: str = "pessoal"
) -> tuple[InfractionNotice, Filing]:
    """An auto signed on ``committed`` (its defence deadline runs at once), the defence filed the
    next day and dismissed the day after, its decision notified on ``decision_notified``."""
    auto = issue(w, on=committed)
    defence = file(w, auto, committed + dt.timedelta(days=1))
    judge(w, w.authority, defence, committed + dt.timedelta(days=2), "Infração comprovada.")
    notify(w, auto, decision_notified, form)
    return auto, defence


def at_executive(
    w: World, committed: dt.date, jari_notified: dt.date, form: str = "pessoal"
) -> tuple[InfractionNotice, Filing]:
    """As :func:`at_jari`, then the JARI appeal filed and dismissed within days, and the JARI's
    decision notified on ``jari_notified``."""
    auto, _ = at_jari(w, committed, committed + dt.timedelta(days=3))
    appeal = file(w, auto, committed + dt.timedelta(days=4))
    judge(w, w.jari, appeal, committed + dt.timedelta(days=5), "Recurso sem fundamento.")
    notify(w, auto, jari_notified, form)
    return auto, appeal


# --- the decision PDF ---------------------------------------------------------------------------


def decision_pdf(w: World, user_of: Any, f: Filing) -> str:
    r = client_of(user_of("ipatinga", Role.AUTORIDADE)).get(
        f"/fiscalizacao/pecas/{f.pk}/decisao.pdf"
    )
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    return pdf_text(r.content)


def test_art_42_43_the_defence_decision_pdf_names_it_its_article_and_the_jari_deadline(
    world, user_of
):
    d = dt.date(2026, 4, 6)
    auto = issue(world, on=d)
    defence = file(world, auto, d + dt.timedelta(days=1))
    judge(world, world.authority, defence, d + dt.timedelta(days=2), "Infração comprovada.")
    text = decision_pdf(world, user_of, defence)
    assert case_of(world, auto).number in text
    assert "Resultado improcedente" in text and "Infração comprovada." in text
    assert f"{MOTO}, art. 42" in text  # the first-instance judgment
    # Before the decision is notified the appeal's deadline counts from that notice (art. 43).
    assert "recurso à JARI" in text and f"{MOTO}, art. 43" in text
    assert "10 dias contados da notificação desta decisão" in text

    # Notified by post: the date on the AR, Friday 24/04/2026, + 10 = Monday 04/05/2026 (D-4).
    notify(world, auto, dt.date(2026, 4, 24), "postal")
    text = decision_pdf(world, user_of, defence)
    assert "recurso à JARI até 04/05/2026" in text
    assert "notificação em 24/04/2026" in text


def test_art_44_the_jari_decision_pdf_names_the_appeal_to_the_chief_executive_and_its_moved_deadline(
    world, user_of
):
    # The JARI's decision published on Saturday 11/04/2026: + 10 = Tiradentes (21/04), so the
    # appeal to the Chief Executive runs until Wednesday 22/04/2026 (D-4).
    auto, appeal = at_executive(world, dt.date(2026, 3, 20), dt.date(2026, 4, 11), "edital")
    text = decision_pdf(world, user_of, appeal)
    assert "recurso à JARI" in text and "Resultado improcedente" in text
    assert f"{MOTO}, art. 43" in text  # the JARI judged (art. 43)
    assert "recurso ao Chefe do Poder Executivo até 22/04/2026" in text
    assert f"{MOTO}, art. 44" in text


def test_art_44_the_chief_executives_decision_pdf_says_no_appeal_is_left(world, user_of):
    auto, _ = at_executive(world, dt.date(2026, 3, 20), dt.date(2026, 4, 1))
    last = file(world, auto, dt.date(2026, 4, 2))
    judge(world, world.mayor, last, dt.date(2026, 4, 6), "Mantida a multa.")
    assert case_of(world, auto).stage == Case.Stage.FINAL
    text = decision_pdf(world, user_of, last)
    assert "recurso ao Chefe do Executivo" in text and "Mantida a multa." in text
    assert f"{MOTO}, art. 44" in text
    assert "não cabe outro recurso" in text


# --- late appeals, at the service --------------------------------------------------------------


def test_art_43_a_jari_appeal_the_day_after_a_last_day_moved_by_the_municipal_holiday_is_refused(
    world,
):
    # Decision notified on Saturday 05/08/2028: + 10 = Tuesday 15/08/2028, Ipatinga's municipal
    # holiday, so the last day is Wednesday 16/08 (D-4) and Thursday 17/08 is late.
    auto, _ = at_jari(world, dt.date(2028, 7, 20), dt.date(2028, 8, 5))
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.JARI, Case.Waiting.DEADLINE)
    assert case.deadline == dt.date(2028, 8, 16)
    with pytest.raises(Refused) as exc:
        file(world, auto, dt.date(2028, 8, 17))
    message = str(exc.value)
    assert message.startswith("Intempestivo: o prazo terminou em 16/08/2028")
    assert f"{MOTO}, art. 43" in message
    refusal = {r.rule: r for r in exc.value.decision.refusals}
    assert set(refusal) == {"recurso_jari_in_time"}
    # Nothing was written: no appeal, the deadline still runs, no act of filing.
    case = case_of(world, auto)
    assert (case.stage, case.waiting) == (Case.Stage.JARI, Case.Waiting.DEADLINE)
    with tenant(world.m):
        assert not case.filings.filter(stage=Filing.Stage.JARI).exists()
        assert not Act.objects.filter(action="appeal.jari.file").exists()
    # The moved last day itself is in time.
    appeal = file(world, auto, dt.date(2028, 8, 16))
    assert appeal.stage == Filing.Stage.JARI and appeal.deadline == dt.date(2028, 8, 16)


def test_art_44_an_appeal_to_the_chief_executive_the_day_after_a_day_the_office_was_closed_is_late(
    world,
):
    # The municipality declared its office closed on Thursday 11/06/2026, the tenth day after the
    # notice of the JARI's decision on Monday 01/06: the last day moves to Friday 12/06 (D-4).
    with tenant(world.m):
        CalendarDay.objects.create(
            date=dt.date(2026, 6, 11),
            kind=CalendarDay.Kind.CLOSED,
            description="expediente suspenso (teste)",
            legal_reference="Decreto 1/2026",
        )
    auto, _ = at_executive(world, dt.date(2026, 5, 4), dt.date(2026, 6, 1))
    case = case_of(world, auto)
    assert (case.stage, case.deadline) == (Case.Stage.EXECUTIVE, dt.date(2026, 6, 12))
    with pytest.raises(Refused) as exc:
        file(world, auto, dt.date(2026, 6, 13))
    assert str(exc.value).startswith("Intempestivo: o prazo terminou em 12/06/2026")
    assert f"{MOTO}, art. 44" in str(exc.value)
    with tenant(world.m):
        assert not case.filings.filter(stage=Filing.Stage.EXECUTIVE).exists()
        assert not Act.objects.filter(action="appeal.executive.file").exists()
    assert case_of(world, auto).waiting == Case.Waiting.DEADLINE
    last = file(world, auto, dt.date(2026, 6, 12))
    assert last.stage == Filing.Stage.EXECUTIVE


# --- competence of each step ------------------------------------------------------------------


def test_art_29_only_clerk_inspector_or_authority_record_a_notice_and_refusals_are_acts(world):
    auto = issue(world, on=dt.date(2026, 4, 6), signed=False)
    notice = pending_notice(world, case_of(world, auto))
    wrong = [world.jari, world.mayor, world.finance, world.holder]
    for actor in wrong:
        with pytest.raises(NotCompetent) as exc:
            notice_deliver(
                actor=actor,
                municipality=world.m,
                notice=notice,
                form="pessoal",
                on=dt.date(2026, 4, 7),
            )
        assert f"{MOTO}, art. 29" in str(exc.value)
    acts = refused_acts(world, "notice.record")
    assert [a.role for a in acts] == ["jari", "chefe_executivo", "financas", "permissionario"]
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE
    with tenant(world.m):
        assert Notice.objects.get(pk=notice.pk).notified_on is None
    notice_deliver(
        actor=world.fiscal,
        municipality=world.m,
        notice=notice,
        form="pessoal",
        on=dt.date(2026, 4, 7),
    )
    assert case_of(world, auto).deadline == dt.date(2026, 4, 17)


def test_art_29_43_only_who_records_notices_publishes_the_edital(world, user_of):
    auto = issue(world, on=dt.date(2026, 4, 6), signed=False)
    notice = pending_notice(world, case_of(world, auto))
    for actor in (world.jari, world.mayor, world.finance):
        with pytest.raises(NotCompetent):
            edital_publish(
                actor=actor,
                municipality=world.m,
                notices=[notice],
                published_on=dt.date(2026, 4, 8),
                edition="DOM 321",
            )
    assert [a.role for a in refused_acts(world, "notice.record")] == [
        "jari",
        "chefe_executivo",
        "financas",
    ]
    # The screen refuses the JARI too, with the article, and publishes nothing.
    r = client_of(user_of("ipatinga", Role.JARI)).post(
        "/fiscalizacao/edital/", {"n": [notice.pk], "published_on": "2026-04-08", "edition": "X"}
    )
    assert r.status_code == 403 and "art. 29" in r.content.decode()
    with tenant(world.m):
        assert Notice.objects.get(pk=notice.pk).notified_on is None
    [done] = edital_publish(
        actor=world.authority,
        municipality=world.m,
        notices=[notice],
        published_on=dt.date(2026, 4, 8),
        edition="DOM 321",
    )
    assert (done.form, done.notified_on, done.reference) == (
        "edital",
        dt.date(2026, 4, 8),
        "DOM 321",
    )


def _seized(w: World) -> Seizure:
    auto = issue(w, code="art38-I", on=dt.date(2026, 4, 6))  # art. 38 §2: seizes the vehicle
    return seizure_create(
        actor=w.fiscal,
        municipality=w.m,
        person=w.permit.holder,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=dt.date(2026, 4, 6),
        removal_cents=10_000,
        storage_daily_cents=1_500,
        auto=auto,
    )


def test_art_35_par1_only_clerk_or_authority_bill_storage_and_refusals_are_acts(world):
    s = _seized(world)
    through = dt.date(2026, 4, 9)
    for actor in (world.fiscal, world.jari, world.finance, world.mayor):
        with pytest.raises(NotCompetent) as exc:
            seizure_bill_storage(actor=actor, municipality=world.m, seizure=s, through=through)
        assert f"{MOTO}, art. 35, §1" in str(exc.value)
    assert [a.role for a in refused_acts(world, "seizure.release")] == [
        "fiscal",
        "jari",
        "financas",
        "chefe_executivo",
    ]
    with tenant(world.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.storage_billed_until is None and not s.storage_debts.exists()
    debt = seizure_bill_storage(actor=world.clerk, municipality=world.m, seizure=s, through=through)
    assert debt is not None and debt.origin == Debt.Origin.STORAGE
    assert debt.amount_cents == 4 * 1_500  # 06 to 09/04, the day of entry included


def test_art_35_par1_only_clerk_or_authority_release_the_vehicle_and_refusals_are_acts(world):
    s = _seized(world)
    for actor in (world.fiscal, world.jari, world.finance, world.mayor, world.holder):
        with pytest.raises(NotCompetent):
            seizure_release(actor=actor, municipality=world.m, seizure=s, on=dt.date(2026, 4, 9))
    assert [a.role for a in refused_acts(world, "seizure.release")] == [
        "fiscal",
        "jari",
        "financas",
        "chefe_executivo",
        "permissionario",
    ]
    with tenant(world.m):
        assert Seizure.objects.get(pk=s.pk).status == Seizure.Status.HELD
    # The clerk may ask; the law then refuses while fine, removal and storage are unpaid.
    with pytest.raises(Refused):
        seizure_release(actor=world.clerk, municipality=world.m, seizure=s, on=dt.date(2026, 4, 9))


def test_art_32_par2_only_the_clerk_returns_a_suspended_permit_to_service(world):
    start = dt.date(2026, 4, 6)
    suspended = permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=world.permit,
        days=15,
        start=start,
        reason="art. 32 I",
    )
    with tenant(world.m):
        proof = document_record(
            actor=world.clerk,
            municipality=world.m,
            law="ipatinga.mototaxi-2013",
            doc_type="other",
            issued_on=dt.date(2026, 4, 10),
            presented_on=dt.date(2026, 4, 10),
            person=world.permit.holder,
            number="NF 5",
        )
    back = dt.date(2026, 4, 21)  # the day after the 15th day
    for actor in (world.authority, world.fiscal, world.jari, world.mayor):
        with pytest.raises(NotCompetent):
            permit_reinstate(
                actor=actor,
                municipality=world.m,
                permit=suspended,
                on=back,
                proof="colete trocado",
                document=proof,
            )
    assert [a.role for a in refused_acts(world, "permit.renew")] == [
        "autoridade",
        "fiscal",
        "jari",
        "chefe_executivo",
    ]
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.SUSPENDED
    p = permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=suspended,
        on=back,
        proof="colete trocado",
        document=proof,
    )
    assert p.status == Permit.Status.ACTIVE


# --- queues, nearest deadline first -------------------------------------------------------------


def api_queue(user: Any) -> dict[str, Any]:
    r = client_of(user).get("/api/v1/enforcement/queue")
    assert r.status_code == 200
    return r.json()  # type: ignore[no-any-return]


def test_the_authoritys_defences_queue_puts_the_nearest_deadline_first(world, user_of):
    # Created out of order: defence deadlines 20/04 (Saturday 18 moved), 16/04 and 17/04.
    cases = []
    for day in (dt.date(2026, 4, 8), dt.date(2026, 4, 6), dt.date(2026, 4, 7)):
        auto = issue(world, on=day)
        file(world, auto, day)
        cases.append(case_of(world, auto))
    issue(world, on=dt.date(2026, 4, 6))  # no defence yet: not the authority's work
    expected = sorted(cases, key=lambda c: c.deadline)
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 16),
        dt.date(2026, 4, 17),
        dt.date(2026, 4, 20),
    ]
    authority = user_of("ipatinga", Role.AUTORIDADE)
    with tenant(world.m):
        assert [c.pk for c in selectors.queue(authority)["defences"]] == [c.pk for c in expected]
    body = api_queue(authority)["defences"]
    assert [(x["id"], x["deadline"]) for x in body] == [
        (c.pk, c.deadline.isoformat()) for c in expected
    ]


def test_the_jari_queue_puts_the_nearest_deadline_first(world, user_of):
    # Decisions notified out of order: JARI deadlines 04/05, 27/04 and 30/04.
    cases = []
    for notified in (dt.date(2026, 4, 24), dt.date(2026, 4, 17), dt.date(2026, 4, 20)):
        auto, _ = at_jari(world, dt.date(2026, 4, 6), notified)
        file(world, auto, notified + dt.timedelta(days=1))
        cases.append(case_of(world, auto))
    expected = sorted(cases, key=lambda c: c.deadline)
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 27),
        dt.date(2026, 4, 30),
        dt.date(2026, 5, 4),
    ]
    jari = user_of("ipatinga", Role.JARI)
    with tenant(world.m):
        assert [c.pk for c in selectors.queue(jari)["appeals"]] == [c.pk for c in expected]
    assert [x["id"] for x in api_queue(jari)["appeals"]] == [c.pk for c in expected]


def test_the_chief_executives_proposals_queue_puts_the_nearest_deadline_first_and_unnotified_last(
    world, user_of
):
    def propose(permit: Permit) -> Case:
        return proposal_open_cassacao(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            causes={"ctb_points": 20},  # art. 32 III g
            on=dt.date(2026, 4, 6),
        )

    unnotified = propose(world.permit)  # awaiting its notice: no deadline runs yet
    notified = []
    # Notified out of order: defence deadlines 23/04, 16/04 and 17/04.
    for day in (dt.date(2026, 4, 13), dt.date(2026, 4, 6), dt.date(2026, 4, 7)):
        case = propose(make_permit(world.m, clerk=world.clerk))
        notice_deliver(
            actor=world.clerk,
            municipality=world.m,
            notice=pending_notice(world, case),
            form="pessoal",
            on=day,
        )
        with tenant(world.m):
            notified.append(Case.objects.get(pk=case.pk))
    expected = sorted(notified, key=lambda c: c.deadline) + [unnotified]
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 16),
        dt.date(2026, 4, 17),
        dt.date(2026, 4, 23),
        None,
    ]
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    with tenant(world.m):
        got = [c.pk for c in selectors.queue(mayor)["proposals"]]
    assert got == [c.pk for c in expected]
    assert [x["id"] for x in api_queue(mayor)["proposals"]] == [c.pk for c in expected]

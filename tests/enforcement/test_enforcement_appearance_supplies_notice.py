"""Lei 9.784/1999 art. 26, §5 ("o comparecimento do administrado supre sua falta ou
irregularidade"), applied by D-17 where the law leaves the procedure to a regulation — the taxi law
(art. 43) and the apps law (art. 26, parágrafo único): a defence filed while the case still waits
for the notice is received, the notice supplied on the filing's day and the deadline counted from
it (D-4). The mototaxi law has its own notice (art. 29, 42–44): its cases keep waiting for it."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.urls import reverse
from enforcement_factories import at, case_of, client_of, file, issue, pending_notice
from registry_factories import person, taxi_permit

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, InfractionNotice, Notice
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file
from outorga.enforcement.services.notices import edital_publish, notice_deliver
from outorga.law.competence import Role
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)  # a Monday: the auto, not signed
FILED = dt.date(2026, 4, 9)  # a Thursday: the defence before any notice reached the holder
# Ten days from Thursday 09/04/2026 end on Sunday 19/04, so on Monday 20/04 (D-17 default of Lei
# 9.784/1999 art. 44; D-4).
LAST = dt.date(2026, 4, 20)
ART_26_5 = "Lei Federal 9.784/1999, art. 26, §5"


def _taxi_auto(world, permit=None) -> InfractionNotice:
    return infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="recusa_passageiro",
        committed_at=at(D),
        place="Rodoviária",
        description="Recusou passageiro.",
        agent_registration="F-9",
        permit=permit or taxi_permit(world.m, n=9401, name="Taxista Ausente", plate="TAX9D01"),
        offender_signed=False,
    )


def _paper(w, auto: InfractionNotice, on: dt.date, actor=None) -> Filing:
    return filing_file(
        actor=actor or w.clerk,
        municipality=w.m,
        case=case_of(w, auto),
        text="Não recusei o passageiro.",
        filed_on=on,
        channel=Filing.Channel.PAPER,
    )


def _acts(w, action: str, obj) -> list[Act]:
    with tenant(w.m):
        return [
            a
            for a in Act.objects.filter(action=action, outcome="done").order_by("seq")
            if a.record["payload"]["new"].get("case") == obj
        ]


def _supplied(w, auto: InfractionNotice) -> Notice:
    with tenant(w.m):
        return case_of(w, auto).notices.get(purpose=Notice.Purpose.AUTO)


def test_lei_9784_art_26_5_taxi_defence_before_the_notice_is_received_and_supplies_it(world):
    auto = _taxi_auto(world)
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE
    filing = _paper(world, auto, FILED)
    notice = _supplied(world, auto)
    assert (notice.form, notice.notified_on, notice.deadline) == (
        Notice.Form.COMPARECIMENTO,
        FILED,
        LAST,
    )
    assert "Lei Federal 9.784/1999, art. 26, §5" in notice.reference
    assert notice.decision["question"] == "ipatinga.taxi-2017.appeal_deadline"
    assert (filing.stage, filing.filed_on, filing.deadline) == (Filing.Stage.DEFENCE, FILED, LAST)
    case = case_of(world, auto)
    assert (case.stage, case.waiting, case.deadline) == (
        Case.Stage.DEFENCE,
        Case.Waiting.JUDGMENT,
        LAST,
    )
    number = case.number
    [delivered] = _acts(world, "notice.deliver", number)
    assert delivered.record["payload"]["new"]["form"] == "comparecimento"
    assert ART_26_5 in delivered.record["basis"]["citations"]
    assert "decisão D-17" in delivered.record["basis"]["citations"]
    [filed] = _acts(world, "defence.file", number)
    assert filed.seq > delivered.seq
    assert ART_26_5 in filed.record["basis"]["citations"]
    assert filed.record["payload"]["new"]["notice_supplied_on"] == FILED.isoformat()


def test_lei_9784_art_26_5_a_later_ar_or_edital_does_not_change_the_supplied_notice(world):
    auto = _taxi_auto(world, taxi_permit(world.m, n=9402, name="Taxista Dois", plate="TAX9D02"))
    _paper(world, auto, FILED)
    notice = _supplied(world, auto)
    with pytest.raises(InvalidStep) as exc:
        notice_deliver(
            actor=world.clerk,
            municipality=world.m,
            notice=notice,
            form="postal",
            on=FILED + dt.timedelta(days=3),
            reference="AR 123",
        )
    assert "suprida pelo comparecimento do interessado em 09/04/2026" in str(exc.value)
    assert (
        edital_publish(
            actor=world.clerk,
            municipality=world.m,
            notices=[notice],
            published_on=FILED + dt.timedelta(days=5),
            edition="DOM 1234",
        )
        == []
    )
    after = _supplied(world, auto)
    assert (after.form, after.notified_on, after.deadline, after.reference) == (
        notice.form,
        FILED,
        LAST,
        notice.reference,
    )
    assert case_of(world, auto).waiting == Case.Waiting.JUDGMENT


def test_lei_9784_art_26_5_the_clerk_records_appearance_only_through_a_filing(world):
    auto = _taxi_auto(world, taxi_permit(world.m, n=9403, name="Taxista Três", plate="TAX9D03"))
    with pytest.raises(FieldError):
        notice_deliver(
            actor=world.clerk,
            municipality=world.m,
            notice=pending_notice(world, case_of(world, auto)),
            form="comparecimento",
            on=FILED,
        )
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE


def test_lei_9784_art_26_5_an_appearance_dated_before_the_auto_supplies_nothing(world):
    auto = _taxi_auto(world, taxi_permit(world.m, n=9404, name="Taxista Quatro", plate="TAX9D04"))
    with pytest.raises(FieldError) as exc:
        _paper(world, auto, D - dt.timedelta(days=1))
    assert "não pode ser anterior" in exc.value.message
    assert ART_26_5 in exc.value.citation and "decisão D-4" in exc.value.citation
    assert pending_notice(world, case_of(world, auto)) is not None
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE


def test_art_42_mototaxi_defence_before_the_notice_is_still_refused(world):
    # The mototaxi law's own procedure (art. 29, 42): the defence runs from the notice.
    auto = issue(world, on=D, signed=False)
    with pytest.raises(InvalidStep) as exc:
        file(world, auto, FILED)
    assert str(exc.value) == (
        "Ainda não corre o prazo de defesa: o processo aguarda a notificação da autuação, a partir "
        "da qual o prazo é contado (Lei de mototáxi de Ipatinga (2013), art. 42; art. 29)."
    )
    notice = pending_notice(world, case_of(world, auto))
    assert notice is not None and notice.form == ""
    assert case_of(world, auto).waiting == Case.Waiting.NOTICE


@pytest.fixture
def barra(barra_m, user_of):  # type: ignore[no-untyped-def]
    def a(role: Role) -> Actor:
        return Actor.of(user_of(barra_m.slug, role), "198.51.100.9")

    # Under the apps law the authority receives the paper defence (competence table, art. 26
    # sole paragraph).
    return SimpleNamespace(m=barra_m, fiscal=a(Role.FISCAL), clerk=a(Role.AUTORIDADE))


def test_art_26_sole_d_17_lei_9784_art_26_5_apps_defence_before_the_notice_supplies_it(barra):
    offender = person(barra.m, name="Motorista Sem Plataforma")
    auto = infraction_issue(
        actor=barra.fiscal,
        municipality=barra.m,
        code="prestacao_irregular",
        committed_at=at(D),
        place="Av. Ministro João Alberto, 500",
        description="Corrida paga por aplicativo sem plataforma credenciada.",
        agent_registration="F-7",
        plate="APP9D01",
        law="barra-do-garcas.apps-2025",
        offender_document=offender.document,
        offender_signed=False,
    )
    assert case_of(barra, auto).waiting == Case.Waiting.NOTICE
    filing = _paper(barra, auto, FILED)
    notice = _supplied(barra, auto)
    assert (notice.form, notice.notified_on, notice.deadline) == (
        Notice.Form.COMPARECIMENTO,
        FILED,
        LAST,
    )
    assert filing.deadline == LAST
    assert case_of(barra, auto).waiting == Case.Waiting.JUDGMENT
    number = case_of(barra, auto).number
    [delivered] = _acts(barra, "notice.deliver", number)
    assert ART_26_5 in delivered.record["basis"]["citations"]
    assert "barra-do-garcas.apps-2025.notice_by_appearance" in {
        d["question"] for d in delivered.record["basis"]["decisions"]
    }
    [filed] = _acts(barra, "defence.file", number)
    assert ART_26_5 in filed.record["basis"]["citations"]


def _holder_of(world, permit) -> None:
    """The standing holder login is the taxi permit's holder's (as ``make_world`` links it)."""
    with tenant(world.m):
        type(permit.holder).objects.filter(user=world.holder_user).update(user=None)
        permit.holder.user = world.holder_user
        permit.holder.save(update_fields=["user"])


def test_lei_9784_art_26_5_the_holder_files_in_the_portal_before_the_notice(world):
    permit = taxi_permit(world.m, n=9405, name="Taxista do Portal", plate="TAX9D05")
    _holder_of(world, permit)
    auto = _taxi_auto(world, permit)
    case = case_of(world, auto)
    url = reverse("enforcement:portal_case", args=[case.pk])
    c = client_of(world.holder_user)
    page = c.get(url).content.decode()
    assert "seu comparecimento supre a notificação" in page and 'name="text"' in page
    r = c.post(url, {"text": "Não houve recusa."})
    assert r.status_code == 302
    today = today_of(world.m)
    notice = _supplied(world, auto)
    assert (notice.form, notice.notified_on) == (Notice.Form.COMPARECIMENTO, today)
    with tenant(world.m):
        [filing] = case_of(world, auto).filings.all()
    assert (filing.channel, filing.filed_on, filing.deadline) == (
        Filing.Channel.PORTAL,
        today,
        notice.deadline,
    )
    page = c.get(url).content.decode()
    assert (
        f"suprida pelo comparecimento do interessado (Lei Federal 9.784/1999, art. 26, §5) em "
        f"{today:%d/%m/%Y}"
    ) in page
    assert "aguardando julgamento" in page


def test_lei_9784_art_26_5_the_clerk_screen_offers_the_paper_filing_before_the_notice(world):
    auto = _taxi_auto(world, taxi_permit(world.m, n=9406, name="Taxista Balcão", plate="TAX9D06"))
    url = reverse("enforcement:case", args=[case_of(world, auto).pk])
    c = client_of(world.clerk.user)
    page = c.get(url).content.decode()
    assert "Protocolar defesa ou recurso em papel" in page
    assert "a peça protocolada agora supre a notificação" in page
    # The clerk records the delivered forms only: the appearance comes with a filing.
    assert 'value="comparecimento"' not in page
    _paper(world, auto, FILED)
    page = c.get(url).content.decode()
    assert "suprida pelo comparecimento do interessado" in page and "20/04/2026" in page


def test_art_42_mototaxi_screens_offer_no_filing_before_the_notice(world):
    auto = issue(world, on=D, signed=False)
    case = case_of(world, auto)
    page = (
        client_of(world.clerk.user)
        .get(reverse("enforcement:case", args=[case.pk]))
        .content.decode()
    )
    assert "Protocolar defesa ou recurso em papel" not in page
    portal = client_of(world.holder_user).get(reverse("enforcement:portal_case", args=[case.pk]))
    assert 'name="text"' not in portal.content.decode()

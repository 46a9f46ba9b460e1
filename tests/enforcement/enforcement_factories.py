"""The enforcement tests' world (a permit granted through the registry services, the standing users
of each role) and the steps of a case: autos, notices delivered, finality, payment, proof."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pypdfium2 as pdfium
from django.test import Client
from django.utils import timezone
from registry_factories import make_permit, person, taxi_permit

from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Filing, InfractionNotice, Notice, Seizure
from outorga.enforcement.services.autos import auto_warning_apply, infraction_issue
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver, notice_unlocated
from outorga.enforcement.services.seizures import seizure_create
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
from outorga.finance.payments import payment_record
from outorga.law.competence import Role
from outorga.registry.models import Permit
from outorga.registry.services.documents import document_record

TZ = dt.timezone(dt.timedelta(hours=-3))


@dataclass
class World:
    m: Municipality
    clerk: Actor
    fiscal: Actor
    authority: Actor
    jari: Actor
    mayor: Actor
    finance: Actor
    holder_user: Any
    holder: Actor
    permit: Permit


def make_world(m: Municipality, user_of: Any) -> World:
    def a(role: Role) -> Actor:
        return Actor.of(user_of(m.slug, role), "198.51.100.9")

    clerk = a(Role.ATENDENTE)
    permit = make_permit(m, clerk=clerk)
    holder_user = user_of(m.slug, Role.PERMISSIONARIO)
    with tenant(m):
        holder_person = permit.holder
        # The demo holder login may already be linked to another person in this test database.
        type(holder_person).objects.filter(user=holder_user).update(user=None)
        holder_person.user = holder_user
        holder_person.save(update_fields=["user"])
    return World(
        m,
        clerk,
        a(Role.FISCAL),
        a(Role.AUTORIDADE),
        a(Role.JARI),
        a(Role.CHEFE_EXECUTIVO),
        a(Role.FINANCAS),
        holder_user,
        Actor.of(holder_user, "198.51.100.10"),
        permit,
    )


def at(day: dt.date, hour: int = 10) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, 0, tzinfo=TZ)


def issue(
    w: World, *, code: str = "art38-II", on: dt.date, signed: bool = True, **kw: Any
) -> InfractionNotice:
    kw.setdefault("permit", w.permit)
    return infraction_issue(
        actor=w.fiscal,
        municipality=w.m,
        code=code,
        committed_at=at(on),
        place="Av. 28 de Abril, 100, Centro",
        description="Condutor em serviço em condições inadequadas de asseio.",
        agent_registration="F-0042",
        offender_signed=signed,
        **kw,
    )


def seized(w: World, on: dt.date) -> tuple[InfractionNotice, Seizure]:
    """Art. 38 I (maintenance plan not kept) also seizes the vehicle (art. 38 §2): the auto of
    ``on`` and the holder's vehicle entering the depot that day (:func:`seize`)."""
    auto = issue(w, code="art38-I", on=on)
    assert auto.seizure
    return auto, seize(w, auto, on, person=w.permit.holder)


def seize(w: World, auto: InfractionNotice, entered_on: dt.date, person: Any = None) -> Seizure:
    """The vehicle of ``auto`` entering the municipal depot on ``entered_on``: removal R$ 150,00
    and R$ 20,00 a day; ``person``, the holder whose vehicle it is (none for a clandestine one)."""
    return seizure_create(
        actor=w.fiscal,
        municipality=w.m,
        person=person,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=entered_on,
        removal_cents=15_000,
        storage_daily_cents=2_000,
        auto=auto,
    )


def case_of(w: World, auto: InfractionNotice) -> Case:
    with tenant(w.m):
        return Case.objects.get(auto=auto)


def pending_notice(w: World, case: Case) -> Notice:
    with tenant(w.m):
        return case.notices.filter(notified_on__isnull=True).order_by("-id").first()  # type: ignore[return-value]


#: The Monday the auxiliary's first counted auto is dated (mototaxi art. 32 I walks and tests).
AUXILIARY_COUNT_FROM = dt.date(2026, 4, 6)


def auxiliary_count_reached(w: World, aux: Any, permit: Permit | None = None) -> dt.date:
    """Mototaxi art. 32 I (D-1, D-2: 15 days): three leve/média autos the auxiliary ``aux``
    committed on ``permit`` (the world's by default), a week apart from
    :data:`AUXILIARY_COUNT_FROM`, each made final; the day the last became final — the day
    his count was reached."""
    autos = [
        issue(
            w,
            permit=permit or w.permit,
            code=code,
            on=AUXILIARY_COUNT_FROM + dt.timedelta(days=7 * i),
            committed_by="auxiliary",
            auxiliary=aux,
        )
        for i, code in enumerate(["art38-II", "art38-III", "art39-II"])
    ]
    finals = [
        make_final(w, a, AUXILIARY_COUNT_FROM + dt.timedelta(days=30)).final_on for a in autos
    ]
    return max(f for f in finals if f is not None)


def make_final(w: World, auto: InfractionNotice, on: dt.date) -> Case:
    """No defence: revelia, the decision notified in person, no appeal → final (D-1)."""
    day = on
    for _ in range(8):
        case = case_of(w, auto)
        if case.stage == Case.Stage.FINAL:
            return case
        if case.waiting == Case.Waiting.DEADLINE:
            assert case.deadline is not None
            day = max(day, case.deadline + dt.timedelta(days=1))
            sweep(w.m, day)
        elif case.waiting == Case.Waiting.NOTICE:
            notice = pending_notice(w, case)
            # D-4: never before the decision it notifies (a judgment by default of a later sweep).
            day = max(day + dt.timedelta(days=1), notice.act_on or day)
            notice_deliver(
                actor=w.clerk,
                municipality=w.m,
                notice=notice,
                form="pessoal",
                on=day,
            )
        else:
            raise AssertionError(f"caso em {case.stage}/{case.waiting}")
    raise AssertionError("não ficou definitivo")


def pay(w: World, debt: Debt) -> None:
    """The whole amount paid by PIX, registered by the finance staff (reconciled by reference)."""
    payment = payment_record(
        actor=w.finance,
        municipality=w.m,
        reference=pix.txid_of(debt.reference),
        amount_cents=debt.amount_cents,
        paid_on=min(debt.due_on, timezone.localdate()),
    )
    assert payment.status == Payment.Status.MATCHED, payment.status


def proof_document(w: World, on: dt.date, *, permit: Permit | None = None) -> Any:
    """The vehicle's inspection report presented on ``on``: the document that proves the
    irregularities were remedied (mototaxi art. 32 §2)."""
    permit = permit or w.permit
    assert permit.vehicle is not None
    return document_record(
        actor=w.clerk,
        municipality=w.m,
        law=permit.law,
        doc_type="inspection_report",
        issued_on=on,
        vehicle=permit.vehicle,
        number=f"LV-{on:%Y%m%d}",
        presented_on=on,
    )


def final_taxi_auto(
    w: World, permit: Permit, *, code: str = "recusa_passageiro", on: dt.date, **kw: Any
) -> InfractionNotice:
    """A taxi auto of ``permit`` made final (D-1): what a taxi suspension punishes (art. 41
    caput, art. 42 IV–V). ``committed_by``/``auxiliary`` name the offender (holder by default)."""
    auto = infraction_issue(
        actor=w.fiscal,
        municipality=w.m,
        code=code,
        committed_at=at(on),
        place="Rodoviária",
        description="Conduta constatada pelo fiscal.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
        **kw,
    )
    make_final(w, auto, on)
    return auto


def taxi_auto(
    world: World, permit: Permit, code: str, *, on: dt.date = dt.date(2026, 4, 6), **kw: Any
) -> InfractionNotice:
    """A taxi auto of ``permit`` committed on ``on`` (a Monday), signed by the offender. With
    ``warning``, the fiscal lavra it and the authority applies the warning the same day (art. 41,
    I and §1; art. 46, D-17: ADR 0067), judged with ``warning_harmless``."""
    warning, harmless = kw.pop("warning", False), kw.pop("warning_harmless", False)
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code=code,
        committed_at=at(on),
        place="Rodoviária",
        description="Conduta constatada pelo fiscal.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
        **kw,
    )
    if warning:
        auto = auto_warning_apply(
            actor=world.authority, municipality=world.m, auto=auto, harmless=harmless, on=on
        )
    return auto


MOTO_TITLE = "Lei de mototáxi de Ipatinga (2013)"


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
    return notify_case(w, case_of(w, auto), on, form)


def notify_case(w: World, case: Case, on: dt.date, form: str = "pessoal") -> Notice:
    """The case's notice waiting for delivery, delivered by the clerk on ``on``; by edital, after
    the person was not found that day (mototaxi art. 43–44)."""
    notice = pending_notice(w, case)
    if form == "edital":
        notice = notice_unlocated(
            actor=w.clerk, municipality=w.m, notice=notice, on=on, how="ar_mudou"
        )
    return notice_deliver(
        actor=w.clerk,
        municipality=w.m,
        notice=notice,
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


def taxi_refusal_auto(
    world: World,
    on: dt.date,
    n: int = 9101,
    name: str = "Taxista Recorrente",
    plate: str = "TAX9B01",
) -> InfractionNotice:
    """A taxi auto of ``on`` for refusing a passenger, against a new permit's holder."""
    permit = taxi_permit(world.m, n=n, name=name, plate=plate)
    return taxi_auto(world, permit, "recusa_passageiro", on=on)


def appealed(
    world: Any, auto: InfractionNotice, *, defence_on: dt.date, filed_on: dt.date
) -> Filing:
    """The defence filed on ``defence_on`` and dismissed by the authority the next day, its
    decision notified the day after, the appeal filed on ``filed_on`` (``world``: a
    :class:`World`, or anything with its ``m``, ``clerk`` and ``authority``)."""
    defence = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="Defesa.",
        filed_on=defence_on,
        channel="paper",
    )
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=defence,
        upheld=False,
        reasoning="Infração comprovada.",
        on=defence_on + dt.timedelta(days=1),
    )
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case_of(world, auto)),
        form="pessoal",
        on=defence_on + dt.timedelta(days=2),
    )
    return filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="Recurso.",
        filed_on=filed_on,
        channel="paper",
    )


def apps_appealed(
    m: Municipality, user_of: Any, *, on: dt.date, filed_on: dt.date
) -> tuple[SimpleNamespace, Filing]:
    """An inspector's auto under the Barra do Garças apps law (art. 26 III) of ``on``, its
    defence (``on``) dismissed and the appeal filed on ``filed_on`` on paper through the
    Autoridade (Barra do Garças gives the desk no filing, D-3): the desk it went through (``m``,
    ``clerk``, ``authority``) and the appeal."""
    authority = Actor.of(user_of(m.slug, Role.AUTORIDADE), "198.51.100.9")
    offender = person(m, name="Motorista Recorrente")
    auto = infraction_issue(
        actor=Actor.of(user_of(m.slug, Role.FISCAL), "198.51.100.9"),
        municipality=m,
        code="prestacao_irregular",
        committed_at=at(on),
        place="Av. Ministro João Alberto, 500",
        description="Corrida paga por aplicativo; motorista não habilitado por plataforma.",
        agent_registration="F-7",
        plate="APP1B23",
        law="barra-do-garcas.apps-2025",
        offender_document=offender.document,
        offender_signed=True,
    )
    desk = SimpleNamespace(m=m, clerk=authority, authority=authority)
    return desk, appealed(desk, auto, defence_on=on, filed_on=filed_on)


def cassacao_ready(
    w: World,
    permit: Permit | None = None,
    on: dt.date = dt.date(2026, 4, 6),
    *,
    auto: InfractionNotice | None = None,
) -> Case:
    """A cassação proposal on ``permit`` (the world's) opened on ``on`` — mototaxi: for 20 points
    on the CNH (art. 32 III g); taxi, with ``auto``: of the permission on that final gravíssima
    (art. 41 §4) —, notified in person that day, its defence period over without a defence:
    waiting for the Chief Executive's decision (mototaxi art. 34 §1–2; D-3, D-17)."""
    from outorga.enforcement.services.proposals import proposal_open_cassacao

    grounds: dict[str, Any] = (
        {"causes": {"ctb_points": 20}} if auto is None else {"auto": auto, "target": "permissao"}
    )
    case = proposal_open_cassacao(
        actor=w.authority, municipality=w.m, permit=permit or w.permit, on=on, **grounds
    )
    notice_deliver(
        actor=w.clerk, municipality=w.m, notice=pending_notice(w, case), form="pessoal", on=on
    )
    with tenant(w.m):
        deadline = Case.objects.get(pk=case.pk).deadline
    assert deadline is not None
    sweep(w.m, deadline + dt.timedelta(days=1))  # no defence: ready for the decision
    with tenant(w.m):
        return Case.objects.get(pk=case.pk)


def decided(w: World, case: Case, reasoning: str = "20 pontos na CNH.") -> Case:
    """The proposal ``case`` accepted by the Chief Executive the day after its defence period
    (D-3): the permission revoked or cassada from that day."""
    from outorga.enforcement.services.proposals import proposal_decide

    assert case.deadline is not None
    proposal_decide(
        actor=w.mayor,
        municipality=w.m,
        case=case,
        accept=True,
        reasoning=reasoning,
        on=case.deadline + dt.timedelta(days=1),
    )
    with tenant(w.m):
        return Case.objects.get(pk=case.pk)


def revocation_ready(w: World, start: dt.date = dt.date(2026, 4, 6)) -> Case:
    """Mototaxi art. 32 II: five final média infractions of the world's permit within twelve
    months, a week apart from ``start``, open the revocation proposal (D-1); notified in person,
    its defence period over without a defence: waiting for the Chief Executive (art. 34 §1–2)."""
    codes = ["art39-II", "art39-III", "art39-IV", "art39-V", "art40-I"]
    autos = [issue(w, code=c, on=start + dt.timedelta(days=7 * i)) for i, c in enumerate(codes)]
    for auto in autos:
        make_final(w, auto, timezone.localtime(auto.committed_at).date())
    with tenant(w.m):
        case = Case.objects.get(permit=w.permit, kind=Case.Kind.REVOCATION)
    notice = pending_notice(w, case)
    on = notice.act_on or start
    notice_deliver(actor=w.clerk, municipality=w.m, notice=notice, form="pessoal", on=on)
    with tenant(w.m):
        deadline = Case.objects.get(pk=case.pk).deadline
    assert deadline is not None
    sweep(w.m, deadline + dt.timedelta(days=1))
    with tenant(w.m):
        return Case.objects.get(pk=case.pk)

"""Mototaxi art. 32 caput and I with art. 34 and art. 2, XXV (ADR 0088), from the records: the
auxiliary's own count reached, the SESUMA suspends his credential — not the holder's permission —
for the days of the count, from the day it decides; the suspension is kept with its dates, in the
acts log, on his badge's check, and may be appealed by him (art. 34 §3). An auto against him on a
day of it is the cause of art. 32, IV, c: a cassação of his credential proposed to the Chief
Executive, which he defends (art. 34 §1–2)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from enforcement_factories import (
    auxiliary_count_reached,
    client_of,
    issue,
    make_final,
    pending_notice,
)
from registry_factories import make_permit

from outorga.core.models import Act, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, InfractionNotice, Penalty
from outorga.enforcement.services.annulment import case_annul_ex_officio
from outorga.enforcement.services.common import InvalidStep
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_decide, proposal_open_cassacao
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.law.competence import Role
from outorga.public import services
from outorga.public.models import Badge
from outorga.public.selectors.badges import BadgeFacts, badge_status
from outorga.public.selectors.verification import badge_from_token
from outorga.registry.models import Auxiliary, Notification, Permit, Person
from outorga.registry.ports import sanctions
from outorga.registry.services.auxiliaries import auxiliary_cassar
from outorga.registry.validation import FieldError


def auxiliary_of(world) -> Auxiliary:  # type: ignore[no-untyped-def]
    person = make_permit(world.m, "AUXSUS").holder  # with photo and blood type, for the badge
    with tenant(world.m):
        return Auxiliary.objects.create(
            permit=world.permit,
            person=person,
            registration_number=41,
            added_on=dt.date(2025, 2, 1),
            credential_valid_until=dt.date(2027, 2, 1),
        )


def counted(world, aux: Auxiliary) -> tuple[Escalation, dt.date]:  # type: ignore[no-untyped-def]
    """The auxiliary's three final leve/média autos (D-2: 15 days) and the day the count was
    reached."""
    reached = auxiliary_count_reached(world, aux)
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit, status=Escalation.Status.PENDING)
    return esc, reached


def imposed(world, aux: Auxiliary) -> tuple[Escalation, dt.date]:  # type: ignore[no-untyped-def]
    esc, reached = counted(world, aux)
    esc = suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=reached, on=reached
    )
    return esc, reached


def test_art_32_i_art_34_the_auxiliarys_count_suspends_his_credential_not_the_permission(world):
    aux = auxiliary_of(world)
    esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    with tenant(world.m):
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
        [p] = Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION, decision__target="credenciamento"
        )
        assert (p.imposed_on, p.days) == (start, 15)
        assert p.decision["offender"]["auxiliary_id"] == aux.pk
        assert (esc.starts_on, esc.ends_on) == (start, end)
        # The appeal (art. 34 §3) is the auxiliary's: he is notified and appeals.
        assert p.case is not None and p.case.person_id == aux.person_id
        record = Act.objects.filter(action="penalty.suspension.impose").latest("seq").record
    new = record["payload"]["new"]
    assert new["target"] == "credenciamento" and new["auxiliary"] == aux.pk
    assert (new["start"], new["ends_on"]) == (start.isoformat(), end.isoformat())
    assert any("art. 2, XXV" in c for c in record["basis"]["citations"])


def test_art_2_xxv_the_auxiliarys_suspension_never_starts_before_its_decision(world):
    aux = auxiliary_of(world)
    esc, reached = counted(world, aux)
    decided = reached + dt.timedelta(days=5)
    with pytest.raises(FieldError) as exc:
        suspension_impose(
            actor=world.authority,
            municipality=world.m,
            escalation=esc,
            start=decided - dt.timedelta(days=1),
            on=decided,
        )
    assert exc.value.field == "início" and "art. 2, XXV" in exc.value.citation
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.PENDING
        assert not Penalty.objects.filter(decision__target="credenciamento").exists()


def test_art_2_xxv_a_suspended_auxiliarys_badge_does_not_verify_during_the_suspension(
    world, badge_clerk
):
    aux = auxiliary_of(world)
    badge = services.badge_issue(
        actor=badge_clerk, municipality=world.m, permit=world.permit, auxiliary=aux
    )
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    with tenant(world.m):
        facts = BadgeFacts.of(Badge.objects.get(pk=badge.pk))
    during = badge_status(facts, start + dt.timedelta(days=3))
    assert (during.code, during.valid) == ("suspenso", False)
    assert f"{end:%d/%m/%Y}" in during.detail and "art. 2, XXV" in during.detail
    assert badge_status(facts, end + dt.timedelta(days=1)).valid is True
    # The QR code's check (the one query of a scan, then his suspensions) says the same.
    verified = badge_from_token(badge.token)
    assert verified is not None
    assert badge_status(verified.badge, start + dt.timedelta(days=3)).code == "suspenso"
    assert badge_status(verified.badge, start - dt.timedelta(days=1)).valid is True


def test_art_2_xxv_the_permit_page_shows_the_auxiliarys_suspension_with_its_dates(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    page = client_of(world.clerk.user).get(reverse("registry:permit", args=[world.permit.pk]))
    item = re.search(rf"<li>{re.escape(aux.person.name)} — [^<]*", page.content.decode())
    assert item is not None
    assert f"credencial suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in item.group(0)
    assert "art. 2, XXV" in item.group(0)


def test_art_32_iv_c_an_auto_against_him_inside_his_suspension_proposes_his_cassacao(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    breach = issue(world, code="art38-IV", on=start + dt.timedelta(days=2),
                   committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    make_final(world, breach, start + dt.timedelta(days=40))
    with tenant(world.m):
        [case] = Case.objects.filter(kind=Case.Kind.CASSACAO, permit=world.permit)
        assert case.person_id == aux.person_id
        assert case.proposal["target"] == "credenciamento"
        assert case.proposal["offender"]["auxiliary_id"] == aux.pk
        assert breach.number in case.proposal["breach"]["autos"]
        assert case.stage == Case.Stage.DEFENCE  # art. 34 §2: his defence first
        assert Auxiliary.objects.get(pk=aux.pk).status == Auxiliary.Status.ACTIVE


def test_art_32_iv_c_an_auto_against_him_after_his_suspension_proposes_nothing(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    later = issue(world, code="art38-IV", on=start + dt.timedelta(days=15),
                  committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    make_final(world, later, start + dt.timedelta(days=50))
    with tenant(world.m):
        assert not Case.objects.filter(kind=Case.Kind.CASSACAO, permit=world.permit).exists()
        assert InfractionNotice.objects.filter(pk=later.pk).exists()


def test_art_34_the_authoritys_queue_offers_the_suspension_of_the_auxiliarys_credential(world):
    aux = auxiliary_of(world)
    esc, _reached = counted(world, aux)
    page = client_of(world.authority.user).get(reverse("enforcement:queue")).content.decode()
    assert f"Credenciamento do condutor auxiliar {aux.person.name}" in page
    assert "Aplicar suspensão do credenciamento de 15 dias" in page
    assert f"esc-{esc.pk}" in page


def suspension_case(world, start: dt.date) -> Case:  # type: ignore[no-untyped-def]
    """The case of the auxiliary's suspension, its notice delivered on ``start`` (art. 34 §3)."""
    with tenant(world.m):
        case = Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="pessoal",
        on=start,
    )
    with tenant(world.m):
        return Case.objects.get(pk=case.pk)


def upheld_by_the_jari(world, start: dt.date) -> Case:  # type: ignore[no-untyped-def]
    """His appeal filed two days after ``start`` and upheld by the JARI four days after it."""
    case = suspension_case(world, start)
    f = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case,
        text="Um dos autos não é meu.",
        filed_on=start + dt.timedelta(days=2),
    )
    filing_judge(
        actor=world.jari,
        municipality=world.m,
        filing=f,
        upheld=True,
        reasoning="Contagem incorreta.",
        on=start + dt.timedelta(days=4),
    )
    return case


def test_art_34_par3_the_jari_upholds_his_appeal_and_his_suspension_falls(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    case = upheld_by_the_jari(world, start)
    with tenant(world.m):
        [p] = Penalty.objects.filter(decision__target="credenciamento")
        assert p.annulled_on == start + dt.timedelta(days=4)
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
        case = Case.objects.get(pk=case.pk)
    assert case.outcome.endswith("suspensão do credenciamento do condutor auxiliar anulada")
    # His suspensions as the badge's check reads them: none left.
    with tenant(world.m):
        assert sanctions().credential_suspensions([aux.person_id]) == {}


def test_art_2_iii_his_suspended_credential_is_his_person_s_on_another_permit_too(world):
    # The credential (RAC, art. 2 III) is the person's: linked to a second permit, he is
    # suspended there as well, and an auto against him there inside it is the cause of IV c.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    other = make_permit(world.m, "OUTRAP")
    with tenant(world.m):
        second = Auxiliary.objects.create(
            permit=other,
            person_id=aux.person_id,
            registration_number=42,
            added_on=dt.date(2025, 3, 1),
            credential_valid_until=dt.date(2027, 3, 1),
        )
    breach = issue(world, permit=other, code="art38-IV", on=start + dt.timedelta(days=1),
                   committed_by="auxiliary", auxiliary=second)  # fmt: skip
    make_final(world, breach, start + dt.timedelta(days=40))
    with tenant(world.m):
        [case] = Case.objects.filter(kind=Case.Kind.CASSACAO)
        assert case.permit_id == other.pk and case.person_id == aux.person_id
        assert case.proposal["breach"]["autos"] == [breach.number]
        page = client_of(world.clerk.user).get(reverse("registry:permit", args=[other.pk]))
    assert f"credencial suspensa de {start:%d/%m/%Y}" in page.content.decode()


def test_art_32_iv_c_the_same_breach_is_proposed_once(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    breach = issue(world, code="art38-IV", on=start + dt.timedelta(days=2),
                   committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    make_final(world, breach, start + dt.timedelta(days=40))
    # Another auto becoming final weighs the record again (D-1): the breach already proposed
    # opens no second case.
    holders = issue(world, code="art38-III", on=start + dt.timedelta(days=20))
    make_final(world, holders, start + dt.timedelta(days=60))
    with tenant(world.m):
        assert Case.objects.filter(kind=Case.Kind.CASSACAO).count() == 1


def test_art_32_iv_c_a_breach_judged_is_not_proposed_again_beside_a_new_one(world):
    # The Chief Executive decided the proposal on the first breach (kept his credential); a
    # second auto inside the same suspension opens a proposal on that auto alone: the first fact
    # was judged and is not proposed again beside it.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    first = issue(world, code="art38-IV", on=start + dt.timedelta(days=2),
                  committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    second = issue(world, code="art38-V", on=start + dt.timedelta(days=5),
                   committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    made = start + dt.timedelta(days=40)
    make_final(world, first, made)
    with tenant(world.m):
        [case] = Case.objects.filter(kind=Case.Kind.CASSACAO)
    notice = pending_notice(world, case)
    notice_deliver(
        actor=world.clerk, municipality=world.m, notice=notice, form="pessoal",
        on=notice.act_on or made,
    )  # fmt: skip
    with tenant(world.m):
        deadline = Case.objects.get(pk=case.pk).deadline
    assert deadline is not None
    sweep(world.m, deadline + dt.timedelta(days=1))
    with tenant(world.m):
        case = Case.objects.get(pk=case.pk)
    proposal_decide(
        actor=world.mayor, municipality=world.m, case=case, accept=False,
        reasoning="Fato isolado; mantido o credenciamento.", on=deadline + dt.timedelta(days=1),
    )  # fmt: skip
    make_final(world, second, deadline + dt.timedelta(days=20))
    with tenant(world.m):
        cases = list(Case.objects.filter(kind=Case.Kind.CASSACAO).order_by("pk"))
    assert len(cases) == 2
    assert cases[0].proposal["breach"]["autos"] == [first.number]
    assert cases[1].proposal["breach"]["autos"] == [second.number]


def test_art_32_iv_par3_the_sesuma_does_not_suspend_a_cassado_credential(world):
    # His credential cassado (art. 32, IV; §3 bars him two years) after his count was reached:
    # the SESUMA's click has no credential left to suspend, and says why.
    aux = auxiliary_of(world)
    esc, reached = counted(world, aux)
    cassado_on = reached - dt.timedelta(days=2)
    auxiliary_cassar(
        actor=world.mayor, municipality=world.m, auxiliary=aux, on=cassado_on, reason="PA 1/2026"
    )
    with pytest.raises(FieldError) as exc:
        suspension_impose(
            actor=world.authority, municipality=world.m, escalation=esc, start=reached, on=reached
        )
    assert exc.value.field == "auxiliar"
    assert f"cassado em {cassado_on:%d/%m/%Y}" in exc.value.message
    assert "art. 32, IV" in exc.value.citation and "art. 32, §3" in exc.value.citation
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.PENDING
        assert not Penalty.objects.filter(decision__target="credenciamento").exists()


def _desk_proposes(world, permit, aux, on):  # type: ignore[no-untyped-def]
    return proposal_open_cassacao(
        actor=world.authority,
        municipality=world.m,
        permit=permit,
        causes={"criminal_sentence_months": 30},  # art. 32, IV, b
        auxiliary=aux,
        on=on,
    )


def test_art_32_iv_c_no_second_proposal_while_the_desks_against_his_credential_runs(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    running = _desk_proposes(world, world.permit, aux, start + dt.timedelta(days=1))
    breach = issue(world, code="art38-IV", on=start + dt.timedelta(days=2),
                   committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    make_final(world, breach, start + dt.timedelta(days=40))
    with tenant(world.m):
        assert list(Case.objects.filter(kind=Case.Kind.CASSACAO)) == [running]


def test_art_2_iii_art_32_iv_c_no_second_proposal_while_one_on_his_other_permit_runs(world):
    # The credential is the person's (art. 2, III): a proposal to cassar it opened on his other
    # permit, still running, is a proposal against the same credential.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    other = make_permit(world.m, "OUTRAQ")
    with tenant(world.m):
        second = Auxiliary.objects.create(
            permit=other,
            person_id=aux.person_id,
            registration_number=43,
            added_on=dt.date(2025, 3, 1),
            credential_valid_until=dt.date(2027, 3, 1),
        )
    running = _desk_proposes(world, other, second, start + dt.timedelta(days=1))
    breach = issue(world, code="art38-IV", on=start + dt.timedelta(days=2),
                   committed_by="auxiliary", auxiliary=aux)  # fmt: skip
    make_final(world, breach, start + dt.timedelta(days=40))
    with tenant(world.m):
        assert list(Case.objects.filter(kind=Case.Kind.CASSACAO)) == [running]
    # Nor does the desk open a second one on this permit while it runs.
    with pytest.raises(InvalidStep, match=running.number):
        _desk_proposes(world, world.permit, aux, start + dt.timedelta(days=41))


def test_art_31_par2_the_holders_portal_shows_his_auxiliarys_suspension(world):
    # The holder answers for his auxiliary "no que concorrer" (art. 31, §2): his permit page in
    # the portal says his auxiliary may not drive in service from the first to the last day.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    page = client_of(world.holder_user).get(reverse("portal:permit", args=[world.permit.pk]))
    assert page.status_code == 200
    item = re.search(rf"<p>{re.escape(aux.person.name)} — [^<]*", page.content.decode())
    assert item is not None
    assert f"credencial suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in item.group(0)
    assert "art. 2, XXV" in item.group(0)


def test_art_31_par2_the_holder_gets_an_aviso_of_his_auxiliarys_suspension(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    with tenant(world.m):
        [n] = Notification.objects.filter(
            kind=Notification.Kind.AUXILIARY_CREDENTIAL_SUSPENDED, permit=world.permit
        )
    assert n.person_id == world.permit.holder_id
    assert aux.person.name in n.message
    assert f"de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in n.message
    assert "art. 2, XXV" in n.message and "art. 31, §2" in n.message
    assert n.due_on == end
    # His home page in the portal lists it among his avisos.
    home = client_of(world.holder_user).get(reverse("portal:home")).content.decode()
    assert f"suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in home


def with_portal_login(world, aux: Auxiliary) -> User:  # type: ignore[no-untyped-def]
    """The auxiliary's own login to the portal, on his person."""
    user = User.objects.create_user(
        username="ipatinga-auxsus",
        password="Senha-de-teste-2026",
        municipality=world.m,
        role=Role.PERMISSIONARIO,
    )
    with tenant(world.m):
        Person.objects.filter(pk=aux.person_id).update(user=user)
    return user


def test_art_2_xxv_the_auxiliarys_own_portal_shows_his_suspended_credential(world):
    # His credential (art. 2, III) is his: with his own login he reads it suspended there too.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    user = with_portal_login(world, aux)
    home = client_of(user).get(reverse("portal:home")).content.decode()
    item = re.search(rf"<p>Auxiliar da permissão {world.permit.number} — [^<]*", home)
    assert item is not None
    assert f"credencial suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in item.group(0)


def test_art_32_iv_par3_the_queues_click_on_a_cassado_credential_says_why_it_is_refused(world):
    from django.utils import timezone

    aux = auxiliary_of(world)
    esc, reached = counted(world, aux)
    cassado_on = reached - dt.timedelta(days=2)
    auxiliary_cassar(
        actor=world.mayor, municipality=world.m, auxiliary=aux, on=cassado_on, reason="PA 1/2026"
    )
    page = client_of(world.authority.user).post(
        reverse("enforcement:suspension_impose", args=[esc.pk]),
        {"start": timezone.localdate().isoformat()},
        follow=True,
    )
    text = page.content.decode()
    assert f"foi cassado em {cassado_on:%d/%m/%Y}" in text
    assert "não há credenciamento a suspender" in text
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.PENDING


ANNULLED = "auxiliary_credential_suspension_annulled"


def annulled_avisos(world, person_id: int) -> list[Notification]:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return list(Notification.objects.filter(kind=ANNULLED, person_id=person_id))


def test_art_34_par3_art_43_the_holder_is_told_the_jari_annulled_his_auxiliarys_suspension(
    world,
):
    # The holder was told of the suspension (art. 31, §2); the JARI upholding the auxiliary's
    # appeal (art. 34, §3; art. 43) annuls it, and the holder is told that too, with the day of
    # the judgment and its articles — once.
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    end = start + dt.timedelta(days=14)
    judged = start + dt.timedelta(days=4)
    case = upheld_by_the_jari(world, start)
    [n] = annulled_avisos(world, world.permit.holder_id)
    assert n.permit_id == world.permit.pk
    assert aux.person.name in n.message and case.number in n.message
    assert f"de {start:%d/%m/%Y} a {end:%d/%m/%Y}" in n.message
    assert f"anulada em {judged:%d/%m/%Y}" in n.message
    assert "recurso à JARI julgado procedente" in n.message
    assert "art. 43" in n.message and "art. 34, §3" in n.message
    # Without a portal login of his own, the auxiliary gets no aviso (the decision's notice is
    # his, art. 34 §3).
    assert annulled_avisos(world, aux.person_id) == []
    home = client_of(world.holder_user).get(reverse("portal:home")).content.decode()
    assert f"anulada em {judged:%d/%m/%Y}" in home


def test_art_34_par3_the_auxiliary_with_a_portal_login_is_told_too(world):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    user = with_portal_login(world, aux)
    judged = start + dt.timedelta(days=4)
    upheld_by_the_jari(world, start)
    [n] = annulled_avisos(world, aux.person_id)
    assert f"anulada em {judged:%d/%m/%Y}" in n.message and "art. 43" in n.message
    assert world.permit.number in n.message
    assert len(annulled_avisos(world, world.permit.holder_id)) == 1
    home = client_of(user).get(reverse("portal:home")).content.decode()
    assert f"anulada em {judged:%d/%m/%Y}" in home


def test_lei_9784_art_53_the_holder_is_told_his_auxiliarys_suspension_was_annulled_ex_officio(
    world,
):
    aux = auxiliary_of(world)
    _esc, start = imposed(world, aux)
    with_portal_login(world, aux)
    case = suspension_case(world, start)
    on = start + dt.timedelta(days=3)
    case_annul_ex_officio(
        actor=world.authority,
        municipality=world.m,
        case=case,
        on=on,
        grounds="A contagem somou um auto ainda pendente de julgamento.",
    )
    with tenant(world.m):
        [p] = Penalty.objects.filter(decision__target="credenciamento")
    assert p.annulled_on == on
    for person_id in (world.permit.holder_id, aux.person_id):
        [n] = annulled_avisos(world, person_id)
        assert f"anulada em {on:%d/%m/%Y}" in n.message and case.number in n.message
        assert "de ofício" in n.message and "9.784/1999, art. 53" in n.message

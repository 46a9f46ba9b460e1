"""Taxi art. 42 IV: suspension of the taxista's inscription in the Cadastro (holder or auxiliary),
at most 90 calendar days (D-10), and its effect with the cassação of art. 41 IV §3: while barred the
person is refused the taxi grant, an auxiliary's inscription and its renewal."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from enforcement_factories import at, case_of, final_taxi_auto
from public_factories import badge_without_law  # type: ignore[import-not-found]
from validate_docbr import CPF, RENAVAM

from outorga.core.errors import FieldError, Refused
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty
from outorga.enforcement.services.annulment import infraction_cancel
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.taxi_suspensions import taxi_register_suspension_impose
from outorga.enforcement.views import confirmations
from outorga.law.competence import NotCompetent, Role
from outorga.public.selectors import badges as public
from outorga.registry.models import Auxiliary, Permit, Person, Vehicle
from outorga.registry.services.auxiliaries import (
    auxiliary_cassar,
    auxiliary_renew,
    taxi_auxiliary_add,
)
from outorga.registry.services.eligibility import register_bar, taxi_eligibility

D = dt.date(2026, 4, 6)
COMMITTED = dt.date(2026, 3, 2)  # final well before D (D-1)
_n = [0]


def _person(name: str) -> Person:
    return Person.objects.create(document=CPF().generate(), name=name, city="Ipatinga")


def _taxi_permit(m):
    _n[0] += 1
    with tenant(m):
        person = _person(f"Titular {_n[0]}")
        vehicle = Vehicle.objects.create(
            plate=f"TXS{_n[0] // 100 % 10}A{_n[0] % 100:02d}",  # 7 characters, unique per test run
            renavam=RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan",
            manufacture_year=2023,
            colour="prata",
            registration_uf="MG",
            owner=person,
        )
        permit = Permit.objects.create(
            service="taxi",
            taxi_category="convencional",
            holder=person,
            number=f"TX-95{_n[0]:02d}",
            registration_number=9500 + _n[0],
            granted_on=dt.date(2025, 1, 1),
            term_start=dt.date(2025, 1, 1),
            term_end=dt.date(2035, 1, 1),
            vehicle=vehicle,
        )
        aux = Auxiliary.objects.create(
            permit=permit, person=_person(f"Auxiliar {_n[0]}"), added_on=dt.date(2025, 2, 1)
        )
    return permit, aux


def _auto(w, permit, aux=None, **kw):
    """A final auto committed by ``aux`` (or the holder), what the suspension punishes (D-1)."""
    if aux is not None:
        kw |= {"committed_by": "auxiliary", "auxiliary": aux}
    return final_taxi_auto(w, permit, on=COMMITTED, **kw)


def _suspend(w, permit, days, aux=None, start=D, auto=None):
    return taxi_register_suspension_impose(
        actor=w.authority,
        municipality=w.m,
        permit=permit,
        infraction=auto or _auto(w, permit, aux),
        days=days,
        start=start,
        on=start,
        reason="infração grave",
        auxiliary=aux,
    )


def test_art_42_IV_register_suspension_is_never_over_90_days(world):
    permit, aux = _taxi_permit(world.m)
    with pytest.raises(Refused) as exc:
        _suspend(world, permit, 91, aux)
    assert "art. 42, IV" in str(exc.value)
    p = _suspend(world, permit, 90, aux)
    assert p.kind == Penalty.Kind.SUSPENSION and p.days == 90
    assert p.decision["target"] == "cadastro"
    assert p.decision["offender"]["auxiliary_id"] == aux.pk
    assert p.decision["auto"] and p.decision["auto_id"]
    with tenant(world.m):
        permit.refresh_from_db()
        act = Act.objects.filter(action="penalty.suspension.register").get()
    # The permission itself is untouched (art. 42 IV is not V).
    assert permit.status == Permit.Status.ACTIVE
    assert "42" in act.canonical and "cadastro" in act.canonical
    assert p.decision["auto"] in act.canonical


def test_art_42_IV_register_suspension_only_by_the_authority(world):
    permit, _aux = _taxi_permit(world.m)
    auto = _auto(world, permit)
    for actor in (world.fiscal, world.clerk, world.mayor):
        with pytest.raises(NotCompetent):
            taxi_register_suspension_impose(
                actor=actor,
                municipality=world.m,
                permit=permit,
                infraction=auto,
                days=10,
                start=D,
                on=D,
            )
    with tenant(world.m):
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()


def test_art_42_IV_bars_eligibility_during_the_suspension_and_not_the_day_after(world):
    permit, _aux = _taxi_permit(world.m)
    _suspend(world, permit, 30)  # the holder's register, 06/04 to 05/05
    last, after = D + dt.timedelta(days=29), D + dt.timedelta(days=30)
    other, _ = _taxi_permit(world.m)
    with tenant(world.m):
        holder = Person.objects.get(pk=permit.holder_id)
        for day in (D, last):
            bar = register_bar(holder, day)
            assert bar is not None and bar.refusals
            assert "art. 42, IV" in str(Refused(bar))
        assert register_bar(holder, D - dt.timedelta(days=1)) is None
        assert register_bar(holder, after) is None
        ds = taxi_eligibility(
            person=holder, category="convencional", on=last, awarded_in_tender=True
        )
        assert ds[0].question == "ipatinga.taxi-2017.register_bar" and ds[0].refusals
        ds = taxi_eligibility(
            person=holder, category="convencional", on=after, awarded_in_tender=True
        )
        assert all(d.question != "ipatinga.taxi-2017.register_bar" for d in ds)
    # Becoming another permit's auxiliary: refused while suspended, not for the bar the day after.
    with pytest.raises(Refused) as exc:
        taxi_auxiliary_add(
            actor=world.clerk, municipality=world.m, permit=other, person=holder, on=last
        )
    assert exc.value.decision.question == "ipatinga.taxi-2017.register_bar"
    try:
        taxi_auxiliary_add(
            actor=world.clerk, municipality=world.m, permit=other, person=holder, on=after
        )
    except Refused as e:  # documents missing in this bare world, but not the bar
        assert e.decision.question != "ipatinga.taxi-2017.register_bar"


def test_art_42_IV_suspended_auxiliary_cannot_renew(world):
    permit, aux = _taxi_permit(world.m)
    _suspend(world, permit, 15, aux)
    with pytest.raises(Refused) as exc:
        auxiliary_renew(
            actor=world.clerk, municipality=world.m, auxiliary=aux, on=D + dt.timedelta(days=14)
        )
    assert "art. 42, IV" in str(exc.value)


def test_art_42_IV_a_second_suspension_does_not_overlap_a_running_one(world):
    permit, aux = _taxi_permit(world.m)
    _suspend(world, permit, 10, aux)
    with pytest.raises(Refused):
        _suspend(world, permit, 10, aux, start=D + dt.timedelta(days=9))
    _suspend(world, permit, 10, aux, start=D + dt.timedelta(days=10))


def test_art_42_IV_a_second_suspension_does_not_overlap_one_that_starts_later(world):
    """Art. 42 IV: no overlap either way — a suspension that starts before another already
    imposed for a later start, and runs into its days, is refused as one that starts inside it."""
    permit, aux = _taxi_permit(world.m)
    _suspend(world, permit, 10, aux, start=D + dt.timedelta(days=20))
    with pytest.raises(Refused, match=r"art\. 42, IV"):
        _suspend(world, permit, 10, aux, start=D + dt.timedelta(days=15))
    _suspend(world, permit, 5, aux, start=D + dt.timedelta(days=15))


def test_art_41_IV_par3_cassado_register_is_refused(world):
    permit, aux = _taxi_permit(world.m)
    auxiliary_cassar(
        actor=world.mayor, municipality=world.m, auxiliary=aux, on=D, reason="processo 1/2026"
    )
    with tenant(world.m):
        Penalty.objects.create(
            kind=Penalty.Kind.CASSACAO,
            permit=permit,
            imposed_on=D,
            decision={
                "target": "cadastro",
                "offender": {"kind": "holder", "person_id": permit.holder_id},
            },
        )
        for person in (
            Person.objects.get(pk=aux.person_id),
            Person.objects.get(pk=permit.holder_id),
        ):
            bar = register_bar(person, D + dt.timedelta(days=400))
            assert bar is not None and "art. 41" in str(Refused(bar))
            assert register_bar(person, D - dt.timedelta(days=1)) is None


def test_art_42_IV_screen_suspends_an_auxiliary_register(world, user_of):
    permit, aux = _taxi_permit(world.m)
    auto = _auto(world, permit, aux)
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{permit.pk}/suspensao/"
    page = c.get(url)
    assert page.status_code == 200 and aux.person.name in page.content.decode()
    assert auto.number in page.content.decode()
    r = c.post(
        url,
        {
            "target": "cadastro_auxiliar",
            "auxiliary": aux.pk,
            "auto": auto.pk,
            "days": "91",
            "start": today_of(world.m).isoformat(),
            "reason": "infração grave",
        },
    )
    assert r.status_code == 422 and "90" in r.content.decode()
    r = c.post(
        url,
        {
            "target": "cadastro_auxiliar",
            "auxiliary": aux.pk,
            "auto": auto.pk,
            "days": "90",
            "start": today_of(world.m).isoformat(),
            "reason": "infração grave",
        },
    )
    assert r.status_code == 302
    with tenant(world.m):
        p = Penalty.objects.get(permit=permit, kind=Penalty.Kind.SUSPENSION)
        permit.refresh_from_db()
    assert p.decision["offender"]["auxiliary_id"] == aux.pk and p.days == 90
    assert p.decision["auto_id"] == auto.pk
    assert permit.status == Permit.Status.ACTIVE


def _issued(w, permit, **kw):
    return infraction_issue(
        actor=w.fiscal,
        municipality=w.m,
        code="recusa_passageiro",
        committed_at=at(COMMITTED),
        place="Rodoviária",
        description="Recusa de passageiro.",
        agent_registration="F-9",
        permit=permit,
        offender_signed=True,
        **kw,
    )


def test_art_41_caput_d_1_register_suspension_refused_while_the_auto_is_not_final(world):
    permit, _aux = _taxi_permit(world.m)
    auto = _issued(world, permit)  # its defence period still runs
    with pytest.raises(FieldError, match=r"D-1") as exc:
        _suspend(world, permit, 10, auto=auto)
    assert "art. 41, caput" in str(exc.value) and "art. 42, IV" in str(exc.value)
    with tenant(world.m):
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()


def test_art_42_IV_register_suspension_refused_on_another_permits_auto(world):
    permit, _aux = _taxi_permit(world.m)
    other, _ = _taxi_permit(world.m)
    with pytest.raises(FieldError, match=r"art\. 42, IV") as exc:
        _suspend(world, permit, 10, auto=_auto(world, other))
    assert "desta permissão" in str(exc.value)


def test_art_42_IV_register_suspension_refused_on_a_cancelled_auto(world):
    permit, _aux = _taxi_permit(world.m)
    auto = _auto(world, permit)
    infraction_cancel(actor=world.authority, municipality=world.m, auto=auto, reason="erro")
    with pytest.raises(FieldError, match=r"cancelado.*art\. 42, IV"):
        _suspend(world, permit, 10, auto=auto)


def test_art_42_IV_an_auxiliarys_register_is_suspended_only_for_an_auto_he_committed(world):
    permit, aux = _taxi_permit(world.m)
    by_holder = _auto(world, permit)
    with pytest.raises(FieldError, match=r"auxiliar.*art\. 42, IV"):
        _suspend(world, permit, 10, aux, auto=by_holder)
    # Nor the holder's register for the auxiliary's infraction.
    by_aux = _auto(world, permit, aux)
    with pytest.raises(FieldError, match=r"titular.*art\. 42, IV"):
        _suspend(world, permit, 10, auto=by_aux)
    assert _suspend(world, permit, 10, aux, auto=by_aux).decision["auto_id"] == by_aux.pk


def test_art_42_IV_the_api_suspends_a_register_on_a_final_auto_and_refuses_more_than_90_days(
    world, user_of
):
    permit, aux = _taxi_permit(world.m)
    auto = _auto(world, permit, aux)
    url = f"/api/v1/enforcement/permits/{permit.pk}/taxi-register-suspension"
    body = {
        "auto_id": auto.pk,
        "auxiliary_id": aux.pk,
        "start": today_of(world.m).isoformat(),
        "reason": "x",
    }
    fiscal = Client()
    fiscal.force_login(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post(url, {**body, "days": 10}, content_type="application/json")
    assert r.status_code == 403
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    r = c.post(url, {**body, "days": 91}, content_type="application/json")
    assert r.status_code == 422 and "art. 42, IV" in r.content.decode()
    r = c.post(url, {**body, "days": 90}, content_type="application/json")
    assert r.status_code == 201, r.content
    with tenant(world.m):
        p = Penalty.objects.get(pk=r.json()["penalty_id"])
    assert p.decision["offender"]["auxiliary_id"] == aux.pk and p.days == 90
    assert p.decision["auto_id"] == auto.pk and r.json()["status"] == Permit.Status.ACTIVE


def test_art_42_IV_the_public_badge_of_a_suspended_taxista_says_so_until_the_last_day(world):
    """Whatever the permit's own status, the bearer whose inscription is suspended may not drive
    a taxi: the badge anyone scans says so, with the last day and the article — the holder's
    badge for the holder, the auxiliary's for the auxiliary."""
    permit, aux = _taxi_permit(world.m)
    _suspend(world, permit, 30, aux)  # the auxiliary's register, 06/04 to 05/05
    holder_badge = badge_without_law(world.m, permit, world.clerk)
    with tenant(world.m):
        aux_badge = badge_without_law(world.m, permit, world.clerk)
        aux_badge.auxiliary = aux
        aux_badge.save(update_fields=["auxiliary"])
        last, after = D + dt.timedelta(days=29), D + dt.timedelta(days=30)
        for day in (D, last):
            status = public.badge_status(aux_badge, day)
            assert (status.code, status.valid) == ("suspenso", False)
            assert "05/05/2026" in status.detail and "art. 42, IV" in status.detail
            assert public.badge_status(holder_badge, day).code == "valido"
        assert public.badge_status(aux_badge, D - dt.timedelta(days=1)).code == "valido"
        assert public.badge_status(aux_badge, after).code == "valido"


def test_the_public_page_shows_the_holders_register_suspension_running_today(world):
    today = timezone.localdate()
    permit, _aux = _taxi_permit(world.m)
    _suspend(world, permit, 10, start=today)
    badge = badge_without_law(world.m, permit, world.clerk)
    page = Client().get(f"/v/{badge.token}")
    assert page.status_code == 200
    text = page.content.decode()
    until = (today + dt.timedelta(days=9)).strftime("%d/%m/%Y")
    assert "suspenso" in text and f"suspensa até {until}" in text and "art. 42, IV" in text
    with tenant(world.m):
        permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_art_42_IV_art_41_caput_d_1_the_law_refuses_a_register_suspension_before_final_and_logs_it(
    world,
):
    """The law core (``register_suspension``) judges what an inscription's suspension rests on:
    not on an auto whose defence still runs, and not from a day before it became final; each
    refusal names art. 42, IV and art. 41 and is kept in the acts log; on the day the auto
    became final, and after, it is allowed."""
    permit, aux = _taxi_permit(world.m)
    pending = _issued(world, permit, committed_by="auxiliary", auxiliary=aux)
    with pytest.raises(FieldError, match=r"D-1") as exc:
        _suspend(world, permit, 10, aux, auto=pending)
    assert exc.value.field == "auto" and "art. 42, IV" in exc.value.citation
    assert "art. 41" in exc.value.citation and "cadastro" in exc.value.message
    final = _auto(world, permit, aux)
    final_on = case_of(world, final).final_on
    assert final_on is not None
    with pytest.raises(FieldError, match=f"{final_on:%d/%m/%Y}") as exc:
        _suspend(world, permit, 10, aux, start=final_on - dt.timedelta(days=1), auto=final)
    assert exc.value.field == "início" and "art. 42, IV" in exc.value.citation
    with tenant(world.m):
        refused = list(
            Act.objects.filter(action="penalty.suspension.register", outcome="refused").order_by(
                "seq"
            )
        )
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()
    assert len(refused) == 2
    assert all(a.object_id == str(aux.pk) for a in refused)
    assert "ipatinga.taxi-2017.register_suspension" in refused[0].canonical
    assert pending.number in refused[0].canonical and final.number in refused[1].canonical
    assert _suspend(world, permit, 10, aux, start=final_on, auto=final).imposed_on == final_on


def test_art_42_IV_a_register_suspension_after_the_auto_became_final_is_allowed(world):
    permit, _aux = _taxi_permit(world.m)
    auto = _auto(world, permit)
    final_on = case_of(world, auto).final_on
    later = final_on + dt.timedelta(days=1)
    assert _suspend(world, permit, 10, start=later, auto=auto).imposed_on == later
    with tenant(world.m):
        assert not Act.objects.filter(
            action="penalty.suspension.register", outcome="refused"
        ).exists()


@pytest.mark.parametrize("whose", ["holder", "auxiliary"])
def test_art_42_IV_the_law_refuses_suspending_a_taxista_who_did_not_commit_the_auto_and_logs_it(
    world, whose
):
    """Art. 42, IV punishes the infractor: the law core (``register_suspension``) refuses the
    holder's inscription on an auto the auxiliary committed, and the auxiliary's on the holder's,
    naming the field and the article; the refusal is kept in the acts log."""
    permit, aux = _taxi_permit(world.m)
    auto = _auto(world, permit, aux if whose == "holder" else None)
    final_on = case_of(world, auto).final_on
    with pytest.raises(FieldError, match="taxista infrator") as exc:
        _suspend(
            world, permit, 10, aux if whose == "auxiliary" else None, start=final_on, auto=auto
        )
    assert exc.value.field == "auto" and "art. 42, IV" in exc.value.citation
    with tenant(world.m):
        refused = Act.objects.filter(action="penalty.suspension.register", outcome="refused").get()
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()
    assert "art_42_iv_the_offenders_inscription" in refused.canonical


def test_lei_9784_art_53_art_42_IV_cancelling_the_auto_ends_the_inscription_s_suspension(world):
    """The auto cancelled (art. 46, D-17: an annulment of the authority's own motion, Lei
    9.784/1999 art. 53) takes with it the suspension of the auxiliary's inscription that rested
    on it: the Cadastro no longer bars the auxiliary."""
    permit, aux = _taxi_permit(world.m)
    auto = _auto(world, permit, aux)
    penalty = _suspend(world, permit, 30, aux, auto=auto)
    with tenant(world.m):
        assert register_bar(aux.person, D + dt.timedelta(days=1)) is not None
        consequence = confirmations.auto_cancel(auto, "Placa trocada.").consequence
    assert "anula a suspensão do cadastro de taxista por 30 dias que nele se apoia" in consequence
    infraction_cancel(
        actor=world.authority, municipality=world.m, auto=auto, reason="Placa trocada."
    )
    with tenant(world.m):
        assert register_bar(aux.person, D + dt.timedelta(days=1)) is None
        assert Penalty.objects.get(pk=penalty.pk).annulled_on is not None
    assert "a suspensão do cadastro de taxista anulada" in case_of(world, auto).outcome

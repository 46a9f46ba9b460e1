"""Taxi art. 41, III and §5: the seizure of the vehicle as a penalty "deverá ser precedida da
notificação", and (art. 41 caput, D-17) of the defence — refused until then, naming the article,
the refusal kept in the acts log; the removal the auto recorded at the act (art. 42, II, a
measure) is not that penalty and enters the depot at once (ADR 0068)."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import at, case_of, refused_acts
from registry_factories import person

from outorga.core.errors import FieldError, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Seizure
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.seizures import seizure_create

D = dt.date(2026, 4, 6)  # a Monday: notified that day, the 10 days of defence (D-17) end 16/04
LAST = dt.date(2026, 4, 16)


def _auto(world, *, signed=True, measures=()):  # type: ignore[no-untyped-def]
    offender = person(world.m, name="Clandestino da Silva")
    return infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="transporte_ilegal",
        committed_at=at(D),
        place="Rodoviária",
        description="Transportava passageiro mediante pagamento, sem permissão de táxi.",
        agent_registration="F-9",
        plate="ILG1A23",
        law="ipatinga.taxi-2017",
        offender_document=offender.document,
        offender_signed=signed,
        measures=list(measures),
    )


def _seize(world, auto, on):  # type: ignore[no-untyped-def]
    return seizure_create(
        actor=world.fiscal,
        municipality=world.m,
        person=None,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=on,
        removal_cents=15_000,
        storage_daily_cents=2_000,
        auto=auto,
    )


def _no_seizure(world, auto) -> bool:  # type: ignore[no-untyped-def]
    with tenant(world.m):
        return not Seizure.objects.filter(auto=auto).exists()


def test_art_41_par_5_the_seizure_as_penalty_without_the_notice_is_refused(world):
    auto = _auto(world, signed=False)  # the auto's notice still waits for delivery
    with pytest.raises(FieldError, match=r"art\. 41, §5") as exc:
        _seize(world, auto, D + dt.timedelta(days=30))
    assert isinstance(exc.value, Refused) and exc.value.field == "apreensão"
    assert "notificação ao permissionário" in exc.value.message
    assert exc.value.decision.question == "ipatinga.taxi-2017.seizure_grounds"
    assert _no_seizure(world, auto)
    [act] = refused_acts(world, "seizure.create")
    assert act.record["payload"]["new"]["auto"] == auto.number


def test_art_41_par_5_the_seizure_as_penalty_waits_for_the_defence_period(world):
    auto = _auto(world)  # signed: notified on D (art. 30 X)
    for day in (D, LAST):
        with pytest.raises(Refused, match=r"art\. 41, §5"):
            _seize(world, auto, day)
    assert _no_seizure(world, auto)
    s = _seize(world, auto, LAST + dt.timedelta(days=1))
    assert s.entered_on == LAST + dt.timedelta(days=1)
    with tenant(world.m):
        act = Act.objects.filter(action="seizure.create").latest("seq")
    assert act.record["payload"]["new"]["as"] == "penalidade"
    assert any("art. 41, §5" in c for c in act.record["basis"]["citations"])


def test_art_41_caput_a_defence_waiting_for_judgment_holds_the_seizure_back(world):
    auto = _auto(world)
    defence = filing_file(
        actor=world.clerk,
        municipality=world.m,
        case=case_of(world, auto),
        text="Não transportava passageiro.",
        filed_on=D + dt.timedelta(days=2),
        channel="paper",
    )
    with pytest.raises(Refused, match=r"art\. 41, §5"):
        _seize(world, auto, LAST + dt.timedelta(days=10))  # past the period, still not judged
    assert _no_seizure(world, auto)
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=defence,
        upheld=False,
        reasoning="Transporte comprovado por fotos.",
        on=LAST + dt.timedelta(days=11),
    )
    assert _seize(world, auto, LAST + dt.timedelta(days=12)).pk


def test_art_42_ii_the_removal_recorded_at_the_act_enters_the_depot_the_same_day(world):
    """A guard: the measure of art. 42, II is not the penalty of art. 41, III."""
    auto = _auto(world, signed=False, measures=["remocao"])
    s = _seize(world, auto, D)
    assert s.entered_on == D
    with tenant(world.m):
        act = Act.objects.filter(action="seizure.create").latest("seq")
    assert act.record["payload"]["new"]["as"] == "medida"

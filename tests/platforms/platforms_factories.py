"""Factories for the platforms tests (importable by name: see tests/conftest.py)."""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import replace
from decimal import Decimal
from typing import Any

from django.utils import timezone
from validate_docbr import CNPJ, CPF

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformDriver
from outorga.platforms.services.drivers import DriverData

_seq = itertools.count(1)


def new_cpf() -> str:
    return CPF().generate()


def new_cnpj() -> str:
    return CNPJ().generate()


def on_municipal_day(monkeypatch: Any, day: dt.date) -> None:
    """The clock at noon of ``day`` in Brasília (11:00 in Barra do Garças): every "today" of the
    platforms — the municipality's (``core.localtime.today_of``) — is ``day``."""
    noon = dt.datetime.combine(day, dt.time(15), tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: noon)


def platform_actor(name: str = "token:teste") -> Actor:
    return Actor(None, Role.PLATAFORMA.value, name, "198.51.100.7")


def driver_data(**over: Any) -> DriverData:
    """A driver every requirement of art. 4 admits today: each document with the date that tells
    it is current (a document without it is pending, ADR 0081)."""
    n = next(_seq)
    today = timezone.localdate()
    base = DriverData(
        cpf=new_cpf(),
        name=f"Motorista Teste {n}",
        cnh_number=f"{n:011d}",
        cnh_category="B",
        cnh_ear=True,
        vehicle_plate=f"QAB{n % 10}C{n % 100:02d}",
        vehicle_kind="car",
        vehicle_manufacture_year=timezone.localdate().year - 3,
        tax_regime="autonomo",
        cnh_valid_until=today + dt.timedelta(days=5 * 365),
        crlv=True,
        crlv_valid_until=today + dt.timedelta(days=365),
        criminal_certificate=True,
        criminal_certificate_date=today - dt.timedelta(days=10),
        app_insurance=True,
        app_insurance_valid_until=today + dt.timedelta(days=365),
        dpvat=True,
        debt_clearance=True,
        debt_clearance_date=today - dt.timedelta(days=10),
        inss=True,
    )
    return replace(base, **over)


def make_platform(m: Municipality, name: str = "Plataforma Teste", **over: Any) -> Platform:
    with tenant(m):
        return Platform.objects.create(
            cnpj=new_cnpj(),
            name=name,
            cadastro_mobiliario="CM-1",
            complaint_channel="sac@example.com",
            **{"credentialed_at": dt.datetime(2025, 8, 1, tzinfo=dt.UTC), **over},
        )


def fare_limits(m: Municipality, effective: dt.date = dt.date(2025, 7, 1), **values: Any) -> None:
    """The executive's fare limits (art. 7: ``apps_2025.<name>``) recorded from ``effective``."""
    with tenant(m):
        for name, value in values.items():
            ParameterOverride.objects.create(
                name=f"apps_2025.{name}",
                effective=effective,
                value=value,
                legal_reference="Decreto de teste",
            )


def enabled_drivers(m: Municipality, platform: Platform, n: int) -> None:
    """``n`` enabled drivers on ``platform``'s roster, written at once (to bring a roster to the
    edge of the law's cap without registering each one)."""
    with tenant(m):
        PlatformDriver.objects.bulk_create(
            PlatformDriver(
                municipality=m,
                platform=platform,
                cpf=new_cpf(),
                name=f"Lote {i}",
                cnh_number=str(i),
                cnh_category="B",
                cnh_ear=True,
                vehicle_plate="QAA0A00",
                vehicle_kind="car",
                vehicle_manufacture_year=2022,
                status="enabled",
            )
            for i in range(n)
        )


def warn(
    m: Municipality,
    actor: Actor,
    platform: Platform,
    on: dt.date = dt.date(2026, 8, 20),
    final: bool = False,
) -> Any:
    """A first-occurrence written warning (art. 26, I) for a fact of 01/08/2026, imposed on
    ``on``, its defence judged. ``final``: notified on 20/08/2026 (Thursday) and recorded on
    01/09, after its appeal period (until Monday 31/08): final from 01/09/2026 (D-1) — an earlier
    occurrence of the factories' :func:`fine` and of a case for a fact of that day (ADR 0082)."""
    from outorga.platforms.services.penalties import platform_penalty_impose

    penalty, _ = platform_penalty_impose(
        actor=actor,
        municipality=m,
        platform=platform,
        kind="warning",
        infraction_on=dt.date(2026, 8, 1),
        description="Relatório mensal de julho não entregue.",
        reasoning="Primeira ocorrência: advertência escrita (art. 26, I).",
        defence_notice_on=dt.date(2026, 8, 5),
        defence_judged=True,
        on=on,
    )
    if final:
        penalty = final_from_september(m, actor, penalty)
        assert penalty.final_on == dt.date(2026, 9, 1)
    return penalty


def final_from_september(m: Municipality, actor: Actor, penalty: Any) -> Any:
    """``penalty``'s decision notified in person on Thursday 20/08/2026 and recorded on 01/09,
    after its appeal period (until Monday 31/08): final from 01/09/2026 (D-1)."""
    from outorga.platforms.services.penalty_process import platform_penalty_notice_record

    return platform_penalty_notice_record(
        actor=actor,
        municipality=m,
        penalty=penalty,
        notice_on=dt.date(2026, 8, 20),
        channel="personal",
        on=dt.date(2026, 9, 1),
    )


def fine(
    m: Municipality,
    actor: Actor,
    platform: Platform,
    on: dt.date = dt.date(2026, 9, 20),
    infraction_on: dt.date = dt.date(2026, 9, 1),
) -> Any:
    """A fine of 100 UPFBG for a second occurrence (art. 26, II), imposed on ``on`` with its
    defence judged: after :func:`warn` made final, the law's first measure (ADR 0082)."""
    from outorga.platforms.services.penalties import platform_penalty_impose

    penalty, _ = platform_penalty_impose(
        actor=actor,
        municipality=m,
        platform=platform,
        kind="fine",
        infraction_on=infraction_on,
        description="Relatório mensal de agosto não entregue (segunda ocorrência).",
        reasoning="Reincidência; multa de 100 UPFBG.",
        defence_notice_on=dt.date(2026, 9, 2),
        defence_judged=True,
        fine_upfbg=Decimal("100"),
        on=on,
    )
    return penalty


def pay(m: Municipality, x: Any, on: dt.date, cents: int | None = None) -> Any:
    """The finance office records a payment of ``x``'s fine (all of it unless ``cents``)."""
    from outorga.core.models import User
    from outorga.finance import payments

    finance = Actor.of(User.objects.get(username=demo_username(m.slug, Role.FINANCAS)))
    return payments.payment_record(
        actor=finance,
        municipality=m,
        reference=x.debt.reference,
        amount_cents=x.debt.amount_cents if cents is None else cents,
        paid_on=on,
    )


#: A small PDF (``core.uploads`` judges it by its first bytes).
PDF_BYTES = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def suspension_case(m: Municipality, actor: Actor, platform: Platform) -> Any:
    """A proposal to suspend ``platform``'s credential for 10 days, open for its defence."""
    from outorga.platforms.services.cases import platform_case_open

    return platform_case_open(
        actor=actor,
        municipality=m,
        platform=platform,
        kind="credential_suspension",
        infraction_on=dt.date(2026, 9, 1),
        grounds="Reincidência na falta do relatório mensal.",
        suspension_days=10,
    )

"""Demo platforms of Barra do Garças (all marked as demonstration data): three credentialed
platforms with a few drivers (one CPF on two platforms, one motorcycle refused by art. 17), fare
tables, monthly reports of the last complete months (one month missing, one late; the first
platform's report still within its term left for its login to send), complaints (one overdue), a warning of a platform and a final warning of a driver (so a fine
for his next fact is open to the authority, art. 26 I); the demo login of role plataforma serves the first one on the portal. Two drivers are MEI, the others autônomos (art. 20). Idempotent: a
platform that already has drivers is left as it is.

Names, CNPJs and CPFs are fictitious (valid check digits only)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from outorga.core.acts import Actor
from outorga.core.lawseam import governs
from outorga.core.localtime import today_of, zone_of
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.platforms.services.common import cited
from outorga.platforms.services.complaints import (
    complaint_answer,
    complaint_file_public,
    complaint_forward,
)
from outorga.platforms.services.credentialing import platform_user_link
from outorga.platforms.services.drivers import DriverData, platform_driver_register
from outorga.platforms.services.fares import fare_table_publish
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.services.penalty_process import (
    platform_penalty_finalize_lapsed,
    platform_penalty_notice_record,
)
from outorga.platforms.services.reports import monthly_report_submit
from outorga.platforms.services.staff import platform_staff_set_admin

from .models import (
    MonthlyReport,
    Platform,
    PlatformDocument,
    PlatformDriver,
    PlatformPenalty,
    PlatformStatusChange,
    PlatformUser,
)
from .selectors import report_statuses

PLATFORMS = [
    # (cnpj, name, cadastro mobiliário, complaint channel)
    (
        "11222333000181",
        "Plataforma Exemplo (demo)",
        "CM-2026-0101 (exemplo)",
        "sac@exemplo.invalid",
    ),
    ("07220658568510", "Vai Já Mobilidade (demo)", "CM-2026-0102 (exemplo)", "0800 000 0102"),
    (
        "78918352318126",
        "Rota Araguaia (demo)",
        "CM-2026-0103 (exemplo)",
        "rotaaraguaia.invalid/sac",
    ),
]

DRIVERS: dict[str, list[dict[str, Any]]] = {
    "11222333000181": [
        {"cpf": "44492483764", "name": "Ana Paula Ribeiro (demo)", "vehicle_plate": "QBG1A23"},
        {
            "cpf": "91476670790",
            "name": "Bruno Carvalho (demo)",
            "vehicle_plate": "QBG2B34",
            "tax_regime": "mei",
        },
        {"cpf": "57481770808", "name": "Carla Mendes (demo)", "vehicle_plate": "QBG3C45"},
        {
            "cpf": "61130593592",
            "name": "Diego Souza (demo)",
            "vehicle_plate": "QBG4D56",
            "vehicle_kind": "motorcycle",
        },
    ],
    "07220658568510": [
        {"cpf": "97037191639", "name": "Elaine Costa (demo)", "vehicle_plate": "QBH1E67"},
        {
            "cpf": "29994730959",
            "name": "Fábio Lima (demo)",
            "vehicle_plate": "QBH2F78",
            "tax_regime": "mei",
        },
        # The same person drives for two platforms: allowed, listed for the authority.
        {"cpf": "44492483764", "name": "Ana Paula Ribeiro (demo)", "vehicle_plate": "QBG1A23"},
    ],
    "78918352318126": [
        {"cpf": "13303391424", "name": "Gabriela Nunes (demo)", "vehicle_plate": "QBJ1G89"},
        {"cpf": "49060647955", "name": "Hélio Batista (demo)", "vehicle_plate": "QBJ2H90"},
        {
            "cpf": "74979428320",
            "name": "Igor Ramos (demo)",
            "vehicle_plate": "QBJ3I01",
            "vehicle_manufacture_year": 2012,
        },
    ],
}


def _add_months(y: int, mo: int, n: int) -> tuple[int, int]:
    total = y * 12 + (mo - 1) + n
    return total // 12, total % 12 + 1


def _months_back(today: dt.date, n: int) -> list[tuple[int, int]]:
    """The ``n`` complete months before ``today``, oldest first."""
    out = []
    y, m = today.year, today.month
    for _ in range(n):
        y, m = (y - 1, 12) if m == 1 else (y, m - 1)
        out.append((y, m))
    return list(reversed(out))


def load(m: Municipality) -> None:
    if not governs(m, Service.APLICATIVO):
        return
    today = today_of(m)
    months = _months_back(today, 3)
    # Credentialed on the first day of the first month shown, on the municipality's clock (not
    # UTC's, which is the day before there), and the drivers enabled that day: the reports of the
    # months after list drivers that were on the roster.
    first_day = dt.date(months[0][0], months[0][1], 1)
    start = dt.datetime.combine(first_day, dt.time.min, tzinfo=zone_of(m))
    bot = Actor(None, Role.PLATAFORMA.value, "carga de demonstração (plataforma)")
    with tenant(m):
        authority = User.objects.filter(municipality=m, role=Role.AUTORIDADE.value).first()
        for idx, (cnpj, name, cadastro, channel) in enumerate(PLATFORMS):
            p, _ = Platform.objects.get_or_create(cnpj=cnpj, defaults={"name": name})
            if idx == 0 and authority is not None:
                _portal_login(m, p, authority)
            if p.drivers.exists():
                continue
            p.name, p.demo = name, True
            p.cadastro_mobiliario, p.complaint_channel = cadastro, channel
            p.contact_name = "Responsável de exemplo"
            p.contact_email = f"contato{idx + 1}@exemplo.invalid"
            p.credentialed_at = start
            p.save()
            if not p.status_changes.exists():
                PlatformStatusChange.objects.create(
                    platform=p,
                    new_status=p.status,
                    reason="credenciamento (dados de demonstração)",
                )
            PlatformDocument.objects.get_or_create(
                platform=p,
                kind=PlatformDocument.Kind.CADASTRO_MOBILIARIO,
                defaults={"number": cadastro, "notes": "documento de exemplo"},
            )
            for d in DRIVERS[cnpj]:
                data = DriverData(
                    cpf=d["cpf"],
                    name=d["name"],
                    cnh_number=f"0{d['cpf'][:10]}",
                    cnh_category="B",
                    cnh_ear=True,
                    vehicle_plate=d["vehicle_plate"],
                    vehicle_kind=d.get("vehicle_kind", "car"),
                    vehicle_manufacture_year=d.get("vehicle_manufacture_year", today.year - 4),
                    tax_regime=d.get("tax_regime", "autonomo"),
                    # Dated, so the periodic re-check (art. 4, II) can tell when they get old;
                    # a document without its date is not known to be current (ADR 0081).
                    cnh_valid_until=today + dt.timedelta(days=4 * 365),
                    crlv=True,
                    crlv_valid_until=today + dt.timedelta(days=300),
                    criminal_certificate=True,
                    criminal_certificate_date=today - dt.timedelta(days=20),
                    app_insurance=True,
                    app_insurance_valid_until=today + dt.timedelta(days=300),
                    dpvat=True,
                    debt_clearance=True,
                    debt_clearance_date=today - dt.timedelta(days=20),
                    inss=True,
                )
                driver, _ = platform_driver_register(
                    actor=bot, municipality=m, platform=p, data=data, on=first_day
                )
                if driver.status == PlatformDriver.Status.ENABLED:
                    # Demo data: enabled on the day it was judged, not on the day the demo loads.
                    PlatformDriver.objects.filter(pk=driver.pk).update(enabled_at=start)
            fare_table_publish(
                actor=bot,
                municipality=m,
                platform=p,
                base_fare_cents=450 + 50 * idx,
                per_km_cents=180 + 10 * idx,
                per_minute_cents=30,
                extras=[{"name": "bagagem grande", "amount_cents": 300}],
                dynamic_max_percent=None if idx == 2 else Decimal("50"),
            )
            _reports(m, p, idx, bot)
            _complaints(m, p, idx, today, bot)
            if idx == 0 and authority is not None:
                _final_warning(m, p, first_day, Actor.of(authority))
            if idx == 2 and authority is not None:
                late = months[0]
                platform_penalty_impose(
                    actor=Actor.of(authority),
                    municipality=m,
                    platform=p,
                    kind="warning",
                    infraction_on=dt.date(late[0], late[1], 1),
                    description="Relatório mensal entregue com atraso (demonstração).",
                    reasoning=f"Primeira ocorrência: advertência escrita ({cited(m, 'warning')}).",
                    defence_notice_on=dt.date(late[0], late[1], 1),
                    defence_judged=True,
                )


#: The driver whose warning the demo makes final, so that a fine for a new fact of his is the
#: authority's to impose (art. 26, I; ADR 0082): the README's apps walk in one sitting.
WARNED_DRIVER = "91476670790"  # Bruno Carvalho (demo)


def _final_warning(m: Municipality, p: Platform, first_day: dt.date, authority: Actor) -> None:
    """A written warning of the platform's driver ``WARNED_DRIVER`` for a fact of the demo's first
    month, decided twelve days later after his defence, notified the next day in person and never
    appealed: final since its appeal period ran out (art. 26 sole paragraph; D-1, D-4, D-17), as
    the daily sweep finds it."""
    fact = first_day + dt.timedelta(days=14)
    decided = fact + dt.timedelta(days=12)
    driver = PlatformDriver.objects.get(platform=p, cpf=WARNED_DRIVER)
    warning, _ = platform_penalty_impose(
        actor=authority,
        municipality=m,
        platform=p,
        driver=driver,
        kind="warning",
        infraction_on=fact,
        description="Recusa de corrida por destino curto (demonstração).",
        reasoning=f"Primeira ocorrência: advertência escrita ({cited(m, 'warning')}).",
        defence_notice_on=fact + dt.timedelta(days=1),
        defence_judged=True,
        on=decided,
    )
    notified = decided + dt.timedelta(days=1)
    platform_penalty_notice_record(
        actor=authority,
        municipality=m,
        penalty=warning,
        notice_on=notified,
        channel=PlatformPenalty.NoticeChannel.PERSONAL,
        on=notified,
    )
    platform_penalty_finalize_lapsed(municipality=m, penalty=warning, on=today_of(m))


def _portal_login(m: Municipality, p: Platform, authority: User) -> None:
    """The demo's login of role plataforma serves the first platform on the portal, as its
    administrator (it invites colleagues on "Equipe", ADR 0043)."""
    login = User.objects.filter(municipality=m, role=Role.PLATAFORMA.value).first()
    if login is not None and not PlatformUser.objects.filter(user=login).exists():
        link = platform_user_link(actor=Actor.of(authority), municipality=m, platform=p, user=login)
        platform_staff_set_admin(actor=Actor.of(authority), municipality=m, link=link, admin=True)


def _reports(m: Municipality, p: Platform, idx: int, bot: Actor) -> None:
    """The reports of the months the platform owes since its credential, as the law core judges
    them today (art. 16; D-8), each listing the drivers on the roster that month."""
    statuses = report_statuses(m, today_of(m), p)
    months = [(s.year, s.month) for s in statuses]
    cpfs = [d.cpf for d in p.drivers.filter(status="enabled")]
    for k, (y, mo) in enumerate(months):
        if idx == 1 and k == 1:
            continue  # a missing month: listed for the authority
        if idx == 0 and statuses[k].status == "not_yet_due":
            continue  # still within its term: the platform login sends it ("Enviar relatório")
        # Sent on the 10th of the next month; Rota Araguaia sent its first one a month late.
        late = idx == 2 and k == 0
        y1, m1 = _add_months(y, mo, 2 if late else 1)
        on = min(dt.date(y1, m1, 5 if late else 10), today_of(m))
        body = {
            "year": y,
            "month": mo,
            "intermediation_revenue_cents": 1_500_000 + 250_000 * idx + 100_000 * k,
            "drivers": [
                {
                    "cpf": cpf,
                    "trips": 150 + 20 * j + 15 * k + 10 * idx,
                    "trip_revenue_cents": 600_000 + 50_000 * j + 30_000 * k,
                    "platform_retention_cents": 150_000 + 12_500 * j + 7_500 * k,
                }
                for j, cpf in enumerate(cpfs)
            ],
        }
        if MonthlyReport.objects.filter(platform=p, year=y, month=mo).exists():
            continue
        monthly_report_submit(
            actor=bot,
            municipality=m,
            platform=p,
            idempotency_key=f"demo-{p.cnpj}-{y}-{mo:02d}-v1",
            body=body,
            on=on,
            demo=True,
        )


def _complaints(m: Municipality, p: Platform, idx: int, today: dt.date, bot: Actor) -> None:
    if idx == 0:
        complaint_file_public(
            municipality=m,
            platform=p,
            description="Motorista cobrou valor acima do mostrado no aplicativo (demonstração).",
            complainant_name="Usuário de exemplo",
            on=today - dt.timedelta(days=20),
        )
    elif idx == 1:
        c = complaint_forward(
            actor=bot,
            municipality=m,
            platform=p,
            description="Veículo diferente do informado no aplicativo (demonstração).",
            filed_on=today - dt.timedelta(days=6),
            platform_reference="TCK-DEMO-1",
        )
        complaint_answer(
            actor=bot,
            municipality=m,
            complaint=c,
            answer="Cadastro do veículo corrigido e motorista orientado (demonstração).",
            on=today - dt.timedelta(days=4),
        )
    else:
        complaint_forward(
            actor=bot,
            municipality=m,
            platform=p,
            description="Corrida cancelada sem motivo (demonstração).",
            filed_on=today - dt.timedelta(days=1),
            platform_reference="RA-DEMO-7",
        )

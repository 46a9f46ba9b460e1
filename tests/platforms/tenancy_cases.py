"""Tenancy cases of the platforms routes (read by tests/core/test_tenancy_routes.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.law.competence import Role
from outorga.platforms.models import (
    Complaint,
    FareTable,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    authority = user_of(m.slug, Role.AUTORIDADE)
    p, _ = Platform.objects.get_or_create(
        cnpj=f"8{m.ibge_code}0002",
        defaults={"name": f"Plataforma ampla {marker}", "credentialed_at": None},
    )
    driver = PlatformDriver.objects.create(
        platform=p,
        cpf="52998224725",
        name=f"Motorista {marker}",
        cnh_number="1",
        cnh_category="B",
        cnh_ear=True,
        vehicle_plate="QAA0A00",
        vehicle_kind="car",
        vehicle_manufacture_year=2022,
    )
    FareTable.objects.create(
        platform=p,
        base_fare_cents=1,
        per_km_cents=1,
        per_minute_cents=1,
        valid_from=dt.date(2026, 1, 1),
        status="accepted",
        decision={"summary": marker},
    )
    report = MonthlyReport.objects.create(
        platform=p,
        year=2026,
        month=1,
        version=MonthlyReport.objects.filter(platform=p).count() + 1,
        idempotency_key=f"k-{marker}-{MonthlyReport.objects.count()}",
        body_sha256="0" * 64,
        payload={"marker": marker},
        active_drivers=1,
        intermediation_revenue_cents=1,
        trip_revenue_cents=1,
        submitted_on=dt.date(2026, 2, 1),
        status="on_time",
        response={"summary": marker},
    )
    complaint = Complaint.objects.create(
        platform=p,
        protocol=f"T{m.pk}-{Complaint.objects.count()}-{dt.datetime.now().timestamp()}"[:20],
        source="public",
        description=f"Reclamação {marker}",
        filed_on=dt.date(2026, 1, 5),
        deadline=dt.date(2026, 1, 12),
    )
    case = PlatformCase.objects.create(
        platform=p,
        kind="credential_suspension",
        infraction_on=dt.date(2026, 1, 1),
        grounds=f"Proposta {marker}",
        suspension_days=10,
        notice_on=dt.date(2026, 1, 2),
        defence_until=dt.date(2026, 1, 12),
    )
    penalty = PlatformPenalty.objects.create(
        platform=p,
        kind="warning",
        infraction_on=dt.date(2026, 1, 1),
        description=f"Advertência {marker}",
        reasoning="teste",
        defence_notice_on=dt.date(2026, 1, 2),
        imposed_by=authority,
    )
    PlatformPenaltyAppeal.objects.create(
        penalty=penalty,
        channel="api",
        text=f"Recurso {marker}",
        filed_on=dt.date(2026, 1, 3),
        filed_by_name="token:teste",
        judge_until=dt.date(2026, 2, 2),
    )
    InfractionCandidate.objects.get_or_create(
        platform=p,
        kind="concurrent_peak",
        key="2026-01",
        defaults={"detected_on": dt.date(2026, 2, 1), "summary": f"Pico {marker}"},
    )
    return {
        "pl_platform": p.pk,
        "pl_driver": driver.pk,
        "pl_report": report.pk,
        "pl_complaint": complaint.pk,
        "pl_case": case.pk,
        "pl_penalty": penalty.pk,
    }


def _answer(b: Any) -> tuple[Any, ...]:
    return (
        "post",
        f"/api/v1/platform/complaints/{b.extra['pl_complaint']}/answer",
        {404},
        {"answer": "invasor"},
        "token",
    )


ROUTES = {
    # Platform API (token of A, ids of B).
    "api/v1/platform/drivers": lambda b: ("get", "/api/v1/platform/drivers", {200}, None, "token"),
    "api/v1/platform/drivers/<driver_id>": lambda b: (
        "get",
        f"/api/v1/platform/drivers/{b.extra['pl_driver']}",
        {404},
        None,
        "token",
    ),
    "api/v1/platform/drivers/<driver_id>/disable": lambda b: (
        "post",
        f"/api/v1/platform/drivers/{b.extra['pl_driver']}/disable",
        {404},
        None,
        "token",
    ),
    "api/v1/platform/fares": lambda b: ("get", "/api/v1/platform/fares", {200}, None, "token"),
    "api/v1/platform/reports": lambda b: ("get", "/api/v1/platform/reports", {200}, None, "token"),
    "api/v1/platform/reports/<report_id>": lambda b: (
        "get",
        f"/api/v1/platform/reports/{b.extra['pl_report']}",
        {404},
        None,
        "token",
    ),
    "api/v1/platform/complaints": lambda b: (
        "get",
        "/api/v1/platform/complaints",
        {200},
        None,
        "token",
    ),
    "api/v1/platform/complaints/<complaint_id>/answer": _answer,
    "api/v1/platform/cases": lambda b: ("get", "/api/v1/platform/cases", {200}, None, "token"),
    "api/v1/platform/penalties": lambda b: (
        "get",
        "/api/v1/platform/penalties",
        {200},
        None,
        "token",
    ),
    "api/v1/platform/penalties/<penalty_id>/appeal": lambda b: (
        "post",
        f"/api/v1/platform/penalties/{b.extra['pl_penalty']}/appeal",
        {404},
        {"text": "invasor"},
        "token",
    ),
    "api/v1/platform/penalties/<penalty_id>/decision.pdf": lambda b: (
        "get",
        f"/api/v1/platform/penalties/{b.extra['pl_penalty']}/decision.pdf",
        {404},
        None,
        "token",
    ),
    "api/v1/platform/cases/<case_id>/defence": lambda b: (
        "post",
        f"/api/v1/platform/cases/{b.extra['pl_case']}/defence",
        {404},
        {"text": "invasor"},
        "token",
    ),
    # Staff API.
    "api/v1/platforms/<platform_id>": lambda b: (
        "get",
        f"/api/v1/platforms/{b.extra['pl_platform']}",
        {404},
        None,
    ),
    "api/v1/platforms/<platform_id>/drivers": lambda b: (
        "get",
        f"/api/v1/platforms/{b.extra['pl_platform']}/drivers",
        {404},
        None,
    ),
    "api/v1/platform-drivers/shared-cpfs": lambda b: (
        "get",
        "/api/v1/platform-drivers/shared-cpfs",
        {200},
        None,
    ),
    "api/v1/platform-reports/candidates": lambda b: (
        "get",
        "/api/v1/platform-reports/candidates",
        {200},
        None,
        "financas",
    ),
    "api/v1/platform-candidates": lambda b: (
        "get",
        "/api/v1/platform-candidates",
        {200},
        None,
        "financas",
    ),
    "api/v1/platform-complaints/overdue": lambda b: (
        "get",
        "/api/v1/platform-complaints/overdue",
        {200},
        None,
    ),
    # Screens.
    "plataformas/": lambda b: ("get", "/plataformas/", {200}, None, "financas"),
    "plataformas/credenciar/": lambda b: (
        "post",
        "/plataformas/credenciar/",
        {200},
        {"__form__": {"cnpj": "11444777000161", "name": "Invasora"}},
    ),
    "plataformas/<int:platform_id>/": lambda b: (
        "get",
        f"/plataformas/{b.extra['pl_platform']}/",
        {404},
        None,
    ),
    "plataformas/<int:platform_id>/tokens/": lambda b: (
        "post",
        f"/plataformas/{b.extra['pl_platform']}/tokens/",
        {404},
        {"__form__": {"name": "invasor"}},
    ),
    "plataformas/tokens/<int:token_id>/revogar/": lambda b: (
        "post",
        f"/plataformas/tokens/{b.token_id}/revogar/",
        {404},
        None,
    ),
    "plataformas/<int:platform_id>/dados/": lambda b: (
        "post",
        f"/plataformas/{b.extra['pl_platform']}/dados/",
        {404},
        {"__form__": {"contact_name": "invasor"}},
    ),
    "plataformas/<int:platform_id>/penalidade/": lambda b: (
        "post",
        f"/plataformas/{b.extra['pl_platform']}/penalidade/",
        {404},
        {"__form__": {"kind": "warning"}},
    ),
    "plataformas/<int:platform_id>/processo/": lambda b: (
        "post",
        f"/plataformas/{b.extra['pl_platform']}/processo/",
        {404},
        {"__form__": {"kind": "credential_cancellation"}},
    ),
    "plataformas/processos/<int:case_id>/": lambda b: (
        "post",
        f"/plataformas/processos/{b.extra['pl_case']}/",
        {404},
        {"__form__": {"uphold": "1", "text": "invasor"}},
        "chefe_executivo",
    ),
    "plataformas/cpfs-em-varias/": lambda b: ("get", "/plataformas/cpfs-em-varias/", {200}, None),
    "plataformas/relatorios/": lambda b: ("get", "/plataformas/relatorios/", {200}, None),
    "plataformas/relatorios/<int:report_id>/": lambda b: (
        "get",
        f"/plataformas/relatorios/{b.extra['pl_report']}/",
        {404},
        None,
        "financas",
    ),
    "plataformas/reclamacoes/": lambda b: ("get", "/plataformas/reclamacoes/", {200}, None),
    "plataformas/penalidades/": lambda b: ("get", "/plataformas/penalidades/", {200}, None),
    "plataformas/penalidades/<int:penalty_id>/": lambda b: (
        "get",
        f"/plataformas/penalidades/{b.extra['pl_penalty']}/",
        {404},
        None,
    ),
    "plataformas/penalidades/<int:penalty_id>/notificacao/": lambda b: (
        "post",
        f"/plataformas/penalidades/{b.extra['pl_penalty']}/notificacao/",
        {404},
        {"__form__": {"notice_on": "2026-01-05", "channel": "personal"}},
    ),
    "plataformas/penalidades/<int:penalty_id>/recurso/": lambda b: (
        "post",
        f"/plataformas/penalidades/{b.extra['pl_penalty']}/recurso/",
        {404},
        {"__form__": {"filed_on": "2026-01-05", "text": "invasor"}},
    ),
    "plataformas/penalidades/<int:penalty_id>/julgamento/": lambda b: (
        "post",
        f"/plataformas/penalidades/{b.extra['pl_penalty']}/julgamento/",
        {404},
        {"__form__": {"upheld": "1", "reasoning": "invasor"}},
        "chefe_executivo",
    ),
    "plataformas/penalidades/<int:penalty_id>/pdf/": lambda b: (
        "get",
        f"/plataformas/penalidades/{b.extra['pl_penalty']}/pdf/",
        {404},
        None,
    ),
    "plataformas/suspensoes-judiciais/": lambda b: (
        "get",
        "/plataformas/suspensoes-judiciais/",
        {200},
        None,
    ),
    # Public form: a logged-in user files for their own municipality, never for B.
    "reclamacao/": lambda b: ("get", "/reclamacao/", {200}, None),
}

"""Enforcement routes for the route-walking tenancy test (tests/core/test_tenancy_routes.py): A's
users (inspector, authority, JARI, mayor, clerk, holder) against B's autos, cases, notices,
filings, escalations and seizures — 404/403, nothing of B shown or changed."""

from __future__ import annotations

import datetime as dt
import runpy
import secrets
from pathlib import Path
from typing import Any

from django.utils import timezone

from outorga.core.tenancy import tenant
from outorga.enforcement.models import (
    Case,
    Escalation,
    Filing,
    InfractionNotice,
    Notice,
    Seizure,
    TaxiInfractionItem,
)
from outorga.law.competence import Role

_F = runpy.run_path(str(Path(__file__).parent.parent / "public" / "public_factories.py"))
MOTO = "ipatinga.mototaxi-2013"


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    permit = _F["make_permit"](m, marker, photo="name-only")
    fiscal = user_of(m.slug, Role.FISCAL)
    holder = user_of(m.slug, Role.PERMISSIONARIO)
    today = timezone.localdate()
    tag = secrets.token_hex(3)
    with tenant(m):
        auto = InfractionNotice.objects.create(
            number=f"AI-{marker}-{tag}"[:20],
            law=MOTO,
            infraction_code="art38-II",
            infraction_description=f"Infração {marker}",
            severity="leve",
            provision="art. 38, II",
            permit=permit,
            vehicle=permit.vehicle,
            committed_by=InfractionNotice.CommittedBy.HOLDER,
            holder_name=permit.holder.name,
            permit_number=permit.number,
            plate=permit.vehicle.plate,
            offender_name=permit.holder.name,
            place=f"Rua {marker}",
            committed_at=timezone.now(),
            description=f"Descrição {marker}",
            agent=fiscal,
            agent_name=f"Agente {marker}",
            agent_registration="F-1",
            seizure=True,
        )
        case = Case.objects.create(
            number=f"PA-{tag}",
            law=MOTO,
            auto=auto,
            permit=permit,
            person=permit.holder,
            stage=Case.Stage.DEFENCE,
            waiting=Case.Waiting.JUDGMENT,
            deadline=today,
        )
        notice = Notice.objects.create(case=case, purpose=Notice.Purpose.AUTO)
        filing = Filing.objects.create(
            case=case,
            stage=Filing.Stage.DEFENCE,
            channel=Filing.Channel.PORTAL,
            text=f"Defesa {marker}",
            filed_on=today,
            deadline=today,
            filed_by=holder,
        )
        proposal = Case.objects.create(
            number=f"PR-{tag}",
            kind=Case.Kind.REVOCATION,
            law=MOTO,
            permit=permit,
            person=permit.holder,
            waiting=Case.Waiting.JUDGMENT,
            proposal={"summary": f"Proposta {marker}"},
        )
        esc = Escalation.objects.create(
            permit=permit, law=MOTO, days=15, decision={"summary": marker}, evaluated_on=today
        )
        seizure = Seizure.objects.create(
            law=MOTO,
            auto=auto,
            person=permit.holder,
            plate=permit.vehicle.plate,
            grounds=Seizure.Grounds.INFRACTION,
            depot=f"Pátio {marker}",
            entered_on=today - dt.timedelta(days=2),
            storage_daily_cents=1000,
            removal_cents=5000,
        )
        item = TaxiInfractionItem.objects.create(
            code=f"reg-{tag}",
            description=f"Item {marker}",
            nature="leve",
            reference=f"Decreto {marker}",
            valid_from=today,
        )
    return {
        "enf_taxi_item": item.pk,
        "enf_permit": permit.pk,
        "enf_plate": permit.vehicle.plate,
        "enf_auto": auto.pk,
        "enf_case": case.pk,
        "enf_notice": notice.pk,
        "enf_filing": filing.pk,
        "enf_proposal": proposal.pk,
        "enf_escalation": esc.pk,
        "enf_seizure": seizure.pk,
    }


def _e(b: Any, key: str) -> Any:
    return b.extra[key]


API = "/api/v1/enforcement"
TODAY = "2026-06-01"

ROUTES = {
    # Lists and pages of one's own municipality: 200 and nothing of B.
    "fiscalizacao/": lambda b: (
        "get",
        f"/fiscalizacao/?q={b.extra['enf_plate']}",
        {200},
        None,
        "fiscal",
    ),
    "fiscalizacao/autos/novo/": lambda b: (
        "get",
        f"/fiscalizacao/autos/novo/?permit={_e(b, 'enf_permit')}",
        {404},
        None,
        "fiscal",
    ),
    "fiscalizacao/autos/<int:auto_id>/auto.pdf": lambda b: (
        "get",
        f"/fiscalizacao/autos/{_e(b, 'enf_auto')}/auto.pdf",
        {404},
        None,
    ),
    "fiscalizacao/autos/<int:auto_id>/cancelar/": lambda b: (
        "post",
        f"/fiscalizacao/autos/{_e(b, 'enf_auto')}/cancelar/",
        {404},
        {"__form__": {"reason": "invasão"}},
    ),
    "fiscalizacao/autos/<int:auto_id>/apreender/": lambda b: (
        "post",
        f"/fiscalizacao/autos/{_e(b, 'enf_auto')}/apreender/",
        {404},
        {"__form__": {"depot": "x", "removal": "10", "daily": "1"}},
        "fiscal",
    ),
    "fiscalizacao/processos/<int:case_id>/": lambda b: (
        "get",
        f"/fiscalizacao/processos/{_e(b, 'enf_case')}/",
        {404},
        None,
    ),
    "fiscalizacao/processos/<int:case_id>/protocolo/": lambda b: (
        "post",
        f"/fiscalizacao/processos/{_e(b, 'enf_case')}/protocolo/",
        {404},
        {"__form__": {"text": "x"}},
        "atendente",
    ),
    "fiscalizacao/processos/<int:case_id>/decidir/": lambda b: (
        "post",
        f"/fiscalizacao/processos/{_e(b, 'enf_proposal')}/decidir/",
        {404},
        {"__form__": {"accept": "1", "reasoning": "x"}},
        "chefe_executivo",
    ),
    "fiscalizacao/notificacoes/<int:notice_id>/registrar/": lambda b: (
        "post",
        f"/fiscalizacao/notificacoes/{_e(b, 'enf_notice')}/registrar/",
        {404},
        {"__form__": {"form": "pessoal", "on": TODAY}},
        "atendente",
    ),
    "fiscalizacao/notificacoes/<int:notice_id>/notificacao.pdf": lambda b: (
        "get",
        f"/fiscalizacao/notificacoes/{_e(b, 'enf_notice')}/notificacao.pdf",
        {404},
        None,
    ),
    "fiscalizacao/pecas/<int:filing_id>/julgar/": lambda b: (
        "post",
        f"/fiscalizacao/pecas/{_e(b, 'enf_filing')}/julgar/",
        {404},
        {"__form__": {"result": "upheld", "reasoning": "x"}},
    ),
    "fiscalizacao/pecas/<int:filing_id>/decisao.pdf": lambda b: (
        "get",
        f"/fiscalizacao/pecas/{_e(b, 'enf_filing')}/decisao.pdf",
        {404},
        None,
    ),
    "fiscalizacao/fila/": lambda b: ("get", "/fiscalizacao/fila/", {200}, None),
    "fiscalizacao/taxi/regulamento/": lambda b: (
        "post",
        "/fiscalizacao/taxi/regulamento/",
        {404},
        {
            "__form__": {
                "close": _e(b, "enf_taxi_item"),
                "valid_until": TODAY,
                "reference": "Decreto invasor",
            }
        },
        "admin",
    ),
    "fiscalizacao/suspensoes/<int:escalation_id>/aplicar/": lambda b: (
        "post",
        f"/fiscalizacao/suspensoes/{_e(b, 'enf_escalation')}/aplicar/",
        {404},
        {"__form__": {"start": TODAY}},
    ),
    "fiscalizacao/permissoes/<int:permit_id>/reativar/": lambda b: (
        "post",
        f"/fiscalizacao/permissoes/{_e(b, 'enf_permit')}/reativar/",
        {404},
        {"__form__": {"proof": "x"}},
        "atendente",
    ),
    "fiscalizacao/permissoes/<int:permit_id>/cassacao/": lambda b: (
        "post",
        f"/fiscalizacao/permissoes/{_e(b, 'enf_permit')}/cassacao/",
        {404},
        {"__form__": {"ctb_points": "20", "on": TODAY}},
        "autoridade",
    ),
    "fiscalizacao/permissoes/<int:permit_id>/suspensao/": lambda b: (
        "post",
        f"/fiscalizacao/permissoes/{_e(b, 'enf_permit')}/suspensao/",
        {404},
        {"__form__": {"days": "10", "start": TODAY, "reason": "x"}},
        "autoridade",
    ),
    "fiscalizacao/edital/": lambda b: (
        "post",
        "/fiscalizacao/edital/",
        {302},
        {"__form__": {"n": str(_e(b, "enf_notice")), "published_on": TODAY, "edition": "1"}},
        "atendente",
    ),
    "fiscalizacao/edital/lote.<str:fmt>": lambda b: (
        "get",
        f"/fiscalizacao/edital/lote.csv?n={_e(b, 'enf_notice')}",
        {200},
        None,
    ),
    "fiscalizacao/apreensoes/<int:seizure_id>/": lambda b: (
        "get",
        f"/fiscalizacao/apreensoes/{_e(b, 'enf_seizure')}/",
        {404},
        None,
    ),
    "fiscalizacao/apreensoes/<int:seizure_id>/<str:action>/": lambda b: (
        "post",
        f"/fiscalizacao/apreensoes/{_e(b, 'enf_seizure')}/liberar/",
        {404},
        None,
        "atendente",
    ),
    "portal/infracoes/": lambda b: (
        "get",
        "/portal/infracoes/",
        {200, 403},
        None,
        "permissionario",
    ),
    "portal/processos/<int:case_id>/": lambda b: (
        "post",
        f"/portal/processos/{_e(b, 'enf_case')}/",
        {403, 404},
        {"__form__": {"text": "x"}},
        "permissionario",
    ),
    "portal/notificacoes/<int:notice_id>/notificacao.pdf": lambda b: (
        "get",
        f"/portal/notificacoes/{_e(b, 'enf_notice')}/notificacao.pdf",
        {403, 404},
        None,
        "permissionario",
    ),
    # API
    "api/v1/enforcement/infraction-types": lambda b: (
        "get",
        f"{API}/infraction-types",
        {200},
        None,
    ),
    "api/v1/enforcement/autos": lambda b: (
        "post",
        f"{API}/autos",
        {404},
        {
            "code": "art38-II",
            "committed_at": "2026-06-01T10:00:00-03:00",
            "place": "x",
            "description": "x",
            "agent_registration": "F",
            "permit_id": _e(b, "enf_permit"),
        },
        "fiscal",
    ),
    "api/v1/enforcement/autos/<auto_id>/cancel": lambda b: (
        "post",
        f"{API}/autos/{_e(b, 'enf_auto')}/cancel",
        {404},
        {"reason": "x"},
    ),
    "api/v1/enforcement/cases/<case_id>": lambda b: (
        "get",
        f"{API}/cases/{_e(b, 'enf_case')}",
        {404},
        None,
    ),
    "api/v1/enforcement/notices/<notice_id>/deliver": lambda b: (
        "post",
        f"{API}/notices/{_e(b, 'enf_notice')}/deliver",
        {404},
        {"form": "pessoal", "on": TODAY},
        "atendente",
    ),
    "api/v1/enforcement/notices/edital": lambda b: (
        "post",
        f"{API}/notices/edital",
        {200},
        {"notice_ids": [_e(b, "enf_notice")], "published_on": TODAY, "edition": "1"},
        "atendente",
    ),
    "api/v1/enforcement/cases/<case_id>/filings": lambda b: (
        "post",
        f"{API}/cases/{_e(b, 'enf_case')}/filings",
        {404},
        {"text": "x"},
        "atendente",
    ),
    "api/v1/enforcement/filings/<filing_id>/judge": lambda b: (
        "post",
        f"{API}/filings/{_e(b, 'enf_filing')}/judge",
        {404},
        {"upheld": True, "reasoning": "x"},
    ),
    "api/v1/enforcement/cases/<case_id>/decide": lambda b: (
        "post",
        f"{API}/cases/{_e(b, 'enf_proposal')}/decide",
        {404},
        {"accept": True, "reasoning": "x"},
        "chefe_executivo",
    ),
    "api/v1/enforcement/queue": lambda b: ("get", f"{API}/queue", {200}, None),
    "api/v1/enforcement/escalations/<escalation_id>/impose": lambda b: (
        "post",
        f"{API}/escalations/{_e(b, 'enf_escalation')}/impose",
        {404},
        {"start": TODAY},
    ),
    "api/v1/enforcement/permits/<permit_id>/cassacao-proposal": lambda b: (
        "post",
        f"{API}/permits/{_e(b, 'enf_permit')}/cassacao-proposal",
        {404},
        {"causes": {"ctb_points": 20}},
    ),
    "api/v1/enforcement/permits/<permit_id>/taxi-suspension": lambda b: (
        "post",
        f"{API}/permits/{_e(b, 'enf_permit')}/taxi-suspension",
        {404},
        {"auto_id": 1, "days": 10, "start": TODAY, "reason": "x"},
    ),
    "api/v1/enforcement/permits/<permit_id>/taxi-register-suspension": lambda b: (
        "post",
        f"{API}/permits/{_e(b, 'enf_permit')}/taxi-register-suspension",
        {404},
        {"auto_id": 1, "days": 10, "start": TODAY, "reason": "x"},
    ),
    "api/v1/enforcement/seizures": lambda b: (
        "post",
        f"{API}/seizures",
        {404},
        {
            "auto_id": _e(b, "enf_auto"),
            "depot": "x",
            "entered_on": TODAY,
            "removal_cents": 1,
            "storage_daily_cents": 1,
        },
        "fiscal",
    ),
    "api/v1/enforcement/seizures/<seizure_id>/storage": lambda b: (
        "post",
        f"{API}/seizures/{_e(b, 'enf_seizure')}/storage",
        {404},
        {"on": TODAY},
        "atendente",
    ),
    "api/v1/enforcement/seizures/<seizure_id>/release": lambda b: (
        "post",
        f"{API}/seizures/{_e(b, 'enf_seizure')}/release",
        {404},
        {"on": TODAY},
        "atendente",
    ),
    "api/v1/enforcement/me/cases": lambda b: (
        "get",
        f"{API}/me/cases",
        {200},
        None,
        "permissionario",
    ),
    "api/v1/enforcement/me/cases/<case_id>/filings": lambda b: (
        "post",
        f"{API}/me/cases/{_e(b, 'enf_case')}/filings",
        {404},
        {"text": "x"},
        "permissionario",
    ),
}

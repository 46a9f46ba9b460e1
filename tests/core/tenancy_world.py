"""The objects of one municipality that the routes of the tenancy matrix point at
(tests/core/test_tenancy_routes.py). ``build_world`` makes each object once — one holder, one
mototaxi permit, one platform, one driver… — and every app's part below adds only what is its own;
each object's pk (or the value a route needs) is kept under a key of ``World.ids`` that
tests/core/tenancy_table.py maps route parameters to. Strings with the marker make B's data
recognisable in A's pages."""

from __future__ import annotations

import datetime as dt
import io
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.files.base import ContentFile
from django.utils import timezone
from PIL import Image
from public_factories import badge_without_law, token_for
from validate_docbr import CNPJ, CPF

from outorga.core.acts import Actor, record_act
from outorga.core.models import (
    ApiToken,
    CalendarDay,
    FiscalUnitValue,
    Municipality,
    OutboundEmail,
    OutboundEmailAttempt,
    ParameterOverride,
    PopulationFigure,
    User,
)
from outorga.core.tenancy import tenant
from outorga.core.tokens import new_secret
from outorga.enforcement.models import (
    Case,
    Escalation,
    Filing,
    InfractionNotice,
    Notice,
    Seizure,
    TaxiInfractionItem,
)
from outorga.finance.models import Debt
from outorga.finance.models_payments import FinanceSettings, Payment, PaymentImport, Refund
from outorga.inspections.models import CompanyToken, Inspection, InspectionCompany, InspectionItem
from outorga.law import parameter_input, questions
from outorga.law.competence import Role
from outorga.platforms.models import (
    Complaint,
    FareTable,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformAttachment,
    PlatformCase,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
    PlatformUser,
)
from outorga.platforms.tokens import api_token_issue
from outorga.registry.models import (
    Auxiliary,
    Document,
    DocumentSubmission,
    ExtinctionCase,
    HolderRequest,
    Notification,
    Permit,
    PermitTerm,
    Person,
    RegistrationRequest,
    Stand,
    Tender,
    TenderApplicant,
    Vehicle,
    VehicleChange,
)
from outorga.tripdata.models import (
    DriverMonth,
    IssqnLine,
    IssqnStatement,
    PlatformMonth,
    TripUpload,
    ValidationCount,
)

D = dt.date(2026, 3, 10)
MOTO = "ipatinga.mototaxi-2013"
TRIP_MONTH = dt.date(2026, 9, 1)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 32
UserOf = Callable[..., Any]


@dataclass
class World:
    """Objects of one municipality that routes can point at."""

    m: Municipality
    marker: str  # a string only this municipality's pages contain
    token_secret: str  # the municipality's platform API token
    ids: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.ids[key]

    @property
    def today(self) -> str:
        """Today on every Brazilian municipality's clock: the earliest of their dates (at 23:30
        in Barra do Garças it is already tomorrow in Ipatinga, and a payment dated tomorrow is
        refused)."""
        from zoneinfo import ZoneInfo

        from django.utils import timezone

        from outorga.core.localtime import TIMEZONE_BY_UF

        zones = set(TIMEZONE_BY_UF.values())
        return min(timezone.localdate(timezone=ZoneInfo(z)) for z in zones).isoformat()


def png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (30, 40), (20, 90, 160)).save(buf, "PNG")
    return buf.getvalue()


def build_world(m: Municipality, user_of: UserOf) -> World:
    marker = f"MARCA-{m.slug.upper()}"
    with tenant(m):
        world = _core(m, user_of, marker)
        for part in (_registry, _taxi, _enforcement, _finance, _platforms, _inspections, _tripdata):
            world.ids.update(part(world, user_of))
        world.ids.update(_public(world, user_of))
    world.ids["qid"] = next(q.id for q in questions.registry().values() if q.law in m.laws)
    return world


def _core(m: Municipality, user_of: UserOf, marker: str) -> World:
    act = record_act(
        municipality=m,
        actor=Actor.system(),
        action="test.marker",
        object_type="teste",
        object_id=marker,
    )
    platform, _ = Platform.objects.get_or_create(
        cnpj=f"9{m.ibge_code}0001", defaults={"name": f"Plataforma {marker}"}
    )
    authority = user_of(m.slug, Role.AUTORIDADE)
    # Tokens are a platform credential (apps law); made directly where that law doesn't apply.
    if "barra-do-garcas.apps-2025" in m.laws:
        token, secret = api_token_issue(
            actor=Actor.of(authority), municipality=m, platform=platform, name="t"
        )
    else:
        from outorga.core.services import TOKEN_PREFIX

        secret = f"{TOKEN_PREFIX}_{m.ibge_code[:8]}_segredo-de-teste-{m.slug}"
        token = ApiToken.objects.create(
            platform=platform,
            name="t",
            prefix=m.ibge_code[:8],
            digest=ApiToken.digest_of(secret),
            created_by=authority,
        )
    # The municipality's dated data: A's administrator never sees B's values.
    unit = parameter_input.fiscal_units_for(m.laws)[0]
    PopulationFigure.objects.get_or_create(
        reference_year=2024,
        effective=dt.date(2024, 12, 1),
        defaults={"value": 123_456, "source": f"IBGE {marker}"},
    )
    FiscalUnitValue.objects.get_or_create(
        name=unit,
        valid_from=dt.date(2024, 12, 1),
        defaults={"value": "7.7777", "legal_reference": f"Decreto {marker}"},
    )
    CalendarDay.objects.get_or_create(
        date=dt.date(2027, 3, 10),
        defaults={
            "kind": CalendarDay.Kind.HOLIDAY,
            "description": f"Feriado {marker}",
            "legal_reference": f"Lei {marker}",
        },
    )
    ParameterOverride.objects.get_or_create(
        name="payment.fine_due_days",
        effective=dt.date(2027, 1, 1),
        defaults={"value": 40, "legal_reference": f"Decreto {marker}"},
    )
    # A message that failed: A's desk never sees it nor sends it again.
    email = OutboundEmail.objects.create(
        to=f"falhou-{m.slug}@exemplo.invalid",
        subject=f"Aviso {marker}",
        body=f"Texto {marker}",
        status=OutboundEmail.Status.FAILED,
        attempts=1,
        last_error=f"554 {marker}",
    )
    OutboundEmailAttempt.objects.create(
        email=email, number=1, at=timezone.now(), ok=False, error=f"554 {marker}"
    )
    ids = {
        "act": act.pk,
        "platform": platform.pk,
        "token": token.pk,
        "fiscal_unit": unit,
        "email": email.pk,
    }
    return World(m, marker, secret, ids)


def _registry(w: World, user_of: UserOf) -> dict[str, Any]:
    """The holder, the vehicle and the mototaxi permit every app's objects hang on."""
    m, marker = w.m, w.marker
    person = Person.objects.create(
        document=CPF().generate(),
        name=f"Titular {marker}",
        birth_date=dt.date(1990, 1, 1),
        blood_type="O+",
        city=m.name,
    )
    vehicle = Vehicle.objects.create(
        plate=f"TNC{m.pk % 10}A{m.pk % 100:02d}",
        renavam="47467594950",
        kind="motocicleta",
        make_model=f"Moto {marker}",
        manufacture_year=2022,
        engine_cc=150,
        colour="vermelha",
        registration_uf="MG",
        owner=person,
    )
    permit = Permit.objects.create(
        service="mototaxi",
        holder=person,
        number=f"T-{m.pk}",
        registration_number=900 + m.pk,
        granted_on=D,
        term_start=D,
        term_end=D.replace(year=2036),
        vehicle=vehicle,
    )
    # A photo, so that reaching B's photo would answer 200, not the 404 of a person without one.
    person.photo.save(f"tenancy-{m.pk}.png", ContentFile(png()), save=True)
    doc = Document.objects.create(doc_type="rg", person=person, issued_on=D, number=f"RG {marker}")
    aux = Auxiliary.objects.create(permit=permit, person=person, added_on=D)
    notification = Notification.objects.create(
        person=person,
        permit=permit,
        kind=Notification.Kind.OTHER,
        message=f"Aviso {marker}",
        key=f"teste:{marker}",
    )
    # A document B's holder sent from the portal, waiting for B's clerk.
    submission = DocumentSubmission(
        person=person,
        service="mototaxi",
        doc_type="rg",
        number=f"RG {marker}",
        issued_on=D,
        content_type="image/png",
        sha256=f"{m.pk:064d}",
        submitted_at=timezone.now(),
    )
    submission.file.save(f"tenancy-envio-{m.pk}.png", ContentFile(png()), save=True)
    # A request B's holder filed from the portal (an auxiliary's credential), waiting for B's clerk.
    holder_request = HolderRequest.objects.create(
        permit=permit,
        person=person,
        kind=HolderRequest.Kind.AUXILIARY,
        auxiliary_document=CPF().generate(),
        auxiliary_name=f"Auxiliar {marker}",
        filed_at=timezone.now(),
    )
    # A company B's holder entered from the portal as its responsible person, the link confirmed
    # by B's desk (taxi art. 3, 23).
    legal_person = Person.objects.create(
        kind=Person.Kind.LEGAL,
        document=CNPJ().generate(),
        name=f"Empresa {marker}",
        representative=person,
        representative_confirmed_on=D,
    )
    # B's holder asked to update the registration (mototaxi art. 4 §2), waiting for B's clerk.
    registration_request = RegistrationRequest.objects.create(
        person=person,
        kind="update",
        changes={"phone": "31 9999-0000"},
        text=marker,
        requested_on=D,
    )
    return {
        "holder_request": holder_request.pk,
        "registration_request": registration_request.pk,
        "person": person.pk,
        "submission": submission.pk,
        "person_document": person.document,
        "legal_person": legal_person.pk,
        "legal_person_document": legal_person.document,
        "vehicle": vehicle.pk,
        "plate": vehicle.plate,
        "permit": permit.pk,
        "permit_number": permit.number,
        "document": doc.pk,
        "auxiliary": aux.pk,
        "notification": notification.pk,
    }


def _taxi(w: World, user_of: UserOf) -> dict[str, Any]:
    """A taxi permit of the same holder (its termo, a vehicle change, an extinction case), a
    tender and a stand."""
    m, marker = w.m, w.marker
    person = Person.objects.get(pk=w["person"])

    def car(letter: str) -> Vehicle:
        return Vehicle.objects.create(
            plate=f"TX{letter}{m.pk % 10}B{m.pk % 100:02d}",
            renavam="47467594950",
            kind="automovel",
            make_model=f"Sedan {marker}",
            manufacture_year=2025,
            colour="prata",
            doors=5,
            seats=5,
            registration_uf="MG",
            owner=person,
        )

    vehicle, spare = car("A"), car("R")
    permit = Permit.objects.create(
        service="taxi",
        taxi_category="convencional",
        holder=person,
        number=f"TX-T{m.pk}",
        registration_number=700 + m.pk,
        granted_on=D,
        term_start=D,
        term_end=D.replace(year=2036),
        vehicle=spare,
    )
    PermitTerm.objects.create(
        permit=permit,
        option="I",
        mode="pagamento",
        instalments=18,
        total_cents=300000,
        signed_on=D,
        term_years=10,
        term_ends_on=permit.term_end,
        valid_until=D.replace(year=2027),
    )
    change = VehicleChange.objects.create(
        permit=permit,
        kind="reserva",
        from_vehicle=vehicle,
        to_vehicle=spare,
        cause=f"roubo {marker}",
        started_on=D,
        until=D + dt.timedelta(days=30),
        status="active",
    )
    tender = Tender.objects.create(service="taxi", number=f"LIC {marker}", places=1, opened_on=D)
    applicant = TenderApplicant.objects.create(tender=tender, person=person)
    case = ExtinctionCase.objects.create(
        permit=permit,
        number=500 + m.pk,
        cause="abandono",
        inciso="V",
        facts=f"abandono {marker}",
        opened_on=D,
        notified_on=D,
        defence_deadline=D + dt.timedelta(days=10),
    )
    stand = Stand.objects.create(
        service="taxi",
        name=f"Ponto {marker}",
        place=f"Praça {marker}",
        taxi_category="convencional",
        capacity=4,
        act_reference="Decreto 1/2026",
    )
    return {
        "taxi_vehicle": vehicle.pk,
        "taxi_permit": permit.pk,
        "vehicle_change": change.pk,
        "tender": tender.pk,
        "tender_applicant": applicant.pk,
        "extinction_case": case.pk,
        "stand": stand.pk,
    }


def _enforcement(w: World, user_of: UserOf) -> dict[str, Any]:
    """An auto with its case, notice, filing and seizure; a revocation proposal; an escalation;
    a taxi regulation item."""
    m, marker = w.m, w.marker
    permit = Permit.objects.select_related("holder", "vehicle").get(pk=w["permit"])
    fiscal = user_of(m.slug, Role.FISCAL)
    holder = user_of(m.slug, Role.PERMISSIONARIO)
    today = timezone.localdate()
    tag = secrets.token_hex(3)
    auto = InfractionNotice.objects.create(
        number=f"AI-{marker}-{tag}"[:20],
        law=MOTO,
        # An inciso that seizes the vehicle (art. 38, I and §2), as the seizure below says: the
        # release asks the law with the auto's code.
        infraction_code="art38-I",
        infraction_description=f"Infração {marker}",
        severity="leve",
        provision="art. 38, I",
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
    # A case of B's holder's company, its defence's period running (ADR 0047).
    company_case = Case.objects.create(
        number=f"PE-{tag}",
        law=MOTO,
        person_id=w["legal_person"],
        stage=Case.Stage.DEFENCE,
        waiting=Case.Waiting.DEADLINE,
        deadline=today,
    )
    # The notice delivered that started the period, as ``notice_deliver`` leaves it.
    company_notice = Notice.objects.create(
        case=company_case,
        purpose=Notice.Purpose.AUTO,
        form=Notice.Form.PESSOAL,
        notified_on=today,
        deadline=today,
    )
    escalation = Escalation.objects.create(
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
        "taxi_item": item.pk,
        "auto": auto.pk,
        "case": case.pk,
        "notice": notice.pk,
        "company_case": company_case.pk,
        "company_notice": company_notice.pk,
        "filing": filing.pk,
        "proposal": proposal.pk,
        "escalation": escalation.pk,
        "seizure": seizure.pk,
    }


def _finance(w: World, user_of: UserOf) -> dict[str, Any]:
    """The holder's open and paid debts, an import with an unknown payment, an overpayment and
    its refund, the PIX settings."""
    m, marker = w.m, w.marker
    person = Person.objects.get(pk=w["person"])
    n = Debt.objects.count() + 1
    debt = Debt.objects.create(
        person=person,
        origin=Debt.Origin.FINE,
        description=f"Multa {marker}",
        amount_cents=10000,
        due_on=D,
        reference=f"{m.ibge_code}-T{n:07d}",
    )
    paid = Debt.objects.create(
        person=person,
        origin=Debt.Origin.FEE,
        description=f"Taxa {marker}",
        amount_cents=5000,
        due_on=D,
        status=Debt.Status.PAID,
        reference=f"{m.ibge_code}-T{n + 1:07d}",
    )
    # A debt of the company B's holder is the confirmed representative of (ADR 0047).
    company_debt = Debt.objects.create(
        person_id=w["legal_person"],
        origin=Debt.Origin.FEE,
        description=f"Taxa da empresa {marker}",
        amount_cents=7000,
        due_on=D,
        reference=f"{m.ibge_code}-T{n + 2:07d}",
    )
    batch = PaymentImport.objects.create(
        file_name=f"extrato {marker}.csv", file_sha256="0" * 64, report=[{"linha": 2}]
    )
    unknown = Payment.objects.create(
        reference=f"REF{marker}",
        amount_cents=100,
        paid_on=D,
        method=Payment.Method.PIX,
        source=Payment.Source.IMPORT,
        batch=batch,
        status=Payment.Status.UNKNOWN,
        note=marker,
    )
    over = Payment.objects.create(
        debt=paid,
        reference=paid.reference,
        amount_cents=6000,
        excess_cents=1000,
        paid_on=D,
        method=Payment.Method.PIX,
        source=Payment.Source.MANUAL,
        status=Payment.Status.OVER,
        note=marker,
    )
    refund = Refund.objects.create(
        debt=paid, kind=Refund.Kind.EXCESS, amount_cents=500, note=marker, decided_on=D
    )
    if not FinanceSettings.objects.exists():
        FinanceSettings.objects.create(
            pix_key="12345678909", merchant_name="Prefeitura", merchant_city="Cidade"
        )
    return {
        "debt": debt.pk,
        "debt_ref": debt.reference,
        "company_debt": company_debt.pk,
        "import": batch.pk,
        "payment_unknown": unknown.pk,
        "payment_over": over.pk,
        "refund": refund.pk,
    }


def _platforms(w: World, user_of: UserOf) -> dict[str, Any]:
    """On the municipality's platform: a driver, a fare table, a report, a complaint, a case, a
    penalty under appeal, an infraction candidate."""
    marker = w.marker
    p = Platform.objects.get(pk=w["platform"])
    driver = PlatformDriver.objects.create(
        platform=p,
        cpf="52998224725",
        name=f"Motorista {marker}",
        cnh_number="02650306461",
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
    # Filed on the public form: its protocol and tracking code open /reclamacao/acompanhar/.
    _, tracking_code = new_secret("rec")
    complaint = Complaint.objects.create(
        platform=p,
        protocol=f"T{w.m.pk}-{Complaint.objects.count()}-{dt.datetime.now(dt.UTC).timestamp()}"[
            :20
        ],
        source="public",
        description=f"Reclamação {marker}",
        filed_on=dt.date(2026, 1, 5),
        deadline=dt.date(2026, 1, 12),
        secret_digest=Complaint.digest_of(tracking_code),
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
        imposed_by=user_of(w.m.slug, Role.AUTORIDADE),
    )
    PlatformPenaltyAppeal.objects.create(
        penalty=penalty,
        channel="api",
        text=f"Recurso {marker}",
        filed_on=dt.date(2026, 1, 3),
        filed_by_name="token:teste",
        judge_until=dt.date(2026, 2, 2),
    )
    # A staff member of B's platform on the portal, invited by B's authority.
    staff_user = User.objects.create(
        username=f"{marker.lower()}-equipe@exemplo.invalid",
        email=f"equipe-{marker.lower()}@exemplo.invalid",
        first_name=f"Equipe {marker}",
        municipality=w.m,
        role=Role.PLATAFORMA,
    )
    staff_link = PlatformUser.objects.create(platform=p, user=staff_user)
    # The demo's portal login administers its platform's staff (ADR 0043): the portal's staff
    # routes then reach their object lookup.
    PlatformUser.objects.filter(user=user_of(w.m.slug, Role.PLATAFORMA)).update(is_admin=True)
    # A file joined to the platform's defence.
    attachment = PlatformAttachment(
        platform=p,
        filing="defence",
        case=case,
        name=f"defesa-{marker}.png",
        content_type="image/png",
        sha256="0" * 64,
        size=len(png()),
        uploaded_by_name="token:teste",
    )
    attachment.file.save(f"tenancy-anexo-{w.m.pk}.png", ContentFile(png()), save=False)
    attachment.save()
    InfractionCandidate.objects.get_or_create(
        platform=p,
        kind="concurrent_peak",
        key="2026-01",
        defaults={"detected_on": dt.date(2026, 2, 1), "summary": f"Pico {marker}"},
    )
    return {
        "driver": driver.pk,
        "report": report.pk,
        "complaint": complaint.pk,
        "complaint_protocol": complaint.protocol,
        "complaint_code": tracking_code,
        "platform_case": case.pk,
        "penalty": penalty.pk,
        "platform_user": staff_link.pk,
        "platform_attachment": attachment.pk,
    }


def _inspections(w: World, user_of: UserOf) -> dict[str, Any]:
    """An accredited company with its token, and its failed inspection of the mototaxi with a
    photographed item."""
    m, marker = w.m, w.marker
    n = 7 if m.slug == "ipatinga" else 8
    permit = Permit.objects.select_related("vehicle").get(pk=w["permit"])
    company = InspectionCompany.objects.create(
        name=f"ITL {marker}", cnpj=f"1122233300018{n}", inmetro_accreditation="OIA-0001"
    )
    token = CompanyToken.objects.create(
        company=company,
        name=f"t {marker}",
        prefix=f"tn{n:06d}",
        digest=CompanyToken.digest_of(f"segredo-{m.slug}"),
        created_by=user_of(m.slug, Role.AUTORIDADE),
    )
    inspection = Inspection.objects.create(
        permit=permit,
        vehicle=permit.vehicle,
        plate=permit.vehicle.plate,
        law=MOTO,
        service="mototaxi",
        checklist="mototaxi",
        checklist_version=dt.date(2013, 8, 27),
        kind=Inspection.Kind.SEMESTRAL,
        inspected_on=dt.date(2026, 3, 1),
        status=Inspection.Status.AWAITING,
        result=Inspection.Result.FAILED,
        company=company,
        summary=f"Inspeção {marker}",
        decision={"citations": []},
    )
    # A final inspection of a permit of B's holder's company (ADR 0047: shown on the portal of
    # its confirmed representative, in B only).
    company_permit = Permit.objects.create(
        service="taxi",
        taxi_category="convencional",
        holder_id=w["legal_person"],
        number=f"TE-{m.pk}",
        registration_number=950 + m.pk,
        granted_on=D,
        term_start=D,
        term_end=D.replace(year=2036),
    )
    Inspection.objects.create(
        permit=company_permit,
        plate=f"TEM{m.pk % 10}A{m.pk % 100:02d}",
        law="ipatinga.taxi-2017",
        service="taxi",
        checklist="taxi_convencional",
        checklist_version=dt.date(2017, 1, 1),
        kind=Inspection.Kind.RENOVACAO,
        inspected_on=dt.date(2026, 3, 2),
        status=Inspection.Status.FINAL,
        result=Inspection.Result.APPROVED,
        summary=f"Vistoria da empresa {marker}",
        decision={"citations": []},
    )
    item = InspectionItem(
        inspection=inspection,
        position=0,
        code="conservacao",
        label=f"Conservação {marker}",
        citation="art. 2, XI",
        result="not_ok",
        photo_type="image/jpeg",
    )
    item.photo.save(f"tenancy-{m.slug}.jpg", ContentFile(JPEG), save=False)
    item.save()
    return {
        "inspection": inspection.pk,
        "inspection_item": item.pk,
        "company": company.pk,
        "company_token": token.pk,
    }


def _tripdata(w: World, user_of: UserOf) -> dict[str, Any]:
    """A processed trips upload of the platform's month, its driver month and ISSQN statement."""
    marker = w.marker
    platform = Platform.objects.get(pk=w["platform"])
    upload = TripUpload.objects.create(
        platform=platform,
        month=TRIP_MONTH,
        kind=TripUpload.Kind.TRIPS,
        schema=TripUpload.Schema.NATIVE,
        file_format=TripUpload.Format.CSV,
        file="tripdata/inexistente.csv",
        original_name=f"corridas-{marker}.csv",
        size=1,
        sha256="0" * 64,
        submitted_by=f"token:{marker}",
        status=TripUpload.Status.DONE,
        progress=100,
        rows=1,
    )
    ValidationCount.objects.create(
        upload=upload, kind="unknown_driver", label=marker, count=1, samples=[{"m": marker}]
    )
    DriverMonth.objects.create(
        upload=upload,
        platform=platform,
        month=TRIP_MONTH,
        driver_cpf="52998224725",
        on_roster=True,
        trips=1,
        gross_cents=1000,
        retention_cents=250,
        distance_m=1,
        duration_s=1,
    )
    PlatformMonth.objects.create(
        platform=platform, month=TRIP_MONTH, trips_upload=upload, trips=1, peak=1, drivers=1
    )
    statement = IssqnStatement.objects.create(
        platform=platform,
        month=TRIP_MONTH,
        source_upload=upload,
        base_source="corridas",
        intermediation_base_cents=250,
        decision={"summary": marker},
    )
    IssqnLine.objects.create(
        statement=statement,
        taxpayer_kind=IssqnLine.Taxpayer.PLATFORM,
        taxpayer=marker,
        regime="geral",
        gross_cents=250,
        base_cents=250,
    )
    return {"upload": upload.pk, "year": TRIP_MONTH.year, "month": TRIP_MONTH.month}


def _public(w: World, user_of: UserOf) -> dict[str, Any]:
    """A badge of the mototaxi permit, and a token naming the *other* municipality, signed with
    its valid key, that carries this badge's serial. Public pages are public by design: their
    cases point at the other municipality's pages with this one's identifiers."""
    m = w.m
    permit = Permit.objects.get(pk=w["permit"])
    clerk = Actor.of(user_of(m.slug, Role.ATENDENTE))
    badge = badge_without_law(m, permit, clerk)
    other = Municipality.objects.exclude(pk=m.pk).order_by("pk").first()
    assert other is not None
    with tenant(other):
        foreign = token_for(other, badge.serial, Actor.of(user_of(other.slug, Role.ATENDENTE)))
    return {
        "badge": badge.pk,
        "foreign_token": foreign,
        "other_slug": other.slug,
        "ibge": m.ibge_code,
    }

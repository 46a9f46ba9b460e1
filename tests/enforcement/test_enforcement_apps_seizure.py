"""Barra do Garças apps law, art. 26, III: the inspector seizes the vehicle used in the irregular
service — a driver and car found by plate or CPF, registered on a platform or not — with an auto
that cites art. 26, III, through the same seizure machinery as taxi art. 16 and mototaxi art. 35;
the release waits for the charges the regulation names (art. 27, example values)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from enforcement_factories import appealed, at, case_of, client_of, pay, refused_acts
from platforms_factories import make_platform, new_cpf
from registry_factories import person

from outorga.core.acts import Actor
from outorga.core.errors import FieldRefused, Refused
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, InfractionNotice, Seizure
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.seizures import (
    seizure_bill_storage,
    seizure_create,
    seizure_release,
)
from outorga.law.competence import Role
from outorga.platforms.models import PlatformDriver

LAW = "barra-do-garcas.apps-2025"
D = dt.date(2026, 4, 6)  # a Monday
PLATE = "APP1B23"


@pytest.fixture
def barra(barra_m, user_of):  # type: ignore[no-untyped-def]
    def a(role: Role) -> Actor:
        return Actor.of(user_of(barra_m.slug, role), "198.51.100.9")

    return SimpleNamespace(
        m=barra_m,
        fiscal=a(Role.FISCAL),
        clerk=a(Role.ATENDENTE),
        finance=a(Role.FINANCAS),
        authority=a(Role.AUTORIDADE),
        mayor=a(Role.CHEFE_EXECUTIVO),
    )


def _auto(w, *, document="", **kw):
    return infraction_issue(
        actor=w.fiscal,
        municipality=w.m,
        code="prestacao_irregular",
        committed_at=at(D),
        place="Av. Ministro João Alberto, 500",
        description="Corrida paga por aplicativo; motorista não habilitado por plataforma credenciada.",
        agent_registration="F-7",
        plate=PLATE,
        law=LAW,
        offender_document=document,
        offender_signed=True,
        **kw,
    )


def _seize(w, auto):
    return seizure_create(
        actor=w.fiscal,
        municipality=w.m,
        person=None,
        plate=auto.plate,
        depot="Pátio Municipal",
        entered_on=D,
        removal_cents=12_000,
        storage_daily_cents=1_500,
        auto=auto,
    )


def test_art_26_iii_an_auto_against_a_driver_with_no_platform_found_by_cpf_seizes(barra):
    offender = person(barra.m, name="Motorista Clandestino")
    auto = _auto(barra, document=offender.document)
    assert auto.law == LAW and auto.permit is None and auto.seizure is True
    assert "art. 26, III" in auto.provision
    assert auto.committed_by == InfractionNotice.CommittedBy.UNLICENSED
    with tenant(barra.m):
        case = Case.objects.get(auto=auto)
        notice = case.notices.get()
    assert case.person == offender and case.law == LAW
    # The signature on the auto is the notice: the defence runs 10 days (D-17 default, D-4).
    assert notice.deadline == dt.date(2026, 4, 16)


def test_art_26_iii_no_warning_replaces_the_seizure(barra):
    """The law's ``warning`` refuses it (art. 26, III); the refusal names the field and is kept
    in the acts log, and no auto is written."""
    with pytest.raises(FieldRefused) as exc:
        _auto(barra, warning=True, warning_fixable=True, warning_harmless=True)
    assert exc.value.field == "advertência" and "não admite advertência" in exc.value.message
    assert "art. 26, III" in exc.value.citation
    [act] = refused_acts(barra, "infraction.issue")
    assert act.record["payload"]["new"]["code"] == "prestacao_irregular"
    with tenant(barra.m):
        assert not InfractionNotice.objects.exists()


def test_art_26_iii_seizure_charges_the_offender_no_fine_and_releases_once_paid(barra):
    offender = person(barra.m, name="Motorista Clandestino")
    s = _seize(barra, _auto(barra, document=offender.document))
    with tenant(barra.m):
        s = Seizure.objects.get(pk=s.pk)
        assert s.person == offender and s.law == LAW
        # No fine at the seizure: the fine of art. 26, II has its own process.
        assert s.fine_debt is None and s.removal_debt.amount_cents == 12_000
    on = D + dt.timedelta(days=1)
    with pytest.raises(Refused) as exc:
        seizure_release(actor=barra.clerk, municipality=barra.m, seizure=s, on=on)
    cites = str(exc.value.decision.to_json())
    assert "art. 26, III" in cites and "art. 27" in cites and "valor de exemplo" in cites
    pay(barra, s.removal_debt)
    storage = seizure_bill_storage(actor=barra.clerk, municipality=barra.m, seizure=s, through=on)
    assert storage is not None and storage.amount_cents == 2 * 1_500
    with pytest.raises(Refused):
        seizure_release(actor=barra.clerk, municipality=barra.m, seizure=s, on=on)
    pay(barra, storage)
    with tenant(barra.m):
        s = Seizure.objects.get(pk=s.pk)
    seizure_release(actor=barra.clerk, municipality=barra.m, seizure=s, on=on)
    with tenant(barra.m):
        assert Seizure.objects.get(pk=s.pk).status == Seizure.Status.RELEASED


def test_art_26_iii_the_inspector_finds_a_platform_driver_by_plate_and_is_offered_the_auto(
    barra, user_of
):
    p = make_platform(barra.m, "Plataforma Suspensa", status="suspended")
    with tenant(barra.m):
        PlatformDriver.objects.create(
            platform=p,
            cpf=new_cpf(),
            name="Motorista da Suspensa",
            cnh_number="1",
            cnh_category="B",
            vehicle_plate=PLATE,
            vehicle_kind="car",
            vehicle_manufacture_year=2022,
            status="enabled",
        )
    fiscal = client_of(user_of("barra-do-garcas", Role.FISCAL))
    page = fiscal.get("/fiscalizacao/", {"q": PLATE}).content.decode()
    assert "Motorista da Suspensa" in page and "Plataforma Suspensa" in page and "suspensa" in page
    assert "servico=aplicativo" in page and "art. 26, III" in page
    form = fiscal.get("/fiscalizacao/autos/novo/", {"servico": "aplicativo", "q": PLATE})
    html = form.content.decode()
    assert form.status_code == 200 and "art. 26, III" in html and f'value="{PLATE}"' in html
    assert "Advertência por escrito" not in html  # no warning replaces the seizure


def test_product_api_seizure_and_release_of_a_car_in_irregular_app_service(barra, user_of):
    """Through the API: the auto under the apps law (art. 26, III), the seizure, the storage, the
    payments, the release (art. 27, the regulation's example conditions)."""
    offender = person(barra.m, name="Motorista Clandestino")
    fiscal = client_of(user_of("barra-do-garcas", Role.FISCAL))
    clerk = client_of(user_of("barra-do-garcas", Role.ATENDENTE))
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {
            "code": "prestacao_irregular",
            "service": "aplicativo",
            "committed_at": "2026-04-06T10:00:00-04:00",
            "place": "Rodoviária",
            "description": "Corrida paga por aplicativo sem habilitação.",
            "agent_registration": "F-7",
            "plate": "app-1b23",
            "offender_document": offender.document,
            "offender_signed": True,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    auto_id = r.json()["auto"]["id"]
    r = fiscal.post(
        "/api/v1/enforcement/seizures",
        {
            "auto_id": auto_id,
            "depot": "Pátio Municipal",
            "entered_on": "2026-04-06",
            "removal_cents": 12_000,
            "storage_daily_cents": 1_500,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    seizure_id = r.json()["id"]
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/release",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 27" in r.content.decode()
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/storage",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["amount_cents"] == 3_000
    with tenant(barra.m):
        s = Seizure.objects.get(pk=seizure_id)
        debts = [s.removal_debt, *s.storage_debts.all()]
    for debt in debts:
        pay(barra, debt)
    r = clerk.post(
        f"/api/v1/enforcement/seizures/{seizure_id}/release",
        {"on": "2026-04-07"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["status"] == "released", r.content
    page = clerk.get(f"/fiscalizacao/apreensoes/{seizure_id}/")
    assert page.status_code == 200 and "Motorista Clandestino" in page.content.decode()
    with tenant(barra.m):
        case = Case.objects.get(auto_id=auto_id)
    page = fiscal.get(f"/fiscalizacao/processos/{case.pk}/")
    assert page.status_code == 200 and "art. 26, III" in page.content.decode()


def test_art_26_sole_the_defence_upheld_annuls_the_auto_releases_the_car_and_waives_its_charges(
    barra,
):
    from outorga.enforcement.models import Filing
    from outorga.enforcement.services.filings import filing_file, filing_judge
    from outorga.finance.models import Debt

    offender = person(barra.m, name="Motorista Habilitado")
    auto = _auto(barra, document=offender.document)
    s = _seize(barra, auto)
    with tenant(barra.m):
        case = Case.objects.get(auto=auto)
    # Defence on paper through the authority (art. 26, parágrafo único), on the last day.
    filing = filing_file(
        actor=barra.authority,
        municipality=barra.m,
        case=case,
        text="Estava habilitado na plataforma; segue o comprovante.",
        filed_on=dt.date(2026, 4, 16),
        channel=Filing.Channel.PAPER,
    )
    filing_judge(
        actor=barra.authority,
        municipality=barra.m,
        filing=filing,
        upheld=True,
        reasoning="Habilitação comprovada: não havia prestação irregular.",
        on=dt.date(2026, 4, 20),
    )
    with tenant(barra.m):
        s = Seizure.objects.get(pk=s.pk)
        assert Case.objects.get(pk=case.pk).stage == Case.Stage.ANNULLED
        assert s.status == Seizure.Status.RELEASED
        assert Debt.objects.get(pk=s.removal_debt_id).status == Debt.Status.CANCELLED


def test_art_26_sole_the_daily_sweep_judges_an_undefended_apps_auto_by_default(barra):
    from outorga.enforcement.services.finality import sweep

    offender = person(barra.m, name="Motorista Revel")
    auto = _auto(barra, document=offender.document)
    # The defence period (10 days from the signature, D-17) ends on 16/04: nothing before.
    assert sweep(barra.m, dt.date(2026, 4, 16))["revelia"] == []
    report = sweep(barra.m, dt.date(2026, 4, 17))
    with tenant(barra.m):
        case = Case.objects.get(auto=auto)
    assert report["revelia"] == [case.number]
    assert case.revelia is True and case.stage == Case.Stage.EXECUTIVE


def test_art_26_sole_d_17_lei_9784_art_56_1_the_appeal_goes_first_to_the_authority_that_decided(
    barra,
):
    """The law is silent on the appeal's procedure (art. 26, parágrafo único; D-17): the appeal
    against the dismissed defence goes first to the Autoridade, who may reconsider within five
    days (Lei 9.784/1999 art. 56 §1) — the Chief Executive may not judge it meanwhile; the
    Autoridade annuls its decision: the case falls, the car is released and its charges waived."""
    from outorga.enforcement.models import Filing
    from outorga.enforcement.services.filings import filing_judge
    from outorga.enforcement.services.reconsideration import appeal_reconsider
    from outorga.finance.models import Debt

    offender = person(barra.m, name="Motorista Recorrente")
    auto = _auto(barra, document=offender.document)
    s = _seize(barra, auto)
    # Filed on paper through the authority: Barra do Garças gives the desk no filing (D-3).
    desk = SimpleNamespace(m=barra.m, clerk=barra.authority, authority=barra.authority)
    appeal = appealed(desk, auto, defence_on=D, filed_on=dt.date(2026, 4, 9))
    assert appeal.reconsider_until == dt.date(2026, 4, 14)  # five days, D-4
    with pytest.raises(Refused, match=r"art\. 56, §1"):
        filing_judge(
            actor=barra.mayor,
            municipality=barra.m,
            filing=appeal,
            upheld=False,
            reasoning="Recurso sem fundamento.",
            on=dt.date(2026, 4, 10),
        )
    assert len(refused_acts(barra, "appeal.reconsider")) == 1
    appeal_reconsider(
        actor=barra.authority,
        municipality=barra.m,
        filing=appeal,
        result="annul",
        reasoning="Reexame: o motorista estava habilitado na plataforma.",
        on=dt.date(2026, 4, 14),
    )
    case = case_of(barra, auto)
    assert (
        case.stage == Case.Stage.ANNULLED and "Lei Federal 9.784/1999, art. 56, §1" in case.outcome
    )
    with tenant(barra.m):
        assert Filing.objects.get(pk=appeal.pk).result == Filing.Result.UPHELD
        s = Seizure.objects.get(pk=s.pk)
        assert s.status == Seizure.Status.RELEASED
        assert Debt.objects.get(pk=s.removal_debt_id).status == Debt.Status.CANCELLED

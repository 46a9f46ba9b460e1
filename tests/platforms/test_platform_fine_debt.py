"""Art. 26, II: a fine on a platform (up to 500 UPFBG, amount chosen and reasoned by the authority)
is a debt of the platform — its CNPJ — in the finance ledger, converted at the UPFBG in force on
the day it is imposed (decision D-5)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.test import Client
from platforms_factories import final_from_september, make_platform

from outorga.core.acts import Actor
from outorga.core.models import Act, FiscalUnitValue
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.platforms.models import PlatformPenalty
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalties import platform_penalty_impose
from outorga.platforms.tokens import api_token_issue
from outorga.registry.models import Person

pytestmark = pytest.mark.django_db

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


def impose(m, actor, platform, kind="fine", **over):
    args = {
        "actor": actor,
        "municipality": m,
        "platform": platform,
        "kind": kind,
        "infraction_on": dt.date(2026, 9, 1),
        "description": "Relatório mensal de agosto não entregue (segunda ocorrência).",
        "reasoning": "Reincidência em seis meses; multa de 120,5 UPFBG pela gravidade.",
        "defence_notice_on": dt.date(2026, 9, 2),
        "defence_judged": True,
        "on": dt.date(2026, 9, 20),
    }
    if kind == "fine":
        args["fine_upfbg"] = Decimal("120.5")
    args.update(over)
    return platform_penalty_impose(**args)


def warn(m, actor, platform):
    """The first occurrence's warning, notified on 20/08/2026 and so final from 01/09/2026 — the
    day of the fines' fact: an earlier occurrence of it (art. 26, I; ADR 0082)."""
    penalty, decision = impose(
        m,
        actor,
        platform,
        kind="warning",
        infraction_on=dt.date(2026, 8, 1),
        description="Relatório mensal de julho não entregue.",
        reasoning="Primeira ocorrência: advertência escrita (art. 26, I).",
        defence_notice_on=dt.date(2026, 8, 5),
        on=dt.date(2026, 8, 20),
    )
    return final_from_september(m, actor, penalty), decision


def test_art_26_ii_the_fine_becomes_a_debt_of_the_platform_cnpj(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    with tenant(barra_m):
        debt = Debt.objects.select_related("person").get(pk=penalty.debt_id)
    assert debt.person.document == platform.cnpj
    assert debt.person.kind == Person.Kind.LEGAL and debt.person.name == platform.name
    assert debt.origin == Debt.Origin.FINE and debt.status == Debt.Status.OPEN
    # Demo UPFBG = R$ 100,00 (example value): 120,5 × 100 = R$ 12.050,00.
    assert debt.amount_cents == penalty.amount_cents == 1_205_000
    # The municipality's payment term (example: 30 days), the calendar of D-4: a Tuesday.
    assert debt.due_on == dt.date(2026, 10, 20)
    assert debt.basis["due_date"]["question"] == "payment.fine_due_date"
    assert f"{LAW}, art. 26, II" in debt.basis["citations"]
    assert any("D-5" in c for c in debt.basis["citations"])
    assert debt.basis["platform_penalty"] == penalty.pk and debt.basis["fine_upfbg"] == "120.5"
    assert "120,5 UPFBG" in debt.description and platform.name in debt.description


def test_the_debt_and_the_penalty_are_recorded_as_acts(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    with tenant(barra_m):
        created = Act.objects.get(action="debt.create", object_id=str(penalty.debt_id))
        fine = Act.objects.get(action="penalty.fine", object_id=str(penalty.pk))
    assert created.actor_id == authority.user.pk
    assert fine.record["payload"]["new"]["debt"] == penalty.debt.reference


def test_d5_the_fine_is_converted_at_the_upfbg_of_the_day_it_is_imposed(
    barra_m, authority, platform
):
    """D-5: "converted to reais at the unit's value in force on the date the penalty is imposed"
    — a new UPFBG between the fact (01/09) and the fine (20/09) is the one used."""
    warn(barra_m, authority, platform)
    with tenant(barra_m):
        FiscalUnitValue.objects.create(
            name="UPFBG",
            value=Decimal("110.00"),
            valid_from=dt.date(2026, 9, 10),
            legal_reference="valor de teste",
            example=True,
        )
    penalty, _ = impose(barra_m, authority, platform)
    assert penalty.debt.amount_cents == 1_325_500  # 120,5 × R$ 110,00
    before, _ = impose(
        barra_m,
        authority,
        platform,
        infraction_on=dt.date(2026, 9, 2),
        fine_upfbg=Decimal("10"),
        on=dt.date(2026, 9, 9),
    )
    assert before.debt.amount_cents == 100_000  # 10 × R$ 100,00, the value until 09/09


def test_d_4_a_fine_falling_due_on_a_saturday_is_due_the_next_business_day(
    barra_m, authority, platform
):
    """The same term and calendar as every fine (finance ``fine_due_on``): imposed on 08/10/2026,
    30 days fall on Saturday 07/11; Monday 09/11 is the last day."""
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform, on=dt.date(2026, 10, 8))
    assert penalty.debt.due_on == dt.date(2026, 11, 9)
    assert "decisão D-4" in penalty.debt.basis["citations"]


def test_art_26_i_a_warning_creates_no_debt(barra_m, authority, platform):
    penalty, _ = warn(barra_m, authority, platform)
    assert penalty.debt is None
    with tenant(barra_m):
        assert not Debt.objects.filter(person__document=platform.cnpj).exists()


def test_a_refused_fine_leaves_no_debt_nor_debtor(barra_m, authority, platform):
    with pytest.raises(PlatformError):
        impose(barra_m, authority, platform)  # first occurrence: warning first (art. 26, I)
    with pytest.raises(PlatformError):
        warn(barra_m, authority, platform)
        impose(barra_m, authority, platform, fine_upfbg=Decimal("500.01"))
    with tenant(barra_m):
        assert not Debt.objects.filter(person__document=platform.cnpj).exists()
        assert not Person.objects.filter(document=platform.cnpj).exists()


def test_every_fine_of_the_platform_charges_the_same_debtor(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    first, _ = impose(barra_m, authority, platform)
    second, _ = impose(
        barra_m,
        authority,
        platform,
        infraction_on=dt.date(2026, 9, 5),
        defence_notice_on=dt.date(2026, 9, 8),
        fine_upfbg=Decimal("500"),
    )
    assert first.debt.person_id == second.debt.person_id
    assert first.debt.reference != second.debt.reference
    assert second.debt.amount_cents == 5_000_000  # the maximum: 500 UPFBG
    with tenant(barra_m):
        assert Person.objects.filter(document=platform.cnpj).count() == 1


def test_a_registry_entry_with_the_platform_cnpj_is_the_debtor(barra_m, authority, platform):
    with tenant(barra_m):
        person = Person.objects.create(
            kind=Person.Kind.LEGAL, document=platform.cnpj, name="Razão social registrada"
        )
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    assert penalty.debt.person_id == person.pk


def test_each_platform_owes_its_own_fines(barra_m, authority, platform):
    other = make_platform(barra_m, name="Outra Plataforma")
    warn(barra_m, authority, platform)
    warn(barra_m, authority, other)
    mine, _ = impose(barra_m, authority, platform)
    theirs, _ = impose(barra_m, authority, other)
    assert mine.debt.person.document == platform.cnpj
    assert theirs.debt.person.document == other.cnpj


def test_finance_sees_the_platform_fine_on_its_screens_and_api(
    barra_m, authority, platform, user_of
):
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    listing = client.get("/financas/debitos/?origem=fine").content.decode()
    assert penalty.debt.reference in listing and platform.name in listing
    detail = client.get(f"/financas/debitos/{penalty.debt_id}/").content.decode()
    assert "art. 26, II" in detail and "12.050,00" in detail
    api = client.get("/api/v1/finance/debts?q=" + penalty.debt.reference).json()["items"]
    row = next(d for d in api if d["reference"] == penalty.debt.reference)
    assert row["amount_cents"] == 1_205_000


def test_the_authority_sees_the_debt_beside_the_penalty(barra_m, authority, platform, user_of):
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    for page in ("/plataformas/penalidades/", f"/plataformas/{platform.pk}/"):
        html = client.get(page).content.decode()
        assert penalty.debt.reference in html, page
    assert "Reincidência em seis meses" in client.get("/plataformas/penalidades/").content.decode()


def test_the_platform_reads_its_fines_and_their_debts_through_the_api(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    penalty, _ = impose(barra_m, authority, platform)
    _, secret = api_token_issue(
        actor=authority, municipality=barra_m, platform=platform, name="teste"
    )
    r = Client().get("/api/v1/platform/penalties", headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 200
    rows = {row["kind"]: row for row in r.json()["items"]}
    assert rows["warning"]["debt"] is None
    fine = rows["fine"]
    assert Decimal(fine["fine_upfbg"]) == Decimal("120.5") and fine["amount_cents"] == 1_205_000
    assert fine["debt"] == {
        "reference": penalty.debt.reference,
        "amount_cents": 1_205_000,
        "due_on": penalty.debt.due_on.isoformat(),
        "status": "open",
    }
    assert f"{LAW}, art. 26, II" in fine["citacoes"]


def test_only_who_may_fine_creates_the_debt(barra_m, user_of, platform):
    from outorga.law.competence import NotCompetent

    finance = Actor.of(user_of("barra-do-garcas", Role.FINANCAS))
    with pytest.raises(NotCompetent):
        impose(barra_m, finance, platform)
    with tenant(barra_m):
        assert not PlatformPenalty.objects.filter(platform=platform).exists()

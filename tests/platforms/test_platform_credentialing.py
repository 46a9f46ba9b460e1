"""Credentialing (art. 3 §1, art. 19 §2, art. 11 III) and the proposal cases of art. 26 IV (D-3)."""

from __future__ import annotations

import datetime as dt

import platforms_factories as factories
import pytest
from platforms_factories import make_platform, new_cnpj, platform_actor

from outorga.core.localtime import today_of
from outorga.core.models import Act, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent
from outorga.platforms.models import Platform, PlatformCase, PlatformStatusChange
from outorga.platforms.services.cases import (
    platform_case_decide,
    platform_case_defend,
    platform_case_open,
    platform_reinstate_after_suspension,
)
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.credentialing import (
    PlatformData,
    _counted_platforms,
    platform_credential,
    platform_update_contacts,
)
from outorga.platforms.services.penalties import platform_penalty_impose

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


def data(**over):
    base = {
        "cnpj": new_cnpj(),
        "name": "Nova Plataforma",
        "cadastro_mobiliario": "CM-123",
        "complaint_channel": "0800 000 0000",
    }
    return PlatformData(**{**base, **over})


def fill_to(m, n):
    with tenant(m):
        have = _counted_platforms()
    for i in range(n - have):
        make_platform(m, f"Enchimento {i}")


def test_the_authority_credentials_a_platform_with_history_and_act(barra_m, authority):
    p, decision = platform_credential(actor=authority, municipality=barra_m, data=data())
    assert p.status == Platform.Status.CREDENTIALED
    with tenant(barra_m):
        history = list(PlatformStatusChange.objects.filter(platform=p))
        act = Act.objects.filter(action="platform.credential", object_id=str(p.pk)).get()
    assert [h.new_status for h in history] == ["credentialed"]
    assert any("art. 3, §1" in c for c in act.record["basis"]["citations"])


def test_art_3_par_1_the_11th_platform_is_refused(barra_m, authority):
    fill_to(barra_m, 10)
    with pytest.raises(PlatformError) as exc:
        platform_credential(actor=authority, municipality=barra_m, data=data())
    cites = exc.value.to_json()["citacoes"]
    assert f"{LAW}, art. 3, §1" in cites
    with tenant(barra_m):
        assert Act.objects.filter(action="platform.credential", outcome="refused").exists()


def test_art_3_par_1_the_10th_platform_is_accepted(barra_m, authority):
    fill_to(barra_m, 9)
    p, _ = platform_credential(actor=authority, municipality=barra_m, data=data())
    assert p.status == "credentialed"


def test_a_suspended_platform_keeps_its_place_a_cancelled_one_frees_it(barra_m, authority):
    fill_to(barra_m, 10)
    with tenant(barra_m):
        one = Platform.objects.filter(status="credentialed").first()
        one.status = "suspended"
        one.save()
    with pytest.raises(PlatformError):
        platform_credential(actor=authority, municipality=barra_m, data=data())
    with tenant(barra_m):
        one.status = "cancelled"
        one.save()
    assert platform_credential(actor=authority, municipality=barra_m, data=data())[0].pk


def test_d16_a_suspended_platform_cap_lets_the_11th_in_citing_the_suspension(barra_m, authority):
    fill_to(barra_m, 10)
    with tenant(barra_m):
        RuleSuspension.objects.create(
            rule="apps.art3.platform_cap",
            start=dt.date(2026, 3, 10),
            reference="TJMT, decisão liminar (exemplo)",
        )
    p, decision = platform_credential(actor=authority, municipality=barra_m, data=data())
    assert p.pk
    assert any("D-16" in c.render() for c in decision.citations)


@pytest.mark.parametrize(
    ("field", "article"),
    [("cadastro_mobiliario", "art. 19, §2"), ("complaint_channel", "art. 11, III")],
)
def test_conditions_to_operate_are_required(barra_m, authority, field, article):
    with pytest.raises(PlatformError) as exc:
        platform_credential(actor=authority, municipality=barra_m, data=data(**{field: ""}))
    assert f"{LAW}, {article}" in exc.value.to_json()["citacoes"]
    # The message names the requirement and its article, not only "recusado".
    assert article in str(exc.value) and str(exc.value).count("recusado") == 1


@pytest.mark.parametrize(
    ("field", "article"),
    [("cadastro_mobiliario", "art. 19, §2"), ("complaint_channel", "art. 11, III")],
)
def test_art_19_par_2_and_art_11_iii_a_credentialed_platform_keeps_its_conditions(
    barra_m, authority, platform, field, article
):
    """The cadastro mobiliário is "condição indispensável para o exercício da atividade" (art. 19,
    §2) and the users have a right to the complaint channel (art. 11, III): the credential is
    refused without them, and so is an update of the platform's data that erases one, naming the
    field and its article; the platform keeps what it had."""
    with tenant(barra_m):
        before = getattr(Platform.objects.get(pk=platform.pk), field)
    assert before
    with pytest.raises(PlatformError) as exc:
        platform_update_contacts(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            changes={field: "  ", "contact_name": "Nova Responsável"},
        )
    assert exc.value.errors[0]["campo"] == field
    assert f"{LAW}, {article}" in exc.value.errors[0]["erro"]
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        assert (getattr(p, field), p.contact_name) == (before, platform.contact_name)
        assert not Act.objects.filter(action="platform.update").exists()


def test_invalid_or_repeated_cnpj_is_refused(barra_m, authority):
    with pytest.raises(PlatformError) as exc:
        platform_credential(actor=authority, municipality=barra_m, data=data(cnpj="11111111111111"))
    assert exc.value.errors[0]["campo"] == "cnpj"
    d = data()
    platform_credential(actor=authority, municipality=barra_m, data=d)
    with pytest.raises(PlatformError) as exc:
        platform_credential(actor=authority, municipality=barra_m, data=d)
    assert exc.value.status == 409


def test_only_the_authority_credentials(barra_m, mayor):
    with pytest.raises(NotCompetent):
        platform_credential(actor=mayor, municipality=barra_m, data=data())


# --- art. 26 IV: proposal case, defence, decision by the Chief Executive (D-3) -------------------


def open_case(m, authority, platform, kind="credential_suspension", notice_on=None):
    return platform_case_open(
        actor=authority,
        municipality=m,
        platform=platform,
        kind=kind,
        infraction_on=dt.date(2026, 9, 1),
        grounds="Relatórios mensais não entregues em três meses seguidos.",
        suspension_days=30 if kind == "credential_suspension" else None,
        notice_on=notice_on or dt.date(2026, 10, 1),
    )


def warn(m, authority, platform):
    """The platform's first occurrence, a warning final from 01/09/2026 — the day of the cases'
    fact: an earlier occurrence of it (art. 26, I and IV; ADR 0082)."""
    return factories.warn(m, authority, platform, final=True)


def test_the_defence_period_comes_from_the_law_core_d17_default(barra_m, authority, platform):
    case = open_case(barra_m, authority, platform)
    # Notice on Thu 01/10/2026 + 10 days = Sun 11/10 → next business day Tue 13/10 (12/10 holiday).
    assert case.defence_until == dt.date(2026, 10, 13)
    assert "D-17" in str(case.decision)


def test_d4_a_proposal_whose_defence_notice_is_dated_in_the_future_is_refused(
    barra_m, authority, platform
):
    """D-4: the notice's date is the day it reached the platform (signature, AR, publication): a
    day still to come is no notice, and the defence period is not counted from it."""
    tomorrow = today_of(barra_m) + dt.timedelta(days=1)
    with pytest.raises(PlatformError) as exc:
        open_case(barra_m, authority, platform, notice_on=tomorrow)
    assert exc.value.errors[0]["campo"] == "notice_on"
    with tenant(barra_m):
        assert not PlatformCase.objects.filter(platform=platform).exists()
        assert not Act.objects.filter(action="platform.case.open").exists()


def test_suspension_is_not_decided_before_the_defence_period_ends(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    with pytest.raises(PlatformError) as exc:
        platform_case_decide(
            actor=mayor,
            municipality=barra_m,
            case=case,
            uphold=True,
            text="Suspensão.",
            on=dt.date(2026, 10, 5),
        )
    assert "Prazo de defesa aberto" in str(exc.value.to_json())
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == "credentialed"


def test_art_26_sole_a_decision_the_law_refuses_before_the_defence_period_ends_is_logged(
    barra_m, authority, mayor, platform
):
    """The Chief Executive's attempt to uphold a proposal while the defence period runs is refused
    by the law core (art. 26, parágrafo único): the refusal, with its article, stays in the acts
    log as every refused step of the platforms' process does."""
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    with pytest.raises(PlatformError):
        platform_case_decide(
            actor=mayor,
            municipality=barra_m,
            case=case,
            uphold=True,
            text="Suspensão.",
            on=dt.date(2026, 10, 5),
        )
    with tenant(barra_m):
        act = Act.objects.get(action="platform.case.decide", outcome="refused")
        assert PlatformCase.objects.get(pk=case.pk).status == PlatformCase.Status.OPEN
    assert act.object_id == str(case.pk)
    assert f"{LAW}, art. 26, parágrafo único" in act.record["basis"]["citations"]


def test_only_the_chief_executive_decides_and_the_authority_only_proposes(
    barra_m, authority, platform
):
    case = open_case(barra_m, authority, platform)
    with pytest.raises(NotCompetent):
        platform_case_decide(
            actor=authority, municipality=barra_m, case=case, uphold=True, text="x"
        )


def test_after_the_defence_the_mayor_suspends_and_the_sweep_reinstates(
    barra_m, authority, mayor, platform
):
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform)
    platform_case_defend(
        actor=platform_actor(),
        municipality=barra_m,
        case=case,
        text="Os relatórios foram enviados.",
    )
    decided = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=case,
        uphold=True,
        text="Defesa rejeitada; suspensão por 30 dias.",
        on=dt.date(2026, 10, 6),
    )
    assert decided.status == PlatformCase.Status.UPHELD
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        # 30 days counted from the decision's day, that day included: 06/10 to 04/11 (art. 26 IV).
        assert (p.status, p.suspended_until) == ("suspended", dt.date(2026, 11, 4))
        change = PlatformStatusChange.objects.filter(platform=p).last()
        assert change.case_id == case.pk and change.changed_by == mayor.user
    assert not platform_reinstate_after_suspension(
        municipality=barra_m, platform=p, on=dt.date(2026, 11, 4)
    )
    assert platform_reinstate_after_suspension(
        municipality=barra_m, platform=p, on=dt.date(2026, 11, 5)
    )
    with tenant(barra_m):
        assert Platform.objects.get(pk=p.pk).status == "credentialed"


def test_a_first_occurrence_cannot_be_a_suspension(barra_m, authority, mayor, platform):
    case = open_case(barra_m, authority, platform)
    with pytest.raises(PlatformError) as exc:
        platform_case_decide(
            actor=mayor,
            municipality=barra_m,
            case=case,
            uphold=True,
            text="x",
            on=dt.date(2026, 11, 1),
        )
    assert "art. 26, I" in str(exc.value.to_json())


def test_cancellation_after_the_defence_period_lapsed(barra_m, authority, mayor, platform):
    from platforms_factories import driver_data

    from outorga.platforms.services.drivers import platform_driver_register

    platform_driver_register(
        actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data()
    )
    warn(barra_m, authority, platform)
    case = open_case(barra_m, authority, platform, kind="credential_cancellation")
    platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=case,
        uphold=True,
        text="Reincidência grave.",
        on=dt.date(2026, 10, 14),
    )
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == "cancelled"
        # Its drivers leave the municipality's count of 500 (art. 3 §2).
        assert not platform.drivers.filter(status="enabled").exists()
        assert platform.drivers.filter(status="disabled").count() == 1
    # The cancellation is definitive (art. 26 IV): no new proposal, and the refusal says why.
    with pytest.raises(PlatformError) as refused:
        open_case(barra_m, authority, platform, kind="credential_suspension")
    assert refused.value.status == 409
    assert "art. 26, IV" in refused.value.message and "definitivo" in refused.value.message
    # The law core's credential_measure said so, from the credential's status.
    [law] = refused.value.decisions
    assert [r.rule for r in law.refusals] == ["apps.art26.iv.cancellation_definitive"]


def test_art_26_iv_a_cancelled_credential_is_not_suspended_by_another_case_upheld_later(
    barra_m, authority, mayor, platform
):
    """Art. 26, IV: the cancellation is "definitivo". A suspension proposed before it and upheld
    after it would turn the cancelled credential into a suspended one, and the sweep would then
    give it back; the law core refuses it, citing the article, and the refusal is logged."""
    warn(barra_m, authority, platform)
    suspension = open_case(barra_m, authority, platform)
    cancellation = open_case(barra_m, authority, platform, kind="credential_cancellation")
    platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=cancellation,
        uphold=True,
        text="Reincidência grave.",
        on=dt.date(2026, 10, 14),
    )
    with pytest.raises(PlatformError) as exc:
        platform_case_decide(
            actor=mayor,
            municipality=barra_m,
            case=suspension,
            uphold=True,
            text="Relatórios não entregues.",
            on=dt.date(2026, 10, 15),
        )
    assert f"{LAW}, art. 26, IV" in exc.value.to_json()["citacoes"]
    assert "cancelado definitivamente" in str(exc.value.to_json()["fundamentos"])
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        assert (p.status, p.suspended_until) == ("cancelled", None)
        assert PlatformCase.objects.get(pk=suspension.pk).status == PlatformCase.Status.OPEN
        assert Act.objects.filter(
            action="platform.case.decide", outcome="refused", object_id=str(suspension.pk)
        ).exists()
    assert not platform_reinstate_after_suspension(
        municipality=barra_m, platform=p, on=dt.date(2026, 12, 1)
    )
    # The proposal overtaken by the cancellation is still closed, rejected.
    rejected = platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=suspension,
        uphold=False,
        text="Prejudicada pelo cancelamento.",
        on=dt.date(2026, 10, 15),
    )
    assert rejected.status == PlatformCase.Status.REJECTED


def test_art_26_iv_a_second_suspension_overlapping_the_one_in_force_is_refused_and_logged(
    barra_m, authority, mayor, platform
):
    """Art. 26, IV: "suspensão temporária". The first suspension runs 14/10 to 12/11/2026; a
    second one decided on its last day would overlap it — and, being shorter, would have put the
    platform back to work before the first ended. It is refused naming the decision's day and
    the article, the refusal stays in the acts log, and the first suspension is untouched; from
    13/11 (even before the sweep ends the first) the second may be decided."""
    warn(barra_m, authority, platform)
    first = open_case(barra_m, authority, platform)
    second = platform_case_open(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        kind="credential_suspension",
        infraction_on=dt.date(2026, 9, 2),
        grounds="Tabela de tarifas não publicada.",
        suspension_days=5,
        notice_on=dt.date(2026, 10, 1),
    )
    platform_case_decide(
        actor=mayor,
        municipality=barra_m,
        case=first,
        uphold=True,
        text="Relatórios não entregues em três meses.",
        on=dt.date(2026, 10, 14),
    )

    def decide_second(on):
        return platform_case_decide(
            actor=mayor,
            municipality=barra_m,
            case=second,
            uphold=True,
            text="Tarifas omitidas: suspensão por 5 dias.",
            on=on,
        )

    with pytest.raises(PlatformError) as exc:
        decide_second(dt.date(2026, 11, 12))
    body = exc.value.to_json()
    assert exc.value.status == 422
    assert f"{LAW}, art. 26, IV" in body["citacoes"]
    (err,) = body["erros"]
    assert err["campo"] == "on"
    assert "12/11/2026" in err["erro"] and "13/11/2026" in err["erro"]
    assert "art. 26, IV" in err["erro"]
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        assert (p.status, p.suspended_until) == ("suspended", dt.date(2026, 11, 12))
        assert PlatformCase.objects.get(pk=second.pk).status == PlatformCase.Status.OPEN
        assert Act.objects.filter(
            action="platform.case.decide", outcome="refused", object_id=str(second.pk)
        ).exists()
    decided = decide_second(dt.date(2026, 11, 13))
    assert decided.status == PlatformCase.Status.UPHELD
    with tenant(barra_m):
        p = Platform.objects.get(pk=platform.pk)
        assert (p.status, p.suspended_until) == ("suspended", dt.date(2026, 11, 17))


def test_a_rejected_proposal_changes_nothing(barra_m, authority, mayor, platform):
    case = open_case(barra_m, authority, platform)
    decided = platform_case_decide(
        actor=mayor, municipality=barra_m, case=case, uphold=False, text="Sem provas."
    )
    assert decided.status == "rejected"
    with tenant(barra_m):
        assert Platform.objects.get(pk=platform.pk).status == "credentialed"


# --- art. 26 I–II: warning and fine ----------------------------------------------------------------


def test_a_fine_on_a_first_occurrence_is_refused_warning_first(barra_m, authority, platform):
    with pytest.raises(PlatformError) as exc:
        platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="fine",
            infraction_on=dt.date(2026, 8, 1),
            description="x",
            reasoning="y",
            defence_notice_on=dt.date(2026, 8, 5),
            defence_judged=True,
            fine_upfbg="100",
        )
    assert f"{LAW}, art. 26, I" in exc.value.to_json()["citacoes"]


def test_art_26_sole_a_penalty_whose_defence_notice_is_dated_in_the_future_is_refused(
    barra_m, authority, platform
):
    """Art. 26, parágrafo único, with D-4: the defence runs from the day the notice reached the
    offender; a notice dated in the future never did, whatever the defence's box says."""
    tomorrow = today_of(barra_m) + dt.timedelta(days=1)
    with pytest.raises(PlatformError) as exc:
        platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="warning",
            infraction_on=dt.date(2026, 8, 1),
            description="Relatório de julho não entregue.",
            reasoning="Primeira ocorrência.",
            defence_notice_on=tomorrow,
            defence_judged=True,
        )
    assert exc.value.errors[0]["campo"] == "defence_notice_on"
    with tenant(barra_m):
        assert not platform.penalties.exists()


def test_a_fine_is_converted_to_reais_at_the_upfbg_in_force_d5(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    penalty, decision = platform_penalty_impose(
        actor=authority,
        municipality=barra_m,
        platform=platform,
        kind="fine",
        infraction_on=dt.date(2026, 9, 1),
        description="Segunda ocorrência.",
        reasoning="Reincidência.",
        defence_notice_on=dt.date(2026, 9, 2),
        defence_judged=True,
        fine_upfbg="120.5",
    )
    # Demo UPFBG = R$ 100,00 (example value): 120,5 × 100 = R$ 12.050,00.
    assert penalty.amount_cents == 1_205_000
    assert "D-5" in " ".join(c.render() for c in decision.citations)


def test_a_fine_above_500_upfbg_is_refused(barra_m, authority, platform):
    warn(barra_m, authority, platform)
    with pytest.raises(PlatformError) as exc:
        platform_penalty_impose(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="fine",
            infraction_on=dt.date(2026, 9, 1),
            description="x",
            reasoning="y",
            defence_notice_on=dt.date(2026, 9, 2),
            defence_judged=True,
            fine_upfbg="500.01",
        )
    assert f"{LAW}, art. 26, II" in exc.value.to_json()["citacoes"]


def test_art_26_sole_a_proposal_for_a_fact_still_to_come_is_refused(barra_m, authority, platform):
    """A proposal is about a fact that happened: one dated after the day it is proposed (the
    notice's day) is refused naming the field, and no case is opened."""
    with tenant(barra_m):
        before = PlatformCase.objects.count()
    with pytest.raises(PlatformError) as refused:
        platform_case_open(
            actor=authority,
            municipality=barra_m,
            platform=platform,
            kind="credential_suspension",
            infraction_on=dt.date(2026, 10, 2),
            grounds="Relatórios mensais não entregues em três meses seguidos.",
            suspension_days=30,
            notice_on=dt.date(2026, 10, 1),
        )
    assert "infraction_on" in str(refused.value.to_json())
    with tenant(barra_m):
        assert PlatformCase.objects.count() == before

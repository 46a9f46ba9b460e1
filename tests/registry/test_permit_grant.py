"""Granting mototaxi permits: eligibility with every reason, quota (art. 10, D-7), numbering."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON
from registry_factories import moto_grant as grant

from outorga.core.errors import Refused
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant, unscoped
from outorga.registry.models import Permit, PermitStatusChange
from outorga.registry.services.permits import permit_grant, permit_grant_decisions
from outorga.registry.validation import FieldError


def test_a_compliant_applicant_gets_a_numbered_permit_and_an_act(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=1)
    permit = grant(ipatinga_m, clerk, person, vehicle, tender)
    assert permit.status == Permit.Status.ACTIVE
    assert permit.registration_number == 1 and permit.number == "MT-0001"
    assert permit.term_end == dt.date(2036, 3, 10)
    assert permit.certificate_valid_until == dt.date(2027, 3, 10)  # art. 4 §1: one year
    with tenant(ipatinga_m):
        assert PermitStatusChange.objects.filter(permit=permit).count() == 1
        act = Act.objects.filter(action="permit.grant").get()
    assert any("art. 10" in c for c in act.record["basis"]["citations"])


def test_art_5_i_a_20_year_old_is_refused_with_the_article(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=2, birth=dt.date(2005, 3, 11))
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    cited = [c for r in exc.value.decision.refusals for c in r.citations]
    assert any(c.article == "5" and c.inciso == "I" for c in cited)
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_5_i_turning_21_on_the_grant_date_is_enough(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=3, birth=dt.date(2005, 3, 10))
    assert grant(ipatinga_m, clerk, person, vehicle, tender).status == Permit.Status.ACTIVE


def test_art_3_i_a_260_cc_motorcycle_is_refused(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=4, cc=260)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    assert any(
        c.article == "3" and c.inciso == "I"
        for r in exc.value.decision.refusals
        for c in r.citations
    )


def test_art_10_i_the_quota_blocks_the_grant_past_population_over_300(ipatinga_m, clerk, tender):
    # D-7: the newest IBGE figure in force decides; 600 inhabitants → 2 places.
    with tenant(ipatinga_m):
        PopulationFigure.objects.create(
            value=600, reference_year=2025, effective=dt.date(2026, 1, 1), source="teste"
        )
    for n in (11, 12):
        p, v = make_applicant(ipatinga_m, clerk, n=n)
        grant(ipatinga_m, clerk, p, v, tender)
    p, v = make_applicant(ipatinga_m, clerk, n=13)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, p, v, tender)
    assert any(c.article == "10" for r in exc.value.decision.refusals for c in r.citations)


def test_a_grant_needs_a_tender_and_a_decree(ipatinga_m, clerk):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=5)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, None)
    assert any(c.article == "6" for r in exc.value.decision.refusals for c in r.citations)


def test_register_numbers_are_sequential_without_gaps_after_a_refusal(ipatinga_m, clerk, tender):
    p1, v1 = make_applicant(ipatinga_m, clerk, n=6)
    bad, vb = make_applicant(ipatinga_m, clerk, n=7, cc=100)
    p2, v2 = make_applicant(ipatinga_m, clerk, n=8)
    assert grant(ipatinga_m, clerk, p1, v1, tender).registration_number == 1
    with pytest.raises(Refused):
        grant(ipatinga_m, clerk, bad, vb, tender)
    assert grant(ipatinga_m, clerk, p2, v2, tender).registration_number == 2


def test_only_the_clerk_or_authority_records_a_grant(ipatinga_m, user_of, tender, clerk):
    from outorga.core.acts import Actor
    from outorga.law.competence import NotCompetent, Role

    person, vehicle = make_applicant(ipatinga_m, clerk, n=9)
    inspector = Actor.of(user_of("ipatinga", Role.FISCAL))
    with pytest.raises(NotCompetent, match="art. 6"):
        grant(ipatinga_m, inspector, person, vehicle, tender)
    with unscoped():
        assert Act.objects.filter(action="permit.grant", outcome="refused").count() == 1


def test_art_6_a_tender_never_grants_more_permits_than_its_places(ipatinga_m, clerk):
    from outorga.registry.models import Tender
    from outorga.registry.validation import FieldError

    with tenant(ipatinga_m):
        small = Tender.objects.create(
            service="mototaxi",
            number="02/2026",
            places=1,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
        )
    p1, v1 = make_applicant(ipatinga_m, clerk, n=21)
    p2, v2 = make_applicant(ipatinga_m, clerk, n=22)
    grant(ipatinga_m, clerk, p1, v1, small)
    with pytest.raises(FieldError, match="vagas da licitação") as exc:
        grant(ipatinga_m, clerk, p2, v2, small)
    assert exc.value.citation.endswith("art. 6")


@pytest.mark.parametrize(
    ("service", "homologated", "why"),
    [
        ("mototaxi", None, "não foi homologada"),
        ("mototaxi", ON + dt.timedelta(days=1), "homologada em 11/03/2026"),
        ("motofrete", ON - dt.timedelta(days=10), "é de motofrete, não de mototáxi"),
    ],
)
def test_art_6_a_tender_not_homologated_by_the_grant_or_of_another_service_does_not_precede_it(
    ipatinga_m, clerk, service, homologated, why
):
    """Art. 6: the permission is granted by decree "precedida de licitação" — a tender of this
    service concluded (homologated) by the day of the grant, not one still open, homologated
    later, or run for motofrete."""
    from outorga.core.errors import Refused
    from outorga.registry.models import Tender

    with tenant(ipatinga_m):
        other = Tender.objects.create(
            service=service,
            number="04/2026",
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=homologated,
        )
    person, vehicle = make_applicant(ipatinga_m, clerk, n=25)
    asked = {
        "municipality": ipatinga_m,
        "holder": person,
        "service": "mototaxi",
        "vehicle": vehicle,
        "granted_on": ON,
        "term_years": 10,
        "decree": "Decreto 1.236/2026",
        "equipment": EQUIPMENT,
        "tender": other,
    }
    term = permit_grant_decisions(**asked)[-1]
    (refusal,) = term.refusals
    assert refusal.rule == "art_6_tender_precedes" and why in refusal.message
    assert [c.compact() for c in refusal.citations] == ["ipatinga.mototaxi-2013 art. 6"]
    with pytest.raises(Refused) as exc:
        permit_grant(actor=clerk, **asked)
    assert [r.rule for r in exc.value.decision.refusals] == ["art_6_tender_precedes"]
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def grant_form(person, vehicle, tender, **more) -> dict:  # type: ignore[no-untyped-def]
    """The grant screen's fields for a mototaxi grant of ``person`` with ``vehicle`` under
    ``tender`` (the equipment checked), with ``more`` over them."""
    return {
        "service": "mototaxi",
        "holder": person.document,
        "vehicle": vehicle.plate,
        "tender": tender.pk,
        "decree": "Decreto 1.237/2026",
        "granted_on": ON.isoformat(),
        "term_years": 10,
        "equipment": EQUIPMENT,
    } | more


def test_art_6_the_grant_screen_shows_a_tender_still_open_refused_with_its_article(
    ipatinga_m, clerk
):
    from django.test import Client

    from outorga.registry.models import Tender

    with tenant(ipatinga_m):
        open_tender = Tender.objects.create(
            service="mototaxi", number="05/2026", places=5, opened_on=ON - dt.timedelta(days=5)
        )
    person, vehicle = make_applicant(ipatinga_m, clerk, n=26)
    client = Client()
    client.force_login(clerk.user)
    form = grant_form(person, vehicle, open_tender, decree="Decreto 1.237/2026")
    for button in ("verificar", "outorgar"):
        r = client.post("/cadastro/permissoes/nova/", {**form, button: "1"})
        page = r.content.decode()
        assert r.status_code == 200, button
        assert "não foi homologada" in page and "art. 6" in page, button
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_the_grant_screens_blank_tender_reads_as_every_other_blank_choice(ipatinga_m, clerk):
    """The tender is optional on both grant screens; its blank choice reads "—", as the other
    selects' do, not Django's dashes."""
    from django.test import Client

    client = Client()
    client.force_login(clerk.user)
    for url in ("/cadastro/permissoes/nova/", "/cadastro/permissoes/taxi/nova/"):
        page = client.get(url).content.decode()
        assert '<option value="" selected>—</option>' in page, url
        assert "---------" not in page, url


# --- Facts drawn from the records: the vehicle's other permits and its owner -------------------


def _cited(exc: pytest.ExceptionInfo[Refused]) -> set[tuple[str, str | None]]:
    return {(c.article, c.paragraph) for r in exc.value.decision.refusals for c in r.citations}


def test_art_5_par8_the_motorcycle_of_an_active_motofrete_permit_is_refused_for_mototaxi(
    ipatinga_m, clerk, tender
):
    from outorga.registry.models import Tender

    owner, moto = make_applicant(ipatinga_m, clerk, n=31)
    with tenant(ipatinga_m):
        cargo = Tender.objects.create(
            service="motofrete",
            number="03/2026",
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
        moto.cargo_device = "bau"
        moto.cargo_within_contran_limits = moto.cargo_mirrors_unobstructed = True
        moto.save()
    freight = permit_grant(
        actor=clerk,
        municipality=ipatinga_m,
        holder=owner,
        service="motofrete",
        vehicle=moto,
        granted_on=ON,
        term_years=10,
        decree="Decreto 1.235/2026",
        equipment=EQUIPMENT[:4],
        tender=cargo,
    )
    assert freight.status == Permit.Status.ACTIVE
    # The same holder, the same motorcycle, now for passengers: art. 5 §8 refuses (and art. 6 §2
    # does not, the other permit being of another service).
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, owner, moto, tender)
    assert ("5", "8") in _cited(exc)
    assert not any(
        r.rule == "art_6_par2_one_permit_per_vehicle" for r in exc.value.decision.refusals
    )


def test_art_6_par2_a_motorcycle_already_on_a_mototaxi_permit_is_refused_for_a_second_one(
    ipatinga_m, clerk, tender
):
    first, moto = make_applicant(ipatinga_m, clerk, n=32)
    grant(ipatinga_m, clerk, first, moto, tender)
    second, _ = make_applicant(ipatinga_m, clerk, n=33)
    with tenant(ipatinga_m):
        moto.owner = second  # even once sold to the second applicant, it is the first permit's
        moto.save()
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, second, moto, tender)
    refusal = next(
        r for r in exc.value.decision.refusals if r.rule == "art_6_par2_one_permit_per_vehicle"
    )
    assert ("6", "2") in {(c.article, c.paragraph) for c in refusal.citations}
    assert "MT-0001" in refusal.message


def test_art_6_par2_a_motorcycle_whose_permit_ended_may_serve_a_new_one(ipatinga_m, clerk, tender):
    first, moto = make_applicant(ipatinga_m, clerk, n=34)
    old = grant(ipatinga_m, clerk, first, moto, tender)
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=old.pk).update(status=Permit.Status.RENOUNCED)
    second, _ = make_applicant(ipatinga_m, clerk, n=35)
    with tenant(ipatinga_m):
        moto.owner = second
        moto.save()
    assert grant(ipatinga_m, clerk, second, moto, tender).status == Permit.Status.ACTIVE


def test_art_5_par5_a_motorcycle_owned_by_someone_else_is_refused(ipatinga_m, clerk, tender):
    applicant, _ = make_applicant(ipatinga_m, clerk, n=36)
    _, someone_elses = make_applicant(ipatinga_m, clerk, n=37)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, applicant, someone_elses, tender)
    refusal = next(r for r in exc.value.decision.refusals if r.rule == "art_5_par5_in_holders_name")
    assert ("5", "5") in {(c.article, c.paragraph) for c in refusal.citations}
    assert "CRV" in refusal.message


def test_art_5_par1_i_the_crlv_must_be_of_the_municipality_itself(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=38)
    with tenant(ipatinga_m):
        vehicle.registration_city = "Coronel Fabriciano"
        vehicle.save()
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    assert ("5", "1") in _cited(exc)
    with tenant(ipatinga_m):
        vehicle.registration_city = "IPATINGA"  # as typed on a form: still the municipality
        vehicle.save()
    assert grant(ipatinga_m, clerk, person, vehicle, tender).status == Permit.Status.ACTIVE


def test_the_pre_grant_check_asks_what_the_grant_asks(ipatinga_m, clerk):
    """Without a tender the check already shows the refusal the grant would give (art. 6)."""
    person, vehicle = make_applicant(ipatinga_m, clerk, n=39)
    checked = permit_grant_decisions(
        municipality=ipatinga_m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=ON,
        term_years=10,
        decree="Decreto 1.234/2026",
        equipment=EQUIPMENT,
        tender=None,
    )
    shown = {r.rule for d in checked for r in d.refusals}
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, None)
    assert shown and shown == {r.rule for r in exc.value.decision.refusals}


# --- Art. 6: the grant follows the tender's ranking ---------------------------------------------


def _ranked_tender(m, clerk, people, number="R-01/2026"):  # type: ignore[no-untyped-def]
    """A homologated mototaxi tender whose commission ranked ``people`` in that order."""
    from outorga.registry.models import Tender, TenderApplicant

    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number=number,
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
        for rank, p in enumerate(people, start=1):
            TenderApplicant.objects.create(tender=tender, person=p, eligible=True, rank=rank)
    return tender


def test_art_6_a_grant_to_the_second_ranked_before_the_first_is_refused(ipatinga_m, clerk):
    """Art. 6 caput and §5: the permission is delegated through the tender, so its result binds
    the grants: the applicant ranked second is not granted while the first-ranked was not called;
    the refusal names the applicant the ranking calls and the article. Once the first is granted,
    the second is called and granted."""
    first, v1 = make_applicant(ipatinga_m, clerk, n=41)
    second, v2 = make_applicant(ipatinga_m, clerk, n=42)
    tender = _ranked_tender(ipatinga_m, clerk, [first, second])
    with pytest.raises(FieldError) as exc:
        grant(ipatinga_m, clerk, second, v2, tender)
    assert exc.value.field == "licitação"
    assert "ordem de classificação" in str(exc.value) and first.name in str(exc.value)
    assert "art. 6" in exc.value.citation
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()
    assert grant(ipatinga_m, clerk, first, v1, tender).status == Permit.Status.ACTIVE
    assert grant(ipatinga_m, clerk, second, v2, tender).status == Permit.Status.ACTIVE


def test_art_6_a_grant_to_a_person_the_tender_did_not_rank_is_refused(ipatinga_m, clerk):
    """Art. 6: a person who is not among the tender's ranked applicants is not granted a
    permission in its name, even with places left."""
    ranked, _ = make_applicant(ipatinga_m, clerk, n=43)
    outsider, v = make_applicant(ipatinga_m, clerk, n=44)
    tender = _ranked_tender(ipatinga_m, clerk, [ranked], number="R-02/2026")
    with pytest.raises(FieldError) as exc:
        grant(ipatinga_m, clerk, outsider, v, tender)
    assert "art. 6" in exc.value.citation and ranked.name in str(exc.value)
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_6_a_tender_that_ranked_nobody_grants_nobody(ipatinga_m, clerk):
    """Art. 6: a tender whose applicants were all found ineligible ranked nobody: no permission
    is granted in its name."""
    from outorga.registry.models import TenderApplicant

    unfit, v = make_applicant(ipatinga_m, clerk, n=47)
    tender = _ranked_tender(ipatinga_m, clerk, [], number="R-04/2026")
    with tenant(ipatinga_m):
        TenderApplicant.objects.create(tender=tender, person=unfit, eligible=False)
    with pytest.raises(FieldError) as exc:
        grant(ipatinga_m, clerk, unfit, v, tender)
    assert "não há candidato classificado" in str(exc.value) and "art. 6" in exc.value.citation
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_6_the_api_refuses_a_grant_out_of_the_ranking_with_the_article(
    ipatinga_m, clerk, user_of
):
    from django.test import Client

    first, _ = make_applicant(ipatinga_m, clerk, n=45)
    second, v2 = make_applicant(ipatinga_m, clerk, n=46)
    tender = _ranked_tender(ipatinga_m, clerk, [first, second], number="R-03/2026")
    client = Client()
    client.force_login(clerk.user)
    r = client.post(
        "/api/v1/registry/permits",
        {
            "service": "mototaxi",
            "holder_id": second.pk,
            "vehicle_id": v2.pk,
            "tender_id": tender.pk,
            "granted_on": ON.isoformat(),
            "term_years": 10,
            "decree": "Decreto 1.240/2026",
            "equipment": EQUIPMENT,
            "safety_gear": True,  # art. 5 IV: the vest and helmet seen at the desk
        },
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    error = r.json()["erros"][0]
    assert "art. 6" in error["fundamento"] and "ordem de classificação" in error["erro"]
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_6_par_5_the_refused_grant_out_of_order_is_kept_in_the_acts_log(ipatinga_m, clerk):
    """The law's refusal of a grant out of the ranking (art. 6 caput and §5) names the one called
    with their place, and is kept in the acts log with the law's decision as its basis, though
    the grant's transaction is undone."""
    from outorga.core.models import Act

    first, _ = make_applicant(ipatinga_m, clerk, n=45)
    second, v2 = make_applicant(ipatinga_m, clerk, n=46)
    tender = _ranked_tender(ipatinga_m, clerk, [first, second], number="R-05/2026")
    with pytest.raises(FieldError) as exc:
        grant(ipatinga_m, clerk, second, v2, tender)
    assert f"o próximo é {first.name} (1º lugar)" in exc.value.message
    with tenant(ipatinga_m):
        act = Act.objects.get(action="permit.grant", outcome="refused")
        assert not Permit.objects.exists()
    assert act.object_id == str(tender.pk)
    assert act.record["payload"]["new"]["holder"] == second.pk
    (refusal,) = [
        r for r in act.record["basis"]["decision"]["reasons"] if r["verdict"] == "refused"
    ]
    assert refusal["rule"] == "art_6_par5_tender_ranking_order"
    assert any("art. 6, §5" in c for c in act.record["basis"]["citations"])


def test_art_6_par2_with_art_2_xxiii_the_motorcycle_away_on_an_emergency_substitution_is_refused_at_the_grant(  # noqa: E501
    ipatinga_m, clerk, tender
):
    """Art. 6 §2 with art. 2 XXIII: while an emergency substitution stands in for it, the
    permission's own motorcycle is still its own — the desk's grant refuses it to another
    permission as the vehicle change and the import do (the law's ``one_vehicle``)."""
    from registry_factories import moto_vehicle

    from outorga.registry.services.vehicle_changes import vehicle_substitute

    first, moto = make_applicant(ipatinga_m, clerk, n=36)
    own = grant(ipatinga_m, clerk, first, moto, tender)
    vehicle_substitute(
        actor=clerk,
        municipality=ipatinga_m,
        permit=own,
        vehicle=moto_vehicle(ipatinga_m, first),
        on=ON,
        emergency_until=ON + dt.timedelta(days=18),
        cause="motocicleta retida em oficina após colisão (boletim 123/2026)",
        equipment=EQUIPMENT,
    )
    second, _ = make_applicant(ipatinga_m, clerk, n=37)
    with tenant(ipatinga_m):
        moto.owner = second  # sold while in the workshop: still the first permit's motorcycle
        moto.save()
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, second, moto, tender, on=ON + dt.timedelta(days=1))
    refusal = next(
        r for r in exc.value.decision.refusals if r.rule.endswith("away_from_its_permit")
    )
    assert f"da permissão {own.number}, substituído temporariamente" in refusal.message
    assert {("6", "2"), ("2", None)} <= {(c.article, c.paragraph) for c in refusal.citations}
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder=second).exists()

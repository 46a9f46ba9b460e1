"""Which law governs which service in a municipality, from when, is the administrator's dated data
(D-15): recorded with an act, never rewritten, a new law closing the old one the day before; a
municipality may adopt another's law by reference, judged with its own population and calendar."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON

from outorga.core import services
from outorga.core.acts import Actor
from outorga.core.lawctx import context
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.models import Act, LawBinding
from outorga.core.tenancy import tenant, unscoped
from outorga.law import questions
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import NotCompetent, Role
from outorga.registry.validation import FieldError

MOTO = "ipatinga.mototaxi-2013"
API = "/api/v1/municipality/law-bindings"


def _bind(m, user_of, slug, **kw):  # type: ignore[no-untyped-def]
    actor = Actor.of(user_of(slug, Role.ADMIN))
    return services.law_binding_record(actor=actor, municipality=m, **kw)


def test_the_demo_binds_each_service_to_its_municipality_s_law(ipatinga_m, barra_m):
    assert law_of(ipatinga_m, "mototaxi", ON) == MOTO
    assert law_of(ipatinga_m, "motofrete", ON) == MOTO
    assert law_of(ipatinga_m, "taxi", ON) == "ipatinga.taxi-2017"
    assert law_of(barra_m, "aplicativo", ON) == "barra-do-garcas.apps-2025"
    with pytest.raises(LawNotBound):
        law_of(barra_m, "mototaxi", ON)
    with pytest.raises(LawNotBound):  # before the 2013 law there was none
        law_of(ipatinga_m, "mototaxi", dt.date(2013, 8, 26))


def test_only_the_administrator_binds_a_law_and_the_refusal_is_an_act(barra_m, user_of):
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    with pytest.raises(NotCompetent):
        services.law_binding_record(
            actor=clerk,
            municipality=barra_m,
            service="mototaxi",
            law=MOTO,
            valid_from=dt.date(2026, 1, 1),
            reference="Lei Municipal 1/2026",
        )
    with tenant(barra_m):
        assert not LawBinding.objects.filter(service="mototaxi").exists()
        assert Act.objects.filter(
            action="municipality.law_binding.record", outcome="refused"
        ).exists()


@pytest.mark.parametrize(
    ("kw", "field", "message"),
    [
        ({"service": "taxi", "law": MOTO}, "law", "não rege táxi"),
        ({"law": "nenhuma.lei-2026"}, "law", "não há regras"),
        ({"valid_from": dt.date(2013, 8, 26)}, "valid_from", "só vigora a partir de 27/08/2013"),
        ({"valid_until": dt.date(2025, 12, 31)}, "valid_until", "anterior ao início"),
        ({"reference": "  "}, "reference", "informe o ato"),
    ],
)
def test_a_binding_the_law_cannot_have_is_refused_naming_the_field(
    barra_m, user_of, kw, field, message
):
    base = {
        "service": "mototaxi",
        "law": MOTO,
        "valid_from": dt.date(2026, 1, 1),
        "reference": "Lei Municipal 1/2026",
    }
    with pytest.raises(FieldError, match=message) as exc:
        _bind(barra_m, user_of, "barra-do-garcas", **{**base, **kw})
    assert exc.value.field == field
    with tenant(barra_m):
        assert not LawBinding.objects.filter(service="mototaxi").exists()


def test_d_15_a_new_law_closes_the_one_in_force_the_day_before_and_earlier_facts_keep_it(
    ipatinga_m, user_of
):
    new = _bind(
        ipatinga_m,
        user_of,
        "ipatinga",
        service="aplicativo",
        law="barra-do-garcas.apps-2025",
        valid_from=dt.date(2026, 6, 1),
        reference="Lei Municipal 9.999/2026 (adota a Lei 4.976/2025 de Barra do Garças)",
    )
    assert new.pk and law_of(ipatinga_m, "aplicativo", dt.date(2026, 6, 1)) == new.law
    with pytest.raises(LawNotBound):
        law_of(ipatinga_m, "aplicativo", dt.date(2026, 5, 31))
    # The mototaxi law replaced from 2027: 2026's facts are still judged by the 2013 law.
    later = _bind(
        ipatinga_m,
        user_of,
        "ipatinga",
        service="mototaxi",
        law=MOTO,
        valid_from=dt.date(2027, 1, 1),
        reference="Lei Municipal 10.000/2026 (nova lei, mesmas regras por referência)",
    )
    with tenant(ipatinga_m):
        first = LawBinding.objects.get(service="mototaxi", valid_from=dt.date(2013, 8, 27))
        act = Act.objects.filter(action="municipality.law_binding.record").latest("pk")
    assert first.valid_until == dt.date(2026, 12, 31)
    assert act.record["payload"]["old"]["closed"]["valid_until"] == "2026-12-31"
    assert act.record["payload"]["new"]["valid_from"] == "2027-01-01"
    assert later.valid_until is None
    # The history is not rewritten: the same start again, or reaching back, is refused.
    for start in (dt.date(2027, 1, 1), dt.date(2026, 7, 1)):
        with pytest.raises(FieldError, match="já é regido") as exc:
            _bind(
                ipatinga_m,
                user_of,
                "ipatinga",
                service="mototaxi",
                law=MOTO,
                valid_from=start,
                reference="x",
            )
        assert exc.value.field == "valid_from"


def _adopt_ipatinga_mototaxi_law(barra_m, user_of):  # type: ignore[no-untyped-def]
    return _bind(
        barra_m,
        user_of,
        "barra-do-garcas",
        service="mototaxi",
        law=MOTO,
        valid_from=dt.date(2026, 1, 1),
        reference="Lei Municipal 5.000/2026 de Barra do Garças (adota a lei de Ipatinga)",
    )


def test_adopting_ipatinga_s_mototaxi_law_by_reference_uses_the_adopter_s_own_population(
    barra_m, ipatinga_m, user_of
):
    _adopt_ipatinga_mototaxi_law(barra_m, user_of)
    facts = {"service": "mototaxi", "grant_on": ON.isoformat(), "active_permits": 0}
    here = questions.ask("mototaxi.quota", context(barra_m, ON), facts)
    there = questions.ask("mototaxi.quota", context(ipatinga_m, ON), facts)
    # Art. 10, I: one mototaxi per 300 inhabitants, of each municipality's own census figure.
    assert here.outcome["limit"] == 69_210 // 300
    assert there.outcome["limit"] == 227_731 // 300


def test_a_municipality_that_adopts_the_law_grants_a_permit_under_it_with_its_own_facts(
    barra_m, user_of
):
    from outorga.core.errors import Refused
    from outorga.registry.models import Permit, Tender
    from outorga.registry.services.permits import permit_grant

    _adopt_ipatinga_mototaxi_law(barra_m, user_of)
    clerk = Actor.of(user_of("barra-do-garcas", Role.ATENDENTE))
    person, vehicle = make_applicant(barra_m, clerk, n=1)
    with tenant(barra_m):
        tender = Tender.objects.create(
            service="mototaxi",
            number="01/2026",
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )

    def grant() -> Permit:
        return permit_grant(
            actor=clerk,
            municipality=barra_m,
            holder=person,
            service="mototaxi",
            vehicle=vehicle,
            granted_on=ON,
            term_years=10,
            decree="Decreto 77/2026",
            equipment=EQUIPMENT,
            tender=tender,
        )

    # The helper's motorcycle has its CRLV in Ipatinga: not the adopting municipality's (art. 5
    # §1, I, read for Barra do Garças).
    with pytest.raises(Refused) as exc:
        grant()
    assert {r.rule for r in exc.value.decision.refusals} == {"art_5_par1_i_crlv"}
    with tenant(barra_m):
        vehicle.registration_city = "Barra do Garças"
        vehicle.save()
    permit = grant()
    assert permit.law == MOTO and permit.number == "MT-0001"
    with unscoped():
        assert not Permit.objects.filter(municipality__slug="ipatinga").exists()


def test_the_api_lists_and_records_bindings_for_the_administrator_only(barra_m, user_of):
    admin, clerk = Client(), Client()
    admin.force_login(user_of("barra-do-garcas", Role.ADMIN))
    clerk.force_login(user_of("barra-do-garcas", Role.ATENDENTE))
    listed = admin.get(API).json()["items"]
    assert [(b["service"], b["law"], b["in_force"]) for b in listed] == [
        ("aplicativo", "barra-do-garcas.apps-2025", True)
    ]
    body = {
        "service": "mototaxi",
        "law": MOTO,
        "valid_from": "2026-01-01",
        "reference": "Lei Municipal 5.000/2026",
    }
    r = clerk.post(API, json.dumps(body), content_type="application/json")
    assert r.status_code == 403
    r = admin.post(API, json.dumps({**body, "service": "taxi"}), content_type="application/json")
    assert r.status_code == 422 and "não rege táxi" in r.json()["erros"][0]["erro"]
    r = admin.post(API, json.dumps(body), content_type="application/json")
    assert r.status_code == 201 and r.json()["law_title"].startswith("Lei de mototáxi de Ipatinga")
    # Each field of the answer is the row as stored, listed alike.
    with unscoped():
        row = LawBinding.objects.get(pk=r.json()["id"])
    assert r.json() == {
        "id": row.pk,
        "service": "mototaxi",
        "law": MOTO,
        "law_title": LAW_TITLES[MOTO],
        "valid_from": "2026-01-01",
        "valid_until": None,
        "reference": "Lei Municipal 5.000/2026",
        "in_force": True,
    }
    assert [b for b in admin.get(API).json()["items"] if b["id"] == row.pk] == [r.json()]
    laws = {x["law"]: x for x in admin.get("/api/v1/law/laws").json()["items"]}
    assert laws[MOTO]["services"] == ["mototaxi", "motofrete"]
    # Another municipality's data is not even seen.
    other = Client()
    other.force_login(user_of("ipatinga", Role.ADMIN))
    assert all(b["service"] != "aplicativo" for b in other.get(API).json()["items"])


def test_the_administrator_records_a_binding_on_the_municipal_data_page(barra_m, user_of):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.ADMIN))
    page = c.get("/municipio/dados/").content.decode()
    assert "Leis de cada serviço" in page and "transporte por aplicativo" in page
    r = c.post(
        "/municipio/dados/",
        {
            "kind": "law_binding",
            "law_binding-service": "taxi",
            "law_binding-law": MOTO,
            "law_binding-valid_from": "01/01/2026",
            "law_binding-reference": "Lei 1/2026",
        },
    )
    assert r.status_code == 422 and "não rege táxi" in r.content.decode()
    r = c.post(
        "/municipio/dados/",
        {
            "kind": "law_binding",
            "law_binding-service": "mototaxi",
            "law_binding-law": MOTO,
            "law_binding-valid_from": "01/01/2026",
            "law_binding-reference": "Lei 1/2026",
        },
        follow=True,
    )
    assert "Lei do serviço registrada." in r.content.decode()
    assert law_of(barra_m, "mototaxi", ON) == MOTO


def test_the_law_of_many_permits_reads_the_bindings_once(ipatinga_m, django_assert_max_num_queries):
    from validate_docbr import CPF

    from outorga.registry.models import Permit, Person

    with tenant(ipatinga_m):
        for n in range(5):
            person = Person.objects.create(document=CPF().generate(), name=f"P {n}")
            Permit.objects.create(
                service="mototaxi" if n % 2 else "taxi",
                holder=person,
                number=f"T-{n}",
                registration_number=900 + n,
                granted_on=ON,
                term_start=ON,
                term_end=ON.replace(year=ON.year + 5),
            )
        permits = list(Permit.objects.all())
        ipatinga_m.forget_bindings()
        with django_assert_max_num_queries(1):
            laws = {p.law for p in permits}
    assert laws <= {MOTO, "ipatinga.taxi-2017"}


def test_d_4_d_15_a_permit_answers_to_the_law_in_force_on_its_municipality_s_day(
    barra_m, user_of, monkeypatch
):
    """At 00:30 of 01/07/2026 in Brasília it is still 23:30 of 30/06 in Barra do Garças (UTC−4):
    a permit there whose service passes to another law on 01/07 still answers to the law of
    30/06 — read in the municipality's scope (a request, the sweep) or outside any (a task, a
    system administrator's screen), whatever the server's clock (D-4, D-15)."""
    import importlib
    import sys
    from pathlib import Path

    from validate_docbr import CPF

    from outorga.registry.models import Permit, Person

    sys.path.insert(0, str(Path(__file__).parents[1] / "lawbooks"))
    vila = importlib.import_module("vila_serena_mototaxi_2026")
    _adopt_ipatinga_mototaxi_law(barra_m, user_of)
    _bind(
        barra_m,
        user_of,
        "barra-do-garcas",
        service="mototaxi",
        law=vila.LAW_ID,
        valid_from=dt.date(2026, 7, 1),
        reference="Lei de teste",
    )
    with tenant(barra_m):
        holder = Person.objects.create(document=CPF().generate(), name="Relógio de Cuiabá")
        permit = Permit.objects.create(
            service="mototaxi",
            holder=holder,
            number="MT-RELOGIO",
            registration_number=990,
            granted_on=dt.date(2026, 2, 1),
            term_start=dt.date(2026, 2, 1),
            term_end=dt.date(2031, 2, 1),
        )
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    with tenant(barra_m):
        assert permit.law == MOTO
    with unscoped():
        assert Permit.objects.get(pk=permit.pk).law == MOTO
    # An hour later it is 01/07 in Barra do Garças too: the new law governs.
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant + dt.timedelta(hours=1))
    assert permit.law == vila.LAW_ID

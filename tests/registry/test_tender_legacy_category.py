"""A taxi tender recorded before categories (older data) goes through every step on the screens:
the evaluation asks the category of the applicants enrolled without one (taxi art. 5, 6) and
records it, so the ranking, the homologation and the grant in ranking order (art. 3) proceed; an
applicant who chose a category at enrolment keeps it."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import TAXI_ON as ON
from registry_factories import taxi_holder

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant

OPENED = ON - dt.timedelta(days=40)
EVALUATED = ON - dt.timedelta(days=20)
HOMOLOGATED = ON - dt.timedelta(days=5)
TAXI_LAW = "Lei do táxi de Ipatinga (2017)"
CHECKS = {
    "outorga-inspection_approved": "on",
    "outorga-inspection_accredited_inmetro": "on",
    "outorga-taximeter_approved_by": "INMETRO",
    "outorga-roof_sign_taxi": "on",
    "outorga-ctb_equipment_ok": "on",
}


def _authority(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.AUTORIDADE))
    return c


def _alert(body: str) -> str:
    assert 'role="alert"' in body, body
    return body.split('role="alert"', 1)[1].split("</div></div>", 1)[0]


def _grant_body(applicant: TenderApplicant, plate: str, **more: str) -> dict[str, object]:
    return {
        "step": "grant",
        "applicant": str(applicant.pk),
        "outorga-vehicle": plate,
        "outorga-on": ON.isoformat(),
        "outorga-option": "I",
        "outorga-mode": "pagamento",
        "outorga-instalments": "18",
        "outorga-declarations": ["declaracao_outorgas", "declaracao_vinculo"],
        **CHECKS,
        **more,
    }


def test_art_5_6_a_legacy_tender_is_evaluated_in_the_category_given_and_granted(
    ipatinga_m, user_of
):
    m = ipatinga_m
    old, old_car = taxi_holder(m, ON, name="Inscrito Antigo")
    chose, _ = taxi_holder(m, ON, name="Inscrita Com Categoria")
    with tenant(m):
        tender = Tender.objects.create(service="taxi", number="L-OLD", places=1, opened_on=OPENED)
        legacy = TenderApplicant.objects.create(tender=tender, person=old)
        chosen = TenderApplicant.objects.create(
            tender=tender, person=chose, taxi_category="executivo"
        )
    url = f"/licitacoes/{tender.pk}/"
    c = _authority(user_of)
    page = c.get(url).content.decode()
    assert 'name="taxi_category"' in page.split("Avaliar habilitação", 1)[1]

    # Without the category the evaluation is refused, citing art. 5, and nothing is recorded.
    r = c.post(url, {"step": "evaluate", "on": EVALUATED.isoformat()})
    assert "use convencional, especial ou executivo" in _alert(r.content.decode())
    assert f"{TAXI_LAW}, art. 5" in _alert(r.content.decode())
    with tenant(m):
        assert not TenderApplicant.objects.filter(tender=tender, eligible__isnull=False).exists()

    r = c.post(
        url, {"step": "evaluate", "on": EVALUATED.isoformat(), "taxi_category": "convencional"}
    )
    assert r.status_code == 302
    with tenant(m):
        legacy.refresh_from_db()
        chosen.refresh_from_db()
        act = Act.objects.filter(action="tender.evaluate", object_id=str(legacy.pk)).get()
    assert (legacy.taxi_category, legacy.eligible) == ("convencional", True)
    assert chosen.taxi_category == "executivo"  # chosen at enrolment, kept
    assert act.record["payload"]["new"]["taxi_category"] == "convencional"
    assert "convencional" in str(legacy.decision["eligibility"])
    assert 'name="taxi_category"' not in c.get(url).content.decode()

    ranks = {f"rank_{a.pk}": str(n) for n, a in enumerate((legacy, chosen), 1) if a.eligible}
    assert c.post(url, {"step": "ranking", **ranks}).status_code == 302
    r = c.post(url, {"step": "homologate", "on": HOMOLOGATED.isoformat()})
    assert r.status_code == 302
    with tenant(m):
        tender.refresh_from_db()
    assert tender.status == Tender.Status.HOMOLOGATED

    page = c.get(url).content.decode()
    assert "Próximo: <strong>Inscrito Antigo</strong>" in page
    assert 'name="outorga-category"' not in page  # recorded at the evaluation
    assert c.post(url, _grant_body(legacy, old_car.plate)).status_code == 302
    with tenant(m):
        permit = Permit.objects.get(tender=tender)
    assert (permit.holder_id, permit.taxi_category) == (old.pk, "convencional")


def test_art_5_6_a_ranked_legacy_applicant_without_a_category_is_asked_it_at_the_grant(
    ipatinga_m, user_of
):
    """An applicant ranked before the category was recorded at the evaluation: the grant screen
    asks it, and refuses to guess it."""
    m = ipatinga_m
    holder, car = taxi_holder(m, ON, name="Classificado Antigo")
    with tenant(m):
        tender = Tender.objects.create(
            service="taxi",
            number="L-OLD-2",
            places=1,
            opened_on=OPENED,
            homologated_on=HOMOLOGATED,
            status=Tender.Status.HOMOLOGATED,
        )
        applicant = TenderApplicant.objects.create(
            tender=tender, person=holder, eligible=True, rank=1
        )
    url = f"/licitacoes/{tender.pk}/"
    c = _authority(user_of)
    assert 'name="outorga-category"' in c.get(url).content.decode()
    r = c.post(url, _grant_body(applicant, car.plate))
    assert "use convencional, especial ou executivo" in _alert(r.content.decode())
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
    r = c.post(url, _grant_body(applicant, car.plate, **{"outorga-category": "convencional"}))
    assert r.status_code == 302
    with tenant(m):
        assert Permit.objects.get(tender=tender).taxi_category == "convencional"


def test_art_3_6_a_category_given_for_a_tender_with_its_own_is_refused(ipatinga_m, user_of):
    m = ipatinga_m
    holder, _ = taxi_holder(m, ON)
    with tenant(m):
        tender = Tender.objects.create(
            service="taxi", taxi_category="especial", number="L-E", places=1, opened_on=OPENED
        )
        TenderApplicant.objects.create(tender=tender, person=holder, taxi_category="especial")
    url = f"/licitacoes/{tender.pk}/"
    c = _authority(user_of)
    assert 'name="taxi_category"' not in c.get(url).content.decode()
    r = c.post(
        url, {"step": "evaluate", "on": EVALUATED.isoformat(), "taxi_category": "convencional"}
    )
    assert "art. 3; art. 6" in _alert(r.content.decode())
    with tenant(m):
        assert not TenderApplicant.objects.filter(tender=tender, eligible__isnull=False).exists()

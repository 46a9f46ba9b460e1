"""The registry's step of the daily sweep: documents expiring and expired, permits marked
irregular and back to regular, vehicles over age, auxiliaries' credentials — and a second run on
the same date changes nothing."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from registry_factories import MOTO, make_applicant
from registry_factories import MOTO_ON as ON
from registry_factories import moto_grant as grant
from validate_docbr import RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.rule_suspensions import rule_suspension_record
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Notification, Permit, Vehicle
from outorga.registry.services.auxiliaries import auxiliary_add
from outorga.registry.services.documents import document_record
from outorga.registry.services.vehicles import vehicle_register
from outorga.registry.sweep import PREFIX, registry_sweep


@pytest.fixture
def permit(ipatinga_m, clerk, tender):  # type: ignore[no-untyped-def]
    person, vehicle = make_applicant(ipatinga_m, clerk, n=1, year=2016)
    return grant(ipatinga_m, clerk, person, vehicle, tender)


def sweep(m, on):  # type: ignore[no-untyped-def]
    with tenant(m):
        return registry_sweep(m, on, NoProgress())


def counts(m):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.count(), Notification.objects.count()


def inspection(m, permit):  # type: ignore[no-untyped-def]
    with tenant(m):
        return Document.objects.get(vehicle=permit.vehicle, doc_type=Document.Type.INSPECTION)


def test_a_document_expiring_in_30_days_warns_the_holder_once(ipatinga_m, permit):
    doc = inspection(ipatinga_m, permit)
    assert doc.valid_until is not None  # semiannual report: validity from the law core
    on = doc.valid_until - dt.timedelta(days=20)
    first = sweep(ipatinga_m, on)
    assert first.changes >= 1
    with tenant(ipatinga_m):
        n = Notification.objects.get(kind=Notification.Kind.DOCUMENT_EXPIRING, permit=permit)
    assert n.person_id == permit.holder_id and n.due_on == doc.valid_until
    assert f"{doc.valid_until:%d/%m/%Y}" in n.message and "faltam 20 dias" in n.message
    before = counts(ipatinga_m)
    again = sweep(ipatinga_m, on)
    assert again.changes == 0 and counts(ipatinga_m) == before


def test_each_threshold_30_15_7_warns_once(ipatinga_m, permit):
    doc = inspection(ipatinga_m, permit)
    assert doc.valid_until is not None
    for days in (31, 30, 29, 15, 14, 8, 7, 1):
        sweep(ipatinga_m, doc.valid_until - dt.timedelta(days=days))
    with tenant(ipatinga_m):
        keys = set(
            Notification.objects.filter(kind=Notification.Kind.DOCUMENT_EXPIRING).values_list(
                "key", flat=True
            )
        )
    assert len(keys) == 3 and {k.rsplit(":", 1)[1] for k in keys} == {"30", "15", "7"}


def test_an_expired_document_marks_the_permit_irregular_with_an_act(ipatinga_m, permit):
    doc = inspection(ipatinga_m, permit)
    assert doc.valid_until is not None
    on = doc.valid_until + dt.timedelta(days=1)
    result = sweep(ipatinga_m, on)
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
        act = Act.objects.filter(action="permit.irregular", object_id=str(p.pk)).get()
    assert p.irregular and p.irregular_reason.startswith(PREFIX)
    assert "laudo de inspeção" in p.irregular_reason and f"{doc.valid_until:%d/%m/%Y}" in (
        p.irregular_reason
    )
    assert p.status == Permit.Status.ACTIVE  # irregular is not a penalty (D-3)
    assert act.record["basis"]["citations"], "the act cites the article of the validity"
    assert act.actor_name == "varredura diária"
    assert any("irregulares" in line for line in result.lines)
    before = counts(ipatinga_m)
    assert sweep(ipatinga_m, on).changes == 0
    assert counts(ipatinga_m) == before


def test_a_valid_document_recorded_brings_the_permit_back_to_regular(ipatinga_m, clerk, permit):
    doc = inspection(ipatinga_m, permit)
    assert doc.valid_until is not None
    on = doc.valid_until + dt.timedelta(days=3)
    sweep(ipatinga_m, on)
    with tenant(ipatinga_m):
        document_record(
            actor=clerk,
            municipality=ipatinga_m,
            law=MOTO,
            doc_type=Document.Type.INSPECTION,
            vehicle=permit.vehicle,
            issued_on=on,
        )
    sweep(ipatinga_m, on)
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
        assert not p.irregular and p.irregular_reason == ""
        assert Act.objects.filter(action="permit.regular", object_id=str(p.pk)).count() == 1
        assert Notification.objects.filter(kind=Notification.Kind.PERMIT_REGULAR).count() == 1


def test_an_irregularity_set_by_a_person_is_never_lifted_by_the_sweep(ipatinga_m, permit):
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(
            irregular=True, irregular_reason="vistoria extraordinária reprovada"
        )
    sweep(ipatinga_m, ON + dt.timedelta(days=1))
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
    assert p.irregular and p.irregular_reason == "vistoria extraordinária reprovada"


def test_art_3_ii_a_motorcycle_turning_11_years_is_announced_then_irregular(ipatinga_m, permit):
    # Made in 2016: 10 years in 2026 (allowed), 11 in 2027 (art. 3, II; D-6).
    sweep(ipatinga_m, dt.date(2026, 12, 10))
    with tenant(ipatinga_m):
        warn = Notification.objects.get(kind=Notification.Kind.VEHICLE_AGE)
        assert warn.due_on == dt.date(2027, 1, 1) and "art. 3" in warn.message
        # (the semiannual inspection report has lapsed by then; the age is not yet a cause)
        assert "idade máxima" not in Permit.objects.get(pk=permit.pk).irregular_reason
    sweep(ipatinga_m, dt.date(2027, 1, 1))
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
        assert p.irregular and "acima da idade máxima desde 01/01/2027" in p.irregular_reason
        assert Notification.objects.filter(kind=Notification.Kind.VEHICLE_AGE).count() == 2


def test_art_3_ii_a_10_year_old_motorcycle_is_not_warned_early(ipatinga_m, permit):
    sweep(ipatinga_m, dt.date(2026, 11, 30))  # 32 days before the limit
    with tenant(ipatinga_m):
        assert not Notification.objects.filter(kind=Notification.Kind.VEHICLE_AGE).exists()


COURT = "TJMG, processo 1.0000.26.000001-0/000 (exemplo), 01/06/2026"


def test_d16_art_3_ii_no_age_aviso_nor_irregularity_while_the_rule_is_suspended(
    ipatinga_m, permit, user_of
):
    # The permit's motorcycle was made in 2016: 11 years in 2027, over art. 3, II's limit.
    rule_suspension_record(
        actor=Actor.of(user_of(ipatinga_m.slug, Role.AUTORIDADE)),
        municipality=ipatinga_m,
        rule="art_3_ii_age",
        start=dt.date(2026, 6, 1),
        end=dt.date(2027, 3, 31),
        reference=COURT,
    )
    sweep(ipatinga_m, dt.date(2026, 12, 10))
    sweep(ipatinga_m, dt.date(2027, 1, 1))
    with tenant(ipatinga_m):
        assert not Notification.objects.filter(kind=Notification.Kind.VEHICLE_AGE).exists()
        # Irregular by then for its lapsed inspection report, not for its age.
        assert not any(age_cited(a) for a in irregular_acts(permit))
    # The suspension over, the rule applies again: over age since 01/01/2027.
    sweep(ipatinga_m, dt.date(2027, 4, 1))
    with tenant(ipatinga_m):
        warn = Notification.objects.get(kind=Notification.Kind.VEHICLE_AGE)
        assert "passou da idade máxima em 01/01/2027" in warn.message
        assert Permit.objects.get(pk=permit.pk).irregular
        assert age_cited(irregular_acts(permit)[-1])


def irregular_acts(p):  # type: ignore[no-untyped-def]
    return list(Act.objects.filter(action="permit.irregular", object_id=str(p.pk)).order_by("pk"))


def age_cited(act):  # type: ignore[no-untyped-def]
    return any(c.endswith("art. 3, II") for c in act.record["basis"]["citations"])


def _taxi(m, clerk, person):  # type: ignore[no-untyped-def]
    """A taxi permit as the taxi flow leaves it (the sweep reads only the vehicle and dates)."""
    with tenant(m):
        vehicle = vehicle_register(
            actor=clerk,
            municipality=m,
            law="ipatinga.taxi-2017",
            owner=person,
            data={
                "plate": "TAX1A19",
                "renavam": RENAVAM().generate(),
                "kind": Vehicle.Kind.AUTOMOVEL,
                "make_model": "Exemplo Sedan",
                "manufacture_year": 2019,
                "colour": "prata",
                "doors": 5,
                "seats": 5,
                "registration_uf": "MG",
                "registration_city": "Ipatinga",
                "invoice_date": dt.date(2019, 5, 10),
            },
        )
        return Permit.objects.create(
            service="taxi",
            taxi_category="convencional",
            holder=person,
            number="TX-0001",
            registration_number=1,
            granted_on=dt.date(2020, 2, 1),
            term_start=dt.date(2020, 2, 1),
            term_end=dt.date(2030, 2, 1),
            vehicle=vehicle,
        )


def test_taxi_art_28_par_2_replacement_deadline_is_the_next_yearly_renewal(ipatinga_m, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=7)
    permit = _taxi(ipatinga_m, clerk, person)
    # Invoice 10/05/2019: 7 years on 10/05/2026; the cadastro renews every 1st of February.
    sweep(ipatinga_m, dt.date(2026, 4, 20))
    with tenant(ipatinga_m):
        n = Notification.objects.get(kind=Notification.Kind.VEHICLE_AGE, permit=permit)
        assert n.due_on == dt.date(2027, 2, 1)
        assert "10/05/2026" in n.message and "art. 28" in n.message
        # The years are the law's dated parameter (art. 28, II), as the law counted them.
        assert "completa 7 anos em 10/05/2026" in n.message
    sweep(ipatinga_m, dt.date(2027, 1, 31))
    with tenant(ipatinga_m):
        assert "veículo" not in Permit.objects.get(pk=permit.pk).irregular_reason
    sweep(ipatinga_m, dt.date(2027, 2, 1))  # on the renewal date it must already be replaced
    with tenant(ipatinga_m):
        p = Permit.objects.get(pk=permit.pk)
        assert p.irregular and "01/02/2027" in p.irregular_reason
        assert "com 7 anos em 10/05/2026" in p.irregular_reason


def test_auxiliary_credential_expiring_warns_the_holder(ipatinga_m, clerk, permit):
    helper, _ = make_applicant(ipatinga_m, clerk, n=2, plate="AUX1D02")
    with tenant(ipatinga_m):
        aux = auxiliary_add(
            actor=clerk,
            municipality=ipatinga_m,
            permit=permit,
            person=helper,
            on=ON,
            work_schedule="seg a sex, 6h–14h",
            indication="Protocolo 1/2026",
        )
    assert aux.credential_valid_until is not None
    sweep(ipatinga_m, aux.credential_valid_until - dt.timedelta(days=10))
    sweep(ipatinga_m, aux.credential_valid_until + dt.timedelta(days=1))
    with tenant(ipatinga_m):
        warn = Notification.objects.get(kind=Notification.Kind.AUXILIARY_CREDENTIAL)
        gone = Notification.objects.get(kind=Notification.Kind.AUXILIARY_CREDENTIAL_EXPIRED)
    assert warn.person_id == permit.holder_id and "art. 14, §2" in warn.message
    assert helper.name in gone.message


def test_the_sweep_command_twice_changes_nothing_the_second_time(ipatinga_m, permit):
    doc = inspection(ipatinga_m, permit)
    assert doc.valid_until is not None
    on = (doc.valid_until + dt.timedelta(days=1)).isoformat()
    out = io.StringIO()
    call_command("sweep", on=on, municipality="ipatinga", stdout=out, no_progress=True)
    assert "ipatinga · registry" in out.getvalue()
    assert "Total de alterações: 0" not in out.getvalue()
    before = counts(ipatinga_m)
    out = io.StringIO()
    call_command("sweep", on=on, municipality="ipatinga", stdout=out, no_progress=True)
    assert "Total de alterações: 0" in out.getvalue()
    assert counts(ipatinga_m) == before


def test_the_sweep_command_refuses_an_unknown_municipality_or_date(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="município desconhecido"):
        call_command("sweep", municipality="atlantida", stdout=io.StringIO())
    with pytest.raises(CommandError, match="data inválida"):
        call_command("sweep", on="31/02/2026", stdout=io.StringIO())

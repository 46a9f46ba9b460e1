"""Taxi art. 19 (the taxista's duties, I–IV) and art. 44 (advertising only on the top and/or rear)
on the auto: each is a choice of the inspector's form with its article; the law gives them no
nature, so the fine waits for the regulation's (art. 43) and none is invented; once the regulation
lists the item, the fine of its nature follows (art. 41 §2) and still cites the law's article."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from enforcement_factories import client_of, make_final, taxi_auto
from registry_factories import taxi_permit

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Penalty, TaxiInfractionItem
from outorga.finance.models import Debt
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)  # a Monday


def test_art_19_and_art_44_are_choices_of_the_auto_form_with_their_articles(world, user_of):
    permit = taxi_permit(world.m, n=9101, plate="ADV1A23")
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    page = fiscal.get("/fiscalizacao/autos/novo/", {"permit": permit.pk})
    html = page.content.decode()
    assert page.status_code == 200 and permit.number in html
    for code, article in (
        ("dever_atendimento", "art. 19, I"),
        ("dever_traje", "art. 19, II"),
        ("dever_condicoes_veiculo", "art. 19, III"),
        ("dever_documentacao_veiculo", "art. 19, IV"),
        ("publicidade_irregular", "art. 44"),
    ):
        assert f'value="{code}"' in html and article in html
    assert "natureza a definir pelo regulamento" in html
    assert "art. 19, V" not in html


def test_art_44_auto_then_no_fine_until_the_regulation_gives_the_nature(world, user_of):
    with tenant(world.m):
        TaxiInfractionItem.objects.filter(code="publicidade_irregular").delete()
    permit = taxi_permit(world.m, n=9102)
    auto = taxi_auto(world, permit, "publicidade_irregular", on=D)
    assert auto.provision.endswith("art. 44") and auto.severity == ""
    make_final(world, auto, D)
    with tenant(world.m):
        penalty = Penalty.objects.get(case__auto=auto, kind=Penalty.Kind.FINE)
    assert penalty.debt is None and not penalty.amount_cents
    assert "art_43_nature_from_regulation" in str(penalty.decision)
    case_page = client_of(user_of("ipatinga", Role.AUTORIDADE)).get(
        reverse("enforcement:case", args=[penalty.case_id])
    )
    # No nature yet: no cassação is offered from the case (art. 41 §3–4 need grave/gravíssima).
    assert case_page.status_code == 200
    assert "Propor cassação com base neste auto" not in case_page.content.decode()


def test_art_19_i_with_the_regulations_nature_the_fine_is_charged_citing_art_19(world):
    with tenant(world.m):
        TaxiInfractionItem.objects.update_or_create(
            code="dever_atendimento",
            defaults={
                "description": "Atender sem presteza ou polidez (exemplo)",
                "nature": "leve",
                "reference": "Regulamento — exemplo",
                "example": True,
            },
        )
    permit = taxi_permit(world.m, n=9103)
    auto = taxi_auto(world, permit, "dever_atendimento", on=D)
    assert auto.severity == "leve" and "art. 19, I" in auto.provision
    make_final(world, auto, D)
    with tenant(world.m):
        penalty = Penalty.objects.get(case__auto=auto, kind=Penalty.Kind.FINE)
        assert penalty.debt is not None and penalty.debt.status == Debt.Status.FINAL
        assert penalty.amount_cents > 0
    assert "art. 19, I" in str(penalty.decision)

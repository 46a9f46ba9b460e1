"""The grant forms' legal numbers come from the law core through the law seam, never written in a
form: the mototaxi term's maximum (art. 6, "pelo prazo máximo de 10 (dez) anos") offered and
refused citing the article, and the taxi counterpart's instalments (art. 10, I and II, a: "em até
18 vezes", "em até 36 vezes") shown in the label; a municipality's dated value (D-15) changes them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.registry.forms import GrantForm, TaxiGrantForm
from outorga.registry.models import Tender
from outorga.registry.views.tenders import TenderGrantForm

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def dated(name: str, value: int) -> None:
    ParameterOverride.objects.create(
        name=name,
        effective=TODAY - dt.timedelta(days=400),
        value=value,
        legal_reference="exemplo (teste)",
        example=True,
    )


def moto_grant(term_years: int) -> GrantForm:
    return GrantForm(
        data={"service": "mototaxi", "granted_on": TODAY.isoformat(), "term_years": term_years}
    )


def test_mototaxi_art_6_the_grant_form_refuses_11_years_citing_the_article(ipatinga_m):
    with tenant(ipatinga_m):
        form = moto_grant(11)
        assert not form.is_valid()
        assert form.errors["term_years"] == [
            "Prazo inicial de 11 anos; o máximo é 10 anos (art. 6)."
        ]
        assert "term_years" not in moto_grant(10).errors
        assert form.fields["term_years"].initial == 10
        assert str(form.fields["term_years"].label) == "Prazo (anos) (art. 6)"
        assert 'max="10"' in str(form["term_years"])


def test_mototaxi_art_6_the_term_s_maximum_is_the_law_s_dated_value(ipatinga_m):
    with tenant(ipatinga_m):
        dated("mototaxi_2013.permit.max_term_years", 12)
        assert "term_years" not in moto_grant(11).errors
        form = moto_grant(13)
        assert form.errors["term_years"] == [
            "Prazo inicial de 13 anos; o máximo é 12 anos (art. 6)."
        ]
        assert form.fields["term_years"].initial == 12
        assert 'max="12"' in str(form["term_years"])


def test_mototaxi_art_6_the_tender_s_grant_refuses_11_years_citing_the_article(ipatinga_m, tender):
    with tenant(ipatinga_m):
        data = {"outorga-on": TODAY.isoformat(), "outorga-term_years": "11"}
        form = TenderGrantForm(data, tender=tender)
        assert not form.is_valid()
        assert form.errors["term_years"] == [
            "Prazo inicial de 11 anos; o máximo é 10 anos (art. 6)."
        ]
        assert TenderGrantForm(tender=tender).fields["term_years"].initial == 10


def test_art_10_a_the_instalments_label_shows_the_law_core_s_limits(ipatinga_m):
    with tenant(ipatinga_m):
        assert str(TaxiGrantForm().fields["instalments"].label) == (
            "Parcelas (até 18 no prazo I, até 36 no prazo II; art. 10)"
        )
        dated("taxi_2017.contrapartida_i_a_max_instalments", 24)
        tender = Tender.objects.create(
            service="taxi", number="L-9", places=1, opened_on=TODAY - dt.timedelta(days=30)
        )
        expected = "Parcelas (até 24 no prazo I, até 36 no prazo II; art. 10)"
        assert str(TaxiGrantForm().fields["instalments"].label) == expected
        assert str(TenderGrantForm(tender=tender).fields["instalments"].label) == expected


def test_art_10_the_term_choices_show_the_years_the_law_sets(ipatinga_m):
    """Art. 10: "10 (dez) anos" (I) or "20 (vinte) anos" (II) — each inciso's years read from the
    law's dated parameter when the form is shown, a municipality's dated value (D-15) too."""
    with tenant(ipatinga_m):
        assert list(TaxiGrantForm().fields["option"].choices) == [
            ("I", "I: 10 anos"),
            ("II", "II: 20 anos"),
        ]
        dated("taxi_2017.term_ii_years", 15)
        assert list(TaxiGrantForm().fields["option"].choices)[1] == ("II", "II: 15 anos")

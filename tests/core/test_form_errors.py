"""A refusal reads the same on every screen (``core.formerrors``): the field a FieldError names
gets it under the field; a refusal by the law lists each reason with its article above the form."""

from __future__ import annotations

import datetime as dt

from django import forms

from outorga.core.errors import Conflict, FieldError, Refused
from outorga.core.formerrors import form_add
from outorga.law.citations import cite
from outorga.law.decisions import Decision, Reason, Verdict


class PlateForm(forms.Form):
    plate = forms.CharField(label="Placa")
    year = forms.IntegerField(label="Ano de fabricação")


def test_a_field_error_goes_under_the_field_it_names_by_name_or_label():
    form = PlateForm(data={"plate": "ABC1D23", "year": "2020"})
    form.is_valid()
    form_add(form, FieldError("placa", "placa inválida", "art. 3, I"))
    form_add(form, FieldError("ano", "veículo velho demais"))
    assert form.errors["plate"] == ["placa inválida (art. 3, I)"]
    assert form.errors["year"] == ["veículo velho demais"]


def test_a_field_the_form_lacks_is_named_above_the_form():
    form = PlateForm(data={"plate": "ABC1D23", "year": "2020"})
    form.is_valid()
    form_add(form, FieldError("cpf", "dígito verificador errado"))
    assert form.non_field_errors() == ["Cpf: dígito verificador errado"]


class PersonForm(forms.Form):
    document = forms.CharField(label="CPF ou CNPJ")


def test_a_field_named_by_a_word_of_the_label_gets_the_message():
    form = PersonForm(data={"document": "1"})
    form.is_valid()
    form_add(form, FieldError("cnpj", "CNPJ inválido"))
    assert form.errors["document"] == ["CNPJ inválido"]


def test_a_refusal_by_the_law_lists_each_reason_with_its_article():
    decision = Decision(
        "q",
        dt.date(2026, 1, 1),
        "ipatinga",
        False,
        (
            Reason("r1", (cite("ipatinga.taxi-2017", 6),), Verdict.REFUSED, "sem CNH"),
            Reason("r2", (cite("ipatinga.taxi-2017", 4),), Verdict.OK, "reside"),
        ),
    )
    form = PlateForm(data={"plate": "ABC1D23", "year": "2020"})
    form.is_valid()
    form_add(form, Refused(decision))
    # Only the refused reason, with the article it cites.
    assert form.non_field_errors() == [f"sem CNH ({cite('ipatinga.taxi-2017', 6).render()})"]
    form_add(form, Conflict("a permissão já está suspensa"))
    assert form.non_field_errors()[-1] == "a permissão já está suspensa"

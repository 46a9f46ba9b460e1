"""Bindings as dated data: which law governs which service, from when (D-15)."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.law.bindings import (
    RULEBOOKS,
    Binding,
    LawNotBound,
    adopting,
    binding_on,
    laws_of,
    overlap,
)

D = dt.date
OLD = Binding("mototaxi", "ipatinga.mototaxi-2013", D(2013, 8, 27), D(2026, 12, 31), "lei de 2013")
NEW = Binding("mototaxi", "teste.mototaxi-2027", D(2027, 1, 1), None, "lei de 2027")


def test_d_15_the_law_of_a_fact_is_the_one_bound_on_its_date():
    assert binding_on((OLD, NEW), "mototaxi", D(2026, 12, 31)) is OLD  # the last day included
    assert binding_on((OLD, NEW), "mototaxi", D(2027, 1, 1)) is NEW
    with pytest.raises(LawNotBound, match="Nenhuma lei rege o serviço de mototáxi em Ipatinga"):
        binding_on((OLD, NEW), "mototaxi", D(2013, 8, 26), "Ipatinga")
    with pytest.raises(LawNotBound, match="táxi"):
        binding_on((OLD, NEW), "taxi", D(2026, 1, 1), "Ipatinga")


def test_periods_of_one_service_that_meet_overlap_and_those_that_follow_do_not():
    assert overlap((OLD,), NEW) is None
    assert overlap((OLD,), Binding("mototaxi", "x", D(2026, 12, 31))) is OLD
    assert overlap((NEW,), Binding("mototaxi", "x", D(2020, 1, 1), D(2027, 1, 1))) is NEW
    assert overlap((OLD,), Binding("motofrete", "x", D(2020, 1, 1))) is None


def test_adopting_a_law_binds_every_service_it_governs_from_its_entry_into_force():
    moto = adopting("ipatinga.mototaxi-2013")
    assert {b.service for b in moto} == {"mototaxi", "motofrete"}
    assert {b.valid_from for b in moto} == {RULEBOOKS["ipatinga.mototaxi-2013"].in_force_from}
    assert laws_of((NEW, OLD)) == ("ipatinga.mototaxi-2013", "teste.mototaxi-2027")

"""The registry asks the ledger and enforcement through its ports (``registry.ports``), never by
importing them: each area provides its own at start-up, and a missing one is an error, never a
silent "no debts" or "no penalty"."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ImproperlyConfigured

from outorga.enforcement.registry_port import EnforcementSanctions
from outorga.finance.registry_port import FinanceLedger
from outorga.registry import ports


def test_finance_and_enforcement_provide_the_registry_s_ports_at_start_up():
    assert isinstance(ports.ledger(), FinanceLedger)
    assert isinstance(ports.sanctions(), EnforcementSanctions)


def test_a_port_nobody_provided_is_an_error_not_an_empty_answer(monkeypatch):
    monkeypatch.setattr(ports, "_provided", {})
    with pytest.raises(ImproperlyConfigured, match="outorga.finance"):
        ports.ledger().debts_blocking(object(), dt.date(2026, 1, 1))
    with pytest.raises(ImproperlyConfigured, match="outorga.enforcement"):
        ports.sanctions()

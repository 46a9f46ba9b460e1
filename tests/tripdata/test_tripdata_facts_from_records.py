"""The tripdata facts builder reads the roster: change one record, and the law's ISSQN statement
changes (issue "law bindings", point 3; ADR 0012 §6). The month is computed by the upload's
processing and recomputed by Finance (``services.issqn.issqn_statement_recompute``), as on its screen.

=======================================================  ===============  =======================================================
builder (fact it reads)                                  question         test
=======================================================  ===============  =======================================================
_compute_statement ← platforms.selectors.tax_regimes     issqn_statement  test_art_20_a_driver_declared_mei_on_the_roster_is_taxed_at_the_mei_rate
(each driver's regime on the roster, D-14)
=======================================================  ===============  =======================================================

Already covered by an existing test that changes the record and sees the decision change:

- ``_store`` → concurrency_month (the month's measured peak, D-9 b):
  ``test_tripdata_regime_candidate.py::
  test_d9_b_a_later_file_within_the_cap_withdraws_the_candidate_and_a_new_excess_lists_it_again``.

Constant fact reported, not fixed: ``PLATFORM_REGIME = "geral"`` (``tripdata/services/common.py``) — the
platform's own tax regime is not on its record (no field on ``Platform``).
"""

from __future__ import annotations

import pytest
from tripdata_factories import make_mei, processed, statement_lines

from outorga.core.acts import Actor
from outorga.law.competence import Role
from outorga.tripdata.services import issqn

CPF = "52998224725"


@pytest.mark.usefixtures("mei_rate")
def test_art_20_a_driver_declared_mei_on_the_roster_is_taxed_at_the_mei_rate(
    world, sample_trips, user_of
):
    processed(world.upload(sample_trips).json()["id"])
    st, lines = statement_lines(world)
    assert (lines[CPF].regime, lines[CPF].rate) == ("autonomo", "0.02")
    # The one change: the platform's roster entry for the driver declares MEI (art. 20).
    make_mei(world, CPF)
    issqn.issqn_statement_recompute(
        actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
        municipality=world.m,
        platform=world.platform,
        first_day=st.month,
    )
    st, lines = statement_lines(world)
    assert (lines[CPF].regime, lines[CPF].rate, lines[CPF].iss_cents) == ("mei", "0.01", 30)
    assert any("art. 20" in c for c in st.decision["citations"])

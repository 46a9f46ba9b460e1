"""The date boxes of the apps law's screens (the penalty's fact and defence notice, a case's fact)
come filled with today as the browser's date picker reads it (ISO ``aaaa-mm-dd``): a value in the
locale's ``dd/mm/aaaa`` is dropped by the browser and the box shows empty."""

from __future__ import annotations

import datetime as dt
import re

from outorga.platforms.views.cases import CaseForm
from outorga.platforms.views.penalties import PenaltyForm

DAY = dt.date(2026, 12, 6)


def _value(html: str, name: str) -> str:
    match = re.search(rf'<input type="date" name="{name}" value="([^"]*)"', html)
    assert match, html
    return match.group(1)


def test_the_penalty_form_shows_its_dates_as_the_date_picker_reads_them() -> None:
    html = str(PenaltyForm(initial={"infraction_on": DAY, "defence_notice_on": DAY}))
    assert _value(html, "infraction_on") == "2026-12-06"
    assert _value(html, "defence_notice_on") == "2026-12-06"


def test_the_case_form_shows_its_fact_date_as_the_date_picker_reads_it() -> None:
    assert _value(str(CaseForm(initial={"infraction_on": DAY})), "infraction_on") == "2026-12-06"

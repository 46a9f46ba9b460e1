"""Every date box of the screens is the browser's date picker with its value in ISO form
(``core.formfields.date_input``): the only form it reads. With the locale's ``dd/mm/aaaa`` the
initial day (today, a decision's day) is dropped and the box shows empty."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from django import forms

from outorga.core.formfields import date_input

SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"


class _Form(forms.Form):
    on = forms.DateField(widget=date_input())


def test_a_date_box_shows_its_initial_day_as_the_date_picker_reads_it() -> None:
    html = str(_Form(initial={"on": dt.date(2026, 12, 6)}))
    assert re.search(r'<input type="date" name="on" value="2026-12-06"', html), html


def test_no_screen_builds_its_own_date_box() -> None:
    own = [
        f"{p.relative_to(SRC)}:{n}"
        for p in SRC.rglob("*.py")
        if p.name != "formfields.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "DateInput(" in line
    ]
    assert own == []

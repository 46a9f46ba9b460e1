"""Due process shows the money (issue "back office", item 6): whoever judges a defence or an appeal
sees, on the case page, the fine the law sets for the infraction — its nature, the fiscal units
and the reais, each with its article (mototaxi art. 37–41) — and so does the holder on the portal."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from enforcement_factories import case_of, client_of, file, issue, make_world

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 3, 2)


def test_art_38_the_authority_judging_a_defence_sees_the_fine_in_units_and_reais(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    auto = issue(w, on=ON)
    case = case_of(w, auto)
    file(w, auto, ON + dt.timedelta(days=3))
    page = client_of(w.authority.user).get(f"/fiscalizacao/processos/{case.pk}/").content.decode()
    assert "Julgar" in page  # the judgment form is on this page
    assert "Multa pela lei" in page
    block = page[page.index("Multa pela lei") :]
    # The law's own explanation: the nature (art. 37) and the value in reais.
    assert re.search(r"R\$\s?\d", block), block[:800]
    assert "UFPI" in block and "art. 38" in block
    # The fiscal unit's value in Brazilian format (a decimal comma).
    assert not re.search(r"R\$ \d+\.\d{4}\b", block), block[:800]
    # The holder reads the same on the portal.
    portal = client_of(w.holder_user).get(f"/portal/processos/{case.pk}/")
    assert portal.status_code == 200 and "Multa pela lei" in portal.content.decode()


def test_d_5_the_fine_shown_before_it_is_imposed_says_it_is_not_the_amount_due(ipatinga_m, user_of):
    """D-5: the fine is converted at the fiscal unit in force on the day it is imposed — the day
    the case becomes final (D-1) —, while the page's figure is the auto's, at the unit of the day
    of the fact. The page says which day's unit it used and that it is not the amount charged."""
    w = make_world(ipatinga_m, user_of)
    auto = issue(w, on=ON)
    case = case_of(w, auto)
    for client, url in (
        (client_of(w.authority.user), f"/fiscalizacao/processos/{case.pk}/"),
        (client_of(w.holder_user), f"/portal/processos/{case.pk}/"),
    ):
        page = client.get(url).content.decode()
        block = page[page.index("Multa pela lei") :]
        block = block[: block.index("</dd>")]
        assert "valor de referência pela unidade fiscal de 02/03/2026 (data do fato)" in block
        assert "não é o valor cobrado" in block
        assert (
            "cobrada pela unidade fiscal em vigor no dia em que for imposta, quando o processo "
            "se tornar definitivo (decisões D-1 e D-5)"
        ) in block

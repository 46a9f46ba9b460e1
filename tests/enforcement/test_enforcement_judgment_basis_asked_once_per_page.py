"""The Chief Executive's queue and home write beside each appeal's day to judge what it rests on,
as the case's law answers it (Lei 9.784/1999 art. 59 §1 by default, D-17; §2 once extended): a page
reads the municipality's facts for the law once (``core.lawseam.Asker``) and asks each distinct
question once, so its SQL queries do not grow with the appeals it lists."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext
from enforcement_factories import appealed, client_of, taxi_refusal_auto

from outorga.law.competence import Role

D = dt.date(2026, 4, 6)


def _appeal(world: Any, i: int, filed_on: dt.date) -> None:
    auto = taxi_refusal_auto(
        world, on=D, n=9300 + i, name=f"Taxista Fila {i}", plate=f"TAX9F{i:02d}"
    )
    appealed(world, auto, defence_on=D, filed_on=filed_on)


def _queries(user: Any, url: str) -> tuple[int, str]:
    client = client_of(user)
    client.get(url)  # the session and the caches of the first request
    with CaptureQueriesContext(connection) as seen:
        r = client.get(url)
    assert r.status_code == 200
    return len(seen), r.content.decode()


def test_lei_9784_art_59_1_the_queue_and_home_ask_the_law_without_a_query_per_appeal(
    world, user_of
):
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    _appeal(world, 0, dt.date(2026, 4, 9))
    one_queue, _ = _queries(mayor, "/fiscalizacao/fila/")
    one_home, _ = _queries(mayor, "/")
    # Three more, on two other days: distinct questions, one more reading of nothing.
    _appeal(world, 1, dt.date(2026, 4, 9))
    _appeal(world, 2, dt.date(2026, 4, 10))
    _appeal(world, 3, dt.date(2026, 4, 13))
    four_queue, page = _queries(mayor, "/fiscalizacao/fila/")
    assert page.count("julgar até") >= 4 and page.count("Lei Federal 9.784/1999, art. 59, §1") >= 4
    four_home, home = _queries(mayor, "/")
    assert home.count("Lei Federal 9.784/1999, art. 59, §1") >= 4
    assert four_queue <= one_queue, (one_queue, four_queue)
    assert four_home <= one_home, (one_home, four_home)

"""Lei 9.784/1999 art. 59, §2º on the appeal of an inspector's auto under the Barra do Garças apps
law (art. 26, parágrafo único; D-17): the Chief Executive, who judges it (``appeal.executive.judge``),
extends the 30 days of §1 once by as many, with a justification, through the same law-core rule
as the taxi law's; the case page shows the new day and the article. Ipatinga's staff do not find
Barra do Garças's appeal."""

from __future__ import annotations

import datetime as dt
from typing import Any

from enforcement_factories import apps_appealed, client_of

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.law.competence import Role

D = dt.date(2026, 4, 6)
FILED = dt.date(2026, 4, 9)
JUDGE = dt.date(2026, 5, 15)  # received on Wednesday 15/04: the 30th day, a Friday
EXTENDED = dt.date(2026, 6, 15)  # 30 more days: Sunday 14/06, moved to Monday (D-4)
WHY = "Diligência junto à plataforma ainda pendente."


def _post(user: Any, appeal: Filing) -> Any:
    return client_of(user).post(
        f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/",
        {"justification": WHY, "on": "2026-05-08"},
        follow=True,
    )


def test_lei_9784_art_59_2_apps_the_chief_executive_extends_the_autos_appeal_once(barra_m, user_of):
    appeal = apps_appealed(barra_m, user_of, on=D, filed_on=FILED)[1]
    assert appeal.judge_until == JUDGE
    assert (
        client_of(user_of("ipatinga", Role.CHEFE_EXECUTIVO))
        .post(f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/", {"justification": WHY})
        .status_code
        == 404
    )
    mayor = user_of(barra_m.slug, Role.CHEFE_EXECUTIVO)
    page = _post(mayor, appeal).content.decode()
    assert f"julgar até <strong>{EXTENDED:%d/%m/%Y}</strong>" in page
    assert (
        "prorrogado por igual período em 08/05/2026, de 15/05/2026 — Lei Federal 9.784/1999, art. 59, §2"
        in page
    )
    assert WHY in page
    with tenant(barra_m):
        assert Filing.objects.get(pk=appeal.pk).judge_until == EXTENDED
        assert Act.objects.filter(action="appeal.judgment.extend").count() == 1
    assert "já foi prorrogado" in _post(mayor, appeal).content.decode()

"""Lei 9.784/1999 art. 59, §2º on the appeal of an inspector's auto under the Barra do Garças apps
law (art. 26, parágrafo único; D-17): the Chief Executive, who judges it (``appeal.executive.judge``),
extends the 30 days of §1 once by as many, with a justification, through the same law-core rule
as the taxi law's; the case page shows the new day and the article. Only while the period runs:
dated after its last day, or before the Chief Executive received the appeal (§1: "a partir do
recebimento dos autos pelo órgão competente"), the extension is refused and the form is not
offered. Ipatinga's staff do not find Barra do Garças's appeal."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from enforcement_factories import apps_appealed, client_of

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.enforcement.services.judgment import judgment_extend
from outorga.law.competence import Role

#: The extension is an act of its day: "today" is its day, 08/05/2026, inside the period that runs
#: from the receipt on 15/04/2026 to 15/05/2026 (art. 59 §1 and §2; Barra do Garças is at -04:00).
pytestmark = pytest.mark.clock("2026-05-08T12:00:00-04:00")

D = dt.date(2026, 4, 6)
FILED = dt.date(2026, 4, 9)
JUDGE = dt.date(2026, 5, 15)  # received on Wednesday 15/04: the 30th day, a Friday
EXTENDED = dt.date(2026, 6, 15)  # 30 more days: Sunday 14/06, moved to Monday (D-4)
WHY = "Diligência junto à plataforma ainda pendente."


def _post(user: Any, appeal: Filing, on: str = "2026-05-08") -> Any:
    return client_of(user).post(
        f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/",
        {"justification": WHY, "on": on},
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
    url = f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/"
    assert (
        url in client_of(mayor).get(f"/fiscalizacao/processos/{appeal.case_id}/").content.decode()
    )
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


def _refused_outside(barra_m: Any, user_of: Any, on: dt.date, said: str) -> None:
    """An extension dated ``on``, outside the period: no form on the case page; the law refuses it
    with ``said`` through the service and the page, the refusals logged, nothing recorded."""
    _, appeal = apps_appealed(barra_m, user_of, on=D, filed_on=FILED)
    mayor = user_of(barra_m.slug, Role.CHEFE_EXECUTIVO)
    case_page = client_of(mayor).get(f"/fiscalizacao/processos/{appeal.case_id}/").content.decode()
    assert f"/fiscalizacao/pecas/{appeal.pk}/prorrogar-julgamento/" not in case_page
    assert said in _post(mayor, appeal, on.isoformat()).content.decode()
    with pytest.raises(Refused) as exc:
        judgment_extend(
            actor=Actor.of(mayor, "198.51.100.9"),
            municipality=barra_m,
            filing=appeal,
            justification=WHY,
            on=on,
        )
    assert said in str(exc.value)
    with tenant(barra_m):
        now = Filing.objects.get(pk=appeal.pk)
        assert now.judge_until == JUDGE and now.judgment_extended_on is None
        acts = Act.objects.filter(action="appeal.judgment.extend")
        assert not acts.filter(outcome="done").exists()
        assert acts.filter(outcome="refused").count() == 2


@pytest.mark.clock("2026-05-20T12:00:00-04:00")
def test_lei_9784_art_59_2_apps_an_extension_after_the_last_day_is_refused(barra_m, user_of):
    _refused_outside(
        barra_m,
        user_of,
        dt.date(2026, 5, 18),
        "o prazo para julgar terminou em 15/05/2026: não há prazo a prorrogar",
    )


@pytest.mark.clock("2026-04-14T12:00:00-04:00")
def test_lei_9784_art_59_2_apps_an_extension_before_the_receipt_is_refused(barra_m, user_of):
    _refused_outside(
        barra_m,
        user_of,
        dt.date(2026, 4, 14),
        "o prazo para julgar ainda não começou a correr (recebimento em 15/04/2026)",
    )

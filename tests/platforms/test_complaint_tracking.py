"""A citizen's complaint (apps art. 11 III) gets a protocol of its municipality and a tracking code
shown once; the tracking page (no login) shows the status, the law's deadline (art. 15), the
platform's answer and where the complaint was sent — and the same "não encontrada" to anyone
without the right protocol and code of that municipality."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from platforms_factories import make_platform, platform_actor

from outorga.core.lawseam import law_of
from outorga.core.localtime import today_of
from outorga.core.models import Act, LawBinding, Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.law.bindings import Service
from outorga.platforms.models import Complaint, InfractionCandidate
from outorga.platforms.services.complaints import (
    complaint_answer,
    complaint_file_public,
    complaint_forward,
)
from outorga.platforms.sweeping import sweep_platforms

TRACK = "/reclamacao/acompanhar/"
PROTOCOL = re.compile(r"REC-(\d{4})-(\d{6})")


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def _file(m: Municipality, platform, on: dt.date, text: str = "Cobrança acima do preço."):  # type: ignore[no-untyped-def]
    return complaint_file_public(municipality=m, platform=platform, description=text, on=on)


def _track(protocol: str, code: str, slug: str = "barra-do-garcas", client=None):  # type: ignore[no-untyped-def]
    return (client or Client()).post(
        TRACK, {"municipio": slug, "protocolo": protocol, "codigo": code}
    )


def test_art_11_iii_the_form_gives_a_protocol_and_a_code_shown_once(barra_m, platform):
    r = Client().post(
        "/reclamacao/",
        {"municipio": "barra-do-garcas", "platform": platform.pk, "description": "Motorista rude."},
    )
    html = r.content.decode()
    assert r.status_code == 200 and r["Cache-Control"] == "no-store"
    # The code is on this page only: not sent on to other sites, not indexed.
    assert r["Referrer-Policy"] == "no-referrer" and r["X-Robots-Tag"] == "noindex, nofollow"
    with tenant(barra_m):
        made = Complaint.objects.get(description="Motorista rude.")
    assert PROTOCOL.fullmatch(made.protocol) and made.protocol in html
    code = re.search(r'id="codigo-acompanhamento"[^>]*>([^<]+)<', html).group(1)  # type: ignore[union-attr]
    assert code.startswith("rec_") and len(code) > 50
    # Only its digest is stored, and no act records the code.
    assert made.secret_digest == hashlib.sha256(code.encode()).hexdigest()
    with tenant(barra_m):
        assert code not in str(Complaint.objects.filter(pk=made.pk).values().get())
        acts = list(Act.objects.filter(object_id=str(made.pk)).values())
        assert acts and code not in str(acts)
    # The link carries the code in the fragment, which no server log sees.
    link = re.search(r'id="link-acompanhar" href="([^"]+)"', html).group(1)  # type: ignore[union-attr]
    path, fragment = link.split("#", 1)
    assert code not in path and code in fragment and path.startswith(TRACK)


def test_protocols_are_sequential_per_municipality_and_year(barra_m, platform):
    on = dt.date(2026, 4, 17)
    first, _ = _file(barra_m, platform, on)
    second, _ = _file(barra_m, platform, on)
    a, b = PROTOCOL.fullmatch(first.protocol), PROTOCOL.fullmatch(second.protocol)
    assert a and b and a.group(1) == b.group(1) == "2026"
    assert int(b.group(2)) == int(a.group(2)) + 1


def test_art_15_the_tracking_page_shows_the_deadline_in_business_days(barra_m, platform):
    # Filed on Friday 17/04/2026: 5 business days, Tiradentes (21/04) not counted (D-4).
    c, code = _file(barra_m, platform, dt.date(2026, 4, 17))
    r = _track(c.protocol, code)
    html = r.content.decode()
    assert r.status_code == 200 and r["Cache-Control"] == "no-store"
    assert c.protocol in html and platform.name in html
    assert "27/04/2026" in html and "5 dias úteis" in html and "art. 15" in html
    assert "17/04/2026" in html  # filed on, and sent to the platform that day


def test_art_15_the_platform_s_answer_appears_with_its_date(barra_m, platform):
    c, code = _file(barra_m, platform, today_of(barra_m))
    assert "aguardando resposta da plataforma" in _track(c.protocol, code).content.decode()
    complaint_answer(
        actor=platform_actor(),
        municipality=barra_m,
        complaint=c,
        answer="Valor estornado ao passageiro.",
    )
    html = _track(c.protocol, code).content.decode()
    assert "Valor estornado ao passageiro." in html
    assert "respondida no prazo" in html and today_of(barra_m).strftime("%d/%m/%Y") in html


def test_art_15_an_unanswered_complaint_is_shown_as_sent_to_the_authority(barra_m, platform):
    c, code = _file(barra_m, platform, dt.date(2026, 4, 17))
    html = _track(c.protocol, code).content.decode()
    assert "sem resposta no prazo" in html and "fiscalização" not in html
    sweep_platforms(barra_m, dt.date(2026, 4, 28))
    with tenant(barra_m):
        assert InfractionCandidate.objects.filter(key=c.protocol).exists()
    html = _track(c.protocol, code).content.decode()
    assert "encaminhada à fiscalização da Prefeitura em 28/04/2026" in html


def _not_found_text(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html).split("</h1>", 1)[1]


def test_a_wrong_code_and_a_wrong_protocol_get_the_same_not_found(barra_m, platform):
    c, code = _file(barra_m, platform, today_of(barra_m))
    wrong_code = _track(c.protocol, code[:-2] + "xx")
    other_code = _track(c.protocol, _file(barra_m, platform, today_of(barra_m))[1])
    wrong_protocol = _track("REC-2026-999999", code)
    answers = [wrong_code, other_code, wrong_protocol]
    assert [r.status_code for r in answers] == [404, 404, 404]
    texts = [
        _not_found_text(r.content.decode()).replace(c.protocol, "REC-2026-999999") for r in answers
    ]
    assert texts[0] == texts[1] == texts[2]
    assert "Reclamação não encontrada." in texts[0] and platform.name not in texts[0]


def test_another_municipality_s_protocol_is_not_found(barra_m, ipatinga_m, platform):
    # Ipatinga adopts the apps law too: the protocol and code of Barra still find nothing there.
    with unscoped():
        LawBinding.objects.create(
            municipality=ipatinga_m,
            service=Service.APLICATIVO,
            law=law_of(barra_m, Service.APLICATIVO),
            valid_from=dt.date(2025, 8, 1),
            reference="Decreto de adoção (teste)",
        )
    ipatinga_m.forget_bindings()
    theirs = make_platform(ipatinga_m, "Plataforma de Ipatinga")
    mine, mine_code = _file(ipatinga_m, theirs, today_of(ipatinga_m))
    c, code = _file(barra_m, platform, today_of(barra_m))
    r = _track(c.protocol, code, slug="ipatinga")
    assert r.status_code == 404 and platform.name not in r.content.decode()
    assert _track(mine.protocol, mine_code, slug="ipatinga").status_code == 200
    assert _track(mine.protocol, mine_code).status_code == 404


def test_a_complaint_the_platform_forwarded_has_no_public_tracking(barra_m, platform):
    c = complaint_forward(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        description="Encaminhada pela plataforma.",
        filed_on=today_of(barra_m),
    )
    assert PROTOCOL.fullmatch(c.protocol)
    assert _track(c.protocol, "").status_code == 404
    assert _track(c.protocol, "rec_00000000_x").status_code == 404


def test_the_code_is_never_read_from_a_query_string(barra_m, platform):
    c, code = _file(barra_m, platform, today_of(barra_m))
    r = Client().get(f"{TRACK}?municipio=barra-do-garcas&protocolo={c.protocol}&codigo={code}")
    assert r.status_code == 200 and platform.name not in r.content.decode()


def test_the_tracking_page_is_throttled_like_the_plate_check(barra_m, platform, settings):
    settings.OUTORGA_PUBLIC_RATE_PER_MINUTE = 3
    c, code = _file(barra_m, platform, today_of(barra_m))
    client = Client()
    codes = [_track(c.protocol, f"rec_x_{i}", client=client).status_code for i in range(3)]
    r = _track(c.protocol, code, client=client)
    assert codes == [404, 404, 404] and r.status_code == 429
    assert "Aguarde um minuto" in r.content.decode() and r["Retry-After"]


def test_a_municipality_without_the_apps_law_offers_no_tracking(ipatinga_m):
    html = Client().get(f"{TRACK}?municipio=ipatinga").content.decode()
    assert "não recebe reclamações" in html and 'name="codigo"' not in html
    listed = Client().get(TRACK).content.decode()
    assert "Barra do Garças" in listed and "Ipatinga" not in listed


def test_art_11_iii_the_form_names_each_platform_by_its_name(barra_m, platform):
    """The citizen chooses the platform by its name (``Platform.__str__``), never by an id."""
    r = Client().get("/reclamacao/", {"municipio": "barra-do-garcas"})
    html = r.content.decode()
    assert r.status_code == 200
    assert re.search(
        rf'<option value="{platform.pk}"[^>]*>{re.escape(platform.name)}</option>', html
    )
    assert "Platform object" not in html


def test_art_15_d4_a_citizen_s_complaint_is_filed_on_the_municipality_s_day(
    barra_m, platform, monkeypatch
):
    """Filed at 23:30 of Thursday 16/04/2026 in Barra do Garças (MT, UTC−4), already Friday in
    Brasília: the visitor's complaint is of the town's day, 16/04, and its 5 business days end on
    24/04 (art. 15; D-4), not on 27/04."""
    instant = dt.datetime(2026, 4, 17, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    r = Client().post(
        "/reclamacao/",
        {"municipio": "barra-do-garcas", "platform": platform.pk, "description": "Tarde da noite."},
    )
    assert r.status_code == 200, r.content
    with tenant(barra_m):
        made = Complaint.objects.get(description="Tarde da noite.")
    assert made.filed_on == dt.date(2026, 4, 16)
    assert made.deadline == dt.date(2026, 4, 24)


def test_art_11_iii_a_fact_after_the_complaint_is_refused_naming_the_field(barra_m, platform):
    """A complaint tells of something that happened: a date of the fact after the day it is
    filed is refused, naming the field, and nothing is recorded."""
    from outorga.platforms.services.common import PlatformError

    with tenant(barra_m):
        before = Complaint.objects.count()
    with pytest.raises(PlatformError) as refused:
        complaint_file_public(
            municipality=barra_m,
            platform=platform,
            description="O motorista cobrou acima da tarifa.",
            occurred_on=dt.date(2026, 4, 17),
            on=dt.date(2026, 4, 16),
        )
    assert "occurred_on" in json.dumps(refused.value.to_json())
    with tenant(barra_m):
        assert Complaint.objects.count() == before

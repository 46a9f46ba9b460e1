"""Each role opens on its own work: the home lists the tasks of the role's queues with their deadline
(dd/mm/aaaa), the nearest first, each linking to the page where the task is done; another role's
queue and another municipality's rows never show; logins are not counted as the day's acts."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from typing import Any

from django.test import Client
from django.utils import timezone
from enforcement_factories import World, at_jari, case_of, file, issue, make_world
from registry_factories import make_permit

from outorga.core import selectors as core_selectors
from outorga.core.demo import demo_password
from outorga.core.models import Act, User
from outorga.core.tenancy import tenant
from outorga.finance.models_payments import Payment
from outorga.finance.payments import payment_record
from outorga.inspections.selectors import due_queue
from outorga.law.competence import Role

DATE = re.compile(r"\d{2}/\d{2}/\d{4}")


def home_of(user: Any) -> str:
    client = Client()
    client.force_login(user)
    r = client.get("/")
    assert r.status_code == 200
    return r.content.decode()


def queue(html: str, title: str) -> list[dict[str, str]] | None:
    """The rows of the queue titled ``title`` (text, link, deadline as shown); None if absent."""
    m = re.search(
        r'<section class="queue"[^>]*>\s*<h2[^>]*>' + re.escape(title) + r" <span(.*?)</section>",
        html,
        re.S,
    )
    if m is None:
        return None
    rows = []
    for li in re.findall(r"<li[^>]*>(.*?)</li>", m.group(1), re.S):
        link = re.search(r'<a href="([^"]+)">(.*?)</a>', li, re.S)
        when = re.search(r'<span class="when">(.*?)</span>', li, re.S)
        assert link is not None, li
        rows.append(
            {
                "url": htmllib.unescape(link.group(1)),
                "text": htmllib.unescape(link.group(2)),
                "when": when.group(1) if when else "",
            }
        )
    return rows


def dates(rows: list[dict[str, str]]) -> list[dt.date]:
    out = []
    for r in rows:
        d, mth, y = DATE.search(r["when"]).group(0).split("/")  # type: ignore[union-attr]
        out.append(dt.date(int(y), int(mth), int(d)))
    return out


def opens(user: Any, url: str) -> None:
    client = Client()
    client.force_login(user)
    r = client.get(url)
    assert r.status_code == 200, (url, r.status_code)


def world(ipatinga_m: Any, user_of: Any) -> World:
    return make_world(ipatinga_m, user_of)


def test_the_authority_opens_on_the_defences_to_judge_oldest_first(ipatinga_m, user_of):
    w = world(ipatinga_m, user_of)
    cases = []
    # Filed out of order on 08/04, 06/04 and 07/04 (their last days to file 20/04 — Saturday 18
    # moved —, 16/04 and 17/04): shown since the filing, no day to judge by (mototaxi art. 42).
    for day in (dt.date(2026, 4, 8), dt.date(2026, 4, 6), dt.date(2026, 4, 7)):
        auto = issue(w, on=day)
        file(w, auto, day)
        cases.append(case_of(w, auto))
    authority = user_of("ipatinga", Role.AUTORIDADE)
    rows = queue(home_of(authority), "Defesas e recursos a julgar")
    assert rows is not None
    mine = [r for r in rows if any(c.number in r["text"] for c in cases)]
    expected = sorted(cases, key=lambda c: c.deadline)
    assert [r["text"].split("processo ")[1].split(",")[0] for r in mine] == [
        c.number for c in expected
    ]
    assert dates(mine) == [dt.date(2026, 4, 6), dt.date(2026, 4, 7), dt.date(2026, 4, 8)]
    assert mine[0]["when"] == "desde 06/04/2026"
    opens(authority, mine[0]["url"])
    # The JARI judges no defence; the holder sees no judging queue; Barra's authority none of these.
    jari_rows = queue(home_of(user_of("ipatinga", Role.JARI)), "Defesas e recursos a julgar")
    assert jari_rows is not None and not any(
        c.number in r["text"] for r in jari_rows for c in cases
    )
    assert queue(home_of(w.holder_user), "Defesas e recursos a julgar") is None
    barra = home_of(user_of("barra-do-garcas", Role.AUTORIDADE))
    assert not any(c.number in barra for c in cases)


def test_the_jari_opens_on_its_appeals_and_the_authority_does_not_see_them(ipatinga_m, user_of):
    w = world(ipatinga_m, user_of)
    cases = []
    for notified in (dt.date(2026, 4, 24), dt.date(2026, 4, 17), dt.date(2026, 4, 20)):
        auto, _ = at_jari(w, dt.date(2026, 4, 6), notified)
        file(w, auto, notified + dt.timedelta(days=1))
        cases.append(case_of(w, auto))
    jari = user_of("ipatinga", Role.JARI)
    rows = [
        r
        for r in queue(home_of(jari), "Defesas e recursos a julgar") or []
        if any(c.number in r["text"] for c in cases)
    ]
    # Filed on 25/04, 18/04 and 21/04: the oldest first, since its filing (mototaxi art. 43).
    assert dates(rows) == [dt.date(2026, 4, 18), dt.date(2026, 4, 21), dt.date(2026, 4, 25)]
    assert all(r["text"].startswith("Recurso à JARI") for r in rows)
    opens(jari, rows[0]["url"])
    authority_rows = queue(
        home_of(user_of("ipatinga", Role.AUTORIDADE)), "Defesas e recursos a julgar"
    )
    assert not any(c.number in r["text"] for r in authority_rows or [] for c in cases)


def test_the_holder_opens_on_the_defence_deadline_of_their_case(ipatinga_m, user_of):
    w = world(ipatinga_m, user_of)
    today = timezone.localdate()
    auto = issue(w, on=today - dt.timedelta(days=1))  # signed: the defence period runs at once
    case = case_of(w, auto)
    assert case.waiting == case.Waiting.DEADLINE and case.deadline is not None
    rows = queue(home_of(w.holder_user), "Prazos de defesa e recurso")
    assert rows is not None
    row = next(r for r in rows if case.number in r["text"])
    assert row["when"] == f"prazo {case.deadline:%d/%m/%Y}"
    opens(w.holder_user, row["url"])
    # Staff queues are not the holder's.
    html = home_of(w.holder_user)
    assert queue(html, "Crachás a emitir") is None and "Indicadores" not in html


def test_the_clerk_opens_on_certificates_expiring_and_badges_to_issue(ipatinga_m, user_of):
    soon = make_permit(ipatinga_m, "LOGO", valid_days=5)
    later = make_permit(ipatinga_m, "DEPOIS", valid_days=20)
    clerk = user_of("ipatinga", Role.ATENDENTE)
    html = home_of(clerk)
    rows = queue(html, "Documentos e credenciais a vencer")
    assert rows is not None
    mine = [r for r in rows if soon.number in r["text"] or later.number in r["text"]]
    assert [soon.number in mine[0]["text"], later.number in mine[1]["text"]] == [True, True]
    assert mine[0]["when"] == f"vence em {soon.certificate_valid_until:%d/%m/%Y}"
    assert dates(rows) == sorted(dates(rows))
    opens(clerk, mine[0]["url"])
    badges = queue(html, "Crachás a emitir")
    assert badges is not None
    row = next(r for r in badges if soon.number in r["text"])
    assert row["url"].endswith(f"permissao={soon.number}")
    client = Client()
    client.force_login(clerk)
    page = client.get(row["url"]).content.decode()
    assert f'value="{soon.number}"' in page  # the form comes filled in
    # The inspector's home has neither queue; Barra's clerk does not see Ipatinga's permits.
    fiscal = home_of(user_of("ipatinga", Role.FISCAL))
    assert queue(fiscal, "Documentos e credenciais a vencer") is None
    assert soon.number not in home_of(user_of("barra-do-garcas", Role.ATENDENTE))


def test_the_inspector_opens_on_the_inspections_due(ipatinga_m, user_of):
    permit = make_permit(ipatinga_m, "VISTORIA")
    today = timezone.localdate()
    with tenant(ipatinga_m):
        expected = [r for r in due_queue(ipatinga_m, today) if r.permit.pk == permit.pk]
    assert expected, "a permissão nova deveria ter vistoria a fazer"
    fiscal = user_of("ipatinga", Role.FISCAL)
    rows = queue(home_of(fiscal), "Vistorias a fazer")
    assert rows is not None
    row = next(r for r in rows if permit.number in r["text"])
    assert f"{expected[0].due_on:%d/%m/%Y}" in row["when"]
    assert dates(rows) == sorted(dates(rows))
    opens(fiscal, row["url"])
    assert queue(home_of(user_of("ipatinga", Role.ATENDENTE)), "Vistorias a fazer") is None
    assert permit.number not in home_of(user_of("barra-do-garcas", Role.FISCAL))


def test_finance_opens_on_the_payments_to_match_oldest_first(ipatinga_m, user_of):
    from outorga.core.acts import Actor

    finance = user_of("ipatinga", Role.FINANCAS)
    today = timezone.localdate()
    made = [
        payment_record(
            actor=Actor.of(finance),
            municipality=ipatinga_m,
            reference=f"DESCONHECIDA{n}",
            amount_cents=1234 + n,
            paid_on=today - dt.timedelta(days=days),
        )
        for n, days in enumerate((3, 9))
    ]
    assert all(p.status == Payment.Status.UNKNOWN for p in made)
    rows = queue(home_of(finance), "Pagamentos a conciliar")
    assert rows is not None
    mine = [r for r in rows if "DESCONHECIDA" in r["text"]]
    assert [r["when"] for r in mine] == [
        f"desde {today - dt.timedelta(days=9):%d/%m/%Y}",
        f"desde {today - dt.timedelta(days=3):%d/%m/%Y}",
    ]
    opens(finance, mine[0]["url"])
    assert queue(home_of(user_of("ipatinga", Role.ATENDENTE)), "Pagamentos a conciliar") is None
    assert "DESCONHECIDA" not in home_of(user_of("barra-do-garcas", Role.FINANCAS))


def test_the_apps_law_authority_sees_late_reports_and_overdue_complaints(user_of):
    authority = user_of("barra-do-garcas", Role.AUTORIDADE)
    html = home_of(authority)
    reports = queue(html, "Relatórios mensais atrasados")
    complaints = queue(html, "Reclamações sem resposta no prazo")
    assert reports and complaints  # the demo has both
    assert dates(reports) == sorted(dates(reports))
    opens(authority, reports[0]["url"])
    opens(authority, complaints[0]["url"])
    # Ipatinga binds no law of transport by app: no such queue there.
    assert (
        queue(home_of(user_of("ipatinga", Role.AUTORIDADE)), "Relatórios mensais atrasados") is None
    )


def test_logins_and_exports_are_not_counted_among_the_days_acts(ipatinga_m, user_of):
    clerk = user_of("ipatinga", Role.ATENDENTE)

    def acts_today() -> int:
        with tenant(ipatinga_m):
            return dict(core_selectors.dashboard_counts(clerk))["Atos registrados hoje"]  # type: ignore[return-value]

    before = acts_today()
    client = Client()
    r = client.post(
        "/entrar/", {"username": clerk.username, "password": demo_password(clerk.username)}
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="auth.login").exists()
    assert acts_today() == before
    # Nor is a list exported as CSV: an access to data, in the log, not work done.
    client.force_login(clerk)
    assert client.get("/cadastro/pessoas/?formato=csv").status_code == 200
    with tenant(ipatinga_m):
        assert Act.objects.filter(action="list.export").exists()
    assert acts_today() == before


def test_every_user_of_a_municipality_sees_its_name(user_of):
    for slug, name in (("ipatinga", "Ipatinga"), ("barra-do-garcas", "Barra do Garças")):
        for role in Role:
            user: User = user_of(slug, role)
            assert name in home_of(user), (slug, role)


def test_art_35_par_2_the_holder_is_still_asked_to_pay_a_seizure_charge_under_appeal(
    ipatinga_m, user_of
):
    """Mototaxi art. 35 §2: the appeal does not release the offender from paying what frees the
    seized vehicle (§1), so a seizure's charge contested by the defence (under appeal and still
    awaiting its case's finality) stays among the holder's debts to pay; a debt contested
    otherwise is not asked for while the case runs."""
    from finance_factories import make_debt

    from outorga.finance.models import Debt

    w = world(ipatinga_m, user_of)
    with tenant(ipatinga_m):
        holder = w.permit.holder
    due = timezone.localdate() + dt.timedelta(days=3)
    seizure = make_debt(
        ipatinga_m,
        holder,
        15_000,
        origin=Debt.Origin.REMOVAL,
        status=Debt.Status.UNDER_APPEAL,
        awaiting_finality=True,
        due_on=due,
    )
    contested = make_debt(ipatinga_m, holder, 7_000, status=Debt.Status.UNDER_APPEAL, due_on=due)
    rows = queue(home_of(w.holder_user), "Seus débitos") or []
    texts = " ".join(r["text"] for r in rows)
    assert seizure.description in texts and "R$ 150,00" in texts
    assert "R$ 70,00" not in texts and contested.description not in texts


def test_the_clerk_sees_the_permits_whose_term_ends_mototaxi_art_6_taxi_art_15_iv(
    ipatinga_m, user_of
):
    """A permit past its term (mototaxi art. 6; taxi art. 10) ends only by the act the desk
    records — prorrogação, or extinction under taxi art. 15 IV and §1 (ADR 0060) — so the desk's
    home lists it, lapsed or ending within the first warning, and not one whose term is far."""
    today = timezone.localdate()
    lapsed = make_permit(ipatinga_m, "PRAZO-VENCIDO")
    ending = make_permit(ipatinga_m, "PRAZO-PERTO")
    far = make_permit(ipatinga_m, "PRAZO-LONGE")
    with tenant(ipatinga_m):
        for permit, end in (
            (lapsed, today - dt.timedelta(days=1)),
            (ending, today + dt.timedelta(days=10)),
            (far, today + dt.timedelta(days=400)),
        ):
            permit.term_end = end
            permit.save(update_fields=["term_end"])
    clerk = user_of("ipatinga", Role.ATENDENTE)
    rows = queue(home_of(clerk), "Documentos e credenciais a vencer")
    assert rows is not None
    terms = {r["text"]: r for r in rows if r["text"].startswith("Termo final da permissão")}
    assert set(terms) == {
        f"Termo final da permissão — permissão {lapsed.number}, {lapsed.holder.name}",
        f"Termo final da permissão — permissão {ending.number}, {ending.holder.name}",
    }
    row = terms[f"Termo final da permissão — permissão {lapsed.number}, {lapsed.holder.name}"]
    assert row["when"] == f"venceu em {lapsed.term_end:%d/%m/%Y}"
    opens(clerk, row["url"])
    assert lapsed.number not in home_of(user_of("barra-do-garcas", Role.ATENDENTE))

"""What the browser tests share: logging in as a demo user the way a person does, checking a
page fits the screen's width, and the enforcement walks' permit and final cases."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON
from validate_docbr import CPF

from outorga.core.acts import Actor
from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.autos import infraction_issue
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender
from outorga.registry.services.permits import permit_grant


def login(page: Any, base: str, role: Role, slug: str = "ipatinga") -> None:
    """Log in on the login page as the demo user of ``role`` (any earlier session dropped)."""
    username = demo_username(slug, role)
    login_as(page, base, username, demo_password(username))


def login_as(page: Any, base: str, username: str, password: str) -> None:
    """Log in on the login page with a user's own name and password (a holder's, an
    applicant's), any earlier session dropped."""
    page.context.clear_cookies()
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")


def sign_up_filled(
    page: Any, base: str, *, name: str, cpf: str, email: str, password: str, slug: str = "ipatinga"
) -> None:
    """The applicant's sign-up form of the municipality's public area, reached by its link and
    filled (``cpf``: digits, keyed in masked); not sent yet."""
    page.goto(f"{base}/publico/{slug}/")
    page.get_by_role("link", name="Quero me candidatar: criar minha conta").click()
    page.get_by_label("Nome completo").fill(name)
    page.get_by_label("CPF").fill(CPF().mask(cpf))
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Senha", exact=True).fill(password)
    page.get_by_label("Repita a senha").fill(password)


def fits(page: Any, width: int) -> None:
    """The page is no wider than the screen (nothing to scroll sideways), measured once its
    stylesheets and fonts have loaded: before them, a table's scroller (``app.css``) is not
    there yet and the table's own width is read, as a slow CI once did."""
    page.wait_for_load_state("load")
    scrolled = page.evaluate(
        "document.fonts.ready.then(() => document.documentElement.scrollWidth)"
    )
    assert scrolled <= width, f"a página transborda a largura da tela ({scrolled}px > {width}px)"


def fits_both(page: Any, artifacts: Any, name: str) -> None:
    """:func:`fits` at phone (390 px) and desktop (1280 px) widths, a screenshot of each kept as
    ``<name>-<width>px.png`` among the test's artifacts."""
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"{name}-{width}px.png"), full_page=True)


def user(role: Role, slug: str = "ipatinga") -> User:
    return User.objects.get(username=demo_username(slug, role))


def a_permit(m: Municipality) -> Permit:
    clerk = Actor.of(user(Role.ATENDENTE))
    with tenant(m):
        tender, _ = Tender.objects.get_or_create(
            number="77/2026-e2e",
            defaults={
                "service": "mototaxi",
                "places": 5,
                "opened_on": ON - dt.timedelta(days=60),
                "homologated_on": ON - dt.timedelta(days=10),
                "status": Tender.Status.HOMOLOGATED,
            },
        )
    person, vehicle = make_applicant(m, clerk, n=7, plate="PHN7E77")
    permit = permit_grant(
        actor=clerk,
        municipality=m,
        holder=person,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=ON,
        term_years=10,
        decree="Decreto 7/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    with tenant(m):
        # The demo holder login may be linked to a demo person: link it to this one instead.
        type(person).objects.filter(user=user(Role.PERMISSIONARIO)).update(user=None)
        person.user = user(Role.PERMISSIONARIO)
        person.save(update_fields=["user"])
    return permit


def case_of(m: Municipality, auto_id: int) -> Case:
    with tenant(m):
        return Case.objects.select_related("auto").get(auto_id=auto_id)


def final_by_services(m: Municipality, permit: Permit, code: str, committed: dt.date) -> None:
    """Another infraction, made final without defence: revelia, notice, appeal deadline lapsed."""
    fiscal = Actor.of(user(Role.FISCAL))
    clerk = Actor.of(user(Role.ATENDENTE))
    auto = infraction_issue(
        actor=fiscal,
        municipality=m,
        code=code,
        committed_at=timezone.make_aware(dt.datetime.combine(committed, dt.time(9))),
        place="Praça Central",
        description="Infração registrada no teste.",
        agent_registration="F-7",
        permit=permit,
        offender_signed=True,
    )
    day = committed
    for _ in range(8):
        case = case_of(m, auto.pk)
        if case.stage == Case.Stage.FINAL:
            return
        if case.waiting == Case.Waiting.DEADLINE:
            day = max(day, case.deadline + dt.timedelta(days=1))
            sweep(m, day)
        else:
            day += dt.timedelta(days=1)
            with tenant(m):
                n = case.notices.filter(notified_on__isnull=True).latest("id")
            notice_deliver(actor=clerk, municipality=m, notice=n, form="pessoal", on=day)
    raise AssertionError("não ficou definitivo")


def a_warning(m: Municipality, platform: Any, on: dt.date, *, final: bool = False) -> Any:
    """A first-occurrence written warning on ``platform`` (apps art. 26, I), imposed on ``on`` by
    the demo authority after the defence was judged. ``final``: notified in person that day and
    recorded 20 days later, its appeal period over: final, an earlier occurrence of a fact dated
    after its finality (ADR 0082)."""
    from outorga.platforms.services.penalties import platform_penalty_impose
    from outorga.platforms.services.penalty_process import platform_penalty_notice_record

    authority = Actor.of(user(Role.AUTORIDADE, m.slug))
    warning, _ = platform_penalty_impose(
        actor=authority,
        municipality=m,
        platform=platform,
        kind="warning",
        infraction_on=on - dt.timedelta(days=20),
        description="Relatório mensal entregue com atraso.",
        reasoning="Primeira ocorrência: advertência escrita.",
        defence_notice_on=on - dt.timedelta(days=15),
        defence_judged=True,
        on=on,
    )
    if final:
        warning = platform_penalty_notice_record(
            actor=authority,
            municipality=m,
            penalty=warning,
            notice_on=on,
            channel="personal",
            on=on + dt.timedelta(days=20),
        )
        assert warning.final_on is not None and warning.final_on <= on + dt.timedelta(days=20)
    return warning

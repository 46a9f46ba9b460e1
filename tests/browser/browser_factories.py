"""What the browser tests share: logging in as a demo user the way a person does, and checking a
page fits the screen's width."""

from __future__ import annotations

from typing import Any

from outorga.core.demo import demo_password, demo_username
from outorga.law.competence import Role


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


def fits(page: Any, width: int) -> None:
    """The page is no wider than the screen (nothing to scroll sideways)."""
    scrolled = page.evaluate("document.documentElement.scrollWidth")
    assert scrolled <= width, f"a página transborda a largura da tela ({scrolled}px > {width}px)"

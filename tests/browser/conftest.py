from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest
from demo_factories import demo_fresh
from django.db import connections

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def demo_site(live_server: Any) -> Any:
    demo_fresh()  # the live server's transactional database is emptied after each test
    return live_server


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report


@pytest.fixture
def page(demo_site: Any, request: Any, artifacts: Any) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; Django's ORM refuses that unless told.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("OUTORGA_CHROMIUM", "/usr/lib/chromium/chromium"),
            args=CHROMIUM_ARGS,
        )
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="pt-BR")
        pg = context.new_page()
        pg.set_default_timeout(15_000)
        try:
            yield pg
            if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
                pg.screenshot(
                    path=str(artifacts / f"FAILED-{request.node.name}.png"), full_page=True
                )
        finally:
            context.close()
            browser.close()
            # The test's own queries ran while Playwright's loop was current: Django gave them a
            # connection of that context, which the test database's teardown does not close.
            connections.close_all()
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


#: The two widths the screens are checked at.
WIDTHS = {"desktop": 1280, "phone": 390}


class Screen(NamedTuple):
    """The demo site of Barra do Garças (its apps law) in the browser at one of :data:`WIDTHS`
    (``name``): unpacked by the tests as ``width, base, m, today, screen``."""

    width: int
    base: str
    m: Any
    today: dt.date
    name: str


@pytest.fixture(params=list(WIDTHS))
def barra_screen(request: Any, page: Any, demo_site: Any) -> Screen:
    """The page sized to desktop or phone width (900 high) on the demo site, with Barra do Garças
    and its today (the platform screens' tests run once at each width)."""
    from outorga.core.localtime import today_of
    from outorga.core.models import Municipality

    width = WIDTHS[request.param]
    page.set_viewport_size({"width": width, "height": 900})
    m = Municipality.objects.get(slug="barra-do-garcas")
    return Screen(width, demo_site.url, m, today_of(m), request.param)

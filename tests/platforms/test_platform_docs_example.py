"""The Python client of docs/platforms-api.md uploads a month to a running Outorga."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from demo_factories import demo_fresh

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import MonthlyReport, Platform
from outorga.platforms.tokens import api_token_issue

DOC = Path(__file__).resolve().parents[2] / "docs" / "platforms-api.md"


def example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/platforms-api.md sem exemplo em Python"
    return blocks[0]


@pytest.mark.django_db(transaction=True)
def test_the_documented_client_uploads_a_month_twice_without_duplicating(live_server, tmp_path):
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.get(cnpj="11222333000181")
        before = MonthlyReport.objects.filter(platform=platform, year=2026, month=10).count()
    authority = User.objects.get(username=demo_username(m.slug, Role.AUTORIDADE))
    _, token = api_token_issue(
        actor=Actor.of(authority), municipality=m, platform=platform, name="exemplo da documentação"
    )
    script = tmp_path / "enviar_relatorio.py"
    script.write_text(example(), encoding="utf-8")
    env = {**os.environ, "OUTORGA_URL": live_server.url, "OUTORGA_TOKEN": token}
    runs = [
        subprocess.run(
            [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60
        )
        for _ in range(2)
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert "versão" in run.stdout and "aviso:" in run.stdout
    assert runs[0].stdout == runs[1].stdout  # same key and body: the same answer
    with tenant(m):
        after = MonthlyReport.objects.filter(platform=platform, year=2026, month=10).count()
    assert after == before + 1

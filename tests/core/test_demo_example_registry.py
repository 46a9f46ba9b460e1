"""The demo's example registry: the sample spreadsheet of docs/import-registry.md imported into
Ipatinga by the demo clerk through the real import, once, so a first visit has permits to open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.demo.loader import REGISTRY_SAMPLE, load_example_registry
from outorga.registry.models import Permit, Person


def test_the_sample_fills_ipatinga_registry_once(ipatinga_m: Any, barra_m: Any) -> None:
    assert REGISTRY_SAMPLE.is_file()
    said = load_example_registry()
    assert said.startswith("Cadastro de exemplo de Ipatinga: 4 linha(s)")
    with tenant(ipatinga_m):
        permits = dict(Permit.objects.values_list("number", "status"))
        acts = Act.objects.filter(action="permit.import").values_list("actor__username", flat=True)
        assert set(acts) == {"atendente.ipatinga"}
        people = Person.objects.filter(name__startswith="Exemplo").count()
    assert permits == {"MT-0101": "active", "MF-0042": "active", "TX-0007": "active"}
    assert people == 4
    assert load_example_registry() == "Cadastro de exemplo: já carregado."
    with tenant(ipatinga_m):
        assert Permit.objects.count() == 3
    with tenant(barra_m):
        assert not Permit.objects.exists()


def test_without_the_sample_the_registry_stays_empty(ipatinga_m: Any, tmp_path: Path) -> None:
    said = load_example_registry(tmp_path / "nao-existe.csv")
    assert "não encontrada" in said
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()

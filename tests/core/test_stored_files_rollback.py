"""A file written for a row goes away again when the transaction that records the row rolls back
(``core.filestore.save_in_transaction``): no orphan file in the storage that no row names; a
committed one stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction

from outorga.core.filestore import save_in_transaction
from outorga.enforcement.models import FilingAttachment

PDF = b"%PDF-1.4 prova"


@pytest.fixture
def media(settings, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


def stored(media: Path) -> list[str]:
    return sorted(p.name for p in media.rglob("*") if p.is_file())


class Boom(Exception):
    pass


@pytest.mark.django_db
def test_a_file_whose_transaction_rolls_back_is_removed(media):
    a = FilingAttachment()
    with pytest.raises(Boom), transaction.atomic():
        save_in_transaction(a.file, "prova.pdf", PDF)
        assert stored(media) == ["prova.pdf"]
        raise Boom
    assert stored(media) == []


@pytest.mark.django_db
def test_a_file_in_a_rolled_back_savepoint_is_removed_while_the_outer_transaction_goes_on(media):
    kept, dropped = FilingAttachment(), FilingAttachment()
    with transaction.atomic():
        save_in_transaction(kept.file, "fica.pdf", PDF)
        with pytest.raises(Boom), transaction.atomic():
            save_in_transaction(dropped.file, "sai.pdf", PDF)
            raise Boom
        assert stored(media) == ["fica.pdf"]


@pytest.mark.django_db(transaction=True)
def test_a_committed_file_stays(media):
    a = FilingAttachment()
    with transaction.atomic():
        save_in_transaction(a.file, "prova.pdf", PDF)
    assert stored(media) == ["prova.pdf"]
    assert a.file.name and a.file.storage.exists(a.file.name)


@pytest.mark.django_db(transaction=True)
def test_a_file_saved_outside_a_transaction_stays(media):
    a = FilingAttachment()
    save_in_transaction(a.file, "prova.pdf", PDF)
    assert stored(media) == ["prova.pdf"]


@pytest.mark.django_db
def test_a_file_of_a_released_savepoint_goes_when_the_outer_transaction_rolls_back(media):
    a = FilingAttachment()
    with pytest.raises(Boom), transaction.atomic():
        with transaction.atomic():
            save_in_transaction(a.file, "prova.pdf", PDF)
        assert stored(media) == ["prova.pdf"]
        raise Boom
    assert stored(media) == []


@pytest.mark.django_db
def test_after_a_rollback_the_object_in_hand_names_no_file(media):
    a = FilingAttachment()
    with pytest.raises(Boom), transaction.atomic():
        save_in_transaction(a.file, "prova.pdf", PDF)
        raise Boom
    assert not a.file and not a.file.name


@pytest.mark.django_db(transaction=True)
def test_a_committed_file_stays_when_an_earlier_commit_hook_fails(media):
    def fails() -> None:
        raise Boom

    a = FilingAttachment()
    with transaction.atomic():
        transaction.on_commit(fails, robust=True)
        save_in_transaction(a.file, "prova.pdf", PDF)
    assert stored(media) == ["prova.pdf"] and a.file.name


def test_every_commit_hook_of_the_project_is_robust():
    """A non-robust hook that raises makes Django drop the hooks after it uncalled, which
    ``save_in_transaction`` would read as a rollback and remove a committed file (ADR 0048)."""
    import ast

    import outorga

    root = Path(outorga.__file__).parent
    weak = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "on_commit"
            ):
                robust = [k for k in node.keywords if k.arg == "robust"]
                if not (
                    robust and isinstance(robust[0].value, ast.Constant) and robust[0].value.value
                ):
                    weak.append(f"{path.relative_to(root)}:{node.lineno}")
    assert weak == []

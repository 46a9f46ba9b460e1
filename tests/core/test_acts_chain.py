"""The acts log: append-only, hash-chained per municipality, tampering detected at the record."""

from __future__ import annotations

import pytest
from dbrole_factories import as_superuser
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from outorga.core.acts import Actor, record_act, verify_chain
from outorga.core.models import Act
from outorga.core.tenancy import unscoped


def _append(m, n: int) -> list[Act]:  # type: ignore[no-untyped-def]
    return [
        record_act(
            municipality=m,
            actor=Actor.system(),
            action="test.act",
            object_type="teste",
            object_id=str(i),
            new={"i": i},
        )
        for i in range(n)
    ]


def _tamper(sql: str, params: list) -> None:  # type: ignore[type-arg]
    """Raw SQL as an attacker with database access would run it (triggers bypassed on PG)."""
    with as_superuser(), connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = replica")
        cur.execute(sql, params)
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL session_replication_role = origin")


def test_a_fresh_chain_verifies(ipatinga_m):
    _append(ipatinga_m, 3)
    report = verify_chain(ipatinga_m)
    assert report.ok and report.checked >= 3


def test_each_record_hashes_the_previous_one(ipatinga_m):
    a, b = _append(ipatinga_m, 2)
    assert b.prev_hash == a.hash and b.seq == a.seq + 1


def test_chains_are_per_municipality(ipatinga_m, barra_m):
    before = verify_chain(barra_m).checked
    _append(ipatinga_m, 2)
    assert verify_chain(barra_m).checked == before


def test_an_edited_record_is_named(ipatinga_m):
    acts = _append(ipatinga_m, 4)
    target = acts[1]
    forged = target.canonical.replace('"i":1', '"i":99')
    assert forged != target.canonical
    _tamper("UPDATE core_act SET canonical = %s WHERE id = %s", [forged, target.pk])
    report = verify_chain(ipatinga_m)
    assert report.broken_at == target.seq
    assert "hash" in report.problem


def test_an_edited_column_is_named(ipatinga_m):
    acts = _append(ipatinga_m, 3)
    _tamper("UPDATE core_act SET action = %s WHERE id = %s", ["penalty.waived", acts[2].pk])
    assert verify_chain(ipatinga_m).broken_at == acts[2].seq


def test_a_deleted_record_is_named(ipatinga_m):
    acts = _append(ipatinga_m, 4)
    _tamper("DELETE FROM core_act WHERE id = %s", [acts[2].pk])
    report = verify_chain(ipatinga_m)
    assert report.broken_at == acts[2].seq
    assert "ausente" in report.problem


def test_a_deleted_last_record_is_detected(ipatinga_m):
    acts = _append(ipatinga_m, 2)
    _tamper("DELETE FROM core_act WHERE id = %s", [acts[-1].pk])
    assert verify_chain(ipatinga_m).broken_at == acts[-1].seq


def test_reordered_records_are_named(ipatinga_m):
    acts = _append(ipatinga_m, 4)
    a, b = acts[1], acts[2]
    # Swap the two records' places in the sequence (seq is unique: go through a free number).
    _tamper("UPDATE core_act SET seq = %s WHERE id = %s", [10**9, a.pk])
    _tamper("UPDATE core_act SET seq = %s WHERE id = %s", [a.seq, b.pk])
    _tamper("UPDATE core_act SET seq = %s WHERE id = %s", [b.seq, a.pk])
    report = verify_chain(ipatinga_m)
    assert report.broken_at == a.seq


def test_audit_verify_command_names_the_record(ipatinga_m, capsys):
    acts = _append(ipatinga_m, 3)
    call_command("audit", "verify", "--municipality", "ipatinga")
    assert "íntegro" in capsys.readouterr().out
    _tamper(
        "UPDATE core_act SET canonical = %s WHERE id = %s",
        [acts[0].canonical.replace("test.act", "outro"), acts[0].pk],
    )
    with pytest.raises(SystemExit) as exc:
        call_command("audit", "verify", "--municipality", "ipatinga")
    assert exc.value.code == 1
    assert f"ato nº {acts[0].seq}" in capsys.readouterr().out


def test_an_act_is_written_in_the_same_transaction_as_the_change(ipatinga_m):
    with unscoped():
        count = Act.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        _append(ipatinga_m, 1)
        raise RuntimeError("the change failed")
    with unscoped():
        assert Act.objects.count() == count
    assert verify_chain(ipatinga_m).ok


@pytest.mark.postgres
@pytest.mark.parametrize(
    "statement",
    ["UPDATE core_act SET action = 'x' WHERE id = %s", "DELETE FROM core_act WHERE id = %s"],
)
def test_postgres_refuses_update_and_delete_of_acts(ipatinga_m, statement):
    act = _append(ipatinga_m, 1)[0]
    with as_superuser(), pytest.raises(DatabaseError, match="somente de inclusão"):
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute(statement, [act.pk])


def test_acts_appended_at_once_are_the_acts_appended_one_by_one(ipatinga_m):
    """ADR 0036: ``record_acts`` (one lock of the head, one insert) chains each draft as its own
    act — consecutive numbers, each hash over the previous — with the record ``record_act`` writes."""
    from outorga.core.acts import ActDraft, record_acts

    drafts = [
        ActDraft("test.act", object_type="teste", object_id=str(i), new={"i": i}) for i in range(3)
    ]
    with transaction.atomic():
        one_by_one = [
            record_act(municipality=ipatinga_m, actor=Actor.system(), **vars(d)) for d in drafts
        ]
        transaction.set_rollback(True)
    at_once = record_acts(municipality=ipatinga_m, actor=Actor.system(), drafts=drafts)
    first = one_by_one[0].seq  # the rolled back acts took the same numbers
    assert [a.seq for a in at_once] == [first, first + 1, first + 2]
    assert [a.prev_hash for a in at_once[1:]] == [a.hash for a in at_once[:-1]]

    def without_time(a: Act) -> dict:  # type: ignore[type-arg]
        return {k: v for k, v in a.record.items() if k != "time"}

    assert [without_time(a) for a in at_once] == [without_time(a) for a in one_by_one]
    assert len({a.created_at for a in at_once}) == 1
    assert verify_chain(ipatinga_m).ok
    assert record_acts(municipality=ipatinga_m, actor=Actor.system(), drafts=[]) == []
